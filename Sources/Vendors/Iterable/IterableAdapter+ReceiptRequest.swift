import PushBridge

/// Iterable's public API (swift-sdk/Core/Constants.swift: `apiPath = "/api/"`, `trackPushOpen =
/// "events/trackPushOpen"`, header `Api-Key`; swift-sdk/Internal/api-client/Request/RequestCreator.swift,
/// `createTrackPushOpenRequest`): `POST /api/events/trackPushOpen` with
/// `{campaignId, templateId, messageId, dataFields: {actionIdentifier, userText?, appAlreadyRunning}}`.
/// The SDK also sends the signed-in user's `email` or `userId`; that is the app's, not the push's, so
/// PushBridge leaves it out and the receipt's properties are the body as they are.
extension IterableAdapter: ReceiptRequestDescribing {
    /// The path of `trackPushOpen` under the API host.
    public static let trackPushOpenPath = "/api/events/trackPushOpen"

    /// `https://api.iterable.com` (the SDK's US data centre; EU apps configure `https://api.eu.iterable.com`).
    public var defaultReceiptBaseURL: String? { "https://api.iterable.com" }

    /// `POST /api/events/trackPushOpen`, body the receipt's properties, `Api-Key: <writeKey>` when a key is given.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let credential = HTTPHeader.credential("Api-Key", key: writeKey) { headers.append(credential) }
        return ReceiptRequest(
            method: "POST", path: Self.trackPushOpenPath, headers: headers,
            body: JSONWriter.bytes(.object(receipt.properties)))
    }
}
