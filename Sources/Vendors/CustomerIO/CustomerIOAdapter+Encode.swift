import PushBridge

extension CustomerIOAdapter {
    /// Writes `aps`, the two delivery keys, `CIO.push.link` and `CIO.push.image`, custom data at top level and
    /// every `ignored` value back at its wire path. An image needs the service extension, so `mutable-content: 1`
    /// is written with one (a Customer.io payload sent without it reports `$.mutableContent` lost; another
    /// vendor's payload gains it silently). Buttons are lost: Customer.io has none.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var payload = payload
        payload.requireServiceExtension(when: .image, vendor: id, vendorName: name, losses: &losses)
        payload.reportButtonsLost(&losses, vendorName: name)

        var userInfo = JSONObject(minimumCapacity: payload.data.count + payload.ignored.count + 4)
        TopLevelData.copy(payload.data, into: &userInfo, losses: &losses, isWireKey: Self.isWireKey) { key in
            "'\(key)' is a Customer.io key of its own; custom data cannot use it"
        }
        for key in [Key.deliveryID, Key.deliveryToken] {
            if let value = payload.tracking[key] { userInfo[key] = value }
        }
        if let messageId = payload.messageId, userInfo[Key.deliveryID]?.stringValue != messageId {
            userInfo[Key.deliveryID] = .string(messageId)
        }

        var push = JSONObject()
        if let deepLink = payload.deepLink { push[Key.link] = .string(deepLink) }
        if let imageURL = payload.imageURL { push[Key.image] = .string(imageURL) }
        if !push.isEmpty { userInfo[Key.vendorObject] = .object([Key.push: .object(push)]) }

        let aps = APSCoding.encode(payload)
        if aps.isEmpty, let sent = payload.ignored[Path.aps] {
            userInfo["aps"] = sent
        } else {
            userInfo["aps"] = .object(aps)
        }
        restoreIgnored(payload.ignored, into: &userInfo, losses: &losses)
        return userInfo
    }

    /// Whether `key` is a top-level key the Customer.io wire format reads itself.
    static func isWireKey(_ key: String) -> Bool {
        key == Key.deliveryID || key == Key.deliveryToken || key == Key.vendorObject || key == "aps"
    }

    /// Writes each `ignored` value back at its wire path; one that cannot be placed (its slot holds a field of the
    /// bridge form, or its key is not a path) is a loss.
    private func restoreIgnored(_ ignored: JSONObject, into userInfo: inout JSONObject, losses: inout LossList) {
        var kept = ignored
        kept[Path.aps] = nil
        let placementLosses = JSONPlacement.writeBack(kept, into: &userInfo) { key, failure in
            "cannot be written back at \(key): \(failure)"
        }
        losses.append(contentsOf: placementLosses)  // placed above whether or not the losses are read
    }
}
