import PushBridge

extension FCMAdapter {
    /// Writes `aps`, the sender's data at the root, the FCM tracking keys, `gcm.message_id`, `gcm.app_link` and
    /// `fcm_options.image`, then writes every `ignored` entry back at its wire path.
    ///
    /// An image needs the service extension (FirebaseMessaging's helper runs there), so a payload with one gets
    /// `mutable-content: 1`; an FCM payload that lacked it reports the `$.mutableContent` loss. Buttons are lost
    /// (FCM has none of its own), and so is a data key FCM reads itself (`aps`, `gcm.*`, `google.*`,
    /// `fcm_options`, `from`). Another vendor's tracking keys are not written: the core reports each.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let aps = payload.encodedAPS(requiringServiceExtensionWhen: .image, vendor: id, vendorName: name, losses: &losses)
        payload.reportButtonsLost(&losses, vendorName: name)
        var userInfo = JSONObject(minimumCapacity: payload.data.count + payload.tracking.count + payload.ignored.count + 4)
        TopLevelData.copy(payload.data, into: &userInfo, losses: &losses, isWireKey: Key.isFCMKey) { key in
            "'\(key)' is a key FCM reads itself; custom data cannot use it"
        }
        for (key, value) in payload.tracking where Self.isTrackingKey(key) { userInfo[key] = value }
        if let messageId = payload.messageId { userInfo[Key.messageId] = .string(messageId) }
        if let deepLink = payload.deepLink { userInfo[Key.appLink] = .string(deepLink) }
        if let imageURL = payload.imageURL { userInfo[Key.options] = .object([Key.image: .string(imageURL)]) }

        let apsPath = JSONPath.member(Key.aps, of: JSONPath.root)
        if aps.isEmpty, let sent = payload.ignored[apsPath] {
            userInfo[Key.aps] = sent
        } else {
            userInfo[Key.aps] = .object(aps)
            if let sent = payload.ignored[apsPath] {
                losses.append(Loss(
                    path: JSONPath.member(apsPath, of: "$.ignored"), value: sent,
                    reason: "an aps that is not an object cannot be written beside the fields that need aps"))
            }
        }
        var kept = payload.ignored
        kept[apsPath] = nil
        let placementLosses = JSONPlacement.writeBack(kept, into: &userInfo)  // not lazily: it places the values
        losses.append(contentsOf: placementLosses)
        return userInfo
    }
}
