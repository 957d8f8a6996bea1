import PushBridge

/// Pushes of every built-in vendor, each with its own message id, and the receipts they should produce.
public enum Payloads {
    /// A device token that must never show up in a diagnostic.
    public static func token(_ prefix: String, _ index: Int) -> String {
        "devtok\(prefix)\(index)a1b2c3d4e5f6"
    }

    /// The vendors in turn: push `index` is Zixflow, BuzzKit, AppDNA or PushNotifAI by `index % 4`.
    public static let vendors = ["zixflow", "buzzkit", "appdna", "pushnotifai"]

    /// Push number `index` (vendor `index % 4`), its ids prefixed by `prefix`.
    public static func payload(_ prefix: String, _ index: Int) -> JSONObject {
        let alert: JSONValue = ["title": "Hello", "body": .string("Push \(index)")]
        switch index % 4 {
        case 0:
            return [
                "aps": ["alert": alert, "mutable-content": 1], "Zixflow-Delivery-ID": .string("zx-\(prefix)-\(index)"),
                "Zixflow-Delivery-Token": .string(token(prefix, index)),
            ]
        case 1:
            return [
                "aps": ["alert": alert, "mutable-content": 1],
                "buzzkit": ["messageId": .string("bk-\(prefix)-\(index)")],
            ]
        case 2:
            return ["aps": ["alert": alert], "appdna": ["push_id": .string("ad-\(prefix)-\(index)")]]
        default:
            return [
                "aps": ["alert": alert, "category": "pushnotifai"], "pna_message_id": .string("pn-\(prefix)-\(index)"),
            ]
        }
    }
}

/// A receipt for message `index` of `vendor`.
public func sampleReceipt(_ index: Int, vendor: String = "buzzkit", event: String = "$notification.opened") -> Receipt {
    Receipt(
        vendor: vendor, kind: .opened, event: event, properties: ["messageId": .string("m-\(index)")],
        messageId: "m-\(index)")
}
