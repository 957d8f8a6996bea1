import PushBridge

extension ZixflowAdapter {
    /// The category Zixflow's buttons need, registered at launch (docs/vendors/zixflow.md): `ZX_2BTN` with
    /// `ACTION_0` and `ACTION_1`, titled `Action 1` and `Action 2` (iOS has no per-push labels; the real
    /// label travels as `action_name`), both `.foreground`.
    public static var buttonCategoryDefinition: NotificationCategory {
        NotificationCategory(
            id: buttonCategory, owner: "zixflow",
            actions: actionIdentifiers.enumerated().map { index, id in
                NotificationAction(id: id, title: "Action \(index + 1)", options: .foreground)
            })
    }

    /// Whether `category` is ``buttonCategory``, the one launch category: what the default reads from
    /// the profile's launch categories, without building them on every translation.
    public func ownsCategory(_ category: String) -> Bool { category == Self.buttonCategory }

    /// `ZX_2BTN` for a push with buttons or that names it; nothing otherwise (a campaign category is the app's).
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard !payload.buttons.isEmpty || payload.category == Self.buttonCategory else { return [] }
        return [Self.buttonCategoryDefinition]
    }
}
