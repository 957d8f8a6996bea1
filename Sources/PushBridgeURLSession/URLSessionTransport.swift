import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PushBridge
import PushBridgeDelivery

/// ``HTTPTransport`` over `URLSession` (`FoundationNetworking` on Linux): an ephemeral session with no
/// cache and no cookies that never follows a redirect (a 3xx is the answer, so a write key is never sent
/// to a host it was not meant for); each call blocks its thread until the answer or the timeout.
///
/// The answer is bounded like ``SocketHTTPTransport``'s, with the same outcome and messages: the body is
/// streamed to a data delegate, never buffered whole by the session, and
/// - a `Content-Length` above ``maxResponseBytes`` (or not a number of bytes) is refused when the head
///   arrives, before any of the body is read;
/// - a body that passes ``maxResponseBytes`` while it streams (chunked, read to the close, or decompressed
///   by the system) cancels the task at once;
/// - a head with more fields or bytes than `HTTPResponseReader.Limits` allows, or a status outside
///   100–599, is refused;
/// each as an ``HTTPTransportFailure/Kind/malformedResponse`` failure. The head itself is read by the
/// system's HTTP stack (CFNetwork, or libcurl on Linux), which has its own bound on a header's size.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe, and the delegate guards its state with a lock; the class holds nothing else.
    private let session: URLSession
    private let delegate: BoundedDelegate

    /// The largest response body accepted, in bytes (default 1 MiB, as ``SocketHTTPTransport``).
    public var maxResponseBytes: Int { delegate.limits.maxResponseBytes }

    /// Creates a transport with its own ephemeral session. Each call waits exactly its own `timeout`;
    /// `requestTimeout` (the longest a call will ask for) sets the session's backstop. An answer whose body
    /// is larger than `maxResponseBytes` fails as ``HTTPTransportFailure/Kind/malformedResponse``.
    public init(requestTimeout: Double = 10, maxResponseBytes: Int = 1 << 20) {
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking truncates this to whole seconds (0.5 would time out at once) and ignores a
        // request's own interval, so it is only a backstop here: each call enforces its exact timeout itself.
        configuration.timeoutIntervalForRequest = (max(0.05, requestTimeout) + 1).rounded(.up)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpAdditionalHeaders = ["User-Agent": "PushBridge"]
        delegate = BoundedDelegate(limits: HTTPResponseReader.Limits(maxResponseBytes: maxResponseBytes))
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    public func send(
        url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double
    ) -> Result<HTTPResponse, HTTPTransportFailure> {
        guard let target = URL(string: url), let scheme = target.scheme?.lowercased(),
              scheme == "http" || scheme == "https", target.host != nil
        else { return .failure(HTTPTransportFailure(.invalidRequest, "the endpoint is not an http(s) URL")) }
        // Bytes a header value cannot hold would end the head early or inject a header: refuse, never send.
        if let problem = HTTPFieldCheck.firstProblem(headers) {
            return .failure(HTTPTransportFailure(.invalidRequest, problem))
        }
        var request = URLRequest(
            url: target, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(0.05, timeout))
        request.httpMethod = method
        for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
        #if canImport(FoundationNetworking)
        // FoundationNetworking (libcurl) re-sends a request whose reused connection was closed without an
        // answer, and that re-send can go out with an empty body: one connection per request avoids it.
        request.setValue("close", forHTTPHeaderField: "Connection")
        #endif
        request.httpBody = Data(body)

        let exchange = Exchange(timeout: timeout)
        let task = session.dataTask(with: request)
        delegate.register(exchange, for: task)
        task.resume()
        if exchange.done.wait(timeout: .now() + max(0.05, timeout)) == .timedOut {
            task.cancel()
            exchange.settle(.failure(HTTPTransportFailure(.timedOut, "no answer within \(DurationText.seconds(timeout))")))
        }
        return exchange.outcome ?? .failure(HTTPTransportFailure(.network, "no HTTP response"))
    }

    /// One request's answer as it arrives: filled on the session's delegate queue, read by the waiting
    /// thread once ``done`` is signalled. The first outcome settled wins.
    private final class Exchange: Sendable {
        let timeout: Double
        let done = DispatchSemaphore(value: 0)
        private let state = Locked<(response: HTTPURLResponse?, body: [UInt8], outcome: Result<HTTPResponse, HTTPTransportFailure>?)>(
            (nil, [], nil))

        init(timeout: Double) { self.timeout = timeout }

        var outcome: Result<HTTPResponse, HTTPTransportFailure>? { state.withLock { $0.outcome } }

        /// Settles the outcome (when none is yet) and wakes the waiting thread; the body read so far is dropped.
        func settle(_ outcome: Result<HTTPResponse, HTTPTransportFailure>) {
            let first = state.withLock { state in
                guard state.outcome == nil else { return false }
                state.outcome = outcome
                state.body = []
                return true
            }
            if first { done.signal() }
        }

        func setResponse(_ response: HTTPURLResponse) { state.withLock { $0.response = response } }

        /// Appends `data`; false (and nothing kept) when the body would pass `limit` bytes or is settled.
        func append(_ data: Data, limit: Int) -> Bool {
            state.withLock { state in
                guard state.outcome == nil, data.count <= limit - state.body.count else { return false }
                state.body.append(contentsOf: data)
                return true
            }
        }

        /// The answer as received, once the task completed without an error.
        func complete() {
            let response = state.withLock { state in state.response.map { ($0, state.body) } }
            guard let (http, body) = response else {
                settle(.failure(HTTPTransportFailure(.network, "no HTTP response")))
                return
            }
            settle(.success(HTTPResponse(status: http.statusCode, headers: URLSessionTransport.fields(of: http), body: body)))
        }
    }

    /// The session's delegate: refuses redirects, and streams each task's body into its ``Exchange`` within
    /// the limits. `@unchecked Sendable`: its only mutable state, the exchanges by task, sits behind a
    /// ``Locked``, and `limits` is immutable.
    private final class BoundedDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        let limits: HTTPResponseReader.Limits
        private let exchanges = Locked<[Int: Exchange]>([:])

        init(limits: HTTPResponseReader.Limits) { self.limits = limits }

        func register(_ exchange: Exchange, for task: URLSessionTask) {
            exchanges.withLock { $0[task.taskIdentifier] = exchange }
        }

        private func exchange(_ task: URLSessionTask) -> Exchange? {
            exchanges.withLock { $0[task.taskIdentifier] }
        }

        /// Answers every redirect with "do not follow": the task then completes with the 3xx response.
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            guard let exchange = exchange(dataTask) else { return completionHandler(.cancel) }
            guard let http = response as? HTTPURLResponse else {
                exchange.settle(.failure(HTTPTransportFailure(.network, "no HTTP response")))
                completionHandler(.cancel)
                return dataTask.cancel()
            }
            if let problem = headProblem(http) {
                exchange.settle(.failure(problem))
                completionHandler(.cancel)
                // FoundationNetworking ignores the disposition and goes on reading: cancel the task itself.
                return dataTask.cancel()
            }
            exchange.setResponse(http)
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            guard let exchange = exchange(dataTask) else { return dataTask.cancel() }
            if !exchange.append(data, limit: limits.maxResponseBytes) {
                exchange.settle(.failure(HTTPTransportFailure(
                    .malformedResponse, "the answer is larger than \(limits.maxResponseBytes) bytes")))
                dataTask.cancel()
            }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
            guard let error else { return exchange.complete() }
            exchange.settle(.failure(URLSessionTransport.failure(error, timeout: exchange.timeout)))
        }

        /// Why a head passes a bound the socket transport enforces, or nil.
        private func headProblem(_ http: HTTPURLResponse) -> HTTPTransportFailure? {
            guard (100...599).contains(http.statusCode) else {
                return HTTPTransportFailure(
                    .malformedResponse, "the status line is not 'HTTP/1.x NNN reason' with NNN from 100 to 599")
            }
            let fields = URLSessionTransport.fields(of: http)
            if fields.count > limits.maxHeaderCount {
                return HTTPTransportFailure(.malformedResponse, "the answer has more than \(limits.maxHeaderCount) header fields")
            }
            let headBytes = fields.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
            if headBytes > limits.maxHeadBytes {
                return HTTPTransportFailure(.malformedResponse, "the answer's head is larger than \(limits.maxHeadBytes) bytes")
            }
            if let length = fields.first(where: { $0.key.lowercased() == "content-length" })?.value,
               case .failure(let failure) = HTTPResponseReader.contentLength(length, limit: limits.maxResponseBytes)
            {
                return failure
            }
            return nil
        }
    }

    /// The response's header fields by name.
    static func fields(of response: HTTPURLResponse) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { fields[name] = value }
        }
        return fields
    }

    /// The failure a task's error stands for.
    static func failure(_ error: any Error, timeout: Double) -> HTTPTransportFailure {
        guard let error = error as? URLError else { return HTTPTransportFailure(.network, "no HTTP response") }
        switch error.code {
        case .timedOut:
            return HTTPTransportFailure(.timedOut, "no answer within \(DurationText.seconds(timeout))")
        case .badURL, .unsupportedURL:
            return HTTPTransportFailure(
                .invalidRequest, "the endpoint URL was refused (URLError \(error.code.rawValue))")
        default:
            return HTTPTransportFailure(.network, "the connection failed (URLError \(error.code.rawValue))")
        }
    }
}
