#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushBridge

/// ``HTTPTransport`` over plain POSIX sockets: HTTP/1.1 without TLS, one connection per request
/// (`Connection: close`), every step bounded by the call's timeout. It needs no Foundation, so a
/// process that uses it stays small; `bridge-cli` sends with it. For `https` endpoints (on device),
/// use `URLSessionTransport` from `PushBridgeURLSession`: this transport refuses them.
public struct SocketHTTPTransport: HTTPTransport {
    /// The largest response accepted, in bytes.
    public var maxResponseBytes: Int

    /// Creates a transport.
    public init(maxResponseBytes: Int = 1 << 20) {
        self.maxResponseBytes = maxResponseBytes
    }

    /// The parts of an `http://` URL.
    struct Target: Hashable {
        var host: String
        var port: String
        var pathAndQuery: String
        var hostHeader: String

        /// Parses `http://host[:port][/path][?query]`; nil for anything else (https included).
        init?(_ url: String) {
            let prefix = "http://"
            guard url.utf8.count > prefix.utf8.count,
                  String(url.prefix(prefix.count)).lowercased() == prefix
            else { return nil }
            let rest = url.dropFirst(prefix.count)
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
            let authority = rest[..<authorityEnd]
            var path = String(rest[authorityEnd...])
            if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
            if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
            guard !authority.isEmpty, !authority.contains("@"),
                  !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
            else { return nil }
            var host = Substring(authority)
            var port = "80"
            if host.hasPrefix("[") {
                guard let close = host.firstIndex(of: "]") else { return nil }
                let after = host[host.index(after: close)...]
                if after.hasPrefix(":") { port = String(after.dropFirst()) } else if !after.isEmpty { return nil }
                host = host[host.index(after: host.startIndex)..<close]
            } else if let colon = host.lastIndex(of: ":") {
                port = String(host[host.index(after: colon)...])
                host = host[..<colon]
            }
            guard !host.isEmpty, let number = Int(port), (1...65_535).contains(number) else { return nil }
            self.host = String(host)
            self.port = port
            self.pathAndQuery = path
            self.hostHeader = String(authority)
        }
    }

    public func send(
        url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double
    ) -> Result<HTTPResponse, HTTPTransportFailure> {
        guard let target = Target(url) else {
            let reason = url.lowercased().hasPrefix("https:")
                ? "https needs TLS: this transport speaks plain http (use URLSessionTransport for https)"
                : "the endpoint is not an http URL"
            return .failure(HTTPTransportFailure(.invalidRequest, reason))
        }
        let deadline = Self.now() + max(0.05, timeout)
        let descriptor: Int32
        switch Self.openConnection(target, deadline: deadline) {
        case .success(let connected): descriptor = connected
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }

        var request = "\(method) \(target.pathAndQuery) HTTP/1.1\r\nHost: \(target.hostHeader)\r\n"
        request += "User-Agent: PushBridge\r\nConnection: close\r\nContent-Length: \(body.count)\r\n"
        for header in headers where !header.name.contains(where: { $0 == "\r" || $0 == "\n" })
            && !header.value.contains(where: { $0 == "\r" || $0 == "\n" })
        {
            request += "\(header.name): \(header.value)\r\n"
        }
        request += "\r\n"
        if let failure = Self.writeAll(descriptor, Array(request.utf8) + body, deadline: deadline) {
            return .failure(failure)
        }
        var response: [UInt8] = []
        while true {
            guard Self.wait(descriptor, for: Int16(POLLIN), until: deadline) else {
                return .failure(HTTPTransportFailure(.timedOut, "no answer within \(timeout) s"))
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(HTTPTransportFailure(.network, "the connection failed while reading (errno \(errno))"))
            }
            if count == 0 { break }
            response += chunk[0..<count]
            if response.count > maxResponseBytes {
                return .failure(HTTPTransportFailure(.network, "the answer is larger than \(maxResponseBytes) bytes"))
            }
            if let complete = Self.parse(response), complete.isComplete { return .success(complete.response) }
        }
        guard let parsed = Self.parse(response) else {
            return .failure(HTTPTransportFailure(.network, "the connection closed without an HTTP answer"))
        }
        return .success(parsed.response)
    }

    // MARK: Connection

    private static func openConnection(_ target: Target, deadline: Double) -> Result<Int32, HTTPTransportFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, target.port, &hints, &list) == 0, let first = list else {
            return .failure(HTTPTransportFailure(.network, "cannot resolve the endpoint's host"))
        }
        defer { freeaddrinfo(first) }
        var lastError = "no address"
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let address = node {
            node = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            #if canImport(Glibc)
            var result = Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
            #else
            var result = Darwin.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
            #endif
            if result != 0, errno == EINPROGRESS {
                guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                    close(descriptor)
                    return .failure(HTTPTransportFailure(.timedOut, "the connection was not made in time"))
                }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                result = error == 0 ? 0 : -1
                if error != 0 { lastError = "errno \(error)" }
            } else if result != 0 {
                lastError = "errno \(errno)"
            }
            if result == 0 { return .success(descriptor) }
            close(descriptor)
        }
        return .failure(HTTPTransportFailure(.network, "the connection failed (\(lastError))"))
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], deadline: Double) -> HTTPTransportFailure? {
        var offset = 0
        while offset < bytes.count {
            guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
                return HTTPTransportFailure(.timedOut, "the request could not be sent in time")
            }
            let written = bytes.withUnsafeBytes { raw in
                #if canImport(Glibc)
                Glibc.send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(descriptor, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
            }
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return HTTPTransportFailure(.network, "the connection failed while sending (errno \(errno))")
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

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Response

    /// Parses a status line, headers and a body (by `Content-Length`, chunked, or up to the close).
    /// Nil while the head is incomplete or malformed.
    static func parse(_ bytes: [UInt8]) -> (response: HTTPResponse, isComplete: Bool)? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let headEnd = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
        let head = String(decoding: bytes[..<headEnd], as: UTF8.self)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        guard !lines.isEmpty else { return nil }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...]).trimmingSpaces()
        }
        let body = Array(bytes[(headEnd + 4)...])
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            guard let decoded = dechunk(body) else { return (HTTPResponse(status: status, headers: headers), false) }
            return (HTTPResponse(status: status, headers: headers, body: decoded), true)
        }
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            return (HTTPResponse(status: status, headers: headers, body: Array(body.prefix(length))), body.count >= length)
        }
        return (HTTPResponse(status: status, headers: headers, body: body), false)
    }

    /// The body of a complete chunked encoding, or nil while incomplete.
    private static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = bytes[index...].indices.first(where: { bytes[$0...].starts(with: [13, 10]) }) else {
                return nil
            }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingSpaces(), radix: 16) else { return nil }
            let start = lineEnd + 2
            if size == 0 { return output }
            guard start + size + 2 <= bytes.count else { return nil }
            output += bytes[start..<(start + size)]
            index = start + size + 2
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
