import PushBridge

extension BuzzKitAdapter {
    /// Wire payload → bridge form. Never fails: what has no field is kept in `ignored` (see the type's
    /// documentation for the keys) with a diagnostic naming its JSON path.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = BuzzKitDecoding(payload: .decoding(vendor: profile.id))
        decoding.diagnostics = APSCoding.decode(userInfo["aps"], into: &decoding.payload)
        // Members are read in canonical key order, so diagnostics come out in that order: a userInfo of only
        // `aps` and `buzzkit` (the usual one) is read as it is, anything else in sorted order.
        var vendorObject: JSONValue?
        var hasOtherKey = false
        for (key, value) in userInfo {
            if key == Self.vendorKey {
                vendorObject = value
            } else if key != "aps" {
                hasOtherKey = true
                break
            }
        }
        if hasOtherKey {
            vendorObject = nil
            for (key, value) in userInfo.membersInCanonicalOrder {
                switch key {
                case "aps":
                    // APSCoding reads it, and keeps one that is not an object under `ignored["$.aps"]`.
                    break
                case Self.vendorKey:
                    vendorObject = value
                    decoding.decodeVendorObject(value)
                default:
                    decoding.payload.ignored[Self.ignoredKey(forTopLevel: key)] = value
                    decoding.diagnostics.append(Diagnostic(
                        .info, code: .ignoredKey, path: JSONPath.member(key, of: JSONPath.root),
                        message: "top-level key '\(key)' has no BuzzKit meaning; kept under ignored"))
                }
            }
        } else if let vendorObject {
            decoding.decodeVendorObject(vendorObject)
        }
        // WIRE-FORMATS §3.2: the message's category when set, else the one derived from its buttons.
        if decoding.payload.category == nil, !decoding.payload.buttons.isEmpty,
            decoding.payload.apsExtra.isEmpty || decoding.payload.apsExtra["category"] == nil
        {
            decoding.payload.category = Self.derivedCategory(for: decoding.payload.buttons)
        }
        if vendorObject == nil {
            decoding.diagnostics.append(Diagnostic(
                .warning, code: .vendorObjectMissing, path: Path.vendor,
                message: "there is no buzzkit object: no message id, so no receipts"))
        }
        return decoding.takeResult()
    }

    /// The `ignored` key for a top-level key: its own name, or its path when the name starts with `$`.
    static func ignoredKey(forTopLevel key: String) -> String {
        key.hasPrefix("$") ? JSONPath.member(key, of: JSONPath.root) : key
    }
}

/// The state of one decode: the payload so far and what was noticed.
typealias BuzzKitDecoding = DecodeContext<BuzzKitAdapter>

extension BuzzKitAdapter: WirePathTable {}

extension BuzzKitDecoding {
    /// Keeps a key BuzzKit does not read and says so.
    mutating func unknownKey(_ value: JSONValue, at path: String, _ message: String) {
        keep(value, at: path)
        diagnostics.append(Diagnostic(.warning, code: .unknownKey, path: path, message: message))
    }

