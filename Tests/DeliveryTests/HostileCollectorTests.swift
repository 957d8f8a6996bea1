import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
import PushBridgeTestSupport
import PushBridgeURLSession
import PushBridgeVendors
import Testing

/// What a hostile case should come to at the transport.
enum HostileExpectation: Sendable, CustomStringConvertible {
    case status(Int)
    case failure(HTTPTransportFailure.Kind)

    var description: String {
        switch self {
        case .status(let code): return "HTTP \(code)"
        case .failure(let kind): return "\(kind)"
        }
    }
}

/// The cases of `hostile_collector.py` against the socket transport, the sink and the real `bridge-cli flush`.
/// Every server is on 127.0.0.1 and stops by itself; every wait is bounded by a request timeout.
@Suite("Hostile collector")
struct HostileCollectorTests {
    static let key = "wk_hostile/9876543210fedcba"
    static let environment = ["PUSHBRIDGE_WRITE_KEY": key]
    static let buzzkitReceipt = Receipt(
        vendor: "buzzkit", kind: .opened, event: "$notification.opened", properties: [:], messageId: "bk-hostile-1")

    static let transportCases: [(String, HostileExpectation)] = [
        // What held before, and must still hold.
        ("ok", .status(200)), ("drip-ok", .status(200)), ("trickle-chunked", .status(200)),
        ("silence", .failure(.timedOut)), ("drip-head", .failure(.timedOut)), ("reset", .failure(.network)),
        ("close", .failure(.network)), ("giant-headers", .failure(.malformedResponse)),
        ("giant-body", .failure(.malformedResponse)), ("giant-body-close", .failure(.malformedResponse)),
        ("redirect", .status(302)),
        // What crashed the process.
        ("content-length-negative", .failure(.malformedResponse)), ("chunk-negative", .failure(.malformedResponse)),
        ("chunk-huge", .failure(.malformedResponse)), ("retry-after-huge", .status(503)),
        ("retry-after-year", .status(503)),
        // Valid answers taken as failures, lax status lines, framing.
        ("continue-then-ok", .status(200)), ("status-plus", .failure(.malformedResponse)),
        ("status-version", .failure(.malformedResponse)), ("status-four-digits", .failure(.malformedResponse)),
        ("status-negative", .failure(.malformedResponse)), ("switching-protocols", .failure(.malformedResponse)),
        ("length-and-chunked", .failure(.malformedResponse)), ("length-twice", .failure(.malformedResponse)),
        ("no-content", .status(204)), ("http10-close", .status(200)),
    ]

