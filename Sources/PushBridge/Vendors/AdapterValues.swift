/// A wire payload turned into the bridge form, with what the adapter noticed.
public struct DecodeResult: Sendable, Hashable {
    /// The bridge form.
    public var payload: PushPayload
    /// Problems and notes, each with the JSON path in the wire payload.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(payload: PushPayload, diagnostics: [Diagnostic] = []) {
        self.payload = payload
        self.diagnostics = diagnostics
    }
}

/// A bridge form turned into a vendor's wire payload, with what could not be carried.
public struct EncodeResult: Sendable, Hashable {
    /// The userInfo: `aps` plus the vendor's keys.
    public var userInfo: JSONObject
    /// Every field of the bridge form the vendor cannot carry.
    public var losses: [Loss]

    /// Creates a result.
    public init(userInfo: JSONObject, losses: [Loss] = []) {
        self.userInfo = userInfo
        self.losses = losses
    }
}

/// What the device knows when a receipt is made.
public struct ReceiptContext: Sendable, Hashable {
    /// The cached APNs device token (lowercase hex), if any.
    public var deviceToken: String?
    /// Text the person typed into an input button, for a button tap.
    public var userText: String?
    /// When the step happened, in seconds since the Unix epoch (the bridge's ``StepClock``), or nil when unknown.
    public var time: Int?
    /// The push's userInfo exactly as it arrived, when the caller has it (the bridge always does): for a vendor
    /// whose SDK sends it with a receipt (Klaviyo's `$opened_push` properties).
    public var userInfo: JSONObject?
    /// Where the app was when the step came (``AppState/background`` unless the host says otherwise).
    public var appState: AppState

    /// Creates a context.
    // Not inlined, for the reason ``NotificationBridge/Configuration/init(bufferCapacity:startsConfigured:deviceToken:ledgerCapacity:clock:appState:receiptsOff:)``
    // gives: the bridge passes the step's typed text as a value.
    @inline(never)
    public init(
        deviceToken: String? = nil, userText: String? = nil, time: Int? = nil, userInfo: JSONObject? = nil,
        appState: AppState = .background
    ) {
        self.deviceToken = deviceToken
        self.userText = userText
        self.time = time
        self.userInfo = userInfo
        self.appState = appState
    }
}

/// What a tap runs: the named action and the deep link, and how the two relate (WIRE-FORMATS §7).
public struct TapPlan: Sendable, Hashable {
    /// How the deep link depends on the action.
    public enum LinkRule: Sendable, Hashable {
        /// Both run: the action first, then the link (BuzzKit).
        case afterAction
        /// The link runs only when no handler took the action (Zixflow's `click_action`).
        case unlessActionHandled
    }

    /// When the step's receipts are sent, relative to the tap's action and link.
    public enum ReceiptOrder: Sendable, Hashable {
        /// Before the action and the link (WIRE-FORMATS §7.1).
        case beforeTap
        /// After the action and the link (Klaviyo's `deep_link` buttons open their link, then report the tap).
        case afterLink
    }

    /// The named action to offer, if any.
    public var action: PushAction?
    /// The deep link to route, if any (an empty string is never routed).
    public var deepLink: String?
    /// How the link depends on the action.
    public var linkRule: LinkRule
    /// Whether an action with no registered handler is logged as a warning.
    public var warnsWhenActionUnhandled: Bool
    /// Which routes the vendor's SDK lets the deep link reach (docs/WIRE-FORMATS.md §11.4).
    public var linkGate: LinkGate
    /// When the step's receipts are sent (default: before the action and the link).
    public var receiptOrder: ReceiptOrder

    /// Creates a plan.
    public init(
        action: PushAction? = nil, deepLink: String? = nil, linkRule: LinkRule = .afterAction,
        warnsWhenActionUnhandled: Bool = false, linkGate: LinkGate = .standard,
        receiptOrder: ReceiptOrder = .beforeTap
    ) {
        self.action = action
        self.deepLink = deepLink
        self.linkRule = linkRule
        self.warnsWhenActionUnhandled = warnsWhenActionUnhandled
        self.linkGate = linkGate
        self.receiptOrder = receiptOrder
    }

    /// A tap that only opens the app (or does nothing).
    public static let nothing = TapPlan()
}

