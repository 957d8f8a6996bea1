import PushBridge

extension KlaviyoAdapter {
    /// Bridge form → wire payload.
    ///
    /// `aps` through `APSCoding`, with `mutable-content: 1` for an image or buttons (the service extension registers
    /// the buttons and attaches the image). `body` holds `_k` from `tracking` — or, for a push from another vendor,
    /// the empty object Klaviyo's README example sends, so Klaviyo's SDK takes the push for its own — and the
    /// buttons as `{id, label, action, url}`. `url`, `rich-media` (with a `rich-media-type` from the image's path
    /// for another vendor's push), string `data` in `key_value_pairs`, other `data` at the top level, and `ignored`
    /// written back where decoding found it.
    ///
    /// Losses special to Klaviyo: a message id, a button that is not foreground or is destructive, a button whose
    /// link does not parse (the SDK would skip it), a deep link that does not parse, a campaign category beside
    /// buttons from another vendor (the service extension registers buttons only for a push without one), a data
    /// key named like a Klaviyo key, and an `ignored` entry that cannot be written back.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let sameVendor = payload.vendor == id
        var wire = payload
        wire.requireServiceExtension(when: .imageOrButtons, vendor: id, vendorName: name, losses: &losses)
        if !sameVendor, !payload.buttons.isEmpty, let category = payload.category {
            wire.category = nil
            losses.append(Loss(
                path: "$.category", value: .string(category),
                reason: "Klaviyo's service extension registers buttons only for a push without a category"))
        }
        if let messageId = payload.messageId {
            losses.append(Loss(
                path: "$.messageId", value: .string(messageId), reason: "a Klaviyo push carries no message id"))
        }

        var root = JSONObject(minimumCapacity: payload.data.count + payload.ignored.count + 6)
        let aps = APSCoding.encode(wire)
        if !aps.isEmpty || !sameVendor || payload.ignored[Path.aps] == nil { root[Key.aps] = .object(aps) }

        var body = JSONObject()
        if let marker = payload.tracking[Key.body]?[Key.marker] {
            body[Key.marker] = marker
        } else if !sameVendor {
            body[Key.marker] = .object([:])
        }
        let buttons = encodeButtons(payload.buttons, losses: &losses)
        if !buttons.isEmpty { body[Key.actionButtons] = .array(buttons) }
        if !body.isEmpty { root[Key.body] = .object(body) }

        if let link = payload.deepLink {
            if DeepLink(link) != nil {
                root[Key.url] = .string(link)
            } else {
                losses.append(Loss(
                    path: "$.deepLink", value: .string(link),
                    reason: "Klaviyo's SDK opens a url only when it parses as a link"))
            }
        }
        if let image = payload.imageURL {
            root[Key.richMedia] = .string(image)
            if !sameVendor { root[Key.richMediaType] = .string(ServiceExtensionHandler.imageFileExtension(image)) }
        }
        encodeData(payload.data, into: &root, losses: &losses)
        let placementLosses = Self.writeBack(payload.ignored, into: &root)  // not lazily: it places the values
        losses.append(contentsOf: placementLosses)
        return root
    }

    /// String values into `key_value_pairs` (Klaviyo's `[String: String]`), any other value at the top level.
    private func encodeData(_ data: JSONObject, into root: inout JSONObject, losses: inout LossList) {
        var pairs = JSONObject()
        var reservedKeys: [String] = []
        // `data`'s keys are distinct and every key `root` holds yet is reserved (ASCII keys, which a `Set<String>`
        // compares as their bytes): each member is new where it goes, so none is looked up.
        for position in data.indices {
            if data.values[position].stringValue != nil {
                pairs.appendMember(at: position, of: data)
            } else if Key.reserved.contains(data.keys[position]) {
                reservedKeys.append(data.keys[position])
            } else {
                root.appendMember(at: position, of: data)
            }
        }
        if !pairs.isEmpty { root[Key.keyValuePairs] = .object(pairs) }
        for key in JSONWriter.sortedCanonically(reservedKeys) {
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.data"), value: data[key]!,
                reason: "'\(key)' is a Klaviyo key: custom data that is not a string cannot use that name"))
        }
    }

    /// `body.action_buttons`: `{id, label, action, url}` per button, in order.
    private func encodeButtons(_ buttons: [PushButton], losses: inout LossList) -> [JSONValue] {
        var elements: [JSONValue] = []
        for (index, button) in buttons.enumerated() {
            // Built only for a loss.
            var path: String { JSONPath.element(index, of: "$.buttons") }
            var link = button.deepLink
            if link?.isEmpty == true {
                losses.append(Loss(
                    path: path + ".deepLink", value: "", reason: "an empty link is none: the button is sent as open_app"))
                link = nil
            }
            if let link, DeepLink(link) == nil {
                losses.append(Loss(
                    path: path, value: button.json,
                    reason: "its link does not parse, so Klaviyo's SDK would skip a deep_link button"))
                continue
            }
            if !button.foreground {
                losses.append(Loss(path: path + ".foreground", value: false, reason: "Klaviyo buttons always open the app"))
            }
            if button.destructive {
                losses.append(Loss(path: path + ".destructive", value: true, reason: "Klaviyo buttons cannot be destructive"))
            }
            if index >= capabilities.maxButtons, losses.isCollecting {
                // The core reports these for the first maxButtons buttons only; Klaviyo sends every button.
                let first = JSONPath.element(0, of: "$.buttons")
                for loss in capabilities.losses(of: PushPayload(vendor: id, buttons: [button]), vendorName: name) {
                    losses.append(Loss(path: path + loss.path.dropFirst(first.count), value: loss.value, reason: loss.reason))
                }
            }
            var members = JSONObject(minimumCapacity: 4)
            members.appendNew(Key.id, .string(button.id))
            members.appendNew(Key.label, .string(button.title))
            members.appendNew(
                Key.action, .string(link == nil ? ButtonAction.openApp.rawValue : ButtonAction.deepLink.rawValue))
            if let link { members.appendNew(Key.url, .string(link)) }
            elements.append(.object(members))
        }
        return elements
    }

    /// Writes each `ignored` entry back where decoding found it: a top-level key by its own name, a path through
    /// ``JSONPlacement`` — array elements first, in index order, so the skipped buttons return to their positions
    /// before the members of the kept ones are placed. Returns a loss for each entry that does not fit.
    static func writeBack(_ ignored: JSONObject, into root: inout JSONObject) -> [Loss] {
        var losses: [Loss] = []
        func lost(_ key: String, _ value: JSONValue, _ why: String) {
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.ignored"), value: value, reason: "could not be written back: \(why)"))
        }
        var paths = JSONObject()
        for (key, value) in ignored.membersInCanonicalOrder {
            guard key.hasPrefix("$") else {
                if root[key] == nil { root[key] = value } else { lost(key, value, "the payload already has '\(key)'") }
                continue
            }
            paths[key] = value
        }
        return losses + JSONPlacement.writeBack(paths, into: &root)
    }
}
