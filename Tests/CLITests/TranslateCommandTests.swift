import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli translate")
struct TranslateCommandTests {
    @Test("the Native seed translated --to zixflow equals the input exactly, as JSON values")
    func nativeSameVendorIsIdentity() throws {
        let result = try CLI.run(["translate", "--to", "zixflow", Fixtures.payloadPath("zixflow-native.json")])
        #expect(result.status == 0)
        #expect(try result.stdoutJSON() == .object(try Fixtures.payload("zixflow-native.json")))
        #expect(result.stdoutLines.count == 1)
    }

    @Test("the Custom seed translated --to zixflow equals the input exactly: nothing is re-derived, not even aps.badge")
    func customSameVendorIsIdentity() throws {
        let result = try CLI.run(["translate", "--to", "zixflow", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 0)
        let input = try Fixtures.payload("zixflow-custom.json")
        #expect(input["aps"]?["badge"] == nil, "the seed itself has no aps.badge (encoding would write one)")
        #expect(try result.stdoutJSON() == .object(input))
    }

    @Test("custom data holding OneSignal's marker never makes the translation OneSignal's: detect, simulate and the loss say so",
          arguments: ["fcm", "airship", "customerio", "zixflow", "braze", "iterable", "klaviyo", "pushnotifai"])
    func plantedMarkerStaysData(target: String) throws {
        let planted = #"{"aps": {"alert": {"title": "Leg day", "body": "Class confirmed"}}, "buzzkit": {"messageId": "msg_02", "data": {"custom": {"i": "os-evil", "u": "https://evil.example/"}}}}"#
        let translated = try CLI.run(["translate", "--to", target, "--report", "-"], stdin: planted)
        #expect(translated.status == 0)
        #expect(!translated.stdout.contains("evil"), "\(translated.stdout)")
        let losses = try translated.stderrRecords(type: "loss")
        #expect(losses.contains { $0["path"] == "$.data.custom" && $0["reason"]?.stringValue?.contains("OneSignal") == true })
        let detected = try CLI.run(["detect", "-"], stdin: translated.stdout)
        // FCM, Airship and Customer.io claim a push by the id their backend gives it, which a translation does not
        // carry (nor Customer.io's delivery token): nobody's, not OneSignal's, and the report says so at `$`.
        let unclaimed = losses.contains { $0["path"] == "$" && $0["reason"]?.stringValue?.contains("does not claim") == true }
        #expect(unclaimed == ["fcm", "airship", "customerio"].contains(target), "\(losses)")
        #expect(detected.status == (unclaimed ? 3 : 0), "\(detected)")
        #expect(!detected.stdout.contains("onesignal") && !detected.stderr.contains("onesignal"), "\(detected)")
        let simulated = try CLI.run(
            ["simulate", "--vendor", target, "--steps", "arrive:service-extension,open", "-"], stdin: translated.stdout)
        #expect(!simulated.stdout.contains("evil.example"), "\(simulated)")
    }

    @Test("simulate --receipts-off sends no receipt of that vendor and says so; the route still runs")
    func receiptsOff() throws {
        let file = TestPaths.packageRoot + "/examples/migration/templates/onesignal/flash-sale.json"
        let off = try CLI.run(["simulate", "--receipts-off", "OneSignal", "--steps", "open", file]).stdoutJSONLines()
        #expect(!off.contains { $0["type"] == "receipt" })
        #expect(off.contains { $0["code"] == .code(.receiptOff) })
        #expect(off.contains { $0["type"] == "route" })
        let on = try CLI.run(["simulate", "--steps", "open", file]).stdoutJSONLines()
        #expect(on.contains { $0["type"] == "receipt" && $0["vendor"] == "onesignal" })
        #expect(try CLI.run(["simulate", "--receipts-off", "nobody", "--steps", "open", file]).status == 2)
    }

    @Test("--category names an app category: Braze carries the buttons, and a note says what the app registers")
    func namesACategory() throws {
        let file = TestPaths.packageRoot + "/examples/migration/templates/onesignal/flash-sale.json"
        let plain = try CLI.run(["translate", "--to", "braze", "--report", file])
        #expect(try plain.stderrRecords(type: "loss").filter { $0["path"]?.stringValue?.hasPrefix("$.buttons[") == true }
            .allSatisfy { $0["reason"]?.stringValue?.contains("names none") == true })
        let named = try CLI.run(["translate", "--to", "braze", "--category", "sale_actions", "--report", file])
        #expect(named.status == 0, "\(named)")
        let output = try named.stdoutJSON()
        #expect(output["aps"]?["category"] == "sale_actions")
        #expect(output["ab"]?["ab_cat"]?["shop_now"]?["a_uri"] != nil)
        let note = try #require(try named.stderrRecords(type: "diagnostic").first { $0["code"] == .code(.categoryToRegister) })
        #expect(note["message"]?.stringValue?.contains("'shop_now' (\"Shop now\")") == true, "\(note)")
        // No buttons, no category: the option names nothing.
        let noButtons = try CLI.run(["translate", "--to", "braze", "--category", "x", TestPaths.packageRoot + "/examples/migration/templates/onesignal/order-shipped.json"])
        #expect(try noButtons.stdoutJSON()["aps"]?["category"] == nil)
        #expect(try CLI.run(["translate", "--to", "braze", "--category", "", file]).status == 2)
    }

