import PushBridge
import PushBridgeTestSupport
@testable import PushBridgeDelivery
import PushBridgeURLSession
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

    @Test("response parsing: Content-Length, chunked bodies, and an incomplete head")
    func parsing() {
        let plain = Array("HTTP/1.1 201 Created\r\nContent-Length: 2\r\nRetry-After: 3\r\n\r\nok".utf8)
        let parsed = SocketHTTPTransport.parse(plain)
        #expect(parsed?.isComplete == true)
        #expect(parsed?.response.status == 201)
        #expect(parsed?.response.body == Array("ok".utf8))
        #expect(parsed?.response.headers["retry-after"] == "3")
        let chunked = Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n1\r\nc\r\n0\r\n\r\n".utf8)
        #expect(SocketHTTPTransport.parse(chunked)?.response.body == Array("abc".utf8))
        #expect(SocketHTTPTransport.parse(Array("HTTP/1.1 200 OK\r\nContent-".utf8)) == nil)
        #expect(SocketHTTPTransport.parse(Array("garbage\r\n\r\n".utf8)) == nil)
    }
}
