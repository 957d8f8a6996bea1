import PushBridge

extension AppDNAAdapter {
    /// Bridge form → wire payload. `aps` is written by `APSCoding`, with `mutable-content: 1` whenever there
    /// is an image or a button and, with buttons, the category derived from them. `ignored` entries go back to
    /// their wire paths. Every field AppDNA cannot carry is a `Loss`.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var vendor: JSONObject = [:]
        if let pushID = payload.messageId { vendor[Key.pushID] = .string(pushID) }
        if let action = Self.encodeMessageAction(payload, losses: &losses) { vendor[Key.action] = action }
        var actions: [JSONValue] = []
        for (index, button) in payload.buttons.enumerated() {
            let path = JSONPath.element(index, of: "$.buttons")
            if let element = Self.encodeButton(button, path: path, losses: &losses) { actions.append(element) }
        }
        if !actions.isEmpty { vendor[Key.actions] = .array(actions) }
        if let image = payload.imageURL {
            if image.isEmpty {
                losses.append(Loss(path: "$.imageURL", value: "", reason: "an empty image_url shows no image"))
            } else {
                vendor[Key.imageURL] = .string(image)
            }
        }
        var data = payload.data
        var replyText: JSONValue?
        let dataSlotTaken = payload.ignored[Path.data] != nil
            || payload.ignored[JSONPath.member(Key.dataReplyText, of: Path.data)] != nil
        if dataSlotTaken, let text = data.removeValue(forKey: Key.dataReplyText) {
            replyText = text
        }
        if !data.isEmpty { vendor[Key.data] = .object(data) }

