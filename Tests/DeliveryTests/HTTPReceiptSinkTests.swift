import Foundation
import PushBridge
@testable import PushBridgeDelivery
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

@Suite("HTTPReceiptSink: hostile numbers, headers and echoes")
struct HTTPReceiptSinkHostileTests {
    @Test("Retry-After: huge values mean 'later than honoured', garbage means absent, nothing traps")
    func retryAfterTotal() {
        let ceiling = RetryPolicy.retryAfterCeiling
        #expect(RetryPolicy.retryAfterSeconds("9223372036854775807", now: 0) == ceiling)
        #expect(RetryPolicy.retryAfterSeconds(String(repeating: "9", count: 400), now: 0) == ceiling)
        #expect(RetryPolicy.retryAfterSeconds("Fri, 31 Dec 999999999999999999 23:59:59 GMT", now: 1e9) == ceiling)
        #expect(RetryPolicy.retryAfterSeconds("Thu, 01 Jan 1970 00:00:10 GMT", now: 4) == 6)
        #expect(RetryPolicy.retryAfterSeconds("Sat, 01 Jan 0000 00:00:00 GMT", now: 0) == 0)
        for garbage in ["-5", "+5", "1.5", "", " ", "5 s", "0x10", "Sun, 06 Nov 94 08:49:37 GMT",
                        "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 1994 8:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC",
                        "Sun, 06 Nov -1994 08:49:37 GMT", "Sun, 99 Nov 1994 08:49:37 GMT"]
        {
            #expect(RetryPolicy.retryAfterSeconds(garbage, now: 0) == nil, "\(garbage.debugDescription)")
        }
    }

    @Test("a huge Retry-After defers the receipt at once with a readable reason", arguments: [
        "9223372036854775807", "Fri, 31 Dec 999999999999999999 23:59:59 GMT",
    ])
    func hugeRetryAfterDefers(value: String) {
        let (sink, transport, clock) = scriptedSink([status(503, ["Retry-After": value])])
        guard case .retryLater(1, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("a huge Retry-After was not deferred")
            return
        }
        #expect(reason == "HTTP 503; Retry-After more than 1000000000 s is longer than the 60 s honoured by waiting")
        #expect(transport.sent.count == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test("garbage Retry-After is ignored: the usual backoff applies")
    func garbageRetryAfter() {
        let (sink, _, clock) = scriptedSink([status(503, ["Retry-After": "-5"]), status(200)])
        #expect(sink.deliver(zixflowReceipt) == .delivered(attempts: 2, status: 200))
        #expect(clock.sleeps == [0.5])
    }

    @Test("durations read without float noise")
    func durations() {
        #expect(DurationText.seconds(1) == "1 s")
        #expect(DurationText.seconds(0.25) == "0.25 s")
        #expect(DurationText.seconds(1.000_000_000_2) == "1 s")
        #expect(DurationText.seconds(2.5000001) == "2.5 s")
        #expect(DurationText.seconds(0.05) == "0.05 s")
        #expect(DurationText.seconds(-3) == "0 s")
        #expect(DurationText.seconds(.infinity) == "more than 1000000000 s")
        let failures = Array(repeating: status(500), count: 10)
        let (sink, _, _) = scriptedSink(failures, retry: RetryPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 1))
        guard case .retryLater(_, let reason) = sink.deliver(zixflowReceipt, timeBudget: 2.1) else {
            Issue.record("expected retryLater")
            return
        }
        #expect(reason.hasSuffix("the next attempt would pass the 2.1 s allowed"), "\(reason)")
    }

    @Test("a 3xx names its Location, redacted, and says redirects are not followed")
    func redirectReason() {
        let key = "wk_test_secret"
        let (sink, transport, _) = scriptedSink(
            [status(302, ["Location": "http://elsewhere.test/login?k=\(key)"])], retry: RetryPolicy(maxAttempts: 1))
        guard case .retryLater(1, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("a redirect was not left for later")
            return
        }
        #expect(reason.hasPrefix("HTTP 302 redirect to http://elsewhere.test/login?k=[redacted], not followed"))
        #expect(!reason.contains(key))
        #expect(transport.sent.count == 1)
    }

