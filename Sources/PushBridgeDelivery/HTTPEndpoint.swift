import PushBridgeSystem

/// An `http://` endpoint, checked up front: what ``SocketHTTPTransport`` can send to, or precisely why not.
///
/// Accepted: `http://host[:port][/path][?query]`, the scheme in any case, the host a name (letters, digits,
/// `-`, `.`, `_`, `~`), an IPv4 address or a bracketed IPv6 address, the port 1–65535 (default 80).
/// Refused, each with its own ``Problem/Kind``: `https://` (it needs TLS: use `URLSessionTransport`), any
/// other scheme, userinfo (`http://user:pw@host`), an empty host, a port that is empty, not a number, 0 or
/// above 65535, a fragment (`#…`), a space, a control byte or a non-ASCII byte anywhere.
///
/// The base path and the query are kept apart so a vendor's path goes between them:
/// `http://h/base?x=1` + `/v1/track` is `POST /base/v1/track?x=1` (``requestTarget(appending:)``).
public struct HTTPEndpoint: Sendable, Hashable {
    /// Why a text is not a usable endpoint. The message never repeats userinfo.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// What is wrong.
        public enum Kind: Sendable, Hashable {
            /// Not `scheme://…` at all.
            case notAURL
            /// `https://`: this transport has no TLS.
            case needsTLS
            /// A scheme other than http and https.
            case unsupportedScheme
            /// `user[:password]@` before the host.
            case userinfo
            /// No host.
            case emptyHost
            /// A host that is not a name, an IPv4 address or a bracketed IPv6 address.
            case invalidHost
            /// A port that is empty, not a number, 0 or above 65535.
            case invalidPort
            /// A `#fragment`.
            case fragment
            /// A space, a control byte or a non-ASCII byte.
            case forbiddenByte
        }

        /// What is wrong.
        public var kind: Kind
        /// What is wrong, for a person.
        public var message: String

