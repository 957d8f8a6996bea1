import PushBridge

/// OneSignal `POST /notifications` (docs/SEND.md "OneSignal").
public struct OneSignalSendAdapter: SendAdapter {
    public let id = "onesignal"
    public let name = "OneSignal"
    public let primaryPath = "/notifications"

    /// Fields the form keeps as sent (no form field): they go back into a OneSignal request unchanged.
    static let keptFields = KeyTable(keptFieldNames)
    static let keptFieldNames = [
        "app_id", "target_channel", "name", "custom_data", "web_url", "big_picture", "template_id", "summary_arg",
        "summary_arg_count", "apns_alert", "delivery_time_of_day", "throttle_rate_per_minute", "isIos", "isAndroid",
        "isAnyWeb", "channel_for_external_user_ids", "web_push_topic", "android_channel_id", "small_icon", "large_icon",
    ]
    /// Targeting members only OneSignal reads.
    static let targetingFields = [
        "included_segments", "excluded_segments", "filters", "include_subscription_ids", "include_player_ids",
    ]
    /// The paths of the body's members the parser names.
    static let memberPaths = SendReader.MemberPaths(
        keptFieldNames + targetingFields + [
            "headings", "subtitle", "contents", "data", "app_url", "url", "ios_attachments", "buttons", "ios_category",
            "ios_sound", "thread_id", "collapse_id", "target_content_identifier", "content_available", "mutable_content",
            "ios_badgeType", "ios_badgeCount", "ios_badge_type", "ios_badge_count", "ios_interruption_level",
            "ios_relevance_score", "ttl", "priority", "apns_push_type_override", "idempotency_key", "external_id",
            "include_aliases", "include_external_user_ids", "include_ios_tokens", "send_after", "delayed_option",
        ],
        of: JSONPath.root)
    /// The language maps: title, subtitle and body.
    static let textKeys = ["headings", "subtitle", "contents"]
    /// The badge's wire names and the SDK's names for them.
    static let badgeKeys = [("ios_badgeType", "ios_badge_type"), ("ios_badgeCount", "ios_badge_count")]
    static let maxButtons = 3
    static let maxTTL = 2_419_200
    static let placeholderNotificationId = "<onesignal-notification-id>"

    /// "Keep payloads under 3500 bytes" (advice) and `data` (the SDK's additionalData) up to 2048 bytes.
    public let budgets = [
        SendBudget(.delivered, bytes: 3500, severity: .warning, rule: "OneSignal asks that payloads stay under 3500 bytes"),
        SendBudget(.request(paths: [["data"]]), bytes: 2048, severity: .error, rule: "OneSignal's data holds up to 2048 bytes"),
    ]

    public init() {}

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        var form = SendRequest(vendor: id)
        guard case .object(let body) = request.body else {
            return .malformed(id, request.body, expected: "a OneSignal body is a JSON object")
        }
        var reader = SendReader(body, at: JSONPath.root, memberPaths: Self.memberPaths)
        var payload = PushPayload(vendor: id)
        var content = SendContent()

