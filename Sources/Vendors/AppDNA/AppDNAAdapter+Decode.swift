import PushBridge

extension AppDNAAdapter {
    /// Wire payload → bridge form. Never fails: whatever cannot be read is kept in `ignored` (by its JSON path
    /// inside `appdna`, by its own name at top level) with a diagnostic.
    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoder = WireDecoder(payload: .decoding(vendor: Self.vendorID))
        decoder.diagnostics = APSCoding.decode(userInfo["aps"], into: &decoder.payload)
        // Members are read in canonical key order (`appdna`, `appdna_reply_text`, …), so diagnostics come out in
        // that order: a userInfo of AppDNA's keys only (the usual one) is read as it is, anything else sorted.
        var vendorObject: JSONValue?
        var replyTextValue: JSONValue?
        var hasOtherKey = false
        for (key, value) in userInfo {
            switch key {
            case "aps": break
            case Key.vendorObject: vendorObject = value
            case Key.replyText: replyTextValue = value
            default: hasOtherKey = true
            }
        }
        var replyText: String?
        if hasOtherKey {
            for (key, value) in userInfo.membersInCanonicalOrder where key != "aps" {
                decoder.decodeTopLevelMember(key, value, replyText: &replyText)
            }
        } else {
            if let vendorObject { decoder.decodeVendorObject(vendorObject) }
            if let replyTextValue { decoder.decodeTopLevelMember(Key.replyText, replyTextValue, replyText: &replyText) }
        }
        if vendorObject == nil {
            decoder.diagnostics.append(Diagnostic(
                .warning, code: .appDNAMissing, path: Path.vendorObject,
                message: "no appdna object: this is not an AppDNA push and no receipt will be sent"))
        }
        if let replyText { decoder.addReplyText(replyText) }
        decoder.checkCategory()
        return decoder.takeResult()
    }

    /// The state of one decode.
    private struct WireDecoder: WireDecoding {
        var payload: PushPayload
        var diagnostics: [Diagnostic] = []
        /// The category key of the buttons decoded so far (``AppDNAAdapter/derivedCategory(forActions:)``).
        var categoryHasher = CategoryHash.ButtonSetHasher()
        /// How many buttons ``categoryHasher`` holds.
        var categoryButtonCount = 0
        /// The buttons while ``decodeButtons(_:)`` reads them (moved out of the payload and back): appended to
        /// without going through the payload's storage each time.
        var buttons: [PushButton] = []

        mutating func keepUnknownKey(_ value: JSONValue, at path: String, in place: String) {
            keep(value, at: path, Diagnostic(
                .info, code: .unknownKey, path: path, message: "not a key of \(place); kept under ignored"))
        }

        /// Reads top-level member `key` (not `aps`); typed text goes to `replyText`.
        mutating func decodeTopLevelMember(_ key: String, _ value: JSONValue, replyText: inout String?) {
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: JSONPath.root) }
            switch key {
            case Key.vendorObject:
                decodeVendorObject(value)
            case Key.replyText:
                if let text = value.stringValue {
                    replyText = text
                } else {
                    payload.ignored[key] = value
                    diagnostics.append(Diagnostic.wrongType(path, expected: "a string", value))
                }
            default:
                payload.ignored[AppDNAWirePath.ignoredKey(forTopLevel: key)] = value
                diagnostics.append(Diagnostic(
                    .info, code: .unknownKey, path: path,
                    message: "top-level '\(key)' is not an AppDNA key; kept under ignored"))
            }
        }

        mutating func decodeVendorObject(_ value: JSONValue) {
            guard case .object(let members) = value else {
                wrongType(value, at: Path.vendorObject, expected: "an object")
                return
            }
            // One pass finds AppDNA's keys; they are then read in canonical key order (action, actions, data,
            // image_url, push_id), as a sorted walk reads them. An unknown key takes the sorted walk.
            var action: JSONValue?, actions: JSONValue?, data: JSONValue?, imageURL: JSONValue?, pushID: JSONValue?
            var hasUnknownKey = false
            scan: for (key, member) in members {
                switch VendorKey(key) {
                case .action: action = member
                case .actions: actions = member
                case .data: data = member
                case .imageURL: imageURL = member
                case .pushID: pushID = member
                case .unknown:
                    hasUnknownKey = true
                    break scan
                }
            }
            if hasUnknownKey {
                for (key, member) in members.membersInCanonicalOrder { decodeVendorMember(key, VendorKey(key), member) }
                if members[Key.pushID] == nil { notePushIDMissing() }
                return
            }
            if let action { decodeMessageAction(action) }
            if let actions { decodeButtons(actions) }
            if let data { decodeVendorMember(Key.data, .data, data) }
            if let imageURL { decodeVendorMember(Key.imageURL, .imageURL, imageURL) }
            if let pushID { decodeVendorMember(Key.pushID, .pushID, pushID) } else { notePushIDMissing() }
        }

        /// The `appdna` object's own keys, told apart by length first (a string switch compares a key with
        /// each name in turn).
        enum VendorKey {
            case action, actions, data, imageURL, pushID, unknown

            init(_ key: String) {
                switch key.utf8.count {
                case Key.data.utf8.count: self = key == Key.data ? .data : .unknown
                case Key.action.utf8.count: self = key == Key.action ? .action : .unknown
                case Key.actions.utf8.count: self = key == Key.actions ? .actions : key == Key.pushID ? .pushID : .unknown
                case Key.imageURL.utf8.count: self = key == Key.imageURL ? .imageURL : .unknown
                default: self = .unknown
                }
            }
        }

        mutating func notePushIDMissing() {
            diagnostics.append(Diagnostic(
                .warning, code: .pushIDMissing, path: JSONPath.member(Key.pushID, of: Path.vendorObject),
                message: "appdna has no push_id: AppDNA does not claim the push and sends no receipt"))
        }

        /// Reads member `key` (told apart as `name`) of the `appdna` object.
        mutating func decodeVendorMember(_ key: String, _ name: VendorKey, _ member: JSONValue) {
            // Built only when a diagnostic or a kept value needs it (the hot path never does).
            var path: String { JSONPath.member(key, of: Path.vendorObject) }
            switch name {
            case .pushID:
                guard let text = member.stringValue else {
                    wrongType(member, at: path, expected: "a non-empty string")
                    return
                }
                payload.messageId = text
                if text.isEmpty {
                    diagnostics.append(Diagnostic(
                        .warning, code: .pushIDEmpty, path: path,
                        message: "push_id is empty: AppDNA does not claim the push and sends no receipt"))
                }
            case .action:
                decodeMessageAction(member)
            case .actions:
                decodeButtons(member)
            case .imageURL:
                if let text = member.stringValue, !text.isEmpty {
                    payload.imageURL = text
                } else if member.stringValue != nil {
                    keep(member, at: path, Diagnostic(
                        .info, code: .imageURLEmpty, path: path,
                        message: "image_url is empty: no image is shown; kept under ignored"))
                } else {
                    wrongType(member, at: path, expected: "a string")
                }
            case .data:
                if let object = member.objectValue {
                    payload.data = object
                } else {
                    wrongType(member, at: path, expected: "an object")
                }
            case .unknown:
                keepUnknownKey(member, at: path, in: "appdna")
            }
        }

        /// The message's `action`: `deep_link`/`open_url` → deep link, `show_screen` → named action. An action
        /// that cannot be read is kept whole under `ignored`.
        mutating func decodeMessageAction(_ value: JSONValue) {
            let path = Path.action
            guard let members = value.objectValue else {
                wrongType(value, at: path, expected: "an object {type, value}")
                return
            }
            // One pass: `type`, `value` and whether there is any other key.
            var type: JSONValue?
            var target: JSONValue?
            var hasOtherKey = false
            for (key, member) in members {
                switch key {
                case Key.type: type = member
                case Key.value: target = member
                default: hasOtherKey = true
                }
            }
            var problem: Diagnostic?
            switch (type?.stringValue, target?.stringValue) {
            case (ActionType.deepLink?, let link?) where !link.isEmpty,
                 (ActionType.openURL?, let link?) where !link.isEmpty:
                payload.deepLink = link
                if type?.stringValue == ActionType.openURL {
                    payload.ignored[JSONPath.member(Key.type, of: path)] = .string(ActionType.openURL)
                }
            case (ActionType.showScreen?, let screen?) where !screen.isEmpty:
                payload.action = Self.showScreen(screen)
            case (let name?, _) where name == ActionType.dismiss || name == ActionType.textReply:
                problem = Diagnostic(
                    .warning, code: .actionTypeNotForMessage, path: JSONPath.member(Key.type, of: path),
                    message: "'\(name)' is a button type: a body tap routes nothing; kept under ignored")
            case (let name?, _) where !Self.messageTypes.contains(name):
                problem = Diagnostic(
                    .warning, code: .unknownActionType, path: JSONPath.member(Key.type, of: path),
                    message: "unknown action type '\(name)': a body tap routes nothing; kept under ignored")
            case (nil, _):
                problem = type == nil
                    ? Diagnostic(
                        .warning, code: .actionTypeMissing, path: JSONPath.member(Key.type, of: path),
                        message: "the action has no type: a body tap routes nothing; kept under ignored")
                    : Diagnostic.wrongType(JSONPath.member(Key.type, of: path), expected: "a string", type!)
            default:
                problem = Self.valueProblem(target, at: JSONPath.member(Key.value, of: path))
            }
            if let problem {
                keep(value, at: path, problem)
                return
            }
            guard hasOtherKey else { return }
            for (key, member) in members.membersInCanonicalOrder where key != Key.type && key != Key.value {
                keepUnknownKey(member, at: JSONPath.member(key, of: path), in: "an AppDNA action")
            }
        }

        static let messageTypes: Set<String> = [ActionType.deepLink, ActionType.openURL, ActionType.showScreen]

        /// The named action `show_screen` for `screen`.
        static func showScreen(_ screen: String) -> PushAction {
            var data = JSONObject(minimumCapacity: 1)
            data.appendNew(screenKey, .string(screen))
            return PushAction(name: showScreenAction, data: data)
        }

        /// Why a `value` that a deep link or screen needs cannot be used.
        static func valueProblem(_ value: JSONValue?, at path: String) -> Diagnostic {
            switch value {
            case nil:
                return Diagnostic(
                    .warning, code: .actionValueMissing, path: path,
                    message: "the action has no value: it routes nothing; kept under ignored")
            case .string?:
                return Diagnostic(
                    .warning, code: .actionValueEmpty, path: path,
                    message: "the action's value is empty: it routes nothing; kept under ignored")
            case let value?:
                return Diagnostic.wrongType(path, expected: "a non-empty string", value)
            }
        }

        mutating func decodeButtons(_ value: JSONValue) {
            guard case .array(let elements) = value else {
                wrongType(value, at: Path.actions, expected: "an array of buttons")
                return
            }
            swap(&buttons, &payload.buttons)
            buttons.reserveCapacity(buttons.count + elements.count)
            // Ids seen so far: a look along the buttons while there are few, a set once there are many.
            var seen = Set<String>()
            for index in elements.indices {
                decodeButton(elements[index], index: index, seen: &seen)
            }
            swap(&buttons, &payload.buttons)
            if payload.buttons.count > maxButtons {
                diagnostics.append(Diagnostic(
                    .warning, code: .tooManyButtons, path: Path.actions,
                    message: "\(payload.buttons.count) buttons: iOS shows at most \(maxButtons); all are kept"))
            }
        }

        /// Whether a button with `id` was decoded before (``decodeButtons(_:)`` keeps `seen`); once `seen` is
        /// used, `id` is added to it.
        func isRepeated(_ id: String, seen: inout Set<String>) -> Bool {
            if buttons.count < 16 {
                // By position: `contains(where:)` hands the closure a copy of each button.
                for index in buttons.indices where buttons[index].id == id { return true }
                return false
            }
            if seen.isEmpty { seen = Set(buttons.map(\.id)) }
            return !seen.insert(id).inserted
        }

        /// Element `index` of `actions`, appended to the buttons; kept whole under `ignored` when it is not an
        /// object with a non-empty string `id`. A button also adds its row to ``categoryHasher``.
        mutating func decodeButton(_ element: JSONValue, index: Int, seen: inout Set<String>) {
            // Paths are built only when a diagnostic or a kept value needs them (the hot path never does).
            var path: String { JSONPath.element(index, of: Path.actions) }
            guard case .object(let members) = element else {
                wrongType(element, at: path, expected: "a button object")
                return
            }
            // One pass over the members finds the button's own keys.
            var idValue: JSONValue?, title: JSONValue?, typeValue: JSONValue?, value: JSONValue?
            var foreground: JSONValue?
            var hasUnknownKey = false
            for (key, member) in members {
                // By length first: each key is compared with at most two names.
                switch key.utf8.count {
                case Key.id.utf8.count where key == Key.id: idValue = member
                case Key.type.utf8.count where key == Key.type: typeValue = member
                case Key.title.utf8.count where key == Key.title: title = member
                case Key.value.utf8.count where key == Key.value: value = member
                case Key.foreground.utf8.count where key == Key.foreground: foreground = member
                default: hasUnknownKey = true
                }
            }
            if !hasUnknownKey, decodePlainButton(
                id: idValue, title: title, type: typeValue, value: value, foreground: foreground, index: index,
                seen: &seen)
            {
                return
            }
            guard case .string(let id)? = idValue, !id.isEmpty else {
                keep(element, at: path, Diagnostic(
                    .warning, code: .buttonIDMissing, path: JSONPath.member(Key.id, of: path),
                    message: "a button needs a non-empty string id: it is not shown; kept under ignored"))
                return
            }
            var button = PushButton(id: id, title: "")
            var titlePath: String { JSONPath.member(Key.title, of: path) }
            switch title {
            case .string(let text)?:
                button.title = text
            case nil:
                diagnostics.append(Diagnostic(
                    .warning, code: .buttonTitleMissing, path: titlePath, message: "the button has no title"))
            case let title?:
                wrongType(title, at: titlePath, expected: "a string")
            }
            let type = decodeButtonType(typeValue, value: value, index: index, into: &button)
            var foregroundPath: String { JSONPath.member(Key.foreground, of: path) }
            var sentForeground: Bool?
            switch foreground {
            case nil: break
            case .bool(let flag)?: sentForeground = flag
            case let flag?: wrongType(flag, at: foregroundPath, expected: "a boolean")
            }
            button.foreground = effectiveForeground(type: type, sent: sentForeground)
            if type == ActionType.dismiss, sentForeground == true {
                keep(.bool(true), at: foregroundPath, Diagnostic(
                    .info, code: .dismissNeverForeground, path: foregroundPath,
                    message: "a dismiss button never opens the app; foreground: true is kept under ignored"))
            }
            if hasUnknownKey {
                for (key, member) in members.membersInCanonicalOrder where !Self.isButtonKey(key) {
                    keepUnknownKey(member, at: JSONPath.member(key, of: path), in: "an AppDNA button")
                }
            }
            noteButton(
                id: button.id, title: button.title, type: type, value: value?.stringValue,
                foreground: button.foreground, index: index, seen: &seen)
            buttons.append(button)
        }

        /// Notes a decoded button just before it is appended to ``buttons`` (`type` and `value` as sent): its
        /// row goes into ``categoryHasher`` and a repeated id is diagnosed. Taking the fields rather than the
        /// button lets the caller build the button right into the array, without a copy.
        @inline(__always)
        mutating func noteButton(
            id: String, title: String, type: String?, value: String?, foreground: Bool, index: Int,
            seen: inout Set<String>
        ) {
            AppDNAAdapter.addCategoryRow(
                id: id, title: title, type: type, value: value, foreground: foreground, to: &categoryHasher)
            categoryButtonCount += 1
            if isRepeated(id, seen: &seen) {
                diagnostics.append(Diagnostic(
                    .warning, code: .duplicateButtonID,
                    path: JSONPath.member(Key.id, of: JSONPath.element(index, of: Path.actions)),
                    message: "button id '\(id)' is used twice: a tap on it runs the first one"))
            }
        }

        /// The usual button, read without a diagnostic: a non-empty id, a title, and a type with the value it
        /// needs (or none). Returns false, having changed nothing, for any other button: the general reading
        /// then diagnoses it.
        mutating func decodePlainButton(
            id idValue: JSONValue?, title titleValue: JSONValue?, type typeValue: JSONValue?, value: JSONValue?,
            foreground foregroundValue: JSONValue?, index: Int, seen: inout Set<String>
        ) -> Bool {
            guard case .string(let id)? = idValue, !id.isEmpty, case .string(let title)? = titleValue else {
                return false
            }
            // `type` and `value` are strings or absent, `foreground` a boolean or absent.
            let type = typeValue?.stringValue, text = value?.stringValue, sentForeground = foregroundValue?.boolValue
            guard (type != nil) == (typeValue != nil), (text != nil) == (value != nil),
                (sentForeground != nil) == (foregroundValue != nil)
            else { return false }
            var deepLink: String?
            var action: PushAction?
            var destructive = false
            var input = false
            var placeholder: String?
            // ``AppDNAAdapter/effectiveForeground(type:sent:)`` read off the same switch (a dismiss button sent
            // with `foreground: true` is not a usual one).
            var foregroundUnlessSent = true
            switch type {
            case nil:
                guard text == nil else { return false }
            case ActionType.deepLink?:
                guard let link = text, !link.isEmpty else { return false }
                deepLink = link
            case ActionType.openURL?:
                guard let link = text, !link.isEmpty else { return false }
                deepLink = link
                payload.ignored[JSONPath.member(Key.type, of: JSONPath.element(index, of: Path.actions))] =
                    .string(ActionType.openURL)
            case ActionType.showScreen?:
                guard let screen = text, !screen.isEmpty else { return false }
                action = Self.showScreen(screen)
            case ActionType.dismiss?:
                guard text == nil, sentForeground != true else { return false }
                destructive = true
                foregroundUnlessSent = false
            case ActionType.textReply?:
                input = true
                placeholder = text
                foregroundUnlessSent = false
            default:
                return false
            }
            let foreground = sentForeground ?? foregroundUnlessSent
            noteButton(
                id: id, title: title, type: type, value: text, foreground: foreground, index: index, seen: &seen)
            // The optional fields are moved into the button, not copied.
            buttons.append(PushButton(
                id: id, title: title, deepLink: consume deepLink, foreground: foreground, destructive: destructive,
                input: input, placeholder: consume placeholder, action: consume action))
            return true
        }

        /// Whether `key` is one of a button's own keys (`id`, `title`, `type`, `value`, `foreground`).
        static func isButtonKey(_ key: String) -> Bool {
            key == Key.id || key == Key.title || key == Key.type || key == Key.value || key == Key.foreground
        }

        /// Fills the button's destination and flags from `type` and `value`; returns the type as read (nil when
        /// missing or not a string). What cannot be read is kept under `ignored`.
        mutating func decodeButtonType(_ typeValue: JSONValue?, value: JSONValue?, index: Int, into button: inout PushButton)
            -> String?
        {
            var path: String { JSONPath.element(index, of: Path.actions) }
            var typePath: String { JSONPath.member(Key.type, of: path) }
            var valuePath: String { JSONPath.member(Key.value, of: path) }
            func keepTypeAndValue(_ typeValue: JSONValue, _ diagnostic: Diagnostic) {
                keep(typeValue, at: typePath, diagnostic)
                if let value { payload.ignored[valuePath] = value }
            }
            guard let typeValue else {
                if let value {
                    keep(value, at: valuePath, Diagnostic(
                        .info, code: .buttonValueUnused, path: valuePath,
                        message: "a button with no type has no use for a value; kept under ignored"))
                }
                return nil
            }
            guard let type = typeValue.stringValue else {
                keepTypeAndValue(typeValue, Diagnostic.wrongType(typePath, expected: "a string", typeValue))
                return nil
            }
            switch type {
            case ActionType.deepLink, ActionType.openURL:
                guard let link = value?.stringValue, !link.isEmpty else {
                    keepTypeAndValue(typeValue, Self.valueProblem(value, at: valuePath))
                    return type
                }
                button.deepLink = link
                if type == ActionType.openURL { payload.ignored[typePath] = .string(type) }
            case ActionType.showScreen:
                guard let screen = value?.stringValue, !screen.isEmpty else {
                    keepTypeAndValue(typeValue, Self.valueProblem(value, at: valuePath))
                    return type
                }
                button.action = Self.showScreen(screen)
            case ActionType.dismiss:
                button.destructive = true
                if let value {
                    keep(value, at: valuePath, Diagnostic(
                        .info, code: .buttonValueUnused, path: valuePath,
                        message: "a dismiss button has no use for a value; kept under ignored"))
                }
            case ActionType.textReply:
                button.input = true
                switch value {
                case nil: break
                case .string(let placeholder)?: button.placeholder = placeholder
                case let value?: wrongType(value, at: valuePath, expected: "a string (the placeholder)")
                }
            default:
                keepTypeAndValue(typeValue, Diagnostic(
                    .warning, code: .unknownActionType, path: typePath,
                    message: "unknown button type '\(type)': the button routes nothing; kept under ignored"))
            }
            return type
        }

        /// Typed text from a forwarded userInfo: the app reads it as `data["reply_text"]`. A sender's own
        /// `data.reply_text` is kept under `ignored`.
        mutating func addReplyText(_ text: String) {
            if let sent = payload.data[Key.dataReplyText] {
                let path = Path.dataReplyText
                keep(sent, at: path, Diagnostic(
                    .info, code: .replyTextReplacesData, path: path,
                    message: "appdna_reply_text (typed text) replaces data.reply_text; the sent value is kept "
                        + "under ignored"))
            }
            payload.data[Key.dataReplyText] = .string(text)
        }

        /// With buttons, `aps.category` should be the category derived from them.
        mutating func checkCategory() {
            guard !payload.buttons.isEmpty, categoryButtonCount > 0 else { return }
            if let category = payload.category, categoryHasher.isCategory(category, withPrefix: categoryPrefix) { return }
            let derived = categoryHasher.category(withPrefix: categoryPrefix)
            let sent = payload.category.map { "'\($0)'" } ?? "missing"
            diagnostics.append(Diagnostic(
                .warning, code: .categoryMismatch, path: "$.aps.category",
                message: "aps.category is \(sent) but AppDNA's buttons need '\(derived)': iOS may show no buttons"))
        }
    }
}
