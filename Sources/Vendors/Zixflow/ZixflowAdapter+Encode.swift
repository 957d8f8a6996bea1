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
        let sameVendor = payload.vendor == profile.id
        let custom = payload.imageURL != nil
            || (sameVendor ? payload.mutableContent : !payload.buttons.isEmpty)
        // Custom mode needs mutable-content: for the own payload only an image can still call for it (a Zixflow
        // payload with mutable-content is in Custom mode already); for another vendor's, an image or buttons.
        let trigger: ServiceExtensionTrigger = sameVendor ? .image : .imageOrButtons
        // Buttons (written whenever the payload has any) are sent under the button category.
        let writesButtonCategory = !payload.buttons.isEmpty && !(sameVendor && payload.category == nil)
        let aps = payload.encodedAPS(
            requiringServiceExtensionWhen: trigger, vendor: profile.id, vendorName: profile.name,
            category: writesButtonCategory ? .replaced(Self.buttonCategory) : .payload, losses: &losses)
        let mutableContent = payload.mutableContent || trigger.isMet(by: payload)

        let buttons = encodeButtons(payload.buttons, losses: &losses)
        if writesButtonCategory, let category = payload.category, category != Self.buttonCategory {
            losses.append(Loss(
                path: "$.category", value: .string(category),
                reason: "Zixflow buttons need the \(Self.buttonCategory) category; a campaign category cannot be sent with them"))
        }

        // Custom mode is read back only when a top-level title or body is written beside mutable-content.
        let writesTitleOrBody = custom
            && ((payload.alert?.title != nil && payload.ignored[Key.title] == nil)
                || (payload.alert?.body != nil && payload.ignored[Key.body] == nil))
        // A data key is lost when decoding would read it as a Zixflow field: always for the wire keys, title and
        // body beside mutable-content, and badge when title or body is written.
        func readAsField(_ key: String) -> Bool {
            switch Self.field(named: key) {
            case nil: false
            case .title?, .body?: writesTitleOrBody || mutableContent
            case .badge?: writesTitleOrBody
            case _?: true
            }
        }
        // Custom data goes first, into an object with room for everything written after it: data with no key it
        // cannot use is the userInfo as it stands (one copy of its members); otherwise it is copied in the
        // dictionary's order, member by member without a lookup (its keys are distinct and nothing is written
        // before it), and the keys it cannot use are reported in key order.
        let capacity = payload.data.count + payload.ignored.count + payload.tracking.count + 10
        var userInfo: JSONObject
        if !payload.data.keys.contains(where: readAsField) {
            userInfo = payload.data
            userInfo.reserveCapacity(capacity)
        } else {
            userInfo = JSONObject(minimumCapacity: capacity)
            var lostDataKeys: [String] = []
            for (key, value) in payload.data {
                if readAsField(key) { lostDataKeys.append(key) } else { userInfo.appendNew(key, value) }
            }
            for key in JSONWriter.sortedCanonically(lostDataKeys) {
                losses.append(Loss(
                    path: JSONPath.member(key, of: "$.data"), value: payload.data[key]!,
                    reason: "'\(key)' is a Zixflow key of its own; custom data cannot use it"))
            }
        }
        // The data holds no key written below (each is one decoding reads as a field, so it was left out), and
        // an empty `tracking` adds none: then each key is new and is appended without a lookup.
        let tracks = !payload.tracking.isEmpty
        func set(_ key: String, _ value: JSONValue) {
            if tracks { userInfo[key] = value } else { userInfo.appendNew(key, value) }
        }
        for (key, value) in payload.tracking { userInfo[key] = value }
        if let messageId = payload.messageId, !tracks || userInfo[Key.deliveryID]?.stringValue != messageId {
            set(Key.deliveryID, .string(messageId))
        }

        if aps.isEmpty, let sent = payload.ignored[Self.nonObjectAPSKey] {
            set("aps", sent)
        } else {
            set("aps", .object(aps))
            if let sent = payload.ignored[Self.nonObjectAPSKey] {
                losses.append(Loss(
                    path: JSONPath.member(Self.nonObjectAPSKey, of: "$.ignored"), value: sent,
                    reason: "aps must be an object to carry the bridge form's own fields"))
            }
        }
        if writesTitleOrBody {
            if let title = payload.alert?.title, payload.ignored[Key.title] == nil { set(Key.title, .string(title)) }
            if let body = payload.alert?.body, payload.ignored[Key.body] == nil { set(Key.body, .string(body)) }
            if let badge = payload.badge, payload.ignored[Key.badge] == nil { set(Key.badge, .string(String(badge))) }
        }
        if let imageURL = payload.imageURL { set(Key.imageURL, .string(imageURL)) }
        if let deepLink = payload.deepLink { set(Key.deepLinkURL, .string(deepLink)) }
        if let action = payload.action {
            set(Key.clickAction, action.nameOnly(
                losses: &losses, reason: "Zixflow's click_action is a name only; its data cannot be sent"))
        }
        if !buttons.isEmpty { set(Key.actionButtons, .string(buttons)) }

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
