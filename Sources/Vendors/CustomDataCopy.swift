import PushBridge

extension JSONObject {
    /// Copies a bridge form's custom `data` to the root of a wire payload, in the data's order, except each key the
    /// vendor reads itself (`isOwnKey`): that one is a loss at `$.data.<key>` with `reason(key)`, reported in key
    /// order (PushNotifAI, FCM).
    mutating func copyCustomData(
        _ data: JSONObject, losses: inout LossList, skipping isOwnKey: (String) -> Bool, reason: (String) -> String
    ) {
        var ownKeys: [String] = []
        for (key, value) in data {
            if isOwnKey(key) { ownKeys.append(key) } else { self[key] = value }
        }
        for key in JSONWriter.sortedCanonically(ownKeys) {
            losses.append(Loss(path: JSONPath.member(key, of: "$.data"), value: data[key]!, reason: reason(key)))
        }
    }
}
