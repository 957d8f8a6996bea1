import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli categories")
struct CategoriesCommandTests {
    /// An AppDNA push whose one button is titled `title` (a button set of its own).
    func appDNAPush(_ title: String) -> JSONValue {
        ["aps": ["alert": "Hi", "mutable-content": 1],
         "appdna": ["push_id": .string("p-\(title)"),
                    "actions": [["id": "go", "title": .string(title), "type": "deep_link", "value": "app://x"]]]]
    }

    func ids(_ output: JSONValue) -> [String] {
        output["categories"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    @Test("Zixflow: ZX_2BTN with ACTION_0/ACTION_1 titled Action 1/Action 2, foreground, even with no file")
    func zixflowLaunch() throws {
        let result = try CLI.run(["categories", "--vendor", "zixflow"])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(try result.stdoutJSON() == [
            "vendor": "zixflow", "removed": [],
            "categories": [[
                "id": "ZX_2BTN", "owner": "zixflow", "options": [],
                "actions": [
                    ["id": "ACTION_0", "title": "Action 1", "options": ["foreground"], "textInput": false],
                    ["id": "ACTION_1", "title": "Action 2", "options": ["foreground"], "textInput": false],
                ],
            ]],
        ])
    }

    @Test("BuzzKit: the example's category with destructive, foreground and a text input with its placeholder")
    func buzzKit() throws {
        let result = try CLI.run(["categories", "--vendor", "buzzkit", Fixtures.payloadPath("buzzkit.json")])
        #expect(result.status == 0)
        let category = try #require(try result.stdoutJSON()["categories"]?.arrayValue?.first)
        #expect(category["id"] == "buzzkit.f6569d3a8f7894b9")
        #expect(category["actions"] == [
            ["id": "confirm", "title": "Confirm", "options": ["foreground"], "textInput": false],
            ["id": "skip", "title": "Skip", "options": ["destructive"], "textInput": false],
            ["id": "note", "title": "Add note", "options": [], "textInput": true, "placeholder": "Your note",
             "textInputButtonTitle": "Send"],
        ])
    }

    @Test("AppDNA: the example's appdna_ category with {{var | fallback}} resolved in the registered title")
    func appDNA() throws {
        let output = try CLI.run(["categories", "--vendor", "appdna", Fixtures.payloadPath("appdna.json")]).stdoutJSON()
        let category = try #require(output["categories"]?.arrayValue?.first)
        #expect(category["id"] == "appdna_4d9a09a16b7b7040")
        #expect(category["actions"]?.arrayValue?.map { $0["title"] } == ["Open there", "Dismiss", "Reply"])
        #expect(category["actions"]?.arrayValue?.last?["placeholder"] == "Type a reply")
    }

    @Test("AppDNA, 17 button sets: 16 kept, the first removed; the app's categories are all listed first")
    func appDNASeventeen() throws {
        let scratch = try Scratch()
        let paths = try (0..<17).map { try scratch.write("push\($0).json", json: appDNAPush("Set \($0)")) }
        let output = try CLI.run(
            ["categories", "--vendor", "appdna", "--app-categories", "chat,invite"] + paths).stdoutJSON()
        let listed = ids(output)
        #expect(listed.count == 18)
        #expect(Array(listed.prefix(2)) == ["chat", "invite"])
        #expect(output["categories"]?.arrayValue?.prefix(2).map { $0["owner"] } == ["app", "app"])
        #expect(output["removed"]?.arrayValue?.count == 1)
        let first = try CLI.run(["categories", "--vendor", "appdna", paths[0]]).stdoutJSON()
        #expect(output["removed"] == .array(ids(first).map { .string($0) }))
    }

    @Test("--in-center keeps a category of a notification still in Notification Centre past 16")
    func inCenter() throws {
        let scratch = try Scratch()
        let paths = try (0..<17).map { try scratch.write("push\($0).json", json: appDNAPush("Set \($0)")) }
        let firstID = try #require(ids(try CLI.run(["categories", "--vendor", "appdna", paths[0]]).stdoutJSON()).first)
        let output = try CLI.run(["categories", "--vendor", "appdna", "--in-center", firstID] + paths).stdoutJSON()
        #expect(ids(output).contains(firstID))
        #expect(ids(output).count == 16)
    }

    @Test("PushNotifAI: pushnotifai with customDismissAction, beside the app's categories")
    func pushNotifAI() throws {
        let output = try CLI.run(["categories", "--vendor", "pushnotifai", "--app-categories", "mine"]).stdoutJSON()
        #expect(output["categories"] == [
            ["id": "mine", "owner": "app", "options": [], "actions": []],
            ["id": "pushnotifai", "owner": "pushnotifai", "options": ["customDismissAction"], "actions": []],
        ])
    }

    @Test("an app category with a vendor's id wins, with a diagnostic on stderr")
    func appWins() throws {
        let result = try CLI.run(["categories", "--vendor", "zixflow", "--app-categories", "ZX_2BTN"])
        #expect(result.status == 0)
        let categories = try result.stdoutJSON()["categories"]
        #expect(categories == [["id": "ZX_2BTN", "owner": "app", "options": [], "actions": []]])
        #expect(try result.stderrRecords(type: "diagnostic").map { $0["code"] } == [.code(.categoryOwnedByApp)])
    }

    @Test("a file the vendor does not claim is skipped with a diagnostic; - reads stdin")
    func notClaimedAndStdin() throws {
        let skipped = try CLI.run(["categories", "--vendor", "appdna", Fixtures.payloadPath("buzzkit.json")])
        #expect(skipped.status == 0)
        #expect(try skipped.stdoutJSON()["categories"] == [])
        #expect(try skipped.stderrRecords(type: "diagnostic").map { $0["code"] } == [.code(.notClaimed)])
        let input = try Fixtures.payloadBytes("buzzkit.json")
        let stdin = try CLI.run(["categories", "--vendor", "buzzkit", "-"], stdin: input)
        #expect(ids(try stdin.stdoutJSON()) == ["buzzkit.f6569d3a8f7894b9"])
    }

    @Test("usage errors: no --vendor or an unknown vendor is exit 2 with nothing on stdout", arguments: [
        ["categories"], ["categories", "--vendor", "nope"], ["categories", "--vendor", "zixflow", "--bogus"],
    ])
    func usage(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }

    @Test("bad input: invalid JSON is exit 65, an unreadable file 66, stdout stays empty")
    func badInput() throws {
        let invalid = try CLI.run(["categories", "--vendor", "zixflow", "-"], stdin: "{nope")
        #expect(invalid.status == 65)
        #expect(invalid.stdout.isEmpty)
        let missing = try CLI.run(["categories", "--vendor", "zixflow", "/nonexistent/push.json"])
        #expect(missing.status == 66)
        #expect(missing.stdout.isEmpty)
    }

    @Test("the command is listed in --help")
    func listed() throws {
        #expect(try CLI.run(["--help"]).stdout.contains("categories"))
        #expect(try CLI.run(["categories", "--help"]).stdout.contains("--in-center"))
    }
}
