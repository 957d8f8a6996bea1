import PushBridge
import PushBridgeSend
import Testing

/// Klaviyo's campaign holds its push five levels down (`data.attributes["campaign-messages"].data[0].attributes
/// .definition`), below the three levels the mutation suite reaches: these mutations go all the way, through
/// arrays too.
@Suite("Klaviyo send requests, mutated to the leaves")
struct KlaviyoSendTests {
    /// A step into a JSON value: a member or an element.
    enum Step: CustomStringConvertible {
        case member(String)
        case element(Int)

        var description: String {
            switch self {
            case .member(let key): return key
            case .element(let index): return "[\(index)]"
            }
        }
    }

    /// Every path in `value` that names a member or an element.
    static func paths(_ value: JSONValue) -> [[Step]] {
        switch value {
        case .object(let object):
            return object.keysInCanonicalOrder.flatMap { key in
                [[Step.member(key)]] + paths(object[key] ?? .null).map { [.member(key)] + $0 }
            }
        case .array(let elements):
            return elements.indices.flatMap { index in
                [[Step.element(index)]] + paths(elements[index]).map { [.element(index)] + $0 }
            }
        default:
            return []
        }
    }

    /// `value` with what `steps` names removed (nil) or replaced.
    static func replacing(_ steps: ArraySlice<Step>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let step = steps.first else { return value }
        switch (step, value) {
        case (.member(let key), .object(var object)):
            guard let inner = object[key] else { return value }
            if steps.count > 1 {
                object[key] = replacing(steps.dropFirst(), in: inner, with: replacement)
            } else if let replacement {
                object[key] = replacement
            } else {
                object.removeValue(forKey: key)
            }
            return .object(object)
        case (.element(let index), .array(var elements)) where elements.indices.contains(index):
            if steps.count > 1 {
                elements[index] = replacing(steps.dropFirst(), in: elements[index], with: replacement)
            } else if let replacement {
                elements[index] = replacement
            } else {
                elements.remove(at: index)
            }
            return .array(elements)
        default:
            return value
        }
    }

    static let replacements: [JSONValue] = [.null, 0, -1, "", "x", "https://example.com/x", true, [], [:]]

    static var requests: [SendHTTPRequest] {
        let corpus = CorpusCase.all.filter { $0.vendor == "klaviyo" }.compactMap { try? $0.request() }
        let cases = SendCase.all.filter { $0.file.hasPrefix("klaviyo/") && $0.json["valid"] == true }
            .compactMap { $0.json["request"] }
            .filter { $0["requests"] == nil }
            .map { SendHTTPRequest(path: KlaviyoSendAdapter().primaryPath, body: $0) }
        return corpus + cases
    }

    @Test("every member and element of a Klaviyo request, removed or replaced, keeps the law between every pair", arguments: 0..<16)
    func mutations(_ index: Int) throws {
        let requests = Self.requests
        guard index < requests.count else { return }
        let request = requests[index]
        var variants: [(label: String, body: JSONValue)] = []
        for path in Self.paths(request.body) {
            for replacement in [nil] + Self.replacements.map(Optional.some) {
                variants.append((
                    "\(path.map(\.description).joined(separator: ".")) = \(replacement.map { JSONWriter.string($0) } ?? "removed")",
                    Self.replacing(path[...], in: request.body, with: replacement)))
            }
        }
        let failures = SendMutationTests.failures(request, from: KlaviyoSendAdapter(), variants: variants)
        #expect(failures.isEmpty, "\(failures.prefix(8))")
    }

    @Test("the mutation list covers every Klaviyo corpus request and single-request case")
    func coversAll() {
        #expect(Self.requests.count <= 16)
    }
}
