import PushBridge
import PushBridgeVendors
import Testing

private let adapter = BuzzKitAdapter()

/// Decodes, encodes and decodes again: the second decode must give the same payload, with no losses
/// (a BuzzKit payload loses nothing in a same-vendor round trip). Returns the first decode.
@discardableResult
private func roundTrips(
    _ userInfo: JSONObject, exactWire: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
) -> DecodeResult {
    let decoded = adapter.decode(userInfo)
    let encoded = adapter.encode(decoded.payload)
    #expect(encoded.losses.isEmpty, "same-vendor round trip lost \(encoded.losses)", sourceLocation: sourceLocation)
    #expect(adapter.decode(encoded.userInfo).payload == decoded.payload, sourceLocation: sourceLocation)
    if exactWire {
        #expect(encoded.userInfo == userInfo, "the wire payload comes back as sent", sourceLocation: sourceLocation)
    }
    return decoded
}

private func codes(_ result: DecodeResult) -> [DiagnosticCode] { result.diagnostics.map(\.diagnosticCode) }

private func diagnostic(_ result: DecodeResult, at path: String) -> Diagnostic? {
    result.diagnostics.first { $0.path == path }
}

@Suite("BuzzKit adapter: wrong types")
struct BuzzKitWrongTypeTests {
    /// Values of every JSON type but the expected one.
    static let notStrings: [JSONValue] = [42, 1.5, true, .null, ["x"], ["k": "v"]]
    static let notObjects: [JSONValue] = [42, "text", false, .null, [["k": "v"]]]
    static let notArrays: [JSONValue] = [42, "text", true, .null, ["id": "a", "title": "A"]]
    static let notBools: [JSONValue] = [1, 0, "true", .null, [true], ["v": true]]

    @Test("a key of the buzzkit object with a wrong type is kept in ignored at its path, with a warning; the field stays empty", arguments: [
        ("messageId", notStrings), ("deepLink", notStrings), ("image", notStrings),
        ("data", notObjects), ("action", notObjects), ("actions", notArrays),
    ])
    func wrongTypes(key: String, wrongValues: [JSONValue]) throws {
        for bad in wrongValues {
            let path = "$.buzzkit." + key
            let result = roundTrips(try buzzKitExample([key: bad]))
            #expect(result.payload.ignored == [path: bad], "\(key) = \(bad)")
            #expect(diagnostic(result, at: path)?.diagnosticCode == .wrongType)
            #expect(diagnostic(result, at: path)?.severity == .warning)
            switch key {
            case "messageId": #expect(result.payload.messageId == nil)
            case "deepLink": #expect(result.payload.deepLink == nil)
            case "image": #expect(result.payload.imageURL == nil)
            case "data": #expect(result.payload.data.isEmpty && codes(result) == [.wrongType])
            case "action": #expect(result.payload.action == nil)
            default: #expect(result.payload.buttons.isEmpty)
            }
        }
    }

    @Test("an action without a string name is kept whole in ignored, with the diagnostic at its name")
    func actionName() throws {
        let missing: JSONValue = ["data": ["offerId": "summer"]]
        let missingResult = roundTrips(try buzzKitExample(["action": missing]))
        #expect(missingResult.payload.action == nil)
        #expect(missingResult.payload.ignored == ["$.buzzkit.action": missing])
        #expect(diagnostic(missingResult, at: "$.buzzkit.action.name")?.diagnosticCode == .actionNameMissing)
        for bad in Self.notStrings {
            let action: JSONValue = ["name": bad, "data": [:]]
            let result = roundTrips(try buzzKitExample(["action": action]))
            #expect(result.payload.action == nil)
            #expect(result.payload.ignored == ["$.buzzkit.action": action])
            #expect(diagnostic(result, at: "$.buzzkit.action.name")?.diagnosticCode == .wrongType)
        }
    }

    @Test("action data that is not an object gives a diagnostic; the action keeps its name and empty data")
    func actionData() throws {
        for bad in Self.notObjects {
            let result = roundTrips(try buzzKitExample(["action": ["name": "show_offer", "data": bad]]))
            #expect(result.payload.action == PushAction(name: "show_offer"))
            #expect(result.payload.ignored == ["$.buzzkit.action.data": bad])
            #expect(diagnostic(result, at: "$.buzzkit.action.data")?.diagnosticCode == .wrongType)
        }
    }

    @Test("a button entry that is not an object is kept at its index and the other buttons keep their places")
    func buttonNotObject() throws {
        for bad in Self.notObjects where bad.objectValue == nil {
            let actions: JSONValue = [["id": "a", "title": "A"], bad, ["id": "c", "title": "C", "foreground": true]]
            let result = roundTrips(try buzzKitExample(["actions": actions]))
            #expect(result.payload.buttons.map(\.id) == ["a", "c"])
            #expect(result.payload.ignored == ["$.buzzkit.actions[1]": bad])
            #expect(diagnostic(result, at: "$.buzzkit.actions[1]")?.diagnosticCode == .wrongType)
        }
    }

