import PushBridge

/// Braze's SDK reports taps through its private batched endpoint (`POST /api/v3/data` with
/// `XBraze-ApiKey`, braze-docs `reading_verbose_logs.md`), whose event codes are not public. PushBridge does
/// not imitate it (R5): a receipt becomes a plain JSON event for the app's own collector, which may forward
/// it to Braze's public REST API. There is no default host: the app configures the base URL.
extension BrazeAdapter: ReceiptRequestDescribing {
    /// The path of the app's collector (`Assumed.collectorPath`).
    public static var collectorPath: String { Assumed.collectorPath }

    /// None: Braze has no public endpoint for these events.
    public var defaultReceiptBaseURL: String? { nil }

    /// The app's own collector: the SDK's own endpoint is private and batched (R5).
    public var receiptDestination: ReceiptDestination { .appCollector }

    /// `POST /v1/braze/events`, body `{"event", "properties"}`, `Authorization: Bearer <writeKey>` when a
    /// key is given (the collector's key, never Braze's SDK API key).
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: writeKey)
        return .event(
            path: Self.collectorPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
