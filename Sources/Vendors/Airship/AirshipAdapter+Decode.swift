import PushBridge

extension AirshipAdapter {
    /// Wire payload → bridge form. Never fails: a value of the wrong type, a second deep link or action, an
    /// attachment member with no field and a button action no category shows are kept in `ignored` under their
    /// wire path, each with a diagnostic.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = AirshipDecoding(adapter: self, payload: PushPayload.decoding(vendor: Self.vendorID))
        decoding.diagnostics = APSCoding.decode(
            userInfo["aps"], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        // Custom data gathered here and set once: no trip through the payload's storage for each member.
        var data = JSONObject(minimumCapacity: userInfo.count)
        for position in userInfo.indices {
            // The sender's own keys, with one lookup (of the fingerprint the member keeps).
            guard let rootKey = decoding.lookup.rootKey(ofMemberAt: position, of: userInfo) else {
                // The userInfo's keys are distinct, and nothing else writes `data` here.
                data.appendMember(at: position, of: userInfo)
                continue
            }
            let (key, value) = userInfo[position]
            decoding.decode(rootKey, key, value)
        }
        decoding.payload.data = data
        decoding.decodeButtons(decoding.interactiveActions)
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one Airship decode: the payload so far and what was noticed.
struct AirshipDecoding {
    typealias Key = AirshipAdapter.Key
    typealias Path = AirshipAdapter.Path

    let lookup: AirshipAdapter.Lookup
    var payload: PushPayload
    var diagnostics: [Diagnostic] = []
    /// `com.urbanairship.interactive_actions` as the root walk found it (read after the root, once the category is
    /// known).
    var interactiveActions: JSONValue?

    init(adapter: AirshipAdapter, payload: PushPayload) {
        lookup = adapter.lookup
        self.payload = payload
    }

    /// Keeps `value` in `ignored` under its wire path, with what was noticed about it.
    mutating func setAside(_ value: JSONValue, at path: String, noting diagnostic: Diagnostic?) {
        payload.ignored[path] = value
        if let diagnostic { diagnostics.append(diagnostic) }
    }

    /// Keeps a value of the wrong type and says so.
    mutating func wrongType(_ value: JSONValue, at path: String, expected: String) {
        setAside(value, at: path, noting: Diagnostic.wrongType(path, expected: expected, value))
    }

    /// Keeps a value with no field of its own and says why.
    mutating func set(
        _ value: JSONValue, asideAt path: String, _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ why: String
    ) {
        let diagnostic = Diagnostic(severity, code: code, path: path, message: why + "; kept under ignored")
        setAside(value, at: path, noting: diagnostic)
    }

    /// Reads the root member `key`, which is `rootKey` to Airship.
    mutating func decode(_ rootKey: AirshipAdapter.RootKey, _ key: String, _ value: JSONValue) {
        // Built only when a diagnostic or a kept value needs it.
        var path: String { Path.root(key) }
        switch rootKey {
        case .aps:
            // APSCoding reported an `aps` that is not an object; keep it so nothing is lost.
            if value.objectValue == nil { setAside(value, at: Path.aps, noting: nil) }
        case .sendId:
            guard let sendId = value.stringValue else { return wrongType(value, at: path, expected: "a string") }
            payload.tracking.appendNew(key, value)  // the userInfo's keys are distinct; only these two write it
            if sendId.isEmpty {
                diagnostics.append(Diagnostic(
                    .warning, code: .sendIDEmpty, path: path,
                    message: "the send id is empty: Airship's events report it as sent"))
            } else {
                payload.messageId = sendId
            }
        case .metadata:
            guard value.stringValue != nil else { return wrongType(value, at: path, expected: "a string") }
            payload.tracking.appendNew(key, value)
        case .mediaAttachment:
            decodeMediaAttachment(value)
        case .interactiveActions:
            interactiveActions = value  // read after the root, once the category is known
        case .foregroundPresentation:
            guard let names = value.arrayValue, names.allSatisfy({ $0.stringValue != nil }) else {
                return wrongType(value, at: path, expected: "an array of presentation names (the SDK ignores it)")
            }
            set(value, asideAt: path, .info, .noBridgeField,
                "\(key) chooses how the push is shown in the foreground (the adapter's presentation follows it); "
                    + "the bridge form has no field for it")
        case .deepLink:
            guard let link = value.stringValue else { return wrongType(value, at: path, expected: "a URL string") }
            if payload.deepLink == nil {
                payload.deepLink = link
            } else {
                set(value, asideAt: path, .info, .secondDeepLink,
                    "a second deep-link action: the SDK runs both, the bridge form holds the first")
            }
        case .action:
            if payload.action == nil {
                payload.action = PushAction(name: key, data: AirshipAdapter.actionData(value))
            } else {
                set(value, asideAt: path, .info, .secondAction,
                    "action '\(key)': the SDK runs every action key, the bridge form holds the first")
            }
        }
    }

    /// `com.urbanairship.media_attachment` (`MediaAttachmentPayload`): `urls[{url, url_id}]` wins over `url`
    /// (a string or an array of strings); the first URL is the image, every other member goes to `ignored`.
    mutating func decodeMediaAttachment(_ value: JSONValue) {
        guard let members = value.objectValue else {
            return wrongType(value, at: Path.media, expected: "an object")
        }
        let hasURLs = members.contains(key: Key.urls)
        var hasURL = false
        for (key, member) in members {
            // Built only when a member is read or kept (each path is a new string).
            var path: String { JSONPath.member(key, of: Path.media) }
            switch key {
            case Key.urls:
                decodeURLObjects(member, at: path)
            case Key.url where !hasURLs:
                hasURL = true
                decodeURLStrings(member, at: path)
            case Key.url:
                hasURL = true
                set(member, asideAt: path, .info, .urlShadowed, "'urls' is present, so the SDK never reads 'url'")
            case "content":
                set(member, asideAt: Path.mediaContent, .info, .contentOverride,
                    "the service extension shows this title, subtitle and body instead of aps.alert")
            default:
                set(member, asideAt: path, .info, .noBridgeField, "attachment member '\(key)' has no bridge field")
            }
        }
        if !hasURLs, !hasURL {
            diagnostics.append(Diagnostic(
                .warning, code: .attachmentURLMissing, path: JSONPath.member(Key.url, of: Path.media),
                message: "the attachment has neither 'urls' nor 'url': the SDK shows no image"))
        }
    }

    /// `urls`: a non-empty array whose first element is an object with a string `url`. (`path` is built only
    /// when something is kept or diagnosed.)
    private mutating func decodeURLObjects(_ value: JSONValue, at path: @autoclosure () -> String) {
        guard let elements = value.arrayValue, let first = elements.first?.objectValue,
              let image = first[Key.url]?.stringValue
        else {
            return wrongType(value, at: path(), expected: "an array of {url, url_id} objects")
        }
        payload.imageURL = image
        if first.count > 1 {
            let firstPath = JSONPath.element(0, of: path())
            for (key, member) in first where key != Key.url {
                set(member, asideAt: JSONPath.member(key, of: firstPath), .info, .noBridgeField,
                    "attachment member '\(key)' has no bridge field")
            }
        }
        keepExtraAttachments(elements, at: path())
    }

    /// `url`: a string, or a non-empty array whose first element is a string.
    private mutating func decodeURLStrings(_ value: JSONValue, at path: @autoclosure () -> String) {
        if let image = value.stringValue {
            payload.imageURL = image
            return
        }
        guard let elements = value.arrayValue, let image = elements.first?.stringValue else {
            return wrongType(value, at: path(), expected: "a URL string or an array of them")
        }
        payload.imageURL = image
        keepExtraAttachments(elements, at: path())
    }

    private mutating func keepExtraAttachments(_ elements: [JSONValue], at path: @autoclosure () -> String) {
        guard elements.count > 1 else { return }
        set(.array(Array(elements.dropFirst())), asideAt: JSONPath.slice(from: 1, of: path()), .info,
            .extraAttachments, "the bridge form holds one image; the SDK attaches these too")
    }

    /// `com.urbanairship.interactive_actions`: a registered category gives the buttons (ids, titles, options, in
    /// its order) and each entry their actions; for a category PushBridge does not know, each entry is a button
    /// with an empty title. An entry no button takes, and the dismiss entry, go to `ignored`.
    mutating func decodeButtons(_ value: JSONValue?) {
        let category = payload.category.flatMap { lookup.registeredCategory($0) }
        var entries = JSONObject()
        if let value {
            if let members = value.objectValue { entries = members } else {
                wrongType(value, at: Path.interactive, expected: "an object of button id → actions")
            }
        }
        // Room for every button at once (at most ``AirshipAdapter/maxButtons``), not grown one at a time.
        let room = min((category?.actions.count ?? 0) + entries.count, AirshipAdapter.maxButtons)
        if room > 0 { payload.buttons.reserveCapacity(room) }
        if let category {
            for action in category.actions.prefix(AirshipAdapter.maxButtons) {
                var button = PushButton(
                    id: action.id, title: action.title, foreground: action.options.contains(.foreground),
                    destructive: action.options.contains(.destructive))
                if let entry = entries[action.id] { decodeButtonActions(entry, into: &button) }
                payload.buttons.append(consume button)
            }
        }
        // The category's buttons: at most ``AirshipAdapter/maxButtons``, so a look along them costs less than a set.
        let shown = payload.buttons.count
        var untitled = false
        for (buttonId, entry) in entries where !payload.buttons.prefix(shown).contains(where: { $0.id == buttonId }) {
            var path: String { Path.button(buttonId) }
            if buttonId == LifecycleStep.dismissActionIdentifier {
                set(entry, asideAt: path, .info, .dismissActions,
                    "the SDK runs these actions when the push is dismissed")
            } else if let category, category.actions.contains(where: { $0.id == buttonId }) {
                set(entry, asideAt: path, .warning, .tooManyButtons,
                    "iOS shows at most \(AirshipAdapter.maxButtons) actions of a category; '\(buttonId)' is not shown")
            } else if let category {
                set(entry, asideAt: path, .warning, .buttonNotInCategory,
                    "category '\(category.id)' has no action '\(buttonId)': iOS never reports a tap on it")
            } else if entry.objectValue == nil {
                wrongType(entry, at: path, expected: "an object of action name → value")
            } else if payload.buttons.count >= AirshipAdapter.maxButtons {
                set(entry, asideAt: path, .warning, .tooManyButtons,
                    "iOS shows at most \(AirshipAdapter.maxButtons) actions of a category")
            } else {
                var button = PushButton(id: buttonId, title: "")
                decodeButtonActions(entry, into: &button)
                payload.buttons.append(consume button)
                untitled = true
            }
        }
        if untitled {
            // One string with room for it all (an interpolation grows it piece by piece).
            let category = payload.category
            var message = "button titles and options come from "
            message.reserveCapacity(150 + (category?.utf8.count ?? 0))
            if let category {
                message += "the app's category '"
                message += category
                message += "'"
            } else {
                message += "a category (aps.category has none)"
            }
            message += ", which PushBridge cannot see; titles are left empty (pass the category as appCategories to "
            message += "know them)"
            diagnostics.append(Diagnostic(.info, code: .buttonTitlesUnknown, path: Path.interactive, message: message))
        }
    }

    /// One button's `{<action>: <value>}`: the deep-link action → `deepLink`, the first other registered action →
    /// `action`; the rest go to `ignored`.
    mutating func decodeButtonActions(_ entry: JSONValue, into button: inout PushButton) {
        // Paths are built only when a diagnostic or a kept value needs them.
        let buttonId = button.id
        var buttonPath: String { Path.button(buttonId) }
        guard let actions = entry.objectValue else {
            return wrongType(entry, at: buttonPath, expected: "an object of action name → value")
        }
        for (name, value) in actions {
            var path: String { JSONPath.member(name, of: buttonPath) }
            if AirshipAdapter.isDeepLinkActionName(name) {
                guard let link = value.stringValue else {
                    wrongType(value, at: path, expected: "a URL string")
                    continue
                }
                if button.deepLink == nil {
                    button.deepLink = link
                } else {
                    set(value, asideAt: path, .info, .secondDeepLink,
                        "a second deep-link action: the SDK runs both, the button holds the first")
                }
            } else if !lookup.isActionName(name) {
                set(value, asideAt: path, .warning, .unknownAction,
                    "'\(name)' is no action Airship registers (pass it as customActionNames if the app does); "
                        + "the SDK skips it")
            } else if button.action == nil {
                button.action = PushAction(name: name, data: AirshipAdapter.actionData(value))
            } else {
                set(value, asideAt: path, .info, .secondAction,
                    "action '\(name)': the SDK runs every action of the button, the bridge form holds the first")
            }
        }
    }
}
