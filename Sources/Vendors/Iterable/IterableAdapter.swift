import PushBridge

/// Iterable (Iterable/iterable-swift-sdk; docs/vendors/iterable.md): an `itbl` object beside `aps`.
///
/// Wire keys inside `itbl`: `messageId` (the bridge form's `messageId`), `campaignId`, `templateId` and
/// `isGhostPush` (kept in `tracking` as `{"itbl": {…}}`: what `trackPushOpen` needs besides the message id;
/// a ghost push's `itbl.messageId` too, as its bridge-form `messageId` comes from the root),
/// `attachment-url` (→ `imageURL`), `defaultAction` (`{type, data}`: `openUrl` → `deepLink`, another type →
/// `action`), `actionButtons` (→ `buttons`). The root `url` is the legacy deep link, read only when there is
/// no `defaultAction` object. A ghost push (`itbl.isGhostPush` true) takes its `messageId` and
/// `notificationType` from the root, else from `itbl`, and carries the type as `action {name}`. Other root
/// keys are custom data. What has no field of its own is kept in `ignored` under its wire path
/// (`$.url`, `$.itbl.actionButtons[1].actionIcon`) and written back by a same-vendor encode.
///
/// Taps follow the SDK's `ActionRunner`: an `openUrl` link whose scheme is not `https` (nor one of
/// ``allowedProtocols``) reaches no handler at all.
public struct IterableAdapter: VendorAdapter {
    /// The top-level key holding Iterable's object.
    public static let vendorKey = "itbl"
    /// The action type that opens a link (`IterableAction.actionTypeOpenUrl`).
    public static let openURLActionType = "openUrl"
    /// The `actionIdentifier` of a body tap in `trackPushOpen` (`JsonValue.ActionIdentifier.pushOpenDefault`).
    public static let bodyTapActionIdentifier = "default"
    /// The `notificationType` values the SDK acts on for a ghost push.
    public static let silentNotificationTypes: Set<String> = ["InAppUpdate", "InAppRemove", "UpdateEmbedded"]
    /// Most actions iOS shows for one notification (the SDK registers every button it is sent).
    public static let maxButtons = 10

    /// Keys of the Iterable wire format.
    enum Key {
        static let url = "url"
        static let messageId = "messageId"
        static let notificationType = "notificationType"
        static let campaignId = "campaignId"
        static let templateId = "templateId"
        static let isGhostPush = "isGhostPush"
        static let attachmentURL = "attachment-url"
        static let defaultAction = "defaultAction"
        static let actionButtons = "actionButtons"
        static let type = "type"
        static let data = "data"
        static let identifier = "identifier"
        static let title = "title"
        static let buttonType = "buttonType"
        static let openApp = "openApp"
        static let requiresUnlock = "requiresUnlock"
        static let inputTitle = "inputTitle"
        static let inputPlaceholder = "inputPlaceholder"
        static let actionIcon = "actionIcon"
        static let action = "action"
        /// The `itbl` keys kept in `tracking`.
        static let tracked = [campaignId, templateId, messageId, isGhostPush]
    }

