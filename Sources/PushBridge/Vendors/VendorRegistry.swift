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
        // Every payload comes here: one pass over the adapters in place (no copy of each), counting owners and
        // the best carriers; the lists an error names are made only on that path.
        var owner: Int?
        var ownerCount = 0
        var bestCarrier: Int?
        var bestRank = Int.max
        var bestRankCount = 0
        for index in adapters.indices {
            switch adapters[index].claimStrength(userInfo) {
            case .owner?:
                if owner == nil { owner = index }
                ownerCount += 1
            case .carrier(let rank)?:
                if rank < bestRank {
                    bestCarrier = index
                    bestRank = rank
                    bestRankCount = 1
                } else if rank == bestRank {
                    bestRankCount += 1
                }
            case nil: break
            }
        }
        guard ownerCount <= 1 else {
            throw .ambiguousVendor(adapters.filter { $0.claimStrength(userInfo) == .owner }.map(\.id))
        }
        if let owner { return adapters[owner] }
        guard let bestCarrier else { return nil }
        guard bestRankCount == 1 else {
            throw .ambiguousVendor(adapters.filter { $0.claimStrength(userInfo) == .carrier(rank: bestRank) }.map(\.id))
        }
        return adapters[bestCarrier]
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
