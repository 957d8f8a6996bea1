import PushBridge

extension BrazeAdapter {
    /// Wire payload → bridge form. Never fails: a value of the wrong type is kept in `ignored` under its wire
    /// path (`$.ab.att.url`) with a diagnostic; everything inside `ab` is also kept whole in `tracking`.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        // `profile.id`: the stored id, not the protocol's `id`, which goes through the profile getter (a call and a
        // retain, ~80 instructions).
        var decoding = BrazeDecoding(payload: PushPayload.decoding(vendor: profile.id))
        decoding.diagnostics = APSCoding.decode(
            userInfo[Key.aps], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        var buttonEntries: JSONObject?
        // Custom data gathered here and set once: no trip through the payload's storage for each member.
        var data = JSONObject(minimumCapacity: userInfo.count)
        let shortestInternalFlag = Key.shortestInternalFlag
        // Members in the payload's own order (custom data keeps it; R4a).
        for position in userInfo.indices {
            let (key, value) = userInfo[position]
            switch Key.reserved(key) {
            case .aps:
                // APSCoding reports an `aps` that is not an object; keep it so nothing is lost.
                if value.objectValue == nil { decoding.keep(value, at: Path.aps) }
            case .vendor:
                buttonEntries = decoding.decodeVendorObject(value)
            case .uri:
                guard let link = decoding.readString(value, at: Path.uri) else { continue }
                decoding.payload.deepLink = link
            case .useWebView:
                guard value.boolValue != nil else {
                    decoding.wrongType(value, at: Path.useWebView, expected: "true or false")
                    continue
                }
                decoding.payload.ignored[Key.useWebView] = value
                decoding.note(
                    .info, .webViewFlag, at: Path.useWebView,
                    "ab_use_webview asks for ab_uri in an in-app web view: the tap offers it to the app's web-view "
                        + "presenter; kept under ignored")
            case nil:
                // The userInfo's keys are distinct, and nothing else writes `data` here.
                data.appendMember(at: position, of: userInfo)
                if key.utf8.count >= shortestInternalFlag, Key.internalFlags.contains(key) {
                    decoding.note(
                        .info, .brazeInternal, at: JSONPath.member(key, of: JSONPath.root),
                        "'\(key)' marks one of Braze's internal pushes; kept in data")
                }
            }
        }
        decoding.payload.data = data
        decoding.decodeButtons(buttonEntries, category: decoding.payload.category)
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one decode: the payload so far and what was noticed.
typealias BrazeDecoding = DecodeContext<BrazeAdapter>

extension BrazeAdapter: WirePathTable {}

extension BrazeAdapter {
    /// The members of an `ab.ab_cat` entry that are read, found in one pass (by length first, as
    /// ``Key/reserved(_:)`` compares): one walk of the entry instead of a lookup for each.
    struct ButtonFields {
        var actionType, uri, useWebView: JSONValue?

        init(_ entry: JSONObject) {
            for (key, member) in entry {
                switch key.utf8.count {
                case 3 where key == Key.actionType: actionType = member
                case 5 where key == Key.actionURI: uri = member
                case 13 where key == Key.actionUseWebView: useWebView = member
                default: continue
                }
            }
        }
    }
}

extension BrazeDecoding {
    /// Reads `ab`; returns its `ab_cat` object for ``decodeButtons(_:category:)``.
    mutating func decodeVendorObject(_ value: JSONValue) -> JSONObject? {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.vendor, expected: "an object")
            return nil
        }
        // `ab` is the first member of `tracking` (the userInfo's keys are distinct).
        payload.tracking.appendNew(BrazeAdapter.vendorKey, value)
        if members.isEmpty {
            note(.warning, .brazeObjectEmpty, at: Path.vendor, "ab is empty: the Braze SDK does not handle this push")
        }
        // The members read, found in one pass and handled in canonical order (UTF-8 byte order: `ab_carousel`,
        // `ab_cat`, `ab_cd`, `att`, `c`), without sorting `ab`. Any other member stays in tracking only.
        var pushStory = false, contentCard = false
        var attachment: JSONValue?, buttons: JSONValue?, campaign: JSONValue?
        for (key, member) in members {
            switch key.utf8.count {
            case 1 where key == Key.campaign: campaign = member
            case 3 where key == Key.attachment: attachment = member
            case 5 where key == Key.contentCard: contentCard = true
            case 6 where key == Key.buttons: buttons = member
            case 11 where key == Key.pushStory: pushStory = true
            default: continue
            }
        }
        if pushStory {
            note(.info, .pushStory, at: JSONPath.member(Key.pushStory, of: Path.vendor),
                 "a Push Story: its pages (ab.c_items) are drawn by Braze's content extension; kept in tracking")
        }
        var buttonEntries: JSONObject?
        if let buttons {
            if let entries = buttons.objectValue {
                buttonEntries = entries
            } else {
                wrongType(buttons, at: Path.buttons, expected: "an object keyed by action id")
            }
        }
        if contentCard {
            note(.info, .contentCardSync, at: JSONPath.member(Key.contentCard, of: Path.vendor),
                 "ab.ab_cd asks the Braze SDK to sync Content Cards; kept in tracking")
        }
        if let attachment { decodeAttachment(attachment) }
        if let campaign, campaign.stringValue == nil, campaign != .null {
            wrongType(campaign, at: Path.campaign, expected: "a string or null")
        }
        return buttonEntries
    }

