import PushBridge

extension OneSignalAdapter {
    /// The category the SDK's service extension registers for a push with buttons and no category of its own
    /// (`OneSignalNotificationCategoryController`, `OneSignalAttachmentHandler`): `__onesignal__dynamic__<i>`,
    /// option `.customDismissAction`, one `.foreground` action per button with its id and title, in payload
    /// order (the SDK's on-screen reversal of exactly two buttons is not modelled). A push whose category is
    /// already set (the app's) gets none: the SDK leaves that category alone.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard !payload.buttons.isEmpty else { return [] }
        let category: String
        if let sent = payload.category {
            guard ownsCategory(sent) else { return [] }
            category = sent
        } else {
            category = Self.dynamicCategory(for: payload)
        }
        let actions = payload.buttons.map { NotificationAction(id: $0.id, title: $0.title, options: .foreground) }
        return [NotificationCategory(id: category, owner: id, actions: actions, options: .customDismissAction)]
    }

    /// `__onesignal__dynamic__` + the message id. Without one the SDK uses a random UUID; PushBridge uses the
    /// `IdentityHash` (SHA-256, 128 bits in hex) of the button set's key (each button's id and title) instead,
    /// so the same payload always gives the same category and two button sets never share one.
    public static func dynamicCategory(for payload: PushPayload) -> String {
        if let messageId = payload.messageId, !messageId.isEmpty { return dynamicCategoryPrefix + messageId }
        let buttonSetKey = CategoryHash.buttonSetKey(payload.buttons.map { [$0.id, $0.title] })
        return dynamicCategoryPrefix + IdentityHash.hex(buttonSetKey)
    }
}
