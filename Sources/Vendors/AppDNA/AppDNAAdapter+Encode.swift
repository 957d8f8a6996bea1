import PushBridge

extension AppDNAAdapter {
    /// Bridge form → wire payload. `aps` is written by `APSCoding`, with `mutable-content: 1` whenever there
    /// is an image or a button and, with buttons, the category derived from them. `ignored` entries go back to
    /// their wire paths. Every field AppDNA cannot carry is a `Loss`.
    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var vendor = JSONObject(minimumCapacity: 5)
        if let pushID = payload.messageId { vendor.appendNew(Key.pushID, .string(pushID)) }
        if let action = Self.encodeMessageAction(payload, losses: &losses) { vendor.appendNew(Key.action, action) }
        // The category key of the buttons as written, hashed while they are written (``derivedCategory(forActions:)``
        // reads the same rows back when `ignored` places something into `appdna`).
        var categoryHasher = CategoryHash.ButtonSetHasher()
        var categoryButtonCount = 0
        if !payload.buttons.isEmpty {
            var actions: [JSONValue] = []
            actions.reserveCapacity(payload.buttons.count)
            payload.buttons.withUnsafeBufferPointer { buttons in
                for index in buttons.indices {
                    guard let element = Self.encodeButton(
                        buttons[index], index: index, losses: &losses, categoryHasher: &categoryHasher)
                    else { continue }
                    actions.append(element)
                    categoryButtonCount += 1
                }
            }
            if !actions.isEmpty { vendor.appendNew(Key.actions, .array(actions)) }
        }
        var writesImage = false
        if let image = payload.imageURL {
            if image.isEmpty {
                losses.append(Loss(path: "$.imageURL", value: "", reason: "an empty image_url shows no image"))
            } else {
                vendor.appendNew(Key.imageURL, .string(image))
                writesImage = true
            }
        }
        let ignored = payload.ignored
        var replyText: JSONValue?
        if !payload.data.isEmpty {
            let dataSlotTaken = !ignored.isEmpty
                && (ignored[Path.data] != nil || ignored[Path.dataReplyText] != nil)
            if dataSlotTaken, payload.data[Key.dataReplyText] != nil {
                var data = payload.data
                replyText = data.removeValue(forKey: Key.dataReplyText)
                if !data.isEmpty { vendor.appendNew(Key.data, .object(data)) }
            } else {
                vendor.appendNew(Key.data, .object(payload.data))
            }
        }

