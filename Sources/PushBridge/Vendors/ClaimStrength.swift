/// How a vendor claims a payload (docs/WIRE-FORMATS.md §11.1): as its owner, or as a carrier that delivered it.
///
/// Owners are exclusive (two owners: no vendor). A carrier takes a payload only when no owner claims it; among
/// carriers the lowest ``carrier(rank:)`` wins (Airship's `_` ranks above FCM's `gcm.message_id`).
public enum ClaimStrength: Sendable, Hashable {
    /// The payload carries the vendor's own marker.
    case owner
    /// The payload carries only the keys the vendor adds to every push it delivers; `rank` orders carriers.
    case carrier(rank: Int)
}

/// The keys a carrier adds to every push it delivers, whoever wrote the push (docs/WIRE-FORMATS.md §11.2).
///
/// When another vendor decodes a payload that carries them (its marker key, or a key only that carrier uses:
/// FCM's reserved `gcm.*`, `google.*` and `fcm_options`), they are set aside: kept in ``PushPayload/ignored``
/// under `$.<key>` with one `carrier-keys` info diagnostic, never read as the vendor's data, written back by a
/// same-vendor encode and reported lost by a translation (the carrier adds them again when it delivers the
/// translated push). A key that alone says nothing of the carrier (``sharedKeys``: FCM's `from`, a common
/// custom-data name) stays the vendor's own when nothing else of the carrier is there.
public struct CarrierEnvelope: Sendable, Hashable {
    /// The carrier's vendor id.
    public var vendor: String
    /// The carrier's display name, for diagnostics.
    public var name: String
    /// The key whose string value shows the carrier delivered the push.
    public var marker: String
    /// Keys the carrier adds, exactly.
    public var keys: Set<String>
    /// Prefixes of the keys the carrier adds.
    public var prefixes: [String]
    /// Keys the carrier adds that other senders use too: alone, they do not show the carrier delivered the push.
    public var sharedKeys: Set<String>

    /// Creates an envelope.
    public init(
        vendor: String, name: String, marker: String, keys: Set<String>, prefixes: [String] = [],
        sharedKeys: Set<String> = []
    ) {
        self.vendor = vendor
        self.name = name
        self.marker = marker
        self.keys = keys
        self.prefixes = prefixes
        self.sharedKeys = sharedKeys
    }

    /// Airship's send id `_`.
    public static let airship = CarrierEnvelope(vendor: "airship", name: "Airship", marker: "_", keys: ["_"])
    /// Firebase Cloud Messaging: `gcm.*`, `google.*`, `fcm_options` and `from` (FCM reserves `gcm` and `google`
    /// key prefixes and `from`; `from` alone is a common custom-data name).
    public static let fcm = CarrierEnvelope(
        vendor: "fcm", name: "Firebase Cloud Messaging", marker: "gcm.message_id", keys: ["fcm_options", "from"],
        prefixes: ["gcm.", "google."], sharedKeys: ["from"])
    /// The carriers R2 names, in rank order.
    public static let known: [CarrierEnvelope] = [.airship, .fcm]

    /// Whether `key` is one the carrier adds.
    public func contains(_ key: String) -> Bool {
        keys.contains(key) || prefixes.contains { key.hasPrefix($0) }
    }

    /// Whether `userInfo` came through this carrier: its marker is a string, or a key only this carrier uses
    /// (one of its keys other than the marker and ``sharedKeys``) is present.
    public func delivered(_ userInfo: JSONObject) -> Bool {
        delivered(userInfo, judging: userInfo.keys)
    }

    /// ``delivered(_:)`` with only `candidates` (keys of `userInfo`) looked at for a key only this carrier uses:
    /// the same answer when every other key of `userInfo` is one the carrier cannot add.
    func delivered<Candidates: Sequence<String>>(_ userInfo: JSONObject, judging candidates: Candidates) -> Bool {
        if userInfo[marker]?.stringValue != nil { return true }
        return candidates.contains { $0 != marker && !sharedKeys.contains($0) && contains($0) }
    }

