import PushBridge

/// Iterable's public API (swift-sdk/Core/Constants.swift: `apiPath = "/api/"`, `trackPushOpen =
/// "events/trackPushOpen"`, header `Api-Key`; swift-sdk/Internal/api-client/Request/RequestCreator.swift,
/// `createTrackPushOpenRequest`): `POST /api/events/trackPushOpen` with
/// `{email | userId, campaignId, templateId, messageId, dataFields: {actionIdentifier, userText?, appAlreadyRunning}}`.
/// The signed-in user (`setCurrentUser(inDict:)`: `email` or `userId`) is the app's, not the push's: it comes
/// from the adapter's ``IterableAdapter/user``, the rest is the receipt's properties as they are.
extension IterableAdapter {
    /// The path of `trackPushOpen` under the API host.
    public static let trackPushOpenPath = "/api/events/trackPushOpen"

    /// `POST /api/events/trackPushOpen`, body the receipt's properties (`createdAt` among them when the tap's time
    /// is known) with the configured ``user`` (`email` or `userId`), `Api-Key: <writeKey>` when a key is given and
    /// `Authorization: Bearer <jwt>` when a ``jwt`` is configured. `SDK-Platform: iOS` and
    /// `SDK-Request-Processor: Online` are sent as the SDK sends them (swift-sdk/Internal/IterableAPICallRequest.swift
    /// `createIterableHeaders`); its `SDK-Version` and `Sent-At` are not (docs/vendors/iterable.md).
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        var headers = [
            HTTPHeader("Content-Type", "application/json"), HTTPHeader("SDK-Platform", "iOS"),
            HTTPHeader("SDK-Request-Processor", "Online"),
        ]
        if let credential = HTTPHeader.credential("Api-Key", key: writeKey) { headers.append(credential) }
        if let credential = HTTPHeader.credential("Authorization", prefix: "Bearer ", key: jwt) {
            headers.append(credential)
        }
        var body = receipt.properties
        switch user {
        case .email(let email)?: body[Event.email] = .string(email)
        case .userId(let userId)?: body[Event.userId] = .string(userId)
        case nil: break
        }
        return ReceiptRequest(
            method: "POST", path: Self.trackPushOpenPath, headers: headers, body: JSONWriter.bytes(.object(body)))
    }
}
