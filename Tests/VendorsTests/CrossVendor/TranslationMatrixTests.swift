import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Every ordered pair of the four vendors, on the §3 examples (WIRE-FORMATS §4, §7.7, §7.8).
@Suite("Translation between every pair of vendors")
struct TranslationMatrixTests {
    static let examples = [
        "zixflow-custom.json", "zixflow-native.json", "buzzkit.json", "appdna.json", "pushnotifai.json",
    ]
    static let vendorIDs = ["zixflow", "buzzkit", "appdna", "pushnotifai"]

    /// The expected loss paths for each (example, target), checked against WIRE-FORMATS §3, §4 and §7.
    static let expectedLosses: [String: [String: Set<String>]] = [
        "zixflow-custom.json": [
            "zixflow": [],
            "buzzkit": [#"$.tracking["Zixflow-Delivery-Token"]"#, "$.ignored.large_icon_url", "$.buttons[0].deepLink"],
            "appdna": [#"$.tracking["Zixflow-Delivery-Token"]"#, "$.ignored.large_icon_url"],
            "pushnotifai": [
                #"$.tracking["Zixflow-Delivery-Token"]"#, "$.ignored.large_icon_url", "$.imageURL", "$.buttons[0]",
                "$.buttons[0].deepLink", "$.buttons[1]",
            ],
        ],
        "zixflow-native.json": [
            "zixflow": [],
            "buzzkit": [#"$.tracking["Zixflow-Delivery-Token"]"#, "$.buttons[0].deepLink"],
            "appdna": [#"$.tracking["Zixflow-Delivery-Token"]"#],
            "pushnotifai": [#"$.tracking["Zixflow-Delivery-Token"]"#, "$.buttons[0]", "$.buttons[0].deepLink", "$.buttons[1]"],
        ],
        "buzzkit.json": [
            "zixflow": [
                "$.buttons[0].id", "$.buttons[1].id", "$.buttons[1].foreground", "$.buttons[1].destructive",
                "$.buttons[1]", "$.buttons[2]", "$.action.data",
            ],
            "buzzkit": [],
            "appdna": ["$.action"],
            "pushnotifai": [
                "$.imageURL", "$.action", "$.buttons[0]", "$.buttons[1]", "$.buttons[2]", "$.buttons[2].input",
                "$.buttons[2].placeholder",
            ],
        ],
        "appdna.json": [
            "zixflow": [
                "$.buttons[0].id", "$.buttons[1].id", "$.buttons[1].foreground", "$.buttons[1].destructive",
                "$.buttons[2]", "$.action.data",
            ],
            "buzzkit": ["$.buttons[0].deepLink"],
            "appdna": [],
            "pushnotifai": [
                "$.imageURL", "$.action", "$.buttons[0]", "$.buttons[0].deepLink", "$.buttons[1]", "$.buttons[2]",
                "$.buttons[2].input", "$.buttons[2].placeholder",
            ],
        ],
        "pushnotifai.json": ["zixflow": [], "buzzkit": [], "appdna": [], "pushnotifai": []],
    ]

    static var pairs: [(String, String)] {
        examples.flatMap { example in vendorIDs.map { (example, $0) } }
    }

    @Test("translate --report lists exactly the expected losses", arguments: pairs)
    func losses(example: String, target: String) throws {
        let userInfo = try Fixtures.payload(example)
        let registry = BuiltInVendors.registry
        let source = try registry.resolve(userInfo)
        let translation = Translator.translate(userInfo, from: source, to: try registry.requireAdapter(id: target))
        #expect(Set(translation.losses.map(\.path)) == Self.expectedLosses[example]![target]!)
        #expect(try registry.resolve(translation.userInfo).id == target, "the target claims its own output")
    }

    @Test("without collecting losses: the same userInfo and diagnostics, and no losses", arguments: pairs)
    func withoutLosses(example: String, target: String) throws {
        let registry = BuiltInVendors.registry
        var inputs = [try Fixtures.payload(example)]
        // The same example with what makes losses: wrong types kept in ignored, tracking, many buttons.
        let odd: JSONObject = [
            "large_icon_url": 5, "sticky": true, "campaign": ["nested": [1, 2]], "Zixflow-Delivery-Token": "tok",
        ]
        inputs.append(inputs[0].merging(odd) { current, _ in current })
        for userInfo in inputs {
            let source = try registry.resolve(userInfo)
            let to = try registry.requireAdapter(id: target)
            let full = Translator.translate(userInfo, from: source, to: to)
            let lean = Translator.translate(userInfo, from: source, to: to, collectingLosses: false)
            #expect(lean.userInfo == full.userInfo, "\(example) → \(target)")
            #expect(lean.diagnostics == full.diagnostics)
            #expect(lean.payload == full.payload)
            #expect(lean.losses.isEmpty)
            let payload = source.decode(userInfo).payload
            #expect(to.encode(payload, collectingLosses: false).userInfo == to.encode(payload).userInfo)
            #expect(to.encode(payload, collectingLosses: false).losses.isEmpty)
        }
    }

    @Test("A→B→A keeps every field B can carry", arguments: pairs)
    func roundTrip(example: String, via target: String) throws {
        let userInfo = try Fixtures.payload(example)
        let registry = BuiltInVendors.registry
        let source = try registry.resolve(userInfo)
        let middle = try registry.requireAdapter(id: target)
        let there = Translator.translate(userInfo, from: source, to: middle)
        let back = Translator.translate(there.userInfo, from: middle, to: source)
        let original = leaves(source.decode(userInfo).payload.bridgeJSON)
        let returned = leaves(source.decode(back.userInfo).payload.bridgeJSON)
        let lost = (there.losses + back.losses).map(\.path)
        for (path, value) in original {
            // Derived by each vendor (WIRE-FORMATS §7.7), not carried.
            if path == "$.category" || path == "$.mutableContent" { continue }
            if lost.contains(where: { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") }) { continue }
            #expect(returned[path] == value, "\(example) via \(target): \(path)")
        }
    }

    @Test("a vendor's own category is never carried into another vendor")
    func ownCategoryNotCarried() throws {
        let registry = BuiltInVendors.registry
        for example in Self.examples {
            let userInfo = try Fixtures.payload(example)
            let source = try registry.resolve(userInfo)
            for target in registry.adapters where target.id != source.id {
                let category = Translator.translate(userInfo, from: source, to: target).userInfo["aps"]?["category"]?.stringValue
                if let category { #expect(!source.ownsCategory(category), "\(example) → \(target.id): \(category)") }
            }
        }
    }

    @Test("a campaign category survives where the target allows it")
    func campaignCategory() throws {
        let registry = BuiltInVendors.registry
        let userInfo: JSONObject = [
            "aps": ["alert": "Hi", "category": "promo"], "pna_message_id": "p1",
        ]
        let pushNotifAI = try registry.requireAdapter(id: "pushnotifai")
        for target in ["zixflow", "buzzkit", "appdna"] {
            let translation = Translator.translate(userInfo, from: pushNotifAI, to: try registry.requireAdapter(id: target))
            #expect(translation.userInfo["aps"]?["category"] == "promo", "\(target)")
        }
    }

    @Test("AppDNA → BuzzKit: a link-less foreground button that would start routing the message's link is a loss")
    func buttonThatWouldStartRouting() throws {
        let registry = BuiltInVendors.registry
        let userInfo: JSONObject = [
            "aps": ["alert": "Hi"],
            "appdna": [
                "push_id": "p1", "action": ["type": "deep_link", "value": "fit://home"],
                "actions": [["id": "ok", "title": "OK"], ["id": "go", "title": "Go", "type": "deep_link", "value": "fit://go"]],
            ],
        ]
        let translation = Translator.translate(
            userInfo, from: try registry.requireAdapter(id: "appdna"), to: try registry.requireAdapter(id: "buzzkit"))
        #expect(translation.losses.contains { $0.path == "$.buttons[0]" })
        #expect(!translation.losses.contains { $0.path == "$.buttons[1]" })
    }

    @Test("a device token lost in translation is reported as [redacted], never printed")
    func tokenRedactedInLosses() throws {
        let registry = BuiltInVendors.registry
        let userInfo = try Fixtures.payload("zixflow-custom.json")
        let translation = Translator.translate(
            userInfo, from: try registry.requireAdapter(id: "zixflow"), to: try registry.requireAdapter(id: "buzzkit"))
        let token = try #require(translation.losses.first { $0.path == #"$.tracking["Zixflow-Delivery-Token"]"# })
        #expect(token.value == "[redacted]")
        #expect(!translation.losses.contains { JSONWriter.string($0.json).contains("dcFRlDhiRbehM1vg") })
    }

    /// Leaf values of a JSON value by JSON path.
    private func leaves(_ value: JSONValue, _ path: String = JSONPath.root) -> JSONObject {
        switch value {
        case .object(let members) where !members.isEmpty:
            return members.reduce(into: [:]) { $0.merge(leaves($1.value, JSONPath.member($1.key, of: path))) { a, _ in a } }
        case .array(let elements) where !elements.isEmpty:
            return elements.enumerated().reduce(into: [:]) { $0.merge(leaves($1.element, JSONPath.element($1.offset, of: path))) { a, _ in a } }
        default:
            return [path: value]
        }
    }
}
