import PushBridge

/// Airship (urbanairship/ios-library; docs/vendors/airship.md): `aps` plus Airship's own root keys, and the
/// root itself read as an *action map* (`{"^d": url, "^+t": tags, …}`) that the SDK runs on a tap.
///
/// Wire keys:
/// - `_` (the send id) → `messageId` and `tracking`; `com.urbanairship.metadata` → `tracking`.
/// - `com.urbanairship.media_attachment` → `imageURL` (`urls[0].url`, else `url` or `url[0]`); its other
///   members (`content`, `options`, `thumbnail_id`, more URLs) → `ignored`.
/// - `^d` / `deep_link_action` → `deepLink`; another registered action name at the root → `action`
///   (`{name, data: {"value": <value>}}`); a second one → `ignored`.
/// - `com.urbanairship.interactive_actions{<button id>: {<action>: <value>}}` → each button's `deepLink` and
///   `action`; which buttons exist, their titles and options come from the registered category (`aps.category`).
/// - Every other root key is the sender's custom data.
///
/// What has no field of its own is kept in `ignored` under its wire JSON path
/// (`$["com.urbanairship.media_attachment"].options`, `$["^-t"]` for a second action), so an Airship → Airship
/// round trip writes it back.
///
/// Claims (WIRE-FORMATS §11.1): an owner with `com.urbanairship.metadata` or `com.urbanairship.media_attachment`,
/// a carrier (rank 0) with only a string `_`. Behaviour flags: ``runsActionsOnArrival`` (off);
/// ``customActionNames`` and ``appCategories`` tell the adapter what the app registered with Airship itself.
public struct AirshipAdapter: VendorAdapter {
    /// Airship's root keys.
    enum Key {
        static let sendId = "_"
        static let metadata = "com.urbanairship.metadata"
        static let mediaAttachment = "com.urbanairship.media_attachment"
        static let interactiveActions = "com.urbanairship.interactive_actions"
        static let foregroundPresentation = "com.urbanairship.foreground_presentation"
        static let legacyForegroundPresentation = "foreground_presentation"
        static let deepLink = "^d"
        static let deepLinkLong = "deep_link_action"
        static let url = "url"
        static let urls = "urls"
        static let value = "value"
    }

    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let aps = JSONPath.member("aps", of: JSONPath.root)
        static let sendId = JSONPath.member(Key.sendId, of: JSONPath.root)
        static let media = JSONPath.member(Key.mediaAttachment, of: JSONPath.root)
        static let interactive = JSONPath.member(Key.interactiveActions, of: JSONPath.root)
        static func root(_ key: String) -> String { JSONPath.member(key, of: JSONPath.root) }
        static func button(_ id: String) -> String { JSONPath.member(id, of: interactive) }
    }

    /// The action names Airship's iOS SDK registers itself (besides the deep-link action): `UADefaultActions.plist`,
    /// `UAExtendedActions.plist` and `UAMessageCenterActions.plist` in urbanairship/ios-library.
    public static let builtInActionNames: Set<String> = [
        "open_external_url_action", "^u", "add_tags_action", "^+t", "remove_tags_action", "^-t",
        "add_custom_event_action", "clipboard_action", "^c", "wallet_action", "^w", "fetch_device_info", "^fdi",
        "enable_feature", "^ef", "share_action", "^s", "modify_attributes_action", "^a", "^sl",
        "subscription_list_action", "edit_subscription_list_action", "^sla", "prompt_permission_action", "^pp",
        "rate_app_action", "^ra", "_uamid", "overlay_inbox_action", "display_inbox_action", "^mc", "^mco",
    ]
    /// The two names of Airship's deep-link action (`DeepLinkAction`).
    public static let deepLinkActionNames: Set<String> = [Key.deepLink, Key.deepLinkLong]
    /// The event id Airship reports when a push has no `_` (`AirshipAnalytics.missingSendID`).
    public static let missingSendId = "MISSING_SEND_ID"
    /// How many UTF-16 code units of typed text `interactive_notification_action` keeps (`user_input`).
    public static let userInputLimit = 255
    /// Most buttons a category shows on iOS.
    public static let maxButtons = 4

    /// Whether arrival runs the push's named action, as Airship's SDK does for every push it is handed
    /// (situations `foregroundPush` / `backgroundPush`; the deep-link action refuses them). Default off (D9).
    public let runsActionsOnArrival: Bool
    /// Action names the app registered with Airship's action registry itself, read as actions beside
    /// ``builtInActionNames``.
    public let customActionNames: Set<String>
    /// The app's own categories registered through Airship (`Push.customCategories`), so their buttons'
    /// titles and options are known; PushBridge cannot see them otherwise.
    public let appCategories: [NotificationCategory]

    /// What the adapter declares. Token registration: Airship registers a *channel* whose payload carries the token as
    /// `push_address` and the permission as `opt_in` (`ChannelRegistrationPayload`: `device_type`, `opt_in`,
    /// `push_address`, …); it sends no APNs topic or environment (the app's production or development key chooses the
    /// environment).
    public let profile: VendorProfile

    /// Creates the adapter.
    public init(
        runsActionsOnArrival: Bool = false, customActionNames: Set<String> = [],
        appCategories: [NotificationCategory] = []
    ) {
        self.runsActionsOnArrival = runsActionsOnArrival
        self.customActionNames = customActionNames
        self.appCategories = appCategories
        self.profile = VendorProfile(
            id: "airship", name: "Airship", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.metadata, Key.mediaAttachment, Key.sendId],
            categories: CategorySupport(launch: Self.builtInCategories), tokenRegistration: .tokenAndPermission,
            receiptService: .appCollector(path: Self.eventsPath))
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: false, namedActions: true, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly)
    }

    /// Airship's analytics event names (`AirshipEvents`, `InteractiveNotificationEvent`, `PushReceivedEvent`).
    enum Event {
        static let pushReceived = "push_received"
        static let conversion = "app_foreground"
        static let interactive = "interactive_notification_action"
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .delivered, event: Event.pushReceived,
                when: "arrive:foreground or arrive:background (the SDK's trigger is not verified; never the extension)",
                properties: ["push_id", "metadata"]),
            EventTableEntry(
                kind: .actionClicked, event: Event.interactive,
                when: "open:<id> of an action of a registered category (an unknown category or action sends nothing)",
                properties: ["button_group", "button_id", "button_description", "foreground", "send_id", "user_input"]),
            EventTableEntry(
                kind: .opened, event: Event.conversion,
                when: "open, or open:<id> of a registered foreground action, of an alerting push (the conversion)",
                properties: ["push_id", "metadata"]),
        ]
    }

    /// The rank of Airship's carrier claim: above FCM's (WIRE-FORMATS §11.1).
    public static let carrierRank = 0

    /// `ClaimStrength.owner` when `com.urbanairship.metadata` or `com.urbanairship.media_attachment` is
    /// present; `ClaimStrength.carrier(rank:)` (rank 0) when only `_` marks it, as a string; else nil.
    public func claimStrength(_ userInfo: JSONObject) -> ClaimStrength? {
        if userInfo[Key.metadata] != nil || userInfo[Key.mediaAttachment] != nil { return .owner }
        if userInfo[Key.sendId]?.stringValue != nil { return .carrier(rank: Self.carrierRank) }
        return nil
    }

    /// True for an owner or a carrier claim (``claimStrength(_:)``).
    public func claims(_ userInfo: JSONObject) -> Bool { claimStrength(userInfo) != nil }

    /// Whether `name` is an action Airship runs (built in or registered by the app), not the deep-link action.
    func isActionName(_ name: String) -> Bool {
        Self.builtInActionNames.contains(name)
            || (customActionNames.contains(name) && !Self.deepLinkActionNames.contains(name))
    }

    /// Whether `key` is one decoding reads as an Airship field rather than custom data.
    func isAirshipKey(_ key: String) -> Bool {
        switch key {
        case "aps", Key.sendId, Key.metadata, Key.mediaAttachment, Key.interactiveActions, Key.foregroundPresentation,
            Key.legacyForegroundPresentation, Key.deepLink, Key.deepLinkLong:
            return true
        default:
            return isActionName(key)
        }
    }

    // MARK: Receipts and taps

    /// Whether Airship counts the push as alerting (`AirshipUtils.isAlertingPush`): a non-empty alert body,
    /// title or subtitle, or a non-empty `loc-key` / `title-loc-key`.
    static func isAlerting(_ payload: PushPayload) -> Bool {
        let texts = [payload.alert?.body, payload.alert?.title, payload.alert?.subtitle]
            + ["loc-key", "title-loc-key"].map { payload.apsExtra[$0]?.stringValue }
        return texts.contains { $0?.isEmpty == false }
    }

    /// The send id as the SDK reads it: `_` as sent (an empty one included), else the message id (a push
    /// translated from another vendor).
    private func sendId(_ payload: PushPayload) -> String? {
        payload.tracking[Key.sendId]?.stringValue ?? payload.messageId
    }

    /// `push_id` (the send id or `MISSING_SEND_ID`) and `metadata` when the push carries it.
    private func pushIdentity(_ payload: PushPayload) -> JSONObject {
        var properties: JSONObject = ["push_id": .string(sendId(payload) ?? Self.missingSendId)]
        if let metadata = payload.tracking[Key.metadata]?.stringValue { properties["metadata"] = .string(metadata) }
        return properties
    }

    /// `push_received` on app-process arrival; on a body tap of an alerting push the conversion
    /// (`app_foreground` with `push_id`, `metadata`); on a button of a registered category
    /// `interactive_notification_action`, then the conversion when the action opens the app.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        switch step {
        case .arrive(.foreground), .arrive(.background):
            return [receipt(.delivered, Event.pushReceived, pushIdentity(payload), payload: payload)]
        case .open:
            guard Self.isAlerting(payload) else { return [] }
            return [receipt(.opened, Event.conversion, pushIdentity(payload), payload: payload)]
        case .openAction(let actionId):
            guard let category = payload.category, let action = registeredAction(actionId, inCategory: category) else {
                return []
            }
            let foreground = action.options.contains(.foreground)
            var properties: JSONObject = [
                "button_group": .string(category), "button_id": .string(actionId),
                "button_description": .string(action.title), "foreground": .string(foreground ? "true" : "false"),
            ]
            if let sendId = sendId(payload) { properties["send_id"] = .string(sendId) }
            if let text = context.userText { properties["user_input"] = .string(Self.truncatedUserInput(text)) }
            var receipts = [receipt(.actionClicked, Event.interactive, properties, payload: payload, action: actionId)]
            if foreground, Self.isAlerting(payload) {
                receipts.append(
                    receipt(.opened, Event.conversion, pushIdentity(payload), payload: payload, action: actionId))
            }
            return receipts
        case .arrive(.serviceExtension), .configure, .dismiss, .launch:
            return []
        }
    }

    /// `text` cut to ``userInputLimit`` UTF-16 code units, never inside a character.
    public static func truncatedUserInput(_ text: String) -> String {
        var units = 0
        var result = ""
        for character in text {
            units += character.utf16.count
            if units > userInputLimit { break }
            result.append(character)
        }
        return result
    }

    /// A body tap runs the root action and deep link (situation `launchedFromPush`). A button runs its own
    /// `interactive_actions` entry: a registered background action never deep links (`DeepLinkAction` refuses
    /// `backgroundInteractiveButton`); an action of an unknown category runs as `launchedFromPush`, link included.
    /// With ``runsActionsOnArrival`` an app-process arrival runs the root action (never the link).
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        func link(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        switch step {
        case .open:
            return TapPlan(action: payload.action, deepLink: link(payload.deepLink), linkRule: .afterAction)
        case .openAction(let actionId):
            guard let button = payload.buttons.first(where: { $0.id == actionId }) else { return .nothing }
            let registered = payload.category.flatMap { registeredAction(actionId, inCategory: $0) }
            let linkAllowed = registered?.options.contains(.foreground) ?? true
            return TapPlan(
                action: button.action, deepLink: linkAllowed ? link(button.deepLink) : nil, linkRule: .afterAction)
        case .arrive(.foreground), .arrive(.background):
            return runsActionsOnArrival ? TapPlan(action: payload.action) : .nothing
        default:
            return .nothing
        }
    }

    // MARK: Validation

    /// Airship's rules beyond APNs and the decode diagnostics: a send id for the events, a category for the
    /// button actions, an http(s) attachment URL.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if payload.messageId == nil {
            problems.append(Diagnostic(
                .warning, code: .sendIDMissing, path: Path.sendId,
                message: "no send id '_': Airship's events report \(Self.missingSendId) for this push"))
        }
        if userInfo[Key.interactiveActions] != nil, payload.category == nil {
            problems.append(Diagnostic(
                .warning, code: .buttonActionsWithoutCategory, path: Path.interactive,
                message: "interactive_actions without aps.category: iOS shows no buttons, so they never run"))
        }
        if let image = payload.imageURL, !image.isEmpty {
            let scheme = DeepLink(image)?.scheme
            if scheme != "https", scheme != "http" {
                problems.append(Diagnostic(
                    .warning, code: .imageURLInvalid, path: Path.media,
                    message: "the attachment URL is not http(s); the service extension cannot download it"))
            }
        }
        return problems
    }
}