    @Test("a button without a string id or title is kept whole at its index, with a diagnostic per field")
    func buttonIdTitle() throws {
        let cases: [(JSONValue, [String: DiagnosticCode])] = [
            (["title": "T"], ["$.buzzkit.actions[0].id": .buttonIDMissing]),
            (["id": "a"], ["$.buzzkit.actions[0].title": .buttonTitleMissing]),
            (["id": 7, "title": "T"], ["$.buzzkit.actions[0].id": .wrongType]),
            (["id": "a", "title": ["T"]], ["$.buzzkit.actions[0].title": .wrongType]),
            ([:], [
                "$.buzzkit.actions[0].id": .buttonIDMissing,
                "$.buzzkit.actions[0].title": .buttonTitleMissing,
            ]),
        ]
        for (button, expected) in cases {
            let result = roundTrips(try buzzKitExample(["actions": [button]]))
            #expect(result.payload.buttons.isEmpty, "\(button)")
            #expect(result.payload.ignored == ["$.buzzkit.actions[0]": button])
            var found: [String: DiagnosticCode] = [:]
            for item in result.diagnostics { found[item.path] = item.diagnosticCode }
            #expect(found == expected, "\(button)")
        }
    }

    @Test("a button flag that is not a boolean is kept at its path; the flag stays false", arguments: [
        "destructive", "foreground", "input",
    ])
    func buttonFlags(flag: String) throws {
        for bad in Self.notBools {
            let result = roundTrips(try buzzKitExample(["actions": [["id": "a", "title": "A", flag: bad]]]))
            #expect(result.payload.buttons == [PushButton(id: "a", title: "A")], "\(flag) = \(bad)")
            let path = "$.buzzkit.actions[0].\(flag)"
            #expect(result.payload.ignored == [path: bad])
            #expect(diagnostic(result, at: path)?.diagnosticCode == .wrongType)
        }
    }

    @Test("a placeholder that is not a string is kept at its path; the button has none")
    func placeholder() throws {
        for bad in Self.notStrings {
            let button: JSONValue = ["id": "n", "title": "N", "input": true, "placeholder": bad]
            let result = roundTrips(try buzzKitExample(["actions": [button]]))
            #expect(result.payload.buttons == [PushButton(id: "n", title: "N", input: true)])
            #expect(result.payload.ignored == ["$.buzzkit.actions[0].placeholder": bad])
        }
    }

    @Test("every kind of wrong type at once: nothing crashes and nothing is lost")
    func allAtOnce() throws {
        let category = JSONValue.string(BuzzKitAdapter.derivedCategory(for: [PushButton(id: "a", title: "A")]))
        let userInfo: JSONObject = [
            "aps": ["alert": 5, "badge": "x", "content-available": "1", "mutable-content": 1, "category": category],
            "buzzkit": [
                "messageId": 1, "deepLink": [1], "image": false, "data": "d", "action": ["name": 2],
                "actions": [5, ["id": "a", "title": "A", "input": "yes", "placeholder": 3], .null],
            ],
        ]
        let result = roundTrips(userInfo)
        #expect(result.payload.buttons == [PushButton(id: "a", title: "A")])
        #expect(result.payload.messageId == nil)
        #expect(!adapter.claims(userInfo))
        #expect(Set(result.payload.ignored.keys) == [
            "$.buzzkit.messageId", "$.buzzkit.deepLink", "$.buzzkit.image", "$.buzzkit.data", "$.buzzkit.action",
            "$.buzzkit.actions[0]", "$.buzzkit.actions[1].input", "$.buzzkit.actions[1].placeholder",
            "$.buzzkit.actions[2]",
        ])
        #expect(Set(result.payload.apsExtra.keys) == ["alert", "badge", "content-available"])
        #expect(result.diagnostics.allSatisfy { $0.path.hasPrefix("$.") })
    }
}

@Suite("BuzzKit adapter: missing, empty and odd input")
struct BuzzKitOddInputTests {
    @Test("a missing messageId is a warning; the rest decodes, and no receipts can be sent")
    func missingMessageId() throws {
        let result = roundTrips(try buzzKitExample(["messageId": nil]))
        #expect(result.payload.messageId == nil)
        #expect(result.payload.deepLink == "gym://class/77")
        #expect(codes(result) == [.messageIDMissing])
        #expect(diagnostic(result, at: "$.buzzkit.messageId")?.severity == .warning)
        #expect(adapter.receipts(for: .open, payload: result.payload, context: .init()).isEmpty)
    }

