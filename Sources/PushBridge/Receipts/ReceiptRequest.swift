/// One HTTP header of a ``ReceiptRequest``.
public struct HTTPHeader: Sendable, Hashable {
    /// The header name (`Content-Type`).
    public var name: String
    /// The header value.
    public var value: String
    /// Whether the value is a credential: it is sent, but every description of the request shows
    /// `[redacted]` instead.
    public var isSecret: Bool

    /// Creates a header.
    public init(_ name: String, _ value: String, isSecret: Bool = false) {
        self.name = name
        self.value = value
        self.isSecret = isSecret
    }

    /// A secret header holding `prefix + key` (`Authorization: Bearer <key>`), or nil when `key` is nil or empty.
    public static func credential(_ name: String, prefix: String = "", key: String?) -> HTTPHeader? {
        guard let key, !key.isEmpty else { return nil }
        return HTTPHeader(name, prefix + key, isSecret: true)
    }
}

/// The HTTP request a vendor's backend expects for one receipt: a method, a path under a base URL the
/// app configures, headers and a JSON body.
///
/// A request may hold the vendor's write key in a header marked ``HTTPHeader/isSecret``; its
/// `description`, `debugDescription` and mirror (what `print`, `dump` and string interpolation show) never
/// contain it. The delivery layer adds `Idempotency-Key` itself.
public struct ReceiptRequest: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// `POST`, usually.
    public var method: String
    /// The path under the base URL, starting with `/` (`/v1/track`).
    public var path: String
    /// Headers in the order they are sent.
    public var headers: [HTTPHeader]
    /// The JSON body.
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String = "POST", path: String, headers: [HTTPHeader], body: [UInt8]) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// A `POST` of `{"event": event, "properties": properties}` as canonical JSON, with
    /// `Content-Type: application/json` and the given credential header (when there is one).
    public static func event(
        path: String, event: String, properties: JSONObject, credential: HTTPHeader?
    ) -> ReceiptRequest {
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let credential { headers.append(credential) }
        let body = JSONWriter.bytes(.object(["event": .string(event), "properties": .object(properties)]))
        return ReceiptRequest(method: "POST", path: path, headers: headers, body: body)
    }

    /// The value of the first header named `name` (compared case-insensitively).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// `POST /v1/track [Content-Type: application/json, Authorization: [redacted]] 123 bytes`.
    public var description: String {
        let shown = headers.map { "\($0.name): \($0.isSecret ? "[redacted]" : $0.value)" }.joined(separator: ", ")
        return "\(method) \(path) [\(shown)] \(body.count) bytes"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["description": description], displayStyle: .struct)
    }
}

/// Where a vendor's receipt requests go (docs/WIRE-FORMATS.md §12.2).
public enum ReceiptDestination: String, Sendable, Hashable {
    /// The vendor's public event API, in the shape its SDK sends.
    case vendorAPI
    /// The app's own collector, as a plain JSON event: the vendor's SDK reports through a private, batched
    /// endpoint that PushBridge does not imitate (Braze, Airship, FCM).
    case appCollector
}
