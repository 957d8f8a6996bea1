import PushBridge

extension PushNotifAIAdapter {
    /// Wire payload → bridge form.
    ///
    /// `aps` goes through `APSCoding` (`aps.category` is kept as sent); `pna_message_id` is the
    /// `messageId`, `deep_link` the `deepLink`, and every other top-level key is custom `data`, kept as sent.
    /// Wrong types never stop decoding: a non-string `pna_message_id` or `deep_link` is kept under `ignored`
    /// by its name, an `aps` that is not an object under `$.aps` (by `APSCoding`); a custom value that is not a string stays in `data`. Each
    /// gets a diagnostic with its path.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        // One pass finds the three wire keys and the custom values that are not strings, and copies every other
        // member into the custom data: appending each costs less than copying the whole userInfo and then
        // removing the wire keys (which moves the members after each one).
        var aps: JSONValue?, messageIdValue: JSONValue?, deepLinkValue: JSONValue?
        var notStrings: [String] = []
        var data = JSONObject(minimumCapacity: userInfo.count)
        for position in userInfo.indices {
            let (key, value) = userInfo[position]
            guard Key.isReserved(key) else {
                if case .string = value {} else { notStrings.append(key) }
                data.appendMember(at: position, of: userInfo)  // the userInfo's keys are distinct
                continue
            }
            switch key {
            case Key.aps: aps = value
            case Key.messageId: messageIdValue = value
            default: deepLinkValue = value
            }
        }

        var payload = PushPayload.decoding(vendor: profile.id)
        // APSCoding walks a dictionary; sorting makes the order of its diagnostics stable across runs.
        var diagnostics = APSCoding.decode(aps, into: &payload)
        if diagnostics.count > 1 {
            diagnostics.sort { ($0.path, $0.code, $0.message) < ($1.path, $1.code, $1.message) }
        }

        var messageIdPath: String { JSONPath.member(Key.messageId, of: JSONPath.root) }
        switch messageIdValue {
        case .string(let messageId)?:
            if messageId.isEmpty {
                // An empty id is none (as for Zixflow); it is kept so a round trip writes it back.
                payload.ignored[Key.messageId] = .string(messageId)
                diagnostics.append(Diagnostic(
                    .warning, code: .messageIDEmpty, path: messageIdPath,
                    message: "pna_message_id is empty: no receipt can be sent for this push"))
            } else {
                payload.messageId = messageId
            }
        case nil:
            diagnostics.append(Diagnostic(
                .warning, code: .messageIDMissing, path: messageIdPath,
                message: "no pna_message_id: no receipt can be sent for this push"))
        case let value?:
            payload.ignored[Key.messageId] = value
            diagnostics.append(Diagnostic.wrongType(messageIdPath, expected: "a string", value))
        }

        var deepLinkPath: String { JSONPath.member(Key.deepLink, of: JSONPath.root) }
        switch deepLinkValue {
        case .string(let link)?:
            payload.deepLink = link
            if link.isEmpty {
                diagnostics.append(Diagnostic(
                    .info, code: .deepLinkEmpty, path: deepLinkPath,
                    message: "deep_link is empty: a tap only opens the app"))
            }
        case nil:
            break
        case let value?:
            payload.ignored[Key.deepLink] = value
            diagnostics.append(Diagnostic.wrongType(deepLinkPath, expected: "a string", value))
        }

