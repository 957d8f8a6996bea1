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
/// a carrier (rank 0) with only a string `_`. Behaviour flags: ``runsActionsOnArrival`` (on), ``defaultPresentation``
/// (none);
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
        /// Keys the SDK reads for itself: the legacy in-app message (`LegacyInAppMessaging`'s `incomingMessageKey`)
        /// and the remote-data refresh (`RemoteDataManager`'s `refreshRemoteDataPushPayloadKey`), urbanairship/ios-library.
        static let sdkInternal: Set<String> = ["com.urbanairship.in_app", "com.urbanairship.remote-data.update"]
    }

    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let aps = JSONPath.member("aps", of: JSONPath.root)
        static let sendId = JSONPath.member(Key.sendId, of: JSONPath.root)
        static let media = JSONPath.member(Key.mediaAttachment, of: JSONPath.root)
        /// The attachment's `content` override (kept under `ignored`).
        static let mediaContent = JSONPath.member("content", of: media)
        static let mediaURL = JSONPath.member(Key.url, of: media)
        static let mediaURLs = JSONPath.member(Key.urls, of: media)
        static let deepLink = JSONPath.member(Key.deepLink, of: JSONPath.root)
        static let interactive = JSONPath.member(Key.interactiveActions, of: JSONPath.root)
        static func root(_ key: String) -> String { JSONPath.member(key, of: JSONPath.root) }
        static func button(_ id: String) -> String { JSONPath.member(id, of: interactive) }
    }

    /// The action names Airship's iOS SDK registers itself (besides the deep-link action): `UADefaultActions.plist`,
    /// `UAExtendedActions.plist`, `UAMessageCenterActions.plist` and the Automation module's landing page
    /// (`LandingPageAction.defaultNames`) in urbanairship/ios-library.
    public static let builtInActionNames: Set<String> = [
        "open_external_url_action", "^u", "add_tags_action", "^+t", "remove_tags_action", "^-t",
        "add_custom_event_action", "clipboard_action", "^c", "wallet_action", "^w", "fetch_device_info", "^fdi",
        "enable_feature", "^ef", "share_action", "^s", "modify_attributes_action", "^a", "^sl",
        "subscription_list_action", "edit_subscription_list_action", "^sla", "prompt_permission_action", "^pp",
        "rate_app_action", "^ra", "_uamid", "overlay_inbox_action", "display_inbox_action", "^mc", "^mco",
        "landing_page_action", "^p",
    ]
    /// The names of the actions that open their URL with the system (`OpenExternalURLAction`: `^u`; the wallet
    /// action `^w` opens its pass URL the same way).
    public static let externalURLActionNames: Set<String> = ["open_external_url_action", "^u", "wallet_action", "^w"]
    /// The names of the landing-page action (`LandingPageAction.defaultNames`, in the Automation module).
    public static let landingPageActionNames: Set<String> = ["landing_page_action", "^p"]
    /// The two names of Airship's deep-link action (`DeepLinkAction`).
    public static let deepLinkActionNames: Set<String> = [Key.deepLink, Key.deepLinkLong]
    /// The vendor id (``id``, without reading the profile).
    static let vendorID = "airship"
    /// The event id Airship reports when a push has no `_` (`AirshipAnalytics.missingSendID`).
    public static let missingSendId = "MISSING_SEND_ID"
    /// How many characters of typed text `interactive_notification_action` keeps (`user_input`; the SDK's
    /// `truncate(maxCount:)` counts `Character`s, `AirshipEvents.swift`@4c5c03b5).
    public static let userInputLimit = 255
    /// Most buttons a category shows on iOS.
    public static let maxButtons = 4

    /// Whether arrival runs the push's named action, as Airship's SDK does for every push it is handed
    /// (situations `foregroundPush` / `backgroundPush`, each action accepting or refusing as the SDK's does;
    /// docs/vendors/airship.md "Taps"). Default on.
    public let runsActionsOnArrival: Bool
    /// How a push without `com.urbanairship.foreground_presentation` is shown while the app is active
    /// (`Push.defaultPresentationOptions`; default none).
    public let defaultPresentation: PresentationOptions
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

    /// The names decoding looks up: the root keys, the app's actions and categories.
    let lookup: Lookup

    /// What decoding looks up, apart from the adapter: a decode keeps this (one reference, not the few its
    /// tables hold) rather than a copy of the whole adapter.
    final class Lookup: Sendable {
        /// Every top-level key decoding reads as an Airship field or action (``rootKey(_:)``), so the sender's own
        /// keys are told apart with one lookup; ``rootKeyMeanings`` holds what each means, at the same position.
        let rootKeys: KeyTable
        let rootKeyMeanings: [RootKey]
        /// Bit `n` set when a root key is `n` UTF-8 bytes long (bit 63: 63 or more): most custom-data keys have a
        /// length none has, and are ruled out by it before the table measures the key.
        let rootKeyLengths: UInt64
        /// ``AirshipAdapter/customActionNames``.
        let customActionNames: Set<String>
        /// ``AirshipAdapter/appCategories``.
        let appCategories: [NotificationCategory]

        init(customActionNames: Set<String>, appCategories: [NotificationCategory]) {
            let actionNames = AirshipAdapter.builtInActionNames.union(
                customActionNames.subtracting(AirshipAdapter.deepLinkActionNames))
            let rootKeyList = AirshipAdapter.fieldKeys + actionNames.sorted().map { ($0, RootKey.action) }
            rootKeys = KeyTable(rootKeyList.map(\.key))
            rootKeyMeanings = rootKeyList.map(\.meaning)
            rootKeyLengths = rootKeyList.reduce(0) { $0 | Self.lengthBit($1.key) }
            self.customActionNames = customActionNames
            self.appCategories = appCategories
        }

        /// What `key` is when decoding reads it as an Airship field or action; nil for custom data.
        func rootKey(_ key: String) -> RootKey? {
            guard rootKeyLengths & Self.lengthBit(key) != 0, let position = rootKeys.position(of: key) else { return nil }
            return rootKeyMeanings[position]
        }

        /// ``rootKey(_:)`` of the key of member `position` of `object`, by the fingerprint the member keeps.
        func rootKey(ofMemberAt position: Int, of object: JSONObject) -> RootKey? {
            rootKeys.position(ofMemberAt: position, of: object).map { rootKeyMeanings[$0] }
        }

        @inline(__always)
        private static func lengthBit(_ key: String) -> UInt64 { 1 &<< UInt64(min(key.utf8.count, 63)) }

        /// Whether `name` is an action Airship runs (built in or registered by the app), not the deep-link action.
        func isActionName(_ name: String) -> Bool {
            // The root-key table holds every such name (compared as bytes, without hashing); the sets answer the
            // rest: an app's name equal to a field key, or one equal to an action name only as Unicode text.
            if rootKey(name) == .action { return true }
            if customActionNames.isEmpty { return false }
            return AirshipAdapter.builtInActionNames.contains(name)
                || (customActionNames.contains(name) && !AirshipAdapter.isDeepLinkActionName(name))
        }

        /// The registered category `id` Airship knows: a built-in group, else one of ``appCategories``.
        func registeredCategory(_ id: String) -> NotificationCategory? {
            if let position = AirshipAdapter.builtInCategoryIds.position(of: id) {
                return AirshipAdapter.builtInCategories[position]
            }
            return appCategories.first { $0.id == id }
        }
    }

    /// Creates the adapter.
    public init(
        runsActionsOnArrival: Bool = true, customActionNames: Set<String> = [],
        appCategories: [NotificationCategory] = [], defaultPresentation: PresentationOptions = []
    ) {
        self.runsActionsOnArrival = runsActionsOnArrival
        self.defaultPresentation = defaultPresentation
        self.customActionNames = customActionNames
        self.appCategories = appCategories
        lookup = Lookup(customActionNames: customActionNames, appCategories: appCategories)
        var profile = VendorProfile(
            id: Self.vendorID, name: "Airship", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Key.metadata, Key.mediaAttachment, Key.sendId],
            categories: CategorySupport(launch: Self.builtInCategories), tokenRegistration: .tokenAndPermission,
            receiptService: .appCollector(path: Self.eventsPath))
        profile.internalKeys = Key.sdkInternal
        profile.extensionAlertKey = Path.mediaContent
        // The send id and the metadata (base64 of `{}` as its placeholder) the backend adds to every push.
        profile.assignsMessageId = true
        profile.backendKeys = [Key.sendId: "00000000-0000-0000-0000-000000000000", Key.metadata: "e30="]
        self.profile = profile
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: false, namedActions: true, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly)
    }

    /// Airship's analytics event names (`AirshipEventType`, `AirshipEvents`: session events and
    /// `interactiveNotificationEvent`). There is no push-received event.
    enum Event {
        static let appInit = "app_init"
        static let appForeground = "app_foreground"
        static let interactive = "interactive_notification_action"
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .actionClicked, event: Event.interactive,
                when: "open:<id> of an action of a registered category (an unknown category or action sends nothing)",
                properties: ["button_group", "button_id", "button_description", "foreground", "send_id", "user_input"]),
            EventTableEntry(
                kind: .opened, event: Event.appInit,
                when: "open, or open:<id> of a registered foreground action, of an alerting push that launches the app "
                    + "(app state not-running)",
                properties: ["push_id", "metadata", "foreground"]),
            EventTableEntry(
                kind: .opened, event: Event.appForeground,
                when: "the same tap bringing the app from the background (none while the app is active)",
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
    func isActionName(_ name: String) -> Bool { lookup.isActionName(name) }

    /// `deepLinkActionNames.contains(name)`, by comparison instead of hashing.
    static func isDeepLinkActionName(_ name: String) -> Bool {
        name == Key.deepLink || name == Key.deepLinkLong
    }

    /// An action's data: `{"value": <value>}`.
    static func actionData(_ value: JSONValue) -> JSONObject {
        var data = JSONObject(minimumCapacity: 1)
        data.appendNew(Key.value, value)
        return data
    }

    /// What a top-level key is to decoding: one of Airship's fields, or an action it runs.
    enum RootKey {
        case aps, sendId, metadata, mediaAttachment, interactiveActions, foregroundPresentation, deepLink, action
    }

    /// The top-level keys of Airship's own fields (not its actions).
    static let fieldKeys: [(key: String, meaning: RootKey)] = [
        ("aps", .aps), (Key.sendId, .sendId), (Key.metadata, .metadata), (Key.mediaAttachment, .mediaAttachment),
        (Key.interactiveActions, .interactiveActions), (Key.foregroundPresentation, .foregroundPresentation),
        (Key.legacyForegroundPresentation, .foregroundPresentation), (Key.deepLink, .deepLink),
        (Key.deepLinkLong, .deepLink),
    ]

    /// Whether `key` is one decoding reads as an Airship field or action rather than custom data.
    func isAirshipKey(_ key: String) -> Bool { lookup.rootKeys.contains(key) }

    // MARK: Receipts and taps

    /// Whether Airship counts the push as alerting (`AirshipUtils.isAlertingPush`): a non-empty alert body,
    /// title or subtitle, or a non-empty `loc-key` / `title-loc-key`.
    static func isAlerting(_ payload: PushPayload) -> Bool {
        let texts = [payload.alert?.body, payload.alert?.title, payload.alert?.subtitle]
            + ["loc-key", "title-loc-key"].map { payload.apsExtra[$0]?.stringValue }
        return texts.contains { $0?.isEmpty == false }
    }

    /// Whether Airship counts the push as silent (`AirshipUtils.isSilentPush`): no badge, no non-empty sound name,
    /// and not alerting.
    static func isSilent(_ payload: PushPayload) -> Bool {
        payload.badge == nil && payload.apsExtra["badge"] == nil && (payload.sound ?? "").isEmpty
            && !isAlerting(payload)
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

    /// No event on arrival (the SDK has none). A body tap of an alerting push records the conversion, sent as the
    /// SDK's session event for the app state (`conversion(_:context:action:)`); a button of a registered category
    /// sends `interactive_notification_action`, and for a foreground action the conversion too.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        switch step {
        case .open:
            return conversion(payload, context: context, action: nil).map { [$0] } ?? []
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
            let interactive = receipt(.actionClicked, Event.interactive, properties, payload: payload, action: actionId)
            guard foreground, let conversion = conversion(payload, context: context, action: actionId) else {
                return [interactive]
            }
            // A cold start emits `app_init` at once (`SessionTracker.launchedFromPush`), before the button's event.
            return context.appState == .notRunning ? [conversion, interactive] : [interactive, conversion]
        case .arrive, .configure, .dismiss, .launch:
            return []
        }
    }

    /// The session event carrying a tap's conversion (`SessionTracker.launchedFromPush`, `SessionEvent.eventData`):
    /// `app_init` (`push_id`, `metadata`, `foreground: "true"`) when the tap launches the app, `app_foreground`
    /// (`push_id`, `metadata`) when it brings the app from the background, none while the app is active or for a
    /// push that does not alert.
    func conversion(_ payload: PushPayload, context: ReceiptContext, action: String?) -> Receipt? {
        guard Self.isAlerting(payload) else { return nil }
        switch context.appState {
        case .notRunning:
            var properties = pushIdentity(payload)
            properties["foreground"] = "true"
            return receipt(.opened, Event.appInit, properties, payload: payload, action: action)
        case .background:
            return receipt(.opened, Event.appForeground, pushIdentity(payload), payload: payload, action: action)
        case .active:
            return nil
        }
    }

    /// `text` cut to its first ``userInputLimit`` characters (extended grapheme clusters), as the SDK cuts it.
    public static func truncatedUserInput(_ text: String) -> String {
        String(text.prefix(userInputLimit))
    }

    /// Where an action runs (`ActionSituation`): what each action accepts depends on it.
    enum Situation: Equatable {
        case launchedFromPush, foregroundButton, backgroundButton, backgroundPush
        /// `visible`: the push is shown with a banner or in the list (`isForegroundPresentation`).
        case foregroundPush(visible: Bool)
    }

    /// A body tap runs the root actions (situation `launchedFromPush`); a button its own `interactive_actions`
    /// entry (`foregroundInteractiveButton` / `backgroundInteractiveButton` for a registered action, else
    /// `launchedFromPush`); a dismiss the dismiss entry (`launchedFromPush`). With ``runsActionsOnArrival`` an
    /// arrival runs the root actions as `foregroundPush` / `backgroundPush`. Each action runs only where the SDK's
    /// accepts it (`plan(action:deepLink:situation:)`).
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return plan(action: payload.action, deepLink: payload.deepLink, situation: .launchedFromPush)
        case .openAction(let actionId):
            guard let button = payload.buttons.first(where: { $0.id == actionId }) else { return .nothing }
            let registered = payload.category.flatMap { registeredAction(actionId, inCategory: $0) }
            let situation: Situation = registered.map {
                $0.options.contains(.foreground) ? .foregroundButton : .backgroundButton
            } ?? .launchedFromPush
            return plan(action: button.action, deepLink: button.deepLink, situation: situation)
        case .dismiss:
            let dismissId = LifecycleStep.dismissActionIdentifier
            guard let entry = payload.ignored[Path.button(dismissId)] else { return .nothing }
            var decoding = AirshipDecoding(adapter: self, payload: PushPayload(vendor: id))
            var button = PushButton(id: dismissId, title: "")
            decoding.decodeButtonActions(entry, into: &button)
            return plan(action: button.action, deepLink: button.deepLink, situation: .launchedFromPush)
        case .arrive(.foreground):
            let shown = foregroundPresentation(for: payload).subtracting([.sound, .badge])
            return plan(action: payload.action, deepLink: nil, situation: .foregroundPush(visible: !shown.isEmpty))
        case .arrive(.background) where context.appState == .active:
            // `didReceiveRemoteNotification` in the foreground handles only a silent push (as `foregroundPush`,
            // shown by nothing); `willPresent` (arrive:foreground) handles the others.
            guard Self.isSilent(payload) else { return .nothing }
            return plan(action: payload.action, deepLink: nil, situation: .foregroundPush(visible: false))
        case .arrive(.background):
            return plan(action: payload.action, deepLink: nil, situation: .backgroundPush)
        default:
            return .nothing
        }
    }

    /// Arrivals (with ``runsActionsOnArrival``) and a dismiss run a plan, besides taps.
    public func runsTapPlan(onArrival step: LifecycleStep) -> Bool {
        switch step {
        case .arrive(.foreground), .arrive(.background): return runsActionsOnArrival
        case .dismiss: return true
        default: return false
        }
    }

    /// What runs of `action` and `deepLink` in `situation`, as the SDK's actions accept it:
    /// - the deep link (`DeepLinkAction`) and the open-external-URL and wallet actions (`OpenExternalURLAction`)
    ///   never run on arrival (`URLActionPredicate` refuses `foregroundPush`; both refuse `backgroundPush`) nor for
    ///   a background button; the URL action opens its URL with the system only (`LinkGate.systemOnly`);
    /// - the landing page (`LandingPageAction.accepts`) refuses `backgroundPush` and background buttons; it is a
    ///   route to its URL (the standard gate: the app's delegate can present it);
    /// - the other built-in actions refuse `backgroundPush` (`AddTagsAction.accepts`), and a foreground push that is
    ///   shown (their default predicate, `isForegroundPresentationMetadataKey`);
    /// - an action the app registered itself runs everywhere (its predicate is the app's).
    ///
    /// One link per plan: the deep link when it runs, else the URL of a link action; a link action whose URL is not
    /// routed reaches the app as an action.
    func plan(action: PushAction?, deepLink: String?, situation: Situation) -> TapPlan {
        let linksRun = situation == .launchedFromPush || situation == .foregroundButton
        let link = linksRun && deepLink?.isEmpty == false ? deepLink : nil
        guard let action else { return TapPlan(deepLink: link, linkRule: .afterAction) }
        let name = action.name
        if Self.externalURLActionNames.contains(name) || Self.landingPageActionNames.contains(name) {
            let isLandingPage = Self.landingPageActionNames.contains(name)
            let accepted: Bool
            switch situation {
            case .launchedFromPush, .foregroundButton: accepted = true
            case .foregroundPush: accepted = isLandingPage
            case .backgroundButton, .backgroundPush: accepted = false
            }
            guard accepted else { return TapPlan(deepLink: link, linkRule: .afterAction) }
            let url = isLandingPage ? Self.landingPageURL(action) : action.data[Key.value]?.stringValue
            guard link == nil, let url, !url.isEmpty else { return TapPlan(action: action, deepLink: link) }
            return TapPlan(deepLink: url, linkRule: .afterAction, linkGate: isLandingPage ? .standard : .systemOnly)
        }
        let runs: Bool
        if customActionNames.contains(name), !Self.builtInActionNames.contains(name) {
            runs = true
        } else {
            switch situation {
            case .launchedFromPush, .foregroundButton, .backgroundButton, .foregroundPush(visible: false): runs = true
            case .foregroundPush(visible: true), .backgroundPush: runs = false
            }
        }
        return TapPlan(action: runs ? action : nil, deepLink: link, linkRule: .afterAction)
    }

    /// The landing page's URL (`LandingPageArgs`): the value, or its `url` member; one without a scheme gets
    /// `https://` in front.
    static func landingPageURL(_ action: PushAction) -> String? {
        let value = action.data[Key.value]
        guard let text = value?.stringValue ?? value?[Key.url]?.stringValue, !text.isEmpty else { return nil }
        return DeepLink(text) == nil ? "https://" + text : text
    }

    // MARK: Service extension and foreground presentation

    /// The alert after the service extension ran: each string among `title`, `subtitle` and `body` of the media
    /// attachment's `content` replaces that field of `aps.alert` (urbanairship/ios-library:AirshipExtensions/
    /// AirshipNotificationServiceExtension/Source/UANotificationServiceExtension.swift@db61892a).
    public func extensionAlert(for payload: PushPayload) -> PushAlert? {
        guard let content = payload.ignored[Path.mediaContent]?.objectValue else {
            return payload.alert
        }
        var alert = payload.alert ?? PushAlert()
        if let title = content["title"]?.stringValue { alert.title = title }
        if let subtitle = content["subtitle"]?.stringValue { alert.subtitle = subtitle }
        if let body = content["body"]?.stringValue { alert.body = body }
        return alert.isEmpty ? nil : alert
    }

    /// The push's `com.urbanairship.foreground_presentation` (else the legacy `foreground_presentation`) when it
    /// is an array of strings (`alert` is banner and list; unknown names are skipped), else
    /// ``defaultPresentation`` (`DefaultAirshipPush.presentationOptionsForNotification`). An empty array is the
    /// default too.
    public func foregroundPresentation(for payload: PushPayload) -> PresentationOptions {
        let names = [Key.foregroundPresentation, Key.legacyForegroundPresentation].lazy.compactMap { key in
            payload.ignored[Path.root(key)]?.arrayValue.flatMap { elements -> [String]? in
                let names = elements.compactMap(\.stringValue)
                return names.count == elements.count ? names : nil
            }
        }.first
        guard let names, !names.isEmpty else { return defaultPresentation }
        var options: PresentationOptions = []
        for name in names {
            if name == "alert" { options.formUnion([.banner, .list]) }
            options.formUnion(PresentationOptions(names: [name]) ?? [])
        }
        return options
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
