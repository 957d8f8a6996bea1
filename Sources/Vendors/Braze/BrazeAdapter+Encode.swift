import PushBridge

extension BrazeAdapter {
    /// Bridge form → wire payload.
    ///
    /// `ab` starts from `tracking["ab"]` (the whole object decoding kept) and takes the bridge form's image
    /// (`att.url`) and buttons (`ab_cat`); another vendor's payload with nothing for `ab` gets `{"c": null}` so the Braze SDK
    /// still takes it for a Braze push (Braze's docs allow a null campaign key). `mutable-content: 1` is
    /// written with an image. Losses: button titles (they live in the app's category), a button not in a
    /// default category or whose flags differ from it, buttons without a category, `destructive`, the message
    /// id, and custom data under Braze's own keys.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let sameVendor = payload.vendor == profile.id  // the stored id (see `decode`)
        if let messageId = payload.messageId {
            losses.append(Loss(
                path: "$.messageId", value: .string(messageId),
                reason: "Braze payloads carry no message id (receipts key on the request identifier)"))
        }
        let aps = payload.encodedAPS(
            requiringServiceExtensionWhen: .image, vendor: profile.id, vendorName: profile.name, losses: &losses)

        var userInfo = JSONObject()
        TopLevelData.copy(payload.data, into: &userInfo, losses: &losses, isWireKey: Key.isReserved) { key in
            "'\(key)' is a Braze key of its own; custom data cannot use it"
        }
        userInfo.reserveCapacity(userInfo.count + 4)

        let tracked = payload.tracking[Self.vendorKey]
        var ab = tracked?.objectValue ?? JSONObject(minimumCapacity: 2)
        writeBackIgnored(payload, into: &userInfo, carriedInsideBrazeObject: tracked?.objectValue != nil, losses: &losses)
        // With nothing in `ignored` written back, `userInfo` holds custom data only, none of it under Braze's own
        // keys: those set below are new members, appended without a lookup.
        let wroteBack = !payload.ignored.isEmpty
        func set(_ key: String, _ value: JSONValue) {
            if wroteBack { userInfo[key] = value } else { userInfo.appendNew(key, value) }
        }
        if let link = payload.deepLink { set(Key.uri, .string(link)) }

        if aps.isEmpty, let sent = payload.ignored[Path.aps] {
            set(Key.aps, sent)
        } else {
            set(Key.aps, .object(aps))
        }

