import PushBridge

extension OneSignalAdapter {
    /// Bridge form → wire payload, in the format the payload came in (`PushPayload.tracking` names it) or, for
    /// another vendor's payload, the custom format.
    ///
    /// Writes `aps` with `APSCoding` (`mutable-content: 1` when an image or buttons need the service extension),
    /// the container with `i`, `u`, `ti`, `tn` (and `a` in the custom format), the attachments `{"id": image}`
    /// and the buttons `[{i, n}]`, then every `ignored` entry back at its path. The minified form is written as
    /// the standard form. Losses: a button that cannot open the app or be destructive, a category of another
    /// vendor's payload sent with buttons (it would stop the SDK from registering its own), a custom-data key the
    /// os_data format reads as its own, an `ignored` entry that no longer fits where it came from, and one the
    /// standard form would read as a field the payload does not have: kept attachments that would show an image
    /// when the payload has none, a whole buttons array kept from the minified form. Custom data named
    /// `actionbuttons` gets an empty `os_data.buttons` beside it, so the SDK keeps reading it as data.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let sameVendor = payload.vendor == profile.id  // the stored id (see `decode`)
        let format = sameVendor ? Self.encodedFormat(of: payload) : .custom
        let dropsCategory = !sameVendor && !payload.buttons.isEmpty && payload.category != nil
        if dropsCategory, let category = payload.category {
            losses.append(Loss(
                path: "$.category", value: .string(category),
                reason: "OneSignal's service extension registers its own category for buttons only when the push "
                    + "has none; a category sent with them would hide the buttons"))
        }
        let aps = payload.encodedAPS(
            requiringServiceExtensionWhen: .imageOrButtons, vendor: profile.id, vendorName: profile.name,
            category: dropsCategory ? .dropped : .payload, losses: &losses)

        var ignored = payload.ignored
        var userInfo = JSONObject(minimumCapacity: payload.data.count + ignored.count + 4)
        // Every key written to `userInfo` and `container` below is a new one (distinct wire keys; custom data
        // other than `aps` and `os_data` in the os_data format): appended without a lookup.
        if !(aps.isEmpty && ignored[Self.nonObjectAPSPath] != nil) { userInfo.appendNew("aps", .object(aps)) }

        var container = JSONObject(minimumCapacity: 6)  // i, ti, tn, u and a (custom) or att and buttons (os_data)
        let tracked = sameVendor ? payload.tracking[format.containerKey]?.objectValue ?? JSONObject() : JSONObject()
        if let messageId = payload.messageId {
            container.appendNew(Key.messageId, .string(messageId))
        } else if !tracked.isEmpty, let sent = tracked[Key.messageId] {
            container.appendNew(Key.messageId, sent)
        }
        // Another vendor's payload tracks nothing here: no lookups in an empty object.
        if !tracked.isEmpty {
            if let value = tracked[Key.templateId] { container.appendNew(Key.templateId, value) }
            if let value = tracked[Key.templateName] { container.appendNew(Key.templateName, value) }
        }
        if let deepLink = payload.deepLink { container.appendNew(Key.launchURL, .string(deepLink)) }

        var keptAttachments: JSONValue?
        if !ignored.isEmpty, ignored[format.attachmentsPath]?.objectValue != nil {
            keptAttachments = ignored.removeValue(forKey: format.attachmentsPath)
            if payload.imageURL == nil, let kept = keptAttachments, Self.attachmentsShowImage(kept) {
                // Written back, they would show an image the payload does not have (an `att` the minified form
                // does not read, or attachments whose image was removed).
                losses.append(Loss(
                    path: JSONPath.member(format.attachmentsPath, of: "$.ignored"), value: kept,
                    reason: "the payload has no image; written back, these attachments would show their first as one"))
                keptAttachments = nil
            }
        }
        let attachments = Self.attachments(image: payload.imageURL, kept: keptAttachments)
        var buttons = encodeButtons(payload.buttons, losses: &losses)
        if buttons == nil, !ignored.isEmpty, let kept = ignored[format.buttonsPath], kept.arrayValue?.isEmpty == false {
            // A whole buttons array kept from the minified form, which does not read it: the standard form would.
            ignored.removeValue(forKey: format.buttonsPath)
            losses.append(Loss(
                path: JSONPath.member(format.buttonsPath, of: "$.ignored"), value: kept,
                reason: "kept from OneSignal's minified form, which does not read it; the standard form would show "
                    + "its elements as buttons"))
        }
        if buttons == nil, format == .osData, payload.data[Key.legacyButtons]?.arrayValue?.isEmpty == false {
            // Custom data named `actionbuttons` stays custom data only while `os_data.buttons` is there.
            buttons = .array([])
        }

