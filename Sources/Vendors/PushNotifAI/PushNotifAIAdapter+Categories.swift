import PushBridge

extension PushNotifAIAdapter {
    /// The one category PushNotifAI registers (WIRE-FORMATS §3.4): `pushnotifai`, no buttons,
    /// `.customDismissAction` so iOS reports swipe-aways. It is added beside the app's categories.
    public static var categoryDefinition: NotificationCategory {
        NotificationCategory(id: category, owner: "pushnotifai", options: .customDismissAction)
    }

    /// Every PushNotifAI push uses `pushnotifai`.
    public func categories(for payload: PushPayload) -> [NotificationCategory] { [Self.categoryDefinition] }
}
