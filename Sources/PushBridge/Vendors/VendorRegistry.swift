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
    /// A vendor setting (`ID.KEY=VALUE`) names no vendor or setting, or has a value of the wrong kind.
    case invalidVendorSetting(String)

    public var description: String {
        switch self {
        case .invalidJSON(let error): return "input is not valid JSON: \(error)"
        case .notAnObject(let found): return "input is a JSON \(found), not an object: a push payload is a JSON object"
        case .unknownVendor(let id, let known):
            return "unknown vendor '\(id)'; known vendors: \(known.joined(separator: ", "))"
        case .noVendorClaims: return "no vendor claims this payload (use --vendor ID to choose one)"
        case .ambiguousVendor(let ids):
            return "more than one vendor claims this payload: \(ids.joined(separator: " and ")) (use --vendor ID to choose)"
        case .invalidVendorSetting(let problem): return "vendor setting: \(problem)"
        }
    }
}

/// The adapters PushBridge knows, in registration order.
public struct VendorRegistry: Sendable {
    /// The adapters.
    public let adapters: [any VendorAdapter]
    /// Which adapters a payload's top-level keys make worth asking (``VendorAdapter/claimKeys``).
    let claimScreen: ClaimScreen

    /// Creates a registry; adapter ids must be unique.
    public init(_ adapters: [any VendorAdapter]) {
        var seen = Set<String>()
        self.adapters = adapters.filter { seen.insert($0.id).inserted }
        claimScreen = ClaimScreen(self.adapters)
    }

    /// The ids, in registration order.
    public var ids: [String] { adapters.map { $0.id } }

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

    /// The adapter `userInfo` belongs to (docs/WIRE-FORMATS.md §11.1), or nil with none: the one owner that claims it,
    /// else, when no owner does, the carrier of lowest rank. Of several owners, the one that alone claims by a
    /// message id (``VendorAdapter/claimsByMessageId(_:)``) wins. Throws when two owners that
    /// the message id cannot settle (or two carriers of the same best rank) claim it.
    public func claimant(of userInfo: JSONObject) throws(PushBridgeError) -> (any VendorAdapter)? {
        try decideClaimant(of: userInfo).index.map { adapters[$0] }
    }

    /// ``resolve(_:vendor:)`` without a vendor, with the ``claimNotes(of:claimedBy:)`` of the claimant it finds,
    /// made only when a second owner claims `userInfo` (with one owner or none there is nothing to note, and the
    /// claims are not asked again).
    package func resolveNotingClaims(
        _ userInfo: JSONObject
    ) throws(PushBridgeError) -> (adapter: any VendorAdapter, claimNotes: [Diagnostic]) {
        let decided = try decideClaimant(of: userInfo)
        guard let index = decided.index else { throw .noVendorClaims }
        return (adapters[index], decided.contested ? claimNotes(of: userInfo, claimedBy: adapters[index]) : [])
    }

    /// The position in ``adapters`` of ``claimant(of:)``, and whether two owners or more claimed `userInfo` (the
    /// message id settled it). A position, not the adapter: an existential in a tuple is copied through its box.
    private func decideClaimant(of userInfo: JSONObject) throws(PushBridgeError) -> (index: Int?, contested: Bool) {
        // Every payload comes here: one pass over the adapters in place (no copy of each), counting owners and
        // the best carriers; the lists an error names are made only on that path.
        var owner: Int?
        var ownerCount = 0
        var bestCarrier: Int?
        var bestRank = Int.max
        var bestRankCount = 0
        // The adapters the screen keeps, in registration order (lowest bit first).
        var candidates = claimScreen.candidates(in: userInfo)
        while let index = candidates.popFirst() {
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
            let owners = adapters.indices.filter { adapters[$0].claimStrength(userInfo) == .owner }
            // Ids are unique in a registry: the winner's position is the owner with its id.
            if let winner = Self.messageIdOwner(among: owners.map { adapters[$0] }, of: userInfo),
               let position = owners.first(where: { adapters[$0].id == winner.id })
            {
                return (position, true)
            }
            throw .ambiguousVendor(owners.map { adapters[$0].id })
        }
        if let owner { return (owner, false) }
        guard let bestCarrier else { return (nil, false) }
        guard bestRankCount == 1 else {
            throw .ambiguousVendor(adapters.filter { $0.claimStrength(userInfo) == .carrier(rank: bestRank) }.map(\.id))
        }
        return (bestCarrier, false)
    }

