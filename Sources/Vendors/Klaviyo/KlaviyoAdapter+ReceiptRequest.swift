import PushBridge

/// Klaviyo's client events API, as the SDK calls it (`KlaviyoEndpoint.createEvent`, `CreateEventPayload`):
/// `POST /client/events/` with header `revision: 2026-01-15` and a JSON:API body
/// `{"data": {"type": "event", "attributes": {"metric", "profile", "properties", "unique_id"}}}`.
///
/// The client API has no secret: it names the account by its public key in the query, `?company_id=<key>`. That
/// key is configuration, so it goes into the base URL the app configures (`https://a.klaviyo.com/?company_id=…`;
/// the query stays after the path), and a write key, when one is given, is not sent.
extension KlaviyoAdapter {
    /// The path events are posted to.
    public static let eventsPath = "/client/events/"
    /// The API revision the SDK sends in the `revision` header.
    public static let apiRevision = "2026-01-15"

    /// The event with the receipt's name; its properties are the userInfo's members, then the other receipt
    /// properties (`push_token`, `Button …`) over them, as the SDK merges them; the profile is ``profile``; the
    /// `unique_id` (Klaviyo's de-duplication key) is the `IdentityHash` (SHA-256, 128 bits in hex) of the
    /// receipt's once-only key and properties, so every retry sends the same bytes and no other event can be
    /// made to share it. No `time`: Klaviyo takes the time it receives the event.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        var properties = receipt.properties[Event.userInfo]?.objectValue ?? [:]
        for (key, value) in receipt.properties where key != Event.userInfo { properties[key] = value }
        let uniqueId = IdentityHash.hex(
            receipt.onceOnlyKey + "\u{1F}" + JSONWriter.string(.object(receipt.properties)))
        let attributes: JSONObject = [
            "metric": ["data": ["type": "metric", "attributes": ["name": .string(receipt.event)]]],
            "profile": ["data": ["type": "profile", "attributes": .object(profileAttributes)]],
            "properties": .object(properties),
            "unique_id": .string(uniqueId),
        ]
        let body = JSONWriter.bytes(["data": ["type": "event", "attributes": .object(attributes)]])
        let headers = [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json"),
            HTTPHeader("revision", Self.apiRevision),
        ]
        return ReceiptRequest(method: "POST", path: Self.eventsPath, headers: headers, body: body)
    }

    /// The configured identifiers, and the empty `properties` the SDK always sends.
    private var profileAttributes: JSONObject {
        var attributes: JSONObject = ["properties": .object([:])]
        let identifiers = [
            ("anonymous_id", klaviyoProfile.anonymousId), ("external_id", klaviyoProfile.externalId),
            ("email", klaviyoProfile.email), ("phone_number", klaviyoProfile.phoneNumber),
        ]
        for case let (key, value?) in identifiers where !value.isEmpty { attributes[key] = .string(value) }
        return attributes
    }
}
