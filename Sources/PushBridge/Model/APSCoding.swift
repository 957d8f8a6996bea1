/// Reads and writes Apple's `aps` dictionary, the part of every userInfo that all vendors share.
///
/// Decoding rules: `alert` as a string is the body; as an object its `title`, `subtitle` and `body`
/// strings are fields and its other keys go to `apsExtra` under their own names (written back into
/// `aps.alert` when they are alert keys such as `loc-key`); `badge` must be an integer, `mutable-content`
/// and `content-available` `0` or `1` (a vendor may also read the string `"1"` and `true` as set:
/// ``ContentAvailableReading``). A value of the wrong type is kept in `apsExtra` as sent, with a
/// diagnostic, so nothing is lost; an `aps` that is not an object is kept under `ignored["$.aps"]`.
/// Encoding writes `apsExtra` first and the typed fields over it; what a typed field replaces is a loss
/// (``extrasWrittenOver(_:in:)``, which ``VendorAdapter/encode(_:collectingLosses:)`` reports for every vendor).
public enum APSCoding {
    /// Keys that APNs reads inside `aps.alert` rather than in `aps`.
    public static let alertKeys: Set<String> = [
        "title-loc-key", "title-loc-args", "subtitle-loc-key", "subtitle-loc-args", "loc-key", "loc-args",
        "action-loc-key", "launch-image", "summary-arg", "summary-arg-count",
    ]

    /// The `ignored` key of an `aps` that is not an object, for every vendor (WIRE-FORMATS §7.9).
    public static let nonObjectAPSKey = "$.aps"

    /// Which values of `aps.content-available` mark a push silent.
    public enum ContentAvailableReading: Sendable, Hashable {
        /// Only the number 1, as APNs reads it (the seed vendors).
        case number
        /// The number 1, the string `"1"` or `true` (WIRE-FORMATS §12.1, as FirebaseMessaging's tests write it). A
        /// spelled-out value is kept in `apsExtra` so the vendor's own encode writes it back as sent.
        case numberStringOrTrue
    }

    /// Whether `value` is `"1"` or `true`: a spelled-out "set" that ``ContentAvailableReading/numberStringOrTrue``
    /// reads as silent and keeps as sent.
    public static func isSpelledOutSet(_ value: JSONValue?) -> Bool {
        value == .string("1") || value == .bool(true)
    }

