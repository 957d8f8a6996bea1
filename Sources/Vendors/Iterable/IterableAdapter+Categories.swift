import PushBridge

extension IterableAdapter {
    /// The category Iterable's service extension registers for a push without a category
    /// (notification-extension/ITBNotificationServiceExtension.swift, `resolveCategory`): its id is
    /// `itbl.messageId`, its actions the buttons (notification-extension/NotificationContentParser.swift):
    /// `destructive` for a destructive button, `foreground` and `authenticationRequired` for one that opens
    /// the app, `authenticationRequired` for `requiresUnlock`, and a text field (`inputTitle` as its button
    /// title, `inputPlaceholder`) for a `textInput` button. The SDK registers it even with no buttons.
    /// A push with `aps.category`, or with no messageId, needs none.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard payload.category?.isEmpty ?? true, let messageId = Self.extensionMessageId(payload), !messageId.isEmpty
        else { return [] }
        let wireIndices = Self.wireIndices(of: payload)
        let actions = payload.buttons.enumerated().map { index, button in
            let kept = { (key: String) in payload.ignored[Path.buttonMember(key, wireIndices[index])] }
            var options: NotificationAction.Options = []
            if button.destructive { options.insert(.destructive) }
            if button.foreground { options.insert(.foreground) }
            if button.foreground || kept(Key.requiresUnlock).flatMap(IterableDecoding.flag) == true {
                options.insert(.authenticationRequired)
            }
            let textInput = button.input
                ? NotificationAction.TextInput(
                    buttonTitle: kept(Key.inputTitle)?.stringValue ?? "", placeholder: button.placeholder ?? "")
                : nil
            return NotificationAction(id: button.id, title: button.title, options: options, textInput: textInput)
        }
        return [NotificationCategory(id: messageId, owner: id, actions: actions)]
    }

    /// The messageId the extension reads: `itbl.messageId` (for a ghost push that is not the bridge form's
    /// `messageId`, which comes from the root).
    static func extensionMessageId(_ payload: PushPayload) -> String? {
        isGhostPush(payload) ? trackedMetadata(payload)[Key.messageId]?.stringValue : payload.messageId
    }

    /// The index in `itbl.actionButtons` of each button: decoding kept the buttons the SDK drops whole under
    /// `ignored`, so the n-th button is the n-th element not kept that way.
    static func wireIndices(of payload: PushPayload) -> [Int] {
        var indices: [Int] = []
        var wireIndex = 0
        for _ in payload.buttons {
            while payload.ignored[Path.button(wireIndex)] != nil { wireIndex += 1 }
            indices.append(wireIndex)
            wireIndex += 1
        }
        return indices
    }
}
