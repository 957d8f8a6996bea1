import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("bridge-cli vendors")
struct VendorsCommandTests {
    @Test("lists every built-in vendor, one JSON line each, by id and display name")
    func listsEveryVendor() throws {
        let lines = try CLI.jsonLines(["vendors"])
        #expect(lines.count == BuiltInVendors.all.count)
        var names: [String: String] = [:]
        for line in lines {
            let id = try #require(line["id"]?.stringValue)
            names[id] = line["name"]?.stringValue
            #expect(line["supports"]?.objectValue != nil, "\(id) has no supports object")
        }
        #expect(names == Dictionary(uniqueKeysWithValues: BuiltInVendors.all.map { ($0.id, $0.name) }))
        for (id, name) in ["zixflow": "Zixflow", "buzzkit": "BuzzKit", "appdna": "AppDNA", "pushnotifai": "PushNotifAI"] {
            #expect(names[id] == name)
        }
    }

    @Test("describes Zixflow: two buttons with their own deep links, no text input, named actions, images")
    func zixflowCapabilities() throws {
        let result = try CLI.run(["vendors"])
        let zixflow = try #require(try result.stdoutJSONLines().first { $0["id"] == "zixflow" })
        let supports = try #require(zixflow["supports"])
        #expect(supports["maxButtons"] == 2)
        #expect(supports["buttonDeepLinks"] == true)
        #expect(supports["textInput"] == false)
        #expect(supports["namedActions"] == true)
        #expect(supports["images"] == true)
        #expect(supports["buttonRouting"] == "ownThenMessage")
        #expect(supports["buttonsNeedServiceExtension"]?.boolValue != nil)
    }

    @Test("lists Zixflow's receipt event names in the order of WIRE-FORMATS §3.1")
    func zixflowEvents() throws {
        let result = try CLI.run(["vendors"])
        let zixflow = try #require(try result.stdoutJSONLines().first { $0["id"] == "zixflow" })
        #expect(zixflow["events"] == ["Delivered", "Opened", "Push Notification Action Clicked"])
    }

    @Test("takes no input: a positional argument is a usage error with nothing on stdout")
    func rejectsInput() throws {
        let result = try CLI.run(["vendors", Fixtures.payloadPath("zixflow-native.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
