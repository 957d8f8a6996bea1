import PushBridge

extension OneSignalAdapter {
    /// Wire payload → bridge form, field by field as `OSNotification.m` reads it (see the type's documentation).
    /// Never fails: what has no field is kept in `ignored` under its wire path, with a diagnostic.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        // Looked up once, read by every step below.
        let aps = userInfo["aps"], osData = userInfo[Key.osData]
        // `profile.id`: the stored id, not the protocol's `id`, which goes through the profile getter (a call and a
        // retain, ~80 instructions).
        var decoding = OneSignalDecoding(
            payload: PushPayload.decoding(vendor: profile.id), format: Self.format(osData: osData))
        decoding.diagnostics = APSCoding.decode(aps, into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        decoding.decodeTopLevel(userInfo, aps: aps, osData: osData)
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }

    /// Whether `os_data.buttons` is where the SDK finds buttons: an array, or an object whose `o` is an array.
    static func osDataHasButtons(_ osData: JSONValue?) -> Bool {
        guard let buttons = osData?[Key.buttons] else { return false }
        return buttons.arrayValue != nil || buttons[Key.minifiedButtons]?.arrayValue != nil
    }
}

/// The state of one decode: the payload so far and what was noticed.
struct OneSignalDecoding: WireDecoding {
    typealias Key = OneSignalAdapter.Key

    var payload: PushPayload
    let format: OneSignalAdapter.Format
    var diagnostics: [Diagnostic] = []
    /// The container's `i`, `ti` and `tn`, kept as `tracking[<container key>]`.
    private var trackingFields = JSONObject()
    /// Whether the push is in the minified form (no `aps.alert`).
    private var minified = false

    init(payload: PushPayload, format: OneSignalAdapter.Format) {
        self.payload = payload
        self.format = format
    }

    /// Keeps a value the SDK does not read and says so.
    mutating func notRead(_ value: JSONValue, at path: String, _ why: String) {
        keep(value, at: path)
        note(.info, .notRead, at: path, why + "; kept under ignored")
    }

    /// The top level of `userInfo`, whose `aps` and `os_data` members are `aps` and `osData`.
    mutating func decodeTopLevel(_ userInfo: JSONObject, aps: JSONValue?, osData: JSONValue?) {
        // `aps.alert` is looked up only when the minified form's own marker is there.
        var hasAPSAlert: Bool { aps?.objectValue?["alert"] != nil }
        switch format {
        case .custom: minified = userInfo[Key.minifiedAlert] != nil && !hasAPSAlert
        case .osData: minified = osData?[Key.buttons]?.objectValue != nil && !hasAPSAlert
        }
        let readsLegacyButtons = format == .osData && !minified
            && !OneSignalAdapter.osDataHasButtons(osData) && userInfo[Key.legacyButtons]?.arrayValue != nil
        if minified {
            let where_ = format == .custom ? "top-level m" : "an os_data.buttons object"
            note(.info, .minifiedForm, at: format == .custom ? "$.m" : format.buttonsPath,
                 "no aps.alert and \(where_): the minified form (m, b, s, at, o) is read; encoding writes the standard form")
        }
        switch format {
        case .custom: decodeCustomTopLevel(userInfo)
        case .osData: decodeOSDataTopLevel(userInfo, aps: aps, osData: osData, readsLegacyButtons: readsLegacyButtons)
        }
        // The only member of `tracking`.
        if !trackingFields.isEmpty { payload.tracking.appendNew(format.containerKey, .object(trackingFields)) }
        if payload.messageId == nil {
            note(.warning, .messageIDMissing, at: JSONPath.member(Key.messageId, of: format.containerPath),
                 "no non-empty \(format.containerKey).i: no OneSignal receipt can be sent")
        }
    }

    /// The custom format's top level, member by member in canonical order. A push of only `aps`, `att`,
    /// `buttons` and `custom` (the usual one) is read in that order without sorting its members.
    private mutating func decodeCustomTopLevel(_ userInfo: JSONObject) {
        if !minified {
            var aps, attachments, buttons, container: JSONValue?
            var isStandard = true
            for (key, value) in userInfo {
                // The length first: most keys are then compared with one name, or none.
                switch key.utf8.count {
                case 3 where key == "aps": aps = value
                case 3 where key == Key.attachments: attachments = value
                case 6 where key == Key.custom: container = value
                case 7 where key == Key.buttons: buttons = value
                default: isStandard = false
                }
                if !isStandard { break }
            }
            if isStandard {
                // What ``decodeCustomMember(_:_:)`` does with each of these outside the minified form.
                if let aps, aps.objectValue == nil { keep(aps, at: JSONPath.member("aps", of: JSONPath.root)) }
                if let attachments { decodeAttachments(attachments, at: format.attachmentsPath) }
                if let buttons { decodeButtons(buttons, at: format.buttonsPath) }
                if let container { decodeContainer(container, at: format.containerPath) }
                return
            }
        }
        for (key, value) in userInfo.membersInCanonicalOrder { decodeCustomMember(key, value) }
    }