    mutating func decodeVendorObject(_ value: JSONValue) {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.vendor, expected: "an object")
            return
        }
        // One pass finds BuzzKit's keys; they are then read in canonical key order (action, actions, data,
        // deepLink, image, messageId), as a sorted walk reads them. An unknown key takes the sorted walk.
        var action: JSONValue?, actions: JSONValue?, data: JSONValue?
        var deepLink: JSONValue?, image: JSONValue?, messageId: JSONValue?
        var hasUnknownKey = false
        typealias Key = BuzzKitAdapter.Key  // in patterns, the vendor's table itself
        scan: for (key, member) in members {
            // By length first (these keys' lengths all differ): each key is compared with at most one name.
            switch (key.utf8.count, key) {
            case (Key.action.utf8.count, Key.action): action = member
            case (Key.actions.utf8.count, Key.actions): actions = member
            case (Key.data.utf8.count, Key.data): data = member
            case (Key.deepLink.utf8.count, Key.deepLink): deepLink = member
            case (Key.image.utf8.count, Key.image): image = member
            case (Key.messageId.utf8.count, Key.messageId): messageId = member
            default:
                hasUnknownKey = true
                break scan
            }
        }
        if hasUnknownKey {
            for (key, member) in members.membersInCanonicalOrder { decodeVendorMember(key, member) }
            if members[Key.messageId] == nil { noteMessageIdMissing() }
            return
        }
        if let action { decodeVendorMember(Key.action, action) }
        if let actions { decodeVendorMember(Key.actions, actions) }
        if let data { decodeVendorMember(Key.data, data) }
        if let deepLink { decodeVendorMember(Key.deepLink, deepLink) }
        if let image { decodeVendorMember(Key.image, image) }
        if let messageId { decodeVendorMember(Key.messageId, messageId) } else { noteMessageIdMissing() }
    }

    private mutating func noteMessageIdMissing() {
        note(.warning, .messageIDMissing, at: JSONPath.member(Key.messageId, of: Path.vendor),
             "buzzkit has no messageId: no receipts can be sent")
    }

    /// Reads member `key` of the `buzzkit` object.
    private mutating func decodeVendorMember(_ key: String, _ member: JSONValue) {
        // Built only when a diagnostic or a kept value needs it (the hot path never does).
        var path: String { JSONPath.member(key, of: Path.vendor) }
        switch key {
        case Key.messageId:
            guard let messageId = readString(member, at: path) else { return }
            payload.messageId = messageId
            if messageId.isEmpty {
                note(.warning, .messageIDEmpty, at: path, "messageId is empty: no receipts can be sent")
            }
        case Key.deepLink:
            guard let link = readString(member, at: path) else { return }
            payload.deepLink = link
            if link.isEmpty { note(.info, .deepLinkEmpty, at: path, "deepLink is empty: a tap opens no link") }
        case Key.image:
            guard let image = readString(member, at: path) else { return }
            payload.imageURL = image
            if image.isEmpty { note(.info, .imageEmpty, at: path, "image is empty: no image is shown") }
        case Key.data:
            guard let data = readObject(member, at: path) else { return }
            payload.data = data
        case Key.action:
            decodeAction(member)
        case Key.actions:
            decodeButtons(member)
        default:
            unknownKey(member, at: path, "'\(key)' is not a BuzzKit key; kept under ignored")
        }
    }

    mutating func decodeAction(_ value: JSONValue) {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.action, expected: "an object with a name")
            return
        }
        // An action of a string `name` and an object `data` (or none) is read in one pass.
        var name: String?
        var data: JSONObject?
        var isPlain = true
        scan: for (key, member) in members {
            switch (key, member) {
            case (Key.name, .string(let text)): name = text
            case (Key.data, .object(let object)): data = object
            default:
                isPlain = false
                break scan
            }
        }
        guard isPlain, let name else {
            decodeActionKeyByKey(members, value)
            return
        }
        if name.isEmpty { noteActionNameEmpty() }
        payload.action = PushAction(name: name, data: data ?? JSONObject())
    }

    private mutating func noteActionNameEmpty() {
        note(.warning, .actionNameEmpty, at: JSONPath.member(Key.name, of: Path.action),
             "action name is empty: no handler can take it")
    }

    /// An action read key by key: what is missing, of the wrong type or unknown is diagnosed (and kept).
    private mutating func decodeActionKeyByKey(_ members: JSONObject, _ value: JSONValue) {
        guard let name = members[Key.name]?.stringValue else {
            let namePath = JSONPath.member(Key.name, of: Path.action)
            keep(value, at: Path.action)
            if let badName = members[Key.name] {
                diagnostics.append(Diagnostic.wrongType(namePath, expected: "a string", badName))
            } else {
                note(.warning, .actionNameMissing, at: namePath, "action has no name: it cannot run; kept as sent")
            }
            return
        }
        var action = PushAction(name: name, data: JSONObject())
        if name.isEmpty { noteActionNameEmpty() }
        for (key, member) in members.membersInCanonicalOrder where key != Key.name {
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: Path.action) }
            if key == Key.data {
                if let data = member.objectValue {
                    action.data = data
                } else {
                    wrongType(member, at: path, expected: "an object")
                }
            } else {
                unknownKey(member, at: path, "'\(key)' is not a key of a BuzzKit action; kept under ignored")
            }
        }
        payload.action = action
    }

    mutating func decodeButtons(_ value: JSONValue) {
        guard case .array(let elements) = value else {
            wrongType(value, at: Path.actions, expected: "an array of buttons")
            return
        }
        let shown = min(elements.count, BuzzKitAdapter.maxButtons)
        payload.buttons.reserveCapacity(payload.buttons.count + shown)
        for index in 0..<shown {
            decodeButton(elements[index], index: index)
        }
        if elements.count > BuzzKitAdapter.maxButtons {
            let dropped = elements.count - BuzzKitAdapter.maxButtons
            keep(.array(Array(elements.dropFirst(BuzzKitAdapter.maxButtons))), at: Path.droppedButtons)
            note(.error, .tooManyButtons, at: Path.button(BuzzKitAdapter.maxButtons),
                 "actions has \(elements.count) entries; BuzzKit shows at most \(BuzzKitAdapter.maxButtons), so "
                    + "\(dropped) were dropped (kept under ignored as \(Path.droppedButtons))")
        }
    }

    /// Element `index` of `actions`. A button whose keys are all BuzzKit's, each of its type, is read in one
    /// pass; any other element is read key by key in canonical order, with its diagnostics.
    mutating func decodeButton(_ element: JSONValue, index: Int) {
        guard case .object(let members) = element else {
            wrongType(element, at: Path.button(index), expected: "a button object")
            return
        }
        var id: String?, title: String?, placeholder: String?
        var destructive = false, foreground = false, input = false
        var isPlain = true
        typealias Key = BuzzKitAdapter.Key  // in patterns, the vendor's table itself
        scan: for (key, member) in members {
            // By length first: each key is compared with at most two names.
            switch (key.utf8.count, member) {
            case (Key.id.utf8.count, .string(let text)) where key == Key.id: id = text
            case (Key.title.utf8.count, .string(let text)) where key == Key.title: title = text
            case (Key.input.utf8.count, .bool(let flag)) where key == Key.input: input = flag
            case (Key.foreground.utf8.count, .bool(let flag)) where key == Key.foreground: foreground = flag
            case (Key.destructive.utf8.count, .bool(let flag)) where key == Key.destructive: destructive = flag
            case (Key.placeholder.utf8.count, .string(let text)) where key == Key.placeholder: placeholder = text
            default:
                isPlain = false
                break scan
            }
        }
        guard isPlain, let id, let title else {
            decodeButtonKeyByKey(members, element, at: Path.button(index))
            return
        }
        if id.isEmpty {
            note(.warning, .buttonIDEmpty, at: JSONPath.member(Key.id, of: Path.button(index)),
                 "the button's id is empty")
        }
        if title.isEmpty {
            note(.warning, .buttonTitleEmpty, at: JSONPath.member(Key.title, of: Path.button(index)),
                 "the button's title is empty: it shows as a blank button")
        }
        payload.buttons.append(PushButton(
            id: id, title: title, foreground: foreground, destructive: destructive, input: input,
            placeholder: placeholder))
    }

    /// A button read key by key: what is missing, of the wrong type or unknown is diagnosed (and kept).
    private mutating func decodeButtonKeyByKey(_ members: JSONObject, _ element: JSONValue, at path: String) {
        guard let buttonId = members[Key.id]?.stringValue, let title = members[Key.title]?.stringValue else {
            keep(element, at: path)
            for field in [Key.id, Key.title] where members[field]?.stringValue == nil {
                let fieldPath = JSONPath.member(field, of: path)
                if let bad = members[field] {
                    diagnostics.append(Diagnostic.wrongType(fieldPath, expected: "a string", bad))
                } else {
                    note(.warning, field == Key.id ? .buttonIDMissing : .buttonTitleMissing, at: fieldPath,
                         "the button has no \(field), so it is not shown; kept under ignored")
                }
            }
            return
        }
        var button = PushButton(id: buttonId, title: title)
        if buttonId.isEmpty {
            note(.warning, .buttonIDEmpty, at: JSONPath.member(Key.id, of: path), "the button's id is empty")
        }
        if title.isEmpty {
            note(.warning, .buttonTitleEmpty, at: JSONPath.member(Key.title, of: path),
                 "the button's title is empty: it shows as a blank button")
        }
        for (key, member) in members.membersInCanonicalOrder where key != Key.id && key != Key.title {
            // Built only when a diagnostic or a kept value needs it.
            var fieldPath: String { JSONPath.member(key, of: path) }
            switch key {
            case Key.destructive, Key.foreground, Key.input:
                guard let flag = member.boolValue else {
                    wrongType(member, at: fieldPath, expected: "true or false")
                    continue
                }
                switch key {
                case Key.destructive: button.destructive = flag
                case Key.foreground: button.foreground = flag
                default: button.input = flag
                }
            case Key.placeholder:
                guard let placeholder = readString(member, at: fieldPath) else { continue }
                button.placeholder = placeholder
            case "deepLink", "action", "url", "link":
                unknownKey(member, at: fieldPath,
                           "BuzzKit buttons have no destination of their own (a foreground button runs the "
                            + "message's action and link); '\(key)' kept under ignored")
            default:
                unknownKey(member, at: fieldPath, "'\(key)' is not a key of a BuzzKit button; kept under ignored")
            }
        }
        payload.buttons.append(button)
    }
}
