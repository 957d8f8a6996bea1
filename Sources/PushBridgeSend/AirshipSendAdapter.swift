import PushBridge

/// Airship `POST /api/push` and `POST /api/schedules` (docs/SEND.md "Airship").
public struct AirshipSendAdapter: SendAdapter {
    public let id = "airship"
    public let name = "Airship"
    public let primaryPath = "/api/push"
    static let schedulePath = "/api/schedules"
    static let placeholderSendId = "<airship-send-id>"
    static let deepLinkKey = "^d"
    static let openURLKey = "^u"
    static let mediaKey = "com.urbanairship.media_attachment"
    static let interactiveKey = "com.urbanairship.interactive_actions"
    /// The ``SendRequest/sourcePaths`` entry naming where the push sat in a schedule request (`$.push`).
    static let pushRootField = "airship.push"

    /// The root keys Airship's backend writes or its SDK reads as its own (its fields and the names of its
    /// built-in actions, `Airship/AirshipCore` action registry): an `extra` member under one is not the app's data.
    static let reservedDataKeys = KeyTable([
        "aps", "_", "com.urbanairship.metadata", mediaKey, interactiveKey, "com.urbanairship.foreground_presentation",
        "foreground_presentation", "com.urbanairship.in_app", "com.urbanairship.remote-data.update", deepLinkKey,
        "deep_link_action", "open_external_url_action", openURLKey, "add_tags_action", "^+t", "remove_tags_action",
        "^-t", "add_custom_event_action", "clipboard_action", "^c", "wallet_action", "^w", "fetch_device_info", "^fdi",
        "enable_feature", "^ef", "share_action", "^s", "modify_attributes_action", "^a", "^sl",
        "subscription_list_action", "edit_subscription_list_action", "^sla", "prompt_permission_action", "^pp",
        "rate_app_action", "^ra", "_uamid", "overlay_inbox_action", "display_inbox_action", "^mc", "^mco",
        "landing_page_action", "^p",
    ])
    /// Request members kept as sent.
    static let keptFields: Set<String> = ["device_types", "options", "campaigns", "message", "in_app", "global_attributes"]
    /// `notification.ios` members kept as sent.
    static let keptIOSFields: Set<String> = ["live_activity", "template"]

    /// 4096 bytes for a platform override: documented for Android's, assumed for iOS's (not verified).
    public let budgets = [
        SendBudget(
            .request(paths: [["notification", "ios"], ["push", "notification", "ios"]]), bytes: 4096, severity: .warning,
            rule: "Airship documents 4096 bytes for a platform override (for Android; iOS's limit is not documented)"),
    ]

    public init() {}

    public func reservesDataKey(_ key: String) -> Bool { Self.reservedDataKeys.contains(key) }

