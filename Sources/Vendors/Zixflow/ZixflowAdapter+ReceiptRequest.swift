import PushBridge

/// Zixflow's tracking HTTP API (its tracking guide, "Tracking Delivery When the Device Is Locked"):
/// `POST https://events.zixflow.in/v1/track` with `{"event", "properties"}` and
/// `Authorization: Basic <write key>` — the key exactly as the guide writes it, not base64-encoded.
extension ZixflowAdapter: ReceiptRequestDescribing {
    /// The path of Zixflow's tracking endpoint.
    public static let trackPath = "/v1/track"

    /// `https://events.zixflow.in` (docs/vendors/zixflow.md).
    public var defaultReceiptBaseURL: String? { "https://events.zixflow.in" }

    /// `POST /v1/track`, body `{"event": receipt.event, "properties": receipt.properties}`,
    /// `Authorization: Basic <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        let credential = HTTPHeader.credential("Authorization", prefix: "Basic ", key: writeKey)
        return .event(
            path: Self.trackPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}
