import PushBridge

/// Firebase Cloud Messaging (firebase/firebase-ios-sdk, FirebaseMessaging; docs/vendors/fcm.md): the transport
/// that carries every vendor's pushes sent through FCM.
///
/// FCM is a *carrier* (WIRE-FORMATS §11.1): it takes a payload with a string `gcm.message_id` only when no owner
/// vendor claims it. Its keys are `gcm.*` (reserved prefix), `google.*`, `fcm_options` and `from`; every other
/// root key beside `aps` is the sender's data.
///
/// - `gcm.message_id` is the message id, `gcm.app_link` the link (it reaches the app only through
///   `continueUserActivity`, never the system opener), `fcm_options.image` the image the service extension
///   helper downloads.
/// - `google.c.a.*`, `google.c.sender.id`, `google.c.fid`, `google.product_id` and `from` are kept in `tracking`:
///   they are what its analytics events and its delivery export read. Its other reserved keys (`gcm.n.e`,
///   the contextual `google.c.cm.*`, …) are kept in `ignored` under their wire path.
/// - FCM has no buttons, named actions or categories of its own; `aps.category` is Apple's.
/// - Its receipts are Firebase Analytics events (`_nf`, `_no`, `_cmp`), logged only when `google.c.a.e` is the
///   string `"1"`, and, when the app's extension exports them, the `MESSAGE_DELIVERED` delivery metric.
public struct FCMAdapter: VendorAdapter {
    /// Top-level keys of the FCM wire format (FirebaseMessaging/Sources/FIRMessagingConstants.m).
    public enum Key {
        /// Apple's dictionary.
        public static let aps = "aps"
        /// The message id (`kFIRMessagingMessageIDKey`): the bridge form's `messageId` and the carrier marker.
        public static let messageId = "gcm.message_id"
        /// The link handed to `continueUserActivity` (`kFIRMessagingMessageLinkKey`).
        public static let appLink = "gcm.app_link"
        /// The service-extension options; `image` is the image URL (FIRMessagingExtensionHelper.m).
        public static let options = "fcm_options"
        /// The image member of ``options``.
        public static let image = "image"
        /// The sender (a topic as `/topics/<name>`).
        public static let from = "from"
        /// Analytics on when it is the string `"1"`.
        public static let analyticsEnabled = "google.c.a.e"
        /// The composer (campaign) id.
        public static let composerId = "google.c.a.c_id"
        /// The composer (campaign) label.
        public static let composerLabel = "google.c.a.c_l"
        /// The message label.
        public static let messageLabel = "google.c.a.m_l"
        /// The send time (seconds).
        public static let timestamp = "google.c.a.ts"
        /// Whether the send time is the device's time.
        public static let useDeviceTime = "google.c.a.udt"
        /// Conversion tracking on when its integer value is 1.
        public static let trackConversions = "google.c.a.tc"
        /// The Firebase project number.
        public static let senderId = "google.c.sender.id"
        /// The Firebase installation id of the device.
        public static let installationId = "google.c.fid"
        /// The product id of the delivery export.
        public static let productId = "google.product_id"
        /// The prefix of FCM's reserved keys (`kFIRMessagingMessageInternalReservedKeyword`).
        public static let reservedPrefix = "gcm."
        /// The prefix of Google's keys.
        public static let googlePrefix = "google."
        /// The prefix of the analytics keys.
        public static let analyticsPrefix = "google.c.a."
        /// The prefix of a contextual (local-time) message's keys (FIRMessagingContextManagerService.m).
        public static let contextualPrefix = "google.c.cm."

        /// Whether `key` is one of FCM's own keys: `aps`, `gcm.*`, `google.*`, `fcm_options` or `from` (never data).
        public static func isFCMKey(_ key: String) -> Bool {
            key == aps || key == options || key == from || key.hasPrefix(reservedPrefix) || key.hasPrefix(googlePrefix)
        }
    }

    /// Event names (Interop/Analytics/Public/FIRInteropEventNames.h) and the delivery metric.
    public enum Event {
        /// Notification open: the message handled while the app was not active (Inactive or Background).
        public static let open = "_no"
        /// Notification foreground: the message handled while the app was active.
        public static let foreground = "_nf"
        /// Campaign attribution, logged before `_no` when conversions are tracked.
        public static let campaign = "_cmp"
        /// The delivery metric the service extension exports (`fm_MessagingClientEvent_Event_MESSAGE_DELIVERED`).
        public static let delivered = "MESSAGE_DELIVERED"
    }

    /// FCM's rank among carriers (WIRE-FORMATS §11.1: Airship 0, FCM 1; lower wins).
    public static let carrierRank = 1

