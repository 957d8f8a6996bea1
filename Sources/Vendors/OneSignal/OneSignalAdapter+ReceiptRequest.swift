import PushBridge

/// OneSignal's public notification API, as the SDK calls it (`OSRequests.m`, `OneSignalExtensionRequests.m`):
/// `PUT notifications/{id}/report_received` with `{app_id, player_id, device_type: 0}` from the service
/// extension, and `PUT notifications/{id}` with `{app_id, player_id, opened: true, device_type: 0}` on a tap.
/// The app id and subscription id are the adapter's configuration (`null` when not set, as the SDK sends them
/// before it knows them); the SDK sends no key, so a configured write key is not sent either.
extension OneSignalAdapter {
    /// The path of a notification under the API base URL, for a notification id (percent-encoded).
    public static func notificationPath(_ notificationId: String) -> String {
        "/notifications/" + percentEncodedSegment(notificationId)
    }

    /// `PUT /notifications/{notification_id}` (opened) or `…/report_received` (delivered), JSON body as above.
    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        let notificationId = receipt.properties[Property.notificationId]?.stringValue ?? receipt.messageId
        var body: JSONObject = [
            "app_id": appId.map { .string($0) } ?? .null,
            "player_id": subscriptionId.map { .string($0) } ?? .null,
            "device_type": .int(Self.deviceTypePush),
        ]
        // Without an id (the registry's sample receipts) the path shows where the id goes.
        var path = notificationId.map(Self.notificationPath) ?? "/notifications/{notification_id}"
        if receipt.kind == .delivered {
            path += "/report_received"
        } else {
            body[Property.opened] = true
        }
        return ReceiptRequest(
            method: "PUT", path: path, headers: [HTTPHeader("Content-Type", "application/json")],
            body: JSONWriter.bytes(.object(body)))
    }

    /// The SDK's `DEVICE_TYPE_PUSH` for iOS.
    static let deviceTypePush = 0

    /// `text` with every byte outside RFC 3986's unreserved set percent-encoded, so an id cannot change the path.
    static func percentEncodedSegment(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0f)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
