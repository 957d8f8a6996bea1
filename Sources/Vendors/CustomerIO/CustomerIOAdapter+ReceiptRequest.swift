import PushBridge

/// Customer.io's Data Pipelines track API, as the SDK's service extension calls it
/// (`Sources/MessagingPush/RichPush/RichPushDeliveryTracker.swift`, path in
/// `Sources/Common/Service/CIOApiEndpoint.swift`, headers in `RichPushHttpClient.swift`):
/// `POST <base URL>/track` with `{"anonymousId": <delivery id>, "event": "Report Delivery Event",
/// "properties": {"deliveryId", "metric", "recipient"}}` and `Authorization: Basic base64("<CDP API key>:")`.
/// The base URL is the region's (`https://cdp.customer.io/v1`, EU `https://cdp-eu.customer.io/v1`): configuration.
extension CustomerIOAdapter {
    /// The path of the track endpoint under the region's base URL.
    public static let trackPath = "/track"
    /// The event name every push metric is sent under; the receipt's event is the metric.
    public static let deliveryEventName = "Report Delivery Event"

    /// The path of the Data Pipeline's batch upload under the region's base URL (cdp-analytics-swift's
    /// `HTTPClient.startBatchUpload`: `<apiHost>/b`).
    public static let batchPath = "/b"

    /// `POST /track`; `anonymousId` is the receipt's message id (else its `deliveryId` property), `event` is
    /// `Report Delivery Event`, `properties` are the receipt's. An `opened` with a `userId` (a person is
    /// identified) is instead one `track` event in a pipeline batch, `POST /b` with
    /// `{"batch": [{"type": "track", "event", "properties", "userId", "timestamp"}]}`, as the SDK's
    /// `analytics.track` uploads it. The CDP API key is sent as HTTP Basic credentials with an empty password,
    /// as the SDK does.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        var headers = [HTTPHeader("Content-Type", "application/json; charset=utf-8")]
        if let writeKey, !writeKey.isEmpty {
            headers.append(HTTPHeader("Authorization", "Basic " + Base64.encode(Array((writeKey + ":").utf8)), isSecret: true))
        }
        var properties = receipt.properties
        if receipt.kind == .opened, let userId = properties.removeValue(forKey: Property.userId) {
            var event: JSONObject = [
                "type": "track", "event": .string(Self.deliveryEventName), "userId": userId,
            ]
            if let timestamp = properties.removeValue(forKey: Property.timestamp) { event["timestamp"] = timestamp }
            event["properties"] = .object(properties)
            return ReceiptRequest(
                method: "POST", path: Self.batchPath, headers: headers,
                body: JSONWriter.bytes(["batch": [.object(event)]]))
        }
        var body: JSONObject = [
            "event": .string(Self.deliveryEventName), "properties": .object(properties),
        ]
        if let anonymousID = receipt.messageId ?? receipt.properties[Property.deliveryID]?.stringValue {
            body["anonymousId"] = .string(anonymousID)
        }
        return ReceiptRequest(method: "POST", path: Self.trackPath, headers: headers, body: JSONWriter.bytes(.object(body)))
    }
}
