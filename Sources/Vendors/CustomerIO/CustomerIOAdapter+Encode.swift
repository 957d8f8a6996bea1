import PushBridge

extension CustomerIOAdapter {
    /// Writes `aps`, the two delivery keys, `CIO.push.link` and `CIO.push.image`, custom data at top level and
    /// every `ignored` value back at its wire path. An image needs the service extension, so `mutable-content: 1`
    /// is written with one (a Customer.io payload sent without it reports `$.mutableContent` lost; another
    /// vendor's payload gains it silently). Buttons are lost: Customer.io has none.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let aps = payload.encodedAPS(
            requiringServiceExtensionWhen: .image, vendor: Self.vendorID, vendorName: Self.vendorName, losses: &losses)
        if losses.isCollecting { payload.reportButtonsLost(&losses, vendorName: Self.vendorName) }

        // Empty, not reserved: with no wire key among the custom data, the userInfo becomes the data's storage.
        var userInfo = JSONObject()
        TopLevelData.copy(payload.data, into: &userInfo, losses: &losses, isWireKey: Self.isWireKey) { key in
            "'\(key)' is a Customer.io key of its own; custom data cannot use it"
        }
        // The custom data holds none of the wire keys (``isWireKey(_:)``), so each is appended without a lookup.
        // The delivery id: the tracked one, replaced in its place by a message id that differs from it.
        let trackedID = payload.tracking[Key.deliveryID]
        var messageID: JSONValue?
        if let messageId = payload.messageId, trackedID?.stringValue != messageId { messageID = .string(messageId) }
        if let trackedID { userInfo.appendNew(Key.deliveryID, messageID ?? trackedID) }
        if let token = payload.tracking[Key.deliveryToken] { userInfo.appendNew(Key.deliveryToken, token) }
        if trackedID == nil, let messageID { userInfo.appendNew(Key.deliveryID, messageID) }

        if payload.deepLink != nil || payload.imageURL != nil {
            var push = JSONObject(minimumCapacity: 2)
            if let deepLink = payload.deepLink { push.appendNew(Key.link, .string(deepLink)) }
            if let imageURL = payload.imageURL { push.appendNew(Key.image, .string(imageURL)) }
            var vendorObject = JSONObject(minimumCapacity: 1)
            vendorObject.appendNew(Key.push, .object(push))
            userInfo.appendNew(Key.vendorObject, .object(vendorObject))
        }

        if aps.isEmpty, let sent = payload.ignored[Path.aps] {
            userInfo.appendNew("aps", sent)
        } else {
            userInfo.appendNew("aps", .object(aps))
        }
        if !payload.ignored.isEmpty { restoreIgnored(payload.ignored, into: &userInfo, losses: &losses) }
        return userInfo
    }

    /// Whether `key` is a top-level key the Customer.io wire format reads itself.
    static func isWireKey(_ key: String) -> Bool {
        // By length first (it runs for every key of the custom data): most keys are compared with none.
        switch key.utf8.count {
        case 3: key == Key.vendorObject || key == "aps"
        case 15: key == Key.deliveryID
        case 18: key == Key.deliveryToken
        default: false
        }
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
