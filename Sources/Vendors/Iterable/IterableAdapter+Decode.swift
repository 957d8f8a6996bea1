import PushBridge

extension IterableAdapter {
    /// Wire payload → bridge form. Never fails: what has no field is kept in `ignored` under its wire path,
    /// with a diagnostic.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = IterableDecoding(payload: PushPayload(vendor: id))
        decoding.diagnostics = APSCoding.decode(
            userInfo["aps"], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        if let aps = userInfo["aps"], aps.objectValue == nil { decoding.keep(aps, at: Path.aps) }

        let itbl = decoding.vendorObject(userInfo[Self.vendorKey])
        let ghost = Self.ghostFlag(itbl?[Key.isGhostPush]) == true
        if let itbl { decoding.decodeVendorObject(itbl, ghost: ghost) }
        if ghost { decoding.decodeGhostPush(root: userInfo, itbl: itbl ?? [:]) }

        let hasDefaultAction = itbl?[Key.defaultAction]?.objectValue != nil
        decoding.payload.data.reserveCapacity(userInfo.count)
        for position in userInfo.indices {
            let (key, value) = userInfo[position]
            switch key {
            case "aps", Self.vendorKey:
                continue
            case Key.messageId where ghost, Key.notificationType where ghost:
                continue  // read by decodeGhostPush
            case Key.url:
                decoding.decodeLegacyURL(value, used: itbl != nil && !hasDefaultAction)
            default:
                // The userInfo's keys are distinct; only this loop writes data.
                decoding.payload.data.appendMember(at: position, of: userInfo)
            }
        }
        decoding.checkCategory(itbl: itbl)
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one decode: the payload so far and what was noticed.
typealias IterableDecoding = DecodeContext<IterableAdapter>

extension IterableAdapter: WirePathTable {}

extension IterableDecoding {
    /// Keeps a value the SDK does not read and says why.
    mutating func unread(
        _ value: JSONValue, at path: String, _ code: DiagnosticCode, _ message: String,
        severity: Diagnostic.Severity = .warning
    ) {
        keep(value, at: path)
        note(severity, code, at: path, message)
    }

    /// `itbl` as an object. A string (even one holding a JSON object) is not read: the SDK casts `itbl` to a
    /// dictionary and ignores the push otherwise
    /// (Iterable/iterable-swift-sdk:swift-sdk/Internal/InternalIterableAppIntegration.swift@25cd00e1); it is
    /// kept as sent and reported. Anything else is kept and reported as the wrong type.
    mutating func vendorObject(_ value: JSONValue?) -> JSONObject? {
        switch value {
        case nil:
            note(.warning, .itblMissing, at: Path.vendor, "there is no itbl object: the Iterable SDK ignores this push")
            return nil
        case .object(let members)?:
            return members
        case .string(let text)?:
            unread(.string(text), at: Path.vendor, .itblJSONString,
                   "itbl is a string: the Iterable SDK reads only a dictionary and ignores this push")
            return nil
        case let value?:
            wrongType(value, at: Path.vendor, expected: "an object")
            return nil
        }
    }

    mutating func decodeVendorObject(_ itbl: JSONObject, ghost: Bool) {
        var metadata: JSONObject = [:]
        for (key, member) in itbl {
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: Path.vendor) }
            switch key {
            case Key.messageId:
                guard let messageId = member.stringValue else {
                    wrongType(member, at: path, expected: "a string")
                    note(.warning, .trackingIncomplete, at: path, "without a string messageId no trackPushOpen is sent")
                    continue
                }
                // trackPushOpen sends it (D3). A ghost push's messageId comes from the root instead.
                metadata.appendNew(key, member)
                if !ghost { payload.messageId = messageId }
            case Key.campaignId, Key.templateId:
                guard member.numberValue != nil else {
                    wrongType(member, at: path, expected: "a number")
                    note(.warning, .trackingIncomplete, at: path, "without a number \(key) no trackPushOpen is sent")
                    continue
                }
                metadata.appendNew(key, member)
            case Key.isGhostPush:
                guard IterableAdapter.ghostFlag(member) != nil else {
                    wrongType(member, at: path, expected: "true, false, 1 or 0")
                    note(.warning, .trackingIncomplete, at: path, "without an isGhostPush flag no trackPushOpen is sent")
                    continue
                }
                metadata.appendNew(key, member)
            case Key.attachmentURL:
                guard let image = readString(member, at: path) else { continue }
                payload.imageURL = image
            case Key.defaultAction:
                decodeDefaultAction(member)
            case Key.actionButtons:
                decodeButtons(member)
            case Key.notificationType:
                continue  // read by decodeGhostPush
            default:
                unread(member, at: path, .unknownKey, "'\(key)' is not read by the Iterable SDK; kept under ignored",
                       severity: .info)
            }
        }
        if !metadata.isEmpty { payload.tracking[IterableAdapter.vendorKey] = .object(metadata) }
        if !ghost, payload.messageId == nil, itbl[Key.messageId] == nil {
            note(.warning, .messageIDMissing, at: JSONPath.member(Key.messageId, of: Path.vendor),
                 "itbl has no messageId: no trackPushOpen is sent and the extension derives no category")
        }
        if !ghost, let type = itbl[Key.notificationType] {
            unread(type, at: JSONPath.member(Key.notificationType, of: Path.vendor), .notGhostPush,
                   "notificationType is read only for a ghost push (itbl.isGhostPush true); kept under ignored")
        }
    }