    /// One top-level member of a custom-format push.
    private mutating func decodeCustomMember(_ key: String, _ value: JSONValue) {
        // Built only when a diagnostic or a kept value needs it (the hot path never does).
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        switch key {
        case "aps":
            // APSCoding reports an `aps` that is not an object; keep it so nothing is lost.
            if value.objectValue == nil { keep(value, at: path) }
        case Key.custom:
            decodeContainer(value, at: format.containerPath)
        case Key.attachments where !minified:
            decodeAttachments(value, at: format.attachmentsPath)
        case Key.buttons where !minified:
            decodeButtons(value, at: format.buttonsPath)
        case _ where minified && Key.isMinifiedMember(key):
            decodeMinifiedMember(key, value, at: path)
        case Key.osData:
            wrongType(value, at: path, expected: "an object (the os_data format)")
        default:
            notRead(value, at: path, "the custom format reads custom data from custom.a only, not '\(key)'")
        }
    }

    /// The os_data format's top level: `actionbuttons` (when the buttons are there), `aps` and `os_data`, in
    /// canonical order; every other top-level key is custom data (`parseOSDataAdditionalData:`), in the
    /// payload's order.
    private mutating func decodeOSDataTopLevel(
        _ userInfo: JSONObject, aps: JSONValue?, osData: JSONValue?, readsLegacyButtons: Bool
    ) {
        if readsLegacyButtons, let buttons = userInfo[Key.legacyButtons] {
            decodeButtons(buttons, at: JSONPath.member(Key.legacyButtons, of: JSONPath.root))
        }
        // APSCoding reports an `aps` that is not an object; keep it so nothing is lost.
        if let aps, aps.objectValue == nil { keep(aps, at: JSONPath.member("aps", of: JSONPath.root)) }
        if let osData { decodeContainer(osData, at: format.containerPath) }
        // The userInfo less the keys read above: one copy of its members, no lookup per member.
        var data = userInfo
        data.removeValue(forKey: "aps")
        data.removeValue(forKey: Key.osData)
        if readsLegacyButtons { data.removeValue(forKey: Key.legacyButtons) }
        payload.data = data
    }

    /// `custom` or `os_data`: the fields every format shares (`parseCommonOneSignalFields:`), custom data
    /// (`custom.a`), and in os_data the attachments and buttons.
    mutating func decodeContainer(_ value: JSONValue, at containerPath: String) {
        guard case .object(let members) = value else {
            wrongType(value, at: containerPath, expected: "an object")
            return
        }
        if readPlainContainer(members) { return }
        for (key, member) in members.membersInCanonicalOrder {
            var path: String { JSONPath.member(key, of: containerPath) }
            switch key {
            case Key.messageId, Key.templateId, Key.templateName:
                guard let text = readString(member, at: path) else { continue }
                if trackingFields.isEmpty { trackingFields.reserveCapacity(3) }  // i, ti, tn
                trackingFields[key] = member
                guard key == Key.messageId else { continue }
                if text.isEmpty {
                    note(.warning, .messageIDEmpty, at: path, "i is empty: no OneSignal receipt can be sent")
                } else {
                    payload.messageId = text
                }
            case Key.launchURL:
                guard let link = readString(member, at: path) else { continue }
                payload.deepLink = link
            case Key.additionalData where format == .custom:
                guard let data = readObject(member, at: path) else { continue }
                payload.data = data
            case Key.attachments where format == .osData && !minified:
                decodeAttachments(member, at: format.attachmentsPath)
            case Key.buttons where format == .osData:
                let path = format.buttonsPath
                if minified, case .object(let fields) = member {
                    for (field, fieldValue) in fields.membersInCanonicalOrder {
                        decodeMinifiedMember(field, fieldValue, at: JSONPath.member(field, of: path))
                    }
                } else if member.arrayValue != nil {
                    decodeButtons(member, at: path)
                } else if case .object(let fields) = member {
                    decodeButtonObject(fields, at: path)
                } else {
                    wrongType(member, at: path, expected: "an array of buttons")
                }
            case Key.badgeIncrement:
                keep(member, at: path)
                if member.intValue != nil || member.stringValue.flatMap({ Int($0) }) != nil {
                    note(.info, .badgeIncrement, at: path,
                         "badge_inc is added to the badge the service extension counts; the bridge form has no field "
                            + "for an increment, so it is kept under ignored")
                } else {
                    diagnostics.append(Diagnostic.wrongType(path, expected: "an integer", member))
                }
            case Key.collapseId:
                notRead(member, at: path, "collapse_id has no bridge field (APNs collapses by the apns-collapse-id header)")
            default:
                notRead(member, at: path, "'\(key)' is not a field the OneSignal SDK reads here")
            }
        }
    }

