import PushBridge

/// APNs itself: `POST /3/device/<token>` with the payload as body and the `apns-*` headers
/// (docs/SEND.md "APNs").
public struct APNsSendAdapter: SendAdapter {
    public let id = "apns"
    public let name = "APNs"
    public let primaryPath = "/3/device/<device-token>"

    /// The push types APNs documents for `apns-push-type`.
    static let pushTypes: Set<String> = [
        "alert", "background", "location", "voip", "complication", "fileprovider", "mdm", "liveactivity", "pushtotalk",
    ]
    static let devicePathPrefix = "/3/device/"

    /// The form's `aps` fields and their paths in the payload, made once.
    static let apsFieldPaths: [(field: String, path: String)] = [
        (SendField.alert, "alert"), (SendField.badge, "badge"), (SendField.sound, "sound"),
        (SendField.category, "category"), (SendField.threadId, "thread-id"),
        (SendField.contentAvailable, "content-available"), (SendField.mutableContent, "mutable-content"),
        (SendField.interruptionLevel, "interruption-level"), (SendField.relevanceScore, "relevance-score"),
    ].map { ($0.0, JSONPath.member($0.1, of: "$.aps")) }

    /// The source paths every payload's form has (the `aps` fields, `apsExtra`, `data`), as one table made once,
    /// with room for the headers' and the token's: a form copies it instead of hashing each field.
    static let payloadSourcePaths: SendSourcePaths = {
        var paths = SendSourcePaths()
        for (field, path) in apsFieldPaths { paths[field] = path }
        paths[SendField.apsExtra] = "$.aps"
        paths[SendField.data] = JSONPath.root
        return paths
    }()

    /// The paths of the headers the form reads (`$.headers["apns-priority"]`), made once: a quoted member is
    /// written out each time it is made.
    static let pushTypePath = JSONPath.member("apns-push-type", of: "$.headers")
    static let priorityPath = JSONPath.member("apns-priority", of: "$.headers")
    static let expirationPath = JSONPath.member("apns-expiration", of: "$.headers")
    static let collapseIdPath = JSONPath.member("apns-collapse-id", of: "$.headers")
    static let keptHeaderPaths = ["apns-topic", "apns-id"].map { ($0, JSONPath.member($0, of: "$.headers")) }

    /// The source paths a parse gives the form's fields: the payload's table (``payloadSourcePaths``) and the
    /// headers' paths. Another vendor that carries an APNs payload (FCM's `apns`) gives its own, made once, so the
    /// form says where the fields are in its request without rewriting each path.
    struct SourcePathTable: Sendable {
        var payload: SendSourcePaths
        var pushType: String
        var priority: String
        var expiration: String
        var collapseId: String

        /// APNs' own request.
        static let apns = SourcePathTable(
            payload: payloadSourcePaths, pushType: pushTypePath, priority: priorityPath, expiration: expirationPath,
            collapseId: collapseIdPath)
    }

    public init() {}

    /// `aps`: every other member of the payload is the app's.
    public func reservesDataKey(_ key: String) -> Bool { key == "aps" }

    public func parse(_ request: SendHTTPRequest) -> SendParseResult { parse(request, paths: .apns) }

    /// ``parse(_:)`` with the form's source paths taken from `paths` (the diagnostics keep APNs' own paths).
    func parse(_ request: SendHTTPRequest, paths: SourcePathTable) -> SendParseResult {
        parse(request, paths: paths) { name in request.headers.isEmpty ? nil : request.headers[name] }
    }

