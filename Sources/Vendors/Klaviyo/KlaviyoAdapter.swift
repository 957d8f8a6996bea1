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
        /// The event's profile identifiers and its time: receipt properties the receipt request moves out of the
        /// event's properties to `attributes.profile` and `attributes.time`.
        public static let profile = "profile", time = "time"
    }

    /// The prefix of the category the service extension registers for a push with buttons.
    public static let categoryPrefix = "com.klaviyo.button."

    /// Who the receipts are about: the Klaviyo profile's identifiers, as the app configured them. Every event
    /// carries at least an anonymous id, as the SDK's do (`CreateEventPayload.swift`): the configured one, else
    /// one derived from the device token (docs/vendors/klaviyo.md "Profile").
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

    /// What the SDK tells about the device and the app with every event (`appendMetadataToProperties`,
    /// klaviyo/klaviyo-swift-sdk:Sources/KlaviyoCore/Utils/Dictionary+Metadata.swift@67a8b4c4): the app's own
    /// facts, which PushBridge cannot read, so the app configures them; each one not configured is sent empty.
    public struct Device: Sendable, Hashable {
        /// `Device ID` (the SDK's `identifierForVendor`), `Device Model`, `OS Version`.
        public var deviceId: String?, deviceModel: String?, osVersion: String?
        /// `App Name`, `App ID` (the bundle id), `App Version`, `App Build`.
        public var appName: String?, appId: String?, appVersion: String?, appBuild: String?

        /// Creates a description.
        public init(
            deviceId: String? = nil, deviceModel: String? = nil, osVersion: String? = nil, appName: String? = nil,
            appId: String? = nil, appVersion: String? = nil, appBuild: String? = nil
        ) {
            self.deviceId = deviceId
            self.deviceModel = deviceModel
            self.osVersion = osVersion
            self.appName = appName
            self.appId = appId
            self.appVersion = appVersion
            self.appBuild = appBuild
        }

        /// The SDK's metadata properties, in its order, for a push token (empty when there is none).
        func properties(pushToken: String?) -> [(String, String)] {
            [
                ("Device ID", deviceId ?? ""), ("Device Manufacturer", "Apple"), ("Device Model", deviceModel ?? ""),
                ("OS Name", "iOS"), ("OS Version", osVersion ?? ""), ("SDK Name", "PushBridge"),
                ("SDK Version", ""), ("App Name", appName ?? ""), ("App ID", appId ?? ""),
                ("App Version", appVersion ?? ""), ("App Build", appBuild ?? ""), ("Push Token", pushToken ?? ""),
            ]
        }
    }

    /// The device and app facts sent with every event.
    public let device: Device

    /// What the adapter declares. Token registration: Klaviyo registers the token with the notification permission
    /// (`enablement_status`, sent whatever it is: a denied token is registered as denied) and the APNs environment
    /// (`device_metadata.environment`), through `POST /client/push-tokens/` (`KlaviyoSDK().set(pushToken:)`;
    /// `PushTokenPayload.swift`). No bundle id.
    public let profile: VendorProfile

    /// Creates the adapter.
    public init(profile: Profile = Profile(), device: Device = Device()) {
        self.klaviyoProfile = profile
        self.device = device
        var vendorProfile = VendorProfile(
            id: "klaviyo", name: "Klaviyo", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.body], categories: CategorySupport(), tokenRegistration: .tokenEnvironmentAndPermission,
            receiptService: ReceiptService(), settings: Self.settings)
        // The extension names the media file by `rich-media-type`
        // (klaviyo/klaviyo-swift-sdk:Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift@67a8b4c4).
        vendorProfile.attachmentTypeKey = [Key.richMediaType]
        // The tracking parameters the backend adds; Klaviyo sends no message id.
        vendorProfile.backendKeys = [Key.body: [Key.marker: [:]]]
        self.profile = vendorProfile
    }

    /// The settings `--vendor-config klaviyo.NAME=VALUE` takes: the profile's identifiers, then the device's.
    static let settings = [
        VendorSetting("profileId", .text, "the app's id for the profile (set(externalId:)), sent as external_id"),
        VendorSetting("email", .text, "the profile's email"),
        VendorSetting("phoneNumber", .text, "the profile's phone number"),
        VendorSetting("anonymousId", .text, "the SDK's anonymous id (default: derived from the device token)"),
        VendorSetting("deviceId", .text, "Device ID (identifierForVendor)"),
        VendorSetting("deviceModel", .text, "Device Model"),
        VendorSetting("osVersion", .text, "OS Version"),
        VendorSetting("appName", .text, "App Name"),
        VendorSetting("appId", .text, "App ID (the bundle id)"),
        VendorSetting("appVersion", .text, "App Version"),
        VendorSetting("appBuild", .text, "App Build"),
    ]

    /// This adapter with the given settings (docs/vendors/klaviyo.md "Configuration").
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter {
        func value(_ name: String, _ current: String?) -> String? {
            configuration.values[name] == nil ? current : configuration.text(name)
        }
        let profile = Profile(
            anonymousId: value("anonymousId", klaviyoProfile.anonymousId),
            externalId: value("profileId", klaviyoProfile.externalId), email: value("email", klaviyoProfile.email),
            phoneNumber: value("phoneNumber", klaviyoProfile.phoneNumber))
        let device = Device(
            deviceId: value("deviceId", device.deviceId), deviceModel: value("deviceModel", device.deviceModel),
            osVersion: value("osVersion", device.osVersion), appName: value("appName", device.appName),
            appId: value("appId", device.appId), appVersion: value("appVersion", device.appVersion),
            appBuild: value("appBuild", device.appBuild))
        return KlaviyoAdapter(profile: profile, device: device)
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 4, buttonDeepLinks: true, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: true, buttonRouting: .ownOnly)
    }

    static var eventTable: [EventTableEntry] {
        let common = [Event.userInfo, Event.pushToken] + Device().properties(pushToken: nil).map(\.0)
            + [Event.profile, Event.time]
        return [
            EventTableEntry(
                kind: .opened, event: Event.openedPush, when: "body tap, before the url is opened",
                properties: common),
            EventTableEntry(
                kind: .actionClicked, event: Event.openedPush,
                when: "button tap (after a deep_link button's link is opened)",
                properties: common + [Event.buttonLabel, Event.buttonID, Event.buttonAction, Event.buttonLink]),
        ]
    }

    /// Claims a userInfo whose `body` is an object holding `_k`, whatever its value.
    public func claims(_ userInfo: JSONObject) -> Bool {
        userInfo[Key.body]?.objectValue?[Key.marker] != nil
    }

    // MARK: Receipts and taps

    /// `$opened_push` for a body tap (kind `opened`) and a button tap (kind `actionClicked`), with the userInfo
    /// as it arrived, the SDK's device metadata and the push token; a button tap adds `Button ID` and what the
    /// tapped `action_buttons` element holds (``tappedButton(_:in:)``): its label, action and (for `deep_link`)
    /// link, even when the parser skipped it. The receipt also holds the event's `profile`
    /// (``profileIdentifiers(deviceToken:)``) and, when the tap's time is known, its `time`.
    /// Nothing on arrival or dismissal.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard step.isOpen else { return [] }
        let token = context.deviceToken.flatMap { $0.isEmpty ? nil : $0 }
        let userInfo = context.userInfo ?? sentUserInfo(payload)
        var properties: JSONObject = [Event.userInfo: .object(userInfo)]
        for (key, value) in device.properties(pushToken: token) { properties[key] = .string(value) }
        if let token { properties[Event.pushToken] = .string(token) }
        properties[Event.profile] = .object(profileIdentifiers(deviceToken: token))
        if let time = context.time { properties[Event.time] = .string(UTCTimestamp.iso8601(time)) }
        guard let buttonId = step.buttonIdentifier else {
            return [receipt(.opened, Event.openedPush, properties, payload: payload)]
        }
        let tapped = Self.tappedButton(buttonId, in: userInfo)
        if let label = tapped?.label { properties[Event.buttonLabel] = .string(label) }
        if let action = tapped?.action { properties[Event.buttonAction] = .string(action.displayName) }
        properties[Event.buttonID] = .string(buttonId)
        if let link = tapped?.link { properties[Event.buttonLink] = .string(link) }
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
            guard let link = tappedLink(buttonId, payload: payload, userInfo: context.userInfo) else { return .nothing }
            return TapPlan(deepLink: link, linkGate: .userActivityFirst, receiptOrder: .afterLink)
        default:
            return .nothing
        }
    }

    /// The link a tap on `buttonId` opens: read from the userInfo at the tap when there is one; else a button of
    /// `payload` is encoded as a `deep_link` element holding its link (one look, not an encoding of every button:
    /// planning each of thousands of buttons stays linear), and only an id none of them has is looked up in the
    /// encoded push (a skipped element kept under `ignored`).
    func tappedLink(_ buttonId: String, payload: PushPayload, userInfo: JSONObject?) -> String? {
        if let userInfo { return Self.tappedButton(buttonId, in: userInfo)?.link }
        // The encoder leaves out a button whose link does not parse; an empty link is an open_app button.
        func sent(_ button: PushButton) -> Bool { button.deepLink.map { $0.isEmpty || DeepLink($0) != nil } ?? true }
        if let button = payload.buttons.first(where: { $0.id == buttonId && sent($0) }) {
            return button.deepLink.flatMap { $0.isEmpty ? nil : $0 }
        }
        return Self.tappedButton(buttonId, in: sentUserInfo(payload))?.link
    }

    /// What a button tap reads from the tapped `body.action_buttons` element.
    public struct TappedButton: Equatable, Sendable {
        /// Its string `label`, sent as `Button Label`.
        public var label: String?
        /// Its `action`, when the SDK knows it, sent as `Button Action`.
        public var action: ButtonAction?
        /// Its `url` when the action is `deep_link` and the url parses: opened, and sent as `Button Link`.
        public var link: String?
    }

    /// The `body.action_buttons` element a tap on `buttonId` names, read from the userInfo at the tap as the SDK
    /// reads it (klaviyo/klaviyo-swift-sdk:Sources/KlaviyoSwift/Utilities/UNNotificationResponse+Klaviyo.swift@67a8b4c4
    /// `matchingActionButton`): the first element with that `id` in an array of objects, whether or not the
    /// service extension's parser showed it. Nil when there is none.
    public static func tappedButton(_ buttonId: String, in userInfo: JSONObject) -> TappedButton? {
        guard let elements = userInfo[Key.body]?.objectValue?[Key.actionButtons]?.arrayValue else { return nil }
        let buttons = elements.compactMap(\.objectValue)
        guard buttons.count == elements.count,
              let button = buttons.first(where: { $0[Key.id]?.stringValue == buttonId })
        else { return nil }
        let action = button[Key.action]?.stringValue.flatMap(ButtonAction.init)
        let url = button[Key.url]?.stringValue
        let link = action == .deepLink && url.flatMap(DeepLink.init) != nil ? url : nil
        return TappedButton(label: button[Key.label]?.stringValue, action: action, link: link)
    }

    /// `badge_config` as Klaviyo's service extension applies it to the count it keeps in the app group
    /// (klaviyo/klaviyo-swift-sdk:Sources/KlaviyoSwiftExtension/KlaviyoExtension.swift@67a8b4c4):
    /// `increment_one` adds 1; `set_count` and `set_property` show the integer `badge_value` (none without one);
    /// another value, or none, leaves `aps.badge`.
    public func badgeUpdate(for payload: PushPayload) -> BadgeUpdate? {
        switch payload.ignored[Key.badgeConfig]?.stringValue {
        case "increment_one"?:
            return .increment(1)
        case "set_count"?, "set_property"?:
            return payload.ignored[Key.badgeValue]?.intValue.map(BadgeUpdate.set)
        default:
            return payload.badge.map(BadgeUpdate.set)
        }
    }

    /// The profile's identifiers: the configured ones; with no anonymous id configured, one derived from the
    /// device token (the SDK always sends its stored `anonymous_id`, `StateManagement.swift`): the same token
    /// always gives the same id, so it is kept without state, and a new install's new token gives a new one, as
    /// the SDK's stored id does. None without either.
    public func profileIdentifiers(deviceToken: String?) -> JSONObject {
        var identifiers: JSONObject = [:]
        var anonymousId = klaviyoProfile.anonymousId.flatMap { $0.isEmpty ? nil : $0 }
        if anonymousId == nil, let deviceToken, !deviceToken.isEmpty {
            anonymousId = Self.anonymousId(deviceToken: deviceToken)
        }
        let values = [
            ("anonymous_id", anonymousId), ("external_id", klaviyoProfile.externalId),
            ("email", klaviyoProfile.email), ("phone_number", klaviyoProfile.phoneNumber),
        ]
        for case let (key, value?) in values where !value.isEmpty { identifiers[key] = .string(value) }
        return identifiers
    }

    /// The anonymous id of the install with this device token: the `IdentityHash` of the token, written as an
    /// uppercase UUID (the SDK's `UUID().uuidString` form).
    static func anonymousId(deviceToken: String) -> String {
        let hex = Array(IdentityHash.hex("klaviyo-anonymous-id\u{1F}" + deviceToken).uppercased())
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }

    /// The userInfo re-encoded from the bridge form, when the caller has not the one the push arrived with.
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
