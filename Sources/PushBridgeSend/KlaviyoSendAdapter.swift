import PushBridge

/// Klaviyo: no per-recipient push send. A push is a campaign (`POST /api/campaigns`, JSON:API) whose one message
/// has a `mobile_push` definition, sent to list and segment audiences by a send job
/// (`POST /api/campaign-send-jobs`) that names the campaign (docs/SEND.md "Klaviyo"). Fields as
/// klaviyo/openapi:openapi/stable.json@f0a30ba4 names them (`CampaignCreateQuery`,
/// `MobilePushMessageStandardDefinitionCreate`, `MobilePushMessageSilentDefinitionCreate`, `MobilePushOptions`,
/// `CampaignSendJobCreateQuery`). A bundle of a campaign and its send job is parsed whole: the send job gets the
/// campaign's content, audience and schedule.
public struct KlaviyoSendAdapter: SendAdapter {
    public let id = "klaviyo"
    public let name = "Klaviyo"
    public let primaryPath = "/api/campaigns"
    /// The send-job endpoint.
    public static let sendJobPath = "/api/campaign-send-jobs"

    static let placeholderCampaignId = "<klaviyo-campaign-id>"
    static let placeholderListId = "<klaviyo-list-id>"
    static let placeholderName = "<klaviyo-campaign-name>"
    static let placeholderMarker = "<klaviyo-message-key>"
    static let placeholderPropertyValue = "<klaviyo-profile-property-value>"
    /// The most buttons a message has, the longest label and the longest link.
    static let maxButtons = 3, maxLabel = 40, maxURL = 2048
    /// Throttle percentages a throttled send strategy takes.
    static let throttlePercentages: Set<Int> = [1, 2, 5, 10, 11, 13, 14, 17, 20, 25, 33, 50]

    /// Paths in a campaign create.
    enum Path {
        static let data = JSONPath.member("data", of: JSONPath.root)
        static let attributes = JSONPath.member("attributes", of: data)
        static let audiences = JSONPath.member("audiences", of: attributes)
        static let sendStrategy = JSONPath.member("send_strategy", of: attributes)
        static let method = JSONPath.member("method", of: sendStrategy)
        static let messages = JSONPath.member("data", of: JSONPath.member("campaign-messages", of: attributes))
        static func message(_ index: Int) -> String { JSONPath.element(index, of: messages) }
        static func definition(_ index: Int) -> String {
            JSONPath.member("definition", of: JSONPath.member("attributes", of: message(index)))
        }
        static let jobId = JSONPath.member("id", of: data)
    }

    /// The id Klaviyo's backend gives the button at `index` on the device (its API takes none); a placeholder.
    static func buttonId(_ index: Int) -> String { "<klaviyo-button-id-\(index)>" }

    public init() {}

    /// Whether `request` is a send job rather than a campaign create: by `data.type`, else by its path.
    static func isSendJob(_ request: SendHTTPRequest) -> Bool {
        switch request.body["data"]?["type"]?.stringValue {
        case "campaign-send-job"?: return true
        case "campaign"?: return false
        default: return request.path.contains("campaign-send-jobs")
        }
    }

    public func parse(_ request: SendHTTPRequest) -> SendParseResult {
        guard case .object(let body) = request.body else {
            return SendParseResult(request: SendRequest(vendor: id), diagnostics: [Diagnostic(
                .error, code: .sendRequestMalformed, path: JSONPath.root,
                message: "a Klaviyo request is a JSON:API object {\"data\": {\"type\": \"campaign\" | "
                    + "\"campaign-send-job\", …}}")])
        }
        return Self.isSendJob(request) ? parseSendJob(body) : parseCampaign(body)
    }

    public func parseBundle(_ requests: [SendHTTPRequest]) -> [SendParseResult] {
        let campaigns = requests.filter { !Self.isSendJob($0) }.map(parse)
        let jobs = requests.filter(Self.isSendJob)
        guard !jobs.isEmpty else { return campaigns }
        return jobs.enumerated().map { index, request in
            var result = parse(request)
            // A created campaign has no id in its request: the bundle's only campaign, or the one in the same place.
            let match = campaigns.count == 1 ? campaigns[0] : campaigns.count == jobs.count ? campaigns[index] : nil
            guard let campaign = match?.request else { return result }
            result.request.content = campaign.content
            result.request.audience = campaign.audience
            result.request.schedule = campaign.schedule
            result.request.paths.add(campaign.paths, replacing: false)
            for (path, value) in campaign.vendorFields { result.request.vendorFields[path] = value }
            result.request.template?.contentKnown = true
            result.diagnostics += match?.diagnostics ?? []
            return result
        }
    }

    // MARK: Parsing

    private func parseSendJob(_ body: JSONObject) -> SendParseResult {
        var form = SendRequest(vendor: id)
        var reader = SendReader(body, at: JSONPath.root)
        var campaignId = ""
        if let data = reader.object("data") {
            var inner = SendReader(data, at: reader.path("data"))
            _ = inner.string("type")
            if let value = inner.value("id"), value != .null {
                if let text = value.stringValue { campaignId = text } else { inner.wrongType("id", "the campaign id (a string)", value) }
            }
            inner.keepUnread(known: ["attributes", "relationships"])
            reader.diagnostics += inner.diagnostics
            for (path, value) in inner.kept { reader.kept[path] = value }
        }
        reader.keepUnread(known: [])
        form.template = SendTemplate(vendor: id, kind: .campaign, id: campaignId)
        form.paths[SendField.template] = Path.jobId
        form.vendorFields = reader.kept
        return SendParseResult(request: form, diagnostics: reader.diagnostics)
    }