    @Test("a missing buzzkit object is a warning; aps still decodes")
    func missingVendorObject() {
        let userInfo: JSONObject = ["aps": ["alert": "hi"]]
        let result = adapter.decode(userInfo)
        #expect(result.payload == PushPayload(vendor: "buzzkit", alert: PushAlert(body: "hi")))
        #expect(codes(result) == [.vendorObjectMissing])
    }

    @Test("a buzzkit value that is not an object is kept in ignored as $.buzzkit and written back")
    func vendorNotObject() {
        for bad: JSONValue in ["msg_01HV3", 5, .null, ["messageId", "m"]] {
            let userInfo: JSONObject = ["aps": ["alert": ["body": "hi"]], "buzzkit": bad]
            let result = roundTrips(userInfo)
            #expect(result.payload.ignored == ["$.buzzkit": bad])
            #expect(codes(result) == [.wrongType])
        }
    }

    @Test("an aps that is not an object is kept in ignored as $.aps and written back")
    func apsNotObject() throws {
        var userInfo = try buzzKitExample(["actions": nil, "image": nil])
        userInfo["aps"] = "alert"
        let result = roundTrips(userInfo)
        #expect(result.payload.ignored == ["$.aps": "alert"])
        #expect(result.payload.alert == nil)
        #expect(codes(result).contains(.apsNotObject))
    }

    @Test("no aps at all: decoding notes it, encoding writes an aps dictionary")
    func noAps() {
        let userInfo: JSONObject = ["buzzkit": ["messageId": "m"]]
        let result = adapter.decode(userInfo)
        #expect(codes(result) == [.apsMissing])
        #expect(adapter.encode(result.payload).userInfo == ["aps": [:], "buzzkit": ["messageId": "m"]])
    }

    @Test("an empty messageId is kept with a warning; it is not claimed and sends no receipts")
    func emptyMessageId() throws {
        let userInfo = try buzzKitExample(["messageId": ""])
        let result = roundTrips(userInfo)
        #expect(result.payload.messageId == "")
        #expect(codes(result) == [.messageIDEmpty])
        #expect(!adapter.claims(userInfo))
        for step: LifecycleStep in [.arrive(.serviceExtension), .open, .dismiss] {
            #expect(adapter.receipts(for: step, payload: result.payload, context: .init()).isEmpty)
        }
    }

    @Test("an empty deepLink is kept as sent, noted, never routed and not reported")
    func emptyDeepLink() throws {
        let result = roundTrips(try buzzKitExample(["deepLink": ""]))
        #expect(result.payload.deepLink == "")
        #expect(diagnostic(result, at: "$.buzzkit.deepLink")?.diagnosticCode == .deepLinkEmpty)
        #expect(diagnostic(result, at: "$.buzzkit.deepLink")?.severity == .info)
        #expect(adapter.tapPlan(for: .open, payload: result.payload, context: .init()).deepLink == nil)
        let receipt = adapter.receipts(for: .open, payload: result.payload, context: .init()).first
        #expect(receipt?.properties["deepLink"] == nil)
    }

    @Test("an empty image, action name, button id or title is kept as sent with a diagnostic")
    func emptyStrings() throws {
        let image = roundTrips(try buzzKitExample(["image": ""]))
        #expect(image.payload.imageURL == "")
        #expect(codes(image) == [.imageEmpty])
        let action = roundTrips(try buzzKitExample(["action": ["name": ""]]))
        #expect(action.payload.action == PushAction(name: ""))
        #expect(codes(action) == [.actionNameEmpty])
        let buttons = roundTrips(try buzzKitExample(["actions": [["id": "", "title": ""]]]))
        #expect(buttons.payload.buttons == [PushButton(id: "", title: "")])
        #expect(codes(buttons) == [.buttonIDEmpty, .buttonTitleEmpty])
        #expect(buttons.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test("100 buttons: the first 4 are read, the other 96 are kept as one slice and written back in order")
    func hundredButtons() throws {
        let all = (0..<100).map { JSONValue.object(["id": .string("b\($0)"), "title": .string("B\($0)")]) }
        let result = roundTrips(try buzzKitExample(["actions": .array(all)]))
        #expect(result.payload.buttons.map(\.id) == ["b0", "b1", "b2", "b3"])
        #expect(result.payload.ignored == ["$.buzzkit.actions[4:]": .array(Array(all[4...]))])
        #expect(result.diagnostics.count == 1)
        #expect(codes(result) == [.tooManyButtons])
        #expect(result.diagnostics.first?.path == "$.buzzkit.actions[4]")
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test("the 4-button limit counts entries: broken ones among the first four keep their places")
    func brokenAmongFirstFour() throws {
        let actions: JSONValue = [
            ["id": "a", "title": "A"], 1, ["id": "c"], ["id": "d", "title": "D"], ["id": "e", "title": "E"], "f",
        ]
        let result = roundTrips(try buzzKitExample(["actions": actions]))
        #expect(result.payload.buttons.map(\.id) == ["a", "d"])
        #expect(result.payload.ignored == [
            "$.buzzkit.actions[1]": 1, "$.buzzkit.actions[2]": ["id": "c"],
            "$.buzzkit.actions[4:]": [["id": "e", "title": "E"], "f"],
        ])
    }

