import PushBridge

extension ZixflowAdapter {
    /// Whether a payload is in Custom mode: `aps.mutable-content` is 1 and a top-level `title` or `body` is present.
    static func isCustomMode(_ userInfo: JSONObject, mutableContent: Bool) -> Bool {
        mutableContent && (userInfo[Key.title] != nil || userInfo[Key.body] != nil)
    }

    /// Whether a top-level key of `field` is custom data: a key of the sender's own, or `title`, `body` and
    /// `badge` outside Custom mode.
    static func isCustomData(_ field: Field?, custom: Bool) -> Bool {
        switch field {
        case nil: return true
        case .title?, .body?, .badge?: return !custom
        case _?: return false
        }
    }

    /// The options `action_buttons` is parsed with.
    static let buttonsParseOptions = JSONParser.Options(maxDepth: 32, maxBytes: 64 * 1024)

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var payload = PushPayload.decoding(vendor: profile.id)
        var diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        let custom = Self.isCustomMode(userInfo, mutableContent: payload.mutableContent)
        var customAlert = payload.alert ?? PushAlert()

        payload.data.reserveCapacity(userInfo.count)
        // Members are read in the dictionary's order; what each noticed is reported in key order. What the first
        // key to notice anything noticed stays in place until a second key notices something too: alone, it is
        // already in key order.
        var byKey = DiagnosticsByKey()
        var firstNoticed: (key: String, start: Int)?
        var noticedByMoreKeys = false
        for position in userInfo.indices {
            let (key, value) = userInfo[position]
            let field = Self.field(named: key)
            if Self.isCustomData(field, custom: custom) {
                // The userInfo's keys are distinct; only this loop writes data.
                payload.data.appendMember(at: position, of: userInfo)
                continue
            }
            guard let field, field != .aps else { continue }
            let noticedBefore = diagnostics.count
            Self.decodeField(field, key, value, custom: custom, into: &payload, &customAlert, &diagnostics)
            guard diagnostics.count > noticedBefore else { continue }
            if noticedByMoreKeys {
                byKey.setAside(key, from: &diagnostics, since: noticedBefore)
            } else if let first = firstNoticed {
                byKey.setAside(key, from: &diagnostics, since: noticedBefore)
                byKey.setAside(first.key, from: &diagnostics, since: first.start)
                noticedByMoreKeys = true
            } else {
                firstNoticed = (key, noticedBefore)
            }
        }
        byKey.append(to: &diagnostics)
        if custom { payload.alert = customAlert }
        if payload.messageId == nil {
            diagnostics.append(Diagnostic(
                .warning, code: .deliveryIDMissing, path: JSONPath.member(Key.deliveryID, of: JSONPath.root),
                message: "no non-empty \(Key.deliveryID): no Zixflow receipt will be sent"))
        }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    /// Reads the top-level member `key` of `field` (a field, not custom data) into the payload.
    private static func decodeField(
        _ field: Field, _ key: String, _ value: JSONValue, custom: Bool, into payload: inout PushPayload,
        _ customAlert: inout PushAlert, _ diagnostics: inout [Diagnostic]
    ) {
        // Built only when a diagnostic needs it (the hot path never does).
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        switch field {
        case .deliveryID:
            guard let text = value.stringValue else {
                return keep(key, value, expected: "a string", &payload, &diagnostics)
            }
            payload.tracking.appendNew(key, value)
            if !text.isEmpty { payload.messageId = text }
        case .deliveryToken:
            guard value.stringValue != nil else {
                return keep(key, value, expected: "a string", &payload, &diagnostics)
            }
            payload.tracking.appendNew(key, value)
        case .title, .body:
            guard let text = value.stringValue else {
                return keep(key, value, expected: "a string", &payload, &diagnostics)
            }
            let isTitle = field == .title
            let apsText = isTitle ? payload.alert?.title : payload.alert?.body
            if let apsText, apsText != text {
                diagnostics.append(Diagnostic(
                    .info, code: .customTextWins, path: path,
                    message: "Custom mode: top-level \(key) replaces aps.alert.\(key) '\(apsText)'"))
            }
            if isTitle { customAlert.title = text } else { customAlert.body = text }
        case .badge:
            decodeCustomBadge(value, key: key, into: &payload, &diagnostics)
        case .imageURL:
            guard let text = value.stringValue else {
                return keep(key, value, expected: "a string", &payload, &diagnostics)
            }
            payload.imageURL = text
        case .deepLinkURL:
            guard let text = value.stringValue else {
                return keep(key, value, expected: "a string", &payload, &diagnostics)
            }
            if !text.isEmpty { payload.deepLink = text }
        case .clickAction:
            guard let text = value.stringValue, !text.isEmpty else {
                return keep(key, value, expected: "a non-empty string", &payload, &diagnostics)
            }
            payload.action = PushAction(name: text)
        case .actionButtons:
            decodeButtons(value, key: key, into: &payload, &diagnostics)
        case .noMeaningOnIOS:
            payload.ignored.appendNew(key, value)
            // ``field(named:)`` read `key` as one of these keys, and their lengths differ.
            switch key.utf8.count {
            case Key.largeIconURL.utf8.count: diagnostics.append(noMeaningLargeIcon)
            case Key.sticky.utf8.count: diagnostics.append(noMeaningSticky)
            default: diagnostics.append(noMeaningDiagnostic(key))
            }
        case .aps:
            break
        }
    }

