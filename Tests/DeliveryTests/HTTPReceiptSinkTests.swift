import PushBridge
import PushBridgeDelivery
import PushBridgeVendors
import Testing

/// A transport that answers from a script and records every request; time is simulated.
final class ScriptedTransport: HTTPTransport {
    struct Sent: Sendable {
        var url: String
        var method: String
        var headers: [HTTPHeader]
        var body: [UInt8]
        var timeout: Double

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    private let state: Locked<(answers: [Result<HTTPResponse, HTTPTransportFailure>], sent: [Sent])>
    /// Seconds of simulated time each request takes.
    let requestDuration: Double
    let clock: SimulatedClock

    init(
        _ answers: [Result<HTTPResponse, HTTPTransportFailure>], clock: SimulatedClock, requestDuration: Double = 0.01
    ) {
        state = Locked((answers, []))
        self.clock = clock
        self.requestDuration = requestDuration
    }

    func send(url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double)
        -> Result<HTTPResponse, HTTPTransportFailure>
    {
        clock.advance(requestDuration)
        return state.withLock { state in
            state.sent.append(Sent(url: url, method: method, headers: headers, body: body, timeout: timeout))
            return state.answers.isEmpty ? .success(HTTPResponse(status: 200)) : state.answers.removeFirst()
        }
    }