    @Test("two owners, one by a message id: it wins, and normalize says so (WIRE-FORMATS §11.1)")
    func messageIdOwnerWins() throws {
        let text = #"{"aps":{"alert":"x"},"custom":{"i":"os-1"},"ab":{"c":"x"}}"#
        let detected = try CLI.run(["detect", "-"], stdin: text)
        #expect(detected.status == 0)
        #expect(detected.stdout == "onesignal\n")
        let normalized = try CLI.run(["normalize", "-"], stdin: text)
        let notes = try normalized.stderrRecords(type: "diagnostic").filter { $0["code"] == .code(.claimedByMessageID) }
        #expect(notes.count == 1)
        #expect(notes.first?["message"]?.stringValue?.contains("Braze") == true)
    }

    @Test("reading - from stdin translates the same as reading the file")
    func stdin() throws {
        let fromFile = try CLI.run(["translate", "--to", "zixflow", Fixtures.payloadPath("zixflow-custom.json")])
        let fromStdin = try CLI.run(
            ["translate", "--to", "zixflow", "-"], stdin: try Fixtures.payloadBytes("zixflow-custom.json"))
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
    }

    @Test("a same-vendor translation reports no loss", arguments: Fixtures.zixflowSeeds)
    func sameVendorLosesNothing(seed: String) throws {
        let result = try CLI.run(["translate", "--to", "zixflow", "--report", Fixtures.payloadPath(seed)])
        #expect(result.status == 0)
        #expect(try result.stderrRecords(type: "loss").isEmpty)
    }

    @Test("normalizing the translated Custom seed gives back the seed's bridge form")
    func roundTrip() throws {
        let translated = try CLI.run(["translate", "--to", "zixflow", Fixtures.payloadPath("zixflow-custom.json")])
        let again = try CLI.run(["normalize", "-"], stdin: translated.stdoutBytes)
        let original = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(again.status == 0)
        #expect(try again.stdoutJSON() == (try original.stdoutJSON()))
    }

    @Test("--report prints each loss on stderr as a JSON line; Custom → pushnotifai loses buttons and large_icon_url")
    func reportLosses() throws {
        let result = try CLI.run([
            "translate", "--to", "pushnotifai", "--report", Fixtures.payloadPath("zixflow-custom.json"),
        ])
        #expect(result.status == 0)
        #expect(try result.stdoutJSON().objectValue != nil)
        let losses = try result.stderrRecords(type: "loss")
        for loss in losses {
            #expect(loss["path"]?.stringValue?.hasPrefix("$.") == true)
            #expect(loss["value"] != nil)
            #expect(loss["reason"]?.stringValue?.isEmpty == false)
        }
        let paths = losses.compactMap { $0["path"]?.stringValue }
        #expect(paths.contains { $0.hasPrefix("$.buttons") }, "\(paths)")
        #expect(paths.contains("$.ignored.large_icon_url"), "\(paths)")
        let lost = losses.first { $0["path"] == "$.ignored.large_icon_url" }
        #expect(lost?["value"] == "https://cdn.yourapp.com/icon.png")
        // Every stderr line is a tagged JSON line: a diagnostic or a loss.
        for line in try result.stderrJSONLines() {
            #expect(line["type"] == "diagnostic" || line["type"] == "loss")
        }
    }

