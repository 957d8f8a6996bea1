/// A notification category as PushBridge plans it: the platform-neutral form of `UNNotificationCategory`.
///
/// iOS shows a notification's buttons only when a category with the notification's `aps.category` is
/// registered before the notification is displayed. Registering replaces the whole set at once
/// (`setNotificationCategories`), which is why ``CategoryPlanner`` always plans the complete set.
public struct NotificationCategory: Sendable, Hashable {
    /// `UNNotificationCategoryOptions`, by name.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `.customDismissAction`: iOS reports a swipe-away (the dismiss action identifier).
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// `.allowInCarPlay`.
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        /// `.hiddenPreviewsShowTitle`.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        /// `.hiddenPreviewsShowSubtitle`.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)

        /// Every option with its JSON name, in the order JSON lists them.
        public static let names: [(Options, String)] = [
            (.customDismissAction, "customDismissAction"), (.allowInCarPlay, "allowInCarPlay"),
            (.hiddenPreviewsShowTitle, "hiddenPreviewsShowTitle"),
            (.hiddenPreviewsShowSubtitle, "hiddenPreviewsShowSubtitle"),
        ]

        /// The option names, in ``names`` order.
        public var json: JSONValue { .array(Self.names.filter { contains($0.0) }.map { .string($0.1) }) }
    }

    /// The category identifier (`aps.category`).
    public var id: String
    /// Who registers it: a vendor id, or ``appOwner`` for the app's own categories.
    public var owner: String
    /// The buttons, in order.
    public var actions: [NotificationAction]
    /// The category's options.
    public var options: Options

    /// The ``owner`` of the app's own categories.
    public static let appOwner = "app"

    /// Creates a category.
    public init(id: String, owner: String = NotificationCategory.appOwner, actions: [NotificationAction] = [],
                options: Options = []) {
        self.id = id
        self.owner = owner
        self.actions = actions
        self.options = options
    }

    /// Whether it is one of the app's own categories (never dropped or changed by PushBridge).
    public var isAppCategory: Bool { owner == Self.appOwner }

    /// `{"id", "owner", "options": [...], "actions": [...]}`: what `bridge-cli categories` prints.
    public var json: JSONValue {
        .object([
            "id": .string(id), "owner": .string(owner), "options": options.json,
            "actions": .array(actions.map(\.json)),
        ])
    }
}

/// One button of a category: the platform-neutral form of `UNNotificationAction` and
/// `UNTextInputNotificationAction`.
public struct NotificationAction: Sendable, Hashable {
    /// `UNNotificationActionOptions`, by name.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `.foreground`: tapping opens the app.
        public static let foreground = Options(rawValue: 1 << 0)
        /// `.destructive`: shown in red.
        public static let destructive = Options(rawValue: 1 << 1)
        /// `.authenticationRequired`: the device must be unlocked.
        public static let authenticationRequired = Options(rawValue: 1 << 2)

        /// Every option with its JSON name, in the order JSON lists them.
        public static let names: [(Options, String)] = [
            (.foreground, "foreground"), (.destructive, "destructive"),
            (.authenticationRequired, "authenticationRequired"),
        ]

        /// The option names, in ``names`` order.
        public var json: JSONValue { .array(Self.names.filter { contains($0.0) }.map { .string($0.1) }) }
    }

    /// The text field of a text-input button.
    public struct TextInput: Sendable, Hashable {
        /// The send button's title (`textInputButtonTitle`).
        public var buttonTitle: String
        /// The field's placeholder (`textInputPlaceholder`).
        public var placeholder: String

        /// The send button's title when a vendor names none.
        public static let defaultButtonTitle = "Send"

        /// Creates a text field.
        public init(buttonTitle: String = TextInput.defaultButtonTitle, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// The action identifier iOS reports when the button is tapped.
    public var id: String
    /// The label shown on the button.
    public var title: String
    /// The button's options.
    public var options: Options
    /// The text field, for a text-input button (`UNTextInputNotificationAction`).
    public var textInput: TextInput?

    /// Creates a button.
    public init(id: String, title: String, options: Options = [], textInput: TextInput? = nil) {
        self.id = id
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// `{"id", "title", "options": [...], "textInput": bool}` plus `placeholder` and `textInputButtonTitle`
    /// for a text-input button.
    public var json: JSONValue {
        var members: JSONObject = [
            "id": .string(id), "title": .string(title), "options": options.json, "textInput": .bool(textInput != nil),
        ]
        if let textInput {
            members["placeholder"] = .string(textInput.placeholder)
            members["textInputButtonTitle"] = .string(textInput.buttonTitle)
        }
        return .object(members)
    }
}
