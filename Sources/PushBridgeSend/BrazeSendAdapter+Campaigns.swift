import PushBridge

/// Braze's API-triggered campaigns (docs/SEND.md "Braze campaigns"): `POST /campaigns/trigger/send` names a
/// campaign whose message lives in Braze (braze-inc/braze-docs:_docs/_api/endpoints/messaging/send_messages/
/// post_send_triggered_campaigns.md), and `GET /campaigns/details` returns that message (braze-inc/braze-docs:
/// _docs/_api/endpoints/export/campaigns/get_campaign_details.md: `messages.<variation>` with `channel`
/// `ios_push`, `alert`, `title`, `extras`, `action`, `image_url`). A bundle of the details and the trigger sends
/// is parsed whole: each send gets the campaign's iOS message.
extension BrazeSendAdapter {
    /// The trigger endpoint.
    public static let triggerPath = "/campaigns/trigger/send"
    /// The campaign export endpoint whose response a bundle carries as the campaign's content.
    public static let detailsPath = "/campaigns/details"

    /// Whether `request` triggers a campaign: by its path, or, for a bare body, a `campaign_id` with no `messages`.
    static func isTrigger(_ request: SendHTTPRequest) -> Bool {
        if request.path.hasPrefix(triggerPath) { return true }
        guard request.path == "/messages/send" || request.path.isEmpty, case .object(let body) = request.body else { return false }
        return body["campaign_id"] != nil && body["messages"] == nil && body["apple_push"] == nil
    }

    /// Whether `request` is a campaign's details (the response of `GET /campaigns/details`).
    static func isDetails(_ request: SendHTTPRequest) -> Bool { request.path.hasPrefix(detailsPath) }

    /// The campaign id in a details request's query (`?campaign_id=…`), else in its body.
    static func detailsCampaignId(_ request: SendHTTPRequest) -> String? {
        let query = request.path.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        for pair in query.split(separator: "&") where pair.hasPrefix("campaign_id=") {
            let id = pair.dropFirst("campaign_id=".count)
            if !id.isEmpty { return String(id) }
        }
        return request.body["campaign_id"]?.stringValue
    }

    public func parseBundle(_ requests: [SendHTTPRequest]) -> [SendParseResult] {
        let details = requests.filter(Self.isDetails)
        let sends = requests.filter { !Self.isDetails($0) }
        guard !details.isEmpty, !sends.isEmpty else { return requests.map(parse) }
        return SendBundle.resolve(sends: sends, templates: details, parse: parse) { request, _ in
            Self.detailsCampaignId(request)
        }
    }

