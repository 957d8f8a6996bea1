import PushBridge

/// Custom data that a vendor writes at top level, beside its own wire keys.
enum TopLevelData {
    /// Copies `data` into `userInfo` in the dictionary's order, except the keys `isWireKey` accepts: each is
    /// reported lost (in key order) at `$.data.<key>` with `reason(key)`.
    static func copy(
        _ data: JSONObject, into userInfo: inout JSONObject, losses: inout LossList, isWireKey: (String) -> Bool,
        reason: (String) -> String
    ) {
        // Into an empty userInfo, data with no wire key is the userInfo as it stands (its storage, not a copy).
        if userInfo.isEmpty, !data.keys.contains(where: isWireKey) {
            userInfo = data
            return
        }
        userInfo.reserveCapacity(userInfo.count + data.count)
        var lostKeys: [String] = []
        for (key, value) in data {
            if isWireKey(key) { lostKeys.append(key) } else { userInfo[key] = value }
        }
        for key in JSONWriter.sortedCanonically(lostKeys) {
            losses.append(Loss(path: JSONPath.member(key, of: "$.data"), value: data[key]!, reason: reason(key)))
        }
    }
}