    /// The carriers other than `vendor` that delivered `userInfo`.
    ///
    /// Every decode runs this, and almost no payload has a carrier key: ``CarrierKeyScreen`` rules most keys
    /// out on their first two bytes, so only a key it cannot rule out is hashed and prefix-compared. `vendor` is
    /// read only then (an adapter's id is read through its profile getter: a call and a retain).
    static func envelopes(
        of userInfo: JSONObject, decodingVendor decodingVendorID: @autoclosure () -> String
    ) -> [CarrierEnvelope] {
        guard let screen = CarrierKeyScreen.known else {
            let vendor = decodingVendorID()
            return known.filter { $0.vendor != vendor && $0.delivered(userInfo) }
        }
        var suspected: UInt64 = 0
        userInfo.members.withUnsafeBufferPointer { members in
            for member in members { suspected |= screen.carriers(thatMayAdd: member.fingerprint) }
        }
        guard suspected != 0 else { return [] }
        let vendor = decodingVendorID()
        var found: [CarrierEnvelope] = []
        for (index, carrier) in known.enumerated() where suspected & CarrierKeyScreen.bit(index) != 0 {
            guard carrier.vendor != vendor else { continue }
            let candidates = userInfo.keys.lazy.filter {
                screen.carriers(thatMayAdd: $0) & CarrierKeyScreen.bit(index) != 0
            }
            if carrier.delivered(userInfo, judging: candidates) { found.append(carrier) }
        }
        return found
    }

    /// Removes from `ignored` the carrier keys set aside for `vendor` (`$.<key>` entries of a carrier other than
    /// `vendor`) and returns them by top-level key, in their order.
    static func setAside(from ignored: inout JSONObject, decodingVendor vendor: String) -> JSONObject {
        var carried: JSONObject = [:]
        guard !ignored.isEmpty else { return carried }
        for (path, value) in ignored {
            guard let steps = JSONPath.components(of: path), steps.count == 1, case .member(let key) = steps[0],
                known.contains(where: { $0.vendor != vendor && $0.contains(key) })
            else { continue }
            carried[key] = value
        }
        for key in carried.keys { ignored.removeValue(forKey: JSONPath.member(key, of: JSONPath.root)) }
        return carried
    }
}

/// A quick test that rules out most keys as ones a carrier adds, by their first two UTF-8 bytes, without hashing
/// or comparing strings.
///
/// A carrier's key tests (its marker, ``CarrierEnvelope/keys`` and ``CarrierEnvelope/prefixes``) compare Swift
/// strings: canonical equivalence, prefixes by whole characters. Against patterns of ASCII without a carriage
/// return, a key whose first byte is ASCII can match only a pattern with the same first byte (an ASCII scalar
/// decomposes to nothing else and no reordering moves it) and, when its second byte is ASCII too, only a
/// one-byte pattern or one with the same second byte. A key whose first scalar is not ASCII can match only when
/// that scalar decomposes to one ASCII scalar: U+037E (`;`), U+1FEF (`` ` ``) and U+212A (`K`) are the only ones in
/// Unicode (a longer decomposition holds a combining mark), so a key is ruled out unless it starts with their
/// first two bytes. A key that starts otherwise (empty, an ASCII first byte with a non-ASCII second one, one of
/// those two-byte starts) is never ruled out.
struct CarrierKeyScreen: Sendable {
    /// One pattern in a word: its first byte (below 0x80) in bits 0–7, its second byte in bits 8–15 with bit 16
    /// set (clear for a one-byte pattern), and the index of the carrier it belongs to from bit 32. Words, not a
    /// struct of its own: an array of one more type is metadata a start-up builds at run time.
    private static func pattern(first: UInt8, second: UInt8?, carrier index: Int) -> UInt64 {
        UInt64(first) | (second.map { UInt64($0) << 8 | 1 << 16 } ?? 0) | UInt64(index) << 32
    }

