import PushBridge

/// Customer.io's transactional push, `POST /v1/send/push` (docs/SEND.md "Customer.io"): the content lives in a
/// transactional message (`transactional_message_id`) that the request may override (`title`, `message`,
/// `image_url`, `link`, `sound`), extend (`custom_data`) or replace with a raw APNs payload (`custom_payload.ios`).
/// Fields as customerio/customerio-node:lib/api/requests.ts@415363a0 (`SendPushRequest`) names them.
public struct CustomerIOSendAdapter: SendAdapter {
    public let id = "customerio"
    public let name = "Customer.io"
    public let primaryPath = "/v1/send/push"

    /// The identifier kinds `identifiers` takes; exactly one is required.
    static let identifierKeys = ["id", "email", "cio_id"]
    /// The members the form has no field for, written back for Customer.io itself.
    static let knownFields: Set<String> = [
        "to", "custom_device", "language", "disable_message_retention", "send_to_unsubscribed", "queue_draft",
        "custom_payload",
    ]
    static let placeholderMessageId = "<customerio-transactional-message-id>"
    static let placeholderDeliveryId = "<customerio-delivery-id>"
    static let placeholderDeliveryToken = "<customerio-delivery-token>"
    static let iosPayloadPath = "$.custom_payload.ios"
    /// Top-level keys of the delivered push that are Customer.io's or APNs', never the sender's custom data.
    static let reservedKeys = KeyTable(["aps", "CIO", "CIO-Delivery-ID", "CIO-Delivery-Token"])

    public init() {}

    public func reservesDataKey(_ key: String) -> Bool { Self.reservedKeys.contains(key) }

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        var form = SendRequest(vendor: id)
        guard case .object(let body) = request.body else {
            return .malformed(id, request.body, expected: "a Customer.io push request is an object {\"transactional_message_id\", \"identifiers\", …}")
        }
        var reader = SendReader(body, at: JSONPath.root)
        var diagnostics: [Diagnostic] = []
        var payload = PushPayload(vendor: id)