    /// The `no-ios-meaning` diagnostic of the top-level `key`.
    private static func noMeaningDiagnostic(_ key: String) -> Diagnostic {
        Diagnostic(
            .info, code: .noIOSMeaning, path: JSONPath.member(key, of: JSONPath.root),
            message: "\(key) has no meaning on iOS; kept under ignored")
    }

    /// The `no-ios-meaning` diagnostics of the keys named in the wire format, each built once, when first met: a
    /// payload usually has one of them (two values, not a list of pairs, whose metadata a start-up would build).
    private static let noMeaningLargeIcon = noMeaningDiagnostic(Key.largeIconURL)
    private static let noMeaningSticky = noMeaningDiagnostic(Key.sticky)

    /// Keeps a top-level member of the wrong type under `ignored`, with a `wrong-type` diagnostic.
    private static func keep(
        _ key: String, _ value: JSONValue, expected: String, _ payload: inout PushPayload,
        _ diagnostics: inout [Diagnostic]
    ) {
        payload.ignored[key] = value
        diagnostics.append(Diagnostic.wrongType(JSONPath.member(key, of: JSONPath.root), expected: expected, value))
    }

    /// Custom mode's top-level `badge`: a string holding an integer wins over `aps.badge`.
    private static func decodeCustomBadge(
        _ value: JSONValue, key: String, into payload: inout PushPayload, _ diagnostics: inout [Diagnostic]
    ) {
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        if let text = value.stringValue, let badge = Int(text) {
            payload.badge = badge
        } else if let badge = value.intValue {
            payload.badge = badge
            diagnostics.append(Diagnostic(
                .info, code: .badgeNotString, path: path, message: "badge is a number; Zixflow sends it as a string"))
        } else {
            payload.ignored[Key.badge] = value
            diagnostics.append(Diagnostic(
                .warning, code: .badgeNotInteger, path: path,
                message: "badge \(value) is not an integer; it is ignored (kept under ignored)"))
        }
    }