    /// The `buttonType` values the SDK's `NotificationContentParser` knows.
    enum ButtonType {
        static let standard = "default"
        static let destructive = "destructive"
        static let textInput = "textInput"
    }

    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let vendor = JSONPath.member(IterableAdapter.vendorKey, of: JSONPath.root)
        static let aps = JSONPath.member("aps", of: JSONPath.root)
        static let url = JSONPath.member(Key.url, of: JSONPath.root)
        static let defaultAction = JSONPath.member(Key.defaultAction, of: vendor)
        static let actionButtons = JSONPath.member(Key.actionButtons, of: vendor)
        static func button(_ index: Int) -> String { JSONPath.element(index, of: actionButtons) }
        static func buttonMember(_ key: String, _ index: Int) -> String { JSONPath.member(key, of: button(index)) }
    }

    /// The names of the receipt's data, as `trackPushOpen` sends them.
    enum Event {
        static let trackPushOpen = "trackPushOpen"
        static let dataFields = "dataFields"
        static let actionIdentifier = "actionIdentifier"
        static let userText = "userText"
        static let appAlreadyRunning = "appAlreadyRunning"
        /// When the open happened, in seconds since the Unix epoch (`JsonKey.Body.createdAt`).
        static let createdAt = "createdAt"
        /// The signed-in user's email (`JsonKey.email`).
        static let email = "email"
        /// The signed-in user's id (`JsonKey.userId`).
        static let userId = "userId"
    }

    /// Link schemes the app allows besides `https` (`IterableConfig.allowedProtocols`; default none).
    public let allowedProtocols: Set<String>

    /// The signed-in Iterable user, whom `trackPushOpen` is about: the SDK adds the one the app signed in with
    /// (`IterableAPI.email` or `userId`) at the top of the request body. It is the app's state, not the
    /// push's, so the app configures it here.
    public enum User: Sendable, Hashable {
        /// Signed in by email: the body's `email`.
        case email(String)
        /// Signed in by user id: the body's `userId`.
        case userId(String)
    }

    /// The user the open requests name. Without one no `trackPushOpen` is made, as the SDK makes none without a
    /// signed-in user (`createTrackPushOpenRequest` fails with `authMissingMessage`,
    /// Iterable/iterable-swift-sdk:swift-sdk/Internal/api-client/Request/RequestCreator.swift@25cd00e1).
    public let user: User?
    /// The JSON Web Token of a JWT-enabled project, sent as `Authorization: Bearer <jwt>` with every open
    /// (`IterableAPICallRequest.swift` adds it when the SDK holds a token); nil sends none.
    public let jwt: String?

    /// What the adapter declares.
    public let profile: VendorProfile

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - allowedProtocols: link schemes a tap may open besides `https`, as the app's
    ///     `IterableConfig.allowedProtocols` lists them.
    ///   - user: the signed-in user the `trackPushOpen` requests name; without one no open is tracked.
    ///   - jwt: the token of a JWT-enabled project, sent as `Authorization: Bearer`.
    public init(allowedProtocols: Set<String> = [], user: User? = nil, jwt: String? = nil) {
        self.allowedProtocols = allowedProtocols
        self.user = user
        self.jwt = jwt
        var profile = VendorProfile(
            id: "iterable", name: "Iterable", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Self.vendorKey], categories: CategorySupport(), tokenRegistration: .token,
            receiptService: ReceiptService(defaultBaseURL: "https://api.iterable.com"), settings: Self.settings)
        // A campaign push's metadata (campaignId 0 would mark a proof or test push, so the placeholder is 1).
        profile.assignsMessageId = true
        profile.backendKeys = [Self.vendorKey: [
            Key.campaignId: 1, Key.templateId: 1, Key.messageId: "placeholder-message-id", Key.isGhostPush: false,
        ]]
        self.profile = profile
    }

    /// The settings `--vendor-config iterable.NAME=VALUE` takes.
    enum Setting {
        static let email = "email", userId = "userId", jwt = "jwt", allowedProtocols = "allowedProtocols"
    }

    static let settings = [
        VendorSetting(Setting.email, .text, "the signed-in user's email (no open is tracked without email or userId)"),
        VendorSetting(Setting.userId, .text, "the signed-in user's id, when signed in by id (email wins when both)"),
        VendorSetting(Setting.jwt, .text, "a JWT-enabled project's token, sent as Authorization: Bearer"),
        VendorSetting(Setting.allowedProtocols, .text, "link schemes allowed besides https, comma-separated"),
    ]

    /// This adapter with the given settings (docs/vendors/iterable.md "Configuration").
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter {
        var user = self.user
        if let userId = configuration.text(Setting.userId) { user = .userId(userId) }
        if let email = configuration.text(Setting.email) { user = .email(email) }
        let protocols = configuration.values[Setting.allowedProtocols].map { list in
            Set(list.split(separator: ",").map { String($0).lowercased() }.filter { !$0.isEmpty })
        }
        return IterableAdapter(
            allowedProtocols: protocols ?? allowedProtocols, user: user,
            jwt: configuration.values[Setting.jwt] == nil ? jwt : configuration.text(Setting.jwt))
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: true, buttonRouting: .ownOnly)
    }

    static var eventTable: [EventTableEntry] {
        let properties = [Key.campaignId, Key.templateId, Key.messageId, Event.dataFields, Event.createdAt]
        return [
            EventTableEntry(
                kind: .opened, event: Event.trackPushOpen,
                when: "open of a campaign push (not a ghost, proof or test push) with a signed-in user, or "
                    + "open:<button id> that launches the app (not content-available 1); actionIdentifier default",
                properties: properties),
            EventTableEntry(
                kind: .actionClicked, event: Event.trackPushOpen,
                when: "open:<button id> of a campaign push while the app runs; actionIdentifier is the button id, "
                    + "with userText",
                properties: properties),
        ]
    }

    /// Whether `itbl` is an object: the SDK reads only a dictionary, so a string (even one holding JSON) is not
    /// Iterable's (Iterable/iterable-swift-sdk:swift-sdk/Internal/Utilities/NotificationHelper.swift@25cd00e1).
    public func claims(_ userInfo: JSONObject) -> Bool { userInfo[Self.vendorKey]?.objectValue != nil }

    /// By a message id when `itbl.messageId` is a non-empty string (WIRE-FORMATS §11.1).
    public func claimsByMessageId(_ userInfo: JSONObject) -> Bool {
        guard let messageId = Self.vendorObject(in: userInfo)?[Key.messageId]?.stringValue else { return false }
        return !messageId.isEmpty
    }

    /// `itbl` when it is an object; nil otherwise.
    static func vendorObject(in userInfo: JSONObject) -> JSONObject? { userInfo[vendorKey]?.objectValue }

    // MARK: Tracking

    /// The `itbl` members kept in `tracking`, when the payload is Iterable's own.
    static func trackedMetadata(_ payload: PushPayload) -> JSONObject {
        payload.tracking[vendorKey]?.objectValue ?? [:]
    }

    /// Whether the payload is a ghost push (`itbl.isGhostPush` true or 1).
    public static func isGhostPush(_ payload: PushPayload) -> Bool {
        ghostFlag(trackedMetadata(payload)[Key.isGhostPush]) == true
    }

    /// `isGhostPush` as the SDK bridges it to `Bool`: `true`/`false` or the numbers 1/0; nil otherwise.
    static func ghostFlag(_ value: JSONValue?) -> Bool? {
        switch value {
        case .bool(let flag)?: return flag
        case .number(let number)?:
            switch number.doubleValue {
            case 0?: return false
            case 1?: return true
            default: return nil
            }
        default: return nil
        }
    }

    /// The `trackPushOpen` identity of a push, or nil when the SDK sends none for it: the metadata must be
    /// complete (`isGhostPush` a flag, `templateId` a number, `messageId` a string, `campaignId` absent or a
    /// number) and the push a real campaign (not a ghost push, and `campaignId` not 0: 0 marks a proof or
    /// test push).
    static func campaignIdentity(_ payload: PushPayload) -> JSONObject? {
        let metadata = trackedMetadata(payload)
        guard ghostFlag(metadata[Key.isGhostPush]) == false,
            let templateId = metadata[Key.templateId], templateId.numberValue != nil,
            let messageId = payload.messageId,
            let campaignId = metadata[Key.campaignId], let number = campaignId.numberValue,
            !isZero(number)
        else { return nil }
        return [Key.campaignId: campaignId, Key.templateId: templateId, Key.messageId: .string(messageId)]
    }

    /// Whether `NSNumber.intValue` of the number is 0.
    private static func isZero(_ number: JSONNumber) -> Bool {
        guard let value = number.doubleValue else { return false }
        return value > -1 && value < 1
    }

    // MARK: Receipts and taps

    /// `trackPushOpen` on a body tap (`actionIdentifier: default`) or a button tap (the button's id, and the
    /// typed text as `userText`), for a real campaign push only (IT-API, IT-AI). Nothing on arrival or dismiss.
    /// A button tap that launches the app is tracked as a body tap (`launchStep(for:context:)`).
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        let step = Self.launchStep(for: step, context: context)
        guard step.isOpen, user != nil, var properties = Self.campaignIdentity(payload) else { return [] }
        var dataFields: JSONObject = [:]
        let button = step.buttonIdentifier
        dataFields[Event.actionIdentifier] = .string(button ?? Self.bodyTapActionIdentifier)
        // Only an action's response can be a text-input response (IT-AI `textInputResponse`): never a body tap.
        if button != nil, let text = context.userText { dataFields[Event.userText] = .string(text) }
        // The SDK's userInfo path always sends false (InternalIterableAPI.trackPushOpen).
        dataFields[Event.appAlreadyRunning] = false
        properties[Event.dataFields] = .object(dataFields)
        // Every online request is stamped with the time it is made (`addingCreatedAt`, IterableAPICallRequest.swift).
        if let time = context.time { properties[Event.createdAt] = .int(time) }
        let kind: ReceiptKind = button == nil ? .opened : .actionClicked
        return [receipt(kind, Event.trackPushOpen, properties, payload: payload, action: button)]
    }

    /// What the first element of `itbl.actionButtons` with identifier `buttonId` runs, in wire order. Like the
    /// SDK's `findButtonActionConfig`, this includes a button the extension dropped for want of a title (kept
    /// whole under `ignored`): its action still runs when an app-registered category reports its identifier.
    static func buttonTarget(_ buttonId: String, in payload: PushPayload) -> (action: PushAction?, deepLink: String?)? {
        var buttons = payload.buttons[...]
        var wireIndex = 0
        while !buttons.isEmpty || payload.ignored[Path.button(wireIndex)] != nil {
            defer { wireIndex += 1 }
            guard let dropped = payload.ignored[Path.button(wireIndex)] else {
                let button = buttons.removeFirst()
                if button.id == buttonId { return (button.action, button.deepLink) }
                continue
            }
            guard dropped[Key.identifier]?.stringValue == buttonId else { continue }
            var scratch = IterableDecoding(payload: PushPayload(vendor: payload.vendor))
            switch dropped[Key.action].map({ scratch.decodeAction($0, at: Path.button(wireIndex)) }) {
            case .link(let link)?: return (nil, link)
            case .named(let action)?: return (action, nil)
            case .nothing?, nil: return (nil, nil)
            }
        }
        return nil
    }

    /// A body tap runs the default action (`defaultAction`, else the legacy `url`); a button tap runs that
    /// button's own `action`, whether or not it opens the app. A ghost push's `notificationType` is not a tap
    /// action, but its named `defaultAction` (kept under `ignored`) is: the SDK runs `defaultAction` on any tap
    /// (Iterable/iterable-swift-sdk:swift-sdk/Internal/InternalIterableAppIntegration.swift@25cd00e1
    /// `createDefaultAction`). A button tap that launches the app runs the body's action
    /// (`launchStep(for:context:)`). Links pass Iterable's gate: `https` and ``allowedProtocols`` only.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        func link(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        var plan: TapPlan
        switch Self.launchStep(for: step, context: context) {
        case .open:
            let action = Self.isGhostPush(payload) ? Self.ghostDefaultAction(payload) : payload.action
            plan = TapPlan(action: action, deepLink: link(payload.deepLink))
        case .openAction(let buttonId):
            guard let tapped = Self.buttonTarget(buttonId, in: payload) else { return .nothing }
            plan = TapPlan(action: tapped.action, deepLink: link(tapped.deepLink))
        default:
            return .nothing
        }
        plan.linkGate = .allowedSchemes(allowedProtocols.union(["https"]))
        return plan
    }

    /// The named `defaultAction` of a ghost push, which decoding keeps under `ignored` (its `action` slot is
    /// the `notificationType`).
    static func ghostDefaultAction(_ payload: PushPayload) -> PushAction? {
        guard let kept = payload.ignored[Path.defaultAction] else { return nil }
        var scratch = IterableDecoding(payload: PushPayload(vendor: payload.vendor))
        guard case .named(let action) = scratch.decodeAction(kept, at: Path.defaultAction) else { return nil }
        return action
    }

    /// The step as the SDK handles it. A tap that launches the app reaches the SDK first through
    /// `launchOptions[.remoteNotification]`, which it handles as a body tap (`performDefaultNotificationAction`:
    /// `actionIdentifier: default` and the default action) unless `aps.content-available` is the number 1; the
    /// button's own response then equals the payload it has just handled and is ignored
    /// (Iterable/iterable-swift-sdk:swift-sdk/Internal/InternalIterableAPI.swift@25cd00e1 `handle(launchOptions:)`,
    /// swift-sdk/Internal/InternalIterableAppIntegration.swift@25cd00e1 `alreadyTracked`).
    static func launchStep(for step: LifecycleStep, context: ReceiptContext) -> LifecycleStep {
        guard case .openAction = step, context.appState == .notRunning else { return step }
        let aps = context.userInfo?["aps"]?.objectValue
        switch aps?["content-available"] {
        case .number(let number)? where number.doubleValue == 1: return step
        case .bool(true)?: return step
        default: return .open
        }
    }

    /// Each message is handled once per process: the SDK keeps the last tracked payload (`lastPushPayload`) and
    /// ignores a later response with the same userInfo, its action included
    /// (swift-sdk/Internal/InternalIterableAppIntegration.swift@25cd00e1 `alreadyTracked`).
    public func handlesMessageOnce(at step: LifecycleStep) -> Bool { step.isOpen }
}

