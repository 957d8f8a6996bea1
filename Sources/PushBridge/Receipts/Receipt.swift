/// The normalised kinds of receipt (docs/WIRE-FORMATS.md §6.1 "Kinds"); each vendor names them its own way.
public enum ReceiptKind: String, Sendable, Hashable, CaseIterable {
    case delivered
    case opened
    case actionClicked
    case dismissed
    case deepLinkOpened
    case actionTriggered
}

/// One event a vendor's backend expects for a lifecycle step.
public struct Receipt: Sendable, Hashable {
    /// The vendor id.
    public var vendor: String
    /// The normalised kind.
    public var kind: ReceiptKind
    /// The vendor's event name (`Opened`, `$notification.opened`, `push_tapped`, …).
    public var event: String
    /// The event's properties, as the vendor expects them.
    public var properties: JSONObject
    /// The message this receipt is about (used for the once-only rule).
    public var messageId: String?
    /// The platform's notification request identifier (`UNNotificationRequest.identifier`), set by the bridge
    /// on a receipt without a ``messageId``: the once-only identity of a push whose payload carries no message
    /// id (Braze, Klaviyo; docs/WIRE-FORMATS.md §11.3).
    public var requestIdentifier: String?
    /// The tapped button this receipt is about, whatever the vendor's property is called (`action`,
    /// `action_identifier`); nil for a body tap or a receipt about no button.
    public var action: String?
    /// When the event happened, in seconds since the Unix epoch, for a vendor whose receipts send it (an event
    /// table row with a ``EventTableEntry/timeProperty``: CleverTap's `wzrk_cts`); nil for the others. The time
    /// comes from the bridge's ``StepClock``, so a fixed clock makes it deterministic.
    public var time: Int?

    /// Creates a receipt. When `action` is nil, a string `action` property is used.
    public init(
        vendor: String, kind: ReceiptKind, event: String, properties: JSONObject, messageId: String?,
        action: String? = nil, requestIdentifier: String? = nil, time: Int? = nil
    ) {
        self.requestIdentifier = requestIdentifier
        self.time = time
        self.vendor = vendor
        self.kind = kind
        self.event = event
        self.properties = properties
        self.messageId = messageId
        self.action = action ?? properties["action"]?.stringValue
    }

    /// What makes two receipts "the same" for the once-only rule (docs/WIRE-FORMATS.md §6.2 "The once-only
    /// key"): (vendor, messageId, event name, the receipt's own action) as four JSON strings joined by commas
    /// (the form every earlier version wrote, so the ledgers they left are honoured). Message ids and request
    /// identifiers are separate namespaces: a receipt told apart by its request identifier (no message id) has
    /// an empty message id and the request identifier as a fifth string, a form no message id can spell.
    public var onceOnlyKey: String {
        var fields = [vendor, messageId ?? "", event, action ?? ""]
        if messageId == nil, let requestIdentifier { fields.append(requestIdentifier) }
        return Self.key(fields)
    }

    /// `fields` as JSON strings joined by commas: a key no two different lists of fields share.
    package static func key(_ fields: [String]) -> String {
        // Appended one by one: `joined(separator:)` is not specialized here, and its first call looks up
        // the collection's conformances at run time, a large part of one `simulate`'s start-up.
        var key = ""
        for (index, field) in fields.enumerated() {
            if index > 0 { key += "," }
            key += JSONWriter.string(.string(field))
        }
        return key
    }

    /// What tells this receipt's push from another: the message id, else the request identifier.
    public var messageIdentity: String? { messageId ?? requestIdentifier }

    /// The receipt as an effect line: `{"type":"receipt","vendor",…,"kind","event","properties"}`.
    public var json: JSONValue {
        .object([
            "type": "receipt", "vendor": .string(vendor), "kind": .string(kind.rawValue), "event": .string(event),
            "properties": .object(properties),
        ])
    }
}