    /// `ab.att`: `url` is the image; `type` (the file extension) has no field and goes to `ignored` (D11).
    mutating func decodeAttachment(_ value: JSONValue) {
        guard case .object(let members) = value else {
            wrongType(value, at: Path.attachment, expected: "an object with url and type")
            return
        }
        var url: JSONValue?, type: JSONValue?, others = false
        for (key, member) in members {
            switch key.utf8.count {
            case 3 where key == Key.url: url = member
            case 4 where key == Key.type: type = member
            default: others = true
            }
        }
        if others {
            // Members of another name are reported among `url` and `type` in canonical order.
            for (key, member) in members.membersInCanonicalOrder {
                switch key {
                case Key.url: decodeImageURL(member)
                case Key.type: decodeImageType(member)
                default:
                    keep(member, at: JSONPath.member(key, of: Path.attachment))
                    note(.info, .unknownKey, at: JSONPath.member(key, of: Path.attachment),
                         "'\(key)' is not a key of ab.att; kept under ignored")
                }
            }
        } else {
            // Canonical order: `type` before `url`.
            if let type { decodeImageType(type) }
            if let url { decodeImageURL(url) }
        }
        if payload.imageURL != nil, type == nil {
            note(.warning, .attachmentTypeMissing, at: Path.imageType,
                 "ab.att has a url but no type; Braze's sample service extension needs both to attach it")
        }
    }

    private mutating func decodeImageURL(_ member: JSONValue) {
        guard let url = readString(member, at: Path.imageURL) else { return }
        payload.imageURL = url
    }

    private mutating func decodeImageType(_ member: JSONValue) {
        if member.stringValue == nil {
            wrongType(member, at: Path.imageType, expected: "a string")
        } else {
            keep(member, at: Path.imageType)
        }
    }

    /// The buttons: the actions of a default category (titles known), else the `ab.ab_cat` entries of the
    /// app's category (titles unknown: empty). Without a category iOS shows no buttons.
    mutating func decodeButtons(_ entries: JSONObject?, category: String?) {
        let defaults = BrazeAdapter.defaultActions(ofCategory: category)
        if let defaults {
            payload.buttons.reserveCapacity(defaults.count)
            for action in defaults {
                var deepLink: String?
                if let entry = entries?[action.id]?.objectValue {
                    let fields = BrazeAdapter.ButtonFields(entry)
                    deepLink = link(fields, id: action.id, behaviour: Self.behaviour(fields))
                }
                payload.buttons.append(
                    PushButton(id: action.id, title: action.title, deepLink: deepLink, foreground: action.foreground))
            }
        }
        guard let entries, !entries.isEmpty else { return }
        guard category != nil else {
            note(.warning, .buttonsWithoutCategory, at: Path.buttons,
                 "ab.ab_cat describes buttons but aps.category names no category: iOS shows none; kept in tracking")
            return
        }
        if defaults == nil { payload.buttons.reserveCapacity(entries.count) }
        var titlesUnknown = false
        for (actionId, entry) in entries {
            // Paths are built only for a diagnostic.
            guard let members = entry.objectValue else {
                wrongType(entry, at: Path.button(actionId), expected: "an object {a_t, a_uri, a_use_webview}")
                continue
            }
            let fields = BrazeAdapter.ButtonFields(members)
            let behaviour = behaviour(fields, id: actionId)
            if let defaults {
                if !defaults.contains(where: { $0.id == actionId }) {
                    note(.warning, .buttonNotInCategory, at: Path.button(actionId),
                         "'\(actionId)' is not an action of \(category ?? ""): iOS never shows it; kept in tracking")
                }
                continue
            }
            payload.buttons.append(PushButton(
                id: actionId, title: "", deepLink: link(fields, id: actionId, behaviour: behaviour),
                foreground: behaviour != .close))
            titlesUnknown = true
        }
        if titlesUnknown {
            // One string with room for it all (an interpolation grows it piece by piece).
            var message = "button titles come from the app's registered category "
            message.reserveCapacity(80 + (category?.utf8.count ?? 0))
            message += category ?? ""
            message += "; the payload has none"
            note(.info, .buttonTitlesUnknown, at: Path.buttons, message)
        }
    }

    /// What an entry's `a_t` does (nil: missing, not a string, or not one PushBridge knows); wrong types are kept.
    private mutating func behaviour(
        _ fields: BrazeAdapter.ButtonFields, id: String
    ) -> BrazeAdapter.ButtonBehaviour? {
        if let flag = fields.useWebView, flag.boolValue == nil {
            wrongType(flag, at: JSONPath.member(Key.actionUseWebView, of: Path.button(id)), expected: "true or false")
        }
        guard let value = fields.actionType else { return nil }
        guard let actionType = readString(value, at: JSONPath.member(Key.actionType, of: Path.button(id))) else {
            return nil
        }
        let behaviour = BrazeAdapter.buttonBehaviour(ofActionType: actionType)
        if behaviour == nil {
            note(.warning, .buttonActionTypeUnknown, at: JSONPath.member(Key.actionType, of: Path.button(id)),
                 "a_t '\(actionType)' is not a click action type PushBridge knows; the button follows its a_uri")
        }
        return behaviour
    }

    /// What an entry's `a_t` does, as ``behaviour(_:id:)`` answers, without diagnostics.
    private static func behaviour(_ fields: BrazeAdapter.ButtonFields) -> BrazeAdapter.ButtonBehaviour? {
        fields.actionType?.stringValue.flatMap(BrazeAdapter.buttonBehaviour(ofActionType:))
    }

    /// The button's own link: `a_uri` when the button opens a URI (or says nothing PushBridge knows), given what
    /// its `a_t` does.
    private mutating func link(
        _ fields: BrazeAdapter.ButtonFields, id: String, behaviour: BrazeAdapter.ButtonBehaviour?
    ) -> String? {
        guard let value = fields.uri else { return nil }
        guard let uri = readString(value, at: JSONPath.member(Key.actionURI, of: Path.button(id))) else { return nil }
        return behaviour == nil || behaviour == .openURI ? uri : nil
    }
}
