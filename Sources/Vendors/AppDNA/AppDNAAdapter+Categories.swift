import PushBridge

extension AppDNAAdapter {
    /// How many AppDNA categories the SDK keeps registered (WIRE-FORMATS §3.3).
    public static let categoryLimit = 16

    /// Every `appdna_` category: the SDK names them by the FNV-1a 64 of their buttons (WIRE-FORMATS §10).
    public func derivesCategoryID(_ category: String) -> Bool { ownsCategory(category) }

    /// The `appdna_…` category of a push with buttons (WIRE-FORMATS §3.3), derived from the buttons as
    /// they go on the wire (the bridge form is encoded back, so `open_url`, defaults and kept values are
    /// exactly the sender's). Registered titles resolve `{{var | fallback}}` to the fallback and `{{var}}`
    /// to nothing; `dismiss` is destructive and never foreground; `text_reply` is a text-input action whose
    /// placeholder is its `value`; `foreground` follows its defaults. A push without buttons needs none.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard !payload.buttons.isEmpty else { return [] }
        let wire = encode(payload).userInfo
        let elements = wire[Key.vendorObject]?[Key.actions]?.arrayValue ?? []
        guard let category = Self.derivedCategory(forActions: elements) else { return [] }
        let actions: [NotificationAction] = elements.compactMap { element in
            guard let members = element.objectValue, let buttonID = members[Key.id]?.stringValue, !buttonID.isEmpty
            else { return nil }
            let type = members[Key.type]?.stringValue
            let title = Self.registeredTitle(members[Key.title]?.stringValue ?? "")
            var options: NotificationAction.Options = []
            if Self.effectiveForeground(type: type, sent: members[Key.foreground]?.boolValue) {
                options.insert(.foreground)
            }
            if type == ActionType.dismiss { options.insert(.destructive) }
            let textInput = type == ActionType.textReply
                ? NotificationAction.TextInput(placeholder: members[Key.value]?.stringValue ?? "") : nil
            return NotificationAction(id: buttonID, title: title, options: options, textInput: textInput)
        }
        return [NotificationCategory(id: category, owner: id, actions: actions)]
    }
}
