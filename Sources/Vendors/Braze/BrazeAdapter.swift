import PushBridge

/// Braze (braze-inc/braze-swift-sdk; docs/vendors/braze.md): a non-empty `ab` object beside `aps`, the
/// body tap's link at top-level `ab_uri`, custom data as the other top-level keys.
///
/// Inside `ab`: `att {url, type}` (the image), `ab_cat {<action id>: {a_t, a_uri, a_use_webview}}` (what
/// each button of the category named by `aps.category` does) and `c` (the campaign tracking key). The whole
/// `ab` goes to `tracking` (it is what Braze's receipts need), and encoding the same vendor writes it back
/// with the image and buttons of the bridge form. There is no message id: once-only receipts are keyed by
/// the bridge on the platform's request identifier.
///
/// Button titles live in the category the app registers, not in the payload: only Braze's four default
/// categories (``defaultCategories``) have titles PushBridge knows; other buttons decode with an empty title
/// and a title sent to Braze is a loss.
public struct BrazeAdapter: VendorAdapter {
    /// The top-level key holding Braze's object.
    public static let vendorKey = "ab"
    /// The prefix of Braze's categories (`ab_cat_yes_no`, `ab_cat_push_story_v2`).
    public static let categoryPrefix = "ab_cat_"
    /// Most buttons iOS shows for one category.
    public static let maxButtons = 4

    /// Wire keys: top level, inside `ab`, inside `ab.att` and inside an `ab.ab_cat` entry.
    enum Key {
        static let aps = "aps"
        static let uri = "ab_uri"
        static let useWebView = "ab_use_webview"
        static let attachment = "att"
        static let url = "url"
        static let type = "type"
        static let buttons = "ab_cat"
        static let campaign = "c"
        static let actionType = "a_t"
        static let actionURI = "a_uri"
        static let actionUseWebView = "a_use_webview"
        static let pushStory = "ab_carousel"
        static let contentCard = "ab_cd"
        /// Top-level flags of Braze's internal pushes (ABKPushUtils.m).
        static let internalFlags: Set<String> = ["appboy_uninstall_tracking", "ab_push_fetch_test_triggers_key"]
        /// The length in bytes of the shortest of ``internalFlags``: a shorter key is none of them (no hashing).
        static let shortestInternalFlag = internalFlags.map(\.utf8.count).min() ?? 0
        /// Whether `key` is a top-level key that is never custom data (`aps`, `ab`, `ab_uri`, `ab_use_webview`:
        /// `filterBrazeProperties`, BrazeReactDataTranslator.m). Compared after the length, which no string equal
        /// to one of these (all lowercase letters and `_`, none of them another string's canonical equivalent)
        /// can differ in.
        static func isReserved(_ key: String) -> Bool { reserved(key) != nil }

        /// The top-level keys ``isReserved(_:)`` accepts.
        enum Reserved { case aps, vendor, uri, useWebView }