    private func parseCampaign(_ body: JSONObject) -> SendParseResult {
        var form = SendRequest(vendor: id)
        form.template = SendTemplate(vendor: id, kind: .campaign, id: "", contentKnown: true)
        var reader = SendReader(body, at: JSONPath.root)
        var diagnostics: [Diagnostic] = []
        var kept = JSONObject()
        func absorb(_ inner: SendReader) {
            diagnostics += inner.diagnostics
            for (path, value) in inner.kept { kept[path] = value }
        }
        if let data = reader.object("data") {
            var dataReader = SendReader(data, at: Path.data)
            _ = dataReader.string("type")
            if let attributes = dataReader.object("attributes") {
                var attributeReader = SendReader(attributes, at: Path.attributes)
                if let audiences = attributeReader.value("audiences"), audiences != .null {
                    if audiences.objectValue != nil {
                        form.addVendorTargeting(vendor: id, key: "audiences", value: audiences, path: Path.audiences)
                    } else {
                        attributeReader.wrongType("audiences", "an object {included, excluded}", audiences)
                    }
                }
                if let strategy = attributeReader.object("send_strategy") {
                    var strategyReader = SendReader(strategy, at: Path.sendStrategy)
                    form.schedule = Self.schedule(&strategyReader, diagnostics: &diagnostics)
                    if form.schedule != nil { form.paths[SendField.schedule] = Path.sendStrategy }
                    absorb(strategyReader)
                }
                if let messages = attributeReader.object("campaign-messages") {
                    var messagesReader = SendReader(messages, at: JSONPath.member("campaign-messages", of: Path.attributes))
                    if let list = messagesReader.array("data") {
                        // The push message: the first with a definition on the mobile_push channel, else the first.
                        let index = list.firstIndex { $0["attributes"]?["definition"]?["channel"] == "mobile_push" } ?? 0
                        for (other, element) in list.enumerated() where other != index { messagesReader.kept[Path.message(other)] = element }
                        if list.indices.contains(index) {
                            let message = self.message(list[index], at: index, diagnostics: &diagnostics)
                            form.content = message.content
                            form.paths.add(message.paths, replacing: true)
                            for (path, value) in message.kept { kept[path] = value }
                        }
                        if list.count > 1 {
                            diagnostics.append(Diagnostic(
                                .warning, code: .sendValueInvalid, path: Path.messages,
                                message: "a Klaviyo push campaign has one message; the others are kept as sent"))
                        }
                    }
                    messagesReader.keepUnread(known: [])
                    absorb(messagesReader)
                }
                attributeReader.keepUnread(known: ["name", "send_options", "tracking_options"])
                absorb(attributeReader)
            }
            dataReader.keepUnread(known: ["id", "relationships"])
            absorb(dataReader)
        }
        reader.keepUnread(known: [])
        absorb(reader)
        form.vendorFields = kept
        return SendRules.parsed(form, diagnostics: diagnostics)
    }

    /// A send strategy: `static` and `throttled` at `datetime` (`options.is_local`: each recipient's wall clock),
    /// `smart_send_time` on `date`, `immediate` none. The method and the details are kept for Klaviyo.
    static func schedule(_ reader: inout SendReader, diagnostics: inout [Diagnostic]) -> SendSchedule? {
        let method = reader.string("method")
        switch method {
        case "static"?, "throttled"?:
            if method == "throttled" { reader.kept[reader.path("method")] = "throttled" }
            var local = false
            if let options = reader.object("options") {
                var optionsReader = SendReader(options, at: reader.path("options"))
                local = optionsReader.bool("is_local") ?? false
                optionsReader.keepUnread(known: ["send_past_recipients_immediately"])
                reader.diagnostics += optionsReader.diagnostics
                for (path, value) in optionsReader.kept { reader.kept[path] = value }
            }
            let datetime = reader.string("datetime")
            reader.keepUnread(known: ["throttle_percentage"])
            guard let text = datetime else { return nil }
            // Recipient-local: the wall-clock time, whatever offset the text carries.
            let wall = local ? String(text.prefix(19)) : text
            if let time = SendTime.parse(wall) { return SendSchedule(at: time.seconds, recipientLocal: local) }
            diagnostics.append(Diagnostic(
                .warning, code: .sendValueInvalid, path: reader.path("datetime"),
                message: "Klaviyo's datetime is ISO-8601; '\(text)' is not"))
            return SendSchedule(text: text, recipientLocal: local)
        case "smart_send_time"?:
            let date = reader.string("date")
            reader.keepUnread(known: [])
            guard let text = date else { return nil }
            if let time = SendTime.parse(text) { return SendSchedule(at: time.seconds, optimal: true) }
            return SendSchedule(text: text, optimal: true)
        default:
            if let method { reader.kept[reader.path("method")] = .string(method) }
            reader.keepUnread(known: ["datetime", "date", "options"])
            return nil
        }
    }

    /// What one campaign message gives: the content, where it came from, and what is kept.
    struct Message {
        var content = SendContent()
        var paths = SendSourcePaths()
        var kept = JSONObject()
    }

