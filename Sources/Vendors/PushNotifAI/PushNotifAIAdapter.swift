import PushBridge

/// PushNotifAI (seed 004; SPEC §3.4): a flat userInfo with `pna_message_id` and an optional `deep_link`
/// beside `aps`; every other top-level key is the message's custom data (strings, as set in a flow).
///
/// The SDK registers one category, `pushnotifai`, with `.customDismissAction`, so it reports taps
/// (`$notification_tapped`) and swipe-aways (`$notification_dismissed`) but no delivery. It has no
/// per-push buttons, images or named actions: a body tap routes `deep_link`, a button tap routes nothing.
public struct PushNotifAIAdapter: VendorAdapter {
    /// Top-level keys of the PushNotifAI wire format.
    public enum Key {
        /// The message id: the bridge form's `messageId` and the marker the adapter claims by.
        public static let messageId = "pna_message_id"
        /// Where a body tap goes.
        public static let deepLink = "deep_link"
        /// Apple's dictionary.
        public static let aps = "aps"
        /// Keys that are never custom data: a data key with one of these names cannot be sent.
        public static let reserved: Set<String> = [aps, messageId, deepLink]

        /// `reserved.contains(key)`, by comparison instead of hashing (it runs for every key of every payload).
        static func isReserved(_ key: String) -> Bool { key == aps || key == messageId || key == deepLink }
    }

    /// Event names and receipt properties.
    public enum Event {
        /// Sent on a body or button tap.
        public static let tapped = "$notification_tapped"
        /// Sent on a swipe-away.
        public static let dismissed = "$notification_dismissed"
        /// The message id property of every receipt.
        public static let messageIdProperty = "message_id"
        /// The tapped button's action identifier, on a button tap only.
        public static let actionIdentifierProperty = "action_identifier"
    }

    /// The one category PushNotifAI's SDK registers (with `.customDismissAction`) and every push carries.
    public static let category = "pushnotifai"

    /// Creates the adapter.
    public init() {}

    public var id: String { "pushnotifai" }
    public var name: String { "PushNotifAI" }

    public var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: true, buttonRouting: .nothing)
    }

    public var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .opened, event: Event.tapped,
                when: "body or button tap (action_identifier only for a button tap)",
                properties: [Event.messageIdProperty, Event.actionIdentifierProperty]),
            EventTableEntry(
                kind: .dismissed, event: Event.dismissed,
                when: "swipe-away (category pushnotifai has .customDismissAction)",
                properties: [Event.messageIdProperty]),
        ]
    }

    /// Claims a userInfo with a non-empty string `pna_message_id` at top level.
    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let messageId = userInfo[Key.messageId]?.stringValue else { return false }
        return !messageId.isEmpty
    }

    /// Only `pushnotifai` is the SDK's own category; any other is a campaign category.
    public func ownsCategory(_ category: String) -> Bool { category == Self.category }

    /// `$notification_tapped` on a body tap (`message_id`) or a button tap (plus `action_identifier`),
    /// `$notification_dismissed` on a swipe-away; nothing on arrival (PushNotifAI has no delivery receipt)
    /// and nothing at all without a non-empty message id.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return [] }
        let idProperty: JSONObject = [Event.messageIdProperty: .string(messageId)]
        switch step {
        case .open:
            return [receipt(.opened, Event.tapped, idProperty, payload: payload)]
        case .openAction(let actionIdentifier):
            var properties = idProperty
            properties[Event.actionIdentifierProperty] = .string(actionIdentifier)
            return [receipt(.opened, Event.tapped, properties, payload: payload, action: actionIdentifier)]
        case .dismiss:
            return [receipt(.dismissed, Event.dismissed, idProperty, payload: payload)]
        case .configure, .arrive, .launch:
            return []
        }
    }

    /// A body tap routes `deep_link` when it is set and non-empty (else the tap only opens the app);
    /// a button tap routes nothing.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        guard step == .open, let link = payload.deepLink, !link.isEmpty else { return .nothing }
        return TapPlan(deepLink: link)
    }

    /// Warns when `aps.category` is not `pushnotifai`: iOS then never reports a swipe-away, so no
    /// `$notification_dismissed` is sent.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard payload.category != Self.category else { return [] }
        let found = payload.category.map { "'\($0)'" } ?? "missing"
        return [Diagnostic(
            .warning, code: "category-not-pushnotifai", path: "$.aps.category",
            message: "aps.category is \(found), not '\(Self.category)': iOS will not report a swipe-away")]
    }
}