        init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        public var description: String { message }
    }

    /// The host, without brackets for an IPv6 address.
    public let host: String
    /// The port.
    public let port: Int
    /// The `Host` header: the authority as written (`host[:port]`).
    public let hostHeader: String
    /// The base path (`""` or starting with `/`), as written.
    public let path: String
    /// The query, without its `?`; nil when there is none.
    public let query: String?

    /// Parses `text`; throws a ``Problem`` that says why it cannot be used.
    public init(_ text: String) throws(Problem) {
        let bytes = Array(text.utf8)
        guard let schemeEnd = Self.firstIndex(of: "://", in: bytes) else {
            throw Problem(.notAURL, "it is not a URL (expected http://host[:port][/path])")
        }
        let scheme = String(decoding: bytes[..<schemeEnd].map(ASCIIDigits.lowercased), as: UTF8.self)
        if scheme == "https" {
            throw Problem(.needsTLS, "https needs TLS, and this transport speaks plain http "
                + "(use URLSessionTransport from PushBridgeURLSession for https)")
        }
        guard scheme == "http" else {
            let shown = scheme.utf8.count <= 16 && scheme.utf8.allSatisfy(HTTPFieldBytes.isTokenByte)
                ? "'\(scheme)'" : "of the URL"
            throw Problem(.unsupportedScheme, "the scheme \(shown) is not http")
        }
        if let bad = bytes.first(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            throw Problem(.forbiddenByte, bad >= 0x80
                ? "it contains a non-ASCII character (percent-encode it, or use the host's punycode form)"
                : "it contains a space or a control byte")
        }
        let rest = bytes[(schemeEnd + 3)...]
        if rest.contains(UInt8(ascii: "#")) { throw Problem(.fragment, "it has a #fragment, which is never sent") }
        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        if authority.contains(UInt8(ascii: "@")) {
            throw Problem(.userinfo, "it has userinfo (user:password@) before the host; credentials go in the "
                + "write key, never in the URL")
        }
        let (host, port) = try Self.hostAndPort(authority)
        self.host = host
        self.port = port
        hostHeader = String(decoding: authority, as: UTF8.self)
        let pathAndQuery = rest[authorityEnd...]
        if let mark = pathAndQuery.firstIndex(of: UInt8(ascii: "?")) {
            path = String(decoding: pathAndQuery[..<mark], as: UTF8.self)
            query = String(decoding: pathAndQuery[(mark + 1)...], as: UTF8.self)
        } else {
            path = String(decoding: pathAndQuery, as: UTF8.self)
            query = nil
        }
    }

    /// The request target for `vendorPath` under this endpoint: base path, one `/`, the vendor's path, then
    /// `?query` when the endpoint has one. An empty `vendorPath` gives the base path (or `/`).
    public func requestTarget(appending vendorPath: String = "") -> String {
        var target = Self.joinPaths(path, vendorPath)
        if target.isEmpty { target = "/" }
        if let query { target += "?" + query }
        return target
    }

    /// `base` (any URL, http or https) with `path` added to its path: the query stays at the end and a
    /// fragment is dropped. `https://h/base/?x=1` + `/v1/track` is `https://h/base/v1/track?x=1`.
    public static func join(_ base: String, _ path: String) -> String {
        var base = Substring(base)
        if let fragment = base.firstIndex(of: "#") { base = base[..<fragment] }
        var query = ""
        if let mark = base.firstIndex(of: "?") {
            query = String(base[mark...])
            base = base[..<mark]
        }
        return joinPaths(String(base), path) + query
    }

    /// `base` and `path` with one `/` between them; nothing appended leaves `base` as it is (a path's own trailing
    /// `/`, as in Klaviyo's `/client/events/`, is part of the path).
    private static func joinPaths(_ base: String, _ path: String) -> String {
        if path.isEmpty { return base }
        var base = Substring(base)
        while base.hasSuffix("/") { base = base.dropLast() }
        return String(base) + (path.hasPrefix("/") ? path : "/" + path)
    }

    private static func hostAndPort(_ authority: ArraySlice<UInt8>) throws(Problem) -> (String, Int) {
        guard !authority.isEmpty else { throw Problem(.emptyHost, "it has no host") }
        var hostBytes = authority
        var portBytes: ArraySlice<UInt8>?
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                throw Problem(.invalidHost, "its IPv6 address has no closing ]")
            }
            let after = authority[(close + 1)...]
            if let colon = after.first {
                guard colon == UInt8(ascii: ":") else {
                    throw Problem(.invalidHost, "something other than :port follows its IPv6 address")
                }
                portBytes = after.dropFirst()
            }
            hostBytes = authority[(authority.startIndex + 1)..<close]
            let literal = String(decoding: hostBytes, as: UTF8.self)
            var address = in6_addr()
            guard inet_pton(AF_INET6, literal, &address) == 1 else {
                throw Problem(.invalidHost, "its bracketed host is not an IPv6 address")
            }
        } else if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            hostBytes = authority[..<colon]
            portBytes = authority[(colon + 1)...]
        }
        guard !hostBytes.isEmpty else { throw Problem(.emptyHost, "it has no host") }
        if authority.first != UInt8(ascii: "[") {
            let allowed = hostBytes.allSatisfy { byte in
                ASCIIDigits.decimal(byte) != nil || (UInt8(ascii: "a")...UInt8(ascii: "z"))
                    .contains(ASCIIDigits.lowercased(byte)) || Array("-._~".utf8).contains(byte)
            }
            guard allowed else {
                throw Problem(.invalidHost, "its host has a character that cannot be in a host name")
            }
        }
        var port = 80
        if let portBytes {
            guard let number = ASCIIDigits.decimalValue(portBytes, limit: 65_535) else {
                throw Problem(.invalidPort, portBytes.isEmpty ? "its port is empty" : "its port is not a number")
            }
            guard (1...65_535).contains(number) else {
                throw Problem(.invalidPort, "its port is \(number > 65_535 ? "above 65535" : "0"); use 1–65535")
            }
            port = number
        }
        return (String(decoding: hostBytes, as: UTF8.self), port)
    }

    private static func firstIndex(of needle: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}