    /// Reads a container of only `i` (a non-empty string), `ti`, `tn`, `u` (strings) and, in the custom format,
    /// `a` (an object) — the usual one, with nothing to report — in input order, without sorting; the tracking
    /// fields are kept in canonical order (`i`, `ti`, `tn`), as ``decodeContainer(_:at:)`` keeps them. Returns
    /// false, having read nothing, for any other container.
    private mutating func readPlainContainer(_ members: JSONObject) -> Bool {
        var messageId, templateId, templateName: JSONValue?
        var link: String?
        var data: JSONObject?
        for (key, member) in members {
            // The length first: each key is compared with the names of its length only.
            switch key.utf8.count {
            case 1:
                switch key {
                case Key.messageId where member.stringValue?.isEmpty == false: messageId = member
                case Key.launchURL where member.stringValue != nil: link = member.stringValue
                case Key.additionalData where format == .custom && member.objectValue != nil: data = member.objectValue
                default: return false
                }
            case 2:
                switch key {
                case Key.templateId where member.stringValue != nil: templateId = member
                case Key.templateName where member.stringValue != nil: templateName = member
                default: return false
                }
            default:
                return false
            }
        }
        if let data { payload.data = data }
        if messageId != nil || templateId != nil || templateName != nil, trackingFields.isEmpty {
            trackingFields.reserveCapacity(3)
        }
        // `trackingFields` is empty here (one container per push): distinct keys appended without a lookup.
        if let messageId {
            trackingFields.appendNew(Key.messageId, messageId)
            payload.messageId = messageId.stringValue
        }
        if let templateId { trackingFields.appendNew(Key.templateId, templateId) }
        if let templateName { trackingFields.appendNew(Key.templateName, templateName) }
        if let link { payload.deepLink = link }
        return true
    }

    /// The iOS 9 form of `os_data.buttons`: an object whose `o` holds the buttons.
    mutating func decodeButtonObject(_ fields: JSONObject, at path: String) {
        for (key, member) in fields.membersInCanonicalOrder {
            let memberPath = JSONPath.member(key, of: path)
            if key == Key.minifiedButtons, member.arrayValue != nil {
                decodeButtons(member, at: memberPath)
            } else if key == Key.minifiedButtons {
                wrongType(member, at: memberPath, expected: "an array of buttons")
            } else {
                notRead(member, at: memberPath, "with aps.alert present only os_data.buttons.o is read")
            }
        }
    }

    /// One member of the minified form: `m` alert (a string, or an object like `aps.alert`), `b` badge, `s` sound,
    /// `at` attachments, `o` buttons. Where `aps` sets the badge or sound too, `aps` wins and the member is kept.
    mutating func decodeMinifiedMember(_ key: String, _ value: JSONValue, at path: String) {
        switch key {
        case Key.minifiedAlert:
            decodeMinifiedAlert(value, at: path)
        case Key.minifiedBadge:
            let badge = value.intValue ?? value.stringValue.flatMap { Int($0) }
            setUnlessAPSSetIt(\.badge, to: badge, from: value, at: path, expected: "an integer", apsKey: "badge")
        case Key.minifiedSound:
            setUnlessAPSSetIt(\.sound, to: value.stringValue, from: value, at: path, expected: "a string", apsKey: "sound")
        case Key.minifiedAttachments:
            decodeAttachments(value, at: path)
        case Key.minifiedButtons:
            decodeButtons(value, at: path)
        default:
            notRead(value, at: path, "'\(key)' is not a field of the minified form")
        }
    }

    /// Sets a field from a minified member (`b`, `s`) unless `aps` already set it; a wrong type, or a member
    /// `aps` overrides, is kept under `ignored`.
    private mutating func setUnlessAPSSetIt<Field>(
        _ field: WritableKeyPath<PushPayload, Field?>, to parsed: Field?, from value: JSONValue, at path: String,
        expected: String, apsKey: String
    ) {
        guard let parsed else {
            wrongType(value, at: path, expected: expected)
            return
        }
        // `aps` wins even with a value of the wrong type (kept in `apsExtra`): both could not be written back.
        if payload[keyPath: field] != nil || payload.apsExtra[apsKey] != nil {
            notRead(value, at: path, "aps.\(apsKey) is set and wins over the minified value")
        } else {
            payload[keyPath: field] = parsed
        }
    }

