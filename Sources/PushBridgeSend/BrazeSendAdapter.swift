import PushBridge

/// Braze `POST /messages/send` and `/messages/schedule/create`, `messages.apple_push` (docs/SEND.md "Braze").
public struct BrazeSendAdapter: SendAdapter {
    public let id = "braze"
    public let name = "Braze"
    public let primaryPath = "/messages/send"
    static let schedulePath = "/messages/schedule/create"
    static let applePushPath = "$.messages.apple_push"

    /// Request members kept as sent.
    static let keptFields: Set<String> = [
        "campaign_id", "override_frequency_capping", "recipient_subscription_state", "messages",
    ]
    /// `apple_push` members kept as sent.
    static let keptApplePush: Set<String> = [
        "message_variation_id", "send_to_most_recent_device_only", "asset_file_type",
    ]
    static let targetingFields = ["user_aliases", "segment_id", "audience", "broadcast"]
    /// The file types `asset_file_type` takes.
    static let assetTypes = KeyTable(["aif", "gif", "jpg", "m4a", "mp3", "mp4", "png", "wav"])
    /// The keys `extra` must not hold (Braze rejects the message).
    static let rejectedExtraKeys = KeyTable(["ab", "aps"])
    /// Those and the root keys Braze's SDK reads as its own (`ab_uri`, `ab_use_webview`).
    static let reservedDataKeys = KeyTable(["ab", "aps", "ab_uri", "ab_use_webview"])
    static let placeholderCampaign = "<braze-campaign-id>"

    /// 1,912 bytes of alert, extra and the options (the `apple_push` object less the members that are not
    /// sent to the device), and a 3,807-byte payload: two documented numbers that disagree, both advice.
    public let budgets = [
        SendBudget(
            .request(paths: [["messages", "apple_push"]], excluding: ["message_variation_id", "send_to_most_recent_device_only"]),
            bytes: 1912, severity: .warning, rule: "Braze asks that alert, extra and the options stay within 1912 bytes"),
        SendBudget(.delivered, bytes: 3807, severity: .warning, rule: "Braze's maximum payload is 3807 bytes"),
    ]
    public var payloadPath: String { Self.applePushPath }