extension IterableAdapter {
    /// Iterable's rules beyond APNs and the decode diagnostics: a push the SDK will not track, and links the
    /// SDK's gate refuses (`ActionRunner.shouldOpenUrl`: `https` or ``allowedProtocols`` only).
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let metadata = Self.trackedMetadata(payload)
        if let itbl = Self.vendorObject(in: userInfo), !Self.isGhostPush(payload) {
            // Wrong-typed metadata and a missing messageId are reported by decoding; absent keys and 0 are not.
            for key in [Key.isGhostPush, Key.templateId, Key.campaignId] where itbl[key] == nil {
                problems.append(Diagnostic(
                    .warning, code: .notTracked, path: JSONPath.member(key, of: Path.vendor),
                    message: key == Key.campaignId
                        ? "no campaignId: a proof or test push, for which no trackPushOpen is sent"
                        : "no \(key): no trackPushOpen is sent"))
            }
            if let campaignId = metadata[Key.campaignId], Self.campaignIdentity(payload) == nil,
                metadata[Key.templateId] != nil, metadata[Key.isGhostPush] != nil, payload.messageId != nil
            {
                problems.append(Diagnostic(
                    .warning, code: .notTracked, path: JSONPath.member(Key.campaignId, of: Path.vendor),
                    message: "campaignId \(campaignId) marks a proof or test push: no trackPushOpen is sent"))
            }
        }
        let allowed = allowedProtocols.union(["https"])
        var links: [(link: String, path: String)] = []
        if let link = payload.deepLink {
            let fromDefaultAction = Self.vendorObject(in: userInfo)?[Key.defaultAction] != nil
            links.append((link, fromDefaultAction ? Path.defaultAction : Path.url))
        }
        let wireIndices = Self.wireIndices(of: payload)
        for (index, button) in payload.buttons.enumerated() {
            if let link = button.deepLink { links.append((link, Path.buttonMember(Key.action, wireIndices[index]))) }
        }
        for (link, path) in links where !allowed.contains(DeepLink(link)?.scheme ?? "") {
            problems.append(Diagnostic(
                .warning, code: .linkRefused, path: path,
                message: "'\(link)' is not an https link (nor an allowed protocol): the SDK opens nothing, "
                    + "not even through the app's URL delegate"))
        }
        return problems
    }
}