    private mutating func decodeMinifiedAlert(_ value: JSONValue, at path: String) {
        switch value {
        case .string(let body):
            payload.alert = PushAlert(body: body)
        case .object(let fields):
            var alert = PushAlert()
            for (key, member) in fields.membersInCanonicalOrder {
                let memberPath = JSONPath.member(key, of: path)
                switch (key, member) {
                case ("title", .string(let text)): alert.title = text
                case ("subtitle", .string(let text)): alert.subtitle = text
                case ("body", .string(let text)): alert.body = text
                case ("title", _), ("subtitle", _), ("body", _): wrongType(member, at: memberPath, expected: "a string")
                default: notRead(member, at: memberPath, "the SDK reads only title, subtitle and body of m")
                }
            }
            payload.alert = alert.isEmpty ? nil : alert
        default:
            wrongType(value, at: path, expected: "a string or an object")
        }
    }

    /// `att` / `os_data.att` / `at`: `{<attachment id>: <URL or bundle file name>}`. The first member (in the
    /// payload's own order) is the image; unless the object is exactly `{"id": <image>}`, it is also kept
    /// whole under `ignored` so its ids and other attachments are written back.
    mutating func decodeAttachments(_ value: JSONValue, at path: String) {
        guard case .object(let attachments) = value else {
            wrongType(value, at: path, expected: "an object of attachment URLs")
            return
        }
        guard let (firstKey, first) = attachments.first else { return }
        var firstPath: String { JSONPath.member(firstKey, of: path) }
        switch first {
        case .string(let image) where !image.isEmpty:
            payload.imageURL = image
            let scheme = DeepLink(image)?.scheme
            if scheme != "https", scheme != "http" {
                note(.info, .attachmentNotURL, at: firstPath,
                     "not an http(s) URL: the service extension looks it up as a file in the app's bundle")
            }
        case .string:
            note(.info, .attachmentEmpty, at: firstPath, "the first attachment is empty: no image is shown")
        default:
            diagnostics.append(Diagnostic.wrongType(firstPath, expected: "a string", first))
        }
        let onlyTheImage = attachments.count == 1 && firstKey == Key.defaultAttachmentId && payload.imageURL != nil
        if !onlyTheImage {
            keep(value, at: path)
            note(.info, .attachmentsKept, at: path,
                 "the attachments are kept whole under ignored (their ids, or more than one); the first is the image")
        }
    }

    /// `buttons` / `o` / `actionbuttons`: `[{i, n, icon_type, path}]` (`parseActionButtons:`). A button without
    /// a string `n` is dropped as the SDK drops it (kept under `ignored` at its index); `i` falls back to `n`.
    mutating func decodeButtons(_ value: JSONValue, at path: String) {
        guard case .array(let elements) = value else {
            wrongType(value, at: path, expected: "an array of buttons")
            return
        }
        payload.buttons.reserveCapacity(payload.buttons.count + elements.count)
        for (index, element) in elements.enumerated() {
            // Built only for a diagnostic or a kept value.
            var elementPath: String { JSONPath.element(index, of: path) }
            guard case .object(let members) = element else {
                wrongType(element, at: elementPath, expected: "a button object")
                continue
            }
            // One pass in input order: the title `n`, the id `i`, and whether the button has anything else (or an
            // `i` that is not a string) to report member by member in canonical order below.
            var titleMember: JSONValue?
            var idText: String?
            var isPlain = true
            for (key, member) in members {
                if key == Key.buttonTitle {
                    titleMember = member
                } else if key == Key.buttonId, let text = member.stringValue {
                    idText = text
                } else {
                    isPlain = false
                }
            }
            var titlePath: String { JSONPath.member(Key.buttonTitle, of: elementPath) }
            guard let title = titleMember?.stringValue else {
                keep(element, at: elementPath)
                if let bad = titleMember {
                    diagnostics.append(Diagnostic.wrongType(titlePath, expected: "a string", bad))
                } else {
                    note(.warning, .buttonTitleMissing, at: titlePath,
                         "the button has no n, so the SDK drops it; kept under ignored")
                }
                continue
            }
            let buttonId = idText ?? title
            if !isPlain {
                for (key, member) in members.membersInCanonicalOrder where key != Key.buttonTitle {
                    let memberPath = JSONPath.member(key, of: elementPath)
                    if key == Key.buttonId {
                        if member.stringValue == nil { wrongType(member, at: memberPath, expected: "a string") }
                    } else {
                        notRead(member, at: memberPath, "'\(key)' has no bridge field (icon_type and path name an iOS 15 action icon)")
                    }
                }
            }
            payload.buttons.append(PushButton(id: buttonId, title: title, foreground: true))
        }
        if payload.buttons.count > OneSignalAdapter.maxButtons {
            note(.warning, .tooManyButtons, at: path,
                 "\(payload.buttons.count) buttons: the SDK registers them all, iOS shows at most \(OneSignalAdapter.maxButtons)")
        }
    }
}
