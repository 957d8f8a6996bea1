import PushBridge

extension BrazeAdapter {
    /// Wire payload → bridge form. Never fails: a value of the wrong type is kept in `ignored` under its wire
    /// path (`$.ab.att.url`) with a diagnostic; everything inside `ab` is also kept whole in `tracking`.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = BrazeDecoding(payload: PushPayload(vendor: id))
        decoding.diagnostics = APSCoding.decode(
            userInfo[Key.aps], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        var buttonEntries: JSONObject?
        decoding.payload.data.reserveCapacity(userInfo.count)
        // Members in the payload's own order (custom data keeps it; R4a).
        for (key, value) in userInfo {
            switch key {
            case Key.aps:
                // APSCoding reports an `aps` that is not an object; keep it so nothing is lost.
                if value.objectValue == nil { decoding.keep(value, at: Path.aps) }
            case Self.vendorKey:
                buttonEntries = decoding.decodeVendorObject(value)
            case Key.uri:
                guard let link = decoding.readString(value, at: Path.uri) else { continue }
                decoding.payload.deepLink = link
            case Key.useWebView:
                guard value.boolValue != nil else {
                    decoding.wrongType(value, at: Path.useWebView, expected: "true or false")
                    continue
                }
                decoding.payload.ignored[Key.useWebView] = value
                decoding.note(
                    .info, .webViewFlag, at: Path.useWebView,
                    "ab_use_webview asks for ab_uri in an in-app web view: the tap offers it to the app's web-view "
                        + "presenter; kept under ignored")
            default:
                // The userInfo's keys are distinct, and nothing else writes `data` here.
                decoding.payload.data.appendNew(key, value)
                if key.utf8.count >= Key.shortestInternalFlag, Key.internalFlags.contains(key) {
                    decoding.note(
                        .info, .brazeInternal, at: JSONPath.member(key, of: JSONPath.root),
                        "'\(key)' marks one of Braze's internal pushes; kept in data")
                }
            }
        }
        decoding.decodeButtons(buttonEntries, category: decoding.payload.category)
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one decode: the payload so far and what was noticed.
typealias BrazeDecoding = DecodeContext<BrazeAdapter>

extension BrazeAdapter: WirePathTable {}

extension BrazeDecoding {
    /// Reads `ab`; returns its `ab_cat` object for ``decodeButtons(_:category:)``.
    mutating func decodeVendorObject(_ value: JSONValue) -> JSONObject? {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.vendor, expected: "an object")
            return nil
        }
        payload.tracking[BrazeAdapter.vendorKey] = value
        if members.isEmpty {
            note(.warning, .brazeObjectEmpty, at: Path.vendor, "ab is empty: the Braze SDK does not handle this push")
        }
        var buttonEntries: JSONObject?
        for (key, member) in members.membersInCanonicalOrder {
            switch key {
            case Key.attachment:
                decodeAttachment(member)
            case Key.buttons:
                guard let entries = member.objectValue else {
                    wrongType(member, at: Path.buttons, expected: "an object keyed by action id")
                    continue
                }
                buttonEntries = entries
            case Key.campaign:
                if member.stringValue == nil, member != .null {
                    wrongType(member, at: Path.campaign, expected: "a string or null")
                }
            case Key.pushStory:
                note(.info, .pushStory, at: JSONPath.member(key, of: Path.vendor),
                     "a Push Story: its pages (ab.c_items) are drawn by Braze's content extension; kept in tracking")
            case Key.contentCard:
                note(.info, .contentCardSync, at: JSONPath.member(key, of: Path.vendor),
                     "ab.ab_cd asks the Braze SDK to sync Content Cards; kept in tracking")
            default:
                continue  // kept in tracking with the rest of `ab`
            }
        }
        return buttonEntries
    }