    /// A ghost push: `messageId` and `notificationType` from the root, else from `itbl` (R4a, D8).
    mutating func decodeGhostPush(root: JSONObject, itbl: JSONObject) {
        func read(_ key: String) -> String? {
            let rootPath = JSONPath.member(key, of: JSONPath.root)
            let itblPath = JSONPath.member(key, of: Path.vendor)
            var found: String?
            if let value = root[key] {
                if let text = value.stringValue { found = text } else { wrongType(value, at: rootPath, expected: "a string") }
            }
            guard let inside = itbl[key] else { return found }
            if found != nil {
                // itbl.messageId is tracking data of its own; a second notificationType is not read.
                if key == Key.notificationType {
                    unread(inside, at: itblPath, .ghostFieldShadowed,
                           "the root notificationType wins; this one is kept under ignored", severity: .info)
                }
                return found
            }
            guard let text = inside.stringValue else {
                if key == Key.notificationType { wrongType(inside, at: itblPath, expected: "a string") }
                return nil
            }
            note(.warning, .ghostFieldInItbl, at: itblPath,
                 "a ghost push's \(key) belongs at the root, where the SDK reads it; read from itbl instead (D8)")
            return text
        }
        if let messageId = read(Key.messageId) { payload.messageId = messageId }
        // A ghost push's named action is its notificationType, which is where encoding writes it: a named default
        // action is kept whole (in place of what decoding it kept inside it), with or without a notificationType.
        if payload.action != nil, let original = itbl[Key.defaultAction] {
            payload.action = nil
            payload.ignored = payload.ignored.filter { !JSONPath.isSameOrInside($0.key, Path.defaultAction) }
            unread(original, at: Path.defaultAction, .ghostDefaultAction,
                   "a ghost push's action is its notificationType; the default action is kept under ignored, "
                       + "and a tap still runs it")
        }
        if let type = read(Key.notificationType) {
            payload.action = PushAction(name: type)
            if !IterableAdapter.silentNotificationTypes.contains(type) {
                note(.warning, .notificationTypeUnknown, at: JSONPath.member(Key.notificationType, of: JSONPath.root),
                     "'\(type)' is not InAppUpdate, InAppRemove or UpdateEmbedded: the SDK runs no sync for it")
            }
        }
    }