    /// `action_buttons`: a JSON string holding `[{name, deeplink}]`; the first two are used.
    private static func decodeButtons(
        _ value: JSONValue, key: String, into payload: inout PushPayload, _ diagnostics: inout [Diagnostic]
    ) {
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        guard let text = value.stringValue else {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic.wrongType(path, expected: "a JSON-encoded string", value))
            return
        }
        if let plain = plainButtons(text) {
            if payload.buttons.isEmpty { payload.buttons = plain } else { payload.buttons += plain }
            return
        }
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONParser.parse(text, options: buttonsParseOptions)
        } catch {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic(
                .warning, code: .actionButtonsMalformed, path: path,
                message: "action_buttons is not valid JSON (\(error)); no buttons are shown"))
            return
        }
        guard let elements = parsed.arrayValue, elements.allSatisfy({ $0.objectValue != nil }) else {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic(
                .warning, code: .actionButtonsMalformed, path: path,
                message: "action_buttons must hold an array of {name, deeplink} objects; no buttons are shown"))
            return
        }
        if elements.count > maxButtons {
            diagnostics.append(Diagnostic(
                .warning, code: .tooManyButtons, path: path,
                message: "action_buttons holds \(elements.count) buttons; Zixflow uses the first \(maxButtons) and drops "
                    + JSONWriter.string(.array(Array(elements.dropFirst(maxButtons))))))
        }
        // A member a button cannot hold (a wrong type, an unknown key) is never dropped: the string is kept as sent.
        var keepsSent = false
        defer { if keepsSent { payload.ignored[Key.actionButtons] = value } }
        for (index, element) in elements.prefix(maxButtons).enumerated() {
            var elementPath: String { JSONPath.element(index, of: path) }
            func string(_ field: String) -> String {
                guard let member = element[field] else { return "" }
                if let text = member.stringValue { return text }
                keepsSent = true
                diagnostics.append(Diagnostic.wrongType(JSONPath.member(field, of: elementPath), expected: "a string", member))
                return ""
            }
            let object = element.objectValue ?? [:]
            if object.keys.contains(where: { $0 != "name" && $0 != "deeplink" }) {
                for key in object.keysInCanonicalOrder where key != "name" && key != "deeplink" {
                    keepsSent = true
                    diagnostics.append(Diagnostic(
                        .warning, code: .unknownKey, path: JSONPath.member(key, of: elementPath),
                        message: "'\(key)' is not a Zixflow button key; action_buttons is kept under ignored"))
                }
            }
            // The SDK reads `name as? String ?? "Action \(index + 1)"`, the title the ZX_2BTN category registers.
            let sentName = string("name")
            let name = object["name"]?.stringValue == nil ? "Action \(index + 1)" : sentName
            let deepLink = string("deeplink")
            payload.buttons.append(button(at: index, title: name, deepLink: deepLink))
        }
    }

    /// The button at `index` (below ``maxButtons``) of `action_buttons`; an empty deep link is none.
    @inline(__always)
    private static func button(at index: Int, title: String, deepLink: String) -> PushButton {
        PushButton(
            id: actionIdentifiers[index], title: title, deepLink: deepLink.isEmpty ? nil : deepLink, foreground: true)
    }

    /// The buttons of an `action_buttons` string in exactly the shape Zixflow sends, read without building JSON
    /// values: `[{"name":"…","deeplink":"…"},…]` with no white space, at most
    /// ``maxButtons`` objects, each with those two members once (in either order), strings with no escape or
    /// control character. Nil for any other text, which the parser then reads: the same buttons, and the
    /// diagnostics only it can give.
    static func plainButtons(_ text: String) -> [PushButton]? {
        text.utf8.withContiguousStorageIfAvailable { plainButtons(in: $0) } ?? nil
    }

    private static func plainButtons(in bytes: UnsafeBufferPointer<UInt8>) -> [PushButton]? {
        let end = bytes.count
        guard end >= 2, end < buttonsParseOptions.maxBytes, bytes[0] == UInt8(ascii: "[") else { return nil }
        if bytes[1] == UInt8(ascii: "]") { return end == 2 ? [] : nil }
        var buttons: [PushButton] = []
        buttons.reserveCapacity(maxButtons)
        var index = 1
        while true {
            guard buttons.count < maxButtons, index < end, bytes[index] == UInt8(ascii: "{") else { return nil }
            index += 1
            var name: String?
            var deepLink: String?
            while true {
                guard let key = quoted(bytes, at: &index), index < end, bytes[index] == UInt8(ascii: ":") else {
                    return nil
                }
                index += 1
                guard let text = quoted(bytes, at: &index), index < end else { return nil }
                let member = UnsafeBufferPointer(rebasing: bytes[key])
                if name == nil, isKey(member, "name") {
                    name = String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
                } else if deepLink == nil, isKey(member, "deeplink") {
                    deepLink = String(decoding: UnsafeBufferPointer(rebasing: bytes[text]), as: UTF8.self)
                } else {
                    return nil
                }
                let separator = bytes[index]
                index += 1
                if separator == UInt8(ascii: ",") { continue }
                guard separator == UInt8(ascii: "}") else { return nil }
                break
            }
            guard let name, let deepLink, index < end else { return nil }
            buttons.append(button(at: buttons.count, title: name, deepLink: deepLink))
            let separator = bytes[index]
            index += 1
            if separator == UInt8(ascii: ",") { continue }
            guard separator == UInt8(ascii: "]"), index == end else { return nil }
            return buttons
        }
    }

    /// The bytes inside the string that starts at `index` (a quote), moving `index` past its closing quote; nil
    /// when there is no string there, or it holds an escape or a control character.
    private static func quoted(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let base = bytes.baseAddress else { return nil }
        let start = index + 1
        var position = start
        // Eight bytes at a time while none of them ends the string or stops this reading; the lowest byte flagged
        // is the first that does (a flag above a true one may be false, never one below it).
        while position + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let flags = plainTextStops(word)
            if flags != 0 {
                position += flags.trailingZeroBitCount / 8
                guard bytes[position] == UInt8(ascii: "\"") else { return nil }
                index = position + 1
                return start..<position
            }
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return start..<position
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// The high bit of each of the eight bytes of `word` (read little-endian) that is a quote, a backslash or a
    /// control character (below 0x20), found with the "has a zero byte" and "has a byte below n" bit tricks: the
    /// lowest bit set is exact, bits above it may be set by the borrow.
    @inline(__always)
    private static func plainTextStops(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control) & highs
    }

    /// Whether `bytes` are those of `key`, an ASCII key of the wire format.
    @inline(__always)
    private static func isKey(_ bytes: UnsafeBufferPointer<UInt8>, _ key: StaticString) -> Bool {
        guard bytes.count == key.utf8CodeUnitCount else { return false }
        let literal = key.utf8Start
        for index in 0..<bytes.count where bytes[index] != literal[index] { return false }
        return true
    }
}
