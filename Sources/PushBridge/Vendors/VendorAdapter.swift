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

/// What a tap runs: the named action and the deep link, and how the two relate (SPEC §7).
public struct TapPlan: Sendable, Hashable {
    /// How the deep link depends on the action.
    public enum LinkRule: Sendable, Hashable {
        /// Both run: the action first, then the link (BuzzKit).
        case afterAction
        /// The link runs only when no handler took the action (Zixflow's `click_action`).
        case unlessActionHandled
    }

    /// The named action to offer, if any.
    public var action: PushAction?
    /// The deep link to route, if any (an empty string is never routed).
    public var deepLink: String?
    /// How the link depends on the action.
    public var linkRule: LinkRule
    /// Whether an action with no registered handler is logged as a warning.
    public var warnsWhenActionUnhandled: Bool

    /// Creates a plan.
    public init(
        action: PushAction? = nil, deepLink: String? = nil, linkRule: LinkRule = .afterAction,
        warnsWhenActionUnhandled: Bool = false
    ) {
        self.action = action
        self.deepLink = deepLink
        self.linkRule = linkRule
        self.warnsWhenActionUnhandled = warnsWhenActionUnhandled
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

/// One row of a vendor's receipt table (SPEC §6).
public struct EventTableEntry: Sendable, Hashable {
    /// The normalised kind.
    public var kind: ReceiptKind
    /// The vendor's event name.
    public var event: String
    /// When it is sent.
    public var when: String
    /// The properties it carries.
    public var properties: [String]

    /// Creates a row.
    public init(kind: ReceiptKind, event: String, when: String, properties: [String]) {
        self.kind = kind
        self.event = event
        self.when = when
        self.properties = properties
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
/// ## Implementation requirements
/// - ``claims(_:)`` is cheap, never throws, and is exclusive: it accepts only payloads that carry
///   the vendor's own marker key, so no two adapters claim the same payload.
/// - ``decode(_:)`` never crashes and never throws: a value of the wrong type becomes a diagnostic
///   (with the JSON path in the wire payload) and is kept where it can be (`data`, `ignored`,
///   `apsExtra`), never silently dropped. It is deterministic, and decoding the encoded result
///   again gives the same payload.
/// - ``encode(_:)`` writes valid APNs (`aps.alert` for visible pushes, `mutable-content: 1` when an
///   image or buttons need the extension) and reports as a ``Loss`` every field it cannot carry.
///   Decoding its output gives back the input except for the reported losses. It writes `aps` with
///   ``APSCoding/encode(_:)``. The generic translation rules (another vendor's tracking, ignored keys
///   and own category) are applied before `encode` by ``Translator``; `encode` handles the rest.
/// - ``receipts(for:payload:context:)`` returns the receipts for one step in the order they are
///   sent, with the vendor's event names; the bridge applies buffering and the once-only rule.
/// - ``tapPlan(for:payload:context:)`` says what a body or button tap runs; the bridge runs it in
///   SPEC §7 order. ``actionReceipt(for:handled:payload:)`` and ``routeReceipt(url:via:payload:)``
///   record an action's or a route's outcome for vendors that report them (default: none).
/// - An adapter holds no mutable state; it is a value the bridge may call from any thread.
public protocol VendorAdapter: Sendable {
    /// The short id used on the command line and in the bridge form (`zixflow`).
    var id: String { get }
    /// The display name (`Zixflow`).
    var name: String { get }
    /// What the vendor supports.
    var capabilities: VendorCapabilities { get }
    /// The vendor's receipt table.
    var eventTable: [EventTableEntry] { get }

    /// Whether this userInfo is the vendor's (by its marker key).
    func claims(_ userInfo: JSONObject) -> Bool
    /// Wire payload → bridge form.
    func decode(_ userInfo: JSONObject) -> DecodeResult
    /// Bridge form → wire payload.
    func encode(_ payload: PushPayload) -> EncodeResult
    /// Bridge form → wire payload; with `collectingLosses` false the result's losses may be left empty, and
    /// the work of building them skipped (for callers that never read them). The userInfo is the same as
    /// `encode(_:)`'s. Default: `encode(_:)`.
    func encode(_ payload: PushPayload, collectingLosses: Bool) -> EncodeResult
    /// Whether `category` is one this vendor's SDK registers itself (not a campaign category).
    func ownsCategory(_ category: String) -> Bool
    /// The receipts a step produces, in order.
    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt]
    /// What a tap runs.
    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan
    /// The receipt recording that a named action ran (or found no handler).
    func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt?
    /// The receipt recording that a deep link was routed.
    func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt?
    /// Vendor rules beyond APNs for `bridge-cli validate` (default: none beyond the decode diagnostics).
    func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic]
}

extension VendorAdapter {
    public func encode(_ payload: PushPayload, collectingLosses: Bool) -> EncodeResult { encode(payload) }
    public func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? { nil }
    public func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? { nil }
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] { [] }

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
