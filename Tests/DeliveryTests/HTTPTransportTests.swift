import PushBridge
import PushBridgeTestSupport
@testable import PushBridgeDelivery
import PushBridgeURLSession
import PushBridgeVendors
import Foundation
import Testing

/// Both transports against the real collector on 127.0.0.1, and the socket transport's parsing.
@Suite("HTTP transports")
struct HTTPTransportTests {
    static let headers = [HTTPHeader("Idempotency-Key", "k-1"), HTTPHeader("Content-Type", "application/json")]
    static let body = Array(#"{"event":"Delivered","properties":{}}"#.utf8)

    static func transports() -> [(String, any HTTPTransport)] {
        [("socket", SocketHTTPTransport()), ("URLSession", URLSessionTransport(requestTimeout: 5))]
    }

    @Test("a request reaches the collector with its path, headers and body; 2xx and 5xx come back as statuses")
    func roundTrip() throws {
        for (name, transport) in Self.transports() {
            let scratch = try Scratch()
            let collector = try Collector(["--script", "ok,500"], in: scratch)
            let url = collector.baseURL + "/v1/track?x=1"
            let first = transport.send(url: url, method: "POST", headers: Self.headers, body: Self.body, timeout: 5)
            let second = transport.send(url: url, method: "POST", headers: Self.headers, body: Self.body, timeout: 5)
            #expect((try? first.get().status).map { (200..<300).contains($0) } == true, "\(name): \(first)")
            #expect((try? second.get().status) == 500, "\(name): \(second)")
            let requests = try collector.requests()
            #expect(requests.count == 2, "\(name)")
            #expect(requests.allSatisfy { $0.path.hasPrefix("/v1/track") && $0.idempotencyKey == "k-1" }, "\(name)")
            #expect(requests.first?.body == (try? JSONParser.parse(Self.body)), "\(name)")
        }
    }

    @Test("a dropped connection is a network failure and a stalled answer a timeout, within the timeout")
    func failures() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--script", "drop,stall:3"], in: scratch)
        let transport = SocketHTTPTransport()
        let dropped = transport.send(url: collector.baseURL + "/a", method: "POST", headers: [], body: [], timeout: 2)
        guard case .failure(let failure) = dropped else { Issue.record("expected a failure: \(dropped)"); return }
        #expect(failure.kind == .network)
        let clock = ContinuousClock()
        let start = clock.now
        let stalled = transport.send(url: collector.baseURL + "/b", method: "POST", headers: [], body: [], timeout: 0.5)
        guard case .failure(let timeout) = stalled else { Issue.record("expected a timeout: \(stalled)"); return }
        #expect(timeout.kind == .timedOut)
        #expect(clock.now - start < .seconds(2))
    }

    @Test("nothing listening is a network failure; https and malformed URLs are refused as invalid requests")
    func refused() {
        let transport = SocketHTTPTransport()
        if case .failure(let failure) = transport.send(url: "http://127.0.0.1:1/x", method: "POST", headers: [], body: [], timeout: 1) {
            #expect(failure.kind == .network)
        } else {
            Issue.record("a closed port answered")
        }
        for url in ["https://example.com/v1", "ftp://x", "http://", "http://user@host/", "http://host:99999/", "http://a b/"] {
            if case .failure(let failure) = transport.send(url: url, method: "POST", headers: [], body: [], timeout: 1) {
                #expect(failure.kind == .invalidRequest, "\(url)")
            } else {
                Issue.record("\(url) was sent")
            }
        }
    }

    @Test("the socket transport reads answers with HTTPResponseReader: a malformed one is a malformedResponse")
    func malformedAnswerIsClassified() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let answer = SocketHTTPTransport().send(
            url: collector.endpoint("content-length-negative"), method: "POST", headers: [], body: [], timeout: 5)
        guard case .failure(let failure) = answer else { Issue.record("accepted: \(answer)"); return }
        #expect(failure.kind == .malformedResponse)
        #expect(failure.message.contains("Content-Length"))
    }

    @Test("a header with CR, LF, NUL or another control byte is refused before anything is sent", arguments: [
        "k\n", "k\r\n", "KEY\r\nX-Injected: yes", "k\u{0}", "k\u{7F}", "k\u{1B}[0m",
    ])
    func headerInjectionRefused(value: String) {
        let transports: [(String, any HTTPTransport)] = [
            ("socket", SocketHTTPTransport(resolver: BlockingResolver())), ("URLSession", URLSessionTransport()),
        ]
        for (name, transport) in transports {
            let answer = transport.send(
                url: "http://collector.invalid/v1", method: "POST", headers: [HTTPHeader("Authorization", value)],
                body: [], timeout: 1)
            guard case .failure(let failure) = answer else { Issue.record("\(name) sent: \(answer)"); continue }
            #expect(failure.kind == .invalidRequest, "\(name)")
            #expect(failure.message.contains("Authorization"), "\(name)")
            #expect(!failure.message.contains(value), "\(name)")
        }
        #expect(HTTPFieldCheck.problem(HTTPHeader("Authorization", "Basic k\tk")) == nil, "HTAB is allowed")
        #expect(HTTPFieldCheck.problem(HTTPHeader("Bad Name", "v")) != nil)
    }
}