    /// The legacy root `url`: the body tap's link when `itbl` has no `defaultAction` object.
    mutating func decodeLegacyURL(_ value: JSONValue, used: Bool) {
        guard let link = readString(value, at: Path.url) else { return }
        guard used else {
            unread(value, at: Path.url, .legacyURLUnused,
                   "url is read only when itbl has no defaultAction; kept under ignored", severity: .info)
            return
        }
        if !link.isEmpty { payload.deepLink = link }
    }

    /// `itbl.defaultAction`: `openUrl` → the deep link, another type → the named action.
    mutating func decodeDefaultAction(_ value: JSONValue) {
        switch decodeAction(value, at: Path.defaultAction) {
        case .link(let link): payload.deepLink = link
        case .named(let action): payload.action = action
        case .nothing: break
        }
    }

    /// What an Iterable action object (`{type, data}`) does.
    enum ActionOutcome {
        case link(String)
        case named(PushAction)
        case nothing
    }

    /// Reads an action object as `IterableAction` does: `type` a non-empty string; `data` a string (the link of
    /// an `openUrl`, the data of another type). An action that does nothing is kept whole under `ignored`.
    mutating func decodeAction(_ value: JSONValue, at path: @autoclosure () -> String) -> ActionOutcome {
        guard case .object(let members) = value else {
            wrongType(value, at: path(), expected: "an action object {type, data}")
            return .nothing
        }
        // Built only when a diagnostic needs them.
        var typePath: String { JSONPath.member(Key.type, of: path()) }
        var dataPath: String { JSONPath.member(Key.data, of: path()) }
        guard let type = members[Key.type]?.stringValue, !type.isEmpty else {
            let problem = members[Key.type] == nil ? "has no type" : "has no non-empty string type"
            unread(value, at: path(), .actionTypeMissing, "the action \(problem), so it does nothing; kept under ignored")
            if let bad = members[Key.type], bad.stringValue == nil {
                diagnostics.append(Diagnostic.wrongType(typePath, expected: "a string", bad))
            }
            return .nothing
        }
        let data = members[Key.data]?.stringValue
        if type == IterableAdapter.openURLActionType, data?.isEmpty ?? true {
            unread(value, at: path(), .actionLinkMissing, "an openUrl action without a link does nothing; kept under ignored")
            if let bad = members[Key.data], bad.stringValue == nil {
                diagnostics.append(Diagnostic.wrongType(dataPath, expected: "a string", bad))
            }
            return .nothing
        }
        for (key, member) in members where key != Key.type {
            if key == Key.data {
                if member.stringValue == nil { wrongType(member, at: dataPath, expected: "a string") }
            } else {
                unread(member, at: JSONPath.member(key, of: path()), .unknownKey,
                       "'\(key)' is not a key of an Iterable action; kept under ignored")
            }
        }
        if type == IterableAdapter.openURLActionType, let data { return .link(data) }
        return .named(PushAction(name: type, data: data.map { [Key.data: .string($0)] } ?? [:]))
    }

    /// `itbl.actionButtons`: an array of button objects. One element that is not an object makes the SDK show
    /// no button at all; a button without a string `identifier` and `title` is dropped.
    mutating func decodeButtons(_ value: JSONValue) {
        guard case .array(let elements) = value else {
            wrongType(value, at: Path.actionButtons, expected: "an array of buttons")
            return
        }
        guard elements.allSatisfy({ $0.objectValue != nil }) else {
            unread(value, at: Path.actionButtons, .actionButtonsMalformed,
                   "an element of actionButtons is not an object, so the SDK shows no button; kept under ignored")
            return
        }
        for (index, element) in elements.enumerated() {
            decodeButton(element.objectValue ?? [:], at: index)
        }
    }

