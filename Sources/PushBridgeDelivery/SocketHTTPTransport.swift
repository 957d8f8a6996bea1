import PushBridge
import PushBridgeSystem

/// ``HTTPTransport`` over plain POSIX sockets: HTTP/1.1 without TLS, one connection per request
/// (`Connection: close`), every step bounded by the call's timeout. It needs no Foundation, so a
/// process that uses it stays small; `bridge-cli` sends with it. For `https` endpoints (on device),
/// use `URLSessionTransport` from `PushBridgeURLSession`: this transport refuses them.
///
/// - The URL must be a usable ``HTTPEndpoint``; the method a token; every header name and value must pass
///   ``HTTPFieldCheck`` (no CR, LF, NUL or other control byte). Otherwise nothing is sent and the answer is
///   an ``HTTPTransportFailure/Kind/invalidRequest`` failure saying why (never showing a header value).
/// - A numeric host is used as is; a name is looked up by the ``HostResolver`` on a thread of its own, and
///   waited for only until the request's deadline (at most ``maxAbandonedLookups`` lookups of this
///   transport may still be running after their requests gave up; more fail at once).
/// - The answer is read by an ``HTTPResponseReader`` (at most ``maxResponseBytes``); a malformed one is an
///   ``HTTPTransportFailure/Kind/malformedResponse`` failure.
public struct SocketHTTPTransport: HTTPTransport {
    /// The largest response accepted, in bytes (heads and body).
    public var maxResponseBytes: Int
    /// Looks up host names.
    public let resolver: any HostResolver
    private let lookups: BoundedLookups

    /// Creates a transport.
    ///
    /// - Parameters:
    ///   - resolver: looks up host names (default: the system's `getaddrinfo`); tests pass their own.
    ///   - maxAbandonedLookups: how many lookups that outlived their request may still be running before
    ///     the next request that needs one fails at once instead of starting another thread (default 4).
    public init(
        maxResponseBytes: Int = 1 << 20, resolver: any HostResolver = SystemHostResolver(), maxAbandonedLookups: Int = 4
    ) {
        self.maxResponseBytes = maxResponseBytes
        self.resolver = resolver
        lookups = BoundedLookups(maxAbandoned: maxAbandonedLookups)
    }

    /// The most lookups that outlived their request that may still be running.
    public var maxAbandonedLookups: Int { lookups.maxAbandoned }

    /// Lookups that outlived their request and are still running.
    public var abandonedLookupsRunning: Int { lookups.abandonedStillRunning }

    public func send(
        url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double
    ) -> Result<HTTPResponse, HTTPTransportFailure> {
        let start = Self.now()
        let endpoint: HTTPEndpoint
        do throws(HTTPEndpoint.Problem) {
            endpoint = try HTTPEndpoint(url)
        } catch {
            return .failure(HTTPTransportFailure(.invalidRequest, "the endpoint cannot be used: \(error.message)"))
        }
        guard !method.isEmpty, method.utf8.allSatisfy(HTTPFieldBytes.isTokenByte) else {
            return .failure(HTTPTransportFailure(.invalidRequest, "the request method is not a token"))
        }
        if let problem = HTTPFieldCheck.firstProblem(headers) {
            return .failure(HTTPTransportFailure(.invalidRequest, problem))
        }
        let limit = max(0.05, timeout.isFinite ? timeout : 86_400)
        let deadline = start + limit
        let addresses: [SocketAddress]
        if let numeric = SocketAddress(numericHost: endpoint.host, port: endpoint.port) {
            addresses = [numeric]
        } else {
            let resolved = lookups.resolve(
                resolver, host: endpoint.host, port: endpoint.port, deadline: deadline, timeout: limit)
            switch resolved {
            case .success(let found): addresses = found
            case .failure(let failure): return .failure(failure)
            }
        }
        let descriptor: Int32
        switch Self.connect(to: addresses, endpoint: endpoint, deadline: deadline) {
        case .success(let connected): descriptor = connected
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }

        var head = "\(method) \(endpoint.requestTarget()) HTTP/1.1\r\nHost: \(endpoint.hostHeader)\r\n"
        head += "User-Agent: PushBridge\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for header in headers { head += "\(header.name): \(header.value)\r\n" }
        head += "\r\n"
        if let failure = Self.writeAll(descriptor, Array(head.utf8) + body, deadline: deadline) {
            return .failure(failure)
        }
        return readResponse(descriptor, method: method, deadline: deadline, timeout: limit)
    }

