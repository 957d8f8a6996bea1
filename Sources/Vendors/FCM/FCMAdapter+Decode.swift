import PushBridge

extension FCMAdapter {
    /// What a top-level key is in the FCM wire format.
    enum Field: Equatable {
        case aps, messageId, appLink, options
        /// A key the SDK's analytics or delivery export reads, with the value types it accepts.
        case tracking(TrackingValue)
        /// A contextual (local-time) message key, `google.c.cm.*`.
        case contextual
        /// Another `gcm.*` or `google.*` key: FCM's own, with no bridge field.
        case reserved
    }

    /// The value types the SDK accepts for a tracking key.
    enum TrackingValue: Equatable {
        /// Read only as a string (`isKindOfClass:[NSString class]`).
        case string
        /// Read through `longLongValue` / `integerValue`: a number or a string.
        case numberOrString
        /// Passed on as sent.
        case any
    }

    /// FCM's keys that are named in full, with their fields.
    private static let namedFields: [(key: String, field: Field)] = {
        var fields: [(key: String, field: Field)] = [
            (Key.aps, .aps), (Key.messageId, .messageId), (Key.appLink, .appLink), (Key.options, .options),
        ]
        for key in [Key.analyticsEnabled, Key.composerLabel, Key.messageLabel, Key.installationId, Key.from] {
            fields.append((key, .tracking(.string)))
        }
        // The composer id is a string for analytics and a number or a string for the delivery export.
        for key in [Key.composerId, Key.timestamp, Key.trackConversions, Key.senderId, Key.productId] {
            fields.append((key, .tracking(.numberOrString)))
        }
        return fields
    }()

    /// ``namedFields``' keys, looked up without hashing.
    private static let namedFieldKeys = KeyTable(namedFields.map(\.key))

    /// `$.fcm_options` and `$.fcm_options.image`, the paths every push with an image reads.
    static let optionsPath = JSONPath.member(Key.options, of: JSONPath.root)
    static let optionsImagePath = JSONPath.member(Key.image, of: optionsPath)

    /// The field `key` names, or nil for the sender's data.
    static func field(named key: String) -> Field? {
        field(named: key) { namedFieldKeys.position(of: key) }
    }

    /// ``field(named:)`` of the key of member `position` of `object`, looked up by the fingerprint the member keeps.
    static func field(ofMemberAt position: Int, of object: JSONObject) -> Field? {
        field(named: object.keys[position]) { namedFieldKeys.position(ofMemberAt: position, of: object) }
    }

    /// ``field(named:)``, with `namedPosition` looking `key` up in ``namedFieldKeys``.
    @inline(__always)
    private static func field(named key: String, namedPosition: () -> Int?) -> Field? {
        // Every key of FCM's own starts with `a`, `f` or `g`: the sender's other keys skip the lookups.
        let first = key.utf8.first
        switch first {
        case UInt8(ascii: "a"), UInt8(ascii: "f"), UInt8(ascii: "g"): break
        default: return nil
        }
        if let position = namedPosition() { return namedFields[position].field }
        // Every prefix starts with `g` (`gcm.`, `google.`).
        guard first == UInt8(ascii: "g") else { return nil }
        // The prefixes are ASCII, compared byte by byte as the SDK's `hasPrefix:` compares UTF-16 units.
        if KeyTable.key(key, startsWith: Key.analyticsPrefix) { return .tracking(.any) }
        if KeyTable.key(key, startsWith: Key.contextualPrefix) { return .contextual }
        if KeyTable.key(key, startsWith: Key.reservedPrefix) || KeyTable.key(key, startsWith: Key.googlePrefix) {
            return .reserved
        }
        return nil
    }

    /// Whether `key` is one ``decode(_:)`` keeps in `tracking`.
    static func isTrackingKey(_ key: String) -> Bool {
        if case .tracking? = field(named: key) { return true }
        return false
    }

