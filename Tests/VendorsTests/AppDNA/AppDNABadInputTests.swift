import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA adapter: bad input")
struct AppDNABadInputTests {
    let adapter = AppDNAAdapter()

    static let wrongValues: [JSONValue] = [nil, true, 42, 1.5, "text", [1, "a"], ["k": "v"]]

    /// Every appdna key with the values that are the wrong type for it.
    static let wrongTypes: [(key: String, value: JSONValue)] = {
        let expected: [String: (JSONValue) -> Bool] = [
            "push_id": { $0.stringValue != nil },
            "action": { $0.objectValue != nil },
            "actions": { $0.arrayValue != nil },
            "image_url": { $0.stringValue != nil },
            "data": { $0.objectValue != nil },
        ]
        return expected.keys.sorted().flatMap { key in
            wrongValues.filter { !expected[key]!($0) }.map { (key, $0) }
        }
    }()

    @Test("a wrong type for any appdna key is a diagnostic at its path and the value is kept under ignored",
          arguments: wrongTypes)
    func wrongTypeForKey(key: String, value: JSONValue) throws {
        var members: JSONObject = [key: value]
        if key != "push_id" { members["push_id"] = "p-1" }
        let result = adapter.decode(["aps": ["alert": "Hi"], "appdna": .object(members)])
        let path = "$.appdna." + key
        #expect(result.payload.ignored == [path: value])
        let diagnostic = try #require(result.diagnostics.first { $0.path == path })
        #expect(diagnostic.diagnosticCode == .wrongType)
        #expect(diagnostic.severity == .warning)
        AppDNAFixtures.expectLosslessRoundTrip(["aps": ["alert": "Hi"], "appdna": .object(members)])
    }

    /// Every button key with values of the wrong type.
    static let wrongButtonTypes: [(key: String, value: JSONValue)] = [
        ("title", nil), ("title", 7), ("title", ["t"]), ("type", 1), ("type", nil), ("type", ["deep_link"]),
        ("foreground", "yes"), ("foreground", 1), ("foreground", nil),
    ]