    mutating func decodeButton(_ members: JSONObject, at index: Int) {
        // Paths are built only when a diagnostic or a kept value needs them (a button read as sent never does).
        var path: String { Path.button(index) }
        guard let buttonId = members[Key.identifier]?.stringValue, let title = members[Key.title]?.stringValue else {
            let missing = [Key.identifier, Key.title].filter { members[$0]?.stringValue == nil }
            unread(.object(members), at: path, .buttonDropped,
                   "the button has no string \(missing.joined(separator: " or ")), so the SDK drops it; kept under ignored")
            return
        }
        var button = PushButton(id: buttonId, title: title, foreground: true)
        for (key, member) in members where key != Key.identifier && key != Key.title {
            var memberPath: String { Path.buttonMember(key, index) }
            switch key {
            case Key.buttonType:
                guard let type = readString(member, at: memberPath) else { continue }
                switch type {
                case IterableAdapter.ButtonType.destructive: button.destructive = true
                case IterableAdapter.ButtonType.textInput: button.input = true
                case IterableAdapter.ButtonType.standard: break
                default:
                    unread(member, at: memberPath, .buttonTypeUnknown,
                           "buttonType '\(type)' is not default, destructive or textInput: shown as a default button")
                }
            case Key.openApp:
                guard let flag = Self.flag(member) else {
                    wrongType(member, at: memberPath, expected: "true or false (the SDK then opens the app)")
                    continue
                }
                button.foreground = flag
                if IterableAdapter.ghostFlag(member) == nil {
                    // A number other than 0 or 1: read as `boolValue` (non-zero), kept as sent for the round trip.
                    keep(member, at: memberPath)
                    diagnostics.append(Diagnostic.wrongType(
                        memberPath, expected: "true or false (the SDK reads this number as \(flag))", member))
                }
            case Key.inputPlaceholder:
                guard let placeholder = readString(member, at: memberPath) else { continue }
                button.placeholder = placeholder
            case Key.requiresUnlock, Key.inputTitle, Key.actionIcon:
                // No bridge field: kept for the category this button registers (IterableAdapter+Categories).
                keep(member, at: memberPath)
                if key == Key.requiresUnlock, Self.flag(member) == nil {
                    diagnostics.append(Diagnostic.wrongType(memberPath, expected: "true or false", member))
                } else if key == Key.inputTitle, member.stringValue == nil {
                    diagnostics.append(Diagnostic.wrongType(memberPath, expected: "a string", member))
                } else if key == Key.actionIcon, member.objectValue == nil {
                    diagnostics.append(Diagnostic.wrongType(memberPath, expected: "an object {iconType, imageName}", member))
                }
            case Key.action:
                switch decodeAction(member, at: memberPath) {
                case .link(let link): button.deepLink = link
                case .named(let action): button.action = action
                case .nothing: break
                }
            default:
                unread(member, at: memberPath, .unknownKey,
                       "'\(key)' is not a key of an Iterable button; kept under ignored")
            }
        }
        payload.buttons.append(button)
    }

    /// A flag as the SDK reads it (`NSNumber.boolValue`): a boolean, or a number (non-zero is true).
    static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .number(let number): return number.doubleValue.map { $0 != 0 }
        default: return nil
        }
    }

    /// The extension shows the buttons only under the category it derives from `itbl.messageId`: with an
    /// `aps.category` it shows that category's actions instead. A category equal to the messageId is the one
    /// the extension derived (read back from a delivered notification): it is kept under `ignored`, so it is
    /// never carried into another vendor (D13).
    mutating func checkCategory(itbl: JSONObject?) {
        guard let category = payload.category, !category.isEmpty else { return }
        let categoryPath = JSONPath.member("category", of: Path.aps)
        if let messageId = itbl?[Key.messageId]?.stringValue, messageId == category {
            payload.category = nil
            unread(.string(category), at: categoryPath, .categoryDerived,
                   "the category is the messageId the extension derives it from; kept under ignored", severity: .info)
        } else if !payload.buttons.isEmpty {
            note(.info, .buttonsHiddenByCategory, at: categoryPath,
                 "with aps.category set the extension registers no category for the buttons: iOS shows the actions "
                    + "the app registered for '\(category)'")
        }
    }
}
