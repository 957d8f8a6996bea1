import PushBridge
import PushBridgeSend
import Testing

/// Requests near the corpus: each member (to three levels deep) removed or replaced by a value of another
/// type. Every variant is parsed, validated and rendered for every vendor without a crash, and keeps the
/// commutation law.
@Suite("Send requests, mutated")
struct SendMutationTests {
    static let replacements: [JSONValue] = [.null, 0, -1, "", "x", true, [], [:], ["a": ["b": 1]]]

    /// `value` with the member at `steps` removed (nil) or replaced.
    static func replacing(_ steps: ArraySlice<String>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let key = steps.first, case .object(var object) = value, let inner = object[key] else { return value }
        if steps.count == 1 {
            if let replacement { object[key] = replacement } else { object.removeValue(forKey: key) }
        } else {
            object[key] = replacing(steps.dropFirst(), in: inner, with: replacement)
        }
        return .object(object)
    }

    /// The member paths of `value`, as key lists, to `depth` levels.
    static func memberPaths(_ value: JSONValue, depth: Int) -> [[String]] {
        guard depth > 0, case .object(let object) = value else { return [] }
        var paths: [[String]] = []
        for (key, inner) in object {
            paths.append([key])
            paths += memberPaths(inner, depth: depth - 1).map { [key] + $0 }
        }
        return paths
    }

    static var requests: [(vendor: String, request: SendHTTPRequest)] {
        var all = SendSamples.all.map { ($0.vendor, $0.request) }
        for corpus in CorpusCase.all {
            if let request = try? corpus.request() { all.append((corpus.vendor, request)) }
        }
        return all
    }

    @Test("every mutation of a corpus or sample request keeps the law between every pair", arguments: 0..<40)
    func mutations(_ index: Int) throws {
        let requests = Self.requests
        guard index < requests.count else { return }
        let (vendor, request) = requests[index]
        let source = try #require(SendVendors.adapter(id: vendor))
        var variants: [(label: String, body: JSONValue)] = []
        for path in Self.memberPaths(request.body, depth: 3) {
            for replacement in [nil] + Self.replacements.map(Optional.some) {
                variants.append((
                    "\(path.joined(separator: ".")) = \(replacement.map { JSONWriter.string($0) } ?? "removed")",
                    Self.replacing(path[...], in: request.body, with: replacement)))
            }
        }
        let failures = Self.failures(request, from: source, variants: variants)
        #expect(failures.isEmpty, "\(failures.prefix(8))")
    }

    /// The law's failures, between `source` and every target, of `request` with each variant's body (each
    /// validated too, which must not crash), labelled with the variant's label.
    static func failures(
        _ request: SendHTTPRequest, from source: any SendAdapter, variants: [(label: String, body: JSONValue)]
    ) -> [String] {
        var failures: [String] = []
        for variant in variants {
            var mutated = request
            mutated.body = variant.body
            _ = source.validate(mutated)
            for target in SendVendors.all {
                failures += Commutation.violations(mutated, from: source, to: target).map { "\(variant.label): \($0)" }
            }
        }
        return failures
    }

    @Test("the mutation list covers every corpus and sample request")
    func coversAll() {
        #expect(Self.requests.count <= 40)
    }
}
