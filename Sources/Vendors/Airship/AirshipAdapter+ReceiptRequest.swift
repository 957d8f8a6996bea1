import PushBridge

/// Airship's SDK uploads its events through a private batched endpoint (`POST {analyticsURL}/warp9/`, a
/// deflate-compressed array; `EventAPIClient`), which is not a public API. PushBridge therefore describes each
/// receipt as a plain JSON event for the app's own collector (WIRE-FORMATS §12.2): `POST /airship/events` with
/// `{"event", "properties"}` and `Authorization: Bearer <write key>`. There is no default host.
extension AirshipAdapter: ReceiptRequestDescribing {
    /// The path receipts are posted to on the app's collector.
    public static let eventsPath = "/airship/events"

    /// None: the collector is the app's own.
    public var defaultReceiptBaseURL: String? { nil }

    /// The app's own collector: the SDK's own endpoint is private and batched (R5).
    public var receiptDestination: ReceiptDestination { .appCollector }

    /// `POST /airship/events`, body `{"event": receipt.event, "properties": receipt.properties}`,
    /// `Authorization: Bearer <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: writeKey)
        return .event(
            path: Self.eventsPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
