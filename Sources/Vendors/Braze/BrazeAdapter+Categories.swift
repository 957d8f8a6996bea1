import PushBridge

extension BrazeAdapter {
    /// Braze's four default categories, as `Braze.Notifications.categories` registers them at launch
    /// (braze-docs `apple_object.md`; titles from the SDK's `en.lproj/Localizable.strings`). Accept, Yes,
    /// Confirm and More open the app; Decline, No and Cancel only dismiss (`Assumed.foregroundDefaultActions`).
    public static var launchCategories: [NotificationCategory] {
        Self.defaultCategories.map { category in
            NotificationCategory(
                id: category.id, owner: "braze",
                actions: category.actions.map { action in
                    NotificationAction(id: action.id, title: action.title, options: action.foreground ? .foreground : [])
                })
        }
    }

    /// Another `ab_cat_…` category a push names (Push Story's `ab_cat_push_story_v2`, whose content extension
    /// draws the pages): registered without actions, since its titles are not in the payload. Default
    /// categories are registered at launch; any other category is the app's.
    public func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard let category = payload.category, ownsCategory(category),
              Self.defaultActions(ofCategory: category) == nil
        else { return [] }
        return [NotificationCategory(id: category, owner: id)]
    }
}
