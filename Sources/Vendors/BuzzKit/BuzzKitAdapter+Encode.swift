import PushBridge

extension BuzzKitAdapter {
    /// Bridge form → wire payload.
    ///
    /// Writes `aps` with `APSCoding`, adding `mutable-content: 1` for an image or buttons and the derived
    /// `buzzkit.…` category when there are buttons and no category. Losses: the 5th and later buttons, a
    /// button's own deep link or action, and an `ignored` entry that no longer fits where decoding took it
    /// from (one that collides with a field); the others are written back.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        let buttons = payload.buttons.count > Self.maxButtons
            ? Array(payload.buttons.prefix(Self.maxButtons)) : payload.buttons
        // Each button is read where it is (a loss is built only when losses are collected).
        for index in payload.buttons.indices {
            var path: String { JSONPath.element(index, of: "$.buttons") }
            guard index < Self.maxButtons else {
                losses.append(Loss(
                    path: path, value: payload.buttons[index].json,
                    reason: "BuzzKit shows at most \(Self.maxButtons) buttons"))
                continue
            }
            if let link = payload.buttons[index].deepLink {
                losses.append(Loss(
                    path: JSONPath.member("deepLink", of: path), value: .string(link),
                    reason: Self.opensSameLink(payload.buttons[index], as: payload)
                        ? "BuzzKit buttons have no destination of their own; this foreground button still opens "
                            + "the message's deep link, which is the same"
                        : "BuzzKit buttons have no destination of their own (a foreground button runs the message's "
                            + "action and link)"))
            }
            if let action = payload.buttons[index].action {
                losses.append(Loss(
                    path: JSONPath.member("action", of: path), value: action.json,
                    reason: "BuzzKit buttons have no action of their own (a foreground button runs the "
                        + "message's action)"))
            }
        }

        var aps = payload.encodedAPS(
            requiringServiceExtensionWhen: .imageOrButtons, vendor: profile.id, vendorName: profile.name, losses: &losses)
        if payload.category == nil, !buttons.isEmpty {
            // Written into `aps` as `APSCoding` writes a category (over a kept `apsExtra` one), without a copy
            // of the payload to set it on.
            aps["category"] = .string(Self.derivedCategory(for: buttons))
            losses.append(contentsOf: Self.overwritten("category", in: payload, by: "the category derived from the buttons"))
        }
        let vendorObject = Self.vendorObject(payload, buttons: buttons)

        var root: JSONObject = JSONObject(minimumCapacity: 2)
        if !aps.isEmpty || payload.vendor != profile.id || payload.ignored[Self.apsPath] == nil {
            root.appendNew("aps", .object(aps))
        }
        if !vendorObject.isEmpty || payload.vendor != profile.id || payload.ignored[Path.vendor] == nil {
            root.appendNew(Self.vendorKey, .object(vendorObject))
        }
        guard !payload.ignored.isEmpty else { return root }

        let placementLosses = JSONPlacement.writeBack(
            payload.ignored, into: &root, creatingObjects: false, plainKeysAreMembers: true)  // not lazily
        losses.append(contentsOf: placementLosses.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) })
        return root
    }

    /// The `ignored` path of a non-object `aps` kept by decoding.
    private static let apsPath = JSONPath.member("aps", of: JSONPath.root)

    /// Whether `button` is a foreground, non-destructive button whose deep link is the message's own.
    private static func opensSameLink(_ button: PushButton, as payload: PushPayload) -> Bool {
        button.deepLink == payload.deepLink && button.foreground && !button.destructive
    }

    /// A loss for an `apsExtra` value (kept there because it had the wrong type) that a typed field replaces.
    private static func overwritten(_ key: String, in payload: PushPayload, by replacement: String) -> [Loss] {
        guard let value = payload.apsExtra[key] else { return [] }
        return [Loss(
            path: JSONPath.member(key, of: "$.apsExtra"), value: value,
            reason: "BuzzKit writes \(replacement) in its place")]
    }

    /// The `buzzkit` object: only the fields that are set, button flags only when true.
    static func vendorObject(_ payload: PushPayload, buttons: [PushButton]) -> JSONObject {
        // Each key is written once into a new object: appended without a lookup.
        var object: JSONObject = JSONObject(minimumCapacity: 6)
        if let messageId = payload.messageId { object.appendNew(Key.messageId, .string(messageId)) }
        if let link = payload.deepLink { object.appendNew(Key.deepLink, .string(link)) }
        if let action = payload.action {
            var members = JSONObject(minimumCapacity: 2)
            members.appendNew(Key.name, .string(action.name))
            if !action.data.isEmpty { members.appendNew(Key.data, .object(action.data)) }
            object.appendNew(Key.action, .object(members))
        }
        if !buttons.isEmpty {
            object.appendNew(Key.actions, .array(buttons.map { button in
                var members: JSONObject = JSONObject(minimumCapacity: 6)
                members.appendNew(Key.id, .string(button.id))
                members.appendNew(Key.title, .string(button.title))
                if button.destructive { members.appendNew(Key.destructive, true) }
                if button.foreground { members.appendNew(Key.foreground, true) }
                if button.input { members.appendNew(Key.input, true) }
                if let placeholder = button.placeholder { members.appendNew(Key.placeholder, .string(placeholder)) }
                return .object(members)
            }))
        }
        if let image = payload.imageURL { object.appendNew(Key.image, .string(image)) }
        if !payload.data.isEmpty { object.appendNew(Key.data, .object(payload.data)) }
        return object
    }
}
