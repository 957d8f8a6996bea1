import PushBridge

extension KlaviyoAdapter {
    /// Whether `category` is one Klaviyo's service extension registers: `com.klaviyo.button.…`.
    public func ownsCategory(_ category: String) -> Bool { category.hasPrefix(Self.categoryPrefix) }

    /// The category a push with buttons needs, as Klaviyo's service extension registers it: one per push,
    /// `com.klaviyo.button.<request identifier>`, with `.customDismissAction` and one `.foreground` action per
    /// button (its id and label). Nothing for a push without buttons, or one that names a category of its own
    /// (the extension leaves it alone); a push already naming a `com.klaviyo.button.…` category gets that id.
    ///
    /// The bridge form holds no request identifier, so the suffix is the one PushBridge derives off the device
    /// (`NotificationRequestIdentifier.derived(from:)`, 128 bits of SHA-256 of the push's canonical JSON, in
    /// hex): every push with other content gets its own category, as on the device.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard !payload.buttons.isEmpty else { return [] }
        let category: String
        if let named = payload.category, !named.isEmpty {
            guard ownsCategory(named) else { return [] }
            category = named
        } else {
            category = Self.categoryPrefix + NotificationRequestIdentifier.derived(from: sentUserInfo(payload))
        }
        let actions = payload.buttons.map { NotificationAction(id: $0.id, title: $0.title, options: .foreground) }
        return [NotificationCategory(id: category, owner: id, actions: actions, options: .customDismissAction)]
    }
}
