import PushBridge

/// AppDNA (WIRE-FORMATS §3.3, docs/vendors/appdna.md): an `appdna` object beside `aps` holding `push_id`, one message
/// `action`, typed buttons in `actions`, `image_url` and `data`.
///
/// Decisions where the spec is silent (each is tested):
/// - What the bridge form cannot express is kept in `ignored`, keyed by its JSON path in the wire payload
///   (`$.appdna.actions[0].type`), and written back there by ``encode(_:)``: `open_url` (the bridge form
///   only knows "a deep link", which encodes as `deep_link`), values of the wrong type, unknown keys inside
///   `appdna`, uninterpretable actions and buttons. Unknown top-level keys are kept under their own name.
///   A same-vendor round trip therefore loses nothing; into another vendor each entry is a loss.
/// - A forwarded userInfo's top-level `appdna_reply_text` becomes `data["reply_text"]`, as the SDK hands
///   typed text to the app; it is encoded inside `appdna.data` (the bridge form is the same either way).
/// - Encoding a button: input → `text_reply`; else a deep link → `deep_link` (its named action is a loss);
///   else `show_screen`; else destructive → `dismiss`; else a button with no `type`. `foreground` is written
///   for every button but `dismiss`. With buttons, the category is always derived from them as written, and
///   an image or a button always sends `mutable-content: 1`. Replacing what an AppDNA payload had (a stale or
///   campaign category, a missing category or `mutable-content`) is reported as a loss; another vendor's push
///   gains them silently, though a kept `apsExtra` value they replace is still reported (WIRE-FORMATS §7.7).
/// - ``capabilities`` names 4 buttons, what iOS's expanded view shows; the wire format has no limit, so
///   decode keeps every button (with a warning past 4) and encode writes every button.
public struct AppDNAAdapter: VendorAdapter {
    /// Keys of the AppDNA wire format.
    enum Key {
        static let vendorObject = "appdna"
        static let replyText = "appdna_reply_text"
        static let pushID = "push_id"
        static let action = "action"
        static let actions = "actions"
        static let imageURL = "image_url"
        static let data = "data"
        static let id = "id"
        static let title = "title"
        static let type = "type"
        static let value = "value"
        static let foreground = "foreground"
        /// The key under which the app reads typed text in `data`.
        static let dataReplyText = "reply_text"
    }

    /// AppDNA action types (the message's `action.type` and each button's `type`).
    enum ActionType {
        static let deepLink = "deep_link"
        static let openURL = "open_url"
        static let showScreen = "show_screen"
        static let dismiss = "dismiss"
        static let textReply = "text_reply"
    }

    /// Event names.
    enum Event {
        static let delivered = "push_delivered"
        static let tapped = "push_tapped"
    }

    /// JSON paths in the wire payload.
    enum Path {
        static let vendorObject = "$.appdna"
        static let actions = "$.appdna.actions"
        static let action = "$.appdna.action"
        static let data = "$.appdna.data"
        /// `appdna.data.reply_text`.
        static let dataReplyText = "$.appdna.data.reply_text"
    }

    /// The named action `show_screen` opens a screen; its data holds the screen under this key.
    public static let showScreenAction = "show_screen"
    /// The key of the screen in a `show_screen` action's data.
    public static let screenKey = "screen"
    /// The prefix of every category AppDNA derives from a button set.
    public static let categoryPrefix = "appdna_"
    /// The vendor id.
    static let vendorID = "appdna"
    /// How many buttons iOS's expanded notification shows (the wire format itself has no limit).
    public static let maxButtons = 4

    /// What the adapter declares. Token registration: AppDNA is sent the token and the permission state (AppDNA's
    /// `setPushToken(_:)` and `setPushPermission(granted:)`).
    public let profile: VendorProfile

