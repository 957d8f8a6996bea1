/// Errors a person can act on, shared by the library and `bridge-cli`.
public enum PushBridgeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input is not valid JSON.
    case invalidJSON(JSONParseError)
    /// The input is JSON but not an object (a userInfo is always an object).
    case notAnObject(found: String)
    /// No registered vendor has this id.
    case unknownVendor(String, known: [String])
    /// No registered vendor claims the payload.
    case noVendorClaims
    /// More than one vendor claims the payload.
    case ambiguousVendor([String])

    public var description: String {
        switch self {
        case .invalidJSON(let error): return "input is not valid JSON: \(error)"
        case .notAnObject(let found): return "input is a JSON \(found), not an object: a push payload is a JSON object"
        case .unknownVendor(let id, let known):
            return "unknown vendor '\(id)'; known vendors: \(known.joined(separator: ", "))"
        case .noVendorClaims: return "no vendor claims this payload (use --vendor ID to choose one)"
        case .ambiguousVendor(let ids):
            return "more than one vendor claims this payload: \(ids.joined(separator: " and ")) (use --vendor ID to choose)"
        }
    }
}

/// The adapters PushBridge knows, in registration order.
public struct VendorRegistry: Sendable {
    /// The adapters.
    public let adapters: [any VendorAdapter]

    /// Creates a registry; adapter ids must be unique.
    public init(_ adapters: [any VendorAdapter]) {
        var seen = Set<String>()
        self.adapters = adapters.filter { seen.insert($0.id).inserted }
    }

    /// The ids, in registration order.
    public var ids: [String] { adapters.map(\.id) }

    /// The adapter with this id.
    public func adapter(id: String) -> (any VendorAdapter)? {
        adapters.first { $0.id == id }
    }

    /// The adapter with this id, or an error naming the known ones.
    public func requireAdapter(id: String) throws(PushBridgeError) -> any VendorAdapter {
        guard let adapter = adapter(id: id) else { throw .unknownVendor(id, known: ids) }
        return adapter
    }

    /// The adapters that claim `userInfo`.
    public func claimants(of userInfo: JSONObject) -> [any VendorAdapter] {
        adapters.filter { $0.claims(userInfo) }
    }

    /// The one adapter for `userInfo`: the named one when `vendor` is given, else the only claimant.
    public func resolve(_ userInfo: JSONObject, vendor: String? = nil) throws(PushBridgeError) -> any VendorAdapter {
        if let vendor { return try requireAdapter(id: vendor) }
        var claimant: (any VendorAdapter)?
        for adapter in adapters where adapter.claims(userInfo) {
            guard claimant == nil else { throw .ambiguousVendor(claimants(of: userInfo).map(\.id)) }
            claimant = adapter
        }
        guard let claimant else { throw .noVendorClaims }
        return claimant
    }

    /// Parses a userInfo from JSON bytes.
    public static func parseUserInfo(
        _ bytes: [UInt8], options: JSONParser.Options = .default
    ) throws(PushBridgeError) -> JSONObject {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser.parse(bytes, options: options)
        } catch {
            throw .invalidJSON(error)
        }
        guard case .object(let members) = value else { throw .notAnObject(found: value.typeName) }
        return members
    }
}
