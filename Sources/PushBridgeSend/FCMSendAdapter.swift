import PushBridge

/// Firebase Cloud Messaging HTTP v1, `POST /v1/projects/<project>/messages:send` with `{"message": …}`
/// (docs/SEND.md "FCM").
public struct FCMSendAdapter: SendAdapter {
    public let id = "fcm"
    public let name = "Firebase Cloud Messaging"
    public let primaryPath = "/v1/projects/<project-id>/messages:send"

    /// The members that name a message's target; exactly one is required.
    static let targetKeys = ["token", "topic", "condition", "fid"]
    /// `message.data` keys FCM rejects.
    static func isReservedDataKey(_ key: String) -> Bool {
        // Each reserved name starts with f, m or g, characters no other spelling is equivalent to: a key whose first
        // byte is another is none of them.
        guard let first = key.utf8.first,
            first == UInt8(ascii: "f") || first == UInt8(ascii: "m") || first == UInt8(ascii: "g")
        else { return false }
        return key == "from" || key == "message_type" || key.hasPrefix("google.") || key.hasPrefix("gcm.")
    }
    static let messagePath = "$.message"

    /// The data keys FCM rejects, `aps` and `fcm_options` (its SDK's own at the root of the push).
    public func reservesDataKey(_ key: String) -> Bool {
        // Each starts with a, f, g or m: a key whose first byte is another is none of them.
        guard let first = key.utf8.first, first == UInt8(ascii: "a") || first == UInt8(ascii: "f")
            || first == UInt8(ascii: "g") || first == UInt8(ascii: "m")
        else { return false }
        return key == "aps" || key == "fcm_options" || Self.isReservedDataKey(key)
    }
    static let apnsPath = "$.message.apns"
    static let placeholderMessageId = "<fcm-message-id>"
    /// The source paths APNs' parser gives (`$.aps.alert`, `$.headers["apns-priority"]`), under `apns.payload`
    /// and `apns.headers`, made once: joining them on every request cost more than reading. `data` has none: the
    /// message's `data` names it.
    static let apnsSourcePaths: APNsSendAdapter.SourcePathTable = {
        let payload = JSONPath.member("payload", of: apnsPath)
        let headers = JSONPath.member("headers", of: apnsPath)
        func header(_ path: String) -> String { headers + path.dropFirst("$.headers".count) }
        var table = APNsSendAdapter.SourcePathTable.apns
        for (field, path) in table.payload { table.payload[field] = payload + path.dropFirst() }
        table.payload.removeValue(forKey: SendField.data)
        table.pushType = header(table.pushType)
        table.priority = header(table.priority)
        table.expiration = header(table.expiration)
        table.collapseId = header(table.collapseId)
        return table
    }()
    static let placeholderToken = "<fcm-registration-token>"
    /// The paths of the members of `message`, `message.notification` and `message.apns` the parser names.
    static let messagePaths = SendReader.MemberPaths(
        targetKeys + ["notification", "data", "apns", "android", "webpush", "fcm_options", "fcmOptions", "name"], of: messagePath)
    static let notificationPaths = SendReader.MemberPaths(
        ["title", "body", "image"], of: JSONPath.member("notification", of: messagePath))
    static let apnsPaths = SendReader.MemberPaths(
        ["headers", "payload", "fcm_options", "fcmOptions", "live_activity_token", "liveActivityToken"], of: apnsPath)

    /// "Maximum payload for both message types is 4096 bytes", measured on the message.
    public let budgets = [SendBudget(.request(paths: [["message"]]), bytes: 4096, severity: .error, rule: "FCM accepts 4096 bytes")]
    public var payloadPath: String { Self.messagePath }

    public init() {}

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        var form = SendRequest(vendor: id)
        guard case .object(let body) = request.body, case .object(let message)? = body["message"] else {
            let found = request.body.objectValue == nil ? request.body : request.body["message"] ?? .null
            return .malformed(id, found, expected: "an FCM body is {\"message\": {…}}",
                              path: request.body.objectValue == nil ? JSONPath.root : Self.messagePath)
        }
        var outer = SendReader(body, at: JSONPath.root)
        _ = outer.value("message")
        outer.keepUnread(known: ["validate_only"])
        var reader = SendReader(message, at: Self.messagePath, memberPaths: Self.messagePaths)
        var diagnostics: [Diagnostic] = []
        var payload = PushPayload(vendor: id)
        var content = SendContent()

