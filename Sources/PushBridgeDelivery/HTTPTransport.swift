import PushBridge

/// An HTTP response, as much of it as delivery needs.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header values by lowercased name.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.body = body
    }
}

/// Why a request got no HTTP response.
public struct HTTPTransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: Sendable, Hashable {
        /// The connection failed or was closed without an answer: worth retrying.
        case network
        /// No answer within the request timeout: worth retrying.
        case timedOut
        /// The request cannot be made at all (a malformed URL, a header value with a line break): retrying
        /// will not help until the configuration changes.
        case invalidRequest
        /// The answer is not an HTTP/1.1 response (a bad status line, length or chunk size) or passes a bound:
        /// worth retrying, like a network error (a broken collector path, not the receipt's fault).
        case malformedResponse
    }

    /// The kind of failure.
    public var kind: Kind
    /// What happened, without the request's headers.
    public var message: String

    /// Creates a failure.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}

/// Sends one HTTP request and waits for its answer: ``SocketHTTPTransport`` (plain http, no Foundation,
/// what `bridge-cli` uses) or `URLSessionTransport` from `PushBridgeURLSession` (https, on device);
/// tests use their own.
public protocol HTTPTransport: Sendable {
    /// Sends `method url` with `headers` and `body`, waiting at most `timeout` seconds.
    func send(
        url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double
    ) -> Result<HTTPResponse, HTTPTransportFailure>
}
