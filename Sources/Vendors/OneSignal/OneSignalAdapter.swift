import PushBridge

/// OneSignal (docs/vendors/onesignal.md; the SDK is OneSignal/OneSignal-iOS-SDK): a push the OneSignal
/// SDK's `isOneSignalPayload:` accepts, in either of its two wire formats.
///
/// - **Custom format** (`OSNotification.m` `parseOriginalPayload`): OneSignal's fields in a top-level `custom`
///   object (`i` message id, `u` launch URL, `ti`/`tn` template id and name, `badge_inc`, `collapse_id`, `a`
///   custom data), attachments in a top-level `att`, buttons in a top-level `buttons` array.
/// - **os_data format** (`parseOSDataPayload`, chosen when `os_data` is an object): the same fields in `os_data`,
///   with `os_data.att` and `os_data.buttons` (an array, or an object whose `o` is the array; else a top-level
///   `actionbuttons` array); custom data is every top-level key except `aps` and `os_data`.
/// - **Minified form** (`parseRemoteSlient:`): with no `aps.alert`, a top-level `m` (custom format) or an
///   `os_data.buttons` object (os_data format) holds the alert `m`, badge `b`, sound `s`, attachments `at` and
///   buttons `o`. It is read, never written: encoding writes the standard form every SDK version reads.
///
/// The bridge form keeps the format in `PushPayload.tracking`: one entry named after the object that holds
/// the fields receipts need (`custom` or `os_data`), with its `i`, `ti` and `tn`. Everything the bridge form
/// has no field for (`badge_inc`, `collapse_id`, button icons, extra attachments, a button the SDK drops, a
/// value of the wrong type) is kept in `PushPayload.ignored` under its JSON path in the wire payload
/// (`$.custom.badge_inc`, `$.buttons[1]`), so a OneSignal → OneSignal round trip writes it back in place.
public struct OneSignalAdapter: VendorAdapter {
    /// The two wire formats.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// OneSignal's fields in `custom`.
        case custom
        /// OneSignal's fields in `os_data`.
        case osData = "os_data"

        /// The top-level key of the object holding OneSignal's fields.
        public var containerKey: String { rawValue }
        /// The JSON path of that object.
        var containerPath: String { self == .custom ? Self.customPath : Self.osDataPath }
        /// Where the attachments are: `$.att` or `$.os_data.att`.
        var attachmentsPath: String { self == .custom ? Self.customAttachmentsPath : Self.osDataAttachmentsPath }
        /// Where the buttons are: `$.buttons` or `$.os_data.buttons`.
        var buttonsPath: String { self == .custom ? Self.customButtonsPath : Self.osDataButtonsPath }