    /// The owner among `owners` (two or more) that alone claims `userInfo` by a message id, if exactly one does.
    private static func messageIdOwner(among owners: [any VendorAdapter], of userInfo: JSONObject) -> (any VendorAdapter)? {
        let byMessageId = owners.filter { $0.claimsByMessageId(userInfo) }
        return byMessageId.count == 1 ? byMessageId[0] : nil
    }

    /// What deciding the claimant of `userInfo` for `adapter` noticed: a `claimed-by-message-id` info diagnostic
    /// when other owners claim it too and `adapter` won by its message id (WIRE-FORMATS §11.1), naming the others,
    /// whose keys `adapter` reads as its own (data or kept values). Empty otherwise: for an adapter that does not
    /// claim `userInfo` by a message id, at the cost of that one question.
    public func claimNotes(of userInfo: JSONObject, claimedBy adapter: any VendorAdapter) -> [Diagnostic] {
        guard adapter.claimsByMessageId(userInfo) else { return [] }
        var candidates = claimScreen.candidates(in: userInfo)
        if candidates.count == nil, candidates.bits & (candidates.bits &- 1) == 0 { return [] }
        var others: [any VendorAdapter] = []
        while let index = candidates.popFirst() {
            let other = adapters[index]
            if other.id != adapter.id, other.claimStrength(userInfo) == .owner { others.append(other) }
        }
        guard !others.isEmpty, adapter.claimStrength(userInfo) == .owner,
            Self.messageIdOwner(among: [adapter] + others, of: userInfo)?.id == adapter.id
        else { return [] }
        let names = others.map(\.name).joined(separator: " and ")
        let keys = others.flatMap { $0.claimKeys ?? [] }.filter { userInfo[$0] != nil }
        let keyText = keys.isEmpty ? "" : " (\(keys.map { "'\($0)'" }.joined(separator: ", ")))"
        return [Diagnostic(
            .info, code: .claimedByMessageID, path: JSONPath.root,
            message: "\(names) also claims this push\(keyText); \(adapter.name) claims it by its message id and wins: "
                + "the other's keys are kept as \(adapter.name)'s own, not read as theirs")]
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
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(PushBridgeError) in try parseUserInfo(buffer, options: options) }
        }
        return try result.get()
    }

    /// Parses a userInfo from JSON bytes in memory the caller owns (a line of a larger buffer), without copying.
    public static func parseUserInfo(
        _ bytes: UnsafeBufferPointer<UInt8>, options: JSONParser.Options = .default
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

/// The adapters worth asking whether they claim a payload: those with one of their ``VendorAdapter/claimKeys``
/// among the payload's top-level keys, or a key starting with one of their ``VendorAdapter/claimKeyPrefixes``,
/// and those that name neither. An adapter left out would not claim
/// the payload (its claim keys promise that), so ``VendorRegistry/claimant(of:)`` gives the same answer as
/// asking every adapter, for a pass over the payload's keys instead of a call per adapter.
/// A class: a registry is copied (a task-local read, an argument) far more often than it is made.
final class ClaimScreen: Sendable {
    /// The claim keys, each once, and beside each (same position) the adapters that named it.
    let keys: [String]
    let fingerprints: [KeyFingerprint]
    let adapterBits: [UInt64]
    /// ``keys`` as a table a member is looked up in by its fingerprint (made when it was parsed).
    let table: KeyTable
    /// The claim key prefixes (``VendorAdapter/claimKeyPrefixes``), each as its first eight bytes.
    let prefixes: [PrefixScreen]
    /// The adapters that name no claim keys and no claim key prefixes.
    let alwaysAsked: UInt64
    /// The number of adapters; with more than 64 the screen is off and every adapter is asked.
    let adapterCount: Int

    /// Registry positions, lowest first: a set of up to 64 as bits, or every position below a count.
    struct Candidates {
        var bits: UInt64
        var next: Int
        let count: Int?

        /// The lowest position left, removed from the set.
        mutating func popFirst() -> Int? {
            if let count {
                guard next < count else { return nil }
                next += 1
                return next - 1
            }
            guard bits != 0 else { return nil }
            let index = bits.trailingZeroBitCount
            bits &= bits &- 1
            return index
        }
    }

    /// A claim key prefix as a key's ``KeyFingerprint/prefix`` holds it (the first eight bytes, big-endian): a
    /// key matches when it is at least `length` bytes long (up to eight) and its word masked equals `bits`. A
    /// longer prefix screens on its first eight bytes (the adapter's own claim decides the rest).
    struct PrefixScreen: Sendable {
        let bits: UInt64
        let mask: UInt64
        let length: Int
        var adapters: UInt64

        init(_ prefix: String, adapters: UInt64) {
            let fingerprint = KeyFingerprint(prefix)
            length = min(fingerprint.count, 8)
            mask = length == 0 ? 0 : ~0 << UInt64(64 - 8 * length)
            bits = fingerprint.prefix & mask
            self.adapters = adapters
        }

        /// Whether a key with this fingerprint may start with the prefix.
        @inline(__always)
        func matches(_ key: KeyFingerprint) -> Bool { key.count >= length && key.prefix & mask == bits }
    }

    init(_ adapters: [any VendorAdapter]) {
        adapterCount = adapters.count
        var keys: [String] = []
        var adapterBits: [UInt64] = []
        var alwaysAsked: UInt64 = 0
        var prefixes: [PrefixScreen] = []
        for (index, adapter) in adapters.enumerated() where index < 64 {
            let bit: UInt64 = 1 << UInt64(index)
            let claimPrefixes = adapter.claimKeyPrefixes
            for prefix in claimPrefixes { prefixes.append(PrefixScreen(prefix, adapters: bit)) }
            guard let claimKeys = adapter.claimKeys else {
                if claimPrefixes.isEmpty { alwaysAsked |= bit }
                continue
            }
            for key in claimKeys {
                if let existing = keys.firstIndex(where: { KeyFingerprint.bytesEqual($0, key) }) {
                    adapterBits[existing] |= bit
                } else {
                    keys.append(key)
                    adapterBits.append(bit)
                }
            }
        }
        self.keys = keys
        fingerprints = keys.map { KeyFingerprint($0) }
        table = KeyTable(keys)
        self.adapterBits = adapterBits
        self.alwaysAsked = alwaysAsked
        self.prefixes = prefixes
    }

    /// The adapters to ask about `userInfo`.
    func candidates(in userInfo: JSONObject) -> Candidates {
        guard adapterCount <= 64 else { return Candidates(bits: 0, next: 0, count: adapterCount) }
        var bits = alwaysAsked
        if !prefixes.isEmpty {
            // A pass over the members' fingerprints (already made), no allocation: each prefix is a masked compare.
            userInfo.members.withUnsafeBufferPointer { members in
                prefixes.withUnsafeBufferPointer { prefixes in
                    for member in members {
                        for prefix in prefixes where prefix.matches(member.fingerprint) { bits |= prefix.adapters }
                    }
                }
            }
        }
        if userInfo.table != nil {
            // A large object: a lookup per claim key (its hash table) rather than a pass over every member.
            for position in keys.indices
            where userInfo.position(ofKey: keys[position], fingerprint: fingerprints[position]) != nil {
                bits |= adapterBits[position]
            }
            return Candidates(bits: bits, next: 0, count: nil)
        }
        userInfo.members.withUnsafeBufferPointer { members in
            adapterBits.withUnsafeBufferPointer { adapterBits in
                for member in members {
                    if let position = table.position(of: member.key, fingerprint: member.fingerprint) {
                        bits |= adapterBits[position]
                    }
                }
            }
        }
        return Candidates(bits: bits, next: 0, count: nil)
    }
}
