import PushBridge

/// Zixflow (WIRE-FORMATS §3.1, docs/vendors/zixflow.md): a flat userInfo with `Zixflow-Delivery-ID` beside `aps`,
/// Native or Custom mode, and buttons as a JSON *string* in `action_buttons`.
public struct ZixflowAdapter: VendorAdapter {
    /// Which event names the receipts use.
    public enum EventNaming: String, Sendable, Hashable {
        /// `Delivered` and `Opened`.
        case current
        /// The legacy `Report Delivery Event` with a `metric` property (`delivered`, `opened`).
        case legacy
    }

    /// Top-level keys of the Zixflow wire format.
    enum Key {
        static let deliveryID = "Zixflow-Delivery-ID"
        static let deliveryToken = "Zixflow-Delivery-Token"
        static let title = "title"
        static let body = "body"
        static let badge = "badge"
        static let imageURL = "image_url"
        static let largeIconURL = "large_icon_url"
        static let sticky = "sticky"
        static let deepLinkURL = "deeplink_url"
        static let clickAction = "click_action"
        static let actionButtons = "action_buttons"
    }

    /// What a top-level key is in the wire format.
    enum Field {
        case aps, deliveryID, deliveryToken, title, body, badge, imageURL, deepLinkURL, clickAction, actionButtons
        /// `large_icon_url` or `sticky`.
        case noMeaningOnIOS
    }

    /// The field `key` names, or nil for a key of the sender's own (custom data). This runs for every key of
    /// every payload (and of the custom data written back): the key's length picks the one or two wire keys it
    /// may be, and `==` compares it with them (cheaper than making the key's fingerprint for a table). The wire
    /// keys are ASCII, and a string of the same UTF-8 length canonically equal to an ASCII string has the same
    /// bytes, so `==` compares bytes here, as ``JSONObject`` does.
    static func field(named key: String) -> Field? {
        switch key.utf8.count {
        case 3: return key == "aps" ? .aps : nil
        case 4: return key == Key.body ? .body : nil
        case 5: return key == Key.title ? .title : key == Key.badge ? .badge : nil
        case 6: return key == Key.sticky ? .noMeaningOnIOS : nil
        case 9: return key == Key.imageURL ? .imageURL : nil
        case 12: return key == Key.deepLinkURL ? .deepLinkURL : key == Key.clickAction ? .clickAction : nil
        case 14: return key == Key.actionButtons ? .actionButtons : key == Key.largeIconURL ? .noMeaningOnIOS : nil
        case 19: return key == Key.deliveryID ? .deliveryID : nil
        case 22: return key == Key.deliveryToken ? .deliveryToken : nil
        default: return nil
        }
    }

    /// Event names.
    enum Event {
        static let delivered = "Delivered"
        static let opened = "Opened"
        static let actionClicked = "Push Notification Action Clicked"
        static let legacy = "Report Delivery Event"
    }

    /// The `ignored` key for an `aps` that is not an object (kept so a round trip writes it back).
    static let nonObjectAPSKey = APSCoding.nonObjectAPSKey

    /// The category Zixflow's buttons are registered under (`ACTION_0`, `ACTION_1`).
    public static let buttonCategory = "ZX_2BTN"
    /// How many buttons Zixflow uses (the rest of `action_buttons` is dropped).
    public static let maxButtons = 2
    /// The prefix of a Zixflow button's action identifier.
    public static let actionIdentifierPrefix = "ACTION_"
    /// The action identifier of the button at each position (`ACTION_0`, `ACTION_1`).
    static let actionIdentifiers = (0..<maxButtons).map { actionIdentifierPrefix + String($0) }

    /// Which event names the receipts use.
    public let eventNaming: EventNaming

    /// What the adapter declares. Token registration: Zixflow registers the device token alone, the core's default
    /// (the SDK's `registerDeviceToken(deviceToken:)` and `registerDeviceToken(apnDeviceToken:)`, docs/vendors/zixflow.md).
    public let profile: VendorProfile

