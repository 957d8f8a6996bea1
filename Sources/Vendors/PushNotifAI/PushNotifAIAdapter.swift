import PushBridge

/// PushNotifAI (WIRE-FORMATS §3.4): a flat userInfo with `pna_message_id` and an optional `deep_link`
/// beside `aps`; every other top-level key is the message's custom data (strings, as set in a flow).
///
/// The SDK registers one category, `pushnotifai`, with `.customDismissAction`, so it reports taps
/// (`$notification_tapped`) and swipe-aways (`$notification_dismissed`) but no delivery. It has no
/// per-push buttons, images or named actions: a body tap routes `deep_link`, a button tap routes nothing.
///
/// Its receipts (`$notification_tapped`, `$notification_dismissed`, none on arrival and none without a
/// non-empty message id) and its taps are the core's defaults, from ``eventTable`` and ``capabilities``;
/// `ownsCategory` defaults to its launch category.
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

        /// `reserved.contains(key)`, by comparison instead of hashing (it runs for every key of every payload);
        /// the length first, so most keys are compared with none of the three.
        static func isReserved(_ key: String) -> Bool {
            switch key.utf8.count {
            case 3: key == aps
            case 9: key == deepLink
            case 14: key == messageId
            default: false
            }
        }
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

    /// What the adapter declares. Token registration: PushNotifAI is sent the token with the bundle id as topic and the
    /// APNs environment (the SDK's `registerPushToken(_:topic:environment:)`, docs/vendors/pushnotifai.md); without either it cannot register yet.
    public let profile: VendorProfile

    /// Creates the adapter.
    public init() {
        self.profile = VendorProfile(
            id: "pushnotifai", name: "PushNotifAI", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.messageId], categories: CategorySupport(launch: [Self.categoryDefinition]),
            tokenRegistration: .tokenTopicAndEnvironment,
            receiptService: ReceiptService(defaultBaseURL: "https://api.pushnotif.ai", eventPath: Self.eventsPath))
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: true, buttonRouting: .nothing)
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .opened, event: Event.tapped,
                when: "body or button tap (action_identifier only for a button tap)",
                properties: [Event.messageIdProperty, Event.actionIdentifierProperty], sentOn: [.bodyTap, .buttonTap],
                messageIdProperty: Event.messageIdProperty, buttonProperty: Event.actionIdentifierProperty),
            EventTableEntry(
                kind: .dismissed, event: Event.dismissed,
                when: "swipe-away (category pushnotifai has .customDismissAction)",
                properties: [Event.messageIdProperty], sentOn: [.dismiss], messageIdProperty: Event.messageIdProperty),
        ]
    }

    /// Claims a userInfo with a non-empty string `pna_message_id` at top level.
    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let messageId = userInfo[Key.messageId]?.stringValue else { return false }
        return !messageId.isEmpty
    }

    /// Warns when `aps.category` is not `pushnotifai`: iOS then never reports a swipe-away, so no
    /// `$notification_dismissed` is sent.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard payload.category != Self.category else { return [] }
        let found = payload.category.map { "'\($0)'" } ?? "missing"
        return [Diagnostic(
            .warning, code: .categoryNotPushNotifAI, path: "$.aps.category",
            message: "aps.category is \(found), not '\(Self.category)': iOS will not report a swipe-away")]
    }
}
