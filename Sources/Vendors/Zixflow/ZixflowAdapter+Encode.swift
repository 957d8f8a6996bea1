import PushBridge

extension ZixflowAdapter {
    /// Writes Custom mode when the payload has an image or buttons, Native mode otherwise; both keep
    /// `aps.alert`. Custom mode also writes `title`, `body` and `badge` (as a string) at the top level.
    ///
    /// A Zixflow payload keeps the mode it was sent in and its category as sent, so a same-vendor round
    /// trip changes nothing: the tracking guide's Native example has buttons (its `ZX_2BTN` category is registered
    /// at launch and needs no service extension). The one exception is an image, which always needs the
    /// extension: a Native payload with an image is written in Custom mode, reported as a loss of
    /// `mutableContent: false`.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var payload = payload
        let sameVendor = payload.vendor == id
        let custom = payload.imageURL != nil
            || (sameVendor ? payload.mutableContent : !payload.buttons.isEmpty)
        // Custom mode needs mutable-content: for the own payload only an image can still call for it (a Zixflow
        // payload with mutable-content is in Custom mode already); for another vendor's, an image or buttons.
        payload.requireServiceExtension(
            when: sameVendor ? .image : .imageOrButtons, vendor: id, vendorName: name, losses: &losses)

        let buttons = encodeButtons(payload.buttons, losses: &losses)
        if !buttons.isEmpty, !(sameVendor && payload.category == nil) {
            if let category = payload.category, category != Self.buttonCategory {
                losses.append(Loss(
                    path: "$.category", value: .string(category),
                    reason: "Zixflow buttons need the \(Self.buttonCategory) category; a campaign category cannot be sent with them"))
            }
            payload.category = Self.buttonCategory
        }

        // Custom mode is read back only when a top-level title or body is written beside mutable-content.
        let writesTitleOrBody = custom
            && ((payload.alert?.title != nil && payload.ignored[Key.title] == nil)
                || (payload.alert?.body != nil && payload.ignored[Key.body] == nil))
        // Custom data is copied in the dictionary's order, member by member without a lookup (its keys are
        // distinct and nothing is written before it), into an object with room for everything written after
        // it; the keys it cannot use are reported in key order.
        var lostDataKeys: [String] = []
        let mutableContent = payload.mutableContent
        var userInfo = JSONObject(minimumCapacity: payload.data.count + payload.ignored.count + payload.tracking.count + 10)
        for (key, value) in payload.data {
            // A data key is lost when decoding would read it as a Zixflow field: always for the wire keys,
            // title and body beside mutable-content, and badge when title or body is written.
            let readAsField: Bool
            switch Self.field(named: key) {
            case nil: readAsField = false
            case .title?, .body?: readAsField = writesTitleOrBody || mutableContent
            case .badge?: readAsField = writesTitleOrBody
            case _?: readAsField = true
            }
            if readAsField { lostDataKeys.append(key) } else { userInfo.appendNew(key, value) }
        }
        for key in JSONWriter.sortedCanonically(lostDataKeys) {
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.data"), value: payload.data[key]!,
                reason: "'\(key)' is a Zixflow key of its own; custom data cannot use it"))
        }
        for (key, value) in payload.tracking { userInfo[key] = value }
        if let messageId = payload.messageId, userInfo[Key.deliveryID]?.stringValue != messageId {
            userInfo[Key.deliveryID] = .string(messageId)
        }

        let aps = APSCoding.encode(payload)
        if aps.isEmpty, let sent = payload.ignored[Self.nonObjectAPSKey] {
            userInfo["aps"] = sent
        } else {
            userInfo["aps"] = .object(aps)
            if let sent = payload.ignored[Self.nonObjectAPSKey] {
                losses.append(Loss(
                    path: JSONPath.member(Self.nonObjectAPSKey, of: "$.ignored"), value: sent,
                    reason: "aps must be an object to carry the bridge form's own fields"))
            }
        }
        if writesTitleOrBody {
            if let title = payload.alert?.title, payload.ignored[Key.title] == nil { userInfo[Key.title] = .string(title) }
            if let body = payload.alert?.body, payload.ignored[Key.body] == nil { userInfo[Key.body] = .string(body) }
            if let badge = payload.badge, payload.ignored[Key.badge] == nil { userInfo[Key.badge] = .string(String(badge)) }
        }
        if let imageURL = payload.imageURL { userInfo[Key.imageURL] = .string(imageURL) }
        if let deepLink = payload.deepLink { userInfo[Key.deepLinkURL] = .string(deepLink) }
        if let action = payload.action {
            userInfo[Key.clickAction] = action.nameOnly(
                losses: &losses, reason: "Zixflow's click_action is a name only; its data cannot be sent")
        }
        if !buttons.isEmpty { userInfo[Key.actionButtons] = .string(buttons) }

        // Ignored values go back last, and only where nothing else was written: a collision is a loss.
        var collidingKeys: [String] = []
        for (key, value) in payload.ignored where key != Self.nonObjectAPSKey {
            if userInfo[key] == nil { userInfo[key] = value } else { collidingKeys.append(key) }
        }
        for key in JSONWriter.sortedCanonically(collidingKeys) {
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.ignored"), value: payload.ignored[key]!,
                reason: "Zixflow writes '\(key)' from the bridge form's own fields"))
        }
        return userInfo
    }

    /// The `action_buttons` string (`[{"name":…,"deeplink":…}]`, in that key order), or "" without buttons.
    private func encodeButtons(_ buttons: [PushButton], losses: inout LossList) -> String {
        guard !buttons.isEmpty else { return "" }
        var output: [UInt8] = [UInt8(ascii: "[")]
        for (index, button) in buttons.enumerated() {
            var path: String { JSONPath.element(index, of: "$.buttons") }
            guard index < Self.maxButtons else {
                losses.append(Loss(path: path, value: button.json, reason: "Zixflow shows at most \(Self.maxButtons) buttons"))
                continue
            }
            if button.id != Self.actionIdentifiers[index] {
                losses.append(Loss(
                    path: path + ".id", value: .string(button.id),
                    reason: "Zixflow identifies buttons by position (\(Self.actionIdentifierPrefix)\(index))"))
            }
            if !button.foreground {
                losses.append(Loss(path: path + ".foreground", value: false, reason: "Zixflow buttons always open the app"))
            }
            if button.destructive {
                losses.append(Loss(path: path + ".destructive", value: true, reason: "Zixflow buttons cannot be destructive"))
            }
            if let action = button.action {
                losses.append(Loss(path: path + ".action", value: action.json, reason: "Zixflow buttons cannot run a named action"))
            }
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(contentsOf: "{\"name\":".utf8)
            JSONWriter.writeString(button.title, into: &output)
            output.append(contentsOf: ",\"deeplink\":".utf8)
            JSONWriter.writeString(button.deepLink ?? "", into: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
        return String(decoding: output, as: UTF8.self)
    }
}