        if !notStrings.isEmpty {
            for key in JSONWriter.sortedCanonically(notStrings) {
                diagnostics.append(Diagnostic(
                    .warning, code: .customDataNotString, path: JSONPath.member(key, of: JSONPath.root),
                    message: "custom data '\(key)' is \(data[key]!.typeNameWithArticle); PushNotifAI sends strings. "
                        + "Kept as sent"))
            }
        }
        payload.data = data
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    /// Bridge form → wire payload.
    ///
    /// `aps` is written by `APSCoding` with `category` always `pushnotifai` (a campaign category is a
    /// loss, WIRE-FORMATS §7.7) and `mutable-content` as in the bridge form. `data` becomes top-level keys; a value
    /// that is not a string (custom data from another vendor) is written as it is, not stringified, and
    /// nothing is reported lost (decoding it again notes it). Losses special to PushNotifAI: a data key named
    /// `aps`, `pna_message_id` or `deep_link`; every button, with its own deep link, action and text-input
    /// settings; `ignored` keys other than a wrong-typed `pna_message_id` or `deep_link` (written back when the
    /// typed field is absent). The core adds the image and the named action (``capabilities``); another
    /// vendor's `tracking` is removed by `Translator`.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var aps = APSCoding.encode(payload)
        // Only losses depend on the category sent.
        if losses.isCollecting {
            if let category = payload.category, category != Self.category {
                losses.append(Loss(
                    path: "$.category", value: .string(category),
                    reason: "PushNotifAI always sends category '\(Self.category)'"))
            } else if payload.category == nil, payload.apsExtra["category"] == nil, payload.vendor == profile.id {
                // Its own payload sent without a category comes back with one: said, so the round trip is honest.
                losses.append(Loss(
                    path: "$.category", value: .null,
                    reason: "PushNotifAI always sends category '\(Self.category)'"))
            }
            if let category = payload.apsExtra["category"] {
                losses.append(Loss(
                    path: "$.apsExtra.category", value: category,
                    reason: "PushNotifAI always sends category '\(Self.category)'"))
            }
        }
        aps["category"] = .string(Self.category)
        let data = payload.data
        let dataHasWireKey = data.keys.contains(where: Key.isReserved)
        var userInfo: JSONObject
        if dataHasWireKey {
            userInfo = JSONObject(minimumCapacity: data.count + payload.ignored.count + 3)
        } else {
            // No wire key among the custom data: the userInfo starts as the data itself, in the dictionary's
            // order (its members copied once with the storage instead of inserted one by one); the wire keys
            // follow them.
            userInfo = data
            userInfo.reserveCapacity(data.count + payload.ignored.count + 3)
        }
        // The custom data holds no wire key (``Key/isReserved(_:)``): each wire key is appended without a lookup.
        userInfo.appendNew(Key.aps, .object(aps))

        if losses.isCollecting {
            for (index, button) in payload.buttons.enumerated() {
                buttonLosses(button, path: JSONPath.element(index, of: "$.buttons"), into: &losses)
            }
        }

        // Custom data is copied in the dictionary's order; the keys it cannot use are reported in key order.
        if dataHasWireKey {
            TopLevelData.copy(data, into: &userInfo, losses: &losses, isWireKey: Key.isReserved) { key in
                "'\(key)' is a PushNotifAI wire key: custom data cannot use that name"
            }
        }
        if let messageId = payload.messageId { userInfo.appendNew(Key.messageId, .string(messageId)) }
        if let link = payload.deepLink { userInfo.appendNew(Key.deepLink, .string(link)) }

        if payload.ignored.isEmpty { return userInfo }
        for (key, value) in payload.ignored.membersInCanonicalOrder {
            let writesBack = (key == Key.messageId && payload.messageId == nil)
                || (key == Key.deepLink && payload.deepLink == nil)
            if writesBack {
                userInfo[key] = value
            } else if key == APSCoding.nonObjectAPSKey {
                losses.append(Loss(
                    path: JSONPath.member(key, of: "$.ignored"), value: value,
                    reason: "PushNotifAI always sends an aps object (with category '\(Self.category)')"))
            } else {
                losses.append(Loss(
                    path: JSONPath.member(key, of: "$.ignored"), value: value,
                    reason: "PushNotifAI has no field for ignored '\(key)'"))
            }
        }
        return userInfo
    }

    /// Appends the losses for one button: the button itself, then what made it more than a label.
    private func buttonLosses(_ button: PushButton, path: String, into losses: inout LossList) {
        losses.append(Loss(path: path, value: button.json, reason: "PushNotifAI has no per-push buttons"))
        if let link = button.deepLink {
            losses.append(Loss(
                path: path + ".deepLink", value: .string(link),
                reason: "PushNotifAI has no per-button deep links: a button tap routes nothing"))
        }
        if let action = button.action {
            losses.append(Loss(
                path: path + ".action", value: action.json, reason: "PushNotifAI has no per-button named actions"))
        }
        if button.input {
            losses.append(Loss(path: path + ".input", value: true, reason: "PushNotifAI has no text-input buttons"))
        }
        if let placeholder = button.placeholder {
            losses.append(Loss(
                path: path + ".placeholder", value: .string(placeholder),
                reason: "PushNotifAI has no text-input buttons"))
        }
    }
}