/// What a button tap routes, as a vendor's SDK decides it (used by translation to keep what a tap does).
public enum ButtonRouting: String, Sendable, Hashable {
    /// The button's own destination, else the message's (Zixflow).
    case ownThenMessage
    /// The message's action and link, when the button opens the app (BuzzKit).
    case messageWhenForeground
    /// Only the button's own destination (AppDNA).
    case ownOnly
    /// Nothing: a button tap is only reported (PushNotifAI).
    case nothing
}

/// What a vendor's wire format and SDK support, as listed by `bridge-cli vendors`.
public struct VendorCapabilities: Sendable, Hashable {
    /// Most buttons a notification can carry (0 for none).
    public var maxButtons: Int
    /// Whether a button can carry its own deep link.
    public var buttonDeepLinks: Bool
    /// Whether buttons can ask for typed text.
    public var textInput: Bool
    /// Whether a notification can carry a named action.
    public var namedActions: Bool
    /// Whether a notification can carry an image.
    public var images: Bool
    /// Whether buttons need the service extension (`mutable-content: 1`) to show.
    public var buttonsNeedServiceExtension: Bool
    /// What a button tap routes.
    public var buttonRouting: ButtonRouting

    /// Creates a description.
    public init(
        maxButtons: Int, buttonDeepLinks: Bool, textInput: Bool, namedActions: Bool, images: Bool,
        buttonsNeedServiceExtension: Bool, buttonRouting: ButtonRouting
    ) {
        self.maxButtons = maxButtons
        self.buttonDeepLinks = buttonDeepLinks
        self.textInput = textInput
        self.namedActions = namedActions
        self.images = images
        self.buttonsNeedServiceExtension = buttonsNeedServiceExtension
        self.buttonRouting = buttonRouting
    }

    /// The capabilities as a JSON object.
    public var json: JSONValue {
        .object([
            "maxButtons": .int(maxButtons), "buttonDeepLinks": .bool(buttonDeepLinks), "textInput": .bool(textInput),
            "namedActions": .bool(namedActions), "images": .bool(images),
            "buttonsNeedServiceExtension": .bool(buttonsNeedServiceExtension),
            "buttonRouting": .string(buttonRouting.rawValue),
        ])
    }
}

/// A moment that sends a receipt, for the default ``VendorAdapter/receipts(for:payload:context:)``.
public enum ReceiptTrigger: String, Sendable, Hashable, CaseIterable {
    /// The service extension saw the push.
    case arriveInServiceExtension
    /// The app saw the push in the foreground.
    case arriveInForeground
    /// The app saw the push in the background.
    case arriveInBackground
    /// The person tapped the notification's body.
    case bodyTap
    /// The person tapped a button.
    case buttonTap
    /// The person swiped the notification away.
    case dismiss

    /// Whether `step` is this moment.
    public func matches(_ step: LifecycleStep) -> Bool {
        switch (self, step) {
        case (.arriveInServiceExtension, .arrive(.serviceExtension)), (.arriveInForeground, .arrive(.foreground)),
            (.arriveInBackground, .arrive(.background)), (.bodyTap, .open), (.buttonTap, .openAction),
            (.dismiss, .dismiss):
            return true
        default:
            return false
        }
    }
}

/// One row of a vendor's receipt table (docs/WIRE-FORMATS.md).
///
/// A row that says when it is sent (``sentOn``) is sent by the default
/// ``VendorAdapter/receipts(for:payload:context:)``, with the message id and the tapped button's id in the
/// properties it names; a vendor whose receipts carry more (tokens, button titles) leaves ``sentOn`` empty and
/// implements `receipts(for:payload:context:)`.
public struct EventTableEntry: Sendable, Hashable {
    /// The normalised kind.
    public var kind: ReceiptKind
    /// The vendor's event name.
    public var event: String
    /// When it is sent, in words.
    public var when: String
    /// The properties it carries.
    public var properties: [String]
    /// The moments the default receipts send it on (empty: only the adapter's own `receipts` sends it).
    public var sentOn: [ReceiptTrigger]
    /// The property holding the message id in a default receipt.
    public var messageIdProperty: String?
    /// The property holding the tapped button's id in a default receipt for a button tap.
    public var buttonProperty: String?
    /// Prefixes of the push's top-level keys the receipt passes through: every such key of the userInfo, with
    /// its value, is a property of the receipt (CleverTap sends every `wzrk_` key). Beside ``properties``, which
    /// names the fixed ones; the conformance kit checks each receipt of the row carries them all
    /// (docs/WIRE-FORMATS.md §7.11).
    public var passThroughPrefixes: [String]
    /// The property holding the step's time (``ReceiptContext/time``, seconds since the Unix epoch), for a
    /// vendor whose SDK stamps the event (CleverTap's `wzrk_cts`); the receipt's ``Receipt/time`` is then set too.
    public var timeProperty: String?

