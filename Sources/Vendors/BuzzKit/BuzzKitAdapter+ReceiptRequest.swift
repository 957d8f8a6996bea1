import PushBridge

/// BuzzKit's events API. BuzzKit's guide says receipts "arrive as events on the subscriber" and lists an
/// Events API beside `POST /v1/messages`, without its path (docs/vendors/buzzkit.md); PushBridge fixes it as
/// `POST /v1/events` with `{"event", "properties"}` and `Authorization: Bearer <write key>`
/// (docs/DELIVERY.md). There is no public default host: the app configures the base URL.
extension BuzzKitAdapter {
    /// The path receipts are posted to.
    public static let eventsPath = "/v1/events"

    /// `POST /v1/events`, body `{"event", "properties"}`, `Authorization: Bearer <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: writeKey)
        return .event(
            path: Self.eventsPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