    /// The app's service extension calls `exportDeliveryMetricsToBigQueryWithMessageInfo:` (an opt-in of the SDK):
    /// the extension's arrival sends `MESSAGE_DELIVERED`. Setting `fcm.exportsDeliveryMetrics`.
    public let exportsDeliveryMetrics: Bool

    /// What the adapter declares.
    public let profile: VendorProfile

    /// Creates the adapter. FirebaseMessaging's message handling (analytics by app state, the link handed over at
    /// the first sighting, once per message id) has no switch in the SDK, so it has none here.
    public init(exportsDeliveryMetrics: Bool = false) {
        self.exportsDeliveryMetrics = exportsDeliveryMetrics
        var profile = VendorProfile(
            id: "fcm", name: "Firebase Cloud Messaging", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.messageId], tokenRegistration: .tokenTopicAndEnvironment,
            receiptService: .appCollector(path: Self.collectorPath), settings: Self.settings)
        // What FCM adds to every message it relays (the analytics keys only for a console campaign).
        profile.assignsMessageId = true
        profile.backendKeys = [
            Key.messageId: "0000000000000000", Key.senderId: "000000000000", Key.installationId: "placeholder-fid",
        ]
        self.profile = profile
    }

    /// The settings `--vendor-config fcm.NAME=VALUE` takes.
    enum Setting {
        static let exportsDeliveryMetrics = "exportsDeliveryMetrics"
    }

    static let settings = [
        VendorSetting(
            Setting.exportsDeliveryMetrics, .flag,
            "the app's extension calls exportDeliveryMetricsToBigQueryWithMessageInfo: (default false)"),
    ]

    /// This adapter with the given settings (docs/vendors/fcm.md "Configuration").
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter {
        FCMAdapter(exportsDeliveryMetrics: configuration.flag(Setting.exportsDeliveryMetrics) ?? exportsDeliveryMetrics)
    }

    /// No buttons, named actions or text input of its own; an image through `fcm_options.image`. Any response
    /// (a button's included) hands the message's link to the app.
    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownThenMessage)
    }

    static var eventTable: [EventTableEntry] {
        let analytics = AnalyticsParameter.all
        return [
            EventTableEntry(
                kind: .delivered, event: Event.delivered,
                when: "arrive:service-extension when the extension exports delivery metrics "
                    + "(needs google.c.sender.id, gcm.message_id and google.c.fid)",
                properties: DeliveryMetric.all),
            EventTableEntry(
                kind: .delivered, event: Event.foreground,
                when: "the first sighting of the message while the app is active (arrive:foreground, or a tap, "
                    + "dismiss or arrive:background with app state active), when google.c.a.e is \"1\"",
                properties: analytics),
            EventTableEntry(
                kind: .opened, event: Event.campaign,
                when: "before _no, when google.c.a.tc is 1 and google.c.a.c_id is set",
                properties: CampaignParameter.all),
            EventTableEntry(
                kind: .opened, event: Event.open,
                when: "the first sighting of a visible push while the app is not active (a tap, a dismiss, or "
                    + "arrive:background), when google.c.a.e is \"1\"",
                properties: analytics),
        ]
    }

    /// Whether FCM carries the payload: a string `gcm.message_id` (WIRE-FORMATS §11.1), as ``claimStrength(_:)`` says.
    public func claims(_ userInfo: JSONObject) -> Bool {
        claimStrength(userInfo) != nil
    }

    /// A carrier claim of rank ``carrierRank`` when `gcm.message_id` is a string: the registry gives FCM the
    /// payload only when no owner vendor claims it (and no carrier of a lower rank does).
    public func claimStrength(_ userInfo: JSONObject) -> ClaimStrength? {
        userInfo[Key.messageId]?.stringValue != nil ? .carrier(rank: Self.carrierRank) : nil
    }

    /// Warns when the payload has no message id (the SDK then neither deduplicates it nor can export its delivery),
    /// and when `gcm.app_link` is not an `http`/`https` link: the SDK hands it over as `NSUserActivity.webpageURL`,
    /// which takes no other scheme, so it never reaches the app.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if payload.messageId == nil {
            problems.append(Diagnostic(
                .warning, code: .messageIDMissing, path: JSONPath.member(Key.messageId, of: JSONPath.root),
                message: "no non-empty \(Key.messageId): FCM cannot tell repeats of this push apart or export its delivery"))
        }
        if let link = payload.deepLink, !link.isEmpty, let scheme = DeepLink(link)?.scheme, scheme != "http", scheme != "https" {
            problems.append(Diagnostic(
                .warning, code: .linkRefused, path: JSONPath.member(Key.appLink, of: JSONPath.root),
                message: "'\(link)' is not an http or https link: FCM hands gcm.app_link over only as a user "
                    + "activity's webpageURL, which takes no other scheme, so the app never receives it"))
        }
        return problems
    }
}
