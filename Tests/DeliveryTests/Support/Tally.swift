import PushBridge
import PushBridgeTestSupport
import Testing

/// What the collector saw, per receipt id.
struct Tally {
    let requests: [CollectedRequest]

    /// Ids the collector answered 2xx (the client knows they were delivered).
    var acknowledgedKeys: Set<String> { Set(requests.filter(\.acknowledged).compactMap(\.idempotencyKey)) }
    /// Ids the collector stored at least once (2xx, or taken before the connection dropped).
    var acceptedKeys: Set<String> { Set(requests.filter(\.accepted).compactMap(\.idempotencyKey)) }
    /// Every id any request carried.
    var allKeys: Set<String> { Set(requests.compactMap(\.idempotencyKey)) }
    /// Events stored more than once: stored requests minus distinct stored ids.
    var duplicates: Int { requests.filter(\.accepted).count - acceptedKeys.count }
    /// Requests whose body never arrived in full.
    var incomplete: [CollectedRequest] { requests.filter { $0.action == "incomplete" } }
    /// Requests the collector took and then dropped without answering.
    var drops: Int { requests.filter { $0.action == "drop" }.count }

    /// Ids in the order the collector first stored them.
    var firstAcceptedOrder: [String] {
        var seen = Set<String>()
        return requests.filter(\.accepted).compactMap(\.idempotencyKey).filter { seen.insert($0).inserted }
    }

    /// Records an issue for every request without an Idempotency-Key, with an id outside `expected`, or whose
    /// body or path is not what the receipt with that id should send. Requests whose body never arrived (the
    /// client was killed or gave up mid-request) are not checked: the collector did not process them.
    func checkBodies(against expected: [Receipt], sourceLocation: SourceLocation = #_sourceLocation) {
        var byID: [String: Receipt] = [:]
        for receipt in expected { byID[receipt.idempotencyKey] = receipt }
        for request in requests where request.action != "incomplete" {
            guard let key = request.idempotencyKey else {
                Issue.record("a request carried no Idempotency-Key: \(request.line)", sourceLocation: sourceLocation)
                continue
            }
            guard let receipt = byID[key] else {
                Issue.record(
                    "the collector saw a receipt that was never recorded: \(request.line)",
                    sourceLocation: sourceLocation)
                continue
            }
            if request.body != Batch.expectedBody(receipt) {
                Issue.record(
                    "request body differs from receipt \(key): \(request.line)", sourceLocation: sourceLocation)
            }
            if request.path != Self.path[receipt.vendor] || request.method != "POST" {
                Issue.record(
                    "\(receipt.vendor) receipt went to \(request.method) \(request.path)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Each vendor's documented path (docs/DELIVERY.md).
    static let path = [
        "zixflow": "/v1/track", "buzzkit": "/v1/events", "appdna": "/v1/push/events", "pushnotifai": "/v1/events",
    ]
}

/// The arguments of a quick `flush` against `collector`.
func flushArguments(_ outbox: String, _ collector: Collector, _ extra: [String] = []) -> [String] {
    ["flush", "--outbox", outbox, "--endpoint", collector.baseURL, "--base-delay", "0.01", "--max-attempts", "4",
     "--request-timeout", "5", "--max-time", "20"] + extra
}

/// Flushes until `flush` exits 0 (nothing left), at most `maxRuns` times; returns the runs' results.
func flushUntilEmpty(
    _ outbox: String, _ collector: Collector, in scratch: Scratch, maxRuns: Int = 8, extra: [String] = [],
    environment: [String: String] = [:]
) throws -> [ProcessResult] {
    var results: [ProcessResult] = []
    for _ in 0..<maxRuns {
        let result = try BridgeCLI.run(
            flushArguments(outbox, collector, extra), environment: environment, in: scratch, timeout: 40)
        results.append(result)
        if result.status == 0 { break }
    }
    let last = results.last.map { "\($0)" } ?? ""
    #expect(results.last?.status == 0, "the outbox was not empty after \(maxRuns) flushes: \(last)")
    return results
}
