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

    /// Creates a context.
    public init(deviceToken: String? = nil, userText: String? = nil) {
        self.deviceToken = deviceToken
        self.userText = userText
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

    /// Creates a row.
    public init(
        kind: ReceiptKind, event: String, when: String, properties: [String], sentOn: [ReceiptTrigger] = [],
        messageIdProperty: String? = nil, buttonProperty: String? = nil
    ) {
        self.kind = kind
        self.event = event
        self.when = when
        self.properties = properties
        self.sentOn = sentOn
        self.messageIdProperty = messageIdProperty
        self.buttonProperty = buttonProperty
    }

    /// The row as a JSON object.
    public var json: JSONValue {
        .object([
            "kind": .string(kind.rawValue), "event": .string(event), "when": .string(when),
            "properties": .array(properties.map { .string($0) }),
        ])
    }
}

/// A vendor's wire format and SDK behaviour, plugged into the PushBridge core.
///
/// ## Implementing
/// A vendor with no special behaviour implements six requirements; the core derives the rest from them.
/// - ``id``: the short id (`chirp`); ``name`` defaults to it with a capital first letter.
/// - ``capabilities``: what the wire format carries. The core reports every loss they imply (an image,
///   a named action, a button's link, action or text input) and derives the
///   default ``tapPlan(for:payload:context:)`` from `buttonRouting`.
/// - ``eventTable``: the receipts. Rows with `sentOn` are sent by the default
///   ``receipts(for:payload:context:)``.
/// - ``claims(_:)`` is cheap, never throws, and is exclusive: it accepts only payloads that carry the
///   vendor's own marker key, so no two adapters claim the same payload.
/// - ``decode(_:)`` never crashes and never throws: a value of the wrong type becomes a diagnostic (with
///   the JSON path in the wire payload) and is kept where it can be (`data`, `ignored`, `apsExtra`),
///   never silently dropped. It is deterministic, and decoding the encoded result again gives the same
///   payload.
/// - ``userInfo(for:losses:)`` writes valid APNs (`aps` through ``APSCoding/encode(_:)``, `mutable-content:
///   1` when an image or buttons need the extension) and appends to `losses` only what is special to the
///   vendor. Callers use ``encode(_:)``, which adds the losses the capabilities imply and every `tracking`
///   key the userInfo does not carry, and removes (as losses) another vendor's `ignored` keys first.
///
/// What a device needs is declared, not guessed: a vendor whose SDK registers categories conforms to
/// ``CategoryProviding`` (``ownsCategory(_:)`` then defaults to its launch categories), one that registers
/// tokens to ``TokenRegistering``, one whose backend takes receipts over HTTP to ``ReceiptRequestDescribing``.
/// The conformance kit fails an adapter that owns a category it never provides.
///
/// An adapter holds no mutable state; it is a value the bridge may call from any thread.
public protocol VendorAdapter: Sendable {
    /// The short id used on the command line and in the bridge form (`zixflow`).
    var id: String { get }
    /// The display name (`Zixflow`). Default: ``id`` with a capital first letter.
    var name: String { get }
    /// What the vendor supports.
    var capabilities: VendorCapabilities { get }
    /// The vendor's receipt table.
    var eventTable: [EventTableEntry] { get }

    /// Whether this userInfo is the vendor's (by its marker key), as an owner or as a carrier.
    func claims(_ userInfo: JSONObject) -> Bool
    /// How strongly the vendor claims `userInfo` (WIRE-FORMATS §11.1), nil when it does not. Default: ``ClaimStrength/owner``
    /// when ``claims(_:)`` is true. Only a vendor that also carries other vendors' pushes (FCM, Airship's `_`)
    /// implements it.
    func claimStrength(_ userInfo: JSONObject) -> ClaimStrength?
    /// Top-level keys at least one of which every userInfo the vendor claims has (its marker keys), or nil when
    /// it names none. The registry asks ``claimStrength(_:)`` only of adapters with a claim key in the payload
    /// (and of every adapter whose claim keys are nil), so detection is one look at the payload's top-level
    /// keys rather than a call to every adapter. Default: nil. The conformance kit checks the promise.
    var claimKeys: [String]? { get }
    /// Whether the vendor's owner claim of `userInfo` rests on a message id of its own (OneSignal's `custom.i`,
    /// Iterable's `itbl.messageId`): when two owners claim one payload and exactly one of them claims it by a
    /// message id, that one wins (docs/WIRE-FORMATS.md §11.1). Default: false.
    func claimsByMessageId(_ userInfo: JSONObject) -> Bool
    /// Wire payload → bridge form.
    func decode(_ userInfo: JSONObject) -> DecodeResult
    /// Bridge form → wire payload, appending the losses special to the vendor (not those its
    /// ``capabilities`` imply: ``encode(_:collectingLosses:)`` adds them). `losses` skips building what is
    /// appended when nobody reads it; the userInfo is the same either way.
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject
    /// Whether `category` is one this vendor's SDK registers itself (not a campaign category).
    /// Default: one of its ``CategoryProviding/launchCategories`` (for an adapter that conforms to
    /// ``CategoryProviding`` in the module that declares it), else none.
    func ownsCategory(_ category: String) -> Bool
    /// The receipts a step produces, in order. Default: the ``eventTable`` rows whose `sentOn` matches (none
    /// without a non-empty message id).
    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt]
    /// What a tap runs. Default: derived from ``VendorCapabilities/buttonRouting``.
    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan
    /// The receipt recording that a named action ran (or found no handler). Default: none.
    func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt?
    /// The receipt recording that a deep link was routed. Default: none.
    func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt?
    /// Vendor rules beyond APNs for `bridge-cli validate` (default: none beyond the decode diagnostics). A
    /// problem with the code and path of a decode diagnostic replaces it, so each is reported once.
    func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic]
}