    /// Which first bytes start a pattern: bit `b` of `firstBytes.low` for a byte `b` below 64, bit `b - 64` of
    /// `firstBytes.high` for one from 64 to 127.
    private let firstBytes: (low: UInt64, high: UInt64)
    /// Every pattern, in one short list (a flat list and two masks are built at a fraction of the start-up cost
    /// of a table per first byte).
    private let patterns: [UInt64]
    /// The bits of every carrier: the answer for a key the screen cannot judge.
    private let allCarriers: UInt64
    /// First bytes that start a one-byte pattern, as ``firstBytes`` holds them: a key starting so is never ruled
    /// out by its second byte.
    private let oneByteFirsts: (low: UInt64, high: UInt64)
    /// A 128-bit filter of the first two bytes of the longer patterns (bit ``pairBit(_:_:)``): a key whose two
    /// first bytes' bit is clear matches none of them, without the walk over the patterns.
    private let pairs: (low: UInt64, high: UInt64)

    /// The bit of a pattern's or key's first two bytes (both below 0x80) in ``pairs``: the top seven bits of a
    /// product, which every bit of both bytes reaches.
    @inline(__always)
    private static func pairBit(_ first: UInt8, _ second: UInt8) -> UInt64 {
        ((UInt64(first) << 8 | UInt64(second)) &* 0x9E37_79B9_7F4A_7C15) >> 57
    }

    /// Whether bit `bit` (below 128) is set in `words`.
    @inline(__always)
    private static func isSet(_ bit: UInt64, in words: (low: UInt64, high: UInt64)) -> Bool {
        (bit < 64 ? words.low : words.high) &>> bit & 1 != 0
    }

    /// `words` with bit `bit` (below 128) set.
    private static func setting(_ bit: UInt64, in words: (low: UInt64, high: UInt64)) -> (low: UInt64, high: UInt64) {
        bit < 64 ? (words.low | 1 &<< bit, words.high) : (words.low, words.high | 1 &<< bit)
    }

    /// The screen for ``CarrierEnvelope/known``.
    static let known = CarrierKeyScreen(CarrierEnvelope.known)

    /// The bit of the carrier at `index` of the screened list.
    @inline(__always)
    static func bit(_ index: Int) -> UInt64 { 1 << UInt64(index) }

    /// The screen for `carriers`; nil when it cannot judge them (more than 64 carriers, or a pattern that is
    /// empty, not ASCII or holds a carriage return).
    init?(_ carriers: [CarrierEnvelope]) {
        guard carriers.count <= 64 else { return nil }
        var patterns: [UInt64] = []
        var firsts: (low: UInt64, high: UInt64) = (0, 0)
        var oneByteFirsts: (low: UInt64, high: UInt64) = (0, 0)
        var pairs: (low: UInt64, high: UInt64) = (0, 0)
        /// Adds `pattern` of the carrier at `index`; false when the screen cannot judge it.
        func add(_ pattern: String, carrier index: Int) -> Bool {
            var utf8 = pattern.utf8.makeIterator()
            guard let first = utf8.next(), pattern.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else {
                return false
            }
            let second = utf8.next()
            patterns.append(Self.pattern(first: first, second: second, carrier: index))
            firsts = Self.setting(UInt64(first), in: firsts)
            if let second {
                pairs = Self.setting(Self.pairBit(first, second), in: pairs)
            } else {
                oneByteFirsts = Self.setting(UInt64(first), in: oneByteFirsts)
            }
            return true
        }
        // By index, and each list of a carrier on its own (no array joined from them, no `enumerated()`, whose
        // optional pairs cost a start-up their metadata).
        for index in carriers.indices {
            let carrier = carriers[index]
            guard add(carrier.marker, carrier: index), carrier.keys.allSatisfy({ add($0, carrier: index) }),
                  carrier.prefixes.allSatisfy({ add($0, carrier: index) })
            else { return nil }
        }
        self.patterns = patterns
        firstBytes = firsts
        self.oneByteFirsts = oneByteFirsts
        self.pairs = pairs
        allCarriers = carriers.count < 64 ? Self.bit(carriers.count) - 1 : .max
    }

