import PushBridge

extension KlaviyoAdapter {
    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let aps = JSONPath.member(Key.aps, of: JSONPath.root)
        static let body = JSONPath.member(Key.body, of: JSONPath.root)
        static let buttons = JSONPath.member(Key.actionButtons, of: body)
        static let keyValuePairs = JSONPath.member(Key.keyValuePairs, of: JSONPath.root)
        static let url = JSONPath.member(Key.url, of: JSONPath.root)
        static let richMedia = JSONPath.member(Key.richMedia, of: JSONPath.root)
        static let richMediaType = JSONPath.member(Key.richMediaType, of: JSONPath.root)
        static let badgeConfig = JSONPath.member(Key.badgeConfig, of: JSONPath.root)
        static let badgeValue = JSONPath.member(Key.badgeValue, of: JSONPath.root)
        static func button(_ index: Int) -> String { JSONPath.element(index, of: buttons) }
    }

    /// The `ignored` key of a top-level key: its own name, or its path when the name starts with `$`.
    static func ignoredKey(forTopLevel key: String) -> String {
        key.hasPrefix("$") ? JSONPath.member(key, of: JSONPath.root) : key
    }

    /// Wire payload → bridge form. Never fails: a value of the wrong type, a button the SDK's parser would skip and
    /// a key with no field are kept in `ignored` (under their wire path, or a top-level key under its own name) with
    /// a diagnostic, so encoding to Klaviyo writes them back where they were.
    ///
    /// - `body._k` → `tracking["body"]` (`{"_k": …}`), `body.action_buttons` → `buttons`, other `body` keys ignored.
    /// - `url` → `deepLink` when it parses as a link; `rich-media` → `imageURL`.
    /// - `key_value_pairs` string members → `data`; every other top-level key that is not Klaviyo's → `data` too
    ///   (D12), unless it repeats a `key_value_pairs` name. Encoding writes every string of `data` into
    ///   `key_value_pairs`, where Klaviyo's string custom data travels.
    /// - `rich-media-type`, `badge_config`, `badge_value` (read only by the service extension) → `ignored`.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = KlaviyoDecoding(payload: PushPayload(vendor: id))
        decoding.diagnostics = APSCoding.decode(
            userInfo[Key.aps], into: &decoding.payload, contentAvailable: .numberStringOrTrue)
        if let pairs = userInfo[Key.keyValuePairs] { decoding.decodeKeyValuePairs(pairs) }
        // The custom data holds key_value_pairs' strings so far; the userInfo's keys are distinct, so a top-level
        // key can repeat only one of those.
        let dataHasPairs = !decoding.payload.data.isEmpty
        userInfo.forEachPositionInCanonicalOrder { position in
            let (key, value) = userInfo[position]
            switch key {
            case Key.aps:
                if value.objectValue == nil { decoding.keep(value, at: Path.aps) }
            case Key.keyValuePairs:
                return
            case Key.body:
                decoding.decodeBody(value)
            case Key.url:
                decoding.decodeURL(value)
            case Key.richMedia:
                decoding.decodeImage(value)
            case Key.richMediaType, Key.badgeConfig, Key.badgeValue:
                // Top-level keys the service extension reads that have no field in the bridge form.
                let path = key == Key.richMediaType ? Path.richMediaType
                    : key == Key.badgeConfig ? Path.badgeConfig : Path.badgeValue
                decoding.keep(value, at: key)
                decoding.note(.info, .extensionOnly, at: path,
                              "\(key) is read by Klaviyo's service extension only; kept under ignored")
            default:
                decoding.decodeTopLevelExtra(at: position, of: userInfo, dataHasPairs: dataHasPairs)
            }
        }
        if !claims(userInfo) {
            decoding.note(.warning, .markerMissing, at: JSONPath.member(Key.marker, of: Path.body),
                          "there is no body._k: Klaviyo's SDK does not treat this push as its own")
        }
        return DecodeResult(payload: decoding.payload, diagnostics: decoding.diagnostics)
    }
}

/// The state of one decode: the payload so far and what was noticed.
typealias KlaviyoDecoding = DecodeContext<KlaviyoAdapter>

extension KlaviyoAdapter: WirePathTable {}

extension KlaviyoDecoding {
    /// `key_value_pairs`: `[String: String]` for the app; a member of another type is kept under its path (one
    /// such value makes the app's `as? [String: String]` read fail as a whole).
    mutating func decodeKeyValuePairs(_ value: JSONValue) {
        guard let pairs = value.objectValue else {
            wrongType(value, at: Path.keyValuePairs, expected: "an object of strings")
            return
        }
        if pairs.isEmpty { keep(value, at: Path.keyValuePairs) }
        // The pairs' keys are distinct: into empty custom data each is appended without a lookup.
        let appends = payload.data.isEmpty
        pairs.forEachPositionInCanonicalOrder { position in
            let (key, member) = pairs[position]
            if member.stringValue == nil {
                wrongType(member, at: JSONPath.member(key, of: Path.keyValuePairs), expected: "a string")
            } else if appends {
                payload.data.appendMember(at: position, of: pairs)
            } else {
                payload.data[key] = member
            }
        }
    }

