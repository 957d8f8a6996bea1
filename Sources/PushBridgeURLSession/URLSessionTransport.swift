import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PushBridge
import PushBridgeDelivery

/// ``HTTPTransport`` over `URLSession` (`FoundationNetworking` on Linux): an ephemeral session with no
/// cache and no cookies that never follows a redirect (a 3xx is the answer, so a write key is never sent
/// to a host it was not meant for); each call blocks its thread until the answer or the timeout.
public final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // URLSession is thread-safe; the class holds nothing else.
    private let session: URLSession

    /// Creates a transport with its own ephemeral session. Each call waits exactly its own `timeout`;
    /// `requestTimeout` (the longest a call will ask for) sets the session's backstop.
    public init(requestTimeout: Double = 10) {
        let configuration = URLSessionConfiguration.ephemeral
        // FoundationNetworking truncates this to whole seconds (0.5 would time out at once) and ignores a
        // request's own interval, so it is only a backstop here: each call enforces its exact timeout itself.
        configuration.timeoutIntervalForRequest = (max(0.05, requestTimeout) + 1).rounded(.up)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpAdditionalHeaders = ["User-Agent": "PushBridge"]
        session = URLSession(configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
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

        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            if let http = response as? HTTPURLResponse, error == nil {
                var fields: [String: String] = [:]
                for (name, value) in http.allHeaderFields {
                    if let name = name as? String, let value = value as? String { fields[name] = value }
                }
                let body = Array(data ?? Data())
                outcome.set(.success(HTTPResponse(status: http.statusCode, headers: fields, body: body)))
            } else if let error = error as? URLError, error.code == .timedOut {
                let waited = DurationText.seconds(timeout)
                outcome.set(.failure(HTTPTransportFailure(.timedOut, "no answer within \(waited)")))
            } else if let error = error as? URLError,
                      [.badURL, .unsupportedURL].contains(error.code)
            {
                outcome.set(.failure(HTTPTransportFailure(
                    .invalidRequest, "the endpoint URL was refused (URLError \(error.code.rawValue))")))
            } else {
                let reason = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? "no HTTP response"
                outcome.set(.failure(HTTPTransportFailure(.network, "the connection failed (\(reason))")))
            }
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + max(0.05, timeout)) == .timedOut {
            task.cancel()
            return .failure(HTTPTransportFailure(.timedOut, "no answer within \(DurationText.seconds(timeout))"))
        }
        return outcome.get() ?? .failure(HTTPTransportFailure(.network, "no HTTP response"))
    }

    /// Answers every redirect with "do not follow": the task then completes with the 3xx response.
    private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
        func urlSession(
            _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)
        }
    }

    /// The result handed from the session's queue to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Result<HTTPResponse, HTTPTransportFailure>?

        func set(_ newValue: Result<HTTPResponse, HTTPTransportFailure>) { lock.withLock { value = newValue } }
        func get() -> Result<HTTPResponse, HTTPTransportFailure>? { lock.withLock { value } }
    }
}
