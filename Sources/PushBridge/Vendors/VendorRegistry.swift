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

    /// The adapters that claim `userInfo`, owners and carriers alike, in registration order.
    public func claimants(of userInfo: JSONObject) -> [any VendorAdapter] {
        adapters.filter { $0.claimStrength(userInfo) != nil }
    }

    /// The adapter `userInfo` belongs to (REAL-VENDORS R2), or nil with none: the one owner that claims it,
    /// else, when no owner does, the carrier of lowest rank. Throws when two owners (or two carriers of the
    /// same best rank) claim it.
    public func claimant(of userInfo: JSONObject) throws(PushBridgeError) -> (any VendorAdapter)? {
        var owners: [any VendorAdapter] = []
        var carriers: [(adapter: any VendorAdapter, rank: Int)] = []
        for adapter in adapters {
            switch adapter.claimStrength(userInfo) {
            case .owner?: owners.append(adapter)
            case .carrier(let rank)?: carriers.append((adapter, rank))
            case nil: break
            }
        }
        guard owners.count <= 1 else { throw .ambiguousVendor(owners.map(\.id)) }
        if let owner = owners.first { return owner }
        guard let best = carriers.map(\.rank).min() else { return nil }
        let winners = carriers.filter { $0.rank == best }
        guard winners.count == 1 else { throw .ambiguousVendor(winners.map(\.adapter.id)) }
        return winners[0].adapter
    }

    /// The one adapter for `userInfo`: the named one when `vendor` is given, else its ``claimant(of:)``.
    public func resolve(_ userInfo: JSONObject, vendor: String? = nil) throws(PushBridgeError) -> any VendorAdapter {
        if let vendor { return try requireAdapter(id: vendor) }
        guard let claimant = try claimant(of: userInfo) else { throw .noVendorClaims }
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
