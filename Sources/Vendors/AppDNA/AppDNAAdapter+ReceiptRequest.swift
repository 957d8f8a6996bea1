import PushBridge

/// AppDNA's push tracking. AppDNA's guide shows only the SDK calls (`trackPushDelivered(pushId:)`,
/// `trackPushTapped(pushId:action:)`) and an `apiKey` (`adn_live_…`); PushBridge fixes the request as
/// `POST /v1/push/events` with `{"event", "properties"}` and the key in `X-API-Key` (docs/DELIVERY.md).
/// There is no public default host: the app configures the base URL.
extension AppDNAAdapter {
    /// The path receipts are posted to.
    public static let pushEventsPath = "/v1/push/events"

    /// `POST /v1/push/events`, body `{"event", "properties"}`, `X-API-Key: <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        let credential = HTTPHeader.credential("X-API-Key", key: writeKey)
        return .event(
            path: Self.pushEventsPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