    /// `ab.att`: `url` is the image; `type` (the file extension) has no field and goes to `ignored` (D11).
    mutating func decodeAttachment(_ value: JSONValue) {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.attachment, expected: "an object with url and type")
            return
        }
        for (key, member) in members.membersInCanonicalOrder {
            switch key {
            case Key.url:
                guard let url = readString(member, at: Path.imageURL) else { continue }
                payload.imageURL = url
            case Key.type:
                if member.stringValue == nil {
                    wrongType(member, at: Path.imageType, expected: "a string")
                } else {
                    keep(member, at: Path.imageType)
                }
            default:
                keep(member, at: JSONPath.member(key, of: Path.attachment))
                note(.info, .unknownKey, at: JSONPath.member(key, of: Path.attachment),
                     "'\(key)' is not a key of ab.att; kept under ignored")
            }
        }
        if payload.imageURL != nil, members[Key.type] == nil {
            note(.warning, .attachmentTypeMissing, at: Path.imageType,
                 "ab.att has a url but no type; Braze's sample service extension needs both to attach it")
        }
    }

    /// The buttons: the actions of a default category (titles known), else the `ab.ab_cat` entries of the
    /// app's category (titles unknown: empty). Without a category iOS shows no buttons.
    mutating func decodeButtons(_ entries: JSONObject?, category: String?) {
        let defaults = BrazeAdapter.defaultActions(ofCategory: category)
        if let defaults {
            for action in defaults {
                var button = PushButton(id: action.id, title: action.title, foreground: action.foreground)
                if let entry = entries?[action.id]?.objectValue { button.deepLink = link(of: entry, id: action.id) }
                payload.buttons.append(button)
            }
        }
        guard let entries, !entries.isEmpty else { return }
        guard category != nil else {
            note(.warning, .buttonsWithoutCategory, at: Path.buttons,
                 "ab.ab_cat describes buttons but aps.category names no category: iOS shows none; kept in tracking")
            return
        }
        var titlesUnknown = false
        for (actionId, entry) in entries {
            let path = Path.button(actionId)
            guard let members = entry.objectValue else {
                wrongType(entry, at: path, expected: "an object {a_t, a_uri, a_use_webview}")
                continue
            }
            let behaviour = behaviour(of: members, id: actionId)
            if let defaults {
                if !defaults.contains(where: { $0.id == actionId }) {
                    note(.warning, .buttonNotInCategory, at: path,
                         "'\(actionId)' is not an action of \(category ?? ""): iOS never shows it; kept in tracking")
                }
                continue
            }
            payload.buttons.append(PushButton(
                id: actionId, title: "", deepLink: link(of: members, id: actionId), foreground: behaviour != .close))
            titlesUnknown = true
        }
        if titlesUnknown {
            note(.info, .buttonTitlesUnknown, at: Path.buttons,
                 "button titles come from the app's registered category \(category ?? ""); the payload has none")
        }
    }

    /// What an entry's `a_t` does (nil: missing or not one PushBridge knows); wrong types are kept.
    private mutating func behaviour(of entry: JSONObject, id: String) -> BrazeAdapter.ButtonBehaviour? {
        if let flag = entry[Key.actionUseWebView], flag.boolValue == nil {
            wrongType(flag, at: JSONPath.member(Key.actionUseWebView, of: Path.button(id)), expected: "true or false")
        }
        let path = JSONPath.member(Key.actionType, of: Path.button(id))
        guard let value = entry[Key.actionType] else { return nil }
        guard let actionType = readString(value, at: path) else { return nil }
        let behaviour = BrazeAdapter.buttonBehaviour(ofActionType: actionType)
        if behaviour == nil {
            note(.warning, .buttonActionTypeUnknown, at: path,
                 "a_t '\(actionType)' is not a click action type PushBridge knows; the button follows its a_uri")
        }
        return behaviour
    }

    /// The button's own link: `a_uri` when the button opens a URI (or says nothing PushBridge knows).
    private mutating func link(of entry: JSONObject, id: String) -> String? {
        let behaviour = entry[Key.actionType]?.stringValue.flatMap(BrazeAdapter.buttonBehaviour(ofActionType:))
        guard let value = entry[Key.actionURI] else { return nil }
        guard let uri = readString(value, at: JSONPath.member(Key.actionURI, of: Path.button(id))) else { return nil }
        return behaviour == nil || behaviour == .openURI ? uri : nil
    }
}