    /// Top-level member `position` of `userInfo`, a key Klaviyo does not read: custom data (D12), unless it
    /// repeats a `key_value_pairs` name (looked up only when `dataHasPairs`: no other key can be in the custom
    /// data yet, the userInfo's keys being distinct).
    mutating func decodeTopLevelExtra(at position: Int, of userInfo: JSONObject, dataHasPairs: Bool) {
        let (key, value) = userInfo[position]
        var path: String { JSONPath.member(key, of: JSONPath.root) }
        if dataHasPairs, payload.data.contains(key: key) {
            keep(value, at: KlaviyoAdapter.ignoredKey(forTopLevel: key))
            note(.warning, .dataKeyRepeated, at: path,
                 "'\(key)' is also in key_value_pairs, whose value is the custom data; this one is kept under ignored")
            return
        }
        payload.data.appendMember(at: position, of: userInfo)
        if value.stringValue != nil {
            note(.info, .topLevelString, at: path,
                 "'\(key)' is custom data at the top level; encoding to Klaviyo writes string data into key_value_pairs")
        }
    }

    /// `url`: the body tap's link, when it parses (WIRE-FORMATS §7.5); otherwise the SDK opens nothing.
    mutating func decodeURL(_ value: JSONValue) {
        let path = Path.url
        guard let link = readString(value, at: path) else { return }
        guard DeepLink(link) != nil else {
            keep(value, at: path)
            note(.warning, .deepLinkInvalid, at: path,
                 "url is not an absolute URL, so a tap opens nothing; kept under ignored")
            return
        }
        payload.deepLink = link
    }

    /// `rich-media`: the image the service extension downloads.
    mutating func decodeImage(_ value: JSONValue) {
        let path = Path.richMedia
        guard let image = readString(value, at: path) else { return }
        payload.imageURL = image
        if image.isEmpty { note(.info, .imageEmpty, at: path, "rich-media is empty: no image is shown") }
    }

    /// `body`: the marker to `tracking`, the buttons, and any other key to `ignored`.
    mutating func decodeBody(_ value: JSONValue) {
        guard let body = readObject(value, at: Path.body) else { return }
        body.forEachPositionInCanonicalOrder { position in
            let (key, member) = body[position]
            switch key {
            case Key.marker:
                var marker = JSONObject(minimumCapacity: 1)
                marker.appendNew(Key.marker, member)
                payload.tracking[Key.body] = .object(marker)
            case Key.actionButtons:
                decodeButtons(member)
            default:
                let path = JSONPath.member(key, of: Path.body)
                keep(member, at: path)
                note(.info, .unknownKey, at: path, "'\(key)' is not read by Klaviyo's SDK; kept under ignored")
            }
        }
    }

    /// `body.action_buttons`: read only when it is an array of objects (the SDK's `[[String: Any]]` cast).
    mutating func decodeButtons(_ value: JSONValue) {
        guard let elements = value.arrayValue else {
            wrongType(value, at: Path.buttons, expected: "an array of button objects")
            return
        }
        guard !elements.isEmpty, elements.allSatisfy({ $0.objectValue != nil }) else {
            keep(value, at: Path.buttons)
            if !elements.isEmpty {
                note(.warning, .actionButtonsMalformed, at: Path.buttons,
                     "action_buttons holds a value that is not an object, so the SDK shows none of its buttons; "
                        + "kept under ignored")
            }
            return
        }
        for (index, element) in elements.enumerated() {
            decodeButton(element.objectValue ?? [:], element, at: index)
        }
    }

    /// Button `index`, checked as `KlaviyoActionButtonParser` checks it; one it would skip is kept whole.
    mutating func decodeButton(_ members: JSONObject, _ element: JSONValue, at index: Int) {
        // Built only when a diagnostic or a kept value needs it (a button the SDK reads as sent never does).
        var path: String { Path.button(index) }
        func skip(_ why: String) {
            keep(element, at: path)
            note(.warning, .buttonSkipped, at: path, "\(why), so Klaviyo's SDK skips this button; kept under ignored")
        }
        guard let buttonId = members[Key.id]?.stringValue, let label = members[Key.label]?.stringValue else {
            return skip("the button needs a string id and label")
        }
        guard let action = members[Key.action]?.stringValue.flatMap(KlaviyoAdapter.ButtonAction.init) else {
            return skip("the button's action is not open_app or deep_link")
        }
        let url = members[Key.url]
        guard action.accepts(url: url) else {
            return skip(action == .openApp ? "an open_app button carries no url" : "a deep_link button needs a url that parses")
        }
        payload.buttons.append(PushButton(
            id: buttonId, title: label, deepLink: action == .deepLink ? url?.stringValue : nil, foreground: true))
        func isRead(_ key: String) -> Bool {
            key == Key.id || key == Key.label || key == Key.action || (key == Key.url && action == .deepLink)
        }
        // Most buttons hold only what is read: the others' keys are reported in key order.
        guard members.keys.contains(where: { !isRead($0) }) else { return }
        members.forEachPositionInCanonicalOrder { position in
            let (key, member) = members[position]
            guard !isRead(key) else { return }
            let memberPath = JSONPath.member(key, of: path)
            keep(member, at: memberPath)
            note(.info, .unknownKey, at: memberPath, "'\(key)' is not read from this button; kept under ignored")
        }
    }
}
