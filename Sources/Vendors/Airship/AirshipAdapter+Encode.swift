import PushBridge

extension AirshipAdapter {
    /// Bridge form → wire payload.
    ///
    /// Writes custom data at the root, `_` (the message id) and `com.urbanairship.metadata` from `tracking`, the
    /// image as `com.urbanairship.media_attachment`, the deep link as `^d`, the named action as a root action key,
    /// and each button's link and action in `com.urbanairship.interactive_actions`; then puts every `ignored` entry
    /// back at its wire path. An image sets `mutable-content: 1`.
    ///
    /// Losses special to Airship: a data key Airship reads itself, an action whose name is no registered Airship
    /// action or whose data is more than one value, a button title or option the registered category does not
    /// give (titles live in the category, not the payload), buttons past four, and an `ignored` entry that no
    /// longer fits where it came from.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var userInfo = JSONObject()
        TopLevelData.copy(payload.data, into: &userInfo, losses: &losses, isWireKey: isAirshipKey) { key in
            "'\(key)' is a key Airship reads itself; custom data cannot use it"
        }
        userInfo.reserveCapacity(userInfo.count + payload.ignored.count + 6)

        let aps = payload.encodedAPS(requiringServiceExtensionWhen: .image, vendor: id, vendorName: name, losses: &losses)
        if !aps.isEmpty || payload.ignored[Path.aps] == nil { userInfo["aps"] = .object(aps) }

        for key in [Key.sendId, Key.metadata] {
            if let value = payload.tracking[key] { userInfo[key] = value }
        }
        if let messageId = payload.messageId, userInfo[Key.sendId]?.stringValue != messageId {
            userInfo[Key.sendId] = .string(messageId)
        }
        if let image = payload.imageURL {
            userInfo[Key.mediaAttachment] = .object(mediaAttachment(image, ignored: payload.ignored))
        }
        if let link = payload.deepLink {
            // Under the long name when the short one holds a second link that decoding set aside.
            let key = payload.ignored[Path.deepLink] != nil ? Key.deepLinkLong : Key.deepLink
            userInfo[key] = .string(link)
        }
        if let action = payload.action, let value = actionValue(action, at: "$.action", losses: &losses) {
            userInfo[action.name] = value
        }
        let buttons = buttonActions(payload, losses: &losses)
        if !buttons.isEmpty { userInfo[Key.interactiveActions] = .object(buttons) }

        let placementLosses = JSONPlacement.writeBack(payload.ignored, into: &userInfo)  // not lazily: it places
        losses.append(contentsOf: placementLosses)
        return userInfo
    }

    /// The attachment for `image`, in the shape decoding took it from: `urls` when `ignored` holds parts of
    /// `urls` (or the `url` it shadowed), an array `url` when it holds more of `url`, else a string `url`.
    private func mediaAttachment(_ image: String, ignored: JSONObject) -> JSONObject {
        if ignored[Path.mediaURL] != nil
            || ignored.keys.contains(where: { JSONPath.isSameOrInside($0, Path.mediaURLs) })
        {
            return [Key.urls: [.object([Key.url: .string(image)])]]
        }
        if ignored.keys.contains(where: { JSONPath.isSameOrInside($0, Path.mediaURL) }) {
            return [Key.url: [.string(image)]]
        }
        return [Key.url: .string(image)]
    }

    /// The wire value of `action`: its `data.value`, or the data itself (a loss) when it is more than one value;
    /// nil (a loss) when its name is no action Airship runs.
    private func actionValue(
        _ action: PushAction, at path: @autoclosure () -> String, losses: inout LossList
    ) -> JSONValue? {
        guard isActionName(action.name) else {
            losses.append(Loss(
                path: path(), value: action.json,
                reason: "'\(action.name)' is no action Airship registers "
                    + "(pass it as customActionNames if the app does)"))
            return nil
        }
        if action.data.count == 1, let value = action.data[Key.value] { return value }
        losses.append(Loss(
            path: path() + ".data", value: .object(action.data),
            reason: "an Airship action takes one value ({\"value\": …}); the data object is sent as that value"))
        return .object(action.data)
    }

    /// `interactive_actions`: each button's `{"^d": link, <action>: value}`. A button of a registered category
    /// with neither is left out (decoding gives it back from the category); for any other category it is
    /// written as `{}` so the button survives.
    private func buttonActions(_ payload: PushPayload, losses: inout LossList) -> JSONObject {
        let category = payload.category.flatMap { registeredCategory($0) }
        var entries: JSONObject = [:]
        for (index, button) in payload.buttons.enumerated() {
            // Built only for a loss.
            var path: String { JSONPath.element(index, of: "$.buttons") }
            guard index < Self.maxButtons else {
                losses.append(Loss(
                    path: path, value: button.json,
                    reason: "iOS shows at most \(Self.maxButtons) actions of a category"))
                continue
            }
            let registered = category?.actions.first { $0.id == button.id }
            if let category, registered == nil {
                losses.append(Loss(
                    path: path, value: button.json,
                    reason: "the registered category '\(category.id)' has no action '\(button.id)'; "
                        + "iOS never shows it"))
                continue
            }
            reportOptionLosses(button, registered: registered, at: path, losses: &losses)
            var actions: JSONObject = [:]
            if let link = button.deepLink {
                // Under the long name when decoding set aside a second link under the short one (only then is
                // there anything in `ignored` to look up).
                let longName = !payload.ignored.isEmpty
                    && payload.ignored[JSONPath.member(Key.deepLink, of: Path.button(button.id))] != nil
                actions[longName ? Key.deepLinkLong : Key.deepLink] = .string(link)
            }
            if let action = button.action, let value = actionValue(action, at: path + ".action", losses: &losses) {
                actions[action.name] = value
            }
            if !actions.isEmpty || registered == nil { entries[button.id] = .object(actions) }
        }
        return entries
    }

    /// The title and options the wire cannot carry: they come from the registered category (or, for one
    /// PushBridge does not know, are empty and false when read back).
    private func reportOptionLosses(
        _ button: PushButton, registered: NotificationAction?, at path: @autoclosure () -> String,
        losses: inout LossList
    ) {
        let title = registered?.title ?? ""
        if button.title != title {
            losses.append(Loss(
                path: path() + ".title", value: .string(button.title),
                reason: "Airship buttons take their titles from the registered category, not the payload"))
        }
        let foreground = registered?.options.contains(.foreground) ?? false
        if button.foreground != foreground {
            losses.append(Loss(
                path: path() + ".foreground", value: .bool(button.foreground),
                reason: "whether an Airship button opens the app is set by the registered category, not the payload"))
        }
        let destructive = registered?.options.contains(.destructive) ?? false
        if button.destructive != destructive {
            losses.append(Loss(
                path: path() + ".destructive", value: .bool(button.destructive),
                reason: "whether an Airship button is destructive is set by the registered category, not the payload"))
        }
    }
}