    var sent: [Sent] { state.withLock { $0.sent } }
}

/// A clock that moves only when told (by requests and sleeps).
final class SimulatedClock: Sendable {
    private let state = Locked<(now: Double, sleeps: [Double])>((0, []))
    func advance(_ seconds: Double) { state.withLock { $0.now += seconds } }
    func sleep(_ seconds: Double) {
        state.withLock {
            $0.now += seconds
            $0.sleeps.append(seconds)
        }
    }
    var now: Double { state.withLock { $0.now } }
    var sleeps: [Double] { state.withLock { $0.sleeps } }
}

/// A sink over a scripted transport, the jitter fixed at `unit`.
func scriptedSink(
    _ answers: [Result<HTTPResponse, HTTPTransportFailure>], retry: RetryPolicy = RetryPolicy(), unit: Double = 1,
    writeKey: String? = "wk_test_secret", baseURL: String? = "https://collector.test/base/"
) -> (HTTPReceiptSink, ScriptedTransport, SimulatedClock) {
    let clock = SimulatedClock()
    let transport = ScriptedTransport(answers, clock: clock)
    let sink = HTTPReceiptSink(
        registry: BuiltInVendors.registry,
        configuration: HTTPReceiptSink.Configuration(baseURL: baseURL, retry: retry, requestTimeout: 5),
        credentials: ReceiptCredentials(writeKey: writeKey), transport: transport,
        sleep: { clock.sleep($0) }, randomUnit: { unit }, clock: { clock.now })
    return (sink, transport, clock)
}

func status(
    _ code: Int, _ headers: [String: String] = [:], body: String = ""
) -> Result<HTTPResponse, HTTPTransportFailure> {
    .success(HTTPResponse(status: code, headers: headers, body: Array(body.utf8)))
}

let zixflowReceipt = Receipt(
    vendor: "zixflow", kind: .delivered, event: "Delivered",
    properties: ["Zixflow-Delivery-ID": "d-1", "Zixflow-Delivery-Token": "devtok0123456789abcdef"], messageId: "d-1")

@Suite("HTTPReceiptSink: retries and outcomes")
struct HTTPReceiptSinkTests {
    @Test("every attempt for one receipt carries the same Idempotency-Key: the receipt's id")
    func sameKeyOnEveryRetry() {
        let (sink, transport, _) = scriptedSink([status(500), status(503), status(200)])
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 3, status: 200))
        #expect(transport.sent.count == 3)
        #expect(Set(transport.sent.compactMap { $0.header("Idempotency-Key") }) == [zixflowReceipt.idempotencyKey])
        #expect(Set(transport.sent.map(\.body)).count == 1)
        #expect(transport.sent.allSatisfy { $0.url == "https://collector.test/base/v1/track" && $0.method == "POST" })
    }

    @Test("an outbox entry's id is the key when given")
    func explicitKey() {
        let (sink, transport, _) = scriptedSink([status(201)])
        #expect(sink.deliver(zixflowReceipt, idempotencyKey: "k-1") == .delivered(attempts: 1, status: 201))
        #expect(transport.sent.map { $0.header("Idempotency-Key") } == ["k-1"])
    }

    @Test("408, 429 and every 5xx are retried", arguments: [408, 429, 500, 502, 503, 504, 599])
    func retryableStatuses(code: Int) {
        let (sink, transport, _) = scriptedSink([status(code), status(200)])
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 2, status: 200))
        #expect(transport.sent.count == 2)
    }

    @Test("any other 4xx is permanent after one request", arguments: [400, 401, 403, 404, 409, 410, 413, 422])
    func permanentStatuses(code: Int) {
        let (sink, transport, clock) = scriptedSink([status(code, body: "{\"error\":\"nope\"}")])
        guard case .permanentFailure(1, code, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("HTTP \(code) was not a permanent failure after one attempt")
            return
        }
        #expect(reason == "HTTP \(code): {\"error\":\"nope\"}")
        #expect(transport.sent.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("network errors and timeouts are retried; a malformed URL is not")
    func transportFailures() {
        let (sink, transport, _) = scriptedSink([
            .failure(HTTPTransportFailure(.network, "connection reset")),
            .failure(HTTPTransportFailure(.timedOut, "no answer")), status(204),
        ])
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 3, status: 204))
        #expect(transport.sent.count == 3)
        let (badSink, badTransport, _) = scriptedSink([.failure(HTTPTransportFailure(.invalidRequest, "bad URL"))])
        #expect(badSink.deliver(zixflowReceipt) == .retryLater(attempts: 1, reason: "bad URL"))
        #expect(badTransport.sent.count == 1)
    }

    @Test("waits grow exponentially with jitter between half and all of the step, up to the cap")
    func backoff() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 0.5, multiplier: 2, maxDelay: 4)
        #expect((1...6).map { policy.delay(afterAttempt: $0, unit: 1) } == [0.5, 1, 2, 4, 4, 4])
        #expect((1...4).map { policy.delay(afterAttempt: $0, unit: 0) } == [0.25, 0.5, 1, 2])
        #expect(policy.delay(afterAttempt: 2, unit: 0.5) == 0.75)
        let answers = [status(500), status(500), status(500), status(200)]
        let (sink, _, clock) = scriptedSink(answers, retry: policy, unit: 0)
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 4, status: 200))
        #expect(clock.sleeps == [0.25, 0.5, 1])
    }

    @Test("Retry-After is honoured: the wait is never shorter, in seconds or as an HTTP date")
    func retryAfter() {
        let (sink, _, clock) = scriptedSink([status(429, ["Retry-After": "7"]), status(200)])
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 2, status: 200))
        #expect(clock.sleeps == [7])
        #expect(RetryPolicy.retryAfterSeconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_770) == 7)
        #expect(RetryPolicy.retryAfterSeconds("Sun, 06 Nov 1994 08:49:37 GMT", now: 784_111_800) == 0)
        #expect(RetryPolicy.retryAfterSeconds(" 12 ", now: 0) == 12)
        #expect(RetryPolicy.retryAfterSeconds("soon", now: 0) == nil)
        #expect(RetryPolicy.retryAfterSeconds("-3", now: 0) == nil)
    }

    @Test("a Retry-After longer than the policy honours leaves the receipt for later at once")
    func longRetryAfter() {
        let (sink, transport, clock) = scriptedSink([status(503, ["Retry-After": "3600"])])
        guard case .retryLater(1, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("a one-hour Retry-After was waited for")
            return
        }
        #expect(reason.contains("Retry-After 3600 s"))
        #expect(transport.sent.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("attempts are bounded by the policy's count and by its total time")
    func bounded() {
        let failures = Array(repeating: status(500), count: 50)
        let (countSink, countTransport, _) = scriptedSink(failures, retry: RetryPolicy(maxAttempts: 4))
        #expect(countSink.deliver(zixflowReceipt) == .retryLater(attempts: 4, reason: "HTTP 500 (after 4 attempts)"))
        #expect(countTransport.sent.count == 4)

        let (timeSink, timeTransport, clock) = scriptedSink(
            failures, retry: RetryPolicy(maxAttempts: 50, baseDelay: 1, maxDelay: 1, maxTotalTime: 5))
        guard case .retryLater(let attempts, _) = timeSink.deliver(zixflowReceipt) else {
            Issue.record("expected retryLater")
            return
        }
        #expect(attempts == timeTransport.sent.count)
        #expect(clock.now <= 5)
        #expect(attempts >= 4)

        let (budgetSink, budgetTransport, _) = scriptedSink(failures, retry: RetryPolicy(maxAttempts: 50, baseDelay: 1))
        _ = budgetSink.deliver(zixflowReceipt, timeBudget: 0.5)
        #expect(budgetTransport.sent.count == 1)
    }

    @Test("a vendor no adapter describes is refused for good; a vendor with no base URL waits for configuration")
    func unknownVendorAndBaseURL() {
        let (sink, transport, _) = scriptedSink([])
        let stranger = Receipt(vendor: "nobody", kind: .opened, event: "x", properties: [:], messageId: "m")
        guard case .permanentFailure(0, nil, _) = sink.deliver(stranger) else {
            Issue.record("an unknown vendor's receipt was not a permanent failure")
            return
        }
        let (noBase, _, _) = scriptedSink([], baseURL: nil)
        let buzz = Receipt(
            vendor: "buzzkit", kind: .opened, event: "$notification.opened", properties: [:], messageId: "m")
        #expect(noBase.deliver(buzz)
            == .retryLater(attempts: 0, reason: "no base URL is configured for vendor 'buzzkit'"))
        #expect(transport.sent.isEmpty)
    }

    @Test("without a base URL a vendor's documented host is used (Zixflow: events.zixflow.in)")
    func defaultHost() {
        let (sink, transport, _) = scriptedSink([status(200)], baseURL: nil)
        _ = sink.deliver(zixflowReceipt)
        #expect(transport.sent.map(\.url) == ["https://events.zixflow.in/v1/track"])
    }

    @Test("record throws DeliveryError when the receipt was not delivered, and returns when it was")
    func recordThrows() throws {
        let (sink, _, _) = scriptedSink([status(200), status(401)])
        try sink.record(zixflowReceipt)
        #expect(throws: DeliveryError.self) { try sink.record(zixflowReceipt) }
    }
}