        // Built once: decoding passes them to every container, attachments and buttons it reads.
        private static let customPath = JSONPath.member(Key.custom, of: JSONPath.root)
        private static let osDataPath = JSONPath.member(Key.osData, of: JSONPath.root)
        private static let customAttachmentsPath = JSONPath.member(Key.attachments, of: JSONPath.root)
        private static let osDataAttachmentsPath = JSONPath.member(Key.attachments, of: osDataPath)
        private static let customButtonsPath = JSONPath.member(Key.buttons, of: JSONPath.root)
        private static let osDataButtonsPath = JSONPath.member(Key.buttons, of: osDataPath)
    }

    /// Keys of the wire format.
    enum Key {
        static let custom = "custom"
        static let osData = "os_data"
        static let messageId = "i"
        static let launchURL = "u"
        static let templateId = "ti"
        static let templateName = "tn"
        static let badgeIncrement = "badge_inc"
        static let collapseId = "collapse_id"
        static let additionalData = "a"
        static let attachments = "att"
        static let buttons = "buttons"
        static let legacyButtons = "actionbuttons"
        /// Minified form: alert, badge, sound, attachments, buttons.
        static let minifiedAlert = "m"
        static let minifiedBadge = "b"
        static let minifiedSound = "s"
        static let minifiedAttachments = "at"
        static let minifiedButtons = "o"
        /// A button's id and title.
        static let buttonId = "i"
        static let buttonTitle = "n"
        /// The attachment id the OneSignal backend and the SDK's tests use for the one image.
        static let defaultAttachmentId = "id"

        /// Whether `key` names a member of the minified form (`m`, `b`, `s`, `at`, `o`).
        static func isMinifiedMember(_ key: String) -> Bool {
            switch key {
            case minifiedAlert, minifiedBadge, minifiedSound, minifiedAttachments, minifiedButtons: true
            default: false
            }
        }
    }

    /// The receipt event names (R4: OneSignal's own metric names for the two requests its SDK sends).
    enum Event {
        static let delivered = "report_received"
        static let opened = "opened"
    }

    /// Receipt property names.
    enum Property {
        static let notificationId = "notification_id"
        static let opened = "opened"
        static let actionId = "actionId"
    }

    /// The prefix of the category the SDK's service extension registers for a push with buttons.
    public static let dynamicCategoryPrefix = "__onesignal__dynamic__"
    /// How many of the SDK's dynamic categories it keeps registered (`MAX_CATEGORIES_SIZE`).
    public static let maxDynamicCategories = 128
    /// Most actions iOS shows for a category; the SDK registers every button it parses.
    public static let maxButtons = 4

    /// Whether the service extension confirms delivery (`report_received`): OneSignal's dashboard setting
    /// "Confirmed Deliveries", which the SDK reads as the remote parameter `receive_receipts_enable` (off until
    /// it is downloaded). The receipt also needs ``appId``: the SDK sends none without it
    /// (`OneSignalReceiveReceiptsController.m`).
    public let confirmsDelivery: Bool
    /// Whether a button tap also opens the launch URL `u` (D9; the SDK does, buttons carry no URL of their own).
    public let opensLaunchURLOnButtonTap: Bool
    /// Whether launch URLs are never opened (the Info.plist key the SDK names `ONESIGNAL_SUPRESS_LAUNCH_URLS`).
    public let suppressesLaunchURLs: Bool
    /// The OneSignal app id sent as `app_id` in receipt requests (nil sends `null`, as the SDK does before it knows it).
    public let appId: String?
    /// The device's push subscription id, sent as `player_id` (nil sends `null`, as the SDK does).
    public let subscriptionId: String?

    /// What the adapter declares. Token registration: The SDK sends the APNs token as its push subscription
    /// (`OSSubscriptionModel`: `type: iOSPush`, `token`, `enabled` and `notification_types` from the permission,
    /// `test_type` for development builds), whatever the permission: without one the subscription is registered
    /// disabled. So the request carries the token, the permission and the APNs environment when known (a build of
    /// unknown environment sends no `test_type`).
    public let profile: VendorProfile

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - confirmsDelivery: send `report_received` from the service extension, when `appId` is set too
    ///     (default false, as the SDK before the dashboard enables it).
    ///   - opensLaunchURLOnButtonTap: a button tap opens the launch URL too (default true, as the SDK).
    ///   - suppressesLaunchURLs: never open launch URLs (default false).
    ///   - appId: the OneSignal app id for receipt request bodies.
    ///   - subscriptionId: this device's push subscription id for receipt request bodies.
    public init(
        confirmsDelivery: Bool = false, opensLaunchURLOnButtonTap: Bool = true, suppressesLaunchURLs: Bool = false,
        appId: String? = nil, subscriptionId: String? = nil
    ) {
        self.confirmsDelivery = confirmsDelivery
        self.opensLaunchURLOnButtonTap = opensLaunchURLOnButtonTap
        self.suppressesLaunchURLs = suppressesLaunchURLs
        self.appId = appId
        self.subscriptionId = subscriptionId
        var profile = VendorProfile(
            id: "onesignal", name: "OneSignal",
            capabilities: Self.capabilities(opensLaunchURLOnButtonTap: opensLaunchURLOnButtonTap, suppressesLaunchURLs: suppressesLaunchURLs),
            eventTable: Self.eventTable(confirmsDelivery: confirmsDelivery && appId != nil), claimKeys: [Key.custom, Key.osData],
            categories: CategorySupport(limit: Self.maxDynamicCategories),
            tokenRegistration: .tokenEnvironmentAndPermission,
            receiptService: ReceiptService(defaultBaseURL: "https://api.onesignal.com"), settings: Self.settings)
        // The notification id the backend writes in `custom.i` (or `os_data.i`: ``asDelivered(_:)``).
        profile.assignsMessageId = true
        profile.sendRequestKeys = [Key.collapseId: "The collapse id (the apns-collapse-id header)"]
        profile.backendKeys = [Key.custom: [Key.messageId: .string(Self.placeholderId)]]
        self.profile = profile
    }

    /// The placeholder notification id `--as-delivered` adds.
    static let placeholderId = "00000000-0000-0000-0000-000000000000"

    /// The push with its notification id, in the container it already uses: `os_data.i` for the `os_data` format,
    /// else `custom.i` (`VendorProfile.backendKeys`).
    public func asDelivered(_ userInfo: JSONObject) -> JSONObject {
        guard userInfo[Key.osData]?.objectValue != nil, userInfo[Key.custom] == nil else {
            return profile.addingBackendKeys(to: userInfo)
        }
        var delivered = profile
        delivered.backendKeys = [Key.osData: [Key.messageId: .string(Self.placeholderId)]]
        return delivered.addingBackendKeys(to: userInfo)
    }

    /// The settings `--vendor-config onesignal.NAME=VALUE` takes.
    enum Setting {
        static let appId = "appId", subscriptionId = "subscriptionId", confirmedDeliveries = "confirmedDeliveries"
        static let suppressLaunchURLs = "suppressLaunchURLs", buttonsOpenLaunchURL = "buttonsOpenLaunchURL"
    }

    static let settings = [
        VendorSetting(Setting.appId, .text, "the OneSignal app id, sent as app_id (report_received needs it)"),
        VendorSetting(Setting.subscriptionId, .text, "this device's push subscription id, sent as player_id"),
        VendorSetting(
            Setting.confirmedDeliveries, .flag, "the dashboard's Confirmed Deliveries: report_received (default false)"),
        VendorSetting(Setting.suppressLaunchURLs, .flag, "ONESIGNAL_SUPRESS_LAUNCH_URLS: never open u (default false)"),
        VendorSetting(Setting.buttonsOpenLaunchURL, .flag, "a button tap opens u too (default true)"),
    ]

    /// This adapter with the given settings (docs/vendors/onesignal.md "Configuration").
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter {
        OneSignalAdapter(
            confirmsDelivery: configuration.flag(Setting.confirmedDeliveries) ?? confirmsDelivery,
            opensLaunchURLOnButtonTap: configuration.flag(Setting.buttonsOpenLaunchURL) ?? opensLaunchURLOnButtonTap,
            suppressesLaunchURLs: configuration.flag(Setting.suppressLaunchURLs) ?? suppressesLaunchURLs,
            appId: configuration.values[Setting.appId] == nil ? appId : configuration.text(Setting.appId),
            subscriptionId: configuration.values[Setting.subscriptionId] == nil
                ? subscriptionId : configuration.text(Setting.subscriptionId))
    }

    static func capabilities(opensLaunchURLOnButtonTap: Bool, suppressesLaunchURLs: Bool) -> VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: false, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: true,
            buttonRouting: opensLaunchURLOnButtonTap && !suppressesLaunchURLs ? .messageWhenForeground : .nothing)
    }

    static func eventTable(confirmsDelivery: Bool) -> [EventTableEntry] {
        var rows: [EventTableEntry] = []
        if confirmsDelivery {
            rows.append(EventTableEntry(
                kind: .delivered, event: Event.delivered,
                when: "arrive:service-extension (PUT notifications/{id}/report_received)",
                properties: [Property.notificationId]))
        }
        rows.append(EventTableEntry(
            kind: .opened, event: Event.opened,
            when: "open or open:<button id>, not for the notification id opened last (PUT notifications/{id}); "
                + "a button's id as actionId",
            properties: [Property.notificationId, Property.opened, Property.actionId]))
        return rows
    }

    /// R2: `custom.i` or `os_data.i` is a non-empty string.
    public func claims(_ userInfo: JSONObject) -> Bool {
        // Asked of every payload of every vendor: two lookups, no array of container names.
        // Matched in place: no optional values copied between the lookups.
        func hasMessageId(_ containerKey: String) -> Bool {
            guard case .object(let container)? = userInfo[containerKey],
                  case .string(let messageId)? = container[Key.messageId]
            else { return false }
            return !messageId.isEmpty
        }
        return hasMessageId(Key.custom) || hasMessageId(Key.osData)
    }

    /// Always by a message id (`custom.i` or `os_data.i`): OneSignal wins over a second owner (WIRE-FORMATS §11.1).
    public func claimsByMessageId(_ userInfo: JSONObject) -> Bool { claims(userInfo) }

    /// Whether `category` is one the SDK's service extension registers (`__onesignal__dynamic__…`).
    public func ownsCategory(_ category: String) -> Bool { category.hasPrefix(Self.dynamicCategoryPrefix) }

    // MARK: Receipts and taps

    /// `report_received` on arrival in the service extension (when ``confirmsDelivery`` and ``appId`` is set);
    /// `opened` on a body or button tap, with the button's id as `actionId`. A tap on the notification opened
    /// last runs nothing (``ignoresRepeatedTap``); the opened receipt carries no action of its own, so the
    /// receipt ledger sends at most one per notification id (docs/vendors/onesignal.md).
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return [] }
        var properties: JSONObject = [Property.notificationId: .string(messageId)]
        switch step {
        case .arrive(.serviceExtension) where confirmsDelivery && appId != nil:
            return [receipt(.delivered, Event.delivered, properties, payload: payload)]
        case .open, .openAction:
            properties[Property.opened] = true
            if let button = step.buttonIdentifier { properties[Property.actionId] = .string(button) }
            return [Receipt(
                vendor: id, kind: .opened, event: Event.opened, properties: properties, messageId: messageId,
                action: nil)]
        case .arrive, .configure, .dismiss, .launch:
            return []
        }
    }

    /// The SDK remembers only the notification id it opened last (`checkForProcessedDups:`,
    /// `OSUD_LAST_MESSAGE_OPENED`, OneSignal/OneSignal-iOS-SDK:iOS_SDK/OneSignalSDK/OneSignalNotifications/OSNotificationsManager.m):
    /// a tap on that one again sends nothing and opens nothing.
    public var ignoresRepeatedTap: Bool { true }

    /// `badge_inc` (an integer, or a string holding one) is added to the count the extension keeps, never below
    /// 0; without one, `aps.badge` is shown and kept
    /// (OneSignal/OneSignal-iOS-SDK:iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalExtensionBadgeHandler.m@974ae65a).
    public func badgeUpdate(for payload: PushPayload) -> BadgeUpdate? {
        for format in Format.allCases {
            let member = payload.ignored[JSONPath.member(Key.badgeIncrement, of: format.containerPath)]
            if let step = member?.intValue ?? member?.stringValue.flatMap({ Int($0) }), step != 0 {
                return .increment(step)
            }
        }
        return payload.badge.map(BadgeUpdate.set)
    }

    /// A body tap opens the launch URL `u` (trimmed of surrounding white space, as `trimURLSpacing:` does); so
    /// does any button tap while ``opensLaunchURLOnButtonTap`` (OneSignal buttons carry no link of their own).
    /// Nothing opens when ``suppressesLaunchURLs``. OneSignal has no named actions.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        guard !suppressesLaunchURLs else { return .nothing }
        switch step {
        case .open:
            break
        case .openAction where opensLaunchURLOnButtonTap:
            break
        default:
            return .nothing
        }
        let link = payload.deepLink.map(Self.trimmingSpaces)
        return TapPlan(deepLink: link?.isEmpty == false ? link : nil)
    }

    /// `text` without leading and trailing white space and newlines.
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    // MARK: Validation

    /// OneSignal's rules beyond APNs: a message id (no receipt without one), buttons that a category already
    /// set would hide (the service extension registers its own only for a push without one), and a launch URL
    /// the router can take.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let format = Self.format(of: userInfo)
        if payload.messageId == nil {
            problems.append(Diagnostic(
                .error, code: .messageIDMissing, path: JSONPath.member(Key.messageId, of: format.containerPath),
                message: "no non-empty \(format.containerKey).i: OneSignal sends no receipt for this push"))
        }
        if !payload.buttons.isEmpty, let category = payload.category, !ownsCategory(category) {
            problems.append(Diagnostic(
                .warning, code: .buttonsHiddenByCategory, path: "$.aps.category",
                message: "aps.category '\(category)' is set, so the SDK registers no category for the buttons; "
                    + "the app's category decides which buttons show"))
        }
        if let link = payload.deepLink, !link.isEmpty, DeepLink(Self.trimmingSpaces(link)) == nil {
            problems.append(Diagnostic(
                .warning, code: .launchURLInvalid, path: JSONPath.member(Key.launchURL, of: format.containerPath),
                message: "the launch URL is not an absolute URL; it is rejected and nothing opens"))
        }
        return problems
    }

    /// The wire format of `userInfo`: os_data when `os_data` is an object (`initWithRawMessage:`), else custom.
    static func format(of userInfo: JSONObject) -> Format { format(osData: userInfo[Key.osData]) }

    /// The wire format of a push whose top-level `os_data` member is `osData`.
    static func format(osData: JSONValue?) -> Format { osData?.objectValue != nil ? .osData : .custom }
}
