import PushBridge

/// Klaviyo (klaviyo/klaviyo-swift-sdk; docs/vendors/klaviyo.md): a flat userInfo whose `body` object carries the
/// `_k` marker and the action buttons, with the deep link (`url`), the image (`rich-media`) and the custom data
/// (`key_value_pairs`) at the top level.
///
/// - Claim: `body` is an object holding `_k` (any value), as the SDK's `isKlaviyoNotification` tests it.
/// - No message id travels in the payload: `messageId` stays nil and `body._k` is kept in `tracking` (under
///   `body`, the top-level key it lives in). Receipts are made here, not by the default, and the bridge keys
///   their once-only rule on the notification's request identifier.
/// - Buttons are `body.action_buttons[]` `{id, label, action, url}`, checked as the SDK's parser checks them:
///   `open_app` without a string `url`, `deep_link` with a `url` that parses. Every button opens the app.
/// - A body tap sends `$opened_push` and then opens `url`; a `deep_link` button opens its link first and then
///   sends `$opened_push` with the `Button …` properties; an `open_app` button routes nothing.
public struct KlaviyoAdapter: VendorAdapter {
    /// Top-level keys and the keys inside `body` and a button.
    public enum Key {
        /// Apple's dictionary.
        public static let aps = "aps"
        /// The object holding the marker and the buttons.
        public static let body = "body"
        /// The marker inside `body` (an opaque value the SDK never reads).
        public static let marker = "_k"
        /// The buttons inside `body`.
        public static let actionButtons = "action_buttons"
        /// The body tap's deep link.
        public static let url = "url"
        /// The image the service extension attaches.
        public static let richMedia = "rich-media"
        /// The image's file type (the extension defaults to `jpg`).
        public static let richMediaType = "rich-media-type"
        /// Custom data, `[String: String]`.
        public static let keyValuePairs = "key_value_pairs"
        /// How the service extension updates the badge from its stored count.
        public static let badgeConfig = "badge_config"
        /// The count `badge_config` sets.
        public static let badgeValue = "badge_value"
        /// A button's identifier, label, action type and link.
        static let id = "id", label = "label", action = "action"

        /// The top-level keys Klaviyo gives a meaning of its own: custom data cannot use these names.
        static let reserved: Set<String> = [
            aps, body, url, richMedia, richMediaType, keyValuePairs, badgeConfig, badgeValue,
        ]
        /// Top-level keys the service extension reads that have no field in the bridge form.
        static let extensionOnly: Set<String> = [richMediaType, badgeConfig, badgeValue]
    }

    /// A button's `action` (the SDK's `ActionType`).
    public enum ButtonAction: String, Sendable, CaseIterable {
        /// Opens the app; the button must carry no string `url`.
        case openApp = "open_app"
        /// Opens the button's `url`, which must parse as a link.
        case deepLink = "deep_link"

        /// The SDK's display name, sent as `Button Action`.
        public var displayName: String { self == .openApp ? "Open App" : "Deep Link" }

        /// Whether the SDK's parser keeps a button with this action and `url` (a non-string `url` counts as none;
        /// links are judged by PushBridge's own parser, WIRE-FORMATS §7.5).
        public func accepts(url: JSONValue?) -> Bool {
            switch self {
            case .openApp: return url?.stringValue == nil
            case .deepLink: return url?.stringValue.flatMap(DeepLink.init) != nil
            }
        }
    }

    /// Event names and receipt properties.
    public enum Event {
        /// The one event the SDK sends, for body and button taps.
        public static let openedPush = "$opened_push"
        /// The whole userInfo (flattened into the event's properties by the receipt request).
        public static let userInfo = "userInfo"
        /// The registered push token.
        public static let pushToken = "push_token"
        /// The tapped button's label, identifier, action display name and link.
        public static let buttonLabel = "Button Label", buttonID = "Button ID", buttonAction = "Button Action",
            buttonLink = "Button Link"
    }

    /// The prefix of the category the service extension registers for a push with buttons.
    public static let categoryPrefix = "com.klaviyo.button."

    /// Who the receipts are about: the Klaviyo profile's identifiers, as the app configured them. The SDK
    /// sends its own anonymous id; PushBridge sends what is configured here (nothing by default).
    public struct Profile: Sendable, Hashable {
        /// `anonymous_id`.
        public var anonymousId: String?
        /// `external_id`.
        public var externalId: String?
        /// `email`.
        public var email: String?
        /// `phone_number`.
        public var phoneNumber: String?

        /// Creates a profile.
        public init(anonymousId: String? = nil, externalId: String? = nil, email: String? = nil, phoneNumber: String? = nil) {
            self.anonymousId = anonymousId
            self.externalId = externalId
            self.email = email
            self.phoneNumber = phoneNumber
        }
    }

    /// The profile the receipt requests name.
    public let klaviyoProfile: Profile