    /// Creates the adapter.
    public init() {
        self.profile = VendorProfile(
            id: Self.vendorID, name: "AppDNA", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.vendorObject], categories: CategorySupport(limit: Self.categoryLimit),
            tokenRegistration: .tokenAndPermission, receiptService: ReceiptService())
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: true, buttonRouting: .ownOnly)
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .delivered, event: Event.delivered,
                when: "arrive:foreground or arrive:background (never from the service extension)",
                properties: [Key.pushID, "in_foreground"]),
            EventTableEntry(
                kind: .opened, event: Event.tapped, when: "body or button tap, once per push (action = button id)",
                properties: [Key.pushID, "action"]),
        ]
    }

    /// A top-level `appdna` object with a non-empty string `push_id`.
    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let pushID = userInfo[Key.vendorObject]?[Key.pushID]?.stringValue else { return false }
        return !pushID.isEmpty
    }

    /// Categories that start with `appdna_`.
    public func ownsCategory(_ category: String) -> Bool {
        category.hasPrefix(Self.categoryPrefix)
    }

    /// True: AppDNA pushes do not wake the app, so a background delivery is one the app forwards itself with
    /// `handleMessageData` (docs/vendors/appdna.md "Forwarding yourself"), which needs no `content-available`.
    public var takesForwardedArrivals: Bool { true }

    /// `push_delivered` on a foreground or background arrive (never from the extension); `push_tapped` on a
    /// body or button tap, with `action` = the button id. No `push_id`, no receipt; typed text is never sent.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let pushID = payload.messageId, !pushID.isEmpty else { return [] }
        switch step {
        case .arrive(.foreground), .arrive(.background):
            let inForeground = step == .arrive(.foreground)
            return [receipt(
                .delivered, Event.delivered, [Key.pushID: .string(pushID), "in_foreground": .bool(inForeground)],
                payload: payload)]
        case .open:
            return [receipt(.opened, Event.tapped, [Key.pushID: .string(pushID)], payload: payload)]
        case .openAction(let buttonID):
            return [receipt(
                .opened, Event.tapped, [Key.pushID: .string(pushID), "action": .string(buttonID)], payload: payload)]
        case .arrive(.serviceExtension), .dismiss, .configure, .launch:
            return []
        }
    }

    /// A body tap runs the message's action (`show_screen` as a named action, `deep_link`/`open_url` as a deep
    /// link); a button tap runs only the button's own action, and nothing for a button that does not open the
    /// app (`dismiss`, `foreground: false`, `text_reply` by default). Typed text is not an effect: the app
    /// reads it as `data["reply_text"]` of the forwarded userInfo.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return TapPlan(action: payload.action, deepLink: payload.deepLink, linkRule: .afterAction)
        case .openAction(let buttonID):
            guard let button = payload.buttons.first(where: { $0.id == buttonID }), button.foreground,
                  !button.destructive
            else { return .nothing }
            return TapPlan(action: button.action, deepLink: button.deepLink, linkRule: .afterAction)
        default:
            return .nothing
        }
    }
}

// MARK: - Categories

extension AppDNAAdapter {
    /// The category AppDNA derives for the buttons of an `appdna.actions` array as sent:
    /// `"appdna_" + fnv1a64hex(buttonSetKey)` over `id, title, type, value, foreground` of every element that is
    /// a button (an object with a non-empty string `id`). Titles are taken as sent (before `{{…}}` resolution),
    /// a missing (or non-string) type, title or value is empty, and `foreground` is read after its defaults.
    /// Nil when no element is a button.
    public static func derivedCategory(forActions actions: [JSONValue]) -> String? {
        var hasher = CategoryHash.ButtonSetHasher()
        var buttonCount = 0
        for element in actions {
            guard let members = element.objectValue, let id = members[Key.id]?.stringValue, !id.isEmpty else {
                continue
            }
            addCategoryRow(
                id: id, title: members[Key.title], type: members[Key.type]?.stringValue, value: members[Key.value],
                sentForeground: members[Key.foreground], to: &hasher)
            buttonCount += 1
        }
        guard buttonCount > 0 else { return nil }
        return hasher.category(withPrefix: categoryPrefix)
    }