/// A resolver that answers only when released (or after `seconds`): a DNS server that never answers.
final class BlockingResolver: HostResolver, @unchecked Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let seconds: Double
    private let calls = Locked(0)

    init(seconds: Double = 30) { self.seconds = seconds }

    func addresses(host: String, port: Int) -> Result<[SocketAddress], HTTPTransportFailure> {
        calls.withLock { $0 += 1 }
        if released.wait(timeout: .now() + seconds) == .success { released.signal() }
        return .failure(HTTPTransportFailure(.network, "no such host"))
    }

    /// Lets every lookup, now and later, return.
    func release() { released.signal() }

    var callCount: Int { calls.withLock { $0 } }
}

@Suite("Name resolution under the deadline")
struct NameResolutionTests {
    @Test("a resolver that never answers costs at most the request timeout")
    func resolverBoundedByTimeout() {
        let resolver = BlockingResolver()
        defer { resolver.release() }
        let transport = SocketHTTPTransport(resolver: resolver)
        let clock = ContinuousClock()
        let start = clock.now
        let answer = transport.send(
            url: "http://stuck.invalid:8080/v1", method: "POST", headers: [], body: [], timeout: 1)
        let elapsed = clock.now - start
        guard case .failure(let failure) = answer else { Issue.record("answered: \(answer)"); return }
        #expect(failure.kind == .timedOut)
        #expect(failure.message.contains("within 1 s"), "\(failure.message)")
        #expect(elapsed >= .milliseconds(900) && elapsed < .milliseconds(1_600), "\(elapsed)")
    }

    @Test("the sink's whole flush budget holds with a stuck resolver: --request-timeout 1, 3 attempts")
    func sinkBoundedWithStuckResolver() {
        let resolver = BlockingResolver()
        defer { resolver.release() }
        let sink = HTTPReceiptSink(
            registry: BuiltInVendors.registry,
            configuration: HTTPReceiptSink.Configuration(
                baseURL: "http://stuck.invalid", retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.01),
                requestTimeout: 1),
            transport: SocketHTTPTransport(resolver: resolver, maxAbandonedLookups: 8))
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = sink.deliver(zixflowReceipt, timeBudget: 2.5)
        #expect(clock.now - start < .milliseconds(3_200))
        guard case .retryLater(let attempts, let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(attempts >= 2)
        #expect(reason.contains("was not resolved"))
    }

    @Test("abandoned lookups are bounded: past the bound a request fails at once, and they end when answered")
    func abandonedLookupsBounded() {
        let resolver = BlockingResolver()
        let transport = SocketHTTPTransport(resolver: resolver, maxAbandonedLookups: 2)
        for _ in 0..<2 {
            _ = transport.send(url: "http://stuck.invalid/v1", method: "POST", headers: [], body: [], timeout: 0.1)
        }
        #expect(transport.abandonedLookupsRunning == 2)
        let clock = ContinuousClock()
        let start = clock.now
        let third = transport.send(url: "http://stuck.invalid/v1", method: "POST", headers: [], body: [], timeout: 5)
        #expect(clock.now - start < .milliseconds(500))
        guard case .failure(let failure) = third else { Issue.record("answered: \(third)"); return }
        #expect(failure.message.contains("name resolution is stuck"))
        #expect(resolver.callCount == 2, "no third thread was started")
        resolver.release()
        let deadline = monotonicNow() + 5
        while transport.abandonedLookupsRunning > 0, monotonicNow() < deadline { pause(0.01) }
        #expect(transport.abandonedLookupsRunning == 0)
    }