    /// Fills the `aps` fields of `payload` from `aps`, returning what it noticed. An `aps` that is not an
    /// object sets no field and is kept as sent in `ignored[nonObjectAPSKey]`.
    public static func decode(
        _ aps: JSONValue?, into payload: inout PushPayload, contentAvailable reading: ContentAvailableReading = .number
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard let aps else {
            diagnostics.append(Diagnostic(.info, code: .apsMissing, path: "$.aps", message: "no aps dictionary"))
            return diagnostics
        }
        guard case .object(let members) = aps else {
            payload.ignored[nonObjectAPSKey] = aps
            diagnostics.append(Diagnostic(
                .warning, code: .apsNotObject, path: "$.aps",
                message: "aps is \(aps.typeNameWithArticle), not an object; it is kept under ignored"))
            return diagnostics
        }
        // Members are read in the dictionary's order; what each noticed is reported in key order.
        var byKey = DiagnosticsByKey()
        for (key, value) in members {
            let noticedBefore = diagnostics.count
            defer { byKey.setAside(key, from: &diagnostics, since: noticedBefore) }
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: "$.aps") }
            // By length first, so a key is compared with at most three names (a string switch compares in turn).
            let name: APSKey
            switch key.utf8.count {
            case 5: name = key == "alert" ? .alert : key == "badge" ? .badge : key == "sound" ? .sound : .other
            case 8: name = key == "category" ? .category : .other
            case 9: name = key == "thread-id" ? .threadId : .other
            case 15: name = key == "mutable-content" ? .mutableContent : .other
            case 17: name = key == "content-available" ? .contentAvailable : .other
            default: name = .other
            }
            switch name {
            case .alert:
                decodeAlert(value, into: &payload, diagnostics: &diagnostics)
            case .badge:
                if let badge = value.intValue {
                    payload.badge = badge
                } else {
                    payload.apsExtra[key] = value
                    diagnostics.append(Diagnostic(
                        .warning, code: .badgeNotInteger, path: path,
                        message: "aps.badge is \(value), not an integer; the badge is not set"))
                }
            case .sound:
                if let sound = value.stringValue {
                    payload.sound = sound
                } else {
                    payload.apsExtra[key] = value
                    if value.objectValue == nil {
                        diagnostics.append(Diagnostic.wrongType(path, expected: "a string or a critical-sound object", value))
                    }
                }
            case .category, .threadId:
                if let text = value.stringValue {
                    if name == .category { payload.category = text } else { payload.threadId = text }
                } else {
                    payload.apsExtra[key] = value
                    diagnostics.append(Diagnostic.wrongType(path, expected: "a string", value))
                }
            case .contentAvailable where reading == .numberStringOrTrue && isSpelledOutSet(value):
                payload.contentAvailable = true
                payload.apsExtra[key] = value
                diagnostics.append(Diagnostic(
                    .info, code: .contentAvailableSpelledOut, path: path,
                    message: "aps.content-available is \(value), read as set; kept as sent (APNs itself reads the number 1)"))
            case .mutableContent, .contentAvailable:
                if let flag = value.intValue, flag == 0 || flag == 1 {
                    if name == .mutableContent { payload.mutableContent = flag == 1 } else { payload.contentAvailable = flag == 1 }
                } else {
                    payload.apsExtra[key] = value
                    diagnostics.append(Diagnostic(
                        .warning, code: .apsFlagNot0Or1, path: path,
                        message: "aps.\(key) is \(value); APNs reads only the number 1"))
                }
            case .other:
                payload.apsExtra[key] = value
            }
        }
        byKey.append(to: &diagnostics)
        return diagnostics
    }

    /// The `aps` keys ``decode(_:into:contentAvailable:)`` reads.
    private enum APSKey {
        case alert, badge, sound, category, threadId, mutableContent, contentAvailable, other
    }

    /// The `aps.alert` keys ``decodeAlert(_:into:diagnostics:)`` reads into ``PushAlert``.
    private enum AlertField {
        case title, subtitle, body
    }

    private static func decodeAlert(_ value: JSONValue, into payload: inout PushPayload, diagnostics: inout [Diagnostic]) {
        switch value {
        case .string(let body):
            payload.alert = PushAlert(body: body)
        case .object(let members):
            var alert = PushAlert()
            var leftovers: JSONObject = [:]
            var byKey = DiagnosticsByKey()
            for (key, member) in members {
                let noticedBefore = diagnostics.count
                defer { byKey.setAside(key, from: &diagnostics, since: noticedBefore) }
                // Built only when a diagnostic or a kept value needs it (the hot path never does).
                var path: String { JSONPath.member(key, of: "$.aps.alert") }
                // By length first, as in `decode`: a key is compared with at most one field name.
                let field: AlertField?
                switch key.utf8.count {
                case 4: field = key == "body" ? .body : nil
                case 5: field = key == "title" ? .title : nil
                case 8: field = key == "subtitle" ? .subtitle : nil
                default: field = nil
                }
                if let field {
                    if case .string(let text) = member {
                        switch field {
                        case .title: alert.title = text
                        case .subtitle: alert.subtitle = text
                        case .body: alert.body = text
                        }
                    } else {
                        leftovers[key] = member
                        diagnostics.append(Diagnostic.wrongType(path, expected: "a string", member))
                    }
                } else if alertKeys.contains(key) {
                    payload.apsExtra[key] = member
                } else {
                    leftovers[key] = member
                }
            }
            byKey.append(to: &diagnostics)
            if !leftovers.isEmpty { payload.apsExtra["alert"] = .object(leftovers) }
            payload.alert = alert.isEmpty ? nil : alert
        default:
            payload.apsExtra["alert"] = value
            diagnostics.append(Diagnostic.wrongType("$.aps.alert", expected: "a string or an object", value))
        }
    }

    /// A diagnostic for a value of the wrong JSON type.
    @available(*, deprecated, renamed: "Diagnostic.wrongType(_:expected:_:)")
    public static func wrongType(_ path: String, expected: String, _ value: JSONValue) -> Diagnostic {
        Diagnostic.wrongType(path, expected: expected, value)
    }

    /// A loss at `$.apsExtra["key"]` for every member of `apsExtra` that the written `aps` carries with another
    /// value: a typed field written over it (a `badge` read from elsewhere beside a wrong-typed `aps.badge`,
    /// a `mutable-content: 1` an image needs). Alert keys are looked for in `aps.alert`, an `alert` object's
    /// members each in `aps.alert`. A member the adapter does not write at all is the adapter's to report.
    public static func extrasWrittenOver(_ apsExtra: JSONObject, in aps: JSONValue?) -> [Loss] {
        guard let aps = aps?.objectValue, !apsExtra.isEmpty else { return [] }
        var losses: [Loss] = []
        let alert = aps["alert"]
        func check(_ written: JSONValue?, _ kept: JSONValue, path: String, _ place: String) {
            guard let written, written != kept else { return }
            losses.append(Loss(path: path, value: kept, reason: "\(place) is written from a typed field in its place"))
        }
        for (key, value) in apsExtra.membersInCanonicalOrder {
            let path = JSONPath.member(key, of: "$.apsExtra")
            if alertKeys.contains(key) {
                check(alert?[key], value, path: path, "aps.alert.\(key)")
            } else if key == "alert", case .object(let members) = value {
                for (member, kept) in members.membersInCanonicalOrder {
                    check(alert?[member], kept, path: JSONPath.member(member, of: path), "aps.alert.\(member)")
                }
            } else {
                check(aps[key], value, path: path, "aps.\(key)")
            }
        }
        return losses
    }

    /// The `aps` dictionary for `payload`: `apsExtra` first, then every typed field that is set.
    public static func encode(_ payload: PushPayload) -> JSONObject {
        if payload.apsExtra.isEmpty { return encodeTypedFields(payload) }
        var aps: JSONObject = JSONObject(minimumCapacity: payload.apsExtra.count + 7)
        var alertExtra: JSONObject = [:]
        for (key, value) in payload.apsExtra {
            if alertKeys.contains(key) {
                alertExtra[key] = value
            } else if key == "alert", case .object(let members) = value {
                alertExtra.merge(members) { current, _ in current }
            } else {
                aps[key] = value
            }
        }
        if let alert = payload.alert, alertExtra.isEmpty, !alert.isEmpty {
            aps["alert"] = alert.json
        } else if let alert = payload.alert, !alert.isEmpty || !alertExtra.isEmpty {
            var members = alertExtra
            if case .object(let fields) = alert.json { members.merge(fields) { _, new in new } }
            aps["alert"] = .object(members)
        } else if !alertExtra.isEmpty {
            aps["alert"] = .object(alertExtra)
        }
        if let badge = payload.badge { aps["badge"] = .int(badge) }
        if let sound = payload.sound { aps["sound"] = .string(sound) }
        if let category = payload.category { aps["category"] = .string(category) }
        if let threadId = payload.threadId { aps["thread-id"] = .string(threadId) }
        if payload.mutableContent { aps["mutable-content"] = 1 }
        // A spelled-out "set" the vendor read as silent is written back as sent.
        if payload.contentAvailable, !isSpelledOutSet(aps["content-available"]) { aps["content-available"] = 1 }
        return aps
    }

    /// ``encode(_:)`` of a payload with no kept `aps` member (the usual case): the typed fields only, each
    /// key written once, so no member is looked up before it is added.
    private static func encodeTypedFields(_ payload: PushPayload) -> JSONObject {
        var aps = JSONObject(minimumCapacity: 7)
        if let alert = payload.alert, !alert.isEmpty { aps.appendNew(WrittenKey.alert, alert.json) }
        if let badge = payload.badge { aps.appendNew(WrittenKey.badge, .int(badge)) }
        if let sound = payload.sound { aps.appendNew(WrittenKey.sound, .string(sound)) }
        if let category = payload.category { aps.appendNew(WrittenKey.category, .string(category)) }
        if let threadId = payload.threadId { aps.appendNew(WrittenKey.threadId, .string(threadId)) }
        if payload.mutableContent { aps.appendNew(WrittenKey.mutableContent, flagSet) }
        if payload.contentAvailable { aps.appendNew(WrittenKey.contentAvailable, flagSet) }
        return aps
    }

    /// The number 1 of a set flag, made once (`JSONNumber(1)` formats the integer on every call).
    static let flagSet: JSONValue = 1

    /// A key `aps` (or its `alert`) is written with, with its fingerprint made once: the encoders write these keys
    /// into every payload, and a literal key's fingerprint is otherwise made on every write.
    struct WrittenKey {
        let name: String
        let fingerprint: KeyFingerprint

        init(_ name: String) {
            self.name = name
            fingerprint = KeyFingerprint(name)
        }

        static let alert = WrittenKey("alert"), badge = WrittenKey("badge"), sound = WrittenKey("sound")
        static let category = WrittenKey("category"), threadId = WrittenKey("thread-id")
        static let mutableContent = WrittenKey("mutable-content"), contentAvailable = WrittenKey("content-available")
        static let title = WrittenKey("title"), subtitle = WrittenKey("subtitle"), body = WrittenKey("body")
    }
}

extension JSONObject {
    /// ``appendNew(_:_:)`` of one of the keys `aps` is written with, its fingerprint made beforehand.
    @inline(__always)
    mutating func appendNew(_ key: APSCoding.WrittenKey, _ value: consuming JSONValue) {
        assert(position(ofKey: key.name) == nil, "appendNew: '\(key.name)' is already a member")
        append(Member(key: key.name, value: value, fingerprint: key.fingerprint))
    }
}