        var userInfo: JSONObject = [:]
        if !vendor.isEmpty || payload.ignored[Path.vendorObject] == nil { userInfo[Key.vendorObject] = .object(vendor) }
        if let replyText { userInfo[Key.replyText] = replyText }
        let rawAPS = Self.restoreIgnored(payload.ignored, into: &userInfo, losses: &losses)
        userInfo["aps"] = Self.encodeAPS(payload, userInfo: userInfo, rawAPS: rawAPS, losses: &losses)
        return userInfo
    }

    /// The message's one `action`: the deep link (which wins over a named action), else `show_screen`.
    private static func encodeMessageAction(_ payload: PushPayload, losses: inout LossList) -> JSONValue? {
        if let link = payload.deepLink, !link.isEmpty {
            if let action = payload.action {
                losses.append(Loss(
                    path: "$.action", value: action.json,
                    reason: "AppDNA carries one action per message: the deep link wins"))
            }
            return [Key.type: .string(ActionType.deepLink), Key.value: .string(link)]
        }
        if payload.deepLink != nil {
            losses.append(Loss(path: "$.deepLink", value: "", reason: "an empty deep link routes nowhere"))
        }
        guard let action = payload.action else { return nil }
        return showScreen(action, path: "$.action", losses: &losses)
    }

    /// `{type: show_screen, value: screen}` for the named action `show_screen` with a non-empty string
    /// `data.screen`; any other named action, and any other data key, is a loss.
    private static func showScreen(_ action: PushAction, path: String, losses: inout LossList) -> JSONValue? {
        guard action.name == showScreenAction else {
            losses.append(Loss(
                path: path, value: action.json,
                reason: "AppDNA's only named action is show_screen; '\(action.name)' cannot be carried"))
            return nil
        }
        guard let screen = action.data[screenKey]?.stringValue, !screen.isEmpty else {
            losses.append(Loss(
                path: path, value: action.json, reason: "show_screen needs a non-empty string data.screen"))
            return nil
        }
        for key in action.data.keysInCanonicalOrder where key != screenKey {
            losses.append(Loss(
                path: JSONPath.member(key, of: path + ".data"), value: action.data[key]!,
                reason: "show_screen carries only the screen"))
        }
        return [Key.type: .string(ActionType.showScreen), Key.value: .string(screen)]
    }

    /// One button: input → `text_reply`; a deep link → `deep_link`; `show_screen`; destructive → `dismiss`;
    /// otherwise no type. Nil (a loss) for a button with an empty id.
    private static func encodeButton(_ button: PushButton, path: String, losses: inout LossList) -> JSONValue? {
        guard !button.id.isEmpty else {
            losses.append(Loss(path: path, value: button.json, reason: "an AppDNA button needs a non-empty id"))
            return nil
        }
        var members: JSONObject = [Key.id: .string(button.id), Key.title: .string(button.title)]
        func lose(_ field: String, _ value: JSONValue, _ reason: String) {
            losses.append(Loss(path: JSONPath.member(field, of: path), value: value, reason: reason))
        }
        func loseDestinations(_ reason: String) {
            if let link = button.deepLink { lose("deepLink", .string(link), reason) }
            if let action = button.action { lose("action", action.json, reason) }
        }
        if button.input {
            members[Key.type] = .string(ActionType.textReply)
            if let placeholder = button.placeholder { members[Key.value] = .string(placeholder) }
            loseDestinations("a text_reply button routes nothing")
            if button.destructive { lose("destructive", true, "a text_reply button is never destructive") }
            members[Key.foreground] = .bool(button.foreground)
            return .object(members)
        }
        if let placeholder = button.placeholder {
            lose("placeholder", .string(placeholder), "only a text_reply button has a placeholder")
        }
        if button.deepLink == "" {
            lose("deepLink", "", "an empty deep link routes nowhere")
        }
        if let link = button.deepLink, !link.isEmpty {
            members[Key.type] = .string(ActionType.deepLink)
            members[Key.value] = .string(link)
            if let action = button.action {
                lose("action", action.json, "an AppDNA button has one action: the deep link wins")
            }
        } else if let action = button.action, let wire = showScreen(action, path: path + ".action", losses: &losses) {
            members[Key.type] = wire[Key.type]
            members[Key.value] = wire[Key.value]
        } else if button.destructive {
            members[Key.type] = .string(ActionType.dismiss)
            if button.foreground { lose("foreground", true, "a dismiss button never opens the app") }
            return .object(members)
        }
        if button.destructive, members[Key.type] != nil {
            lose("destructive", true, "only a dismiss button (no destination) is destructive in AppDNA")
        }
        members[Key.foreground] = .bool(button.foreground)
        return .object(members)
    }

    /// Writes `ignored` back: top-level keys by name, paths into `appdna` (whole `actions` elements are
    /// inserted at their index first). Returns a kept non-object `aps`, which ``encodeAPS`` places.
    private static func restoreIgnored(
        _ ignored: JSONObject, into userInfo: inout JSONObject, losses: inout LossList
    ) -> JSONValue? {
        var rawAPS: JSONValue?
        var elements: [(index: Int, value: JSONValue)] = []
        var paths: [(key: String, steps: [AppDNAWirePath.Step])] = []
        func lose(_ key: String, _ reason: String) {
            losses.append(Loss(path: JSONPath.member(key, of: "$.ignored"), value: ignored[key]!, reason: reason))
        }
        for key in ignored.keysInCanonicalOrder {
            guard key.hasPrefix("$") else {
                if userInfo[key] != nil || key == "aps" {
                    lose(key, "the top-level key '\(key)' is already written by AppDNA")
                } else {
                    userInfo[key] = ignored[key]!
                }
                continue
            }
            guard let steps = AppDNAWirePath.parse(key), let first = steps.first else {
                lose(key, "'\(key)' is not a JSON path into the AppDNA payload")
                continue
            }
            if key == AppDNAWirePath.aps {
                rawAPS = ignored[key]!
            } else if steps.count == 3, steps[0] == .member(Key.vendorObject), steps[1] == .member(Key.actions),
                      case .index(let index) = steps[2]
            {
                elements.append((index, ignored[key]!))
            } else if first == .member("aps") {
                lose(key, "AppDNA writes aps from the bridge form's own fields")
            } else {
                paths.append((key, steps))
            }
        }
        if !elements.isEmpty {
            let vendorObject = userInfo[Key.vendorObject]?.objectValue
            if var actions = vendorObject?[Key.actions]?.arrayValue ?? (vendorObject?[Key.actions] == nil ? [] : nil) {
                for (index, value) in elements.sorted(by: { $0.index < $1.index }) {
                    actions.insert(value, at: min(index, actions.count))
                }
                var members = vendorObject ?? [:]
                members[Key.actions] = .array(actions)
                userInfo[Key.vendorObject] = .object(members)
            } else {
                for (index, _) in elements {
                    let key = JSONPath.element(index, of: Path.actions)
                    lose(key, "appdna.actions is not an array here")
                }
            }
        }
        for (key, steps) in paths.sorted(by: { ($0.steps.count, $0.key) < ($1.steps.count, $1.key) }) {
            guard case .member(let top) = steps[0] else { continue }
            if steps.count == 1, userInfo[top] != nil, top != Key.vendorObject {
                lose(key, "the top-level key '\(top)' is already written")
                continue
            }
            var placed = userInfo[top]
            guard JSONPlacement.place(ignored[key]!, at: steps.dropFirst(), in: &placed, replacingScalars: true) == nil
            else {
                lose(key, "it would replace what the bridge form's own fields wrote at '\(key)'")
                continue
            }
            userInfo[top] = placed
        }
        return rawAPS
    }

    /// `aps`: `mutable-content: 1` with an image or buttons, and the category derived from the buttons as
    /// written (a campaign category is sent only without buttons).
    private static func encodeAPS(
        _ payload: PushPayload, userInfo: JSONObject, rawAPS: JSONValue?, losses: inout LossList
    ) -> JSONValue {
        var aps = payload
        let derived = derivedCategory(forActions: userInfo[Key.vendorObject]?[Key.actions]?.arrayValue ?? [])
        let image = userInfo[Key.vendorObject]?[Key.imageURL]?.stringValue ?? ""
        // A fix AppDNA's rules require is a loss only for AppDNA's own payload (the round trip changes it);
        // another vendor's push is expected to gain AppDNA's mutable-content and category.
        let isOwn = payload.vendor == vendorID
        // The need is read from what is written: an image that is not empty, buttons that made it to `actions`.
        aps.requireServiceExtension(
            if: !image.isEmpty || derived != nil, for: .imageOrButtons, vendor: vendorID, vendorName: "AppDNA",
            losses: &losses)
        if let derived {
            if let category = payload.category, category != derived {
                let reason = category.hasPrefix(categoryPrefix)
                    ? "AppDNA derives the category from the buttons ('\(derived)')"
                    : "a campaign category is sent only when the push has no buttons"
                losses.append(Loss(path: "$.category", value: .string(category), reason: reason))
            } else if payload.category == nil, isOwn {
                losses.append(Loss(
                    path: "$.category", value: .null,
                    reason: "the push had no category; AppDNA sends the one derived from its buttons ('\(derived)')"))
            }
            if let sent = aps.apsExtra.removeValue(forKey: "category") {
                losses.append(Loss(
                    path: "$.apsExtra.category", value: sent,
                    reason: "replaced by the category derived from the buttons"))
            }
            aps.category = derived
        }
        let written = APSCoding.encode(aps)
        if let rawAPS {
            if written.isEmpty { return rawAPS }
            losses.append(Loss(
                path: JSONPath.member(AppDNAWirePath.aps, of: "$.ignored"), value: rawAPS,
                reason: "aps must be an object to carry the bridge form's fields"))
        }
        return .object(written)
    }
}