    @Test("all four first entries broken and a fifth: every entry comes back in its place")
    func allFirstFourBroken() throws {
        let actions: JSONValue = [1, 2, 3, 4, ["id": "e", "title": "E"]]
        let result = roundTrips(try buzzKitExample(["actions": actions]))
        #expect(result.payload.buttons.isEmpty)
        #expect(result.payload.ignored.count == 5)
    }

    @Test("an empty actions array gives no buttons")
    func emptyActions() throws {
        let result = roundTrips(try buzzKitExample(["actions": []]), exactWire: false)
        #expect(result.payload.buttons.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("other top-level keys are kept under their own names with an info diagnostic")
    func unknownTopLevel() throws {
        var userInfo = try buzzKitExample()
        userInfo["campaign"] = ["id": 9]
        userInfo["large_icon_url"] = "https://cdn.example.com/i.png"
        userInfo["$.buzzkit.deepLink"] = "trap"
        let result = roundTrips(userInfo)
        #expect(result.payload.ignored == [
            "campaign": ["id": 9], "large_icon_url": "https://cdn.example.com/i.png",
            "$[\"$.buzzkit.deepLink\"]": "trap",
        ])
        #expect(result.payload.deepLink == "gym://class/77")
        #expect(codes(result) == [.ignoredKey, .ignoredKey, .ignoredKey])
        #expect(result.diagnostics.allSatisfy { $0.severity == .info })
        #expect(Set(result.diagnostics.map(\.path)) == ["$.campaign", "$.large_icon_url", "$[\"$.buzzkit.deepLink\"]"])
    }

    @Test("unknown keys inside buzzkit, its action and its buttons are kept at their paths with a warning")
    func unknownInner() throws {
        let userInfo = try buzzKitExample([
            "deeplink": "gym://typo", "weird key": 1,
            "action": ["name": "show_offer", "value": "x"],
            "actions": [["id": "a", "title": "A", "deepLink": "gym://a", "color": "red"]],
        ])
        let result = roundTrips(userInfo)
        #expect(result.payload.ignored == [
            "$.buzzkit.deeplink": "gym://typo", "$.buzzkit[\"weird key\"]": 1, "$.buzzkit.action.value": "x",
            "$.buzzkit.actions[0].deepLink": "gym://a", "$.buzzkit.actions[0].color": "red",
        ])
        #expect(result.payload.buttons == [PushButton(id: "a", title: "A")], "BuzzKit buttons have no own link")
        #expect(codes(result).allSatisfy { $0 == .unknownKey })
        #expect(result.diagnostics.count == 5)
        #expect(diagnostic(result, at: "$.buzzkit.actions[0].deepLink")?.message.contains("no destination") == true)
    }

    @Test("a wrongly typed aps mutable-content or category that BuzzKit must replace is reported as a loss")
    func replacedApsValues() throws {
        var userInfo = try buzzKitExample()
        userInfo["aps"] = ["alert": ["body": "hi"], "mutable-content": "yes", "category": 7]
        let payload = adapter.decode(userInfo).payload
        #expect(payload.apsExtra == ["mutable-content": "yes", "category": 7])
        let result = adapter.encode(payload)
        #expect(result.losses.map(\.path) == [
            "$.mutableContent", "$.apsExtra[\"mutable-content\"]", "$.apsExtra.category",
        ])
        #expect(result.userInfo["aps"]?["mutable-content"] == 1)
        #expect(result.userInfo["aps"]?["category"] == "buzzkit.f6569d3a8f7894b9")
    }

    @Test("huge strings and deeply nested data decode and round-trip")
    func hugeAndDeep() throws {
        let huge = String(repeating: "x", count: 1_000_000)
        var nested: JSONValue = "bottom"
        for _ in 0..<300 { nested = ["next": nested] }
        let result = roundTrips(try buzzKitExample(["messageId": .string(huge), "data": ["deep": nested]]))
        #expect(result.payload.messageId?.count == 1_000_000)
        #expect(result.payload.data["deep"] == nested)
    }

    @Test("explicit false flags and empty action data decode like absent ones")
    func explicitDefaults() throws {
        let result = roundTrips(try buzzKitExample([
            "action": ["name": "go", "data": [:]],
            "actions": [["id": "a", "title": "A", "foreground": false, "destructive": false, "input": false]],
        ]), exactWire: false)
        #expect(result.payload.action == PushAction(name: "go"))
        #expect(result.payload.buttons == [PushButton(id: "a", title: "A")])
    }
}