    @Test("the socket transport classifies every hostile answer within its timeout", arguments: transportCases)
    func transport(name: String, expected: HostileExpectation) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let timeout = 1.5
        let clock = ContinuousClock()
        let start = clock.now
        let answer = SocketHTTPTransport().send(
            url: collector.endpoint(name) + "/v1/track", method: "POST",
            headers: [HTTPHeader("Authorization", "Basic \(Self.key)")], body: Array("{}".utf8), timeout: timeout)
        #expect(clock.now - start < .seconds(timeout + 1), "\(name) took \(clock.now - start)")
        switch (answer, expected) {
        case (.success(let response), .status(let code)):
            #expect(response.status == code, "\(name)")
        case (.failure(let failure), .failure(let kind)):
            #expect(failure.kind == kind, "\(name): \(failure.message)")
            #expect(!failure.message.isEmpty)
        default:
            Issue.record("\(name): expected \(expected), got \(answer)")
        }
        #expect(try collector.requests(name).count == 1, "\(name): one request, nothing followed or resent")
    }

    @Test("through the sink: malformed answers are retried like network errors, then left for later",
          arguments: ["content-length-negative", "chunk-negative", "chunk-huge", "status-plus", "giant-body"])
    func sinkRetriesMalformed(name: String) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outcome = Self.sink(collector.endpoint(name), attempts: 2).deliver(zixflowReceipt)
        guard case .retryLater(2, let reason) = outcome else { Issue.record("\(name): \(outcome)"); return }
        #expect(reason.hasSuffix("(after 2 attempts)"), "\(reason)")
        #expect(try collector.requests(name).count == 2)
    }

    @Test("through the sink: a huge Retry-After defers at once; 100 Continue then 200 is delivered once")
    func sinkRetryAfterAndContinue() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        for name in ["retry-after-huge", "retry-after-year"] {
            let outcome = Self.sink(collector.endpoint(name), attempts: 3).deliver(zixflowReceipt)
            guard case .retryLater(1, let reason) = outcome else { Issue.record("\(name): \(outcome)"); continue }
            #expect(reason.contains("Retry-After more than 1000000000 s"), "\(reason)")
        }
        let delivered = Self.sink(collector.endpoint("continue-then-ok"), attempts: 3).deliver(zixflowReceipt)
        #expect(delivered == .delivered(attempts: 1, status: 200))
        #expect(try collector.requests("continue-then-ok").count == 1)
    }

    @Test("the URLSession transport does not follow a redirect either: the 3xx is the answer")
    func urlSessionRedirect() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let answer = URLSessionTransport(requestTimeout: 5).send(
            url: collector.endpoint("redirect") + "/v1/track", method: "POST",
            headers: [HTTPHeader("Authorization", "Basic \(Self.key)")], body: Array("{}".utf8), timeout: 5)
        guard case .success(let response) = answer else { Issue.record("\(answer)"); return }
        #expect(response.status == 302)
        #expect(response.headers["location"] == "http://127.0.0.1:9/elsewhere?k=\(Self.key)")
        #expect(try collector.requests().count == 1)
    }

    @Test("through the sink: a redirect names its Location (redacted) and is not followed")
    func sinkRedirect() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outcome = Self.sink(collector.endpoint("redirect"), attempts: 1).deliver(zixflowReceipt)
        guard case .retryLater(1, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("redirect to http://127.0.0.1:9/elsewhere?k=[redacted], not followed"), "\(reason)")
        #expect(!reason.contains(Self.key))
        #expect(try collector.requests().count == 1)
    }

    @Test("echoes of the key, plain or disguised, never reach a reason", arguments: [
        "echo-plain", "echo-percent", "echo-json", "echo-slashed", "echo-combining", "echo-cut", "echo-long",
    ])
    func echoesRedacted(name: String) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outcome = Self.sink(collector.endpoint(name), attempts: 1).deliver(zixflowReceipt)
        guard case .permanentFailure(1, 403, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason.contains("[redacted]"), "\(name): \(reason)")
        for piece in ["9876543210", "wk_hostile", "hostile/9", "\\/9876", "%39%38"] {
            #expect(!reason.contains(piece), "\(name): \(reason)")
        }
    }

    // MARK: The real bridge-cli

    static let crashCases = [
        "zixflow-content-length-negative", "zixflow-chunk-negative", "zixflow-chunk-huge",
        "zixflow-retry-after-huge", "zixflow-retry-after-year", "zixflow-status-plus",
    ]

    @Test("bridge-cli flush: the answers that crashed it end with a summary, the receipt pending, the others sent",
          arguments: crashCases)
    func flushSurvives(name: String) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt, Self.buzzkitReceipt])
        let first = try BridgeCLI.run(Self.flush(outbox, collector.endpoint(name)), environment: Self.environment,
                                      in: scratch, timeout: 30)
        #expect(!first.signaled && [0, 1].contains(first.status), "\(first)")
        let lines = first.stdoutJSON
        #expect(lines.last?["type"] == "flush", "a summary line: \(first)")
        let pending = lines.first { $0["type"] == "pending" }
        #expect(pending?["id"]?.stringValue == zixflowReceipt.idempotencyKey, "\(first)")
        #expect(pending?["reason"]?.stringValue?.isEmpty == false)
        let delivered = lines.filter { $0["type"] == "delivered" }.compactMap { $0["id"]?.stringValue }
        #expect(delivered == [Self.buzzkitReceipt.idempotencyKey], "a later receipt of another vendor still goes: \(first)")
        #expect(first.status == 1)

        // The collector is hostile to Zixflow's path twice; later flushes deliver what was left.
        var last = first
        for _ in 0..<3 where last.status != 0 {
            last = try BridgeCLI.run(Self.flush(outbox, collector.endpoint(name)), environment: Self.environment,
                                     in: scratch, timeout: 30)
            #expect(!last.signaled, "\(last)")
        }
        #expect(last.status == 0, "\(last)")
        #expect(try ReceiptOutbox(directory: outbox).snapshot().pending.isEmpty, "no receipt lost or stuck")
    }

    @Test("bridge-cli flush: 100 Continue then 200 delivers the receipt once")
    func flushContinue() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt, Self.buzzkitReceipt])
        let name = "zixflow-continue-then-ok"
        let result = try BridgeCLI.run(Self.flush(outbox, collector.endpoint(name)), environment: Self.environment,
                                       in: scratch)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutJSON.filter { $0["type"] == "delivered" }.count == 2)
        #expect(try collector.requests(name).count == 2, "nothing resent")
    }

    @Test("bridge-cli flush: a key echoed behind a combining mark is in no output and no dead letter")
    func flushKeyEchoRedacted() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt, Self.buzzkitReceipt])
        let result = try BridgeCLI.run(
            Self.flush(outbox, collector.endpoint("zixflow-echo-combining")), environment: Self.environment,
            in: scratch)
        #expect(result.status == 0, "dead letters are not left pending: \(result)")
        let deadLetters = try String(contentsOfFile: outbox + "/dead-letters.jsonl", encoding: .utf8)
        #expect(deadLetters.contains("[redacted]"))
        for text in [result.stdout, result.stderr, deadLetters] {
            #expect(!text.contains("9876543210fedcba") && !text.contains("wk_hostile"), "\(text)")
        }
    }

    @Test("bridge-cli flush: the query string stays at the end, after the vendor's path")
    func flushQueryString() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt, Self.buzzkitReceipt])
        let result = try BridgeCLI.run(Self.flush(outbox, collector.endpoint("ok") + "?x=1"), in: scratch)
        #expect(result.status == 0, "\(result)")
        #expect(try collector.requests("ok").compactMap { $0["path"]?.stringValue }
            == ["/case/ok/v1/track?x=1", "/case/ok/v1/events?x=1"])
    }

    static let unusableEndpoints: [(String, String)] = [
        ("http://user:pw@127.0.0.1:9/", "userinfo"), ("http://127.0.0.1:0/", "port is 0"),
        ("http://127.0.0.1:70000/", "above 65535"), ("http://127.0.0.1:8x/", "not a number"),
        ("http://:9/", "no host"), ("http://127.0.0.1:9/#frag", "fragment"), ("http://127.0.0.1:9/a b", "space"),
        ("ftp://127.0.0.1/", "'ftp' is not http"), ("https://127.0.0.1/", "must be an http:// URL"),
    ]

    @Test("flush and simulate: an unusable endpoint is a usage error (exit 2) before a receipt is touched",
          arguments: unusableEndpoints)
    func unusableEndpoint(endpoint: String, says: String) throws {
        let scratch = try Scratch()
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt])
        let before = try Self.files(outbox)
        let flush = try BridgeCLI.run(Self.flush(outbox, endpoint), in: scratch)
        #expect(flush.status == 2, "\(flush)")
        #expect(flush.stderr.contains(says), "\(flush)")
        #expect(!flush.stderr.contains(":pw"))
        #expect(try Self.files(outbox) == before, "the outbox is untouched")
        let simulate = try BridgeCLI.run(
            ["simulate", "--endpoint", endpoint, "--steps", "open", "-"], in: scratch,
            stdin: JSONWriter.string(.object(Payloads.payload("usage", 1))))
        #expect(simulate.status == 2, "\(simulate)")
    }

    @Test("flush: a write key with CR, LF, NUL or a control byte is a usage error that never shows the key",
          arguments: [
              "wk_line_secret\n", "wk_crlf_secret\r\n", "wk_inject_secret\r\nX-Injected: yes", "wk_esc_secret\u{1B}[31m",
          ])
    func unusableWriteKey(key: String) throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let outbox = try Self.outbox(in: scratch, [zixflowReceipt])
        let before = try Self.files(outbox)
        let viaOption = try BridgeCLI.run(Self.flush(outbox, collector.endpoint("ok")) + ["--write-key", key],
                                          in: scratch)
        let viaEnvironment = try BridgeCLI.run(Self.flush(outbox, collector.endpoint("ok")),
                                               environment: ["PUSHBRIDGE_WRITE_KEY": key], in: scratch)
        for result in [viaOption, viaEnvironment] {
            #expect(result.status == 2, "\(result)")
            #expect(result.stderr.contains("write key"), "\(result)")
            #expect(!(result.stdout + result.stderr).contains(String(key.prefix(6))), "\(result)")
        }
        #expect(viaOption.stderr.contains("--write-key") && viaEnvironment.stderr.contains("PUSHBRIDGE_WRITE_KEY"))
        #expect(try Self.files(outbox) == before, "the outbox is untouched")
        #expect(try collector.requests().isEmpty, "nothing was sent")
    }

    // MARK: Helpers

    static func sink(_ endpoint: String, attempts: Int) -> HTTPReceiptSink {
        HTTPReceiptSink(
            registry: BuiltInVendors.registry,
            configuration: HTTPReceiptSink.Configuration(
                baseURL: endpoint, retry: RetryPolicy(maxAttempts: attempts, baseDelay: 0.01), requestTimeout: 3),
            credentials: ReceiptCredentials(writeKey: key))
    }

    static func flush(_ outbox: String, _ endpoint: String) -> [String] {
        ["flush", "--outbox", outbox, "--endpoint", endpoint, "--max-attempts", "2", "--base-delay", "0.01",
         "--request-timeout", "3", "--max-time", "15"]
    }

    /// An outbox holding `receipts`, in order.
    static func outbox(in scratch: Scratch, _ receipts: [Receipt]) throws -> String {
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        for receipt in receipts { _ = try outbox.append(receipt) }
        return directory
    }

    /// Every file of the outbox with its bytes.
    static func files(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return files
    }
}
