import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The leaves of a bridge form: each scalar, empty object and empty array by its JSON path.
private func leaves(_ value: JSONValue, at path: String = JSONPath.root) -> [(path: String, value: JSONValue)] {
    switch value {
    case .object(let members) where !members.isEmpty:
        return members.membersInCanonicalOrder.flatMap { leaves($0.value, at: JSONPath.member($0.key, of: path)) }
    case .array(let elements) where !elements.isEmpty:
        return elements.enumerated().flatMap { leaves($0.element, at: JSONPath.element($0.offset, of: path)) }
    default:
        return [(path, value)]
    }
}

/// Every ordered pair of the built-in vendors, on each bundled example: whatever the target's own decoding of
/// the translation does not give back is a reported loss (or a field the rules re-derive in the target).
@Suite("Translation between every ordered pair of built-in vendors reports every loss")
struct TranslationEveryPairTests {
    /// Fields a translation re-derives rather than carries (WIRE-FORMATS §7.7–§7.8): the vendor, a source-owned
    /// category, `mutable-content` (the target sets it for what it carries), the message id (the target's own, or
    /// a loss at `$.messageId` where it has none).
    static let derived: Set<String> = ["$.vendor", "$.category", "$.mutableContent", "$.messageId"]

    static let examples: [String] = (try? FileManager.default.contentsOfDirectory(
        atPath: TestPaths.packageRoot + "/examples/payloads"))?.filter { $0.hasSuffix(".json") }.sorted() ?? []

    @Test("every example payload into every vendor", arguments: TranslationEveryPairTests.examples)
    func everyPair(name: String) throws {
        #expect(Self.examples.count >= BuiltInVendors.all.count)
        let userInfo = try Fixtures.payload(name)
        let source = try BuiltInVendors.registry.resolve(userInfo)
        var original = source.decodeClaimed(userInfo).payload
        // What means the same as no value is dropped without a loss (§7.8).
        Translator.dropIgnoredDefaults(from: &original, source: source)
        for target in BuiltInVendors.all {
            let translation = Translator.translate(userInfo, from: source, to: target)
            let back = target.decodeClaimed(translation.userInfo).payload.bridgeJSON
            let backLeaves = Dictionary(leaves(back).map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
            // A tracking value equal to the message id travels on as the target's message id (§7.8).
            let messageId = original.messageId.map { JSONValue.string($0) }
            for leaf in leaves(original.bridgeJSON) where !Self.derived.contains(leaf.path) {
                if leaf.path.hasPrefix("$.tracking"), leaf.value == messageId { continue }
                guard backLeaves[leaf.path] != leaf.value else { continue }
                let reported = translation.losses.contains {
                    JSONPath.isSameOrInside(leaf.path, $0.path) || JSONPath.isSameOrInside($0.path, leaf.path)
                }
                #expect(reported, "\(name) \(source.id) → \(target.id): \(leaf.path) = \(JSONWriter.string(leaf.value)) came back as \(backLeaves[leaf.path].map { JSONWriter.string($0) } ?? "(absent)") with no loss reported")
            }
        }
    }

    @Test("no translation writes a button with an empty title: buttons of an app category stay with the category or are losses")
    func noUntitledButtons() throws {
        let sources = [
            #"{"aps":{"alert":"Hi","category":"order_actions"},"ab":{"c":"x","ab_cat":{"track":{"a_t":"ab_uri","a_uri":"app://t"},"decline":{"a_t":"ab_none"}}},"ab_uri":"app://m"}"#,
            #"{"aps":{"alert":"Hi","category":"shop"},"_":"s1","com.urbanairship.interactive_actions":{"buy":{"^d":"app://buy"},"later":{}}}"#,
        ]
        for text in sources {
            let userInfo = try Fixtures.userInfo(text)
            let source = try BuiltInVendors.registry.resolve(userInfo)
            #expect(source.decodeClaimed(userInfo).payload.buttons.contains { $0.title.isEmpty }, "\(source.id)")
            for target in BuiltInVendors.all where target.id != source.id {
                let translation = Translator.translate(userInfo, from: source, to: target)
                let shown = target.decodeClaimed(translation.userInfo).payload
                let untitled = shown.buttons.filter(\.title.isEmpty).map(\.id)
                // A target whose buttons come from a registered category (Airship, Braze) writes no titles at all.
                guard shown.category != "order_actions", shown.category != "shop" else { continue }
                #expect(untitled.isEmpty, "\(source.id) → \(target.id): \(JSONWriter.string(.object(translation.userInfo)))")
            }
        }
    }
}