    /// ``parse(_:paths:)`` with the headers' values given by `header` (by lowercase name) instead of
    /// `request.headers`: another vendor that carries APNs headers (FCM's `apns.headers`) holds a few, in a list.
    func parse(_ request: SendHTTPRequest, paths: SourcePathTable, header: (String) -> String?) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var diagnostics: [Diagnostic] = []
        var payload = PushPayload(vendor: id)
        let body = request.body.objectValue ?? [:]
        if request.body.objectValue == nil {
            diagnostics.append(Diagnostic(
                .error, code: .sendRequestMalformed, path: JSONPath.root,
                message: "an APNs body is a JSON object, found \(request.body.typeNameWithArticle)"))
        }
        diagnostics += APSCoding.decode(body["aps"], into: &payload)
        for (key, value) in body where key != "aps" { payload.data[key] = value }
        if let badge = payload.badge { form.content.badge = .set(badge) }
        payload.badge = nil
        // Moved, not copied: the form's payload is changed below and must not share its storage.
        form.content.payload = consume payload
        SendRules.liftAPSFields(&form.content, diagnostics: &diagnostics, path: "$.aps")
        // A flag of the wrong type (`"content-available": true`) is kept as sent, outside the form: vendors' SDKs
        // read it differently, so it travels only back to APNs.
        for key in ["content-available", "mutable-content"] {
            if let value = form.content.payload.apsExtra.removeValue(forKey: key) {
                form.vendorFields[JSONPath.member(key, of: "$.aps")] = value
            }
        }
        form.paths = paths.payload

        // Headers.
        if let type = header("apns-push-type") {
            form.content.pushType = type
            form.paths[slot: .pushType] = paths.pushType
        }
        if let text = header("apns-priority") {
            form.paths[slot: .priority] = paths.priority
            if let value = Int(text) { form.content.priority = value } else {
                diagnostics.append(Diagnostic(.error, code: .priorityInvalid, path: Self.priorityPath, message: "'\(text)' is not a number"))
            }
        }
        if let text = header("apns-expiration") {
            form.paths[slot: .expiry] = paths.expiration
            if let value = Int(text) {
                form.content.expiry = value == 0 ? .after(seconds: 0) : .at(epochSeconds: value)
            } else {
                diagnostics.append(Diagnostic(.error, code: .expiryInvalid, path: Self.expirationPath, message: "'\(text)' is not a number of seconds since 1970"))
            }
        }
        if let text = header("apns-collapse-id") {
            form.content.collapseId = text
            form.paths[slot: .collapseId] = paths.collapseId
        }
        for (name, path) in Self.keptHeaderPaths {
            if let text = header(name) { form.vendorFields[path] = .string(text) }
        }
        if request.path.hasPrefix(Self.devicePathPrefix) {
            let token = String(request.path.dropFirst(Self.devicePathPrefix.count))
            if !token.isEmpty, token != "<device-token>" { form.audience.deviceTokens = [token] }
            form.paths["audience.deviceTokens"] = "$.path"
        }
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let alert = rendering.singleLanguageAlert()
        var apsContent = content
        apsContent.payload.category = rendering.category()
        var body = JSONObject()
        body["aps"] = .object(SendRules.aps(apsContent, alert: alert))
        for (key, value) in rendering.customData(content.payload.data, for: self, reason: { _ in "'aps' is APNs' own key" }) {
            body[key] = value
        }
        rendering.badgeCount(
            increment: "APNs sets the badge to a number; it cannot add to what the device shows",
            fromProperty: "APNs has no recipient profile to read the badge from")
        rendering.loseSDKFeatures(image: false, link: false, buttons: false)
        if let inApp = content.openLinkInApp, content.payload.deepLink == nil || !inApp {
            _ = inApp
        } else if content.openLinkInApp == true {
            rendering.lose(SendField.openLinkInApp, true, "APNs has no in-app web view")
        }
        rendering.loseAudience(tokens: true, userIds: false, topics: false)
        rendering.loseSchedule()
        if let key = form.idempotencyKey {
            rendering.lose(SendField.idempotencyKey, .string(key), "APNs has no idempotency key (apns-id is a UUID naming one notification)")
        }

