import PushBridge

extension ZixflowAdapter {
    /// Whether a payload is in Custom mode: `aps.mutable-content` is 1 and a top-level `title` or `body` is present.
    static func isCustomMode(_ userInfo: JSONObject, mutableContent: Bool) -> Bool {
        mutableContent && (userInfo[Key.title] != nil || userInfo[Key.body] != nil)
    }

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var payload = PushPayload(vendor: id)
        var diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        let custom = Self.isCustomMode(userInfo, mutableContent: payload.mutableContent)
        var customAlert = payload.alert ?? PushAlert()

        func keep(_ key: String, _ value: JSONValue, expected: String) {
            payload.ignored[key] = value
            diagnostics.append(Diagnostic.wrongType(JSONPath.member(key, of: JSONPath.root), expected: expected, value))
        }

        payload.data.reserveCapacity(userInfo.count)
        // Members are read in the dictionary's order; what each noticed is reported in key order.
        var byKey = DiagnosticsByKey()
        for (key, value) in userInfo {
            let field = Self.field(named: key)
            if field == .aps { continue }
            let noticedBefore = diagnostics.count
            defer { byKey.setAside(key, from: &diagnostics, since: noticedBefore) }
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: JSONPath.root) }
            switch field {
            case .deliveryID?:
                guard let text = value.stringValue else { keep(key, value, expected: "a string"); continue }
                payload.tracking[key] = value
                if !text.isEmpty { payload.messageId = text }
            case .deliveryToken?:
                guard value.stringValue != nil else { keep(key, value, expected: "a string"); continue }
                payload.tracking[key] = value
            case .title? where custom, .body? where custom:
                guard let text = value.stringValue else { keep(key, value, expected: "a string"); continue }
                let apsText = key == Key.title ? payload.alert?.title : payload.alert?.body
                if let apsText, apsText != text {
                    diagnostics.append(Diagnostic(
                        .info, code: "custom-text-wins", path: path,
                        message: "Custom mode: top-level \(key) replaces aps.alert.\(key) '\(apsText)'"))
                }
                if key == Key.title { customAlert.title = text } else { customAlert.body = text }
            case .badge? where custom:
                decodeCustomBadge(value, path: path, into: &payload, &diagnostics)
            case .imageURL?:
                guard let text = value.stringValue else { keep(key, value, expected: "a string"); continue }
                payload.imageURL = text
            case .deepLinkURL?:
                guard let text = value.stringValue else { keep(key, value, expected: "a string"); continue }
                if !text.isEmpty { payload.deepLink = text }
            case .clickAction?:
                guard let text = value.stringValue, !text.isEmpty else {
                    keep(key, value, expected: "a non-empty string")
                    continue
                }
                payload.action = PushAction(name: text)
            case .actionButtons?:
                decodeButtons(value, path: path, into: &payload, &diagnostics)
            case .noMeaningOnIOS?:
                payload.ignored[key] = value
                diagnostics.append(Diagnostic(
                    .info, code: "no-ios-meaning", path: path, message: "\(key) has no meaning on iOS; kept under ignored"))
            default:
                payload.data[key] = value
            }
        }
        byKey.append(to: &diagnostics)
        if custom { payload.alert = customAlert }
        if payload.messageId == nil {
            diagnostics.append(Diagnostic(
                .warning, code: "delivery-id-missing", path: JSONPath.member(Key.deliveryID, of: JSONPath.root),
                message: "no non-empty \(Key.deliveryID): no Zixflow receipt will be sent"))
        }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    /// Custom mode's top-level `badge`: a string holding an integer wins over `aps.badge`.
    private func decodeCustomBadge(
        _ value: JSONValue, path: String, into payload: inout PushPayload, _ diagnostics: inout [Diagnostic]
    ) {
        if let text = value.stringValue, let badge = Int(text) {
            payload.badge = badge
        } else if let badge = value.intValue {
            payload.badge = badge
            diagnostics.append(Diagnostic(
                .info, code: "badge-not-string", path: path, message: "badge is a number; Zixflow sends it as a string"))
        } else {
            payload.ignored[Key.badge] = value
            diagnostics.append(Diagnostic(
                .warning, code: "badge-not-integer", path: path,
                message: "badge \(value) is not an integer; it is ignored (kept under ignored)"))
        }
    }

    /// `action_buttons`: a JSON string holding `[{name, deeplink}]`; the first two are used.
    private func decodeButtons(
        _ value: JSONValue, path: String, into payload: inout PushPayload, _ diagnostics: inout [Diagnostic]
    ) {
        guard let text = value.stringValue else {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic.wrongType(path, expected: "a JSON-encoded string", value))
            return
        }
        let parsed: JSONValue
        do throws(JSONParseError) {
            parsed = try JSONParser.parse(text, options: JSONParser.Options(maxDepth: 32, maxBytes: 64 * 1024))
        } catch {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic(
                .warning, code: "action-buttons-malformed", path: path,
                message: "action_buttons is not valid JSON (\(error)); no buttons are shown"))
            return
        }
        guard let elements = parsed.arrayValue, elements.allSatisfy({ $0.objectValue != nil }) else {
            payload.ignored[Key.actionButtons] = value
            diagnostics.append(Diagnostic(
                .warning, code: "action-buttons-malformed", path: path,
                message: "action_buttons must hold an array of {name, deeplink} objects; no buttons are shown"))
            return
        }
        if elements.count > Self.maxButtons {
            diagnostics.append(Diagnostic(
                .warning, code: "too-many-buttons", path: path,
                message: "action_buttons holds \(elements.count) buttons; Zixflow uses the first \(Self.maxButtons) and drops "
                    + JSONWriter.string(.array(Array(elements.dropFirst(Self.maxButtons))))))
        }
        // A member a button cannot hold (a wrong type, an unknown key) is never dropped: the string is kept as sent.
        var keepsSent = false
        defer { if keepsSent { payload.ignored[Key.actionButtons] = value } }
        for (index, element) in elements.prefix(Self.maxButtons).enumerated() {
            var elementPath: String { JSONPath.element(index, of: path) }
            func string(_ field: String) -> String {
                guard let member = element[field] else { return "" }
                if let text = member.stringValue { return text }
                keepsSent = true
                diagnostics.append(Diagnostic.wrongType(JSONPath.member(field, of: elementPath), expected: "a string", member))
                return ""
            }
            for key in element.objectValue?.keysInCanonicalOrder ?? [] where key != "name" && key != "deeplink" {
                keepsSent = true
                diagnostics.append(Diagnostic(
                    .warning, code: "unknown-key", path: JSONPath.member(key, of: elementPath),
                    message: "'\(key)' is not a Zixflow button key; action_buttons is kept under ignored"))
            }
            // The SDK reads `name as? String ?? "Action \(index + 1)"`, the title the ZX_2BTN category registers.
            let sentName = string("name")
            let name = element["name"]?.stringValue == nil ? "Action \(index + 1)" : sentName
            let deepLink = string("deeplink")
            payload.buttons.append(PushButton(
                id: Self.actionIdentifierPrefix + String(index), title: name, deepLink: deepLink.isEmpty ? nil : deepLink,
                foreground: true))
        }
    }
}
