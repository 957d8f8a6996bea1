import PushBridge

/// Iterable: a send names an API-triggered campaign whose push template holds the content
/// (`POST /api/push/target`), and the template is written with `POST /api/templates/push/upsert`
/// (docs/SEND.md "Iterable"). Fields as Iterable/api-client:src/types/messaging.ts@981eeb59 (`SendPushParams`)
/// and src/types/templates.ts@981eeb59 (`PushContentFields`) name them. A bundle of a template and its sends is
/// parsed whole: each send gets the template's content.
public struct IterableSendAdapter: SendAdapter {
    public let id = "iterable"
    public let name = "Iterable"
    public let primaryPath = "/api/push/target"
    /// The template endpoint.
    public static let templatePath = "/api/templates/push/upsert"

    /// The template's members that are content; a bare body with one of them and no `campaignId` is a template.
    static let contentFields: Set<String> = [
        "title", "message", "badge", "sound", "payload", "buttons", "deeplink", "richMedia", "interruptionLevel",
        "relevanceScore", "isSilentPush", "wake",
    ]
    /// Template members the form has no field for (metadata and data-feed options), written back for Iterable.
    static let templateMetadata: Set<String> = [
        "name", "templateId", "clientTemplateId", "campaignId", "locale", "messageTypeId", "creatorUserId",
        "dataFeedIds", "cacheDataFeed", "mergeDataFeedContext", "campaignDataFields", "isDefaultLocale",
    ]
    /// The root keys Iterable's backend writes (`aps`, `itbl`) or its SDK reads as its own (the legacy link `url`).
    static let reservedPayloadKeys = KeyTable(["aps", "itbl", "url"])
    static let placeholderCampaignId = "<iterable-campaign-id>"
    static let placeholderTemplateId = "<iterable-template-id>"
    static let placeholderMessageId = "<iterable-message-id>"
    static let placeholderRecipient = "<iterable-user-id>"

    public init() {}

    /// Whether `request` writes a push template rather than sending one: by its path, or, for a bare body (sent to
    /// the primary path), by its members: content fields and no `campaignId`.
    static func isTemplate(_ request: SendHTTPRequest) -> Bool {
        if request.path.contains("/templates/") { return true }
        guard request.path.isEmpty || request.path == "/api/push/target", case .object(let body) = request.body,
            body["campaignId"] == nil
        else { return false }
        return body.keys.contains { contentFields.contains($0) }
    }