    /// One campaign message `{type, attributes: {definition}, relationships}`.
    private func message(_ value: JSONValue, at index: Int, diagnostics: inout [Diagnostic]) -> Message {
        var result = Message()
        result.content.payload = PushPayload(vendor: id)
        let path = Path.message(index)
        guard case .object(let element) = value else {
            diagnostics.append(.wrongType(path, expected: "a campaign message object", value))
            result.kept[path] = value
            return result
        }
        var reader = SendReader(element, at: path)
        _ = reader.string("type")
        let attributes = Self.readMember("attributes", of: &reader, known: ["label", "render_options"]) {
            let definition = Self.readMember("definition", of: &$0) {
                readDefinition(&$0, into: &result, diagnostics: &diagnostics)
            }
            Self.merge(definition, diagnostics: &diagnostics, kept: &result.kept)
        }
        Self.merge(attributes, diagnostics: &diagnostics, kept: &result.kept)
        // An uploaded image (`relationships.image`) is named by id: its URL is in Klaviyo's backend.
        reader.keepUnread(known: ["relationships", "id"])
        diagnostics += reader.diagnostics
        for (key, value) in reader.kept { result.kept[key] = value }
        return result
    }

    /// The object member `key` of `reader` read by `read` with a reader of its own, its unread members kept
    /// (`known` silently); nil when there is none. ``merge(_:diagnostics:kept:)`` takes in what it noticed.
    static func readMember(
        _ key: String, of reader: inout SendReader, known: Set<String> = [], _ read: (inout SendReader) -> Void
    ) -> SendReader? {
        guard let object = reader.object(key) else { return nil }
        var inner = SendReader(object, at: reader.path(key))
        read(&inner)
        inner.keepUnread(known: known)
        return inner
    }

    /// The diagnostics of `inner` into `diagnostics`, what it kept into `kept`.
    static func merge(_ inner: SendReader?, diagnostics: inout [Diagnostic], kept: inout JSONObject) {
        guard let inner else { return }
        diagnostics += inner.diagnostics
        for (path, value) in inner.kept { kept[path] = value }
    }