    /// Whether `link` is a web URL (Airship's `url` open type) rather than a deep link.
    static func isWebLink(_ link: String) -> Bool {
        let lower = link.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        var form = SendRequest(vendor: id)
        guard case .object(var body) = request.body else {
            return .malformed(id, request.body, expected: "an Airship body is a JSON object")
        }
        var diagnostics: [Diagnostic] = []
        var root = JSONPath.root
        // A schedule wraps the push: {name, schedule{scheduled_time | local_scheduled_time}, push}.
        if case .object(let push)? = body["push"] {
            var wrapper = SendReader(body, at: JSONPath.root)
            _ = wrapper.value("push")
            if let schedule = wrapper.object("schedule") {
                var value = SendSchedule()
                let key = schedule["local_scheduled_time"] != nil ? "local_scheduled_time" : "scheduled_time"
                value.recipientLocal = key == "local_scheduled_time"
                if let text = schedule[key]?.stringValue {
                    if let time = SendTime.parse(text) { value.at = time.seconds } else {
                        value.text = text
                        diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: JSONPath.member(key, of: "$.schedule"), message: "'\(text)' is not a date"))
                    }
                } else {
                    diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: "$.schedule", message: "a schedule needs scheduled_time or local_scheduled_time"))
                }
                form.schedule = value
                form.paths[SendField.schedule] = JSONPath.member(key, of: "$.schedule")
            }
            wrapper.keepUnread(known: ["name"])
            form.vendorFields = wrapper.kept
            form.paths[Self.pushRootField] = "$.push"
            body = push
            root = "$.push"
        }
        var reader = SendReader(body, at: root)
        var payload = PushPayload(vendor: id)
        var content = SendContent()
        let notification = reader.object("notification") ?? [:]
        let notificationPath = reader.path("notification")
        var note = SendReader(notification, at: notificationPath)
        if let alert = note.string("alert") {
            payload.alert = PushAlert(body: alert)
            form.paths[SendField.alert] = note.path("alert")
        }
        readActions(note.object("actions"), at: note.path("actions"), into: &payload, form: &form, kept: &note.kept)
        if let interactive = note.object("interactive") {
            readInteractive(interactive, at: note.path("interactive"), into: &payload, form: &form, diagnostics: &diagnostics)
        }
        if let ios = note.object("ios") {
            var iosReader = SendReader(ios, at: note.path("ios"))
            func field(_ name: String, _ key: String) { form.paths[name] = iosReader.path(key) }
            switch iosReader.value("alert") {
            case .string(let text)?:
                payload.alert = PushAlert(title: payload.alert?.title, subtitle: payload.alert?.subtitle, body: text)
                field(SendField.alert, "alert")
            case .object(let alert)?:
                payload.alert = PushAlert(
                    title: alert["title"]?.stringValue, subtitle: alert["subtitle"]?.stringValue, body: alert["body"]?.stringValue)
                // Apple's other alert keys (`summary-arg`, loc keys) stay in the alert.
                var otherKeys = JSONObject()
                for (key, value) in alert where !["title", "subtitle", "body"].contains(key) { otherKeys[key] = value }
                if !otherKeys.isEmpty { payload.apsExtra["alert"] = .object(otherKeys) }
                field(SendField.alert, "alert")
                form.paths[SendField.apsExtra] = iosReader.path("alert")
            case nil, .null?: break
            case let other?: iosReader.wrongType("alert", "a string or an object", other)
            }
            if let title = iosReader.string("title") { payload.alert = (payload.alert ?? PushAlert()); payload.alert?.title = title }
            if let subtitle = iosReader.string("subtitle") { payload.alert = (payload.alert ?? PushAlert()); payload.alert?.subtitle = subtitle }
            switch iosReader.value("badge") {
            case .number(let number)?:
                if let value = number.intValue { content.badge = .set(value) } else { iosReader.wrongType("badge", "an integer", .number(number)) }
                field(SendField.badge, "badge")
            case .string(let text)?:
                field(SendField.badge, "badge")
                if text == "auto" {
                    iosReader.kept[iosReader.path("badge")] = .string(text)
                } else if let first = text.first, first == "+" || first == "-", let value = Int(text.dropFirst()) {
                    content.badge = .increment(first == "+" ? value : -value)
                } else {
                    diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: iosReader.path("badge"), message: "an Airship badge is a number, \"auto\", \"+N\" or \"-N\"; found \"\(text)\""))
                    iosReader.kept[iosReader.path("badge")] = .string(text)
                }
            case nil, .null?: break
            case let other?: iosReader.wrongType("badge", "a number or a string", other)
            }
            switch iosReader.value("sound") {
            case .string(let name)?: payload.sound = name; field(SendField.sound, "sound")
            case .object(let sound)?:
                field(SendField.sound, "sound")
                if let name = sound["name"]?.stringValue {
                    payload.sound = name
                } else {
                    diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("name", of: iosReader.path("sound")), message: "a sound object needs a name"))
                }
                if sound.count > 1 || sound["name"] == nil { iosReader.kept[iosReader.path("sound")] = .object(sound) }
            case nil, .null?: break
            case let other?: iosReader.wrongType("sound", "a string or an object", other)
            }
            for key in ["content_available", "content-available"] {
                if let flag = iosReader.bool(key) { payload.contentAvailable = flag; field(SendField.contentAvailable, key) }
            }
            if let flag = iosReader.bool("mutable_content") { payload.mutableContent = flag; field(SendField.mutableContent, "mutable_content") }
            if let media = iosReader.object("media_attachment") {
                field(SendField.imageURL, "media_attachment")
                if let url = media["url"]?.stringValue { payload.imageURL = url } else {
                    diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("url", of: iosReader.path("media_attachment")), message: "media_attachment needs a url"))
                }
                for (key, value) in media where key != "url" {
                    iosReader.kept[JSONPath.member(key, of: iosReader.path("media_attachment"))] = value
                }
            }
            if let category = iosReader.string("category") { payload.category = category; field(SendField.category, "category") }
            if let interactive = iosReader.object("interactive") {
                readInteractive(interactive, at: iosReader.path("interactive"), into: &payload, form: &form, diagnostics: &diagnostics)
            }
            readActions(iosReader.object("actions"), at: iosReader.path("actions"), into: &payload, form: &form, kept: &iosReader.kept)
            if let extra = iosReader.object("extra") {
                field(SendField.data, "extra")
                payload.data = iosReader.customData(extra, at: iosReader.path("extra"), for: self)
            }
            switch iosReader.value("expiry") {
            case .number(let number)?:
                if let seconds = number.intValue { content.expiry = .after(seconds: seconds) }
                field(SendField.expiry, "expiry")
            case .string(let text)?:
                field(SendField.expiry, "expiry")
                if let time = SendTime.parse(text) { content.expiry = .at(epochSeconds: time.seconds) } else {
                    diagnostics.append(Diagnostic(.error, code: .expiryInvalid, path: iosReader.path("expiry"), message: "expiry is seconds or a UTC date, found '\(text)'"))
                }
            case nil, .null?: break
            case let other?: iosReader.wrongType("expiry", "a number or a string", other)
            }
            if let priority = iosReader.int("priority") {
                content.priority = priority
                field(SendField.priority, "priority")
                if priority != 5, priority != 10 {
                    diagnostics.append(Diagnostic(.error, code: .priorityInvalid, path: iosReader.path("priority"), message: "Airship's iOS priority is 5 or 10, found \(priority)"))
                }
            }
            if let collapse = iosReader.string("collapse_id") { content.collapseId = collapse; field(SendField.collapseId, "collapse_id") }
            if let thread = iosReader.string("thread_id") { payload.threadId = thread; field(SendField.threadId, "thread_id") }
            if let target = iosReader.string("target_content_id") { payload.apsExtra["target-content-id"] = .string(target) }
            if let level = iosReader.string("interruption_level") {
                field(SendField.interruptionLevel, "interruption_level")
                if let value = InterruptionLevel(rawValue: level) { content.interruptionLevel = value } else {
                    diagnostics.append(Diagnostic(.error, code: .interruptionLevelInvalid, path: iosReader.path("interruption_level"), message: "Airship takes passive, active, time-sensitive or critical, found '\(level)'"))
                    iosReader.kept[iosReader.path("interruption_level")] = .string(level)
                }
            }
            content.relevanceScore = SendRules.relevance(iosReader.value("relevance_score"), path: iosReader.path("relevance_score"), diagnostics: &diagnostics)
            field(SendField.relevanceScore, "relevance_score")
            iosReader.keepUnread(known: Self.keptIOSFields)
            diagnostics += iosReader.diagnostics
            for (key, value) in iosReader.kept { note.kept[key] = value }
        }
        note.keepUnread(known: ["android", "web", "amazon"])
        diagnostics += note.diagnostics
        for (key, value) in note.kept { reader.kept[key] = value }

        // Request-level expiry, when the override has none.
        if content.expiry == nil, case .object(let options)? = body["options"], let expiry = options["expiry"] {
            let path = JSONPath.member("expiry", of: reader.path("options"))
            if let seconds = expiry.intValue { content.expiry = .after(seconds: seconds) }
            else if let text = expiry.stringValue, let time = SendTime.parse(text) { content.expiry = .at(epochSeconds: time.seconds) }
            form.paths[SendField.expiry] = path
        }
        // Localizations: [{language, country?, notification: {alert, ios{alert}}}].
        if let localizations = reader.array("localizations") {
            for (index, element) in localizations.enumerated() {
                guard let language = element["language"]?.stringValue else { continue }
                let local = element["notification"]
                var alert = PushAlert(body: local?["alert"]?.stringValue)
                if case .object(let iosAlert)? = local?["ios"]?["alert"] {
                    alert = PushAlert(title: iosAlert["title"]?.stringValue, subtitle: iosAlert["subtitle"]?.stringValue, body: iosAlert["body"]?.stringValue ?? alert.body)
                } else if let text = local?["ios"]?["alert"]?.stringValue {
                    alert.body = text
                }
                let tag = element["country"]?.stringValue.map { language + "-" + $0 } ?? language
                content.localized[tag] = alert
                _ = index
            }
            // The request's own text is the default; its language is not named.
            form.paths[SendField.localized] = reader.path("localizations")
        }
        readAudience(reader.value("audience"), at: reader.path("audience"), form: &form)
        if body["audience"] == nil {
            diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: reader.path("audience"), message: "an Airship push needs an audience"))
        }
        reader.keepUnread(known: Self.keptFields)
        diagnostics += reader.diagnostics
        form.takeContent(&content, payload: &payload)
        for (key, value) in reader.kept { form.vendorFields[key] = value }
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    /// Reads an Actions object: `open` is the body tap's link; the other actions are kept as sent.
    private func readActions(
        _ actions: JSONObject?, at path: String, into payload: inout PushPayload, form: inout SendRequest, kept: inout JSONObject
    ) {
        guard let actions else { return }
        for (key, value) in actions {
            if key == "open", let type = value["type"]?.stringValue, type == "url" || type == "deep_link",
                let link = value["content"]?.stringValue {
                payload.deepLink = link
                form.paths[SendField.deepLink] = JSONPath.member(key, of: path)
            } else {
                kept[JSONPath.member(key, of: path)] = value
            }
        }
    }

    /// Reads `interactive` {type, button_actions}: the category, and a button per action id with its link.
    private func readInteractive(
        _ interactive: JSONObject, at path: String, into payload: inout PushPayload, form: inout SendRequest,
        diagnostics: inout [Diagnostic]
    ) {
        if let type = interactive["type"]?.stringValue {
            payload.category = type
            form.paths[SendField.category] = JSONPath.member("type", of: path)
        } else {
            diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("type", of: path), message: "interactive needs a type (the category)"))
        }
        form.paths[SendField.buttons] = JSONPath.member("button_actions", of: path)
        for (buttonId, actions) in interactive["button_actions"]?.objectValue ?? [:] {
            let open = actions["open"]
            payload.buttons.append(PushButton(id: buttonId, title: "", deepLink: open?["content"]?.stringValue, foreground: true))
        }
    }

    /// Reads the audience selector: named users are the app's user ids, device tokens are APNs tokens; the rest
    /// is Airship's own.
    private func readAudience(_ audience: JSONValue?, at path: String, form: inout SendRequest) {
        guard let audience else { return }
        func selectors(_ value: JSONValue) -> [(String, JSONValue)]? {
            guard case .object(let object) = value, object.count == 1, let (key, inner) = object.first else { return nil }
            if key == "or", let list = inner.arrayValue {
                var all: [(String, JSONValue)] = []
                for element in list {
                    guard let one = selectors(element), one.count == 1 else { return nil }
                    all += one
                }
                return all
            }
            return [(key, inner)]
        }
        if let list = selectors(audience), list.allSatisfy({ ($0.0 == "named_user" || $0.0 == "device_token") && $0.1.stringValue != nil }) {
            for (key, value) in list {
                if key == "named_user" { form.audience.userIds.append(value.stringValue!) } else { form.audience.deviceTokens.append(value.stringValue!) }
            }
            form.paths["audience.userIds"] = path
            form.paths["audience.deviceTokens"] = path
        } else {
            form.addVendorTargeting(vendor: id, key: "audience", value: audience, path: path)
        }
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        // Each member of `ios` is set once below: added without looking for it.
        var ios = JSONObject()
        func alertValue(_ alert: PushAlert) -> JSONValue {
            if alert.title == nil, alert.subtitle == nil, let text = alert.body { return .string(text) }
            return SendJSON.alert(alert)
        }
        if let alert = payload.alert {
            var value = alertValue(alert)
            if case .object(var object) = value, let extra = payload.apsExtra["alert"]?.objectValue {
                for (key, member) in extra { object[key] = member }
                value = .object(object)
            }
            ios.appendNew("alert", value)
        }
        switch content.badge {
        case .set(let value)?: ios.appendNew("badge", .int(value))
        case .increment(let value)?: ios.appendNew("badge", .string(value < 0 ? "-\(-value)" : "+\(value)"))
        case .fromProperty(let name)?: rendering.lose(SendField.badge, .string(name), "Airship cannot set the badge from a profile property")
        case nil: break
        }
        if let sound = payload.sound { ios.appendNew("sound", .string(sound)) }
        if payload.contentAvailable { ios.appendNew("content_available", true) }
        if payload.mutableContent, form.paths[slot: .mutableContent] != nil { ios.appendNew("mutable_content", true) }
        if let image = payload.imageURL {
            // Built member by member: a literal goes through an argument array and a lookup per key.
            var media = JSONObject(minimumCapacity: 1)
            media.appendNew("url", .string(image))
            ios.appendNew("media_attachment", .object(media))
        }
        let category = rendering.category()
        if let category { ios.appendNew("category", .string(category)) }
        var notification = JSONObject()
        if !payload.buttons.isEmpty {
            if let category {
                var buttonActions = JSONObject()
                for (index, button) in payload.buttons.enumerated() {
                    if !button.title.isEmpty, !rendering.isSameVendor {
                        rendering.lose(
                            SendField.buttons, .string(button.title), "Airship buttons take their titles from the app's registered category",
                            path: JSONPath.member("text", of: JSONPath.element(index, of: form.sourcePath(SendField.buttons))))
                    }
                    var actions = JSONObject()
                    if let link = button.deepLink {
                        actions["open"] = ["type": .string(Self.isWebLink(link) ? "url" : "deep_link"), "content": .string(link)]
                    }
                    buttonActions[button.id] = .object(actions)
                }
                ios.appendNew("interactive", ["type": .string(category), "button_actions": .object(buttonActions)])
            } else {
                rendering.lose(SendField.buttons, .array(payload.buttons.map(SendJSON.button)), "Airship shows buttons only with a category the app registers (interactive.type), which names their titles; the form has none")
            }
        }
        if let link = payload.deepLink {
            notification["actions"] = ["open": ["type": .string(Self.isWebLink(link) ? "url" : "deep_link"), "content": .string(link)]]
            if content.openLinkInApp == true, Self.isWebLink(link) {
                rendering.lose(SendField.openLinkInApp, true, "Airship opens a url action outside the app")
            }
        }
        let data = rendering.customData(payload.data, for: self) { "Airship's SDK reads '\($0)' at the root of the push as its own" }
        if !data.isEmpty, data.values.allSatisfy({ if case .string = $0 { true } else { false } }) {
            // Strings only: the data is the extra as it is, shared rather than copied member by member.
            ios.appendNew("extra", .object(data))
        } else if !data.isEmpty {
            // The override's extra holds strings (Airship's Java SDK types it so): anything else is written as JSON text.
            var extra = JSONObject()
            for (key, value) in data {
                // The data's keys are distinct: each is added without looking for it.
                if case .string = value { extra.appendNew(key, value); continue }
                extra.appendNew(key, .string(JSONWriter.string(value)))
                rendering.lose(SendField.data, value, "Airship's extra holds strings; written as JSON text", path: JSONPath.member(key, of: form.sourcePath(SendField.data)))
            }
            ios.appendNew("extra", .object(extra))
        }
        switch content.expiry {
        case .after(let seconds)?: ios.appendNew("expiry", .int(seconds))
        case .at(let seconds)?: ios.appendNew("expiry", .string(SendTime.iso8601(seconds, zone: false)))
        case nil: break
        }
        if let priority = content.priority {
            let value = priority >= 8 ? 10 : 5
            ios.appendNew("priority", .int(value))
            if priority != value { rendering.lose(SendField.priority, .int(priority), "Airship's iOS priority is 5 or 10; sent as \(value)") }
        }
        if let collapse = content.collapseId {
            if collapse.utf8.count > SendRules.collapseIdBytes {
                rendering.lose(SendField.collapseId, .string(collapse), "Airship takes a collapse id of at most 64 bytes")
            } else {
                ios.appendNew("collapse_id", .string(collapse))
            }
        }
        if let thread = payload.threadId { ios.appendNew("thread_id", .string(thread)) }
        if let level = content.interruptionLevel { ios.appendNew("interruption_level", .string(level.rawValue)) }
        if let score = content.relevanceScore { ios.appendNew("relevance_score", .number(score)) }
        for (key, value) in payload.apsExtra where key != "alert" {
            if key == "target-content-id", case .string = value { ios.appendNew("target_content_id", value) } else {
                rendering.lose(SendField.apsExtra, value, "Airship has no override for aps key '\(key)'", path: JSONPath.member(key, of: form.sourcePath(SendField.apsExtra)))
            }
        }
        switch content.pushType {
        case nil, "alert"?, "background"?: break
        case let other?: rendering.lose(SendField.pushType, .string(other), "Airship's push API sends alert and background pushes")
        }
        notification["ios"] = .object(ios)
        var body: JSONObject = [:]
        var selectors: [JSONValue] = form.audience.userIds.map { ["named_user": .string($0)] }
        selectors += form.audience.deviceTokens.map { ["device_token": .string($0)] }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id { selectors.append(targeting.value) }
        if selectors.count == 1 { body["audience"] = selectors[0] } else if !selectors.isEmpty { body["audience"] = ["or": .array(selectors)] }
        rendering.loseAudience(tokens: true, userIds: true, topics: false)
        body["notification"] = .object(notification)
        body["device_types"] = ["ios"]
        let languages = content.localized.isEmpty ? [:] : content.localized.filter { $0.key != content.defaultLanguage }
        if !languages.isEmpty {
            var localizations: [JSONValue] = []
            var unnamed = JSONObject()
            for tag in JSONWriter.sortedKeys(languages) {
                guard let alert = languages[tag] else { continue }
                // `language` and an optional `country`: a tag with no language before its first '-' names neither.
                let parts = tag.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
                guard let language = parts.first, !language.isEmpty else {
                    unnamed[tag] = SendJSON.alert(alert)
                    continue
                }
                var element: JSONObject = ["language": .string(String(language))]
                if parts.count > 1, !parts[1].isEmpty { element["country"] = .string(String(parts[1])) }
                element["notification"] = ["ios": ["alert": alertValue(alert)]]
                localizations.append(.object(element))
            }
            if !unnamed.isEmpty {
                rendering.lose(SendField.localized, .object(unnamed), "an Airship localization names a language; these tags name none")
            }
            if !localizations.isEmpty { body["localizations"] = .array(localizations) }
        }
        if let key = form.idempotencyKey {
            rendering.lose(SendField.idempotencyKey, .string(key), "Airship's push API documents no idempotency key")
        }
        var path = primaryPath
        var scheduleObject = JSONObject()
        if let schedule = form.schedule {
            if schedule.optimal { rendering.lose(SendField.schedule, SendJSON.schedule(schedule), "this tool writes Airship schedules at a time; best time is not mapped") }
            let key = schedule.recipientLocal ? "local_scheduled_time" : "scheduled_time"
            if let at = schedule.at { scheduleObject[key] = .string(SendTime.iso8601(at, zone: false)) } else if let text = schedule.text { scheduleObject[key] = .string(text) }
        }
        // A schedule wraps the push; a schedule request read from Airship stays one even with its schedule broken.
        let sourceRoot = rendering.isSameVendor ? form.paths[Self.pushRootField] ?? JSONPath.root : JSONPath.root
        let wrapped = !scheduleObject.isEmpty || sourceRoot != JSONPath.root
        var outer = body
        if wrapped {
            path = Self.schedulePath
            outer = ["push": .object(body)]
            if !scheduleObject.isEmpty { outer["schedule"] = .object(scheduleObject) }
        }
        let targetRoot = wrapped ? "$.push" : JSONPath.root
        rendering.placeVendorFields(into: &outer) { kept in
            // Kept push members move with the push; the schedule's own members stay where they were.
            guard kept == sourceRoot || kept.hasPrefix(sourceRoot + ".") || kept.hasPrefix(sourceRoot + "[") else { return kept }
            return targetRoot + kept.dropFirst(sourceRoot.count)
        }
        return SendRenderResult(requests: [SendHTTPRequest(path: path, body: .object(outer))], losses: rendering.losses)
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var content = form.content
        let payload = content.payload
        if case .increment? = content.badge { content.badge = nil }  // computed by Airship's server
        var userInfo: JSONObject = ["aps": .object(SendRules.deliveredAPS(content, mutable: payload.imageURL != nil))]
        for (key, value) in payload.data where !reservesDataKey(key) { userInfo[key] = value }
        userInfo["_"] = .string(Self.placeholderSendId)
        if let image = payload.imageURL { userInfo[Self.mediaKey] = ["url": .string(image)] }
        if let link = payload.deepLink {
            userInfo[Self.isWebLink(link) ? Self.openURLKey : Self.deepLinkKey] = .string(link)
        }
        if !payload.buttons.isEmpty, payload.category != nil {
            var actions = JSONObject()
            for button in payload.buttons {
                var buttonActions = JSONObject()
                if let link = button.deepLink { buttonActions[Self.isWebLink(link) ? Self.openURLKey : Self.deepLinkKey] = .string(link) }
                actions[button.id] = .object(buttonActions)
            }
            userInfo[Self.interactiveKey] = .object(actions)
        }
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let outer) = request.body else { return problems }
        let body = outer["push"]?.objectValue ?? outer
        let root = outer["push"] != nil ? "$.push" : JSONPath.root
        if body["device_types"] == nil {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("device_types", of: root), message: "an Airship push needs device_types"))
        }
        if body["notification"] == nil, body["message"] == nil, body["in_app"] == nil {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("notification", of: root), message: "an Airship push needs a notification, a message or an in-app message"))
        }
        if let collapse = parsed.request.content.collapseId, let problem = SendRules.collapseId(collapse, path: JSONPath.member("collapse_id", of: JSONPath.member("ios", of: JSONPath.member("notification", of: root)))) {
            problems.append(problem)
        }
        problems += budgetProblems(request, form: parsed.request)
        return problems
    }
}