extension VendorAdapter {
    public var name: String { id.prefix(1).uppercased() + id.dropFirst() }

    public func claimStrength(_ userInfo: JSONObject) -> ClaimStrength? { claims(userInfo) ? .owner : nil }

    /// None named: the registry asks this adapter about every payload.
    public var claimKeys: [String]? { nil }

    /// False: the claim rests on a marker, not a message id.
    public func claimsByMessageId(_ userInfo: JSONObject) -> Bool { false }

    /// None: a vendor that registers categories conforms to ``CategoryProviding``, whose default is used instead.
    public func ownsCategory(_ category: String) -> Bool { false }

    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return [] }
        let button = step.buttonIdentifier
        return eventTable.compactMap { row in
            guard row.sentOn.contains(where: { $0.matches(step) }) else { return nil }
            var properties: JSONObject = [:]
            if let idProperty = row.messageIdProperty { properties[idProperty] = .string(messageId) }
            if let button, let buttonProperty = row.buttonProperty { properties[buttonProperty] = .string(button) }
            return receipt(row.kind, row.event, properties, payload: payload, action: button)
        }
    }

    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        func link(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        let carriesActions = capabilities.namedActions
        switch step {
        case .open:
            return TapPlan(action: carriesActions ? payload.action : nil, deepLink: link(payload.deepLink))
        case .openAction(let id):
            let button = payload.buttons.first { $0.id == id }
            switch capabilities.buttonRouting {
            case .ownOnly:
                return TapPlan(action: carriesActions ? button?.action : nil, deepLink: link(button?.deepLink))
            case .ownThenMessage:
                return TapPlan(deepLink: link(button?.deepLink) ?? link(payload.deepLink))
            case .messageWhenForeground:
                guard let button, button.foreground, !button.destructive else { return .nothing }
                return TapPlan(action: carriesActions ? payload.action : nil, deepLink: link(payload.deepLink))
            case .nothing:
                return .nothing
            }
        default:
            return .nothing
        }
    }

    public func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? { nil }
    public func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? { nil }
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] { [] }

    /// Bridge form → wire payload with every loss: another vendor's `ignored` keys (removed before
    /// ``userInfo(for:losses:)`` sees the payload), those the ``capabilities`` imply (computed once, here), those
    /// `userInfo(for:losses:)` reports, and each `tracking` key the userInfo does not carry.
    public func encode(_ payload: PushPayload) -> EncodeResult { encode(payload, collectingLosses: true) }

    /// ``encode(_:)``; with `collectingLosses` false the losses are left empty and never built (for callers
    /// that do not read them). The userInfo is the same either way.
    public func encode(_ payload: PushPayload, collectingLosses: Bool) -> EncodeResult {
        var losses = LossList(collecting: collectingLosses)
        var foreign: [Loss] = []
        var payload = payload
        // Another vendor's carrier keys set aside by ``decodeClaimed(_:)`` go back where they were, for this
        // vendor only: the adapter never sees them.
        let carried = payload.vendor == id ? CarrierEnvelope.setAside(from: &payload.ignored, decodingVendor: id) : [:]
        if payload.vendor != id, !payload.ignored.isEmpty {
            // Another vendor's ignored keys are paths into its wire format: nothing this vendor can place.
            if collectingLosses {
                foreign = payload.ignored.membersInCanonicalOrder.map {
                    Loss.ignored($0.key, $0.value, sourceName: payload.vendor, targetName: name)
                }
            }
            payload.ignored = [:]
        }
        var userInfo = userInfo(for: payload, losses: &losses)
        for (key, value) in carried where userInfo[key] == nil { userInfo[key] = value }
        guard collectingLosses else { return EncodeResult(userInfo: userInfo) }
        let special = foreign + losses.collected
        // What the capabilities imply, and a kept `aps` member a typed field was written over: each unless the
        // adapter reported it already.
        let implied = (capabilities.losses(of: payload, vendorName: name)
            + APSCoding.extrasWrittenOver(payload.apsExtra, in: userInfo["aps"])).filter { loss in
            !special.contains { JSONPath.isSameOrInside(loss.path, $0.path) }
        }
        // Tracking keys are top-level wire keys in every format: one the userInfo does not carry is lost.
        let tracking = payload.tracking.membersInCanonicalOrder.filter { userInfo[$0.key] == nil }.map {
            Loss.tracking($0.key, $0.value, reason: "\(name) has no field for the tracking key '\($0.key)'")
        }
        return EncodeResult(userInfo: userInfo, losses: implied + special + tracking)
    }

    /// The receipt table as JSON: `{"vendor": id, "name": …, "events": [...]}`.
    public var eventTableJSON: JSONValue {
        .object(["vendor": .string(id), "name": .string(name), "events": .array(eventTable.map(\.json))])
    }

    /// A receipt from this vendor; `action` is the tapped button's id when the receipt is about one.
    public func receipt(
        _ kind: ReceiptKind, _ event: String, _ properties: JSONObject, payload: PushPayload,
        action: String? = nil
    ) -> Receipt {
        Receipt(vendor: id, kind: kind, event: event, properties: properties, messageId: payload.messageId, action: action)
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