    /// The bits of the carriers that may add `key`; 0 when none can.
    @inline(__always)
    func carriers(thatMayAdd key: String) -> UInt64 { carriers(thatMayAdd: KeyFingerprint(key)) }

    /// The bits of the carriers that may add the key with `fingerprint` (a member's, made when it was parsed:
    /// its first two bytes are the highest two of its prefix word).
    @inline(__always)
    func carriers(thatMayAdd fingerprint: KeyFingerprint) -> UInt64 {
        guard fingerprint.count > 0 else { return allCarriers }
        let first = UInt8(truncatingIfNeeded: fingerprint.prefix >> 56)
        guard first < 0x80 else {
            // U+037E is CD BE, U+1FEF E1 BF AF, U+212A E2 84 AA: only a key starting so may equal an ASCII pattern.
            switch UInt16(truncatingIfNeeded: fingerprint.prefix >> 48) {
            case 0xCDBE, 0xE1BF, 0xE284: return allCarriers
            default: return 0
            }
        }
        // A masking shift (`&>>` takes the byte modulo 64): one bit test, no range check.
        let word = first < 64 ? firstBytes.low : firstBytes.high
        if word &>> UInt64(first) & 1 == 0 { return 0 }
        return carriers(startingWith: first, fingerprint)
    }

    /// ``carriers(thatMayAdd:)`` for a key whose first byte (ASCII) starts a pattern: out of line, so the loop
    /// over a payload's keys, most of which end at the first byte, stays small.
    @inline(never)
    private func carriers(startingWith first: UInt8, _ fingerprint: KeyFingerprint) -> UInt64 {
        let second: UInt8? = fingerprint.count > 1 ? UInt8(truncatingIfNeeded: fingerprint.prefix >> 48) : nil
        if let second {
            if second >= 0x80 { return allCarriers }
            // No one-byte pattern starts so, and no longer one with these two bytes: most keys that share only a
            // first byte with a pattern (`campaign_id`, `flow_id`) end here.
            if !Self.isSet(UInt64(first), in: oneByteFirsts), !Self.isSet(Self.pairBit(first, second), in: pairs) {
                return 0
            }
        }
        var carriers: UInt64 = 0
        for pattern in patterns where UInt8(truncatingIfNeeded: pattern) == first {
            // A one-byte pattern may be the key's first character; a longer one needs the same second byte.
            if pattern & 1 << 16 == 0 || (second != nil && UInt8(truncatingIfNeeded: pattern >> 8) == second) {
                carriers |= Self.bit(Int(pattern >> 32))
            }
        }
        return carriers
    }
}

extension VendorAdapter {
    /// `userInfo` decoded as this vendor, with the keys of any other carrier that delivered it set aside first
    /// (``CarrierEnvelope``): what every caller uses; ``decode(_:)`` is the adapter's own part.
    public func decodeClaimed(_ userInfo: JSONObject) -> DecodeResult {
        let envelopes = CarrierEnvelope.envelopes(of: userInfo, decodingVendor: id)
        guard !envelopes.isEmpty else { return decode(userInfo) }
        var own = userInfo
        var carried: [(key: String, value: JSONValue)] = []
        for (key, value) in userInfo where envelopes.contains(where: { $0.contains(key) }) {
            carried.append((key, value))
            own.removeValue(forKey: key)
        }
        var result = decode(own)
        for (key, value) in carried { result.payload.ignored[JSONPath.member(key, of: JSONPath.root)] = value }
        let names = envelopes.map(\.name).joined(separator: " and ")
        result.diagnostics.append(Diagnostic(
            .info, code: .carrierKeys, path: JSONPath.root,
            message: "\(names) delivered this push: its keys \(carried.map { "'\($0.key)'" }.joined(separator: ", ")) "
                + "are kept aside, not read as \(name) data, and not carried by a translation"))
        return result
    }
}