    static let badKeys = ["wk_line\n", "wk_crlf\r\n", "wk_inject\r\nX-Injected: yes", "wk_nul\u{0}", "wk_esc\u{1B}",
                          " wk_space", "wk_tab\t"]

    @Test("write keys are checked as bytes: CR, LF, NUL, control bytes and edge blanks are refused", arguments: badKeys)
    func credentialsValidated(key: String) {
        #expect(throws: ReceiptCredentials.Problem.self) { try ReceiptCredentials(validating: key) }
        #expect(throws: ReceiptCredentials.Problem.self) {
            try ReceiptCredentials(validating: nil, byVendor: ["zixflow": key])
        }
        do throws(ReceiptCredentials.Problem) {
            try ReceiptCredentials(writeKey: key).validate()
        } catch {
            #expect(!error.message.contains(Self.marker(key)), "\(error.message)")
        }
        #expect((try? ReceiptCredentials(validating: "wk ok\twith inner blanks")) != nil)
    }

    @Test("a sink refuses to send a request whose credential header fails the check, instead of dropping it",
          arguments: badKeys)
    func sinkRefusesBadHeader(key: String) {
        let (sink, transport, _) = scriptedSink([status(200)], writeKey: key)
        guard case .retryLater(0, let reason) = sink.deliver(zixflowReceipt) else {
            Issue.record("a request with a broken credential header was sent")
            return
        }
        #expect(transport.sent.isEmpty)
        #expect(reason.hasPrefix("not sent: the write key "), "\(reason)")
        #expect(!reason.contains(Self.marker(key)))
    }

    /// The start of a key's visible text (`wk_lin`): a message that shows the key shows this.
    static func marker(_ key: String) -> String { String(key.drop { $0 == " " }.prefix(6)) }
}

@Suite("Redaction on bytes")
struct RedactionTests {
    static let key = "wk_live/0123456789abcdef"
    let redaction = Redaction(secrets: [key])

    @Test("plain, combining-mark, percent-encoded, JSON-escaped and slash-escaped keys are all redacted")
    func escapedForms() {
        let key = Self.key
        let percent = key.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        let percentLower = percent.lowercased()
        let json = key.unicodeScalars.map { "\\u" + String(repeating: "0", count: 2) + String($0.value, radix: 16) }
            .joined()
        let mixed = "wk_live%2F0123456789\\u0061bcdef"
        for text in ["x \(key) y", "\(key)\u{301} y", "k=\(percent)&", "k=\(percentLower)", "{\"k\":\"\(json)\"}",
                     key.replacingOccurrences(of: "/", with: "\\/"), mixed, "\u{FEFF}\(key)\u{20DD}"]
        {
            let redacted = redaction.redact(text)
            #expect(redacted.contains("[redacted]"), "\(text.debugDescription) → \(redacted.debugDescription)")
            #expect(!redacted.contains("0123456789"), "\(text.debugDescription) → \(redacted.debugDescription)")
        }
        #expect(redaction.redact("x \(key)\u{301}\u{20DD} y") == "x [redacted] y", "marks go with the key")
    }

    @Test("cut-off forms: a start of 4+ bytes ending the text, an end of 4+ bytes starting it, any 8+ bytes inside")
    func cutOffForms() {
        #expect(redaction.redact("your key starts wk_l") == "your key starts [redacted]")
        #expect(redaction.redact("cdef is how it ends") == "[redacted] is how it ends")
        #expect(redaction.redact("middle 3456789a here") == "middle [redacted] here")
        #expect(redaction.redact("short wk_ and 0123 stay") == "short wk_ and 0123 stay")
        #expect(redaction.redact("ends with wk_") == "ends with wk_", "3 bytes are too few to count")
    }

    @Test("a snippet is redacted before it is cut: a key across the 200th character never leaks a piece")
    func redactBeforeTruncating() {
        let text = String(repeating: "y", count: 180) + " " + Self.key + " " + String(repeating: "z", count: 300)
        let body = Array(text.utf8)
        let snippet = redaction.snippet(body)
        #expect(snippet.contains("[redacted]"))
        #expect(!snippet.contains("wk_l") && !snippet.contains("0123"))
    }
}