    /// Creates the adapter.
    public init(eventNaming: EventNaming = .current) {
        self.eventNaming = eventNaming
        self.profile = VendorProfile(
            id: "zixflow", name: "Zixflow", capabilities: Self.capabilities, eventTable: Self.eventTable(eventNaming),
            claimKeys: [Key.deliveryID], categories: CategorySupport(launch: [Self.buttonCategoryDefinition]),
            tokenRegistration: .token,
            receiptService: ReceiptService(
                defaultBaseURL: "https://events.zixflow.in", eventPath: Self.trackPath, authorizationScheme: "Basic"))
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: false, namedActions: true, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownThenMessage)
    }

    static func eventTable(_ eventNaming: EventNaming) -> [EventTableEntry] {
        let ids = [Key.deliveryID, Key.deliveryToken]
        switch eventNaming {
        case .current:
            return [
                EventTableEntry(kind: .delivered, event: Event.delivered, when: "any arrive (needs delivery id and token)", properties: ids),
                EventTableEntry(kind: .opened, event: Event.opened, when: "body or button tap", properties: ids),
                EventTableEntry(
                    kind: .actionClicked, event: Event.actionClicked, when: "button tap, always after Opened",
                    properties: ids + ["action_index", "action_name", "action_deeplink", "action_id"]),
            ]
        case .legacy:
            return [
                EventTableEntry(kind: .delivered, event: Event.legacy, when: "any arrive (metric: delivered)", properties: ids + ["metric"]),
                EventTableEntry(kind: .opened, event: Event.legacy, when: "body or button tap (metric: opened)", properties: ids + ["metric"]),
                EventTableEntry(
                    kind: .actionClicked, event: Event.actionClicked, when: "button tap, always after the opened event",
                    properties: ids + ["action_index", "action_name", "action_deeplink", "action_id"]),
            ]
        }
    }

    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let id = userInfo[Key.deliveryID]?.stringValue else { return false }
        return !id.isEmpty
    }

    /// The action index of a button's action identifier: one leading `ACTION_` removed, then Swift's
    /// `Int(String)`; -1 when that is not an integer.
    public static func actionIndex(of actionIdentifier: String) -> Int {
        // `String`'s own `hasPrefix` and `Int(String)`: the `Substring` forms take the generic paths, several times
        // slower for the one or two taps a simulation makes.
        guard actionIdentifier.hasPrefix(actionIdentifierPrefix) else { return Int(actionIdentifier) ?? -1 }
        return Int(String(actionIdentifier.dropFirst(actionIdentifierPrefix.count))) ?? -1
    }

    // MARK: Receipts and taps

    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let deliveryID = payload.messageId, !deliveryID.isEmpty else { return [] }
        let sentToken = payload.tracking[Key.deliveryToken]?.stringValue ?? ""
        let token = sentToken.isEmpty ? (context.deviceToken ?? "") : sentToken
        guard !token.isEmpty else { return [] }
        let ids: JSONObject = [Key.deliveryID: .string(deliveryID), Key.deliveryToken: .string(token)]

        func metric(_ kind: ReceiptKind, _ event: String, _ metricName: String) -> Receipt {
            switch eventNaming {
            case .current: return receipt(kind, event, ids, payload: payload)
            case .legacy: return receipt(kind, Event.legacy, ids.merging(["metric": .string(metricName)]) { $1 }, payload: payload)
            }
        }

        switch step {
        case .arrive:
            return [metric(.delivered, Event.delivered, "delivered")]
        case .open:
            return [metric(.opened, Event.opened, "opened")]
        case .openAction(let actionIdentifier):
            let index = Self.actionIndex(of: actionIdentifier)
            // The button's title and link read in place (no `Button?` copy, whose metadata a start-up would build).
            let hasButton = payload.buttons.indices.contains(index)
            var properties = ids
            properties["action_index"] = .int(index)
            properties["action_name"] = .string(hasButton ? payload.buttons[index].title : "Action \(index + 1)")
            properties["action_deeplink"] = .string(hasButton ? payload.buttons[index].deepLink ?? "" : "")
            properties["action_id"] = .string(actionIdentifier)
            return [
                metric(.opened, Event.opened, "opened"),
                receipt(.actionClicked, Event.actionClicked, properties, payload: payload, action: actionIdentifier),
            ]
        case .configure, .dismiss, .launch:
            return []
        }
    }

    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return TapPlan(action: payload.action, deepLink: payload.deepLink, linkRule: .unlessActionHandled)
        case .openAction(let actionIdentifier):
            let index = Self.actionIndex(of: actionIdentifier)
            let own = payload.buttons.indices.contains(index) ? payload.buttons[index].deepLink ?? "" : ""
            return TapPlan(deepLink: own.isEmpty ? payload.deepLink : own)
        default:
            return .nothing
        }
    }

    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard payload.messageId == nil else { return [] }
        return [Diagnostic(
            .error, code: .deliveryIDMissing, path: JSONPath.member(Key.deliveryID, of: JSONPath.root),
            message: "no non-empty \(Key.deliveryID): Zixflow sends no receipt for this push")]
    }
}
