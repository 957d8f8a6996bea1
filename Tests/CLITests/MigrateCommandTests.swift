import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

private let templates = TestPaths.packageRoot + "/examples/migration/templates/"
private let sendLog = TestPaths.packageRoot + "/examples/send/onesignal-log.jsonl"

/// Runs `migrate` into a fresh folder and reads its `plan.json`.
private func plan(_ arguments: [String], in scratch: Scratch) throws -> (json: JSONValue, folder: String) {
    let folder = scratch.file("plan")
    let result = try CLI.run(["migrate"] + arguments + ["--out", folder])
    #expect(result.status == 0, "\(result)")
    return (try JSONParser.parse(TestPaths.readBytes(folder + "/plan.json")), folder)
}

@Suite("bridge-cli migrate")
struct MigrateCommandTests {
    @Test("OneSignal to Braze: the three files, every input counted, losses, categories, crosswalk, collector, checklist")
    func oneSignalToBraze() throws {
        let scratch = try Scratch("migrate")
        let (plan, folder) = try plan(
            ["--from", "onesignal", "--to", "braze", "--payloads", templates + "onesignal", "--sends", sendLog], in: scratch)
        for name in ["plan.json", "plan.md", "plan.html"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
        }
        #expect(plan["from"] == "onesignal" && plan["to"] == "braze")
        let payloadFiles = try FileManager.default.contentsOfDirectory(atPath: templates + "onesignal").filter { $0.hasSuffix(".json") }
        let sendLines = try String(contentsOfFile: sendLog, encoding: .utf8).split(separator: "\n").count
        let list = plan["templates"]?.arrayValue ?? []
        #expect(list.compactMap { $0["count"]?.intValue }.reduce(0, +) == payloadFiles.count + sendLines)
        #expect(plan["inputs"]?.intValue == payloadFiles.count + sendLines)
        // Worst first: no template loses more than the one before it.
        let lossCounts = list.map { $0["losses"]?.arrayValue?.count ?? 0 }
        #expect(lossCounts == lossCounts.sorted(by: >))
        // A button the OneSignal push shows needs an app category in Braze, which the template must name.
        let register = plan["categories"]?["register"]?.arrayValue ?? []
        #expect(register.count > 0)
        for category in register {
            #expect(category["owner"] == "app")
            #expect((category["actions"]?.arrayValue?.count ?? 0) > 0)
            #expect((category["templates"]?.arrayValue?.count ?? 0) > 0)
        }
        // OneSignal's own dynamic categories go away with its SDK.
        let goesAway = plan["categories"]?["goesAway"]?.arrayValue ?? []
        #expect(goesAway.allSatisfy { $0["id"]?.stringValue?.hasPrefix("__onesignal__dynamic__") == true })
        #expect(plan["events"]?.arrayValue?.contains { $0["from"]?["kind"] == "opened" && $0["to"]?["event"] == "pushClick" } == true)
        #expect(plan["collector"] == ["braze"])
        #expect(plan["collectorPaths"]?["braze"] == "/v1/braze/events")
        #expect(plan["asDelivered"]?.arrayValue?.map { $0["template"] } == list.map { $0["id"] })
        let checklist = plan["checklist"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(checklist.contains { $0.contains("twice") || $0.contains("once") })
        #expect(checklist.count >= 6)
        // Each payload template as Braze delivers it is a Braze push.
        for template in list where template["kind"] == "payload" {
            let delivered = try scratch.write("delivered.json", json: template["asDelivered"] ?? .null)
            let detected = try CLI.run(["detect", delivered])
            #expect(detected.stdout == "braze\n", "\(template["id"] ?? .null): \(detected)")
        }
        let markdown = try String(contentsOfFile: folder + "/plan.md", encoding: .utf8)
        #expect(markdown.hasPrefix("# Moving from OneSignal to Braze"))
        for template in list { #expect(markdown.contains("### \(template["id"]?.stringValue ?? "?") (")) }
    }

    @Test("Airship to Customer.io: the button event has no Customer.io counterpart; Airship's receipts go to the collector")
    func crosswalkNull() throws {
        let scratch = try Scratch("migrate-airship")
        try scratch.write("in/ua.json", #"{"aps":{"alert":"Hi","category":"ua_yes_no_foreground"},"_":"s1","^d":"app://x"}"#)
        let (plan, _) = try plan(["--from", "airship", "--to", "customerio", "--payloads", scratch.file("in")], in: scratch)
        let events = plan["events"]?.arrayValue ?? []
        let button = try #require(events.first { $0["from"]?["kind"] == "actionClicked" })
        #expect(button["to"] == .null)
        #expect(events.contains { $0["from"]?["kind"] == "opened" && $0["to"]?["event"] == "opened" })
        #expect(plan["collector"] == ["airship"])
        #expect(plan["checklist"]?.arrayValue?.contains { $0.stringValue?.contains("no Customer.io counterpart") == true } == true)
        // Airship's built-in group the push named is Airship's SDK's: it goes away with it.
        #expect(plan["categories"]?["goesAway"]?.arrayValue?.contains { $0["id"] == "ua_yes_no_foreground" } == true)
    }

    @Test("a long history is grouped by shape: one template per shape, counts add up, other vendors' pushes are skipped")
    func groupsByShape() throws {
        let scratch = try Scratch("migrate-shapes")
        var lines: [String] = []
        for index in 0..<600 {
            lines.append(index % 3 == 0
                ? #"{"aps":{"alert":{"title":"Sale \#(index)","body":"Now"}},"custom":{"i":"id-\#(index)","u":"https://s.example/\#(index)"}}"#
                : #"{"aps":{"alert":"Hello \#(index)"},"custom":{"i":"id-\#(index)"}}"#)
        }
        lines.append(#"{"aps":{"alert":"x"},"ab":{"c":"braze-campaign"}}"#)
        lines.append("not json")
        let log = try scratch.write("history.jsonl", lines.joined(separator: "\n") + "\n")
        let (plan, _) = try plan(["--from", "onesignal", "--to", "iterable", "--payloads", log], in: scratch)
        let list = plan["templates"]?.arrayValue ?? []
        #expect(list.count == 2)
        #expect(Set(list.compactMap { $0["count"]?.intValue }) == [200, 400])
        #expect(list.allSatisfy { ($0["examples"]?.arrayValue?.count ?? 0) <= 5 })
        let skipped = plan["skipped"]?.arrayValue ?? []
        #expect(skipped.count == 2)
        #expect(skipped.contains { $0["input"]?.stringValue?.hasSuffix(":601") == true && $0["reason"]?.stringValue?.contains("Braze claims it") == true })
        #expect(plan["inputs"]?.intValue == 602)
    }

    @Test("examples/migration/run.sh FROM TO DIR writes the plan migrate writes and prints its checklist")
    func exampleScript() throws {
        let scratch = try Scratch("migrate-example")
        let out = scratch.file("plan")
        let result = try Subprocess.run(
            "/usr/bin/env", ["BRIDGE_CLI=\(TestPaths.bridgeCLI ?? "")", "bash", TestPaths.packageRoot + "/examples/migration/run.sh",
                             "airship", "customerio", templates + "airship", out], timeout: 60)
        #expect(result.status == 0, "\(result)")
        let plan = try JSONParser.parse(TestPaths.readBytes(out + "/plan.json"))
        let checklist = plan["checklist"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(!checklist.isEmpty)
        for (index, step) in checklist.enumerated() { #expect(result.stdoutLines.contains("\(index + 1). \(step)")) }
        let usage = try Subprocess.run("/usr/bin/env", ["BRIDGE_CLI=\(TestPaths.bridgeCLI ?? "")", "bash",
                                                        TestPaths.packageRoot + "/examples/migration/run.sh", "airship"], timeout: 30)
        #expect(usage.status != 0)
    }

    @Test("every ordered pair of the real vendors gets the three forms from the real payloads of every SDK")
    func everyPair() throws {
        let real = ["onesignal", "braze", "airship", "iterable", "customerio", "fcm", "klaviyo"]
        let scratch = try Scratch("migrate-pairs")
        let payloads = TestPaths.packageRoot + "/Fuzz/corpus-seeds/real"
        for from in real {
            for to in real where to != from {
                let folder = scratch.file("\(from)-\(to)")
                let result = try CLI.run(["migrate", "--from", from, "--to", to, "--payloads", payloads, "--out", folder])
                #expect(result.status == 0, "\(from) → \(to): \(result)")
                let plan = try JSONParser.parse(TestPaths.readBytes(folder + "/plan.json"))
                #expect(plan["from"] == .string(from) && plan["to"] == .string(to))
                #expect((plan["templates"]?.arrayValue?.count ?? 0) > 0, "\(from): no payload of its own")
                let table = try CLI.run(["events", "--vendors", from]).stdoutJSONLines().first?["events"]?.arrayValue ?? []
                #expect(plan["events"]?.arrayValue?.count == table.count, "\(from) → \(to)")
                for name in ["plan.md", "plan.html"] {
                    #expect(((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0) > 0)
                }
            }
        }
    }

    @Test("usage errors exit 2 with nothing written; an unreadable input exits 66")
    func usage() throws {
        let scratch = try Scratch("migrate-usage")
        for arguments in [
            ["migrate", "--from", "onesignal", "--to", "braze", "--payloads", sendLog],
            ["migrate", "--from", "onesignal", "--payloads", sendLog, "--out", scratch.file("a")],
            ["migrate", "--from", "onesignal", "--to", "nobody", "--payloads", sendLog, "--out", scratch.file("b")],
            ["migrate", "--from", "onesignal", "--to", "braze", "--out", scratch.file("c")],
        ] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("c")))
        let missing = try CLI.run(["migrate", "--from", "onesignal", "--to", "braze", "--payloads", scratch.file("none"), "--out", scratch.file("d")])
        #expect(missing.status == 66, "\(missing)")
    }
}

@Suite("bridge-cli migrate: plan.html in a real browser", .enabled(if: Browser.testsRun, Browser.skipReason))
struct MigratePlanBrowserTests {
    @Test("plan.html draws every template, category and event; hostile text stays text")
    func planPage() throws {
        let scratch = try Scratch("migrate-html")
        try scratch.write("in/evil.json", #"{"aps":{"alert":{"title":"<script>alert(1)</script>","body":"<img src=x onerror=alert(2)>"}},"custom":{"i":"n1","a":{"<b>k</b>":"v"}},"buttons":[{"i":"x\" onclick=\"alert(3)","n":"<i>Go</i>"}]}"#)
        let folder = scratch.file("plan")
        let result = try CLI.run(["migrate", "--from", "onesignal", "--to", "braze", "--payloads", scratch.file("in"), "--out", folder])
        #expect(result.status == 0, "\(result)")
        let plan = try JSONParser.parse(TestPaths.readBytes(folder + "/plan.json"))
        let document = try Browser.renderedDOM(of: folder + "/plan.html", in: scratch)
        #expect(document.all(tag: "script").isEmpty)
        #expect(document.all(tag: "img").isEmpty && document.all(tag: "b").isEmpty && document.all(tag: "i").isEmpty)
        for element in document.all {
            #expect(!element.attributes.contains { $0.name.hasPrefix("on") }, "\(element)")
        }
        let sections = document.all(class: "template")
        #expect(sections.map { $0["data-id"] } == (plan["templates"]?.arrayValue ?? []).map { $0["id"]?.stringValue })
        #expect(document.all(class: "category").map { $0["data-id"] }
            == (plan["categories"]?["register"]?.arrayValue ?? []).map { $0["id"]?.stringValue })
        #expect(document.all(class: "event").count == plan["events"]?.arrayValue?.count)
        #expect(document.all(class: "step").count == plan["checklist"]?.arrayValue?.count)
        #expect(document.text.contains("<script>alert(1)</script>") || document.text.contains("x\" onclick"))
    }
}