        for key in Self.targetKeys {
            guard let value = reader.string(key) else { continue }
            if key == "topic" {
                form.audience.topics.append(value.hasPrefix("/topics/") ? String(value.dropFirst(8)) : value)
                form.paths["audience.topics"] = reader.path(key)
            } else {
                form.addVendorTargeting(vendor: id, key: key, value: .string(value), path: reader.path(key))
            }
        }
        if let notification = reader.object("notification") {
            var note = SendReader(notification, at: reader.path("notification"), memberPaths: Self.notificationPaths)
            let alert = PushAlert(title: note.string("title"), body: note.string("body"))
            if !alert.isEmpty { payload.alert = alert; form.paths[slot: .alert] = note.path }
            if let image = note.string("image") { payload.imageURL = image; form.paths[slot: .imageURL] = note.path("image") }
            note.keepUnread(known: [])
            if !note.diagnostics.isEmpty { diagnostics += note.diagnostics }
            for (key, value) in note.kept { reader.kept[key] = value }
        }
        if let data = reader.object("data") {
            let dataPath = reader.path("data")
            form.paths[slot: .data] = dataPath
            // Without a reserved key the data is the payload's as it is: shared, not copied member by member.
            payload.data = reader.customData(data, at: dataPath, for: self) { key, path in
                Self.isReservedDataKey(key) ? Diagnostic(.error, code: .reservedKey, path: path, message: "FCM rejects data key '\(key)'") : nil
            }
            for (key, value) in payload.data {
                if case .string = value {} else {
                    diagnostics.append(.wrongType(JSONPath.member(key, of: dataPath), expected: "a string (FCM data holds strings only)", value))
                }
            }
        }
        if let apns = reader.object("apns") {
            var apnsReader = SendReader(apns, at: Self.apnsPath, memberPaths: Self.apnsPaths)
            // By lowercase name, the last of one name winning; a message has a few, found without hashing.
            var headers: [(name: String, value: String)] = []
            func header(_ name: String) -> String? { headers.last { $0.name == name }?.value }
            if let headerObject = apnsReader.object("headers") {
                headers.reserveCapacity(headerObject.count)
                for (key, value) in headerObject {
                    // Most names are lowercase ASCII already: their bytes are checked in place.
                    var name = key
                    let lowercase = name.withUTF8 { bytes in
                        bytes.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
                    }
                    if !lowercase { name = key.lowercased() }
                    if !name.hasPrefix("apns-") {
                        // Passed through to APNs as sent; the form has no field for it.
                        apnsReader.kept[JSONPath.member(key, of: apnsReader.path("headers"))] = value
                    }
                    if let text = value.stringValue { headers.append((name, text)) } else {
                        diagnostics.append(.wrongType(JSONPath.member(key, of: apnsReader.path("headers")), expected: "a string", value))
                        headers.append((name, JSONWriter.string(value)))
                    }
                }
            }
            // The headers read as APNs reads them: with the payload when there is one (its header fields do not
            // depend on the body), else over an empty `aps`.
            var headerForm: SendRequest?
            if let apnsPayload = apnsReader.object("payload") {
                // `apns.payload` is an APNs payload: read it as APNs does, over the notification's text.
                let inner = APNsSendAdapter().parse(
                    SendHTTPRequest(path: "", body: .object(apnsPayload)), paths: Self.apnsSourcePaths, header: header)
                headerForm = inner.request
                let payloadPath = apnsReader.path("payload")
                diagnostics += inner.diagnostics.map { diagnostic in
                    var moved = diagnostic
                    moved.path = payloadPath + diagnostic.path.dropFirst()
                    return moved
                }
                let innerPayload = inner.request.content.payload
                if let alert = innerPayload.alert {
                    var merged = payload.alert ?? PushAlert()
                    if let title = alert.title { merged.title = title }
                    if let subtitle = alert.subtitle { merged.subtitle = subtitle }
                    if let text = alert.body { merged.body = text }
                    payload.alert = merged
                    form.paths[slot: .alert] = JSONPath.member("alert", of: payloadPath + ".aps")
                }
                payload.sound = innerPayload.sound
                payload.category = innerPayload.category
                payload.threadId = innerPayload.threadId
                payload.contentAvailable = innerPayload.contentAvailable
                payload.mutableContent = innerPayload.mutableContent
                payload.apsExtra = innerPayload.apsExtra
                let innerData = apnsReader.customData(innerPayload.data, at: payloadPath, for: self)
                if payload.data.isEmpty { payload.data = innerData } else {
                    for (key, value) in innerData { payload.data[key] = value }
                }
                content.badge = inner.request.content.badge
                content.interruptionLevel = inner.request.content.interruptionLevel
                content.relevanceScore = inner.request.content.relevanceScore
                // The payload's fields and its headers' (the same form gives the header fields below) come with
                // their paths in this request; they replace what the message said for the same field, except
                // `data`, which they do not name. The APNs form's table is taken whole.
                form.paths.add(inner.request.paths, replacing: true)
                if !innerPayload.data.isEmpty, form.paths[slot: .data] == nil { form.paths[slot: .data] = payloadPath }
                for (path, value) in inner.request.vendorFields where path.hasPrefix("$.aps") {
                    apnsReader.kept[payloadPath + path.dropFirst()] = value
                }
            }
            let headerFields: SendRequest
            if let headerForm { headerFields = headerForm } else {
                headerFields = APNsSendAdapter().parse(
                    SendHTTPRequest(path: "", body: ["aps": [:]]), paths: Self.apnsSourcePaths, header: header).request
                for field in [SendField.pushType, SendField.priority, SendField.expiry, SendField.collapseId] {
                    if let path = headerFields.paths[field] { form.paths[field] = path }
                }
            }
            content.priority = headerFields.content.priority
            content.expiry = headerFields.content.expiry
            content.collapseId = headerFields.content.collapseId
            content.pushType = headerFields.content.pushType
            if let topic = header("apns-topic") { reader.kept[JSONPath.member("apns-topic", of: apnsReader.path("headers"))] = .string(topic) }
            for key in ["fcm_options", "fcmOptions"] {
                guard let options = apnsReader.object(key) else { continue }
                if let image = options["image"]?.stringValue {
                    payload.imageURL = image
                    form.paths[slot: .imageURL] = JSONPath.member("image", of: apnsReader.path(key))
                }
                for (member, value) in options where member != "image" { apnsReader.kept[JSONPath.member(member, of: apnsReader.path(key))] = value }
            }
            apnsReader.keepUnread(known: ["live_activity_token", "liveActivityToken"])
            if !apnsReader.diagnostics.isEmpty { diagnostics += apnsReader.diagnostics }
            for (key, value) in apnsReader.kept { reader.kept[key] = value }
        }
        reader.keepUnread(known: ["android", "webpush", "fcm_options", "fcmOptions", "name"])
        if !outer.diagnostics.isEmpty { diagnostics += outer.diagnostics }
        if !reader.diagnostics.isEmpty { diagnostics += reader.diagnostics }
        form.takeContent(&content, payload: &payload)
        // The wrapper seldom keeps anything: then the message's kept members are the fields, not a merged copy.
        form.vendorFields = outer.kept.isEmpty ? reader.kept : outer.kept.merging(reader.kept) { $1 }
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        var payload = content.payload
        var message = JSONObject()
        let alert = rendering.singleLanguageAlert()
        if let alert {
            var notification = JSONObject()
            if let title = alert.title { notification["title"] = .string(title) }
            if let text = alert.body { notification["body"] = .string(text) }
            if !notification.isEmpty { message["notification"] = .object(notification) }
        }
        // Strings go in `data`; anything else stays JSON as a custom key of the APNs payload.
        var data = JSONObject()
        var custom = JSONObject()
        for (key, value) in payload.data {
            let path = JSONPath.member(key, of: form.sourcePath(SendField.data))
            if reservesDataKey(key) {
                rendering.lose(SendField.data, value, "'\(key)' is a key FCM or its SDK reserves", path: path)
            } else if case .string = value {
                data[key] = value
            } else {
                custom[key] = value
            }
        }
        if !data.isEmpty { message["data"] = .object(data) }
        payload.data = custom
        payload.category = rendering.category()
        var apsContent = content
        if payload.imageURL != nil { payload.mutableContent = true }  // FCM never sets it for the image itself
        apsContent.payload = payload
        // The subtitle travels only in the APNs alert; title and body ride in `notification`.
        var apsAlert: PushAlert?
        if let alert, alert.subtitle != nil { apsAlert = alert }
        var aps = SendRules.aps(apsContent, alert: apsAlert)
        if aps["alert"] == nil { aps.removeValue(forKey: "alert") }
        var apns = JSONObject()
        var apnsPayload: JSONObject = custom
        if !aps.isEmpty || !custom.isEmpty { apnsPayload["aps"] = .object(aps) }
        if !apnsPayload.isEmpty { apns["payload"] = .object(apnsPayload) }
        if let image = payload.imageURL { apns["fcm_options"] = ["image": .string(image)] }
        rendering.badgeCount(
            increment: "FCM sets the badge to a number; it cannot add to what the device shows",
            fromProperty: "FCM has no recipient profile to read the badge from")
        rendering.loseSDKFeatures(image: true, link: false, buttons: false)
        if content.openLinkInApp == true, payload.deepLink != nil {
            rendering.lose(SendField.openLinkInApp, true, "FCM has no in-app web view")
        }
        var headers = JSONObject()
        let pushType = SendRules.pushType(content)
        headers["apns-push-type"] = .string(pushType)
        if let priority = content.priority {
            headers["apns-priority"] = .string(String([10, 5, 1].contains(priority) ? priority : priority >= 8 ? 10 : priority >= 3 ? 5 : 1))
            if ![10, 5, 1].contains(priority) {
                rendering.lose(SendField.priority, .int(priority), "APNs priorities are 10, 5 and 1")
            }
        } else if pushType == "background" || (!payload.isVisible && message["notification"] == nil) {
            headers["apns-priority"] = "5"
        }
        switch content.expiry {
        case .after(0)?: headers["apns-expiration"] = "0"
        case _: if let epoch = rendering.absoluteExpiry(options) { headers["apns-expiration"] = .string(String(epoch)) }
        }
        if let collapse = content.collapseId {
            if collapse.utf8.count > SendRules.collapseIdBytes {
                rendering.lose(SendField.collapseId, .string(collapse), "APNs takes a collapse id of at most 64 bytes")
            } else {
                headers["apns-collapse-id"] = .string(collapse)
            }
        }
        apns["headers"] = .object(headers)
        message["apns"] = .object(apns)
        rendering.loseAudience(tokens: false, userIds: false, topics: true)
        rendering.loseSchedule()
        if let key = form.idempotencyKey {
            rendering.lose(SendField.idempotencyKey, .string(key), "FCM has no idempotency key")
        }
        var body: JSONObject = ["message": .object(message)]
        rendering.placeVendorFields(into: &body)

