import PushBridge

extension AirshipAdapter {
    /// The button groups Airship's SDK registers at launch (`NotificationCategories.defaultCategories()`, which
    /// reads `UANotificationCategories.plist`; the ids, action ids, options and English titles are those of
    /// urbanairship/ios-library's `UAUserNotificationCategories.m`). Background actions require authentication,
    /// as `defaultCategories()` sets by default. The current plist may hold more groups: not verified.
    public static let builtInCategories: [NotificationCategory] = {
        typealias Options = NotificationAction.Options
        let owner = "airship"
        let background: Options = [.authenticationRequired]
        func category(_ id: String, _ actions: [(String, String, Options)]) -> NotificationCategory {
            NotificationCategory(
                id: id, owner: owner, actions: actions.map { NotificationAction(id: $0.0, title: $0.1, options: $0.2) })
        }
        return [
            category("ua_yes_no_foreground", [("yes", "Yes", .foreground), ("no", "No", background)]),
            category("ua_yes_no_background", [("yes", "Yes", background), ("no", "No", background)]),
            category("ua_shop_now", [("shop_now", "Shop Now", .foreground)]),
            category("ua_buy_now", [("buy_now", "Buy Now", .foreground)]),
            category("ua_follow", [("follow", "Follow", background)]),
            category("ua_unfollow", [("unfollow", "Unfollow", background.union(.destructive))]),
            category("ua_opt_in", [("opt_in", "Opt-in", background)]),
            category("ua_opt_out", [("opt_out", "Opt-out", background.union(.destructive))]),
            category("ua_remind_me_later", [("remind", "Remind Me Later", background)]),
            category("ua_share", [("share", "Share", .foreground)]),
            category("ua_accept_decline_foreground", [
                ("accept", "Accept", .foreground), ("decline", "Decline", background),
            ]),
            category("ua_accept_decline_background", [
                ("accept", "Accept", background), ("decline", "Decline", background),
            ]),
        ]
    }()

    /// The ids of ``builtInCategories``, at the same positions: a push's category is looked up without comparing
    /// it with each id in turn.
    static let builtInCategoryIds = KeyTable(builtInCategories.map(\.id))

    /// Whether `category` is one of ``builtInCategories`` (the profile's launch categories): looked up in a table
    /// of their ids, without a copy of the profile or a comparison with each id. Their bytes decide as `==` would:
    /// the ids are lowercase ASCII letters and `_`, which no other text is canonically equivalent to.
    public func ownsCategory(_ category: String) -> Bool { Self.builtInCategoryIds.position(of: category) != nil }

    /// The registered category `id` Airship knows: a built-in group, else one of ``appCategories``.
    func registeredCategory(_ id: String) -> NotificationCategory? { lookup.registeredCategory(id) }

    /// The action `actionId` of the registered category `categoryId`, as the SDK finds it in its combined
    /// categories (`DefaultAppIntegrationDelegate.notificationAction`); nil when either is unknown.
    func registeredAction(_ actionId: String, inCategory categoryId: String) -> NotificationAction? {
        registeredCategory(categoryId)?.actions.first { $0.id == actionId }
    }
}