    /// Every example payload but FCM's as one JSON line each (so Braze has buttons, links and trackers to lose),
    /// then a line that is not JSON.
    static func summaryBatch() throws -> String {
        let names = ["zixflow-custom.json", "zixflow-native.json", "buzzkit.json", "appdna.json", "pushnotifai.json",
                     "onesignal.json", "airship.json", "iterable.json", "customerio.json", "klaviyo.json"]
        return try names.map { JSONWriter.string(.object(try Fixtures.payload($0))) + "\n" }.joined() + "not json\n"
    }

    @Test("--jsonl --summary ends stderr with one summary line counting lines, failures and losses by kind; stdout is unchanged",
          arguments: ["1", "4"])
    func jsonlSummary(jobs: String) throws {
        let batch = try Self.summaryBatch()
        let plain = try CLI.run(["translate", "--jsonl", "--jobs", jobs, "--to", "braze", "-"], stdin: batch)
        let summarized = try CLI.run(["translate", "--jsonl", "--summary", "--jobs", jobs, "--to", "braze", "-"], stdin: batch)
        #expect(summarized.status == 1, "one line is not JSON: \(summarized)")
        #expect(summarized.stdout == plain.stdout)
        #expect(summarized.stdoutLines.count == 11)
        let records = try summarized.stderrJSONLines()
        #expect(records.filter { $0["type"] == "summary" }.count == 1)
        let summary = try #require(records.last)
        #expect(summary["type"] == "summary", "\(summarized)")
        #expect(summary["lines"] == .int(11))
        #expect(summary["translated"] == .int(10))
        #expect(summary["failed"] == .int(1))
        // The losses --report lists, counted by the first member of their path ($ alone counts as "claim").
        let report = try CLI.run(["translate", "--jsonl", "--report", "--jobs", jobs, "--to", "braze", "-"], stdin: batch)
        var expected: [String: Int] = [:]
        for loss in try report.stderrRecords(type: "loss") {
            let path = try #require(loss["path"]?.stringValue)
            let kind = path == "$" ? "claim" : String(path.dropFirst(2).prefix { $0 != "." && $0 != "[" })
            expected[kind, default: 0] += 1
        }
        #expect(expected["buttons"] ?? 0 > 0 && expected["tracking"] ?? 0 > 0, "\(expected)")
        let losses = try #require(summary["losses"]?.objectValue)
        #expect(losses.count == expected.count, "\(summary)")
        for (kind, count) in expected { #expect(losses[kind] == .int(count), "\(kind): \(summary)") }
        // Without --summary no summary line; --summary needs --jsonl.
        #expect(try plain.stderrJSONLines().allSatisfy { $0["type"] != "summary" })
        let single = try CLI.run(["translate", "--summary", "--to", "braze", Fixtures.payloadPath("onesignal.json")])
        #expect(single.status == 2)
        #expect(single.stdout.isEmpty)
    }

    @Test("without --report no loss is printed")
    func noReportNoLosses() throws {
        let result = try CLI.run(["translate", "--to", "pushnotifai", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 0)
        #expect(try result.stderrRecords(type: "loss").isEmpty)
    }

    @Test("--from names the source vendor for a payload no vendor claims")
    func fromOption() throws {
        let payload = #"{"aps":{"alert":{"title":"T","body":"B"}},"deeplink_url":"app://x"}"#
        let unclaimed = try CLI.run(["translate", "--to", "zixflow", "-"], stdin: payload)
        #expect(unclaimed.status == 3)
        #expect(unclaimed.stdout.isEmpty)
        let result = try CLI.run(["translate", "--from", "zixflow", "--to", "zixflow", "-"], stdin: payload)
        #expect(result.status == 0)
        let output = try result.stdoutJSON()
        #expect(output["aps"]?["alert"] == ["title": "T", "body": "B"])
        #expect(output["deeplink_url"] == "app://x")
    }

    @Test("a missing --to, a --to without a value, or an unknown --to is a usage error (exit 2), nothing on stdout",
          arguments: [[String](), ["--to"], ["--to", "nosuch"], ["--from", "nosuch", "--to", "zixflow"]])
    func usageErrors(options: [String]) throws {
        let path = Fixtures.payloadPath("zixflow-native.json")
        let arguments = options == ["--to"] ? ["translate", path, "--to"] : ["translate"] + options + [path]
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
