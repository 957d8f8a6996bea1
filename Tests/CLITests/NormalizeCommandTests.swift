import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli normalize")
struct NormalizeCommandTests {
    @Test("prints each Zixflow seed's bridge form as one canonical JSON line (golden output)",
          arguments: Fixtures.zixflowSeeds)
    func goldenBridgeForm(seed: String) throws {
        let golden = "normalize/\(seed.dropLast(".json".count)).txt"
        let result = try GoldenFile.expectRun(["normalize", Fixtures.payloadPath(seed)], prints: golden)
        #expect(result.stdoutLines.count == 1)
    }

    @Test("reading - from stdin gives the same output as reading the file", arguments: Fixtures.zixflowSeeds)
    func stdinEqualsFile(seed: String) throws {
        let fromFile = try CLI.run(["normalize", Fixtures.payloadPath(seed)])
        let fromStdin = try CLI.run(["normalize", "-"], stdin: try Fixtures.payloadBytes(seed))
        #expect(fromStdin.status == 0)
        #expect(fromStdin.stdout == fromFile.stdout)
        #expect(fromStdin.stderr == fromFile.stderr)
    }

    @Test("the Custom seed's bridge form takes title, body and badge from the top level (Custom mode)")
    func customSeedFields() throws {
        let form = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")]).stdoutJSON()
        #expect(form["vendor"] == "zixflow")
        #expect(form["messageId"] == "626533406292836846")
        #expect(form["alert"] == ["title": "Flash Sale! 70% OFF 🔥", "body": "Limited time only — grab your deal now!"])
        #expect(form["badge"] == 5)
        #expect(form["sound"] == "notification_tone.caf")
        #expect(form["category"] == "ZX_2BTN")
        #expect(form["mutableContent"] == true)
        #expect(form["contentAvailable"] == false)
        #expect(form["imageURL"] == "https://cdn.yourapp.com/banner.png")
        #expect(form["deepLink"] == "https://yourapp.com/sale")
        #expect(form["action"] == nil)
        #expect(form["threadId"] == nil)
    }

    @Test("the Custom seed's two action_buttons become ACTION_0 and ACTION_1, foreground, an empty deeplink omitted")
    func customSeedButtons() throws {
        let form = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")]).stdoutJSON()
        #expect(form["buttons"] == [
            ["id": "ACTION_0", "title": "Shop Now", "deepLink": "https://yourapp.com/sale",
             "foreground": true, "destructive": false, "input": false],
            ["id": "ACTION_1", "title": "Remind Me", "foreground": true, "destructive": false, "input": false],
        ])
    }

    @Test("the Custom seed keeps tracking ids, ignores large_icon_url and keeps the other keys as data")
    func customSeedTrackingIgnoredData() throws {
        let form = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")]).stdoutJSON()
        #expect(form["tracking"] == [
            "Zixflow-Delivery-ID": "626533406292836846", "Zixflow-Delivery-Token": "dcFRlDhiRbehM1vg...",
        ])
        #expect(form["ignored"] == ["large_icon_url": "https://cdn.yourapp.com/icon.png"])
        #expect(form["data"] == [
            "notif_id": "626533406292836846", "template_id": "469935", "workspace_id": "68be4f797a6494676161e98b",
        ])
    }

    @Test("the Native seed reads aps (badge, thread-id) and still reads action_buttons")
    func nativeSeedFields() throws {
        let form = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-native.json")]).stdoutJSON()
        #expect(form["mutableContent"] == false)
        #expect(form["badge"] == 5)
        #expect(form["threadId"] == "626533406292836846")
        #expect(form["buttons"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == ["ACTION_0", "ACTION_1"])
        #expect(form["imageURL"] == nil)
        #expect(form["ignored"] == nil)
    }

    @Test("in a Native payload a top-level title, body and badge are custom data, not display content")
    func nativeTopLevelTitleIsData() throws {
        let payload: JSONValue = [
            "aps": ["alert": ["title": "A", "body": "B"]], "Zixflow-Delivery-ID": "1", "title": "T", "badge": "3",
        ]
        let form = try CLI.run(["normalize", "-"], stdin: jsonText(payload)).stdoutJSON()
        #expect(form["alert"] == ["title": "A", "body": "B"])
        #expect(form["data"] == ["title": "T", "badge": "3"])
        #expect(form["badge"] == nil)
    }

    @Test("in Custom mode the top-level title wins over aps.alert.title")
    func customTitleWins() throws {
        let payload: JSONValue = [
            "aps": ["alert": ["title": "A", "body": "B"], "mutable-content": 1],
            "Zixflow-Delivery-ID": "1", "title": "T",
        ]
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(payload))
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["alert"] == ["title": "T", "body": "B"])
        #expect(form["data"] == nil)
    }

    @Test("diagnostics go to stderr as JSON lines tagged type diagnostic, with code and path")
    func diagnosticsOnStderr() throws {
        let result = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(result.status == 0)
        let lines = try result.stderrJSONLines()
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(line["type"] == "diagnostic")
            #expect(line["code"]?.stringValue?.isEmpty == false)
            #expect(line["path"]?.stringValue?.hasPrefix("$") == true)
            #expect(line["message"]?.stringValue?.isEmpty == false)
        }
        #expect(lines.contains { $0["code"] == .code(.noIOSMeaning) && $0["path"] == "$.large_icon_url" })
        // The bridge form alone is on stdout.
        #expect(try result.stdoutJSON()["vendor"] == "zixflow")
    }

    @Test("a non-integer Custom badge is a badge-not-integer diagnostic and is kept under ignored")
    func badCustomBadge() throws {
        let payload = try Fixtures.payload("zixflow-custom.json").setting("badge", to: "five")
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["badge"] == nil)
        #expect(form["ignored"]?["badge"] == "five")
        #expect(try result.stderrRecords(type: "diagnostic").contains {
            $0["code"] == .code(.badgeNotInteger) && $0["path"] == "$.badge"
        })
    }

    @Test("--pretty prints the same JSON value over several lines")
    func pretty() throws {
        let compact = try CLI.run(["normalize", Fixtures.payloadPath("zixflow-custom.json")])
        let pretty = try CLI.run(["normalize", "--pretty", Fixtures.payloadPath("zixflow-custom.json")])
        #expect(pretty.status == 0)
        #expect(pretty.stdoutLines.count > 1)
        #expect(try pretty.stdoutJSON() == (try compact.stdoutJSON()))
    }

    @Test("--vendor zixflow decodes a payload no vendor claims, with a delivery-id-missing diagnostic")
    func vendorOption() throws {
        let result = try CLI.run(["normalize", "--vendor", "zixflow", "-"], stdin: #"{"aps":{"alert":"Hi"}}"#)
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["vendor"] == "zixflow")
        #expect(form["alert"] == ["body": "Hi"])
        #expect(try result.stderrRecords(type: "diagnostic").contains { $0["code"] == .code(.deliveryIDMissing) })
    }

    @Test("an unclaimed payload is exit 3 and an unknown --vendor exit 2, with nothing on stdout")
    func errors() throws {
        let unclaimed = try CLI.run(["normalize", "-"], stdin: #"{"aps":{"alert":"Hi"}}"#)
        #expect(unclaimed.status == 3)
        #expect(unclaimed.stdout.isEmpty)
        #expect(unclaimed.stderrLines.count == 1)
        let unknown = try CLI.run(["normalize", "--vendor", "nosuch", Fixtures.payloadPath("zixflow-native.json")])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderrLines.count == 1)
    }
}
