import PushBridge

extension IterableAdapter {
    /// Bridge form → wire payload.
    ///
    /// Writes `aps` with `APSCoding` (`mutable-content: 1` for an image or buttons, which the extension adds)
    /// and one `itbl` object: the tracked metadata, `messageId`, `attachment-url`, `defaultAction` (the deep
    /// link as `openUrl`, else the named action) and `actionButtons`. A ghost push writes its `messageId` and
    /// `notificationType` (the action's name) at the root, where the SDK reads them. Custom data goes to the
    /// root. What decoding kept in `ignored` is written back at its path.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let sameVendor = payload.vendor == id
        let ghost = sameVendor && Self.isGhostPush(payload)
        var wire = payload
        wire.requireServiceExtension(when: .imageOrButtons, vendor: id, vendorName: name, losses: &losses)
        if !sameVendor, let category = payload.category, !payload.buttons.isEmpty {
            wire.category = nil
            losses.append(Loss(
                path: "$.category", value: .string(category),
                reason: "Iterable's extension shows buttons only for a push without a category; the category is not sent"))
        }

        var itbl = sameVendor ? Self.trackedMetadata(payload).filter { Key.tracked.contains($0.key) } : [:]
        if let messageId = payload.messageId, !ghost { itbl[Key.messageId] = .string(messageId) }
        if let image = payload.imageURL { itbl[Key.attachmentURL] = .string(image) }
        if let defaultAction = Self.defaultAction(payload, ghost: ghost, losses: &losses) {
            itbl[Key.defaultAction] = defaultAction
        }
        if !payload.buttons.isEmpty {
            itbl[Key.actionButtons] = .array(payload.buttons.enumerated().map { index, button in
                Self.buttonObject(button, at: index, losses: &losses)
            })
        }

        var userInfo = JSONObject()
        TopLevelData.copy(
            payload.data, into: &userInfo, losses: &losses, isWireKey: { Self.isRootWireKey($0, ghost: ghost) }
        ) { key in
            "'\(key)' is an Iterable key of its own; custom data cannot use it"
        }
        userInfo.reserveCapacity(userInfo.count + 4)
        if ghost {
            if let messageId = payload.messageId { userInfo[Key.messageId] = .string(messageId) }
            if let action = payload.action {
                userInfo[Key.notificationType] = action.nameOnly(
                    losses: &losses, reason: "a ghost push's notificationType is a name only; its data cannot be sent")
            }
        }

        // The data copied no root wire key: `aps` and `itbl` are new members.
        let aps = APSCoding.encode(wire)
        if !aps.isEmpty || !sameVendor || payload.ignored[Path.aps] == nil { userInfo.appendNew("aps", .object(aps)) }
        // A legacy url kept unread because the push had no itbl: an empty itbl written beside it would make it the link.
        let keptURLWithoutItbl = sameVendor && payload.ignored[Path.url] != nil
            && !payload.ignored.keysInCanonicalOrder.contains { JSONPath.isSameOrInside($0, Path.vendor) }
        if !itbl.isEmpty || !sameVendor || (payload.ignored[Path.vendor] == nil && !keptURLWithoutItbl) {
            userInfo.appendNew(Self.vendorKey, .object(itbl))
        }
        if sameVendor {
            // Not lazily: it writes the values back.
            let placementLosses = JSONPlacement.writeBack(payload.ignored, into: &userInfo, replacingScalars: true)
            losses.append(contentsOf: placementLosses)
        }
        return userInfo
    }

    /// The root keys of Iterable's own: `aps`, `itbl`, `url` and, for a ghost push, `messageId` and
    /// `notificationType` (the last two). Compared as bytes, as a `Set<String>` would compare them: no other
    /// spelling of these ASCII keys is canonically equivalent.
    private static let rootWireKeys = KeyTable(["aps", vendorKey, Key.url, Key.messageId, Key.notificationType])

    /// Whether custom data cannot use `key` at the root (``rootWireKeys``).
    private static func isRootWireKey(_ key: String, ghost: Bool) -> Bool {
        guard let position = rootWireKeys.position(of: key) else { return false }
        return ghost || position < 3
    }

    /// `itbl.defaultAction`: the deep link as `openUrl`, else the named action (not for a ghost push, whose
    /// action is its `notificationType`). With both, the link wins and the action is a loss.
    private static func defaultAction(_ payload: PushPayload, ghost: Bool, losses: inout LossList) -> JSONValue? {
        let action = ghost ? nil : payload.action
        if let link = payload.deepLink {
            if let action {
                losses.append(Loss(
                    path: "$.action", value: action.json,
                    reason: "Iterable's default action is one action: the deep link is sent, the named action is not"))
            }
            return actionObject(type: openURLActionType, data: link)
        }
        guard let action else { return nil }
        return actionObject(action, at: "$.action", losses: &losses)
    }

    /// `{type, data}`.
    private static func actionObject(type: String, data: String?) -> JSONValue {
        var members = JSONObject(minimumCapacity: 2)
        members.appendNew(Key.type, .string(type))
        if let data { members.appendNew(Key.data, .string(data)) }
        return .object(members)
    }

    /// A named action as `{type: name, data}`: Iterable's action data is one string (`data`), so any other data
    /// is a loss. `path` is built only for a loss.
    private static func actionObject(
        _ action: PushAction, at path: @autoclosure () -> String, losses: inout LossList
    ) -> JSONValue {
        let data = action.data[Key.data]?.stringValue
        if action.data.count > (data == nil ? 0 : 1) {
            for (key, value) in action.data.membersInCanonicalOrder where !(key == Key.data && data != nil) {
                losses.append(Loss(
                    path: JSONPath.member(key, of: path() + ".data"), value: value,
                    reason: "an Iterable action carries one string of data (data); this cannot be sent"))
            }
        }
        return actionObject(type: action.name, data: data)
    }

    /// Button `index` as an `actionButtons` element (its keys distinct, each appended without a lookup).
    private static func buttonObject(_ button: PushButton, at index: Int, losses: inout LossList) -> JSONValue {
        // Built only for a loss.
        var path: String { JSONPath.element(index, of: "$.buttons") }
        var members = JSONObject(minimumCapacity: 6)
        members.appendNew(Key.identifier, .string(button.id))
        members.appendNew(Key.title, .string(button.title))
        let type: String
        if button.input {
            type = ButtonType.textInput
            if button.destructive {
                losses.append(Loss(
                    path: path + ".destructive", value: true,
                    reason: "an Iterable button has one buttonType: a text input button cannot be destructive"))
            }
        } else {
            type = button.destructive ? ButtonType.destructive : ButtonType.standard
        }
        members.appendNew(Key.buttonType, .string(type))
        members.appendNew(Key.openApp, .bool(button.foreground))
        if let placeholder = button.placeholder { members.appendNew(Key.inputPlaceholder, .string(placeholder)) }
        if let link = button.deepLink {
            if let action = button.action {
                losses.append(Loss(
                    path: path + ".action", value: action.json,
                    reason: "an Iterable button runs one action: its deep link is sent, its named action is not"))
            }
            members.appendNew(Key.action, actionObject(type: openURLActionType, data: link))
        } else if let action = button.action {
            members.appendNew(Key.action, actionObject(action, at: path + ".action", losses: &losses))
        }
        return .object(members)
    }
}