@Suite("HTTPReceiptSink: secrets")
struct HTTPReceiptSinkSecretTests {
    @Test("the write key travels only in the credential header and is redacted from reasons and descriptions")
    func writeKeyRedacted() {
        let key = "wk_test_secret"
        let echo = "{\"headers\":{\"Authorization\":\"Basic \(key)\"},\"token\":\"devtok0123456789abcdef\"}"
        let (sink, transport, _) = scriptedSink([status(403, body: echo)], writeKey: key)
        guard case .permanentFailure(_, _, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("403 was not permanent")
            return
        }
        #expect(transport.sent.first?.header("Authorization") == "Basic \(key)")
        #expect(!transport.sent[0].url.contains(key))
        #expect(!String(decoding: transport.sent[0].body, as: UTF8.self).contains(key))
        #expect(!reason.contains(key))
        #expect(!reason.contains("devtok0123456789abcdef"))
        #expect(reason.contains("[redacted]"))
        let credentials = ReceiptCredentials(writeKey: key)
        #expect(!"\(credentials)".contains(key))
        #expect(!String(reflecting: credentials).contains(key))
        var dumped = ""
        dump(credentials, to: &dumped)
        #expect(!dumped.contains(key))
    }

    @Test("Redaction replaces every secret and token, longest first")
    func redaction() {
        let redaction = Redaction(secrets: ["abc", "abcdef"], receipt: zixflowReceipt)
        #expect(redaction.redact("x abcdef y abc devtok0123456789abcdef") == "x [redacted] y [redacted] [redacted]")
    }
}