        /// Which reserved key `key` is (nil: custom data), compared after the length as ``isReserved(_:)`` says.
        static func reserved(_ key: String) -> Reserved? {
            switch key.utf8.count {
            case 2: key == vendorKey ? .vendor : nil
            case 3: key == aps ? .aps : nil
            case 6: key == uri ? .uri : nil
            case 14: key == useWebView ? .useWebView : nil
            default: nil
            }
        }
    }

    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let aps = JSONPath.member(Key.aps, of: JSONPath.root)
        static let vendor = JSONPath.member(BrazeAdapter.vendorKey, of: JSONPath.root)
        static let uri = JSONPath.member(Key.uri, of: JSONPath.root)
        static let useWebView = JSONPath.member(Key.useWebView, of: JSONPath.root)
        static let attachment = JSONPath.member(Key.attachment, of: vendor)
        static let imageURL = JSONPath.member(Key.url, of: attachment)
        static let imageType = JSONPath.member(Key.type, of: attachment)
        static let buttons = JSONPath.member(Key.buttons, of: vendor)
        static let campaign = JSONPath.member(Key.campaign, of: vendor)
        static func button(_ actionId: String) -> String { JSONPath.member(actionId, of: buttons) }
    }

    /// One action of a category Braze's SDK registers.
    public struct DefaultAction: Sendable, Hashable {
        /// The action identifier (`ab_pb_yes`).
        public var id: String
        /// The English title (BrazeKitResources `en.lproj/Localizable.strings`).
        public var title: String
        /// Whether tapping it opens the app.
        public var foreground: Bool
    }

    /// Braze's default categories, registered by the app with `Braze.Notifications.categories`: ids, action
    /// ids and titles from braze-docs `apple_object.md` and the SDK's `Localizable.strings`.
    public static let defaultCategories: [(id: String, actions: [DefaultAction])] = {
        func action(_ id: String, _ title: String) -> DefaultAction {
            DefaultAction(id: id, title: title, foreground: Assumed.foregroundDefaultActions.contains(id))
        }
        return [
            ("ab_cat_accept_decline", [action("ab_pb_accept", "Accept"), action("ab_pb_decline", "Decline")]),
            ("ab_cat_yes_no", [action("ab_pb_yes", "Yes"), action("ab_pb_no", "No")]),
            ("ab_cat_confirm_cancel", [action("ab_pb_confirm", "Confirm"), action("ab_pb_cancel", "Cancel")]),
            ("ab_cat_more", [action("ab_pb_more", "More")]),
        ]
    }()

    /// The actions of a default category, or nil for any other category.
    public static func defaultActions(ofCategory category: String?) -> [DefaultAction]? {
        guard let category else { return nil }
        return defaultCategories.first { $0.id == category }?.actions
    }

    /// What the adapter declares. Token registration: Braze is given the token
    /// (`braze.notifications.register(deviceToken:)`, the SDK's PushNotifications-Manual sample) and reports the
    /// notification permission with it (`ios_push_auth` beside `push_token` in its data request, braze-docs
    /// `reading_verbose_logs.md`; the CHANGELOG calls the push authorization status required for token registration).
    public let profile: VendorProfile

    /// Creates the adapter.
    public init() {
        var profile = VendorProfile(
            id: "braze", name: "Braze", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Self.vendorKey], categories: CategorySupport(launch: Self.launchCategories),
            tokenRegistration: .tokenAndPermission, receiptService: .appCollector(path: Self.collectorPath))
        profile.ignoredDefaults = [Key.useWebView: false]
        // The campaign tracking the backend adds (base64 of `placeholder`); Braze sends no message id.
        profile.backendKeys = [Self.vendorKey: [Key.campaign: "cGxhY2Vob2xkZXI="]]
        profile.attachmentTypeKey = [Self.vendorKey, Key.attachment, Key.type]
        profile.internalKeys = Key.internalFlags
        self.profile = profile
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly)
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .opened, event: Assumed.openedEvent, when: "open or open:<button id> (a background button too)",
                properties: [Assumed.campaignProperty, Assumed.actionProperty]),
        ]
    }

    /// `ab` is a non-empty object (`isAppboyRemoteNotification`, ABKPushUtils.m).
    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let members = userInfo[Self.vendorKey]?.objectValue else { return false }
        return !members.isEmpty
    }

    /// Every `ab_cat_…` category is Braze's (D13): never carried into another vendor.
    public func ownsCategory(_ category: String) -> Bool { category.hasPrefix(Self.categoryPrefix) }

    // MARK: Receipts and taps

    /// `pushClick` on a body or button tap, with `ab.c` (when the payload has it) and the button's id. Braze
    /// carries no message id, so these are sent without one; the bridge keys once-only on the request id.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        switch step {
        case .open, .openAction:
            var properties: JSONObject = [:]
            if let campaign = payload.tracking[Self.vendorKey]?[Key.campaign],
               campaign.stringValue != nil || campaign == .null
            {
                properties[Assumed.campaignProperty] = campaign
            }
            let button = step.buttonIdentifier
            if let button { properties[Assumed.actionProperty] = .string(button) }
            return [receipt(.opened, Assumed.openedEvent, properties, payload: payload, action: button)]
        case .arrive, .configure, .dismiss, .launch:
            return []
        }
    }

    /// A body tap opens `ab_uri`. A button tap opens only that button's own `a_uri`, and only for a button
    /// that opens the app; a background button, and an action id that is none of the message's buttons,
    /// route nothing. `ab_use_webview` (a button's `a_use_webview`) true asks for the link in an in-app web view
    /// (`LinkGate.webView`; braze-inc/braze-docs:_includes/archive/apple/push_payload.json@dbe1c7fe).
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        func link(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        func gate(_ flag: JSONValue?) -> LinkGate { flag?.boolValue == true ? .webView : .standard }
        switch step {
        case .open:
            return TapPlan(deepLink: link(payload.deepLink), linkGate: gate(payload.ignored[Key.useWebView]))
        case .openAction(let actionId):
            guard let button = payload.buttons.first(where: { $0.id == actionId }), button.foreground else {
                return .nothing
            }
            if let own = link(button.deepLink) {
                let entry = payload.tracking[Self.vendorKey]?[Key.buttons]?[actionId]
                return TapPlan(deepLink: own, linkGate: gate(entry?[Key.actionUseWebView]))
            }
            guard Assumed.buttonFallsBackToMessageLink, let fallback = link(payload.deepLink) else { return .nothing }
            return TapPlan(deepLink: fallback, linkGate: gate(payload.ignored[Key.useWebView]))
        default:
            return .nothing
        }
    }

    /// Braze's rules beyond the decode diagnostics: an image the extension can download.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard let image = payload.imageURL, !image.isEmpty else { return [] }
        let scheme = DeepLink(image)?.scheme
        guard scheme != "https", scheme != "http" else { return [] }
        return [Diagnostic(
            .warning, code: .imageURLInvalid, path: Path.imageURL,
            message: "ab.att.url is not an http(s) URL; the service extension cannot download it")]
    }
}