        // The transactional message: a number or a string (its id, or its trigger name).
        reader.template("transactional_message_id", merge: "message_data", kind: .transactionalMessage, vendor: id, into: &form)
        if let identifiers = reader.object("identifiers") {
            for key in JSONWriter.sortedKeys(identifiers) {
                let path = JSONPath.member(key, of: reader.path("identifiers"))
                guard let value = identifiers[key] else { continue }
                if key == "id", let text = value.stringValue ?? value.numberValue.map({ $0.description }) {
                    form.audience.userIds.append(text)
                    form.paths["audience.userIds"] = path
                } else {
                    form.addVendorTargeting(vendor: id, key: "identifiers." + key, value: value, path: path)
                }
            }
        }
        // The overrides of the message's text, image, link and sound.
        let title = reader.string("title"), message = reader.string("message")
        if title != nil || message != nil {
            payload.alert = PushAlert(title: title, body: message)
            form.paths[SendField.alert] = reader.path(message != nil ? "message" : "title")
        }
        if let image = reader.string("image_url") { payload.imageURL = image; form.paths[SendField.imageURL] = reader.path("image_url") }
        if let link = reader.string("link") { payload.deepLink = link; form.paths[SendField.deepLink] = reader.path("link") }
        if let sound = reader.string("sound") { payload.sound = sound; form.paths[SendField.sound] = reader.path("sound") }
        if let data = reader.object("custom_data") {
            payload.data = reader.customData(data, at: reader.path("custom_data"), for: self)
            form.paths[SendField.data] = reader.path("custom_data")
        }
        if let sendAt = reader.value("send_at"), sendAt != .null {
            if let seconds = sendAt.intValue {
                form.schedule = SendSchedule(at: seconds)
                form.paths[SendField.schedule] = reader.path("send_at")
            } else {
                reader.wrongType("send_at", "a Unix time in seconds", sendAt)
            }
        }
        var content = SendContent()
        // `custom_payload.ios` replaces the payload: it is sent as the APNs payload, read as APNs reads it.
        if let custom = reader.object("custom_payload"), case .object(let ios)? = custom["ios"] {
            let inner = APNsSendAdapter().parse(SendHTTPRequest(path: "", body: .object(ios)))
            diagnostics += inner.diagnostics.map { diagnostic in
                var moved = diagnostic
                moved.path = Self.iosPayloadPath + diagnostic.path.dropFirst()
                return moved
            }
            var raw = inner.request.content
            var rawPayload = raw.payload
            // `CIO` is Customer.io's, never custom data: its `push` carries the link and the image as in a push
            // Customer.io builds; anything else in it is kept as sent (written back for Customer.io only).
            if let cioValue = rawPayload.data.removeValue(forKey: "CIO") {
                let cioPath = JSONPath.member("CIO", of: Self.iosPayloadPath)
                let pushPath = JSONPath.member("push", of: cioPath)
                for (key, member) in cioValue.objectValue ?? ["": cioValue] {
                    guard key == "push", case .object(let push) = member else {
                        reader.kept[key.isEmpty ? cioPath : JSONPath.member(key, of: cioPath)] = member
                        continue
                    }
                    for (field, value) in push {
                        let path = JSONPath.member(field, of: pushPath)
                        if field == "link", let link = value.stringValue {
                            rawPayload.deepLink = link
                            form.paths[SendField.deepLink] = path
                        } else if field == "image", let image = value.stringValue {
                            rawPayload.imageURL = image
                            form.paths[SendField.imageURL] = path
                        } else {
                            reader.kept[path] = value
                        }
                    }
                }
            }
            // The delivery id and token are Customer.io's: never the sender's data on the device.
            rawPayload.data = reader.customData(rawPayload.data, at: Self.iosPayloadPath, for: self)
            // The overrides still name what the raw payload leaves out.
            if rawPayload.alert == nil { rawPayload.alert = payload.alert }
            if rawPayload.imageURL == nil { rawPayload.imageURL = payload.imageURL }
            if rawPayload.deepLink == nil { rawPayload.deepLink = payload.deepLink }
            if rawPayload.sound == nil { rawPayload.sound = payload.sound }
            for (key, value) in payload.data where rawPayload.data[key] == nil { rawPayload.data[key] = value }
            rawPayload.vendor = id
            raw.payload = rawPayload
            content = raw
            // The raw payload is what the device gets: the transactional message's own content is not sent.
            form.template?.contentKnown = true
            for (field, path) in inner.request.paths {
                form.paths[field] = path.hasPrefix("$.headers") ? path : Self.iosPayloadPath + path.dropFirst()
            }
            for (path, value) in inner.request.vendorFields { reader.kept[Self.iosPayloadPath + path.dropFirst()] = value }
            if let android = custom["android"] { reader.kept[JSONPath.member("android", of: reader.path("custom_payload"))] = android }
        } else {
            if let custom = body["custom_payload"], custom != .null { reader.kept[reader.path("custom_payload")] = custom }
            content.payload = payload
        }
        reader.keepUnread(known: Self.knownFields)
        for (path, value) in reader.kept where !path.hasPrefix(Self.iosPayloadPath) {
            let key = String(path.dropFirst(2))
            if ["to", "custom_device"].contains(key) {
                form.addVendorTargeting(vendor: id, key: key, value: value, path: path)
                reader.kept[path] = nil
            }
        }
        diagnostics += reader.diagnostics
        swap(&form.content, &content)  // moved, not copied
        form.vendorFields = reader.kept
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        var payload = content.payload
        var body = JSONObject()
        var provision: [SendProvision] = []
        if let template = form.template, template.vendor == id, !template.id.isEmpty {
            body["transactional_message_id"] = .string(template.id)
        } else {
            // Customer.io sends only a transactional message: one must exist; the request overrides its content.
            body["transactional_message_id"] = .string(Self.placeholderMessageId)
            provision.append(SendProvision(
                kind: .transactionalMessage, vendor: id, placeholder: Self.placeholderMessageId,
                content: Self.messageContent(content.payload)))
        }
        if let template = form.template, template.vendor == id, !template.mergeData.isEmpty {
            body["message_data"] = .object(template.mergeData)
        }
        let alert = rendering.singleLanguageAlert()
        payload.alert = alert
        payload.category = rendering.category()
        if let badge = rendering.badgeCount(
            increment: "Customer.io sends the badge as a number; it cannot add to what the device shows",
            fromProperty: "Customer.io's push request reads no badge from the recipient's profile") {
            payload.badge = badge
        }
        if !payload.buttons.isEmpty, !rendering.losses.contains(where: { $0.field == SendField.category }) {
            rendering.lose(
                SendField.buttons, .array(payload.buttons.map(SendJSON.button)),
                "Customer.io's SDK shows no buttons of the push's own; only a category the app registers")
        }
        payload.buttons = []
        if content.openLinkInApp == true, payload.deepLink != nil {
            rendering.lose(SendField.openLinkInApp, true, "Customer.io's SDK has no in-app web view")
        }
        // What the overrides carry: title, body, image, link, sound and string custom data. Anything else needs the
        // raw APNs payload, which then carries everything.
        payload.data = rendering.customData(payload.data, for: self, reason: Self.lossReason)
        if Self.overridesCarry(content, payload: payload) {
            if let title = payload.alert?.title { body["title"] = .string(title) }
            if let text = payload.alert?.body { body["message"] = .string(text) }
            if let image = payload.imageURL { body["image_url"] = .string(image) }
            if let link = payload.deepLink { body["link"] = .string(link) }
            if let sound = payload.sound { body["sound"] = .string(sound) }
            if !payload.data.isEmpty { body["custom_data"] = .object(payload.data) }
        } else {
            var rawContent = content
            rawContent.payload = payload
            rawContent.badge = payload.badge.map { .set($0) }
            body["custom_payload"] = ["ios": .object(Self.iosPayload(rawContent, rendering: &rendering))]
        }
        rendering.loseAudience(tokens: false, userIds: true, topics: false)
        var identifiers = JSONObject()
        if let user = form.audience.userIds.first { identifiers["id"] = .string(user) }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id && targeting.key.hasPrefix("identifiers.") {
            identifiers[String(targeting.key.dropFirst("identifiers.".count))] = targeting.value
        }
        if identifiers.isEmpty { identifiers["id"] = "<customerio-person-id>" }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id && !targeting.key.hasPrefix("identifiers.") {
            body[targeting.key] = targeting.value
        }
        if let schedule = form.schedule {
            if let at = schedule.at, !schedule.recipientLocal, !schedule.optimal {
                body["send_at"] = .int(at)
            } else {
                rendering.lose(SendField.schedule, SendJSON.schedule(schedule), "Customer.io's send_at is one instant for every recipient")
            }
        }
        for (field, value) in [
            (SendField.collapseId, content.collapseId.map { JSONValue.string($0) }),
            (SendField.expiry, content.expiry.map(SendJSON.expiry)),
            (SendField.priority, content.priority.map { JSONValue.int($0) }),
            (SendField.idempotencyKey, form.idempotencyKey.map { JSONValue.string($0) }),
        ] {
            guard let value else { continue }
            rendering.lose(field, value, "Customer.io's push request has no field for it")
        }
        rendering.placeVendorFields(into: &body)
        // One request per person: `identifiers` names exactly one.
        let users = form.audience.userIds.isEmpty ? [nil] : form.audience.userIds.map { Optional($0) }
        let requests = users.map { user -> SendHTTPRequest in
            var one = body
            var oneIdentifiers = identifiers
            if let user { oneIdentifiers = ["id": .string(user)] }
            one["identifiers"] = .object(oneIdentifiers)
            return SendHTTPRequest(path: primaryPath, body: .object(one))
        }
        return SendRenderResult(requests: requests, losses: rendering.losses, provision: provision)
    }

    /// Whether the request's overrides carry all of `content`: an alert of title and body, image, link, sound and
    /// custom data of strings; nothing else of `aps`.
    static func overridesCarry(_ content: SendContent, payload: PushPayload) -> Bool {
        payload.alert?.subtitle == nil && payload.category == nil && payload.threadId == nil && payload.badge == nil
            && !payload.contentAvailable && payload.apsExtra.isEmpty && content.interruptionLevel == nil
            && content.relevanceScore == nil && payload.data.values.allSatisfy { $0.stringValue != nil }
            && payload.data["CIO"] == nil
    }

    /// Why custom data under `key` is lost.
    static func lossReason(_ key: String) -> String { "'\(key)' is a key Customer.io or APNs reserves" }

    /// The APNs payload of `content` as Customer.io's SDK reads it: `aps`, `CIO.push` with the link and the image,
    /// custom data at the top level (a key that is Customer.io's own is a loss).
    static func iosPayload(_ content: SendContent, rendering: inout SendRendering) -> JSONObject {
        var payload = content.payload
        let link = payload.deepLink, image = payload.imageURL
        if image != nil { payload.mutableContent = true }  // the SDK's service extension attaches it
        var delivered = content
        delivered.payload = payload
        var ios: JSONObject = ["aps": .object(SendRules.aps(delivered, alert: payload.alert))]
        var push = JSONObject()
        if let link { push["link"] = .string(link) }
        if let image { push["image"] = .string(image) }
        if !push.isEmpty { ios["CIO"] = ["push": .object(push)] }
        for (key, value) in rendering.customData(payload.data, for: CustomerIOSendAdapter(), reason: lossReason) { ios[key] = value }
        return ios
    }

    /// The content of the transactional message to create for a send that carries its content inline.
    static func messageContent(_ payload: PushPayload) -> JSONObject {
        var object: JSONObject = ["type": "push"]
        if let title = payload.alert?.title { object["title"] = .string(title) }
        if let text = payload.alert?.body { object["message"] = .string(text) }
        return object
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var rendering = SendRendering(form, for: self)
        var content = form.content
        content.payload.buttons = []
        var userInfo = Self.iosPayload(content, rendering: &rendering)
        // Customer.io's test push shows `mutable-content: 1` on every push it sends.
        if var aps = userInfo["aps"]?.objectValue {
            aps["mutable-content"] = 1
            userInfo["aps"] = .object(aps)
        }
        userInfo["CIO-Delivery-ID"] = .string(Self.placeholderDeliveryId)
        userInfo["CIO-Delivery-Token"] = .string(Self.placeholderDeliveryToken)
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let body) = request.body else { return problems }
        if parsed.request.template == nil || parsed.request.template?.id.isEmpty == true {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: "$.transactional_message_id",
                message: "a Customer.io push names its transactional message (transactional_message_id)"))
        }
        if let placeholder = body["transactional_message_id"]?.stringValue, SendRules.isPlaceholder(placeholder) {
            problems.append(Diagnostic(
                .warning, code: .sendValueInvalid, path: "$.transactional_message_id",
                message: "\(placeholder) stands for the transactional message to create first (send provision); put its id here"))
        }
        let identifiers = body["identifiers"]?.objectValue ?? [:]
        let named = Self.identifierKeys.filter { identifiers[$0] != nil }
        if named.count != 1 || identifiers.count != named.count {
            problems.append(Diagnostic(
                .error, code: .sendTargetConflict, path: "$.identifiers",
                message: "identifiers takes one and only one of id, email or cio_id, found "
                    + (identifiers.isEmpty ? "none" : JSONWriter.sortedKeys(identifiers).joined(separator: ", "))))
        }
        if case .object(let data)? = body["custom_data"] {
            for key in data.keysInCanonicalOrder where data[key]?.stringValue == nil {
                problems.append(Diagnostic(
                    .warning, code: .wrongType, path: JSONPath.member(key, of: "$.custom_data"),
                    message: "custom_data values are strings in Customer.io's typed clients; this one is sent as JSON"))
            }
        }
        for key in ["image_url", "link"] {
            guard let text = body[key]?.stringValue, !text.isEmpty else { continue }
            if DeepLink(text) == nil {
                problems.append(Diagnostic(.error, code: .sendValueInvalid, path: JSONPath.member(key, of: "$"), message: "'\(text)' is not a URL"))
            } else if key == "image_url", !text.lowercased().hasPrefix("https://") {
                problems.append(Diagnostic(.warning, code: .sendValueInvalid, path: "$.image_url", message: "Customer.io asks for an HTTPS image URL"))
            }
        }
        return problems
    }
}
