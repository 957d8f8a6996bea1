import PushBridge

/// FirebaseMessaging sends no HTTP request of its own for a receipt: its events go through Firebase Analytics
/// (`logEventWithOrigin:@"fcm"`) and its delivery metric through GoogleDataTransport (mapping 1249), both private
/// batched channels (WIRE-FORMATS §12.2). PushBridge therefore describes a plain JSON event for the app's own
/// collector: `POST /fcm/events` with `{"event", "properties"}` and, when a key is given,
/// `Authorization: Bearer <key>`. There is no default host: the app configures its collector's base URL.
extension FCMAdapter {
    /// The path under the app's collector that FCM receipts are posted to.
    public static let collectorPath = "/fcm/events"
}
