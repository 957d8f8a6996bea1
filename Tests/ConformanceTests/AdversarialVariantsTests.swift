import PushBridge
import Testing

@testable import PushBridgeConformance

private let payload: JSONObject = [
    "aps": ["alert": "Hello", "badge": 3],
    "Zixflow-Delivery-ID": "42",
    "action_buttons": .string(#"[{"name":"Go","deeplink":"a://b"}]"#),
]

@Suite("Adversarial variants")
struct AdversarialVariantsTests {
    private let variants = AdversarialVariant.variants(of: payload, limit: 10_000)

    private func variant(_ path: String, _ mutation: AdversarialVariant.Mutation) -> AdversarialVariant? {
        variants.first { $0.path == path && $0.mutation == mutation }
    }

    @Test("every key is removed in turn")
    func removals() {
        #expect(variant("$.aps.badge", .removed)?.userInfo["aps"] == ["alert": "Hello"])
        #expect(variant("$[\"Zixflow-Delivery-ID\"]", .removed)?.userInfo["Zixflow-Delivery-ID"] == nil)
        #expect(variant("$.aps", .removed)?.userInfo.keys.sorted() == ["Zixflow-Delivery-ID", "action_buttons"])
    }

    @Test("every value is replaced by a value of each other JSON type, remembering the original")
    func replacements() throws {
        let badge = variants.filter { $0.path == "$.aps.badge" }.compactMap { variant -> JSONValue? in
            if case .replaced(let value) = variant.mutation { return value } else { return nil }
        }
        #expect(Set(badge.map(\.typeName)) == ["null", "boolean", "string", "array", "object"])
        let replaced = try #require(variant("$.aps.badge", .replaced(by: .null)))
        #expect(replaced.original == 3)
        #expect(replaced.userInfo["aps"]?["badge"] == .null)
        #expect(replaced.label == "$.aps.badge replaced by null")
    }

    @Test("strings are truncated and made huge; arrays and objects are emptied; arrays are multiplied")
    func reshapes() throws {
        #expect(variant("$.aps.alert", .truncated)?.userInfo["aps"]?["alert"] == "He")
        #expect(variant("$.aps.alert", .huge)?.userInfo["aps"]?["alert"]?.stringValue?.count == 5000)
        #expect(variant("$.aps", .emptied)?.userInfo["aps"] == .object([:]))
        #expect(variant(JSONPath.root, .emptied)?.userInfo == [:])
        let deep = try #require(variants.first { $0.mutation == .deeplyNested })
        #expect(deep.userInfo["zz-adversarial-deep"] != nil)
    }

    @Test("a string holding JSON is mutated inside, and the result is written back as a string")
    func embeddedJSON() throws {
        let many = try #require(variant("$.action_buttons", .multiplied))
        let text = try #require(many.userInfo["action_buttons"]?.stringValue)
        #expect(try JSONParser.parse(text).arrayValue?.count == 100)
        let name = try #require(variant("$.action_buttons[0].name", .replaced(by: .number(JSONNumber(1.5)))))
        #expect(name.userInfo["action_buttons"] == .string(#"[{"deeplink":"a://b","name":1.5}]"#))
        let emptied = try #require(variant("$.action_buttons", .emptied))
        #expect(emptied.userInfo["action_buttons"] == "[]")
        #expect(emptied.label == "$.action_buttons emptied (inside the string)")
        let nullInside = variants.filter { $0.path == "$.action_buttons" && $0.mutation == .replaced(by: .null) }
        #expect(
            Set(nullInside.map(\.label)) == [
                "$.action_buttons replaced by null", "$.action_buttons replaced by null (inside the string)",
            ])
        #expect(Set(nullInside.map { $0.userInfo["action_buttons"]! }) == [.null, "null"])
        #expect(
            variant("$.action_buttons", .truncated)?.userInfo["action_buttons"]?.stringValue?.hasPrefix("[{\"name\"")
                == true)
    }

    @Test("a limit keeps an even, repeatable spread that still ends with the whole-payload variants")
    func limit() {
        let limited = AdversarialVariant.variants(of: payload, limit: 10)
        #expect(limited.count == 10)
        #expect(limited == AdversarialVariant.variants(of: payload, limit: 10))
        #expect(limited.suffix(2).map(\.mutation) == [.deeplyNested, .emptied])
        #expect(Set(limited.map(\.path)).count > 3)
        #expect(AdversarialVariant.variants(of: payload, limit: 0).isEmpty)
    }
}

@Suite("JSON paths and differences")
struct JSONToolsTests {
    @Test("paths the core writes parse into steps and render back the same")
    func parseAndRender() throws {
        for path in [
            "$", "$.aps.alert", "$[\"Zixflow-Delivery-ID\"]", "$.buttons[2].deepLink", "$.ignored[\"a\\\"b\"]",
        ] {
            let steps = try #require(JSONPathSteps.parse(path), "\(path)")
            #expect(JSONPathSteps.render(steps) == path)
        }
        for bad in ["", "aps", "$.", "$[x]", "$[-1]", "$[\"a\"", "$..a"] {
            #expect(JSONPathSteps.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("removing loss paths takes out the values, later elements first, and drops emptied containers")
    func removing() {
        let value: JSONValue = [
            "buttons": [["id": "a", "deepLink": "x"], ["id": "b"], ["id": "c"]], "ignored": ["k": 1], "vendor": "v",
        ]
        let removed = JSONPathSteps.removing(["$.buttons[0].deepLink", "$.buttons[1]", "$.ignored.k"], from: value)
        #expect(removed == ["buttons": [["id": "a"], ["id": "c"]], "vendor": "v"])
        #expect(JSONPathSteps.removing(["$.missing", "$.buttons[9]"], from: value) == value)
    }

    @Test("differences name each differing path, with absent values shown as such")
    func differences() {
        let found = JSONDifference.between(["a": [1, 2], "b": "x"], ["a": [1, 3], "c": true], at: "$")
        #expect(found.map(\.path) == ["$.a[1]", "$.b", "$.c"])
        #expect(JSONDifference.show(found[1].actual) == "(absent)")
        #expect(JSONDifference.between([1], [1, 2], at: "$").map(\.path) == ["$"])
    }

    @Test("a diagnostic is related to a value at, above or below its path, not to a sibling")
    func related() {
        #expect(ConformanceSuite.isRelated("$.badge", "$.badge"))
        #expect(ConformanceSuite.isRelated("$.action_buttons", "$.action_buttons[0].name"))
        #expect(ConformanceSuite.isRelated("$.aps.alert.title", "$.aps.alert"))
        #expect(!ConformanceSuite.isRelated("$.badge", "$.badge_count"))
        #expect(!ConformanceSuite.isRelated("$", "$.badge"))
    }
}