        var headers: [String: String] = [:]
        let pushType = SendRules.pushType(content)
        if Self.pushTypes.contains(pushType) { headers["apns-push-type"] = pushType } else {
            rendering.lose(SendField.pushType, .string(pushType), "not an APNs push type")
        }
        if let priority = content.priority {
            if [10, 5, 1].contains(priority) { headers["apns-priority"] = String(priority) } else {
                let nearest = priority >= 8 ? 10 : priority >= 3 ? 5 : 1
                headers["apns-priority"] = String(nearest)
                rendering.lose(SendField.priority, .int(priority), "APNs priorities are 10, 5 and 1; sent as \(nearest)")
            }
        } else if pushType == "background" {
            headers["apns-priority"] = "5"
        }
        switch content.expiry {
        case .after(0)?: headers["apns-expiration"] = "0"
        case _: if let epoch = rendering.absoluteExpiry(options) { headers["apns-expiration"] = String(epoch) }
        }
        if let collapse = content.collapseId {
            if collapse.utf8.count > SendRules.collapseIdBytes {
                rendering.lose(SendField.collapseId, .string(collapse), "APNs takes a collapse id of at most 64 bytes")
            } else {
                headers["apns-collapse-id"] = collapse
            }
        }
        headers["apns-topic"] = form.vendorFields[JSONPath.member("apns-topic", of: "$.headers")]?.stringValue
            ?? options.bundleId ?? "<bundle-id>"
        if rendering.isSameVendor, let apnsId = form.vendorFields[JSONPath.member("apns-id", of: "$.headers")]?.stringValue {
            headers["apns-id"] = apnsId
        }
        rendering.placeVendorFields(into: &body)
        let tokens = form.audience.deviceTokens.isEmpty ? ["<device-token>"] : form.audience.deviceTokens
        let requests = tokens.map {
            SendHTTPRequest(path: Self.devicePathPrefix + $0, headers: headers, body: .object(body))
        }
        return SendRenderResult(requests: requests, losses: rendering.losses)
    }

    public func deliver(_ form: SendRequest) -> JSONObject {
        var userInfo = JSONObject()
        userInfo["aps"] = .object(SendRules.aps(form.content, alert: form.content.payload.alert))
        for (key, value) in form.content.payload.data where !reservesDataKey(key) { userInfo[key] = value }
        return userInfo
    }

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        let content = parsed.request.content
        func headerPath(_ name: String) -> String { JSONPath.member(name, of: "$.headers") }
        let type = request.headers["apns-push-type"]
        if let type, !Self.pushTypes.contains(type) {
            problems.append(Diagnostic(.error, code: .sendValueInvalid, path: headerPath("apns-push-type"), message: "'\(type)' is not an APNs push type"))
        }
        if type == nil {
            problems.append(Diagnostic(
                .warning, code: .sendFieldMissing, path: headerPath("apns-push-type"),
                message: "no apns-push-type; it must match the payload (\(SendRules.pushType(content)) here)"))
        }
        if request.headers["apns-topic"] == nil {
            problems.append(Diagnostic(.warning, code: .sendFieldMissing, path: headerPath("apns-topic"), message: "no apns-topic; token authentication requires it"))
        }
        if let priority = content.priority, ![10, 5, 1].contains(priority) {
            problems.append(Diagnostic(.error, code: .priorityInvalid, path: headerPath("apns-priority"), message: "APNs priorities are 10, 5 and 1, found \(priority)"))
        }
        if (type ?? SendRules.pushType(content)) == "background" {
            if content.priority != 5 {
                problems.append(Diagnostic(.error, code: .priorityInvalid, path: headerPath("apns-priority"), message: "a background push must be sent with apns-priority 5"))
            }
        } else if !content.payload.isVisible && !content.payload.contentAvailable {
            problems.append(Diagnostic(.error, code: .alertMissing, path: "$.aps.alert", message: "an alert push without alert text shows nothing"))
        }
        if case .at(let epoch)? = content.expiry, let problem = SendRules.implausibleEpoch(epoch, path: headerPath("apns-expiration")) {
            problems.append(problem)
        }
        if let collapse = content.collapseId, let problem = SendRules.collapseId(collapse, path: headerPath("apns-collapse-id")) {
            problems.append(problem)
        }
        problems += budgetProblems(request, form: parsed.request)
        return problems
    }
}
