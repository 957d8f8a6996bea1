import PushBridge
import PushBridgeTestSupport
import Testing

/// Every command that reads a payload, as arguments before the input.
private let payloadCommands: [[String]] = [
    ["detect"], ["normalize"], ["translate", "--to", "zixflow"], ["compare"], ["simulate", "--steps", "open"],
    ["validate"],
]

/// Inputs that are not JSON at all.
private let malformedInputs = [
    #"{"aps": "#, "{bad}", #"{"a":1} trailing"#, "", "   ", #"{"a":NaN}"#, #"{"a":1,}"#, "{'a':1}",
]

/// Asserts the error shape of WIRE-FORMATS §8: the exit code, one line on stderr, nothing on stdout.
private func expectError(
    _ result: CLIResult, status: Int32, mentioning text: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "\(result)", sourceLocation: sourceLocation)
    #expect(!result.crashed, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, "stdout: \(result.stdout.prefix(200))", sourceLocation: sourceLocation)
    #expect(result.stderrLines.count == 1, "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
    #expect(result.stderr.hasSuffix("\n"), sourceLocation: sourceLocation)
    if let text {
        #expect(result.stderr.contains(text), "stderr: \(result.stderr.prefix(500))", sourceLocation: sourceLocation)
    }
}

@Suite("bridge-cli bad input")
struct BadInputTests {
    @Test("malformed JSON is exit 65, one stderr line, empty stdout (stdin and file)", arguments: payloadCommands)
    func malformedJSON(command: [String]) throws {
        let scratch = try Scratch()
        for input in malformedInputs {
            expectError(try CLI.run(command + ["-"], stdin: input), status: 65, mentioning: "not valid JSON")
            let path = try scratch.write("bad.json", input)
            expectError(try CLI.run(command + [path]), status: 65, mentioning: "not valid JSON")
        }
    }

    @Test("invalid UTF-8 is exit 65")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array(#"{"aps":{"alert":""#.utf8) + [0xFF, 0xFE] + Array(#""}}"#.utf8)
        expectError(try CLI.run(["normalize", "-"], stdin: bytes), status: 65)
    }

    @Test("a top-level array, string, number, boolean or null is exit 65: a payload is a JSON object",
          arguments: [#"[{"aps":{}}]"#, #""zixflow""#, "42", "true", "null"])
    func notAnObject(input: String) throws {
        for command in payloadCommands {
            expectError(try CLI.run(command + ["-"], stdin: input), status: 65, mentioning: "not an object")
        }
    }

    @Test("an input file that cannot be read is exit 66 naming the path", arguments: payloadCommands)
    func unreadableFile(command: [String]) throws {
        let scratch = try Scratch()
        let missing = scratch.url("missing.json").path
        expectError(try CLI.run(command + [missing]), status: 66, mentioning: missing)
        // A directory opens but cannot be read as a file.
        expectError(try CLI.run(command + [scratch.directory.path]), status: 66)
    }

    @Test("a 1 MB payload is normalized, every byte of its custom data kept")
    func oneMegabytePayload() throws {
        let big = String(repeating: "abcdefghij", count: 100_000)
        let payload = try Fixtures.payload("zixflow-custom.json").setting("blob", to: .string(big))
        let text = jsonText(.object(payload))
        #expect(text.utf8.count > 1_000_000)
        let result = try CLI.run(["normalize", "-"], stdin: text)
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["data"]?["blob"]?.stringValue?.count == big.count)
        #expect(form["messageId"] == "626533406292836846")
        let validated = try CLI.run(["validate", "-"], stdin: text)
        #expect(validated.status == 1)
        let problems = try validated.stdoutJSON()["problems"]?.arrayValue ?? []
        #expect(problems.contains { $0["code"] == .code(.payloadTooLarge) })
    }

    @Test("nesting 10,000 deep is exit 65 with a clear 'nesting deeper than the limit' message, no crash",
          arguments: ["array", "object", "inside a Zixflow payload"])
    func deepNesting(shape: String) throws {
        let depth = 10_000
        let text: String
        switch shape {
        case "array": text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        case "object": text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        default:
            text = #"{"Zixflow-Delivery-ID":"1","aps":{"alert":"x"},"deep":"#
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        }
        for command in payloadCommands {
            let result = try CLI.run(command + ["-"], stdin: text)
            expectError(result, status: 65, mentioning: "nesting deeper than the limit")
        }
    }

    @Test("every Zixflow key with the wrong type: exit 0, a diagnostic at its path, the value kept under ignored")
    func wrongTypes() throws {
        let wrong: JSONObject = [
            "Zixflow-Delivery-ID": 42, "Zixflow-Delivery-Token": 5, "title": 7, "body": ["b"], "image_url": ["u": 1],
            "deeplink_url": false, "click_action": 3, "action_buttons": [1], "badge": true,
        ]
        var payload = wrong
        payload["aps"] = ["mutable-content": 1, "alert": ["title": "t"]]
        let result = try CLI.run(["normalize", "--vendor", "zixflow", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 0, "\(result)")
        let form = try result.stdoutJSON()
        let diagnostics = try result.stderrRecords(type: "diagnostic")
        let paths = Set(diagnostics.compactMap { $0["path"]?.stringValue })
        for (key, value) in wrong {
            let path = JSONPath.member(key, of: JSONPath.root)
            #expect(paths.contains(path), "no diagnostic at \(path): \(paths.sorted())")
            #expect(form["ignored"]?[key] == value, "\(key) was not kept under ignored")
        }
        #expect(form["alert"] == ["title": "t"], "the wrong-typed top-level title does not replace aps.alert.title")
    }

    @Test("wrong-typed keys with no meaning or free-form keys are kept as sent")
    func wrongTypesKept() throws {
        let payload: JSONValue = [
            "Zixflow-Delivery-ID": "1", "aps": ["alert": "x"], "large_icon_url": 1, "sticky": "yes",
            "notif_id": 1, "template_id": ["469935"], "workspace_id": nil,
        ]
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(payload))
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["ignored"] == ["large_icon_url": 1, "sticky": "yes"])
        #expect(form["data"] == ["notif_id": 1, "template_id": ["469935"], "workspace_id": nil])
    }

