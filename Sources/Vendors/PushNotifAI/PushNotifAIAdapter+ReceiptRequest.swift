import PushBridge

/// PushNotifAI's API. Its guide gives the base URL (`https://api.pushnotif.ai`) and an `apiKey`
/// (`pna_…`) but not the events path; PushBridge fixes it as `POST /v1/events` with
/// `{"event", "properties"}` and `Authorization: Bearer <write key>` (docs/DELIVERY.md).
extension PushNotifAIAdapter {
    /// The path receipts are posted to.
    public static let eventsPath = "/v1/events"
}