    public init() {}

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        if Self.isDetails(request) { return parseDetails(request) }
        if Self.isTrigger(request), case .object(let body) = request.body { return parseTrigger(body) }
        var form = SendRequest(vendor: id)
        guard case .object(var body) = request.body else {
            return .malformed(id, request.body, expected: "a Braze body is a JSON object")
        }
        var diagnostics: [Diagnostic] = []
        if body["messages"] == nil, body["apple_push"] != nil {
            diagnostics.append(Diagnostic(
                .error, code: .sendFieldMissing, path: "$.messages",
                message: "this is the value of 'messages' only; a request wraps it in {\"messages\": …} with its audience"))
            body = ["messages": .object(body)]
        }
        var reader = SendReader(body, at: JSONPath.root)
        let messages = reader.object("messages") ?? [:]
        var content = SendContent()
        var payload = PushPayload(vendor: id)
        if let apple = messages["apple_push"]?.objectValue {
            var push = SendReader(apple, at: Self.applePushPath)
            func path(_ key: String) -> String { push.path(key) }
            func note(_ field: String, _ key: String) { form.paths[field] = path(key) }
            switch push.value("alert") {
            case .string(let text)?:
                payload.alert = PushAlert(body: text)
                note(SendField.alert, "alert")
            case .object(let alert)?:
                var alertReader = SendReader(alert, at: path("alert"))
                payload.alert = PushAlert(title: alertReader.string("title"), body: alertReader.string("body"))
                if let subtitle = alertReader.string("subtitle") {
                    payload.alert?.subtitle = subtitle
                    alertReader.diagnostics.append(Diagnostic(.warning, code: .sendValueInvalid, path: alertReader.path("subtitle"), message: "Braze documents no subtitle in its alert object"))
                }
                if let sound = alertReader.string("sound") { payload.sound = sound }
                alertReader.keepUnread(known: ["title_loc_key", "title_loc_args", "action_loc_key", "loc_key", "loc_args"])
                diagnostics += alertReader.diagnostics
                for (key, value) in alertReader.kept { push.kept[key] = value }
                note(SendField.alert, "alert")
            case nil, .null?: break
            case let other?: push.wrongType("alert", "a string or an object", other)
            }
            if let badge = push.int("badge") { content.badge = .set(badge); note(SendField.badge, "badge") }
            if let sound = push.string("sound") { payload.sound = sound; note(SendField.sound, "sound") }
            if let extra = push.object("extra") {
                note(SendField.data, "extra")
                payload.data = push.customData(extra, at: path("extra"), for: self, reserved: Self.rejection)
            }
            if let flag = push.bool("content-available") { payload.contentAvailable = flag; note(SendField.contentAvailable, "content-available") }
            if let flag = push.bool("mutable_content") { payload.mutableContent = flag; note(SendField.mutableContent, "mutable_content") }
            if let level = push.string("interruption_level") {
                note(SendField.interruptionLevel, "interruption_level")
                if let value = InterruptionLevel(rawValue: level) { content.interruptionLevel = value } else {
                    diagnostics.append(Diagnostic(.error, code: .interruptionLevelInvalid, path: path("interruption_level"), message: "Braze takes passive, active, time-sensitive or critical, found '\(level)'"))
                    push.kept[path("interruption_level")] = .string(level)
                }
            }
            content.relevanceScore = SendRules.relevance(push.value("relevance_score"), path: path("relevance_score"), diagnostics: &diagnostics)
            note(SendField.relevanceScore, "relevance_score")
            if let text = push.string("expiry") {
                note(SendField.expiry, "expiry")
                if let time = SendTime.parse(text) { content.expiry = .at(epochSeconds: time.seconds) } else {
                    diagnostics.append(Diagnostic(.error, code: .expiryInvalid, path: path("expiry"), message: "expiry is an ISO-8601 date, found '\(text)'"))
                    push.kept[path("expiry")] = .string(text)
                }
            }
            if let uri = push.string("custom_uri") { payload.deepLink = uri; note(SendField.deepLink, "custom_uri") }
            if let flag = push.bool("use_webview") {
                content.openLinkInApp = flag
                note(SendField.openLinkInApp, "use_webview")
            } else if let uri = payload.deepLink, Self.isWebLink(uri) {
                content.openLinkInApp = true
                note(SendField.openLinkInApp, "custom_uri")
                diagnostics.append(Diagnostic(
                    .warning, code: .webViewDefault, path: path("custom_uri"),
                    message: "use_webview is not set, so Braze opens this web link in its in-app web view (the default is true)"))
            }
            if let thread = push.string("notification_group_thread_id") { payload.threadId = thread; note(SendField.threadId, "notification_group_thread_id") }
            if let asset = push.string("asset_url") {
                payload.imageURL = asset
                note(SendField.imageURL, "asset_url")
                if apple["asset_file_type"] == nil {
                    diagnostics.append(Diagnostic(.error, code: .attachmentTypeMissing, path: path("asset_file_type"), message: "asset_url needs asset_file_type"))
                }
            }
            if let type = apple["asset_file_type"]?.stringValue, !Self.assetTypes.contains(type) {
                diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: path("asset_file_type"), message: "asset_file_type is one of aif, gif, jpg, m4a, mp3, mp4, png, wav; found '\(type)'"))
            }
            if let collapse = push.string("collapse_id") { content.collapseId = collapse; note(SendField.collapseId, "collapse_id") }
            if let category = push.string("category") { payload.category = category; note(SendField.category, "category") }
            if let buttons = push.array("buttons") {
                note(SendField.buttons, "buttons")
                for (index, element) in buttons.enumerated() {
                    let buttonPath = JSONPath.element(index, of: path("buttons"))
                    guard case .object(let button) = element, case .string(let actionId)? = button["action_id"] else {
                        diagnostics.append(Diagnostic(.error, code: .buttonIDMissing, path: buttonPath, message: "a Braze button needs action_id"))
                        push.kept[buttonPath] = element
                        continue
                    }
                    let action = button["action"]?.stringValue ?? "OPEN_APP"
                    payload.buttons.append(PushButton(
                        id: actionId, title: "", deepLink: button["uri"]?.stringValue, foreground: action != "CLOSE"))
                    if action == "URI" || action == "DEEP_LINK", button["uri"] == nil {
                        diagnostics.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("uri", of: buttonPath), message: "a \(action) button needs uri"))
                    }
                }
                if payload.category == nil {
                    diagnostics.append(Diagnostic(.warning, code: .buttonsWithoutCategory, path: path("buttons"), message: "Braze shows buttons only with a category, whose registration names their titles"))
                }
            }
            if let priority = push.int("apns_priority") {
                content.priority = priority
                note(SendField.priority, "apns_priority")
                if !(1...10).contains(priority) {
                    diagnostics.append(Diagnostic(.error, code: .priorityInvalid, path: path("apns_priority"), message: "apns_priority is 1 to 10, found \(priority)"))
                }
            }
            push.keepUnread(known: Self.keptApplePush)
            diagnostics += push.diagnostics
            for (key, value) in push.kept { reader.kept[key] = value }
        } else if messages["apple_push"] != nil {
            diagnostics.append(.wrongType(Self.applePushPath, expected: "an object", messages["apple_push"]!))
        }
        for (key, value) in messages where key != "apple_push" {
            reader.kept[JSONPath.member(key, of: "$.messages")] = value
        }
        _ = messages

        // Audience.
        reader.audience("external_user_ids", into: .userIds, of: &form)
        for key in Self.targetingFields {
            if let value = reader.value(key) {
                if key == "broadcast", value == .bool(false) { reader.kept["$.broadcast"] = value; continue }
                form.addVendorTargeting(vendor: id, key: key, value: value, path: reader.path(key))
            }
        }
        if let sendId = reader.string("send_id") {
            form.idempotencyKey = sendId
            form.paths[SendField.idempotencyKey] = "$.send_id"
        }
        if let schedule = reader.object("schedule") {
            var scheduleReader = SendReader(schedule, at: "$.schedule")
            var value = SendSchedule()
            if let text = scheduleReader.string("time") {
                if let time = SendTime.parse(text) { value.at = time.seconds } else {
                    value.text = text
                    scheduleReader.diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: "$.schedule.time", message: "time is an ISO-8601 date, found '\(text)'"))
                }
            }
            value.recipientLocal = scheduleReader.bool("in_local_time") ?? false
            value.optimal = scheduleReader.bool("at_optimal_time") ?? false
            scheduleReader.keepUnread(known: [])
            diagnostics += scheduleReader.diagnostics
            form.schedule = value
            form.paths[SendField.schedule] = "$.schedule"
        }
        _ = reader.value("messages")
        reader.keepUnread(known: Self.keptFields)
        if let flag = body["override_frequency_capping"], flag.boolValue == nil {
            diagnostics.append(.wrongType("$.override_frequency_capping", expected: "a boolean", flag))
        }
        diagnostics += reader.diagnostics
        form.takeContent(&content, payload: &payload)
        form.vendorFields = reader.kept
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    /// Whether `uri` is a web link (Braze's web view applies to these).
    static func isWebLink(_ uri: String) -> Bool {
        let lower = uri.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// What a tap on `button` does, in Braze's words: `URI` for a web link, `DEEP_LINK` for another link, else
    /// `OPEN_APP` or `CLOSE`.
    static func buttonAction(_ button: PushButton) -> String {
        if let link = button.deepLink { return isWebLink(link) ? "URI" : "DEEP_LINK" }
        return button.foreground ? "OPEN_APP" : "CLOSE"
    }

    /// ``assetType(of:)`` of a URL's UTF-8 `bytes` when they are all ASCII (its characters being its bytes);
    /// nil when one is not.
    private static func asciiAssetType<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> String?? where Bytes.Index == Int {
        var end = bytes.endIndex
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "?"), end == bytes.endIndex { end = index }
        }
        var dot = end
        while dot > bytes.startIndex {
            dot -= 1
            if bytes[dot] == UInt8(ascii: ".") { break }
        }
        guard dot < end, bytes[dot] == UInt8(ascii: ".") else { return .some(nil) }
        var type = String(decoding: bytes[(dot + 1)..<end].map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        if type == "jpeg" { type = "jpg" }
        if type == "aiff" { type = "aif" }
        return .some(assetTypes.contains(type) ? type : nil)
    }

    /// The `asset_file_type` of `url`, from its extension, or nil when Braze takes no such type.
    static func assetType(of url: String) -> String? {
        // An ASCII URL (most are) is read byte by byte, its characters being its bytes.
        if let ascii = url.utf8.withContiguousStorageIfAvailable(asciiAssetType) ?? asciiAssetType(Array(url.utf8)) {
            return ascii
        }
        let path = url.firstIndex(of: "?").map { url[..<$0] } ?? url[...]
        guard let dot = path.lastIndex(of: ".") else { return nil }
        var type = path[path.index(after: dot)...].lowercased()
        if type == "jpeg" { type = "jpg" }
        if type == "aiff" { type = "aif" }
        return assetTypes.contains(type) ? type : nil
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        if let template = form.template, template.vendor == id, template.kind == .campaign, !template.id.isEmpty {
            return renderTrigger(form, template: template, options: options)
        }
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        // Each member of `apple` is set once below: added without looking for it.
        var apple = JSONObject(minimumCapacity: 16)
        if let alert = rendering.singleLanguageAlert() {
            if alert.subtitle != nil {
                rendering.lose(SendField.alert, .string(alert.subtitle!), "Braze's alert object has no subtitle", path: JSONPath.member("subtitle", of: form.sourcePath(SendField.alert)))
            }
            if alert.title == nil, let body = alert.body { apple.appendNew("alert", .string(body)) } else {
                var object = JSONObject(minimumCapacity: 2)
                if let title = alert.title { object.appendNew("title", .string(title)) }
                if let body = alert.body { object.appendNew("body", .string(body)) }
                apple.appendNew("alert", .object(object))
            }
        }
        if let badge = rendering.badgeCount(
            increment: "Braze's badge is the count after the message; it has no increment",
            fromProperty: "Braze cannot set the badge from a profile property in a send") {
            apple.appendNew("badge", .int(badge))
        }
        if let sound = payload.sound { apple.appendNew("sound", .string(sound)) }
        let extra = rendering.customData(payload.data, for: self) { key in
            Self.rejectedExtraKeys.contains(key)
                ? "Braze rejects a message whose extra holds '\(key)'" : "Braze's SDK reads '\(key)' at the root of the push as its own"
        }
        if !extra.isEmpty { apple.appendNew("extra", .object(extra)) }
        if payload.contentAvailable { apple.appendNew("content-available", true) }
        if payload.mutableContent, !rendering.isSameVendor || form.paths[SendField.mutableContent] != nil {
            apple.appendNew("mutable_content", true)
        }
        if let level = content.interruptionLevel { apple.appendNew("interruption_level", .string(level.rawValue)) }
        if let score = content.relevanceScore { apple.appendNew("relevance_score", .number(score)) }
        if let epoch = rendering.absoluteExpiry(options) { apple.appendNew("expiry", .string(SendTime.iso8601(epoch))) }
        if let link = payload.deepLink {
            apple.appendNew("custom_uri", .string(link))
            // Braze's default is the in-app web view: say what the source meant.
            apple.appendNew("use_webview", .bool(content.openLinkInApp ?? false))
        }
        if let thread = payload.threadId { apple.appendNew("notification_group_thread_id", .string(thread)) }
        if let image = payload.imageURL {
            let kept = rendering.isSameVendor ? form.vendorFields[JSONPath.member("asset_file_type", of: Self.applePushPath)]?.stringValue : nil
            if let type = kept ?? Self.assetType(of: image) {
                apple.appendNew("asset_url", .string(image))
                apple.appendNew("asset_file_type", .string(type))
            } else {
                rendering.lose(SendField.imageURL, .string(image), "Braze needs asset_file_type and the URL's extension names none it takes")
            }
        }
        if let collapse = content.collapseId {
            if collapse.utf8.count > SendRules.collapseIdBytes {
                rendering.lose(SendField.collapseId, .string(collapse), "APNs takes a collapse id of at most 64 bytes")
            } else {
                apple.appendNew("collapse_id", .string(collapse))
            }
        }
        let category = rendering.category()
        if let category { apple.appendNew("category", .string(category)) }
        if !payload.buttons.isEmpty {
            if category == nil {
                rendering.lose(SendField.buttons, .array(payload.buttons.map(SendJSON.button)), "Braze shows buttons only with a category the app registers, which names their titles; the form has none")
            } else {
                var buttons: [JSONValue] = []
                buttons.reserveCapacity(payload.buttons.count)
                for (index, button) in payload.buttons.enumerated() {
                    if !button.title.isEmpty, !rendering.isSameVendor {
                        rendering.lose(
                            SendField.buttons, .string(button.title), "Braze buttons take their titles from the app's registered category",
                            path: JSONPath.member("text", of: JSONPath.element(index, of: form.sourcePath(SendField.buttons))))
                    }
                    // Built member by member: a literal goes through an argument array and a lookup per key.
                    var element = JSONObject(minimumCapacity: 4)
                    element.appendNew("action_id", .string(button.id))
                    element.appendNew("action", .string(Self.buttonAction(button)))
                    if let link = button.deepLink {
                        element.appendNew("uri", .string(link))
                        if Self.isWebLink(link) { element.appendNew("use_webview", .bool(content.openLinkInApp ?? false)) }
                    }
                    buttons.append(.object(element))
                }
                apple.appendNew("buttons", .array(buttons))
            }
        }
        if let priority = content.priority {
            if (1...10).contains(priority) { apple.appendNew("apns_priority", .int(priority)) } else {
                rendering.lose(SendField.priority, .int(priority), "Braze's apns_priority is 1 to 10")
            }
        }
        switch content.pushType {
        case nil, "alert"?, "background"?: break
        case let other?: rendering.lose(SendField.pushType, .string(other), "Braze sends alert and background pushes only")
        }
        for (key, value) in payload.apsExtra {
            rendering.lose(SendField.apsExtra, value, "Braze has no field for aps key '\(key)'", path: JSONPath.member(key, of: form.sourcePath(SendField.apsExtra)))
        }

        var body = JSONObject()
        if !form.audience.userIds.isEmpty { body["external_user_ids"] = .array(form.audience.userIds.map { .string($0) }) }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id { body[targeting.key] = targeting.value }
        rendering.loseAudience(tokens: false, userIds: true, topics: false)
        if let key = form.idempotencyKey { body["send_id"] = .string(key) }
        var path = primaryPath
        if let schedule = form.schedule {
            path = Self.schedulePath
            var object = JSONObject()
            if let at = schedule.at { object["time"] = .string(SendTime.iso8601(at)) } else if let text = schedule.text { object["time"] = .string(text) }
            if schedule.recipientLocal { object["in_local_time"] = true }
            if schedule.optimal { object["at_optimal_time"] = true }
            body["schedule"] = .object(object)
        }
        var messages = JSONObject(minimumCapacity: 1)
        messages.appendNew("apple_push", .object(apple))
        body["messages"] = .object(messages)
        rendering.placeVendorFields(into: &body)
        return SendRenderResult(requests: [SendHTTPRequest(path: path, body: .object(body))], losses: rendering.losses)
    }

    public func reservesDataKey(_ key: String) -> Bool { Self.reservedDataKeys.contains(key) }

    /// The error for a member of `extra` Braze rejects (nil for a key its SDK reads: a warning says so).
    static func rejection(_ key: String, at path: String) -> Diagnostic? {
        guard rejectedExtraKeys.contains(key) else { return nil }
        return Diagnostic(.error, code: .reservedKey, path: path, message: "Braze rejects a message whose extra holds '\(key)'")
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var userInfo: JSONObject = ["aps": .object(SendRules.deliveredAPS(content, mutable: payload.imageURL != nil))]
        var ab: JSONObject = ["c": .string(Self.placeholderCampaign)]
        if let image = payload.imageURL {
            ab["att"] = ["url": .string(image), "type": .string(Self.assetType(of: image) ?? "jpg")]
        }
        if !payload.buttons.isEmpty, payload.category != nil {
            var category = JSONObject()
            for button in payload.buttons {
                var element: JSONObject = ["a_t": .string(Self.buttonAction(button))]
                if let link = button.deepLink {
                    element["a_uri"] = .string(link)
                    if Self.isWebLink(link) { element["a_use_webview"] = .bool(content.openLinkInApp ?? true) }
                }
                category[button.id] = .object(element)
            }
            ab["ab_cat"] = .object(category)
        }
        userInfo["ab"] = .object(ab)
        if let link = payload.deepLink {
            userInfo["ab_uri"] = .string(link)
            if let inApp = content.openLinkInApp { userInfo["ab_use_webview"] = .bool(inApp) }
        }
        for (key, value) in payload.data where !reservesDataKey(key) && userInfo[key] == nil { userInfo[key] = value }
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        if Self.isTrigger(request) { return validateTrigger(request, parsed: parsed) }
        if Self.isDetails(request) { return parsed.diagnostics.filter { $0.severity != .info } }
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        // A documented field of another type breaks the request's schema (`"false"` for a boolean).
        for index in problems.indices where problems[index].diagnosticCode == .wrongType {
            problems[index].severity = .error
        }
        guard case .object(let body) = request.body, body["messages"] != nil else { return problems }
        let hasUsers = body["external_user_ids"] != nil || body["user_aliases"] != nil
        let hasAudience = body["segment_id"] != nil || body["audience"] != nil
        if !hasUsers, !hasAudience, body["broadcast"] != .bool(true) {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: JSONPath.root, message: "no recipients: name external_user_ids, user_aliases, segment_id or audience, or set broadcast to true"))
        }
        if body["broadcast"] == .bool(true), hasUsers {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: "$.broadcast", message: "broadcast cannot be true with a recipient list"))
        }
        let content = parsed.request.content
        if !content.payload.isVisible, !content.payload.contentAvailable, body["messages"]?["apple_push"] != nil {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: JSONPath.member("alert", of: Self.applePushPath), message: "alert is required unless content-available is set"))
        }
        if let collapse = content.collapseId, let problem = SendRules.collapseId(collapse, path: JSONPath.member("collapse_id", of: Self.applePushPath)) {
            problems.append(problem)
        }
        problems += budgetProblems(request, form: parsed.request)
        return problems
    }
}