    /// A trigger send: the campaign, its trigger properties (merge data), the recipients, the send id.
    func parseTrigger(_ body: JSONObject) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var reader = SendReader(body, at: JSONPath.root)
        reader.template("campaign_id", merge: "trigger_properties", kind: .campaign, vendor: id, into: &form)
        if let key = reader.string("send_id") {
            form.idempotencyKey = key
            form.paths[SendField.idempotencyKey] = reader.path("send_id")
        }
        if let recipients = reader.array("recipients") {
            for (index, element) in recipients.enumerated() {
                let path = JSONPath.element(index, of: reader.path("recipients"))
                // A recipient named by the app's user id alone is a user id; anything more is Braze's own.
                if case .object(let recipient) = element, recipient.count == 1, let user = recipient["external_user_id"]?.stringValue {
                    form.audience.userIds.append(user)
                    form.paths["audience.userIds"] = reader.path("recipients")
                } else {
                    form.addVendorTargeting(vendor: id, key: "recipients[\(index)]", value: element, path: path)
                }
            }
        }
        for key in Self.targetingFields {
            guard let value = reader.value(key), value != .null else { continue }
            form.addVendorTargeting(vendor: id, key: key, value: value, path: reader.path(key))
        }
        reader.keepUnread(known: ["attachments"])
        form.vendorFields = reader.kept
        return SendParseResult(request: form, diagnostics: reader.diagnostics)
    }

    /// A campaign's details: its first `ios_push` message (by variation id) is the content.
    func parseDetails(_ request: SendHTTPRequest) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var diagnostics: [Diagnostic] = []
        let campaign = Self.detailsCampaignId(request) ?? ""
        form.template = SendTemplate(vendor: id, kind: .campaign, id: campaign, contentKnown: true)
        let messages = request.body["messages"]?.objectValue ?? [:]
        guard let variation = JSONWriter.sortedKeys(messages).first(where: { messages[$0]?["channel"] == "ios_push" }),
            case .object(let message)? = messages[variation]
        else {
            diagnostics.append(Diagnostic(
                .warning, code: .sendFieldMissing, path: "$.messages",
                message: "the campaign's details hold no ios_push message: the campaign sends nothing to iOS"))
            return SendParseResult(request: form, diagnostics: diagnostics)
        }
        var reader = SendReader(message, at: JSONPath.member(variation, of: "$.messages"))
        var payload = PushPayload(vendor: id)
        let title = reader.string("title"), alert = reader.string("alert")
        if title != nil || alert != nil {
            payload.alert = PushAlert(title: title, body: alert)
            form.paths[SendField.alert] = reader.path(alert != nil ? "alert" : "title")
        }
        if let link = reader.string("action"), !link.isEmpty { payload.deepLink = link; form.paths[SendField.deepLink] = reader.path("action") }
        if let image = reader.string("image_url"), !image.isEmpty { payload.imageURL = image; form.paths[SendField.imageURL] = reader.path("image_url") }
        if let extras = reader.object("extras") {
            payload.data = reader.customData(extras, at: reader.path("extras"), for: self, reserved: Self.rejection)
            form.paths[SendField.data] = reader.path("extras")
        }
        reader.keepUnread(known: ["channel", "name", "large_image_url", "has_translatable_content"])
        diagnostics += reader.diagnostics
        form.content.payload = payload
        form.vendorFields = reader.kept
        return SendParseResult(request: form, diagnostics: diagnostics)
    }

    /// A campaign of Braze's own rendered back as its trigger send (after its details, when the form holds them).
    func renderTrigger(_ form: SendRequest, template: SendTemplate, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var body: JSONObject = ["campaign_id": .string(template.id)]
        if !template.mergeData.isEmpty { body["trigger_properties"] = .object(template.mergeData) }
        if let key = form.idempotencyKey { body["send_id"] = .string(key) }
        var recipients: [JSONValue] = form.audience.userIds.map { ["external_user_id": .string($0)] }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id {
            if targeting.key.hasPrefix("recipients[") { recipients.append(targeting.value) } else { body[targeting.key] = targeting.value }
        }
        if !recipients.isEmpty { body["recipients"] = .array(recipients) }
        rendering.loseAudience(tokens: false, userIds: true, topics: false)
        rendering.placeVendorFields(into: &body)
        var requests = [SendHTTPRequest(path: Self.triggerPath, body: .object(body))]
        if template.contentKnown {
            requests.insert(SendHTTPRequest(
                method: "GET", path: Self.detailsPath + "?campaign_id=" + template.id,
                body: ["messages": ["ios": .object(Self.detailsMessage(form.content.payload))]]), at: 0)
        }
        return SendRenderResult(requests: requests, losses: rendering.losses)
    }

    /// The `ios_push` message of a campaign's details for `payload`.
    static func detailsMessage(_ payload: PushPayload) -> JSONObject {
        var message: JSONObject = ["channel": "ios_push"]
        if let title = payload.alert?.title { message["title"] = .string(title) }
        if let body = payload.alert?.body { message["alert"] = .string(body) }
        if let link = payload.deepLink { message["action"] = .string(link) }
        if let image = payload.imageURL { message["image_url"] = .string(image) }
        if !payload.data.isEmpty { message["extras"] = .object(payload.data) }
        return message
    }

    /// The trigger's problems: a campaign id; recipients (at most 50) or broadcast, not both.
    func validateTrigger(_ request: SendHTTPRequest, parsed: SendParseResult) -> [Diagnostic] {
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let body) = request.body else { return problems }
        if parsed.request.template?.id.isEmpty != false {
            problems.append(Diagnostic(.error, code: .sendFieldMissing, path: "$.campaign_id", message: "a triggered send names its campaign (campaign_id)"))
        }
        // "broadcast … must be set to true if recipients is omitted" (an audience then narrows the campaign's segment).
        if body["recipients"] == nil, body["broadcast"] != .bool(true) {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: JSONPath.root, message: "no recipients: name recipients, or set broadcast to true to send to the campaign's segment"))
        }
        if body["broadcast"] == .bool(true), body["recipients"] != nil {
            problems.append(Diagnostic(.error, code: .sendTargetConflict, path: "$.broadcast", message: "broadcast cannot be true with a recipient list"))
        }
        if case .array(let recipients)? = body["recipients"], recipients.count > 50 {
            problems.append(Diagnostic(.error, code: .sendValueInvalid, path: "$.recipients", message: "a triggered send takes at most 50 recipients, found \(recipients.count)"))
        }
        return problems
    }
}
