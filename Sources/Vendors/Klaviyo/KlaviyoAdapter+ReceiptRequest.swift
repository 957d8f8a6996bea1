import PushBridge

/// Klaviyo's client events API, as the SDK calls it (`KlaviyoEndpoint.createEvent`, `CreateEventPayload`):
/// `POST /client/events/` with headers `revision: 2026-01-15` and `X-Klaviyo-Mobile: 1` (the SDK's session header,
/// `Sources/KlaviyoCore/Networking/NetworkSession.swift`) and a JSON:API body
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
    /// properties (device metadata, `push_token`, `Button …`) over them, as the SDK merges them; the profile is the
    /// receipt's `profile` (else the configured identifiers), with the empty `properties` the SDK always sends;
    /// `time` is the receipt's (the tap's) when it has one; the `unique_id` (Klaviyo's de-duplication key) is
    /// the `IdentityHash` (SHA-256, 128 bits in hex) of the receipt's once-only key and properties, so every
    /// retry sends the same bytes and no other event can be made to share it.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        var properties = receipt.properties[Event.userInfo]?.objectValue ?? [:]
        for (key, value) in receipt.properties where ![Event.userInfo, Event.profile, Event.time].contains(key) {
            properties[key] = value
        }
        let uniqueId = IdentityHash.hex(
            receipt.onceOnlyKey + "\u{1F}" + JSONWriter.string(.object(receipt.properties)))
        var profileAttributes = receipt.properties[Event.profile]?.objectValue ?? profileIdentifiers(deviceToken: nil)
        profileAttributes["properties"] = .object([:])
        var attributes: JSONObject = [
            "metric": ["data": ["type": "metric", "attributes": ["name": .string(receipt.event)]]],
            "profile": ["data": ["type": "profile", "attributes": .object(profileAttributes)]],
            "properties": .object(properties),
            "unique_id": .string(uniqueId),
        ]
        if let time = receipt.properties[Event.time] { attributes["time"] = time }
        let body = JSONWriter.bytes(["data": ["type": "event", "attributes": .object(attributes)]])
        let headers = [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("Accept", "application/json"),
            HTTPHeader("revision", Self.apiRevision), HTTPHeader("X-Klaviyo-Mobile", "1"),
        ]
        return ReceiptRequest(method: "POST", path: Self.eventsPath, headers: headers, body: body)
    }
}
