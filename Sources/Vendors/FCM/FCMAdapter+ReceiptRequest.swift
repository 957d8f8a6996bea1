import PushBridge

/// FirebaseMessaging sends no HTTP request of its own for a receipt: its events go through Firebase Analytics
/// (`logEventWithOrigin:@"fcm"`) and its delivery metric through GoogleDataTransport (mapping 1249), both private
/// batched channels (WIRE-FORMATS §12.2). PushBridge therefore describes a plain JSON event for the app's own
/// collector: `POST /fcm/events` with `{"event", "properties"}` and, when a key is given,
/// `Authorization: Bearer <key>`. There is no default host: the app configures its collector's base URL.
extension FCMAdapter: ReceiptRequestDescribing {
    /// The path under the app's collector that FCM receipts are posted to.
    public static let collectorPath = "/fcm/events"

    /// None: the receipts go to the app's own collector.
    public var defaultReceiptBaseURL: String? { nil }

    /// The app's own collector: the SDK's own endpoint is private and batched (R5).
    public var receiptDestination: ReceiptDestination { .appCollector }

    /// `POST /fcm/events`, body `{"event": receipt.event, "properties": receipt.properties}`,
    /// `Authorization: Bearer <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: writeKey)
        return .event(
            path: Self.collectorPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
