import PushBridge

/// How a receipt is written in the outbox: its serialised form, and the id older versions gave it.
extension Receipt {
    /// The id versions before the separate namespaces gave a receipt told apart by its request identifier (the
    /// identifier in the message id's place of the four-field key); nil for any other receipt. Only the outbox
    /// reads it, to honour such a receipt recorded by an older version (docs/DELIVERY.md, "Once-only ledger").
    var legacyIdempotencyKey: String? {
        guard messageId == nil, let requestIdentifier else { return nil }
        return IdentityHash.hex(Self.key([vendor, requestIdentifier, event, action ?? ""]))
    }

    /// The receipt as the outbox stores it: its effect line (``json``: `type`, `vendor`, `kind`, `event`,
    /// `properties`) plus `messageId`, `requestIdentifier`, `action` and `time` when they are set.
    public var outboxJSON: JSONValue {
        guard case .object(var members) = json else { return json }
        if let messageId { members["messageId"] = .string(messageId) }
        if let requestIdentifier { members["requestIdentifier"] = .string(requestIdentifier) }
        if let action { members["action"] = .string(action) }
        if let time { members["time"] = .int(time) }
        return .object(members)
    }

    /// Reads a receipt back from ``outboxJSON``; nil when a required member (`vendor`, a known `kind`,
    /// `event`) is missing or of the wrong type. A `properties` that is not an object reads as empty.
    public init?(outboxJSON value: JSONValue) {
        guard let vendor = value["vendor"]?.stringValue, let kindName = value["kind"]?.stringValue,
              let kind = ReceiptKind(rawValue: kindName), let event = value["event"]?.stringValue
        else { return nil }
        self.init(
            vendor: vendor, kind: kind, event: event, properties: value["properties"]?.objectValue ?? [:],
            messageId: value["messageId"]?.stringValue, action: value["action"]?.stringValue,
            requestIdentifier: value["requestIdentifier"]?.stringValue, time: value["time"]?.intValue)
    }
}