    /// Adds one button's row to a category key: `id, title, type, value, foreground` as sent (a missing or
    /// non-string title, type or value is empty; `foreground` after its defaults).
    static func addCategoryRow(
        id: String, title: JSONValue?, type: String?, value: JSONValue?, sentForeground: JSONValue?,
        to hasher: inout CategoryHash.ButtonSetHasher
    ) {
        addCategoryRow(
            id: id, title: title?.stringValue ?? "", type: type, value: value?.stringValue,
            foreground: effectiveForeground(type: type, sent: sentForeground?.boolValue), to: &hasher)
    }

    /// Adds one button's row to a category key from its fields as read: a missing type or value is empty,
    /// `foreground` is the flag after its defaults.
    static func addCategoryRow(
        id: String, title: String, type: String?, value: String?, foreground: Bool,
        to hasher: inout CategoryHash.ButtonSetHasher
    ) {
        hasher.addButton()
        hasher.addField(id)
        hasher.addField(title)
        hasher.addField(type ?? "")
        hasher.addField(value ?? "")
        hasher.addFlag(foreground)
    }

    /// A button's `foreground` after defaults: `dismiss` never, `text_reply` false unless sent, otherwise true
    /// unless sent.
    static func effectiveForeground(type: String?, sent: Bool?) -> Bool {
        switch type {
        case ActionType.dismiss: return false
        case ActionType.textReply: return sent ?? false
        default: return sent ?? true
        }
    }

    /// The title iOS shows for a registered button: `{{var | fallback}}` becomes the fallback (trimmed) and
    /// `{{var}}` nothing, because one category serves every push with the same buttons. An unclosed `{{` is
    /// kept as written. The bridge form keeps the original title.
    public static func registeredTitle(_ title: String) -> String {
        var output = ""
        var rest = Substring(title)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            output += rest[..<open.lowerBound]
            let inner = rest[open.upperBound..<close.lowerBound]
            if let bar = inner.firstIndex(of: "|") {
                output += trimmed(inner[inner.index(after: bar)...])
            }
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }

    /// The AppDNA categories that stay registered when `new` is registered (WIRE-FORMATS §3.3): while at most `limit`
    /// (`categoryLimit`) would be registered, all of them; past that, what `CategoryPlanner.overLimit` keeps:
    /// `new`, every category of a notification still in Notification Centre (even past the limit), then the
    /// most recently registered ones up to `limit`.
    ///
    /// - Parameters:
    ///   - new: the category being registered now.
    ///   - registered: this process's AppDNA categories, oldest registration first.
    ///   - inNotificationCentre: the categories of AppDNA notifications still in Notification Centre.
    ///   - limit: how many AppDNA categories stay registered (the SDK's 16).
    /// - Returns: the categories to keep, in registration order (oldest first, `new` last). Categories that are
    ///   not AppDNA's (the app's own) are never in the input's scope and are left out.
    public static func categoriesToKeep(
        registered: [String], adding new: String, inNotificationCentre: [String], limit: Int = categoryLimit
    ) -> [String] {
        let isOwn: (String) -> Bool = { $0.hasPrefix(categoryPrefix) }
        var order: [String] = []
        var seen = Set<String>()
        for category in registered + [new] where isOwn(category) {
            if seen.contains(category) { order.removeAll { $0 == category } }
            seen.insert(category)
            order.append(category)
        }
        if order.count <= limit { return order }
        let centre = inNotificationCentre.filter(isOwn)
        var extra: [String] = []
        for category in centre where !seen.contains(category) && !extra.contains(category) { extra.append(category) }
        let dropped = CategoryPlanner.overLimit(
            extra + order, new: new, inNotificationCentre: Set(centre), limit: limit)
        return (extra + order).filter { !dropped.contains($0) }
    }
}