    @Test("numeric hosts never reach the resolver")
    func numericHostsSkipTheResolver() {
        let resolver = BlockingResolver(seconds: 0)
        let transport = SocketHTTPTransport(resolver: resolver)
        for url in ["http://127.0.0.1:1/x", "http://[::1]:1/x"] {
            let answer = transport.send(url: url, method: "POST", headers: [], body: [], timeout: 1)
            if case .success(let response) = answer {
                Issue.record("\(url) answered \(response.status)")
            }
        }
        #expect(resolver.callCount == 0)
        let refused = transport.send(url: "http://127.0.0.1:1/x", method: "POST", headers: [], body: [], timeout: 1)
        guard case .failure(let failure) = refused else { Issue.record("answered: \(refused)"); return }
        #expect(failure.message == "the connection to 127.0.0.1:1 failed: Connection refused", "strerror text, no errno")
    }
}

@Suite("HTTP endpoints")
struct HTTPEndpointTests {
    @Test("unusable endpoints say precisely why", arguments: [
        ("http://user:pw@127.0.0.1/", HTTPEndpoint.Problem.Kind.userinfo), ("http://127.0.0.1:0/", .invalidPort),
        ("http://127.0.0.1:70000/", .invalidPort), ("http://127.0.0.1:8x/", .invalidPort),
        ("http://127.0.0.1:/", .invalidPort), ("http://127.0.0.1:99999999999999999999999/", .invalidPort),
        ("http:///v1", .emptyHost), ("http://:80/", .emptyHost), ("http://127.0.0.1/#frag", .fragment),
        ("http://127.0.0.1/a b", .forbiddenByte), ("http://127.0.0.1/\u{1}", .forbiddenByte),
        ("http://hôst/", .forbiddenByte), ("https://127.0.0.1/", .needsTLS), ("HTTPS://x/", .needsTLS),
        ("ftp://127.0.0.1/", .unsupportedScheme), ("127.0.0.1:8080", .notAURL), ("http://[::1/", .invalidHost),
        ("http://[zz]/", .invalidHost), ("http://a_b!c/", .invalidHost),
    ])
    func refused(url: String, kind: HTTPEndpoint.Problem.Kind) {
        #expect(throws: HTTPEndpoint.Problem.self) { try HTTPEndpoint(url) }
        do throws(HTTPEndpoint.Problem) {
            _ = try HTTPEndpoint(url)
        } catch {
            #expect(error.kind == kind, "\(url): \(error.message)")
            #expect(!error.message.contains("pw"))
        }
    }

    @Test("usable endpoints: host, port, base path and query kept apart; the vendor path goes before the query")
    func parsedAndJoined() throws {
        let endpoint = try HTTPEndpoint("HTTP://Collector.example:8080/base/?x=1&y=2")
        #expect(endpoint.host == "Collector.example" && endpoint.port == 8080)
        #expect(endpoint.hostHeader == "Collector.example:8080")
        #expect(endpoint.requestTarget(appending: "/v1/track") == "/base/v1/track?x=1&y=2")
        #expect(try HTTPEndpoint("http://h").requestTarget() == "/")
        #expect(try HTTPEndpoint("http://h?x=1").requestTarget() == "/?x=1")
        #expect(try HTTPEndpoint("http://[::1]:9/").host == "::1")
        #expect(HTTPEndpoint.join("http://h/base?x=1", "/v1/track") == "http://h/base/v1/track?x=1")
        #expect(HTTPEndpoint.join("https://h/base/", "v1/track") == "https://h/base/v1/track")
        #expect(HTTPEndpoint.join("https://h", "/v1/track") == "https://h/v1/track")
        // A vendor path's own trailing slash reaches the wire (Klaviyo posts to /client/events/).
        #expect(HTTPEndpoint.join("http://h", "/client/events/") == "http://h/client/events/")
        #expect(try HTTPEndpoint("http://h/client/events/").requestTarget() == "/client/events/")
        #expect(try HTTPEndpoint("http://h/client/events/?company_id=X").requestTarget() == "/client/events/?company_id=X")
        #expect(endpoint.requestTarget() == "/base/?x=1&y=2")
    }

    @Test("a query string reaches the collector after the vendor's path")
    func queryOnTheWire() throws {
        let scratch = try Scratch()
        let collector = try HostileCollector(in: scratch)
        let url = HTTPEndpoint.join(collector.endpoint("ok") + "?x=1", "/v1/track")
        let answer = SocketHTTPTransport().send(url: url, method: "POST", headers: [], body: [], timeout: 5)
        #expect((try? answer.get().status) == 200)
        #expect(try collector.requests("ok").map { $0["path"]?.stringValue } == ["/case/ok/v1/track?x=1"])
    }
}
