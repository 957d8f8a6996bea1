import PushBridge

/// PushNotifAI's API. Its guide gives the base URL (`https://api.pushnotif.ai`) and an `apiKey`
/// (`pna_…`) but not the events path; PushBridge fixes it as `POST /v1/events` with
/// `{"event", "properties"}` and `Authorization: Bearer <write key>` (docs/DELIVERY.md).
extension PushNotifAIAdapter: ReceiptRequestDescribing {
    /// The path receipts are posted to.
    public static let eventsPath = "/v1/events"

    /// `https://api.pushnotif.ai` (the SDK's `PushConfiguration.baseURL`, docs/vendors/pushnotifai.md).
    public var defaultReceiptBaseURL: String? { "https://api.pushnotif.ai" }

    /// `POST /v1/events`, body `{"event", "properties"}`, `Authorization: Bearer <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: writeKey)
        return .event(
            path: Self.eventsPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
