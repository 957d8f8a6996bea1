import PushBridge

extension BuzzKitAdapter {
    /// The category the service extension registers for a message with buttons (WIRE-FORMATS §3.2): the
    /// message's `aps.category`, else the one derived from its buttons. Each button keeps its id and title;
    /// `foreground` and `destructive` become options; an `input` button becomes a text-input action with
    /// its placeholder. A message without buttons needs no category.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        let buttons = Array(payload.buttons.prefix(Self.maxButtons))
        guard !buttons.isEmpty else { return [] }
        let category = payload.category.flatMap { $0.isEmpty ? nil : $0 } ?? Self.derivedCategory(for: buttons)
        let actions = buttons.map { button in
            var options: NotificationAction.Options = []
            if button.foreground { options.insert(.foreground) }
            if button.destructive { options.insert(.destructive) }
            return NotificationAction(
                id: button.id, title: button.title, options: options,
                textInput: button.input ? NotificationAction.TextInput(placeholder: button.placeholder ?? "") : nil)
        }
        return [NotificationCategory(id: category, owner: id, actions: actions)]
    }

    /// Every `buzzkit.` category: the SDK names them by the FNV-1a 64 of their buttons (WIRE-FORMATS §10).
    public func derivesCategoryID(_ category: String) -> Bool { ownsCategory(category) }
}