    private func readResponse(
        _ descriptor: Int32, method: String, deadline: Double, timeout: Double
    ) -> Result<HTTPResponse, HTTPTransportFailure> {
        var reader = HTTPResponseReader(
            limits: HTTPResponseReader.Limits(maxResponseBytes: maxResponseBytes), requestMethod: method)
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            guard Self.wait(descriptor, for: Int16(POLLIN), until: deadline) else {
                let what = reader.bytesRead == 0 ? "no answer" : "no complete answer"
                return .failure(HTTPTransportFailure(.timedOut, "\(what) within \(DurationText.seconds(timeout))"))
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN || error == EWOULDBLOCK { continue }
                return .failure(HTTPTransportFailure(
                    .network, "the connection failed while reading: \(Self.errorText(error))"))
            }
            switch count == 0 ? reader.finish() : reader.feed(chunk[0..<count]) {
            case .needMore: continue
            case .complete(let response): return .success(response)
            case .failed(let failure): return .failure(failure)
            }
        }
    }

    // MARK: Connection

    private static func connect(
        to addresses: [SocketAddress], endpoint: HTTPEndpoint, deadline: Double
    ) -> Result<Int32, HTTPTransportFailure> {
        var lastError = "no address"
        for address in addresses {
            #if canImport(Glibc)
            let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let descriptor = socket(address.family, SOCK_STREAM, 0)
            #endif
            guard descriptor >= 0 else {
                lastError = errorText(errno)
                continue
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #if canImport(Darwin)
            // Linux sends with MSG_NOSIGNAL; Apple platforms need the socket option, or a reset raises SIGPIPE.
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
            #endif
            var result = address.storage.withUnsafeBytes { raw in
                let pointer = raw.baseAddress!.assumingMemoryBound(to: sockaddr.self)
                return PushBridgeSystem.connect(descriptor, pointer, socklen_t(raw.count))
            }
            if result != 0, errno == EINPROGRESS {
                guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                    close(descriptor)
                    return .failure(HTTPTransportFailure(
                        .timedOut, "the connection to \(address):\(endpoint.port) was not made in time"))
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                result = error == 0 ? 0 : -1
                if error != 0 { lastError = errorText(error) }
            } else if result != 0 {
                lastError = errorText(errno)
            }
            if result == 0 { return .success(descriptor) }
            close(descriptor)
        }
        let shown = addresses.count == 1 ? "\(addresses[0]):\(endpoint.port)" : "\(endpoint.host):\(endpoint.port)"
        return .failure(HTTPTransportFailure(.network, "the connection to \(shown) failed: \(lastError)"))
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], deadline: Double) -> HTTPTransportFailure? {
        var offset = 0
        while offset < bytes.count {
            guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                return HTTPTransportFailure(.timedOut, "the request could not be sent in time")
            }
            let written = bytes.withUnsafeBytes { raw in
                #if canImport(Darwin)
                PushBridgeSystem.send(descriptor, raw.baseAddress! + offset, raw.count - offset, 0)
                #else
                PushBridgeSystem.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #endif
            }
            if written < 0 {
                let error = errno
                if error == EINTR || error == EAGAIN || error == EWOULDBLOCK { continue }
                return HTTPTransportFailure(.network, "the connection failed while sending: \(errorText(error))")
            }
            offset += written
        }
        return nil
    }

    /// Waits until `descriptor` is ready for `events` or the deadline passes; false on timeout or error.
    private static func wait(_ descriptor: Int32, for events: Int16, until deadline: Double) -> Bool {
        while true {
            let remaining = deadline - now()
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(remaining * 1000, 60_000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return false }
        }
    }

    /// The system's text for an `errno` value (`Connection refused`), not its number.
    static func errorText(_ error: Int32) -> String {
        guard let text = strerror(error) else { return "error \(error)" }
        return String(cString: text)
    }

    /// Monotonic seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