    /// What the adapter declares. Token registration: Klaviyo registers the token with the notification permission
    /// (`enablement_status`, sent whatever it is: a denied token is registered as denied) and the APNs environment
    /// (`device_metadata.environment`), through `POST /client/push-tokens/` (`KlaviyoSDK().set(pushToken:)`;
    /// `PushTokenPayload.swift`). No bundle id.
    public let profile: VendorProfile

    /// Creates the adapter.
    public init(profile: Profile = Profile()) {
        self.klaviyoProfile = profile
        var vendorProfile = VendorProfile(
            id: "klaviyo", name: "Klaviyo", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.body], categories: CategorySupport(), tokenRegistration: .tokenEnvironmentAndPermission,
            receiptService: ReceiptService())
        // The extension names the media file by `rich-media-type`
        // (klaviyo/klaviyo-swift-sdk:Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift@67a8b4c4).
        vendorProfile.attachmentTypeKey = [Key.richMediaType]
        self.profile = vendorProfile
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 4, buttonDeepLinks: true, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: true, buttonRouting: .ownOnly)
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .opened, event: Event.openedPush, when: "body tap, before the url is opened",
                properties: [Event.userInfo, Event.pushToken]),
            EventTableEntry(
                kind: .actionClicked, event: Event.openedPush,
                when: "button tap (after a deep_link button's link is opened)",
                properties: [
                    Event.userInfo, Event.pushToken, Event.buttonLabel, Event.buttonID, Event.buttonAction,
                    Event.buttonLink,
                ]),
        ]
    }

    /// Claims a userInfo whose `body` is an object holding `_k`, whatever its value.
    public func claims(_ userInfo: JSONObject) -> Bool {
        userInfo[Key.body]?.objectValue?[Key.marker] != nil
    }

    // MARK: Receipts and taps

    /// `$opened_push` for a body tap (kind `opened`) and a button tap (kind `actionClicked`), with the whole
    /// userInfo and the push token; a button tap adds `Button ID` and, for one of the push's buttons, its label,
    /// action and (for `deep_link`) link. Nothing on arrival or dismissal.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard step.isOpen else { return [] }
        var properties: JSONObject = [Event.userInfo: .object(sentUserInfo(payload))]
        if let token = context.deviceToken, !token.isEmpty { properties[Event.pushToken] = .string(token) }
        guard let buttonId = step.buttonIdentifier else {
            return [receipt(.opened, Event.openedPush, properties, payload: payload)]
        }
        if let button = payload.buttons.first(where: { $0.id == buttonId }) {
            properties[Event.buttonLabel] = .string(button.title)
            properties[Event.buttonAction] = .string(Self.action(of: button).displayName)
        }
        properties[Event.buttonID] = .string(buttonId)
        if let link = link(ofButton: buttonId, in: payload) { properties[Event.buttonLink] = .string(link) }
        return [receipt(.actionClicked, Event.openedPush, properties, payload: payload, action: buttonId)]
    }

    /// A body tap opens `url`; a `deep_link` button opens its own link, before its receipt is sent. An
    /// `open_app` button, and an identifier that is none of the push's buttons, route nothing (the SDK does not
    /// fall back to `url`). An http(s) link goes to the app's user-activity handler (`continueUserActivity`)
    /// before the system opener, as the SDK's fallback link handler does.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return TapPlan(deepLink: payload.deepLink.flatMap { $0.isEmpty ? nil : $0 }, linkGate: .userActivityFirst)
        case .openAction(let buttonId):
            guard let link = link(ofButton: buttonId, in: payload) else { return .nothing }
            return TapPlan(deepLink: link, linkGate: .userActivityFirst, receiptOrder: .afterLink)
        default:
            return .nothing
        }
    }

    /// The link a tap on `buttonId` opens: the button's own, when it has one.
    private func link(ofButton buttonId: String, in payload: PushPayload) -> String? {
        payload.buttons.first { $0.id == buttonId }?.deepLink.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The action a button is sent with: `deep_link` when it has a link, else `open_app`.
    static func action(of button: PushButton) -> ButtonAction { button.deepLink == nil ? .openApp : .deepLink }

    /// The userInfo the push arrived with (a carrier's keys included): the SDK's event properties start from it.
    func sentUserInfo(_ payload: PushPayload) -> JSONObject { encode(payload, collectingLosses: false).userInfo }

    // MARK: Validation

    /// Buttons beside `aps.category`: the service extension registers Klaviyo's buttons only for a push without a
    /// category, so they are not shown.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard !payload.buttons.isEmpty, let category = payload.category, !category.isEmpty, !ownsCategory(category)
        else { return [] }
        return [Diagnostic(
            .warning, code: .buttonsBesideCategory, path: "$.aps.category",
            message: "aps.category is '\(category)': Klaviyo's service extension registers action_buttons only for a "
                + "push without a category, so these buttons are not shown")]
    }
}