    /// A `mobile_push` definition: a standard one's content and options, a silent one's key-value pairs.
    private func readDefinition(_ reader: inout SendReader, into result: inout Message, diagnostics: inout [Diagnostic]) {
        if let channel = reader.string("channel"), channel != "mobile_push" {
            reader.kept[reader.path("channel")] = .string(channel)
            diagnostics.append(Diagnostic(
                .warning, code: .sendValueInvalid, path: reader.path("channel"),
                message: "'\(channel)' is not a push channel (mobile_push); kept as sent"))
        }
        var silent = false
        if let type = reader.string("notification_type") {
            if type == "silent" {
                silent = true
            } else if type != "standard" {
                reader.kept[reader.path("notification_type")] = .string(type)
                diagnostics.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: reader.path("notification_type"),
                    message: "notification_type is standard or silent, found '\(type)'"))
            }
        }
        var payload = PushPayload(vendor: id)
        if silent {
            // A silent push shows nothing: only its key-value pairs reach the app.
            payload.contentAvailable = true
            result.paths[SendField.contentAvailable] = reader.path("notification_type")
            for key in ["content", "options"] where reader.body[key] != nil {
                reader.kept[reader.path(key)] = reader.value(key)
                diagnostics.append(Diagnostic(
                    .warning, code: .sendValueInvalid, path: reader.path(key),
                    message: "a silent Klaviyo push carries only kv_pairs; its \(key) is kept as sent and not delivered"))
            }
        } else {
            let content = Self.readMember("content", of: &reader) {
                readContent(&$0, into: &payload, result: &result, diagnostics: &diagnostics)
            }
            Self.merge(content, diagnostics: &diagnostics, kept: &result.kept)
            let options = Self.readMember("options", of: &reader) {
                readOptions(&$0, into: &payload, result: &result, diagnostics: &diagnostics)
            }
            Self.merge(options, diagnostics: &diagnostics, kept: &result.kept)
        }
        if let pairs = reader.object("kv_pairs") {
            let pairsPath = reader.path("kv_pairs")
            result.paths[SendField.data] = pairsPath
            if pairs.isEmpty { reader.kept[pairsPath] = .object([:]) }
            for (key, value) in pairs.membersInCanonicalOrder {
                if value.stringValue != nil {
                    payload.data[key] = value
                } else {
                    // The device reads `key_value_pairs` as `[String: String]`.
                    reader.kept[JSONPath.member(key, of: pairsPath)] = value
                    diagnostics.append(.wrongType(JSONPath.member(key, of: pairsPath), expected: "a string", value))
                }
            }
        }
        result.content.payload = payload
    }

    private func readContent(
        _ reader: inout SendReader, into payload: inout PushPayload, result: inout Message, diagnostics: inout [Diagnostic]
    ) {
        let title = reader.string("title"), body = reader.string("body")
        if title != nil || body != nil {
            payload.alert = PushAlert(title: title, body: body)
            result.paths[SendField.alert] = reader.path(body != nil ? "body" : "title")
        }
        if let image = reader.string("dynamic_image") {
            payload.imageURL = image
            result.paths[SendField.imageURL] = reader.path("dynamic_image")
        }
        guard let buttons = reader.array("action_buttons") else { return }
        result.paths[SendField.buttons] = reader.path("action_buttons")
        for (index, element) in buttons.enumerated() {
            let path = JSONPath.element(index, of: reader.path("action_buttons"))
            func skip(_ why: String) {
                reader.kept[path] = element
                diagnostics.append(Diagnostic(.warning, code: .sendValueInvalid, path: path, message: "\(why); kept as sent"))
            }
            guard case .object(let object) = element, let label = object["label"]?.stringValue,
                let action = object["action_type"]?.stringValue
            else { skip("a Klaviyo button needs a label and an action_type"); continue }
            var button = PushButton(id: Self.buttonId(index), title: label, foreground: true)
            switch action {
            case "open_app":
                if let url = object["url"] { reader.kept[JSONPath.member("url", of: path)] = url }
            case "deep_link":
                guard let url = object["url"]?.stringValue, DeepLink(url) != nil else {
                    skip("Klaviyo's iOS SDK skips a deep_link button whose url is not a link")
                    continue
                }
                button.deepLink = url
            case "open_url", "dismiss":
                skip("Klaviyo's iOS SDK shows only open_app and deep_link buttons; this \(action) button is not shown on iOS")
                continue
            default:
                skip("'\(action)' is not a Klaviyo button action (open_app, deep_link, open_url, dismiss)")
                continue
            }
            for (key, value) in object where !["label", "action_type", "url", "position"].contains(key) {
                reader.kept[JSONPath.member(key, of: path)] = value
            }
            payload.buttons.append(button)
        }
    }

    private func readOptions(
        _ reader: inout SendReader, into payload: inout PushPayload, result: inout Message, diagnostics: inout [Diagnostic]
    ) {
        if let onOpen = reader.object("on_open") {
            let path = reader.path("on_open")
            let type = onOpen["type"]?.stringValue
            let linkKey = type == "deep_link" ? "ios_deep_link" : type == "open_web_url" ? "web_url" : nil
            for (key, value) in onOpen where key != "type" && key != linkKey {
                reader.kept[JSONPath.member(key, of: path)] = value
            }
            if let linkKey, let link = onOpen[linkKey]?.stringValue {
                if DeepLink(link) != nil {
                    payload.deepLink = link
                    result.paths[SendField.deepLink] = JSONPath.member(linkKey, of: path)
                    // The type a rendering would not choose again is kept (a web link as a deep link).
                    if let type, type != Self.onOpenType(link) { reader.kept[JSONPath.member("type", of: path)] = .string(type) }
                } else {
                    reader.kept[JSONPath.member(linkKey, of: path)] = .string(link)
                    diagnostics.append(Diagnostic(
                        .warning, code: .sendValueInvalid, path: JSONPath.member(linkKey, of: path),
                        message: "'\(link)' is not a link: Klaviyo's SDK opens nothing; kept as sent"))
                }
            } else if let linkKey, let value = onOpen[linkKey] {
                reader.kept[JSONPath.member(linkKey, of: path)] = value
                if value != .null { diagnostics.append(.wrongType(JSONPath.member(linkKey, of: path), expected: "a link (a string)", value)) }
            }
            if let value = onOpen["type"], type != "open_app", type != "deep_link", type != "open_web_url" {
                reader.kept[JSONPath.member("type", of: path)] = value
            } else if payload.deepLink == nil, let type, type != "open_app" {
                reader.kept[JSONPath.member("type", of: path)] = .string(type)
            }
        }
        if let badge = reader.object("badge") {
            let path = reader.path("badge")
            if badge["display"]?.boolValue == true, let options = badge["badge_options"]?.objectValue {
                let config = options["badge_config"]?.stringValue
                let value: SendBadge?
                switch config {
                case "increment_one"?: value = .increment(1)
                case "set_count"?:
                    let count = options["value"]
                    value = (count?.stringValue.flatMap { Int($0) } ?? count?.intValue).map(SendBadge.set)
                case "set_property"?: value = options["set_from_property"]?.stringValue.map(SendBadge.fromProperty)
                default: value = nil
                }
                if let value {
                    result.content.badge = value
                    result.paths[SendField.badge] = path
                } else {
                    reader.kept[path] = .object(badge)
                    diagnostics.append(Diagnostic(
                        .warning, code: .sendValueInvalid, path: JSONPath.member("badge_options", of: path),
                        message: "badge_options is {badge_config: increment_one | set_count with a numeric value | "
                            + "set_property with set_from_property}; kept as sent"))
                }
            } else {
                // `display: false` leaves the badge alone.
                reader.kept[path] = .object(badge)
            }
        }
        if reader.bool("play_sound") == true {
            payload.sound = "default"
            result.paths[SendField.sound] = reader.path("play_sound")
        }
    }

    /// The `on_open` type for `link`: a web link opens as a web URL, anything else as a deep link.
    static func onOpenType(_ link: String) -> String {
        let lower = link.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") ? "open_web_url" : "deep_link"
    }

    // MARK: Rendering

    public func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult {
        var rendering = SendRendering(form, for: self, options: options)
        let own = form.template.flatMap { $0.vendor == id ? $0 : nil }
        if let own, !own.contentKnown {
            // A send job alone: the campaign and its content are in Klaviyo's backend.
            var job = Self.sendJob(own.id.isEmpty ? Self.placeholderCampaignId : own.id)
            rendering.placeVendorFields(into: &job)
            return SendRenderResult(requests: [SendHTTPRequest(path: Self.sendJobPath, body: .object(job))], losses: rendering.losses)
        }
        let definition = self.definition(form, rendering: &rendering)
        let namePath = JSONPath.member("name", of: Path.attributes)
        var attributes: JSONObject = [
            "name": (rendering.isSameVendor ? form.vendorFields[namePath] : nil) ?? .string(Self.placeholderName)
        ]
        var provisionContent: JSONObject = [:]
        if let audiences = form.audience.vendorTargeting.first(where: { $0.vendor == id && $0.key == "audiences" }) {
            attributes["audiences"] = audiences.value
        } else {
            // No per-recipient send: the campaign goes to a list that must hold the recipients.
            attributes["audiences"] = ["included": [.string(Self.placeholderListId)]]
            var list: JSONObject = ["placeholder": .string(Self.placeholderListId)]
            if !form.audience.userIds.isEmpty {
                list["profiles"] = .array(form.audience.userIds.map { ["external_id": .string($0)] })
                rendering.lose(
                    SendField.audience, .array(form.audience.userIds.map { .string($0) }),
                    "Klaviyo has no per-recipient push send: the campaign goes to a list that must hold these users "
                        + "(a provisioning step)",
                    path: form.paths["audience.userIds"])
            }
            provisionContent["list"] = .object(list)
        }
        rendering.loseAudience(tokens: false, userIds: true, topics: false)
        if let strategy = sendStrategy(form, rendering: &rendering) { attributes["send_strategy"] = .object(strategy) }
        attributes["campaign-messages"] = [
            "data": [["type": "campaign-message", "attributes": ["definition": .object(definition)]]]
        ]
        if let key = form.idempotencyKey {
            rendering.lose(SendField.idempotencyKey, .string(key), "a Klaviyo campaign has no idempotency key")
        }
        var create: JSONObject = ["data": ["type": "campaign", "attributes": .object(attributes)]]
        rendering.placeVendorFields(into: &create)
        Self.numberButtons(in: &create)
        let createRequest = SendHTTPRequest(path: primaryPath, body: .object(create))
        if let own, own.id.isEmpty {
            // A Klaviyo campaign alone is written back as the one request.
            return SendRenderResult(requests: [createRequest], losses: rendering.losses)
        }
        provisionContent["name"] = create["data"]?["attributes"]?["name"] ?? .string(Self.placeholderName)
        provisionContent["audiences"] = create["data"]?["attributes"]?["audiences"] ?? .null
        provisionContent["definition"] = .object(definition)
        let provision = SendProvision(
            kind: .campaign, vendor: id, placeholder: Self.placeholderCampaignId, content: provisionContent,
            request: createRequest)
        let job = Self.sendJob(own.map(\.id) ?? Self.placeholderCampaignId)
        return SendRenderResult(
            requests: [SendHTTPRequest(path: Self.sendJobPath, body: .object(job))], losses: rendering.losses,
            provision: [provision])
    }

    /// `{"data": {"type": "campaign-send-job", "id": <campaign>}}`.
    static func sendJob(_ campaign: String) -> JSONObject {
        ["data": ["type": "campaign-send-job", "id": .string(campaign)]]
    }

    /// Sets each button's `position` to its index (0-indexed, no gaps), after the kept buttons are back in place.
    static func numberButtons(in create: inout JSONObject) {
        guard case .object(var data)? = create["data"], case .object(var attributes)? = data["attributes"],
            case .object(var messages)? = attributes["campaign-messages"], case .array(var list)? = messages["data"]
        else { return }
        // Most campaigns have no button: read first, so that only one with buttons is rebuilt level by level.
        let hasButtons = list.contains { message in
            guard case .array(let buttons)? = message["attributes"]?["definition"]?["content"]?["action_buttons"]
            else { return false }
            return !buttons.isEmpty
        }
        guard hasButtons else { return }
        for index in list.indices {
            guard case .object(var message) = list[index], case .object(var messageAttributes)? = message["attributes"],
                case .object(var definition)? = messageAttributes["definition"], case .object(var content)? = definition["content"],
                case .array(var buttons)? = content["action_buttons"]
            else { continue }
            for position in buttons.indices {
                guard case .object(var button) = buttons[position] else { continue }
                button["position"] = .int(position)
                buttons[position] = .object(button)
            }
            content["action_buttons"] = .array(buttons)
            definition["content"] = .object(content)
            messageAttributes["definition"] = .object(definition)
            message["attributes"] = .object(messageAttributes)
            list[index] = .object(message)
        }
        messages["data"] = .array(list)
        attributes["campaign-messages"] = .object(messages)
        data["attributes"] = .object(attributes)
        create["data"] = .object(data)
    }

    /// The campaign's `send_strategy`, or nil to send when the job runs.
    private func sendStrategy(_ form: SendRequest, rendering: inout SendRendering) -> JSONObject? {
        guard let schedule = form.schedule else { return nil }
        if schedule.optimal, let at = schedule.at {
            return ["method": "smart_send_time", "date": .string(String(SendTime.iso8601(at).prefix(10)))]
        }
        let method = rendering.isSameVendor ? form.vendorFields[Path.method]?.stringValue ?? "static" : "static"
        if let at = schedule.at {
            return [
                "method": .string(method), "datetime": .string(SendTime.iso8601(at, zone: !schedule.recipientLocal)),
                "options": ["is_local": .bool(schedule.recipientLocal)],
            ]
        }
        if let text = schedule.text, rendering.isSameVendor {
            return ["method": .string(method), "datetime": .string(text), "options": ["is_local": .bool(schedule.recipientLocal)]]
        }
        rendering.lose(SendField.schedule, SendJSON.schedule(schedule), "Klaviyo's send strategy takes a time it can read")
        return nil
    }

    /// The message's `mobile_push` definition, with a loss for everything it cannot carry.
    private func definition(_ form: SendRequest, rendering: inout SendRendering) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var definition: JSONObject = ["channel": "mobile_push"]
        let alert = rendering.singleLanguageAlert()
        let silent = payload.contentAvailable && (alert?.title == nil && alert?.body == nil)
        definition["notification_type"] = .string(silent ? "silent" : "standard")
        if let subtitle = alert?.subtitle {
            rendering.lose(SendField.alert, .string(subtitle), "a Klaviyo push has no subtitle")
        }
        // Custom data: `kv_pairs`, strings only (the device reads `[String: String]`).
        var pairs = JSONObject()
        for (key, value) in payload.data.membersInCanonicalOrder {
            if value.stringValue != nil {
                pairs[key] = value
            } else {
                rendering.lose(SendField.data, value, "Klaviyo's key-value pairs are strings",
                               path: JSONPath.member(key, of: form.sourcePath(SendField.data)))
            }
        }
        if !pairs.isEmpty { definition["kv_pairs"] = .object(pairs) }
        if silent {
            for (field, value, what) in [
                (SendField.sound, payload.sound.map { JSONValue.string($0) }, "sound"),
                (SendField.badge, content.badge.map(SendJSON.badge), "badge"),
                (SendField.imageURL, payload.imageURL.map { JSONValue.string($0) }, "image"),
                (SendField.deepLink, SendCommutation.tapDestination(payload).map { JSONValue.string($0) }, "link"),
                (SendField.buttons, payload.buttons.isEmpty ? nil : .array(payload.buttons.map(SendJSON.button)), "buttons"),
            ] {
                guard let value else { continue }
                rendering.lose(field, value, "a silent Klaviyo push carries only key-value pairs, no \(what)")
            }
        } else {
            if payload.contentAvailable {
                rendering.lose(SendField.contentAvailable, true, "a standard Klaviyo push does not wake the app; only a silent one, which shows nothing")
            }
            var body = JSONObject()
            if let title = alert?.title { body["title"] = .string(title) }
            if let text = alert?.body { body["body"] = .string(text) }
            if let image = payload.imageURL { body["dynamic_image"] = .string(image) }
            let buttons = self.buttons(form, rendering: &rendering)
            if !buttons.isEmpty { body["action_buttons"] = .array(buttons) }
            definition["content"] = .object(body)
            definition["options"] = .object(self.options(form, rendering: &rendering))
        }
        rendering.lose(SendField.category, ifAny: payload.category.map(JSONValue.string), "a Klaviyo push names no category; Klaviyo's service extension registers its own for the buttons")
        rendering.lose(SendField.threadId, ifAny: payload.threadId.map(JSONValue.string), "a Klaviyo push has no thread id")
        rendering.lose(SendField.apsExtra, ifAny: payload.apsExtra.isEmpty ? nil : .object(payload.apsExtra), "a Klaviyo push has no field for these aps keys")
        if let type = content.pushType, !["alert", "background"].contains(type) {
            rendering.lose(SendField.pushType, .string(type), "a Klaviyo push is an alert or a silent push")
        }
        for (field, value) in [
            (SendField.collapseId, content.collapseId.map { JSONValue.string($0) }),
            (SendField.expiry, content.expiry.map(SendJSON.expiry)),
            (SendField.priority, content.priority.map { JSONValue.int($0) }),
            (SendField.interruptionLevel, content.interruptionLevel.map { JSONValue.string($0.rawValue) }),
            (SendField.relevanceScore, content.relevanceScore.map { JSONValue.number($0) }),
        ] {
            guard let value else { continue }
            rendering.lose(field, value, "a Klaviyo push message has no field for it")
        }
        return definition
    }

    /// `content.action_buttons`: at most 3, each `{label, action_type, url}` (positions are set after).
    private func buttons(_ form: SendRequest, rendering: inout SendRendering) -> [JSONValue] {
        var buttons = form.content.payload.buttons
        // A Klaviyo label may be empty; another vendor's untitled button takes its title from a category.
        let untitled = rendering.isSameVendor ? [] : buttons.filter { $0.title.isEmpty }
        if !untitled.isEmpty {
            rendering.lose(
                SendField.buttons, .array(untitled.map(SendJSON.button)),
                "a Klaviyo button shows the label it is sent with; these take theirs from an app category")
            buttons.removeAll { $0.title.isEmpty }
        }
        if buttons.count > Self.maxButtons {
            rendering.lose(SendField.buttons, .array(buttons.dropFirst(Self.maxButtons).map(SendJSON.button)), "a Klaviyo push has at most 3 buttons")
            buttons = Array(buttons.prefix(Self.maxButtons))
        }
        var elements: [JSONValue] = []
        for (index, button) in buttons.enumerated() {
            if !rendering.isSameVendor, button.id != Self.buttonId(index) {
                rendering.lose(
                    SendField.buttons, SendJSON.button(button),
                    "Klaviyo's API takes no button id: its backend gives the button its own, so the app sees another "
                        + "identifier than '\(button.id)'")
            }
            if !button.foreground || button.destructive || button.input {
                rendering.lose(
                    SendField.buttons, SendJSON.button(button),
                    "a Klaviyo button on iOS opens the app (open_app or deep_link); it cannot stay in the background, "
                        + "be destructive or take text")
            }
            var element: JSONObject = ["label": .string(button.title)]
            if let link = button.deepLink, DeepLink(link) != nil {
                element["action_type"] = "deep_link"
                element["url"] = .string(link)
            } else {
                if let link = button.deepLink {
                    rendering.lose(SendField.buttons, .string(link), "Klaviyo's iOS SDK skips a deep_link button whose url is not a link; it opens the app instead")
                }
                element["action_type"] = "open_app"
            }
            elements.append(.object(element))
        }
        return elements
    }

    /// `options`: `on_open`, `badge`, `play_sound`.
    private func options(_ form: SendRequest, rendering: inout SendRendering) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var options = JSONObject()
        // The type the source named when a rendering would not choose it again (kept for Klaviyo).
        let onOpenPath = JSONPath.member("on_open", of: JSONPath.member("options", of: Path.definition(0)))
        let keptType = rendering.isSameVendor ? form.vendorFields[JSONPath.member("type", of: onOpenPath)] : nil
        if let link = SendCommutation.tapDestination(payload) {
            if DeepLink(link) != nil {
                let kept = keptType?.stringValue
                let type = kept == "deep_link" || kept == "open_web_url" ? kept! : Self.onOpenType(link)
                options["on_open"] = type == "deep_link"
                    ? ["type": "deep_link", "ios_deep_link": .string(link)] : ["type": "open_web_url", "web_url": .string(link)]
            } else {
                rendering.lose(SendField.deepLink, .string(link), "Klaviyo's SDK opens a url only when it is a link")
                options["on_open"] = ["type": "open_app"]
            }
            if content.openLinkInApp == true {
                rendering.lose(SendField.openLinkInApp, true, "Klaviyo opens links through the app; it has no in-app web view")
            }
        } else {
            options["on_open"] = ["type": keptType ?? "open_app"]
        }
        switch content.badge {
        case .set(let value)?:
            options["badge"] = ["display": true, "badge_options": ["badge_config": "set_count", "value": .string(String(value))]]
        case .increment(1)?:
            options["badge"] = ["display": true, "badge_options": ["badge_config": "increment_one"]]
        case .increment(let value)?:
            rendering.lose(SendField.badge, .int(value), "Klaviyo's badge adds one at most (increment_one)")
        case .fromProperty(let name)?:
            options["badge"] = ["display": true, "badge_options": ["badge_config": "set_property", "set_from_property": .string(name)]]
        case nil: break
        }
        options["play_sound"] = .bool(payload.sound != nil)
        if let sound = payload.sound, sound != "default" {
            rendering.lose(SendField.sound, .string(sound), "Klaviyo plays the default sound or none (play_sound); it names no sound file")
        }
        return options
    }

    // MARK: Delivery

    public func deliver(_ form: SendRequest) -> JSONObject {
        var content: SendContent { form.content }  // read in place: a copy would retain each of its fields
        let payload = content.payload
        var userInfo = JSONObject()
        var delivered = content
        delivered.payload.buttons = []
        delivered.payload.deepLink = nil
        delivered.payload.imageURL = nil
        delivered.payload.data = [:]
        // Klaviyo's service extension attaches the image and registers the buttons.
        userInfo["aps"] = .object(SendRules.deliveredAPS(delivered, mutable: payload.needsServiceExtension))
        var body: JSONObject = ["_k": .string(Self.placeholderMarker)]
        if !payload.buttons.isEmpty {
            body["action_buttons"] = .array(payload.buttons.prefix(Self.maxButtons).map { button in
                var element: JSONObject = ["id": .string(button.id), "label": .string(button.title)]
                if let link = button.deepLink {
                    element["action"] = "deep_link"
                    element["url"] = .string(link)
                } else {
                    element["action"] = "open_app"
                }
                return .object(element)
            })
        }
        userInfo["body"] = .object(body)
        if let link = SendCommutation.tapDestination(payload) { userInfo["url"] = .string(link) }
        if let image = payload.imageURL {
            userInfo["rich-media"] = .string(image)
            userInfo["rich-media-type"] = .string(ServiceExtensionHandler.imageFileExtension(image))
        }
        var pairs = JSONObject()
        for (key, value) in payload.data where value.stringValue != nil { pairs[key] = value }
        if !pairs.isEmpty { userInfo["key_value_pairs"] = .object(pairs) }
        // The badge as the service extension applies it; a count is in `aps.badge` too.
        switch content.badge {
        case .set(let value)?:
            userInfo["badge_config"] = "set_count"
            userInfo["badge_value"] = .int(value)
        case .increment?:
            userInfo["badge_config"] = "increment_one"
        case .fromProperty?:
            userInfo["badge_config"] = "set_property"
            userInfo["badge_value"] = .string(Self.placeholderPropertyValue)
        case nil: break
        }
        return userInfo
    }

    // MARK: Validation

    public func validate(_ request: SendHTTPRequest) -> [Diagnostic] {
        let parsed = parse(request)
        var problems = parsed.diagnostics.filter { $0.severity != .info }
        guard case .object = request.body else { return problems }
        if Self.isSendJob(request) {
            if (request.body["data"]?["id"]?.stringValue ?? "").isEmpty {
                problems.append(Diagnostic(
                    .error, code: .sendFieldMissing, path: Path.jobId, message: "a Klaviyo send job names its campaign (data.id)"))
            }
            return problems
        }
        let attributes = request.body["data"]?["attributes"]
        if request.body["data"]?["type"]?.stringValue != "campaign" {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: JSONPath.member("type", of: Path.data),
                message: "a Klaviyo campaign create has data.type \"campaign\""))
        }
        if (attributes?["audiences"]?["included"]?.arrayValue ?? []).isEmpty {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: JSONPath.member("included", of: Path.audiences),
                message: "a Klaviyo campaign needs audiences.included: the lists or segments it is sent to"))
        }
        if let strategy = attributes?["send_strategy"]?.objectValue {
            problems += Self.strategyProblems(strategy)
        }
        let messages = attributes?["campaign-messages"]?["data"]?.arrayValue ?? []
        guard !messages.isEmpty else {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: Path.messages, message: "a Klaviyo campaign needs its message (campaign-messages.data)"))
            return problems
        }
        for (index, message) in messages.enumerated() {
            guard let definition = message["attributes"]?["definition"]?.objectValue else {
                problems.append(Diagnostic(
                    .error, code: .sendFieldMissing, path: JSONPath.member("attributes", of: Path.message(index)),
                    message: "a campaign message needs its definition"))
                continue
            }
            problems += Self.definitionProblems(definition, at: Path.definition(index))
        }
        return problems
    }

    static func strategyProblems(_ strategy: JSONObject) -> [Diagnostic] {
        let method = strategy["method"]?.stringValue
        var problems: [Diagnostic] = []
        switch method {
        case "static"?, "throttled"?:
            if strategy["datetime"]?.stringValue == nil {
                problems.append(Diagnostic(
                    .error, code: .sendFieldMissing, path: JSONPath.member("datetime", of: Path.sendStrategy),
                    message: "a \(method ?? "") send strategy needs its datetime"))
            }
            if method == "throttled", !throttlePercentages.contains(strategy["throttle_percentage"]?.intValue ?? -1) {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: JSONPath.member("throttle_percentage", of: Path.sendStrategy),
                    message: "throttle_percentage is one of 1, 2, 5, 10, 11, 13, 14, 17, 20, 25, 33, 50"))
            }
        case "smart_send_time"?:
            if strategy["date"]?.stringValue == nil {
                problems.append(Diagnostic(
                    .error, code: .sendFieldMissing, path: JSONPath.member("date", of: Path.sendStrategy),
                    message: "a smart_send_time send strategy needs its date"))
            }
        case "immediate"?: break
        default:
            problems.append(Diagnostic(
                .error, code: .sendValueInvalid, path: Path.method,
                message: "method is static, throttled, immediate or smart_send_time"))
        }
        return problems
    }

    static func definitionProblems(_ definition: JSONObject, at path: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        func member(_ key: String, of parent: String = path) -> String { JSONPath.member(key, of: parent) }
        if definition["notification_type"]?.stringValue == "silent" {
            for key in ["content", "options"] where definition[key] != nil {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: member(key),
                    message: "a silent Klaviyo push definition carries only kv_pairs, not \(key)"))
            }
            return problems
        }
        let content = definition["content"]?.objectValue ?? [:]
        if content["body"]?.stringValue == nil {
            problems.append(Diagnostic(
                .error, code: .sendFieldMissing, path: member("body", of: member("content")),
                message: "a standard Klaviyo push needs a body (content.body)"))
        }
        if let buttons = content["action_buttons"]?.arrayValue {
            let buttonsPath = member("action_buttons", of: member("content"))
            if buttons.count > maxButtons {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: buttonsPath, message: "a Klaviyo push has at most 3 buttons, found \(buttons.count)"))
            }
            let positions = buttons.compactMap { $0["position"]?.intValue }
            if !positions.isEmpty, positions.sorted() != Array(0..<buttons.count) {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: buttonsPath,
                    message: "button positions are 0-indexed with no gaps, found \(positions.map(String.init).joined(separator: ", "))"))
            }
            for (index, button) in buttons.enumerated() {
                let buttonPath = JSONPath.element(index, of: buttonsPath)
                if let label = button["label"]?.stringValue, label.count > maxLabel {
                    problems.append(Diagnostic(
                        .error, code: .sendValueInvalid, path: member("label", of: buttonPath),
                        message: "a button label is at most 40 characters, found \(label.count)"))
                }
                let action = button["action_type"]?.stringValue
                let url = button["url"]?.stringValue
                if action == "deep_link" || action == "open_url", url == nil {
                    problems.append(Diagnostic(
                        .error, code: .sendFieldMissing, path: member("url", of: buttonPath),
                        message: "a \(action ?? "") button needs its url"))
                }
                if let url, url.count > maxURL {
                    problems.append(Diagnostic(
                        .error, code: .sendValueInvalid, path: member("url", of: buttonPath),
                        message: "a button url is at most 2048 characters, found \(url.count)"))
                }
            }
        }
        let onOpenPath = member("on_open", of: member("options"))
        if let onOpen = definition["options"]?["on_open"]?.objectValue {
            let type = onOpen["type"]?.stringValue
            let needed = type == "deep_link" ? "ios_deep_link" : type == "open_web_url" ? "web_url" : nil
            if let needed, (onOpen[needed]?.stringValue ?? "").isEmpty {
                problems.append(Diagnostic(
                    .error, code: .sendFieldMissing, path: member(needed, of: onOpenPath),
                    message: "on_open of type \(type ?? "") needs \(needed)"))
            }
            if let needed, let link = onOpen[needed]?.stringValue, link.count > maxURL {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: member(needed, of: onOpenPath),
                    message: "a link is at most 2048 characters, found \(link.count)"))
            }
            if type == nil || !["open_app", "deep_link", "open_web_url"].contains(type!) {
                problems.append(Diagnostic(
                    .error, code: .sendValueInvalid, path: member("type", of: onOpenPath),
                    message: "on_open type is open_app, deep_link or open_web_url"))
            }
        }
        return problems
    }
}