    /// Creates a row.
    public init(
        kind: ReceiptKind, event: String, when: String, properties: [String], sentOn: [ReceiptTrigger] = [],
        messageIdProperty: String? = nil, buttonProperty: String? = nil, passThroughPrefixes: [String] = [],
        timeProperty: String? = nil
    ) {
        self.kind = kind
        self.event = event
        self.when = when
        self.properties = properties
        self.sentOn = sentOn
        self.messageIdProperty = messageIdProperty
        self.buttonProperty = buttonProperty
        self.passThroughPrefixes = passThroughPrefixes
        self.timeProperty = timeProperty
    }

    /// Whether `property` is one this row's receipts may carry: a named one, the time property, or a key with
    /// a pass-through prefix.
    public func allows(_ property: String) -> Bool {
        properties.contains(property) || property == timeProperty
            || passThroughPrefixes.contains { property.hasPrefix($0) }
    }

    /// The properties the row takes from the moment rather than the payload, added to `properties`: every
    /// top-level key of `context.userInfo` with a ``passThroughPrefixes`` prefix (a property already set wins),
    /// and ``timeProperty`` set to `context.time` when both are known. The default
    /// ``VendorAdapter/receipts(for:payload:context:)`` calls it; an adapter that builds its own receipts calls
    /// it for each.
    public func addContextProperties(to properties: inout JSONObject, context: ReceiptContext) {
        if !passThroughPrefixes.isEmpty, let userInfo = context.userInfo {
            for (key, value) in userInfo.membersInCanonicalOrder
            where properties[key] == nil && passThroughPrefixes.contains(where: { key.hasPrefix($0) }) {
                properties[key] = value
            }
        }
        if let timeProperty, let time = context.time { properties[timeProperty] = .int(time) }
    }

    /// The row as a JSON object; `passThroughPrefixes` and `timeProperty` only when set.
    public var json: JSONValue {
        var members: JSONObject = [
            "kind": .string(kind.rawValue), "event": .string(event), "when": .string(when),
            "properties": .array(properties.map { .string($0) }),
        ]
        if !passThroughPrefixes.isEmpty { members["passThroughPrefixes"] = .array(passThroughPrefixes.map { .string($0) }) }
        if let timeProperty { members["timeProperty"] = .string(timeProperty) }
        return .object(members)
    }
}

extension VendorCapabilities {
    /// The losses of encoding `payload` for a vendor with these capabilities, in bridge-form order: an image
    /// without `images`, a named action without `namedActions`, and in the first `maxButtons` buttons a deep
    /// link without `buttonDeepLinks`, an action without `namedActions`, text input without `textInput`.
    /// Buttons past `maxButtons` are the adapter's to report: some vendors drop them, AppDNA writes them back.
    public func losses(of payload: PushPayload, vendorName name: String) -> [Loss] {
        var losses: [Loss] = []
        if !images, let image = payload.imageURL {
            losses.append(Loss(path: "$.imageURL", value: .string(image), reason: "\(name) has no image field"))
        }
        if !namedActions, let action = payload.action {
            losses.append(Loss(path: "$.action", value: action.json, reason: "\(name) has no named actions"))
        }
        for (index, button) in payload.buttons.prefix(maxButtons).enumerated() {
            let path = JSONPath.element(index, of: "$.buttons")
            if !buttonDeepLinks, let link = button.deepLink {
                losses.append(
                    Loss(path: path + ".deepLink", value: .string(link), reason: "\(name) buttons have no links"))
            }
            if !namedActions, let action = button.action {
                losses.append(Loss(path: path + ".action", value: action.json, reason: "\(name) has no named actions"))
            }
            if !textInput, button.input {
                losses.append(Loss(path: path + ".input", value: true, reason: "\(name) buttons take no text"))
            }
            if !textInput, let placeholder = button.placeholder {
                losses.append(
                    Loss(path: path + ".placeholder", value: .string(placeholder), reason: "\(name) buttons take no text"))
            }
        }
        return losses
    }
}