        switch format {
        case .custom:
            if !payload.data.isEmpty { container.appendNew(Key.additionalData, .object(payload.data)) }
            if !container.isEmpty { userInfo.appendNew(Key.custom, .object(container)) }
            if let attachments { userInfo.appendNew(Key.attachments, attachments) }
            if let buttons { userInfo.appendNew(Key.buttons, buttons) }
        case .osData:
            if let attachments { container.appendNew(Key.attachments, attachments) }
            if let buttons {
                // The iOS 9 object form `{o: [...], …}` when members of it are kept; the array otherwise.
                let objectForm = ignored.keys.contains { $0.hasPrefix(format.buttonsPath + ".") }
                container.appendNew(Key.buttons, objectForm ? .object([Key.minifiedButtons: buttons]) : buttons)
            }
            userInfo.appendNew(Key.osData, .object(container))
            for (key, value) in payload.data {
                guard key != "aps", key != Key.osData else {
                    losses.append(Loss(
                        path: JSONPath.member(key, of: "$.data"), value: value,
                        reason: "'\(key)' is a key of OneSignal's os_data format itself; custom data cannot use it"))
                    continue
                }
                userInfo.appendNew(key, value)
            }
        }
        guard !ignored.isEmpty else { return userInfo }  // nothing to drop or write back
        Self.dropInsideMinifiedMembers(&ignored, format: format, losses: &losses)
        let placementLosses = JSONPlacement.writeBack(ignored, into: &userInfo)  // not lazily: it places the values
        losses.append(contentsOf: placementLosses)
        return userInfo
    }

    /// The minified form is read, never written: a value kept from inside one of its members (a button the SDK
    /// drops from a top-level `o`, a field of an `m` object, at the top level in the custom format or in
    /// `os_data.buttons` in the os_data format) has no place in the standard form — written back, it would make
    /// a member the standard form keeps whole, under another path. Each is a loss. (`os_data.buttons.o` is
    /// written in its object form, so what was kept from inside it goes back there.)
    static func dropInsideMinifiedMembers(_ ignored: inout JSONObject, format: Format, losses: inout LossList) {
        func isInsideMinifiedMember(_ steps: [JSONPath.Component]) -> Bool {
            switch format {
            case .custom:
                guard steps.count > 1, case .member(let top) = steps[0] else { return false }
                return Key.isMinifiedMember(top)
            case .osData:
                guard steps.count > 3, case .member(Key.osData) = steps[0], case .member(Key.buttons) = steps[1],
                    case .member(let member) = steps[2]
                else { return false }
                return member != Key.minifiedButtons && Key.isMinifiedMember(member)
            }
        }
        for key in Array(ignored.keys) {
            guard let steps = JSONPath.components(of: key), isInsideMinifiedMember(steps),
                let value = ignored.removeValue(forKey: key)
            else { continue }
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.ignored"), value: value,
                reason: "kept from OneSignal's minified form, which encoding does not write"))
        }
    }

    /// The `ignored` key of an `aps` that is not an object.
    static let nonObjectAPSPath = "$.aps"

    /// The format a OneSignal payload came in: the container its `tracking` entry names, else os_data when
    /// something was kept from inside `os_data`, else custom.
    static func encodedFormat(of payload: PushPayload) -> Format {
        if payload.tracking[Key.osData]?.objectValue != nil { return .osData }
        if payload.tracking[Key.custom]?.objectValue != nil { return .custom }
        let osDataPath = Format.osData.containerPath
        let keptInside = payload.ignored.keys.contains {
            $0 != osDataPath && JSONPath.isSameOrInside($0, osDataPath)
        }
        return keptInside ? .osData : .custom
    }

    /// The attachments object: the one kept whole with its first member set to `image`, else `{"id": image}`.
    static func attachments(image: String?, kept: JSONValue?) -> JSONValue? {
        guard case .object(var attachments)? = kept else {
            guard let image else { return nil }
            var object = JSONObject(minimumCapacity: 1)
            object.appendNew(Key.defaultAttachmentId, .string(image))
            return .object(object)
        }
        if let image {
            let firstKey = attachments.keys.first ?? Key.defaultAttachmentId
            if attachments[firstKey] != .string(image) { attachments[firstKey] = .string(image) }
        }
        return .object(attachments)
    }

    /// Whether attachments, written as they are, give the push an image: their first member is a non-empty string.
    static func attachmentsShowImage(_ attachments: JSONValue) -> Bool {
        guard let (_, first) = attachments.objectValue?.first, case .string(let text) = first else { return false }
        return !text.isEmpty
    }

    /// `[{"i": id, "n": title}]`, or nil without buttons. Every OneSignal button opens the app and none is
    /// destructive; past ``maxButtons`` the links, actions and text input the capabilities rule out are reported here.
    private func encodeButtons(_ buttons: [PushButton], losses: inout LossList) -> JSONValue? {
        guard !buttons.isEmpty else { return nil }
        var elements: [JSONValue] = []
        elements.reserveCapacity(buttons.count)
        // Fields read in place: no copy of each button.
        for index in buttons.indices {
            var path: String { JSONPath.element(index, of: "$.buttons") }
            if !buttons[index].foreground {
                losses.append(Loss(path: path + ".foreground", value: false, reason: "OneSignal buttons always open the app"))
            }
            if buttons[index].destructive {
                losses.append(Loss(path: path + ".destructive", value: true, reason: "OneSignal buttons cannot be destructive"))
            }
            if index >= Self.maxButtons, losses.isCollecting {
                let beyond = PushPayload(vendor: id, buttons: [buttons[index]])
                for loss in capabilities.losses(of: beyond, vendorName: name) {
                    let inner = loss.path.dropFirst("$.buttons[0]".count)
                    losses.append(Loss(path: path + inner, value: loss.value, reason: loss.reason))
                }
            }
            var element = JSONObject(minimumCapacity: 2)
            element.appendNew(Key.buttonId, .string(buttons[index].id))
            element.appendNew(Key.buttonTitle, .string(buttons[index].title))
            elements.append(.object(element))
        }
        return .array(elements)
    }
}