    /// Wire payload → bridge form. Never fails: a value of the wrong type, and each of FCM's own keys with no
    /// bridge field, is kept in `ignored` under its wire path with a diagnostic.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = FCMDecoding(payload: PushPayload.decoding(vendor: profile.id))
        decoding.diagnostics = APSCoding.decode(
            userInfo[Key.aps], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        decoding.payload.data.reserveCapacity(userInfo.count)
        // Members are read in the payload's order (data keeps it); what each noticed is reported in key order.
        var byKey = DiagnosticsByKey()
        for position in userInfo.indices {
            let noticedBefore = decoding.diagnostics.count
            let key = decoding.decodeMember(at: position, of: userInfo)
            byKey.setAside(key, from: &decoding.diagnostics, since: noticedBefore)
        }
        byKey.append(to: &decoding.diagnostics)
        if decoding.payload.messageId == nil {
            decoding.diagnostics.append(Diagnostic(
                .warning, code: .messageIDMissing, path: JSONPath.member(Key.messageId, of: JSONPath.root),
                message: "no non-empty string \(Key.messageId): FCM does not carry this push"))
        }
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one FCM decode: the payload so far and what was noticed.
typealias FCMDecoding = DecodeContext<FCMAdapter>

extension FCMAdapter: WireKeyTable {}

extension FCMDecoding {
    /// Reads top-level member `position` of `userInfo`; returns its key.
    @discardableResult
    mutating func decodeMember(at position: Int, of userInfo: JSONObject) -> String {
        let (key, value) = userInfo[position]
        guard let field = FCMAdapter.field(ofMemberAt: position, of: userInfo) else {
            // The userInfo's keys are distinct and only this loop writes `data`.
            payload.data.appendMember(at: position, of: userInfo)
            return key
        }
        decodeField(field, key, value)
        return key
    }

    /// Reads the top-level member `key`, a wire key of `field`.
    private mutating func decodeField(_ field: FCMAdapter.Field, _ key: String, _ value: JSONValue) {
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        switch field {
        case .aps:
            // APSCoding reports an `aps` that is not an object; keep it so nothing is lost.
            if value.objectValue == nil { keep(value, at: path) }
        case .messageId:
            guard let text = value.stringValue else { return wrongType(value, at: path, expected: "a string") }
            // An empty id still marks an FCM push: kept so the same payload is written back (reported at the end).
            if text.isEmpty { keep(value, at: path) } else { payload.messageId = text }
        case .appLink:
            // FIRMessaging.m linkURLFromMessage: a non-empty string, else no link (an empty one is kept as sent).
            guard let text = value.stringValue else { return wrongType(value, at: path, expected: "a string") }
            if text.isEmpty { keep(value, at: path) } else { payload.deepLink = text }
        case .options:
            decodeOptions(value)
        case .tracking(let accepted):
            decodeTracking(key, value, accepted: accepted)
        case .contextual:
            let memberPath = path  // built once for the kept value and the note
            keep(value, at: memberPath)
            note(.info, .contextualMessage, at: memberPath, "\(key) belongs to a contextual message, which FCM turns into "
                + "a local notification PushBridge does not schedule; kept under ignored")
        case .reserved:
            let memberPath = path
            keep(value, at: memberPath)
            note(.info, .fcmReservedKey, at: memberPath, "\(key) is FCM's own key with no bridge field; kept under ignored")
        }
    }

    /// `fcm_options`: an object whose string `image` is the image URL (FIRMessagingExtensionHelper.m checks both types).
    private mutating func decodeOptions(_ value: JSONValue) {
        let path = FCMAdapter.optionsPath
        guard let options = value.objectValue else { return wrongType(value, at: path, expected: "an object") }
        for (member, memberValue) in options {
            guard member == Key.image else {
                let memberPath = JSONPath.member(member, of: path)
                keep(memberValue, at: memberPath)
                note(.info, .fcmOptionsKey, at: memberPath,
                     "fcm_options.\(member) is not read by FirebaseMessaging on iOS; kept under ignored")
                continue
            }
            let imagePath = FCMAdapter.optionsImagePath
            guard let image = readString(memberValue, at: imagePath) else { continue }
            // An empty URL is no image (URLWithString fails); it is kept as sent.
            if image.isEmpty { keep(memberValue, at: imagePath) } else { payload.imageURL = image }
        }
    }

    /// A key the analytics or the delivery export reads: kept in `tracking` when the SDK can read its type.
    private mutating func decodeTracking(_ key: String, _ value: JSONValue, accepted: FCMAdapter.TrackingValue) {
        // The path only when there is something to report: most tracking values are what FCM sends.
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        switch (accepted, value) {
        case (.any, _), (.string, .string), (.numberOrString, .string), (.numberOrString, .number):
            // The userInfo's keys are distinct and only this writes `tracking`.
            payload.tracking.appendNew(key, value)
        case (.string, _) where key == Key.analyticsEnabled:
            keep(value, at: path)
            note(.warning, .analyticsFlagNotString, at: path, "\(key) is \(value.typeNameWithArticle), not the string \"1\": "
                + "FirebaseMessaging logs no analytics for this push; kept under ignored")
        case (.string, _):
            wrongType(value, at: path, expected: "a string")
        case (.numberOrString, _):
            wrongType(value, at: path, expected: "a number or a string")
        }
    }
}