    @Test("a wrong type for a button key is a diagnostic at its path; the button stays and the value is kept",
          arguments: wrongButtonTypes)
    func wrongTypeForButtonKey(key: String, value: JSONValue) throws {
        var button: JSONObject = ["id": "a", "title": "A", "type": "deep_link", "value": "fit://a"]
        button[key] = value
        let userInfo = AppDNAFixtures.push(buttons: [.object(button)])
        let result = adapter.decode(userInfo)
        #expect(result.payload.buttons.map(\.id) == ["a"])
        let path = "$.appdna.actions[0]." + key
        #expect(result.payload.ignored[path] == value)
        #expect(result.diagnostics.contains { $0.path == path && $0.diagnosticCode == .wrongType })
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("a wrong-typed value for a link, screen or placeholder is a diagnostic and kept",
          arguments: ["deep_link", "open_url", "show_screen", "text_reply"])
    func wrongTypedValue(type: String) throws {
        let userInfo = AppDNAFixtures.push(buttons: [["id": "a", "title": "A", "type": .string(type), "value": 5]])
        let result = adapter.decode(userInfo)
        let button = try #require(result.payload.buttons.first)
        #expect(button.deepLink == nil && button.action == nil && button.placeholder == nil)
        #expect(result.payload.ignored["$.appdna.actions[0].value"] == 5)
        #expect(result.diagnostics.contains { $0.path == "$.appdna.actions[0].value" && $0.diagnosticCode == .wrongType })
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("a missing push_id is a warning; the push is not claimed and sends no receipt")
    func missingPushID() throws {
        let userInfo: JSONObject = [
            "aps": ["alert": "Hi"], "appdna": ["action": ["type": "deep_link", "value": "a:b"]],
        ]
        let result = adapter.decode(userInfo)
        #expect(!adapter.claims(userInfo))
        #expect(result.payload.messageId == nil)
        #expect(result.payload.deepLink == "a:b")
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.push_id": [.pushIDMissing]])
        #expect(adapter.receipts(for: .open, payload: result.payload, context: ReceiptContext()) == [])
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("no appdna object at all is a warning; a non-object appdna is kept")
    func noVendorObject() {
        let missing = adapter.decode(["aps": ["alert": "Hi"]])
        #expect(missing.diagnostics.map(\.diagnosticCode) == [.appDNAMissing])
        let notObject = adapter.decode(["aps": ["alert": "Hi"], "appdna": "push-123"])
        #expect(notObject.payload.ignored == ["$.appdna": "push-123"])
        AppDNAFixtures.expectLosslessRoundTrip(["aps": ["alert": "Hi"], "appdna": "push-123"])
    }

    @Test("a non-object aps is kept under ignored")
    func nonObjectAPS() {
        let userInfo: JSONObject = ["aps": "Hi", "appdna": ["push_id": "p"]]
        let result = adapter.decode(userInfo)
        #expect(result.payload.ignored == ["$.aps": "Hi"])
        #expect(result.diagnostics.map(\.diagnosticCode).contains(.apsNotObject))
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("empty strings: push_id, image_url, action values, button ids and link values",
          arguments: [
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":""}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","image_url":""}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","action":{"type":"deep_link","value":""}}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","action":{"type":"show_screen","value":""}}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","action":{"type":"","value":"x"}}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","action":{}}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","actions":[]}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","data":{}}}"#,
            #"{"aps":{},"appdna":{"push_id":"p"},"":""}"#,
          ])
    func emptyStrings(_ text: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        let result = adapter.decode(userInfo)
        #expect(result.payload.deepLink == nil)
        #expect(result.payload.action == nil)
        #expect(result.payload.buttons.allSatisfy { $0.deepLink == nil && $0.action == nil })
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("empty strings in buttons: id, title, link and screen values, placeholder",
          arguments: [
            ["id": "", "title": "A"], ["id": "a", "title": "", "type": "deep_link", "value": ""],
            ["id": "a", "type": "show_screen"], ["id": "a", "title": "R", "type": "text_reply", "value": ""],
            ["id": "a", "title": "O", "type": "open_url", "value": ""],
          ] as [JSONValue])
    func emptyStringsInButtons(_ button: JSONValue) throws {
        let userInfo = AppDNAFixtures.push(buttons: [button])
        let result = adapter.decode(userInfo)
        #expect(result.payload.buttons.allSatisfy { $0.deepLink == nil && $0.action == nil })
        #expect(!result.diagnostics.isEmpty || result.payload.buttons.first?.placeholder == "")
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("an empty push_id, image_url or link value is reported")
    func emptyStringDiagnostics() {
        #expect(adapter.decode(AppDNAFixtures.push(["push_id": ""])).diagnostics.map(\.diagnosticCode) == [.pushIDEmpty])
        #expect(adapter.decode(AppDNAFixtures.push(["image_url": ""])).diagnostics.map(\.diagnosticCode) == [.imageURLEmpty])
        let emptyLink = adapter.decode(AppDNAFixtures.push(["action": ["type": "deep_link", "value": ""]]))
        #expect(emptyLink.diagnostics.map(\.diagnosticCode) == [.actionValueEmpty])
        #expect(emptyLink.payload.ignored == ["$.appdna.action": ["type": "deep_link", "value": ""]])
        let missingValue = adapter.decode(AppDNAFixtures.push(["action": ["type": "show_screen"]]))
        #expect(missingValue.diagnostics.map(\.diagnosticCode) == [.actionValueMissing])
        let missingType = adapter.decode(AppDNAFixtures.push(["action": ["value": "x"]]))
        #expect(missingType.diagnostics.map(\.diagnosticCode) == [.actionTypeMissing])
    }

    @Test("buttons that are not objects or have no id are kept at their index and written back there")
    func unreadableButtons() throws {
        let actions: [JSONValue] = [
            "not a button", ["id": "a", "title": "A", "type": "open_url", "value": "https://a"], ["title": "no id"],
            ["id": 3, "title": "numeric id"], ["id": "b", "title": "B", "type": "dismiss", "foreground": true],
        ]
        let userInfo = AppDNAFixtures.push(buttons: actions)
        let result = adapter.decode(userInfo)
        #expect(result.payload.buttons.map(\.id) == ["a", "b"])
        #expect(result.payload.ignored["$.appdna.actions[0]"] == "not a button")
        #expect(result.payload.ignored["$.appdna.actions[2]"] == ["title": "no id"])
        #expect(result.payload.ignored["$.appdna.actions[3]"] == ["id": 3, "title": "numeric id"])
        #expect(AppDNAFixtures.codes(result)["$.appdna.actions[2].id"] == [.buttonIDMissing])
        let encoded = adapter.encode(result.payload)
        #expect(encoded.losses == [])
        let written = try #require(encoded.userInfo["appdna"]?["actions"]?.arrayValue)
        #expect(written.count == actions.count)
        for index in [0, 2, 3] { #expect(written[index] == actions[index]) }
        #expect(written[1]["id"] == "a" && written[1]["type"] == "open_url")
        #expect(written[4] == actions[4])
        #expect(encoded.userInfo["aps"]?["category"] == userInfo["aps"]?["category"])
    }

    @Test("unknown action types, on the message and on buttons, never crash and survive a round trip",
          arguments: ["open_modal", "DEEP_LINK", "show-screen", " deep_link", "dismiss "])
    func unknownActionTypes(type: String) {
        let userInfo = AppDNAFixtures.push([
            "action": ["type": .string(type), "value": "x"],
            "actions": [["id": "a", "title": "A", "type": .string(type), "value": "x"]],
        ])
        let result = adapter.decode(userInfo)
        #expect(result.payload.action == nil && result.payload.deepLink == nil)
        #expect(result.payload.buttons == [PushButton(id: "a", title: "A", foreground: true)])
        #expect(result.diagnostics.filter { $0.diagnosticCode == .unknownActionType }.map(\.path)
            == ["$.appdna.action.type", "$.appdna.actions[0].type"])
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("100 buttons: all kept with a too-many-buttons warning, written back whole, lossless")
    func hundredButtons() throws {
        let actions: [JSONValue] = (0..<100).map { index in
            ["id": .string("b\(index)"), "title": .string("Button \(index)"), "type": "deep_link",
             "value": .string("fit://b/\(index)")]
        }
        let userInfo = AppDNAFixtures.push(buttons: actions)
        let result = adapter.decode(userInfo)
        #expect(result.payload.buttons.count == 100)
        #expect(result.payload.buttons.last?.deepLink == "fit://b/99")
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.actions": [.tooManyButtons]])
        let encoded = adapter.encode(result.payload)
        #expect(encoded.userInfo["appdna"]?["actions"]?.arrayValue?.count == 100)
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
        let plan = adapter.tapPlan(for: .openAction("b99"), payload: result.payload, context: ReceiptContext())
        #expect(plan.deepLink == "fit://b/99")
    }

    @Test("five buttons are one too many for iOS; four are not")
    func buttonLimit() {
        let four = (0..<4).map { JSONValue.object(["id": .string("b\($0)"), "title": "B"]) }
        #expect(adapter.decode(AppDNAFixtures.push(buttons: four)).diagnostics == [])
        let five = four + [["id": "b4", "title": "B"]]
        #expect(adapter.decode(AppDNAFixtures.push(buttons: five)).diagnostics.map(\.diagnosticCode) == [.tooManyButtons])
    }

    @Test("huge strings and deeply nested data are kept as sent")
    func hugeAndNested() {
        let huge = String(repeating: "é{{x}}", count: 20_000)
        var nested: JSONValue = "leaf"
        for _ in 0..<200 { nested = ["n": nested] }
        let userInfo = AppDNAFixtures.push([
            "push_id": .string(huge), "data": ["deep": nested],
            "actions": [["id": .string(huge), "title": .string(huge), "type": "text_reply", "value": .string(huge)]],
        ])
        let result = adapter.decode(userInfo)
        #expect(result.payload.messageId == huge)
        #expect(result.payload.data["deep"] == nested)
        #expect(result.payload.buttons.first?.placeholder == huge)
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("a button id with characters that need a bracketed path round-trips its kept keys")
    func oddKeys() {
        let userInfo = AppDNAFixtures.push([
            "actions": [["id": "a", "title": "A", "weird key\"]": 1, "$x": 2]],
            "odd.key": ["b": 1], "": 0,
        ])
        let result = adapter.decode(userInfo)
        #expect(result.payload.ignored[#"$.appdna.actions[0]["weird key\"]"]"#] == 1)
        #expect(result.payload.ignored[#"$.appdna["odd.key"]"#] == ["b": 1])
        #expect(result.payload.ignored[#"$.appdna[""]"#] == 0)
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("ignored entries that cannot be placed are losses, never a crash")
    func unplaceableIgnored() {
        let result = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p",
            ignored: [
                "$.appdna.push_id.x": 1, "$.nonsense[": 2, "$.aps.badge": 3, "aps": 4, "$.appdna.actions[4].type": 5,
            ]))
        #expect(result.userInfo["appdna"]?["push_id"] == "p")
        #expect(Set(result.losses.map(\.path)) == [
            #"$.ignored["$.appdna.push_id.x"]"#, #"$.ignored["$.nonsense["]"#, #"$.ignored["$.aps.badge"]"#,
            "$.ignored.aps", #"$.ignored["$.appdna.actions[4].type"]"#,
        ])
    }

    @Test("wrong-typed aps values are kept in apsExtra and survive a round trip")
    func wrongTypedAPS() {
        let userInfo = AppDNAFixtures.push([:], aps: [
            "alert": 5, "badge": "three", "sound": ["critical": 1, "name": "a.caf"], "category": 9,
            "mutable-content": "1",
        ])
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    @Test("a wrong-typed category or mutable-content in apsExtra is replaced when buttons need their own; a loss")
    func apsExtraReplaced() {
        let userInfo = AppDNAFixtures.push(
            ["actions": [["id": "a", "title": "A"]]], aps: ["alert": "Hi", "category": 9, "mutable-content": "1"])
        let decoded = adapter.decode(userInfo).payload
        let encoded = adapter.encode(decoded)
        #expect(Set(encoded.losses.map(\.path)) == [
            "$.apsExtra.category", #"$.apsExtra["mutable-content"]"#, "$.mutableContent", "$.category",
        ])
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
    }

    @Test("a non-string appdna_reply_text is kept under ignored with a diagnostic")
    func wrongTypedReplyText() {
        var userInfo = AppDNAFixtures.push([:])
        userInfo["appdna_reply_text"] = 42
        let result = adapter.decode(userInfo)
        #expect(result.payload.data == [:])
        #expect(result.payload.ignored == ["appdna_reply_text": 42])
        #expect(AppDNAFixtures.codes(result) == ["$.appdna_reply_text": [.wrongType]])
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }
}