        // Text: language maps. A send has a language or two: they are listed, and hashed into a dictionary only
        // when there are several.
        var languages: [LanguageText] = []
        for (part, key) in Self.textKeys.enumerated() {
            guard let map = reader.object(key) else { continue }
            for (language, text) in map {
                guard case .string(let string) = text else {
                    reader.diagnostics.append(.wrongType(JSONPath.member(language, of: reader.path(key)), expected: "a string", text))
                    continue
                }
                let index: Int
                if let found = languages.firstIndex(where: { $0.tag == language }) { index = found } else {
                    languages.append(LanguageText(tag: language, alert: PushAlert()))
                    index = languages.count - 1
                }
                switch part {
                case 0: languages[index].alert.title = string
                case 1: languages[index].alert.subtitle = string
                default: languages[index].alert.body = string
                }
            }
        }
        if !languages.isEmpty {
            let language = languages.contains { $0.tag == "en" } ? "en" : JSONWriter.sortedCanonically(languages.map(\.tag))[0]
            content.defaultLanguage = language
            payload.alert = languages.first { $0.tag == language }?.alert
            if languages.count > 1 {
                content.localized = Dictionary(languages.map { ($0.tag, $0.alert) }, uniquingKeysWith: { $1 })
            }
            form.paths[slot: .alert] = reader.has("contents") ? "$.contents" : "$.headings"
            form.paths[slot: .localized] = form.paths[slot: .alert]
        }
        if let data = reader.object("data") {
            payload.data = data
            form.paths[slot: .data] = "$.data"
        }
        if let url = reader.string("app_url") ?? reader.string("url") {
            payload.deepLink = url
            form.paths[slot: .deepLink] = reader.has("app_url") ? "$.app_url" : "$.url"
            if reader.has("app_url"), let both = reader.peek("url") { reader.kept["$.url"] = both }
        }
        if let attachments = reader.object("ios_attachments") {
            if let (_, first) = attachments.first, case .string(let url) = first { payload.imageURL = url }
            form.paths[slot: .imageURL] = "$.ios_attachments"
            if attachments.count > 1 {
                reader.kept["$.ios_attachments"] = .object(attachments)
                reader.diagnostics.append(Diagnostic(
                    .info, code: .extraAttachments, path: "$.ios_attachments",
                    message: "iOS shows the first of \(attachments.count) attachments; all are kept"))
            }
        }
        if let buttons = reader.array("buttons") {
            form.paths[slot: .buttons] = "$.buttons"
            for (index, element) in buttons.enumerated() {
                guard case .object(let button) = element, case .string(let buttonId)? = button["id"] else {
                    let path = JSONPath.element(index, of: "$.buttons")
                    reader.diagnostics.append(Diagnostic(.warning, code: .buttonIDMissing, path: path, message: "a button needs a string id; kept as sent"))
                    reader.kept[path] = element
                    continue
                }
                payload.buttons.append(PushButton(id: buttonId, title: button["text"]?.stringValue ?? "", foreground: true))
                if let icon = button["icon"] { reader.kept[JSONPath.member("icon", of: JSONPath.element(index, of: "$.buttons"))] = icon }
            }
            if buttons.count > Self.maxButtons {
                reader.diagnostics.append(Diagnostic(.warning, code: .tooManyButtons, path: "$.buttons", message: "OneSignal shows up to \(Self.maxButtons) buttons, found \(buttons.count)"))
            }
        }
        func text(_ key: String, _ field: SendSourcePaths.Slot, _ set: (String) -> Void) {
            if let value = reader.string(key) {
                set(value)
                form.paths[slot: field] = reader.path(key)
            }
        }
        text("ios_category", .category) { payload.category = $0 }
        text("ios_sound", .sound) { payload.sound = $0 }
        text("thread_id", .threadId) { payload.threadId = $0 }
        text("collapse_id", .collapseId) { content.collapseId = $0 }
        text("target_content_identifier", .apsExtra) { payload.apsExtra["target-content-id"] = .string($0) }
        if let flag = reader.bool("content_available") {
            payload.contentAvailable = flag
            form.paths[slot: .contentAvailable] = "$.content_available"
        }
        // OneSignal always sets mutable-content on delivery; the form keeps only an explicit request for it.
        if let flag = reader.bool("mutable_content") {
            payload.mutableContent = flag
            form.paths[slot: .mutableContent] = "$.mutable_content"
        }