        Self.writeImage(payload.imageURL, into: &ab)
        writeButtons(payload, into: &ab, losses: &losses)
        if tracked == nil, ab.isEmpty {
            // Another vendor's push has nothing for `ab`, yet a non-empty `ab` is what makes a push Braze's. A
            // Braze bridge form without one was decoded from a payload without one: it stays so.
            if !sameVendor, userInfo[Self.vendorKey] == nil {
                set(Self.vendorKey, Self.nullCampaign)
            }
        } else {
            if wroteBack, let kept = payload.ignored[Path.vendor], userInfo[Self.vendorKey] != nil {
                losses.append(Self.ignoredLoss(Path.vendor, kept, "the bridge form's image or buttons need an ab object"))
            }
            set(Self.vendorKey, .object(ab))
        }
        return userInfo
    }

    /// `{"c": null}`: the `ab` of another vendor's push with no image or buttons (built once).
    private static let nullCampaign: JSONValue = .object([Key.campaign: .null])

    /// Writes `ignored` back: top-level entries (`ab_use_webview`, `$.ab_uri`, a non-object `$.ab`) at top level;
    /// entries inside `ab` are already in `tracking["ab"]` (a loss when there is none); `$.aps` is the caller's.
    private func writeBackIgnored(
        _ payload: PushPayload, into userInfo: inout JSONObject, carriedInsideBrazeObject: Bool, losses: inout LossList
    ) {
        for (key, value) in payload.ignored where key != Path.aps {
            let components = key.hasPrefix("$") ? JSONPath.components(of: key) : [.member(key)]
            guard let components, case .member(let name)? = components.first else {
                losses.append(Self.ignoredLoss(key, value, "'\(key)' is not a path Braze can write back"))
                continue
            }
            if components.count > 1 {
                guard name == Self.vendorKey else {
                    losses.append(Self.ignoredLoss(key, value, "'\(key)' is not a path Braze can write back"))
                    continue
                }
                if !carriedInsideBrazeObject {
                    losses.append(Self.ignoredLoss(key, value, "there is no ab object in tracking to carry it"))
                }
            } else if name == Key.uri && payload.deepLink != nil {
                losses.append(Self.ignoredLoss(key, value, "the deep link is written as ab_uri"))
            } else if userInfo[name] != nil {
                losses.append(Self.ignoredLoss(key, value, "custom data already uses '\(name)'"))
            } else {
                userInfo[name] = value
            }
        }
    }

    private static func ignoredLoss(_ key: String, _ value: JSONValue, _ why: String) -> Loss {
        Loss(path: JSONPath.member(key, of: "$.ignored"), value: value, reason: "could not be written back: \(why)")
    }

    /// `ab.att.url`: set from the image, removed when the bridge form has none (`type` and the rest stay). A new
    /// attachment (another vendor's image) gets the `type` Braze's service extension needs from the URL's file
    /// extension (`jpg`, `png`, `gif`, `mp4`, …), when it has one.
    private static func writeImage(_ imageURL: String?, into ab: inout JSONObject) {
        if let imageURL {
            // Another vendor's push starts from an empty `ab`: nothing to look up, and `att` is a new member.
            let isNew = ab.isEmpty
            let attachment: JSONObject
            if !isNew, var existing = ab[Key.attachment]?.objectValue {
                existing[Key.url] = .string(imageURL)
                attachment = existing
            } else {
                var new = JSONObject(minimumCapacity: 2)
                new.appendNew(Key.url, .string(imageURL))
                if let type = fileExtension(of: imageURL) { new.appendNew(Key.type, .string(type)) }
                attachment = new
            }
            if isNew { ab.appendNew(Key.attachment, .object(attachment)) } else { ab[Key.attachment] = .object(attachment) }
        } else if var attachment = ab[Key.attachment]?.objectValue, attachment[Key.url]?.stringValue != nil {
            attachment.removeValue(forKey: Key.url)
            ab[Key.attachment] = .object(attachment)
        }
    }

    /// The lowercase file extension of a URL's last path segment (1 to 5 ASCII letters or digits), else nil.
    static func fileExtension(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes -> String? in
            // The path ends at the query or fragment; the extension follows the last dot after the last slash.
            let end = DeepLink.pathEnd(bytes)
            var dot = end - 1
            while dot >= 0, bytes[dot] != UInt8(ascii: "."), bytes[dot] != UInt8(ascii: "/") { dot -= 1 }
            guard dot >= 0, bytes[dot] == UInt8(ascii: "."), (1...5).contains(end - dot - 1) else { return nil }
            var slash = dot - 1
            while slash >= 0, bytes[slash] != UInt8(ascii: "/") { slash -= 1 }
            guard slash >= 0 else { return nil }
            let type = UnsafeBufferPointer(rebasing: bytes[(dot + 1)..<end])
            func isAlphanumeric(_ byte: UInt8) -> Bool {
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            }
            guard type.allSatisfy(isAlphanumeric) else { return nil }
            // ASCII letters and digits: lowercased byte by byte.
            return String(unsafeUninitializedCapacity: type.count) { lowered in
                for (offset, byte) in type.enumerated() {
                    lowered[offset] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return type.count
            }
        }
    }

    // MARK: Buttons

    /// The link decoding reads from an `ab_cat` entry.
    static func link(in entry: JSONObject) -> String? {
        let behaviour = entry[Key.actionType]?.stringValue.flatMap(buttonBehaviour(ofActionType:))
        guard behaviour == nil || behaviour == .openURI else { return nil }
        return entry[Key.actionURI]?.stringValue
    }

    /// Whether decoding reads an `ab_cat` entry of the app's category as opening the app.
    static func opensApp(_ entry: JSONObject) -> Bool {
        entry[Key.actionType]?.stringValue.flatMap(buttonBehaviour(ofActionType:)) != .close
    }

    /// `ab.ab_cat`: one entry per button, keeping what each existing entry carries (`a_use_webview`, an `a_t`
    /// that still fits) and what decoding did not turn into a button.
    private func writeButtons(_ payload: PushPayload, into ab: inout JSONObject, losses: inout LossList) {
        let existing = ab[Key.buttons]?.objectValue
        let defaults = Self.defaultActions(ofCategory: payload.category)
        guard !payload.buttons.isEmpty else {
            if defaults != nil {
                losses.append(Loss(
                    path: "$.buttons", value: .array([]),
                    reason: "Braze's category \(payload.category ?? "") always shows its buttons"))
            } else if payload.category != nil, let existing {
                ab[Key.buttons] = .object(existing.filter { $0.value.objectValue == nil })
            }
            return
        }
        guard let category = payload.category, !category.isEmpty else {
            for (index, button) in payload.buttons.enumerated() {
                losses.append(Loss(
                    path: JSONPath.element(index, of: "$.buttons"), value: button.json,
                    reason: "Braze shows buttons only from a category the app registers; this push names none"))
            }
            return
        }
        var entries = existing.map { existing in
            existing.filter { member in
                member.value.objectValue == nil || defaults.map { !$0.contains { $0.id == member.key } } ?? false
            }
        } ?? JSONObject(minimumCapacity: payload.buttons.count)
        // A repeated id is found by looking at the buttons before it; a set only for a push with many buttons.
        var seen: Set<String>? = payload.buttons.count > 16 ? Set(minimumCapacity: payload.buttons.count) : nil
        // Fields read in place: no copy of each button.
        let buttons = payload.buttons
        for index in buttons.indices {
            var path: String { JSONPath.element(index, of: "$.buttons") }  // built only for a loss
            let isRepeat = if seen != nil {
                !seen!.insert(buttons[index].id).inserted
            } else {
                buttons[..<index].contains { $0.id == buttons[index].id }
            }
            guard !isRepeat else {
                losses.append(Loss(
                    path: path, value: buttons[index].json, reason: "ab.ab_cat holds one entry per action id"))
                continue
            }
            var foreground = buttons[index].foreground
            if let defaults {
                guard let action = defaults.first(where: { $0.id == buttons[index].id }) else {
                    losses.append(Loss(
                        path: path, value: buttons[index].json,
                        reason: "'\(buttons[index].id)' is not an action of Braze's \(category)"))
                    continue
                }
                if buttons[index].title != action.title {
                    losses.append(Loss(
                        path: path + ".title", value: .string(buttons[index].title),
                        reason: "Braze's \(category) titles this button '\(action.title)'"))
                }
                if buttons[index].foreground != action.foreground {
                    losses.append(Loss(
                        path: path + ".foreground", value: .bool(buttons[index].foreground),
                        reason: "whether this button opens the app is fixed by Braze's \(category)"))
                }
                foreground = action.foreground
            } else {
                if !buttons[index].title.isEmpty {
                    losses.append(Loss(
                        path: path + ".title", value: .string(buttons[index].title),
                        reason: "Braze buttons take their titles from the app's registered category \(category)"))
                }
                if buttons[index].deepLink != nil, !buttons[index].foreground {
                    losses.append(Loss(
                        path: path + ".foreground", value: false, reason: "a Braze button with a link opens the app"))
                }
            }
            if buttons[index].destructive {
                losses.append(Loss(
                    path: path + ".destructive", value: true,
                    reason: "whether a Braze button is destructive is its registered category's"))
            }
            // An entry the push already had (even an empty one, which decoding reads as opening the app) stays as
            // it was when it still says what the button does; a new one always names its action type.
            let kept = existing?[buttons[index].id]?.objectValue
            var entry = kept ?? JSONObject(minimumCapacity: 2)
            let fits = Self.link(in: entry) == buttons[index].deepLink
                && (defaults != nil || (kept != nil && Self.opensApp(entry) == foreground))
            if !fits {
                if let link = buttons[index].deepLink {
                    if Self.link(in: entry) == nil || entry[Key.actionType] == nil {
                        entry[Key.actionType] = .string(Assumed.actionType(for: .openURI))
                    }
                    entry[Key.actionURI] = .string(link)
                } else {
                    entry.removeValue(forKey: Key.actionURI)
                    entry[Key.actionType] = .string(Assumed.actionType(for: foreground ? .openApp : .close))
                }
            }
            if defaults == nil || !entry.isEmpty { entries[buttons[index].id] = .object(entry) }
        }
        if existing != nil || !entries.isEmpty { ab[Key.buttons] = .object(entries) }
    }
}
