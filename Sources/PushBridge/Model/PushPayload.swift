/// The visible text of a notification.
public struct PushAlert: Sendable, Hashable {
    /// Headline.
    public var title: String?
    /// Second line.
    public var subtitle: String?
    /// Main text.
    public var body: String?

    /// Creates an alert.
    public init(title: String? = nil, subtitle: String? = nil, body: String? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
    }

    /// Whether no field is set.
    public var isEmpty: Bool { title == nil && subtitle == nil && body == nil }
}

/// A named action the app handles itself (`show_offer`, `OPEN_SALE`), with data chosen by the sender.
public struct PushAction: Sendable, Hashable {
    /// The name the app registered a handler for.
    public var name: String
    /// The sender's data for the handler.
    public var data: JSONObject

    /// Creates an action.
    public init(name: String, data: JSONObject = [:]) {
        self.name = name
        self.data = data
    }
}

/// An action button shown on the notification.
public struct PushButton: Sendable, Hashable {
    /// The action identifier iOS reports when the button is tapped.
    public var id: String
    /// The label.
    public var title: String
    /// The button's own destination, if any.
    public var deepLink: String?
    /// Whether tapping opens the app.
    public var foreground: Bool
    /// Whether the button is shown as destructive.
    public var destructive: Bool
    /// Whether the button asks for typed text.
    public var input: Bool
    /// The text field's placeholder, for input buttons.
    public var placeholder: String?
    /// The button's own named action, if any.
    public var action: PushAction?

    /// Creates a button.
    public init(
        id: String, title: String, deepLink: String? = nil, foreground: Bool = false, destructive: Bool = false,
        input: Bool = false, placeholder: String? = nil, action: PushAction? = nil
    ) {
        self.id = id
        self.title = title
        self.deepLink = deepLink
        self.foreground = foreground
        self.destructive = destructive
        self.input = input
        self.placeholder = placeholder
        self.action = action
    }
}

/// The bridge form: one notification in PushBridge's vendor-neutral model (docs/WIRE-FORMATS.md §4
/// "The bridge form").
///
/// Its canonical JSON (``bridgeJSON``) has sorted keys and omits absent fields; `mutableContent`,
/// `contentAvailable` and the button flags are always written.
public struct PushPayload: Sendable, Hashable {
    /// The id of the vendor whose wire format this came from (`zixflow`, `buzzkit`, …).
    public var vendor: String
    /// The vendor's id for this message.
    public var messageId: String?
    /// The visible text.
    public var alert: PushAlert?
    /// The app icon badge.
    public var badge: Int?
    /// The sound file name, or `default`.
    public var sound: String?
    /// The notification category (which registered buttons iOS shows).
    public var category: String?
    /// The thread the notification is grouped in.
    public var threadId: String?
    /// Whether the service extension runs for it (`aps.mutable-content`).
    public var mutableContent: Bool
    /// Whether it is a background push (`aps.content-available`).
    public var contentAvailable: Bool
    /// The rich image.
    public var imageURL: String?
    /// Where a body tap goes.
    public var deepLink: String?
    /// The named action a body tap runs.
    public var action: PushAction?
    /// The action buttons, in order.
    public var buttons: [PushButton]
    /// The sender's custom data.
    public var data: JSONObject
    /// What the vendor needs to send receipts (delivery ids, tokens).
    public var tracking: JSONObject
    /// What decoding kept but the bridge form has no field for, so that encoding to the same vendor writes it
    /// back: vendor keys with no iOS meaning under their own name (`large_icon_url`), and values of the wrong
    /// type or at an unknown place under their JSON path in the wire payload (`$.buzzkit.actions[1].foreground`,
    /// `$.chirp.id`), each with a diagnostic. Translating to another vendor reports every entry as a loss.
    public var ignored: JSONObject
    /// `aps` keys with no field of their own, written back into `aps` by every vendor.
    public var apsExtra: JSONObject

    /// Creates a payload.
    public init(
        vendor: String, messageId: String? = nil, alert: PushAlert? = nil, badge: Int? = nil, sound: String? = nil,
        category: String? = nil, threadId: String? = nil, mutableContent: Bool = false,
        contentAvailable: Bool = false, imageURL: String? = nil, deepLink: String? = nil,
        action: PushAction? = nil, buttons: [PushButton] = [], data: JSONObject = [:],
        tracking: JSONObject = [:], ignored: JSONObject = [:], apsExtra: JSONObject = [:]
    ) {
        self.vendor = vendor
        self.messageId = messageId
        self.alert = alert
        self.badge = badge
        self.sound = sound
        self.category = category
        self.threadId = threadId
        self.mutableContent = mutableContent
        self.contentAvailable = contentAvailable
        self.imageURL = imageURL
        self.deepLink = deepLink
        self.action = action
        self.buttons = buttons
        self.data = data
        self.tracking = tracking
        self.ignored = ignored
        self.apsExtra = apsExtra
    }

    /// Whether iOS shows something for it (an alert with any text).
    public var isVisible: Bool { !(alert?.isEmpty ?? true) }

    /// Whether it needs the service extension: an image or buttons.
    public var needsServiceExtension: Bool { imageURL != nil || !buttons.isEmpty }
}