        var userInfo = JSONObject(minimumCapacity: 3 + ignored.count)
        if !vendor.isEmpty || ignored.isEmpty || ignored[Path.vendorObject] == nil {
            userInfo.appendNew(Key.vendorObject, .object(vendor))
        }
        if let replyText { userInfo.appendNew(Key.replyText, replyText) }
        var restored = RestoredIgnored()
        if !ignored.isEmpty { restored = Self.restoreIgnored(ignored, into: &userInfo, losses: &losses) }
        let written: WrittenForAPS
        if restored.touchedVendorObject {
            // What `ignored` placed into `appdna` counts: the category and the need are read from what is written.
            let vendorObject = userInfo[Key.vendorObject]
            written = WrittenForAPS(
                derivedCategory: Self.derivedCategory(forActions: vendorObject?[Key.actions]?.arrayValue ?? []),
                hasImage: !(vendorObject?[Key.imageURL]?.stringValue ?? "").isEmpty)
        } else {
            written = WrittenForAPS(
                derivedCategory: categoryButtonCount > 0 ? categoryHasher.category(withPrefix: Self.categoryPrefix) : nil,
                hasImage: writesImage)
        }
        userInfo["aps"] = Self.encodeAPS(payload, written: written, rawAPS: restored.rawAPS, losses: &losses)
        return userInfo
    }

    /// What `aps` depends on in the `appdna` object as written.
    private struct WrittenForAPS {
        /// The category derived from `appdna.actions` (nil when no element is a button).
        var derivedCategory: String?
        /// Whether `appdna.image_url` is a non-empty string.
        var hasImage: Bool
    }

    /// The message's one `action`: the deep link (which wins over a named action), else `show_screen`.
    private static func encodeMessageAction(_ payload: PushPayload, losses: inout LossList) -> JSONValue? {
        if let link = payload.deepLink, !link.isEmpty {
            if let action = payload.action {
                losses.append(Loss(
                    path: "$.action", value: action.json,
                    reason: "AppDNA carries one action per message: the deep link wins"))
            }
            return typeAndValue(ActionType.deepLink, link)
        }
        if payload.deepLink != nil {
            losses.append(Loss(path: "$.deepLink", value: "", reason: "an empty deep link routes nowhere"))
        }
        guard let action = payload.action, let screen = showScreen(action, path: "$.action", losses: &losses)
        else { return nil }
        return typeAndValue(ActionType.showScreen, screen)
    }

    /// The message action `{type, value}`.
    private static func typeAndValue(_ type: String, _ value: String) -> JSONValue {
        var members = JSONObject(minimumCapacity: 2)
        members.appendNew(Key.type, .string(type))
        members.appendNew(Key.value, .string(value))
        return .object(members)
    }

    /// The screen of the named action `show_screen` with a non-empty string `data.screen` (written as
    /// `{type: show_screen, value: screen}`); any other named action, and any other data key, is a loss.
    private static func showScreen(
        _ action: PushAction, path: @autoclosure () -> String, losses: inout LossList
    ) -> String? {
        guard action.name == showScreenAction else {
            losses.append(Loss(
                path: path(), value: action.json,
                reason: "AppDNA's only named action is show_screen; '\(action.name)' cannot be carried"))
            return nil
        }
        guard let screen = action.data[screenKey]?.stringValue, !screen.isEmpty else {
            losses.append(Loss(
                path: path(), value: action.json, reason: "show_screen needs a non-empty string data.screen"))
            return nil
        }
        if action.data.count > 1, losses.isCollecting {
            let path = path()
            for key in action.data.keysInCanonicalOrder where key != screenKey {
                losses.append(Loss(
                    path: JSONPath.member(key, of: path + ".data"), value: action.data[key]!,
                    reason: "show_screen carries only the screen"))
            }
        }
        return screen
    }

    /// One button (`$.buttons[index]`): input → `text_reply`; a deep link → `deep_link`; `show_screen`;
    /// destructive → `dismiss`; otherwise no type. Nil (a loss) for a button with an empty id. A written
    /// button adds its row to `categoryHasher`.
    private static func encodeButton(
        _ button: PushButton, index: Int, losses: inout LossList, categoryHasher: inout CategoryHash.ButtonSetHasher
    ) -> JSONValue? {
        // Built only when a loss is kept.
        var path: String { JSONPath.element(index, of: "$.buttons") }
        guard !button.id.isEmpty else {
            losses.append(Loss(path: path, value: button.json, reason: "an AppDNA button needs a non-empty id"))
            return nil
        }
        func lose(_ field: String, _ value: @autoclosure () -> JSONValue, _ reason: String) {
            losses.append(Loss(path: JSONPath.member(field, of: path), value: value(), reason: reason))
        }
        func loseDestinations(_ reason: String) {
            if let link = button.deepLink { lose("deepLink", .string(link), reason) }
            if let action = button.action { lose("action", action.json, reason) }
        }
        // The button's type and value as written; `foreground` is written for every type but `dismiss`.
        var type: String?
        var value: String?
        if button.input {
            type = ActionType.textReply
            value = button.placeholder
            loseDestinations("a text_reply button routes nothing")
            if button.destructive { lose("destructive", true, "a text_reply button is never destructive") }
        } else {
            if let placeholder = button.placeholder {
                lose("placeholder", .string(placeholder), "only a text_reply button has a placeholder")
            }
            if button.deepLink == "" {
                lose("deepLink", "", "an empty deep link routes nowhere")
            }
            if let link = button.deepLink, !link.isEmpty {
                type = ActionType.deepLink
                value = link
                if let action = button.action {
                    lose("action", action.json, "an AppDNA button has one action: the deep link wins")
                }
            } else if let action = button.action,
                      let screen = showScreen(action, path: path + ".action", losses: &losses)
            {
                type = ActionType.showScreen
                value = screen
            } else if button.destructive {
                type = ActionType.dismiss
                if button.foreground { lose("foreground", true, "a dismiss button never opens the app") }
            }
            if button.destructive, type != nil, type != ActionType.dismiss {
                lose("destructive", true, "only a dismiss button (no destination) is destructive in AppDNA")
            }
        }
        let writesForeground = type != ActionType.dismiss
        var members = JSONObject(
            minimumCapacity: 2 + (type == nil ? 0 : 1) + (value == nil ? 0 : 1) + (writesForeground ? 1 : 0))
        members.appendNew(Key.id, .string(button.id))
        members.appendNew(Key.title, .string(button.title))
        if let type { members.appendNew(Key.type, .string(type)) }
        if let value { members.appendNew(Key.value, .string(value)) }
        if writesForeground { members.appendNew(Key.foreground, .bool(button.foreground)) }
        addCategoryRow(
            id: button.id, title: button.title, type: type, value: value,
            foreground: writesForeground && button.foreground, to: &categoryHasher)
        return .object(members)
    }

    /// What ``restoreIgnored(_:into:losses:)`` found.
    private struct RestoredIgnored {
        /// A kept non-object `aps`, which ``encodeAPS(_:written:rawAPS:losses:)`` places.
        var rawAPS: JSONValue?
        /// Whether a kept value was (or may have been) placed into `appdna`.
        var touchedVendorObject = false
    }

    /// Writes `ignored` back: top-level keys by name, paths into `appdna` (whole `actions` elements are
    /// inserted at their index first).
    private static func restoreIgnored(
        _ ignored: JSONObject, into userInfo: inout JSONObject, losses: inout LossList
    ) -> RestoredIgnored {
        var restored = RestoredIgnored()
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
                    if key == Key.vendorObject { restored.touchedVendorObject = true }
                }
                continue
            }
            guard let steps = AppDNAWirePath.parse(key), let first = steps.first else {
                lose(key, "'\(key)' is not a JSON path into the AppDNA payload")
                continue
            }
            if key == AppDNAWirePath.aps {
                restored.rawAPS = ignored[key]!
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
            restored.touchedVendorObject = true
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
            if top == Key.vendorObject { restored.touchedVendorObject = true }
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
        return restored
    }

    /// `aps`: `mutable-content: 1` with an image or buttons, and the category derived from the buttons as
    /// written (a campaign category is sent only without buttons).
    private static func encodeAPS(
        _ payload: PushPayload, written: WrittenForAPS, rawAPS: JSONValue?, losses: inout LossList
    ) -> JSONValue {
        let derived = written.derivedCategory
        // A fix AppDNA's rules require is a loss only for AppDNA's own payload (the round trip changes it);
        // another vendor's push is expected to gain AppDNA's mutable-content and category.
        let isOwn = payload.vendor == vendorID
        // The need is read from what is written: an image that is not empty, buttons that made it to `actions`.
        let aps = payload.encodedAPS(
            requiringServiceExtensionIf: written.hasImage || derived != nil, for: .imageOrButtons, vendor: vendorID,
            vendorName: "AppDNA", category: derived.map { .replaced($0) } ?? .payload, losses: &losses)
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
            if !payload.apsExtra.isEmpty, let sent = payload.apsExtra["category"] {
                losses.append(Loss(
                    path: "$.apsExtra.category", value: sent,
                    reason: "replaced by the category derived from the buttons"))
            }
        }
        if let rawAPS {
            if aps.isEmpty { return rawAPS }
            losses.append(Loss(
                path: JSONPath.member(AppDNAWirePath.aps, of: "$.ignored"), value: rawAPS,
                reason: "aps must be an object to carry the bridge form's fields"))
        }
        return .object(aps)
    }
}