    @Test("aps keys with the wrong type give diagnostics under $.aps and exit 0",
          arguments: [["alert": 5] as JSONValue, ["alert": "x", "badge": "x"], ["alert": "x", "sound": 1],
                      ["alert": "x", "mutable-content": "yes"], "not an object", ["alert": ["title": 1]]])
    func wrongApsTypes(aps: JSONValue) throws {
        let payload: JSONValue = ["Zixflow-Delivery-ID": "1", "aps": aps]
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(payload))
        #expect(result.status == 0, "\(result)")
        #expect(try result.stdoutJSON()["vendor"] == "zixflow")
        let diagnostics = try result.stderrRecords(type: "diagnostic")
        #expect(diagnostics.contains { $0["path"]?.stringValue?.hasPrefix("$.aps") == true }, "\(result)")
    }

    @Test("a malformed action_buttons string: diagnostic action-buttons-malformed, no buttons, kept under ignored",
          arguments: [#"[{"name":"Shop""#, "not json", #"{"name":"x"}"#, "[1,2]", #"["a"]"#, "",
                      String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)])
    func malformedActionButtons(buttons: String) throws {
        let payload = try Fixtures.payload("zixflow-custom.json").setting("action_buttons", to: .string(buttons))
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 0, "\(result)")
        let form = try result.stdoutJSON()
        #expect(form["buttons"] == nil)
        #expect(form["ignored"]?["action_buttons"] == .string(buttons))
        let diagnostics = try result.stderrRecords(type: "diagnostic")
        #expect(diagnostics.contains { $0["code"] == .code(.actionButtonsMalformed) && $0["path"] == "$.action_buttons" })
    }

    @Test("100 buttons in action_buttons: the first two are used, with a too-many-buttons diagnostic")
    func hundredButtons() throws {
        let buttons = JSONValue.array((0..<100).map { ["name": .string("B\($0)"), "deeplink": .string("app://\($0)")] })
        let payload = try Fixtures.payload("zixflow-custom.json")
            .setting("action_buttons", to: .string(jsonText(buttons)))
        let result = try CLI.run(["normalize", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["buttons"]?.arrayValue?.compactMap { $0["title"]?.stringValue } == ["B0", "B1"])
        #expect(try result.stderrRecords(type: "diagnostic").contains { $0["code"] == .code(.tooManyButtons) })
    }

    @Test("huge strings and empty strings in every Zixflow key never crash")
    func hugeAndEmptyStrings() throws {
        for text in ["", String(repeating: "é", count: 200_000)] {
            var payload: JSONObject = [:]
            for key in ["Zixflow-Delivery-Token", "title", "body", "image_url", "deeplink_url", "click_action", "badge",
                        "large_icon_url", "notif_id"] {
                payload[key] = .string(text)
            }
            payload["Zixflow-Delivery-ID"] = "1"
            payload["aps"] = ["mutable-content": 1, "alert": .string(text)]
            let commands = [
                ["normalize"], ["translate", "--to", "pushnotifai"], ["simulate", "--steps", "arrive:foreground,open"],
            ]
            for command in commands {
                let result = try CLI.run(command + ["-"], stdin: jsonText(.object(payload)))
                #expect(result.status == 0, "\(command): \(result)")
            }
        }
    }
}