    public func reservesDataKey(_ key: String) -> Bool { Self.reservedPayloadKeys.contains(key) }

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        guard case .object(let body) = request.body else {
            return .malformed(id, request.body, expected: "an Iterable request is an object: a push target "
                + "{\"campaignId\", \"recipientEmail\" | \"recipientUserId\", …} or a push template")
        }
        return Self.isTemplate(request) ? parseTemplate(body) : parseSend(body)
    }

    public func parseBundle(_ requests: [SendHTTPRequest]) -> [SendParseResult] {
        let templates = requests.filter(Self.isTemplate)
        let sends = requests.filter { !Self.isTemplate($0) }
        guard !sends.isEmpty else { return templates.map(parse) }
        // A template names its campaign by `campaignId` (kept among its vendor fields).
        return SendBundle.resolve(sends: sends, templates: templates, parse: parse) { _, template in
            template.request.vendorFields["$.campaignId"].flatMap(Self.idText)
        }
    }

    /// An id given as a number or a string, as text.
    static func idText(_ value: JSONValue) -> String? { value.stringValue ?? value.numberValue.map(\.description) }

    private func parseSend(_ body: JSONObject) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var reader = SendReader(body, at: JSONPath.root)
        reader.template("campaignId", merge: "dataFields", kind: .campaign, vendor: id, into: &form)
        // "If both are passed in, email takes precedence": the email is the recipient, the user id is kept.
        let email = reader.string("recipientEmail"), userId = reader.string("recipientUserId")
        if let email {
            form.addVendorTargeting(vendor: id, key: "recipientEmail", value: .string(email), path: reader.path("recipientEmail"))
            if let userId { reader.kept[reader.path("recipientUserId")] = .string(userId) }
        } else if let userId {
            form.audience.userIds.append(userId)
            form.paths["audience.userIds"] = reader.path("recipientUserId")
        }
        var diagnostics: [Diagnostic] = []
        if let sendAt = reader.string("sendAt") {
            if let time = SendTime.parse(sendAt) {
                form.schedule = SendSchedule(at: time.seconds)
            } else {
                form.schedule = SendSchedule(text: sendAt)
                diagnostics.append(Diagnostic(
                    .warning, code: .sendValueInvalid, path: reader.path("sendAt"),
                    message: "Iterable's sendAt is 'YYYY-MM-DD HH:MM:SS' in UTC; '\(sendAt)' is not"))
            }
            form.paths[SendField.schedule] = reader.path("sendAt")
        }
        reader.keepUnread(known: ["allowRepeatMarketingSends", "metadata"])
        diagnostics += reader.diagnostics
        form.vendorFields = reader.kept
        return SendParseResult(request: form, diagnostics: diagnostics)
    }

    private func parseTemplate(_ body: JSONObject) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var reader = SendReader(body, at: JSONPath.root)
        var payload = PushPayload(vendor: id)
        var content = SendContent()
        var diagnostics: [Diagnostic] = []
        let title = reader.string("title"), message = reader.string("message")
        if title != nil || message != nil {
            payload.alert = PushAlert(title: title, body: message)
            form.paths[SendField.alert] = reader.path(message != nil ? "message" : "title")
        }
        // `badge` is a string; a number is read too. What a sign means ("+1") is not documented: kept as sent.
        if let value = reader.value("badge"), value != .null {
            if let number = value.intValue ?? value.stringValue.flatMap({ Int($0) }), value.stringValue?.first != "+" {
                content.badge = .set(number)
                form.paths[SendField.badge] = reader.path("badge")
            } else {
                reader.kept[reader.path("badge")] = value
                diagnostics.append(Diagnostic(
                    .warning, code: .sendValueInvalid, path: reader.path("badge"),
                    message: "Iterable documents the badge as a number in a string; \(JSONWriter.string(value)) is kept as sent"))
            }
        }
        if let sound = reader.string("sound") { payload.sound = sound; form.paths[SendField.sound] = reader.path("sound") }
        if let data = reader.object("payload") {
            payload.data = reader.customData(data, at: reader.path("payload"), for: self)
            form.paths[SendField.data] = reader.path("payload")
        }
        if let links = reader.object("deeplink") {
            if let link = links["ios"]?.stringValue { payload.deepLink = link; form.paths[SendField.deepLink] = JSONPath.member("ios", of: reader.path("deeplink")) }
            for (key, value) in links where key != "ios" { reader.kept[JSONPath.member(key, of: reader.path("deeplink"))] = value }
        }
        if let media = reader.object("richMedia") {
            if let image = media["ios"]?.stringValue { payload.imageURL = image; form.paths[SendField.imageURL] = JSONPath.member("ios", of: reader.path("richMedia")) }
            for (key, value) in media where key != "ios" { reader.kept[JSONPath.member(key, of: reader.path("richMedia"))] = value }
        }
        if let level = reader.string("interruptionLevel") {
            if let parsed = InterruptionLevel(spelling: level) {
                content.interruptionLevel = parsed
                form.paths[SendField.interruptionLevel] = reader.path("interruptionLevel")
            } else {
                reader.kept[reader.path("interruptionLevel")] = .string(level)
                diagnostics.append(Diagnostic(
                    .error, code: .interruptionLevelInvalid, path: reader.path("interruptionLevel"),
                    message: "expected passive, active, time-sensitive or critical, found '\(level)'"))
            }
        }
        content.relevanceScore = SendRules.relevance(reader.value("relevanceScore"), path: reader.path("relevanceScore"), diagnostics: &diagnostics)
        if content.relevanceScore != nil { form.paths[SendField.relevanceScore] = reader.path("relevanceScore") }
        if reader.bool("wake") == true {
            payload.contentAvailable = true
            form.paths[SendField.contentAvailable] = reader.path("wake")
        }
        if let silent = reader.bool("isSilentPush"), silent {
            // Iterable's ghost push: its own protocol (`itbl.isGhostPush`), not an alert.
            reader.kept[reader.path("isSilentPush")] = true
        }
        if let buttons = reader.array("buttons") {
            form.paths[SendField.buttons] = reader.path("buttons")
            for (index, element) in buttons.enumerated() {
                let path = JSONPath.element(index, of: reader.path("buttons"))
                guard let button = Self.button(element) else {
                    reader.kept[path] = element
                    diagnostics.append(Diagnostic(
                        .warning, code: .sendValueInvalid, path: path, message: "a button needs an identifier; kept as sent"))
                    continue
                }
                payload.buttons.append(button)
            }
        }
        var known = Self.templateMetadata
        known.insert("isSilentPush")
        reader.keepUnread(known: known)
        diagnostics += reader.diagnostics
        form.takeContent(&content, payload: &payload)
        let reference = Self.idText(body["clientTemplateId"] ?? body["templateId"] ?? .null) ?? ""
        form.template = SendTemplate(vendor: id, kind: .template, id: reference, contentKnown: true)
        form.vendorFields = reader.kept
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    /// A template button: `identifier`, `title`, `buttonType` (`destructive`, `textInput`), `openApp`, and an
    /// `action` that is an `openUrl` object or, as Iterable's client test writes it, the string `openApp`.
    static func button(_ value: JSONValue) -> PushButton? {
        guard case .object(let object) = value, let identifier = object["identifier"]?.stringValue, !identifier.isEmpty
        else { return nil }
        var button = PushButton(id: identifier, title: object["title"]?.stringValue ?? "")
        button.destructive = object["buttonType"]?.stringValue == "destructive"
        button.input = object["buttonType"]?.stringValue == "textInput"
        button.placeholder = object["inputPlaceholder"]?.stringValue
        button.foreground = object["openApp"]?.boolValue ?? (object["action"]?.stringValue == "openApp" || object["action"]?.objectValue != nil)
        if case .object(let action)? = object["action"], action["type"]?.stringValue == "openUrl" {
            button.deepLink = action["data"]?.stringValue
        }
        return button
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        var payload = content.payload
        var template = JSONObject()
        payload.alert = rendering.singleLanguageAlert()
        if let subtitle = payload.alert?.subtitle {
            rendering.lose(SendField.alert, .string(subtitle), "an Iterable push template has no subtitle")
        }
        if let title = payload.alert?.title { template["title"] = .string(title) }
        if let text = payload.alert?.body { template["message"] = .string(text) }
        if let badge = rendering.badgeCount(
            increment: "Iterable's badge is a number in a string; an increment is not documented",
            fromProperty: "Iterable's push template reads no badge from a profile property") {
            template["badge"] = .string(String(badge))
        }
        if let sound = payload.sound { template["sound"] = .string(sound) }
        let data = rendering.customData(payload.data, for: self) { "'\($0)' is a key Iterable or APNs reserves" }
        if !data.isEmpty { template["payload"] = .object(data) }
        if let link = payload.deepLink { template["deeplink"] = ["ios": .string(link)] }
        if let image = payload.imageURL { template["richMedia"] = ["ios": .string(image)] }
        if let level = content.interruptionLevel { template["interruptionLevel"] = .string(level.rawValue) }
        if let score = content.relevanceScore { template["relevanceScore"] = .number(score) }
        if payload.contentAvailable { template["wake"] = true }
        // A button with no title takes it from an app category, which an Iterable push does not name.
        let untitled = payload.buttons.filter { $0.title.isEmpty }
        if !untitled.isEmpty {
            rendering.lose(
                SendField.buttons, .array(untitled.map(SendJSON.button)),
                "an Iterable button shows the title it is sent with; these take theirs from an app category")
            payload.buttons.removeAll { $0.title.isEmpty }
        }
        if !payload.buttons.isEmpty {
            let kept = payload.buttons.prefix(3)
            template["buttons"] = .array(kept.map(Self.buttonJSON))
            if payload.buttons.count > 3 {
                rendering.lose(SendField.buttons, .array(payload.buttons.dropFirst(3).map(SendJSON.button)), "an Iterable push has at most 3 buttons")
            }
        }
        rendering.lose(SendField.category, ifAny: payload.category.map(JSONValue.string), "Iterable's service extension names the category after the message; an app category is not sent")
        rendering.lose(SendField.threadId, ifAny: payload.threadId.map(JSONValue.string), "an Iterable push template has no thread id")
        rendering.lose(SendField.apsExtra, ifAny: payload.apsExtra.isEmpty ? nil : .object(payload.apsExtra), "an Iterable push template has no field for these aps keys")
        if content.openLinkInApp == true, payload.deepLink != nil {
            rendering.lose(SendField.openLinkInApp, true, "Iterable opens links through the app's URL handler; it has no in-app web view")
        }
        for (field, value) in [
            (SendField.collapseId, content.collapseId.map { JSONValue.string($0) }),
            (SendField.expiry, content.expiry.map(SendJSON.expiry)),
            (SendField.priority, content.priority.map { JSONValue.int($0) }),
            (SendField.pushType, content.pushType.map { JSONValue.string($0) }),
            (SendField.idempotencyKey, form.idempotencyKey.map { JSONValue.string($0) }),
        ] {
            guard let value else { continue }
            rendering.lose(field, value, "Iterable's push template and send have no field for it")
        }

        // The send: the campaign, the recipient, merge data, the time.
        var send = JSONObject()
        var provision: [SendProvision] = []
        let ownTemplate = form.template.flatMap { $0.vendor == id ? $0 : nil }
        if let reference = ownTemplate, reference.kind == .campaign, !reference.id.isEmpty {
            send["campaignId"] = Int(reference.id).map { .int($0) } ?? .string(reference.id)
            if !reference.mergeData.isEmpty { send["dataFields"] = .object(reference.mergeData) }
        } else {
            send["campaignId"] = .string(Self.placeholderCampaignId)
            let templateId = ownTemplate.flatMap { $0.kind == .template && !$0.id.isEmpty ? $0.id : nil }
            template["clientTemplateId"] = .string(templateId ?? Self.placeholderTemplateId)
        }
        if ownTemplate?.kind != .campaign || ownTemplate?.contentKnown == true || ownTemplate?.id.isEmpty == true {
            // The content travels in a template written before the send, and a campaign that sends it.
            var upsert = template
            if ownTemplate?.kind == .template { rendering.placeVendorFields(into: &upsert) }
            provision.append(SendProvision(
                kind: .template, vendor: id, placeholder: Self.placeholderTemplateId, content: template,
                request: SendHTTPRequest(path: Self.templatePath, body: .object(upsert))))
            if ownTemplate?.kind != .campaign {
                provision.append(SendProvision(
                    kind: .campaign, vendor: id, placeholder: Self.placeholderCampaignId,
                    content: ["type": "API-triggered", "messageMedium": "Push", "template": .string(Self.placeholderTemplateId)]))
            }
        }
        rendering.loseAudience(tokens: false, userIds: true, topics: false)
        if let schedule = form.schedule {
            if let at = schedule.at, !schedule.recipientLocal, !schedule.optimal {
                send["sendAt"] = .string(SendTime.iso8601(at, zone: false).replacingFirstT())
            } else if let text = schedule.text, form.vendor == id {
                send["sendAt"] = .string(text)
            } else {
                rendering.lose(SendField.schedule, SendJSON.schedule(schedule), "Iterable's sendAt is one UTC instant for every recipient")
            }
        }
        if ownTemplate?.kind == .campaign { rendering.placeVendorFields(into: &send) }
        else if ownTemplate == nil { rendering.placeVendorFields(into: &send) }
        if ownTemplate?.kind == .template, let upsert = provision.first?.request {
            // An Iterable template alone is written back as the one request.
            return SendRenderResult(requests: [upsert], losses: rendering.losses)
        }
        var recipients: [(String, JSONValue)] = form.audience.userIds.map { ("recipientUserId", .string($0)) }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id && targeting.key == "recipientEmail" {
            recipients.append(("recipientEmail", targeting.value))
        }
        if recipients.isEmpty { recipients.append(("recipientUserId", .string(Self.placeholderRecipient))) }
        let requests = recipients.map { recipient -> SendHTTPRequest in
            var one = send
            one[recipient.0] = recipient.1
            return SendHTTPRequest(path: primaryPath, body: .object(one))
        }
        return SendRenderResult(requests: requests, losses: rendering.losses, provision: provision)
    }

    /// A button as an Iterable template writes it: the device's `itbl.actionButtons` shape.
    static func buttonJSON(_ button: PushButton) -> JSONValue {
        var object: JSONObject = ["identifier": .string(button.id), "title": .string(button.title)]
        object["buttonType"] = .string(button.input ? "textInput" : button.destructive ? "destructive" : "default")
        object["openApp"] = .bool(button.foreground)
        if let placeholder = button.placeholder { object["inputPlaceholder"] = .string(placeholder) }
        if let link = button.deepLink { object["action"] = ["type": "openUrl", "data": .string(link)] }
        return .object(object)
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        var userInfo = JSONObject()
        var itbl: JSONObject = [
            "campaignId": 1, "templateId": 1, "messageId": .string(Self.placeholderMessageId), "isGhostPush": false,
        ]
        if let link = content.payload.deepLink { itbl["defaultAction"] = ["type": "openUrl", "data": .string(link)] }
        if let image = content.payload.imageURL { itbl["attachment-url"] = .string(image) }
        if !content.payload.buttons.isEmpty { itbl["actionButtons"] = .array(content.payload.buttons.prefix(3).map(Self.buttonJSON)) }
        var delivered = content
        if content.payload.imageURL != nil || !content.payload.buttons.isEmpty { delivered.payload.mutableContent = true }
        delivered.payload.buttons = []
        for (key, value) in content.payload.data where !reservesDataKey(key) { userInfo[key] = value }
        userInfo["aps"] = .object(SendRules.aps(delivered, alert: content.payload.alert))
        userInfo["itbl"] = .object(itbl)
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let body) = request.body else { return problems }
        if Self.isTemplate(request) {
            if case .array(let buttons)? = body["buttons"], buttons.count > 3 {
                problems.append(Diagnostic(.error, code: .sendValueInvalid, path: "$.buttons", message: "an Iterable push has at most 3 buttons, found \(buttons.count)"))
            }
            for key in ["deeplink", "richMedia"] {
                guard let text = body[key]?["ios"]?.stringValue, !text.isEmpty, DeepLink(text) == nil else { continue }
                problems.append(Diagnostic(.error, code: .sendValueInvalid, path: "$.\(key).ios", message: "'\(text)' is not a URL"))
            }
            return problems
        }
        if let placeholder = body["campaignId"]?.stringValue, SendRules.isPlaceholder(placeholder) {
            problems.append(Diagnostic(
                .warning, code: .sendValueInvalid, path: "$.campaignId",
                message: "\(placeholder) stands for the campaign to create first (send provision); put its id here"))
        } else if body["campaignId"]?.intValue == nil {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: "$.campaignId",
                message: "an Iterable push target names its campaign by number (campaignId)"))
        }
        if body["recipientEmail"] == nil, body["recipientUserId"] == nil {
            problems.append(Diagnostic(
                .error, code: .sendTargetConflict, path: JSONPath.root,
                message: "an Iterable push target needs recipientEmail or recipientUserId"))
        }
        return problems
    }
}

extension String {
    /// `2026-01-02T03:04:05` as Iterable writes a time: `2026-01-02 03:04:05`.
    fileprivate func replacingFirstT() -> String {
        guard let index = firstIndex(of: "T") else { return self }
        return self[..<index] + " " + self[self.index(after: index)...]
    }
}