        // Badge: the wire names are camelCase; the SDK's snake_case names are read with a warning.
        var typeKey = "ios_badgeType", countKey = "ios_badgeCount"
        for (wire, sdk) in Self.badgeKeys where !reader.has(wire) && reader.has(sdk) {
            reader.diagnostics.append(Diagnostic(
                .warning, code: .sendValueInvalid, path: reader.path(sdk),
                message: "'\(sdk)' is the SDK property's name; the REST field is '\(wire)'"))
            if wire == "ios_badgeType" { typeKey = sdk } else { countKey = sdk }
        }
        let badgeType = reader.string(typeKey)
        let badgeCount = reader.int(countKey)
        _ = reader.value("ios_badge_type"); _ = reader.value("ios_badge_count")
        switch badgeType {
        case "SetTo"?: content.badge = badgeCount.map { .set($0) }
        case "Increase"?: content.badge = badgeCount.map { .increment($0) }
        case nil, "None"?: break
        case let other?:
            reader.diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: reader.path(typeKey), message: "ios_badgeType is None, SetTo or Increase, found '\(other)'"))
        }
        form.paths[slot: .badge] = reader.path(countKey)

        if let level = reader.string("ios_interruption_level") {
            form.paths[slot: .interruptionLevel] = "$.ios_interruption_level"
            if level != "time-sensitive", let value = InterruptionLevel(spelling: level) { content.interruptionLevel = value } else {
                reader.diagnostics.append(Diagnostic(
                    .error, code: .interruptionLevelInvalid, path: "$.ios_interruption_level",
                    message: "OneSignal spells the levels active, passive, time_sensitive and critical, found '\(level)'"))
                reader.kept["$.ios_interruption_level"] = .string(level)
            }
        }
        content.relevanceScore = SendRules.relevance(reader.value("ios_relevance_score"), path: "$.ios_relevance_score", diagnostics: &reader.diagnostics)
        form.paths[slot: .relevanceScore] = "$.ios_relevance_score"
        if let ttl = reader.int("ttl") {
            content.expiry = .after(seconds: ttl)
            form.paths[slot: .expiry] = "$.ttl"
        }
        if let priority = reader.int("priority") {
            content.priority = priority
            form.paths[slot: .priority] = "$.priority"
        }
        text("apns_push_type_override", .pushType) { content.pushType = $0 }
        if let key = reader.string("idempotency_key") ?? reader.string("external_id") {
            form.idempotencyKey = key
            form.paths[slot: .idempotencyKey] = reader.has("idempotency_key") ? "$.idempotency_key" : "$.external_id"
        }

        // Audience.
        if let aliases = reader.object("include_aliases") {
            for (label, ids) in aliases {
                let path = JSONPath.member(label, of: "$.include_aliases")
                if label == "external_id", let list = ids.arrayValue {
                    form.audience.userIds += list.compactMap(\.stringValue)
                    form.paths["audience.userIds"] = path
                } else {
                    form.addVendorTargeting(vendor: id, key: "include_aliases." + label, value: ids, path: path)
                }
            }
        }
        reader.audience("include_external_user_ids", into: .userIds, of: &form)
        reader.audience("include_ios_tokens", into: .deviceTokens, of: &form)
        for key in Self.targetingFields {
            if let value = reader.value(key) {
                form.addVendorTargeting(vendor: id, key: key, value: value, path: reader.path(key))
            }
        }

        // Schedule.
        var schedule = SendSchedule()
        if let text = reader.string("send_after") {
            if let time = SendTime.parse(text) { schedule.at = time.seconds } else {
                schedule.text = text
                reader.diagnostics.append(Diagnostic(.warning, code: .sendValueInvalid, path: "$.send_after", message: "'\(text)' is not a date this tool reads; kept as text"))
            }
        }
        switch reader.string("delayed_option") {
        case "timezone"?: schedule.recipientLocal = true
        case "last-active"?: schedule.optimal = true
        case nil: break
        case let other?:
            reader.diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: "$.delayed_option", message: "delayed_option is timezone or last-active, found '\(other)'"))
        }
        if schedule != SendSchedule() {
            form.schedule = schedule
            form.paths[slot: .schedule] = reader.has("send_after") ? "$.send_after" : "$.delayed_option"
        }
        reader.keepUnread(known: Self.keptFields)
        form.takeContent(&content, payload: &payload)
        form.vendorFields = reader.kept
        return SendRules.parsed(form, diagnostics: reader.diagnostics)
    }

    /// The text of one language of a request, while its language maps are read.
    private struct LanguageText {
        var tag: String
        var alert: PushAlert
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var body = JSONObject()
        body["app_id"] = (rendering.isSameVendor ? form.vendorFields["$.app_id"] : nil)
            ?? .string(options.oneSignalAppId ?? "<onesignal-app-id>")
        // Text, per language.
        let language = content.defaultLanguage ?? "en"
        var alerts = content.localized
        if let alert = payload.alert { alerts[language] = alert }
        if payload.alert == nil, !alerts.isEmpty, alerts["en"] == nil {
            var lost = JSONObject()
            for tag in JSONWriter.sortedKeys(alerts) { lost[tag] = SendJSON.alert(alerts[tag]!) }
            rendering.lose(SendField.localized, .object(lost), "OneSignal falls back to 'en', which the source does not have; devices in other languages get no text")
        }
        for (key, keyPath) in [("headings", \PushAlert.title), ("subtitle", \PushAlert.subtitle), ("contents", \PushAlert.body)] {
            var map = JSONObject()
            for lang in JSONWriter.sortedKeys(alerts) {
                if let text = alerts[lang]?[keyPath: keyPath] { map[lang] = .string(text) }
            }
            if !map.isEmpty { body[key] = .object(map) }
        }
        if !payload.data.isEmpty { body["data"] = .object(payload.data) }
        if let link = payload.deepLink {
            body["url"] = .string(link)
            if content.openLinkInApp == true, link.hasPrefix("http") {
                rendering.lose(SendField.openLinkInApp, true, "OneSignal has no per-send choice of an in-app web view")
            }
        }
        if let image = payload.imageURL { body["ios_attachments"] = ["id": .string(image)] }
        if !payload.buttons.isEmpty {
            var buttons: [JSONValue] = []
            for (index, button) in payload.buttons.enumerated() {
                // Only a loss names the path.
                func path() -> String { JSONPath.element(index, of: form.sourcePath(SendField.buttons)) }
                if index >= Self.maxButtons {
                    rendering.lose(SendField.buttons, SendJSON.button(button), "OneSignal shows up to \(Self.maxButtons) buttons", path: path())
                    continue
                }
                if let link = button.deepLink {
                    rendering.lose(SendField.buttons, .string(link), "OneSignal buttons have no link of their own on iOS; every button opens the push's url", path: path())
                }
                if button.title.isEmpty {
                    rendering.lose(SendField.buttons, .string(button.id), "the source has no title for this button (its app's category names it); OneSignal shows the text sent", path: path())
                }
                buttons.append(["id": .string(button.id), "text": .string(button.title)])
            }
            body["buttons"] = .array(buttons)
        }
        if let category = rendering.category() { body["ios_category"] = .string(category) }
        if let sound = payload.sound { body["ios_sound"] = .string(sound) }
        if let thread = payload.threadId { body["thread_id"] = .string(thread) }
        if payload.contentAvailable { body["content_available"] = true }
        for (key, value) in payload.apsExtra {
            if key == "target-content-id", case .string = value { body["target_content_identifier"] = value } else {
                rendering.lose(SendField.apsExtra, value, "OneSignal has no field for aps key '\(key)'", path: JSONPath.member(key, of: form.sourcePath(SendField.apsExtra)))
            }
        }
        switch content.badge {
        case .set(let value)?: body["ios_badgeType"] = "SetTo"; body["ios_badgeCount"] = .int(value)
        case .increment(let value)?: body["ios_badgeType"] = "Increase"; body["ios_badgeCount"] = .int(value)
        case .fromProperty(let name)?: rendering.lose(SendField.badge, .string(name), "OneSignal cannot set the badge from a profile property")
        case nil: break
        }
        if let level = content.interruptionLevel {
            body["ios_interruption_level"] = .string(level == .timeSensitive ? "time_sensitive" : level.rawValue)
        }
        if let score = content.relevanceScore { body["ios_relevance_score"] = .number(score) }
        if let collapse = content.collapseId {
            if collapse.count > SendRules.collapseIdBytes {
                rendering.lose(SendField.collapseId, .string(collapse), "OneSignal takes a collapse id of at most 64 characters")
            } else {
                body["collapse_id"] = .string(collapse)
            }
        }
        if let ttl = rendering.relativeExpiry(options) {
            if ttl > Self.maxTTL {
                rendering.lose(SendField.expiry, .int(ttl), "OneSignal keeps a push at most 28 days; sent with ttl \(Self.maxTTL)")
            }
            body["ttl"] = .int(min(ttl, Self.maxTTL))
        }
        if let priority = content.priority {
            body["priority"] = .int(priority)
            if priority != 10, !rendering.isSameVendor {
                rendering.lose(SendField.priority, .int(priority), "OneSignal documents priority for Android and Chrome; its iOS pushes go out at high priority")
            }
        }
        switch content.pushType {
        case "voip"?: body["apns_push_type_override"] = "voip"
        case nil, "alert"?, "background"?: break
        case let other?: rendering.lose(SendField.pushType, .string(other), "OneSignal sets the push type itself and overrides it only for voip")
        }
        if let key = form.idempotencyKey { body["idempotency_key"] = .string(key) }
        if let schedule = form.schedule {
            if let at = schedule.at { body["send_after"] = .string(SendTime.iso8601(at, zone: !schedule.recipientLocal)) }
            else if let text = schedule.text { body["send_after"] = .string(text) }
            if schedule.recipientLocal {
                body["delayed_option"] = "timezone"
                if let at = schedule.at {
                    let minutes = ((at % 86_400) + 86_400) % 86_400 / 60
                    let hour = minutes / 60, minute = minutes % 60
                    let twelve = hour % 12 == 0 ? 12 : hour % 12
                    body["delivery_time_of_day"] = .string("\(twelve):\(minute < 10 ? "0" : "")\(minute)\(hour < 12 ? "AM" : "PM")")
                }
            } else if schedule.optimal {
                body["delayed_option"] = "last-active"
            }
        }
        rendering.loseAudience(tokens: true, userIds: true, topics: false)
        rendering.placeVendorFields(into: &body)

        // One targeting strategy per request: user ids, device tokens and OneSignal's own each get a request.
        var targetings: [JSONObject] = []
        if !form.audience.userIds.isEmpty {
            targetings.append([
                "include_aliases": ["external_id": .array(form.audience.userIds.map { .string($0) })], "target_channel": "push",
            ])
        }
        if !form.audience.deviceTokens.isEmpty {
            targetings.append(["include_ios_tokens": .array(form.audience.deviceTokens.map { .string($0) })])
        }
        var own = JSONObject()
        for targeting in form.audience.vendorTargeting where targeting.vendor == id {
            if targeting.key.hasPrefix("include_aliases.") {
                var aliases = own["include_aliases"]?.objectValue ?? [:]
                aliases[String(targeting.key.dropFirst("include_aliases.".count))] = targeting.value
                own["include_aliases"] = .object(aliases)
            } else {
                own[targeting.key] = targeting.value
            }
        }
        if !own.isEmpty { targetings.append(own) }
        if targetings.isEmpty { targetings.append([:]) }
        let requests = targetings.map { targeting -> SendHTTPRequest in
            var one = body
            for (key, value) in targeting where one[key] == nil || key == "include_aliases" { one[key] = value }
            return SendHTTPRequest(path: primaryPath, body: .object(one))
        }
        return SendRenderResult(requests: requests, losses: rendering.losses)
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var userInfo: JSONObject = ["aps": .object(SendRules.deliveredAPS(content, mutable: true))]
        var custom: JSONObject = ["i": .string(Self.placeholderNotificationId)]
        if let link = payload.deepLink { custom["u"] = .string(link) }
        if !payload.data.isEmpty { custom["a"] = .object(payload.data) }
        if case .increment(let value)? = content.badge { custom["badge_inc"] = .int(value) }
        userInfo["custom"] = .object(custom)
        if let image = payload.imageURL { userInfo["att"] = ["id": .string(image)] }
        if !payload.buttons.isEmpty {
            userInfo["buttons"] = .array(payload.buttons.prefix(Self.maxButtons).map { ["i": .string($0.id), "n": .string($0.title)] })
        }
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let body) = request.body else { return problems }
        let form = parsed.request
        if body["app_id"] == nil {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: "$.app_id", message: "a OneSignal request needs app_id"))
        }
        if body["contents"] == nil, body["template_id"] == nil, form.content.payload.contentAvailable == false {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: "$.contents", message: "contents is required unless content_available or template_id is set"))
        } else if case .object(let contents)? = body["contents"], contents["en"] == nil {
            problems.append(Diagnostic(.warning, code: .sendFieldMissing, path: "$.contents", message: "contents has no 'en', OneSignal's fallback language"))
        }
        var strategies: [String] = []
        if body["include_aliases"] != nil || body["include_external_user_ids"] != nil { strategies.append("aliases") }
        if body["include_subscription_ids"] != nil || body["include_player_ids"] != nil { strategies.append("subscription ids") }
        if body["include_ios_tokens"] != nil { strategies.append("tokens") }
        if body["included_segments"] != nil || body["excluded_segments"] != nil { strategies.append("segments") }
        if body["filters"] != nil { strategies.append("filters") }
        if strategies.isEmpty {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: JSONPath.root, message: "no audience: name segments, filters, aliases or subscription ids"))
        } else if strategies.count > 1 {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: JSONPath.root, message: "OneSignal takes one targeting strategy per request, found \(strategies.joined(separator: ", "))"))
        }
        if body["include_aliases"] != nil, body["target_channel"] == nil {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: "$.target_channel", message: "include_aliases needs target_channel (push)"))
        }
        if let collapse = form.content.collapseId, let problem = SendRules.collapseId(collapse, path: "$.collapse_id", characters: true) {
            problems.append(problem)
        }
        if case .after(let ttl)? = form.content.expiry, ttl < 0 || ttl > Self.maxTTL {
            problems.append(Diagnostic(.error, code: .expiryInvalid, path: "$.ttl", message: "ttl is 0 to \(Self.maxTTL) seconds, found \(ttl)"))
        }
        problems += budgetProblems(request, form: form)
        if case .array(let buttons)? = body["buttons"], buttons.count > Self.maxButtons {
            problems.append(Diagnostic(.error, code: .tooManyButtons, path: "$.buttons", message: "OneSignal takes up to \(Self.maxButtons) buttons"))
        }
        return problems
    }
}