        var targets: [(String, JSONValue)] = form.audience.topics.map { ("topic", .string($0)) }
        for targeting in form.audience.vendorTargeting where targeting.vendor == id { targets.append((targeting.key, targeting.value)) }
        if targets.isEmpty { targets.append(("token", .string(Self.placeholderToken))) }
        let path = "/v1/projects/\(options.firebaseProject ?? "<project-id>")/messages:send"
        let requests = targets.map { target -> SendHTTPRequest in
            var one = body
            var oneMessage = one["message"]?.objectValue ?? [:]
            oneMessage[target.0] = target.1
            one["message"] = .object(oneMessage)
            return SendHTTPRequest(path: path, body: .object(one))
        }
        return SendRenderResult(requests: requests, losses: rendering.losses)
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var userInfo: JSONObject = ["aps": .object(SendRules.aps(form.content, alert: form.content.payload.alert))]
        for (key, value) in form.content.payload.data where !reservesDataKey(key) {
            userInfo[key] = value
        }
        if let image = form.content.payload.imageURL { userInfo["fcm_options"] = ["image": .string(image)] }
        userInfo["gcm.message_id"] = .string(Self.placeholderMessageId)
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object(let message)? = request.body["message"] else { return problems }
        let targets = Self.targetKeys.filter { message[$0] != nil }
        if targets.count != 1 {
            problems.append(Diagnostic(
                .error, code: .sendTargetConflict, path: Self.messagePath,
                message: "exactly one of token, topic, condition or fid is required, found \(targets.isEmpty ? "none" : targets.joined(separator: ", "))"))
        }
        for problem in problems.indices where problems[problem].diagnosticCode == .wrongType
            && problems[problem].path.hasPrefix("$.message.data") {
            problems[problem].severity = .error
        }
        let content = parsed.request.content
        let headersPath = "$.message.apns.headers"
        if let priority = content.priority, ![10, 5, 1].contains(priority) {
            problems.append(Diagnostic(.error, code: .priorityInvalid, path: JSONPath.member("apns-priority", of: headersPath), message: "APNs priorities are 10, 5 and 1, found \(priority)"))
        }
        let dataOnly = message["notification"] == nil && !content.payload.isVisible
        if dataOnly, content.priority != 5 {
            problems.append(Diagnostic(.error, code: .priorityInvalid, path: JSONPath.member("apns-priority", of: headersPath), message: "a data-only message to iOS must be sent with apns-priority 5"))
        }
        if case .at(let epoch)? = content.expiry, let problem = SendRules.implausibleEpoch(epoch, path: JSONPath.member("apns-expiration", of: headersPath)) {
            problems.append(problem)
        }
        if let collapse = content.collapseId, let problem = SendRules.collapseId(collapse, path: JSONPath.member("apns-collapse-id", of: headersPath)) {
            problems.append(problem)
        }
        problems += budgetProblems(request, form: parsed.request)
        return problems
    }
}
