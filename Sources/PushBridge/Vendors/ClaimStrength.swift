/// How a vendor claims a payload (REAL-VENDORS R2): as its owner, or as a carrier that delivered it.
///
/// Owners are exclusive (two owners: no vendor). A carrier takes a payload only when no owner claims it; among
/// carriers the lowest ``carrier(rank:)`` wins (Airship's `_` ranks above FCM's `gcm.message_id`).
public enum ClaimStrength: Sendable, Hashable {
    /// The payload carries the vendor's own marker.
    case owner
    /// The payload carries only the keys the vendor adds to every push it delivers; `rank` orders carriers.
    case carrier(rank: Int)
}

/// The keys a carrier adds to every push it delivers, whoever wrote the push (REAL-VENDORS R2).
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
        if userInfo[marker]?.stringValue != nil { return true }
        return userInfo.keys.contains { $0 != marker && !sharedKeys.contains($0) && contains($0) }
    }

    /// The carriers other than `vendor` that delivered `userInfo`.
    static func envelopes(of userInfo: JSONObject, decodingVendor vendor: String) -> [CarrierEnvelope] {
        known.filter { $0.vendor != vendor && $0.delivered(userInfo) }
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
            .info, code: "carrier-keys", path: JSONPath.root,
            message: "\(names) delivered this push: its keys \(carried.map { "'\($0.key)'" }.joined(separator: ", ")) "
                + "are kept aside, not read as \(name) data, and not carried by a translation"))
        return result
    }
}
