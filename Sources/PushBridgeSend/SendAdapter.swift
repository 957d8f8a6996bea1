import PushBridge

/// One HTTP request to a vendor's send API: `{"method", "path", "headers", "body"}`.
public struct SendHTTPRequest: Sendable, Hashable {
    /// `POST`.
    public var method: String
    /// The path (`/notifications`, `/3/device/<token>`).
    public var path: String
    /// The headers that matter to the send (`apns-priority`, …); credentials are never written.
    public var headers: [String: String]
    /// The JSON body.
    public var body: JSONValue

    /// Creates a request.
    public init(method: String = "POST", path: String, headers: [String: String] = [:], body: JSONValue) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }

    /// The request as `{"method", "path", "headers", "body"}`.
    public var json: JSONValue {
        var headerObject = JSONObject(minimumCapacity: headers.count)
        forEachSortedHeader { headerObject.appendNew($0, .string($1)) }
        var object = JSONObject(minimumCapacity: 4)
        object.appendNew("method", .string(method))
        object.appendNew("path", .string(path))
        object.appendNew("headers", .object(headerObject))
        object.appendNew("body", body)
        return .object(object)
    }

    /// Calls `body` with each header's name and value, names in canonical order.
    private func forEachSortedHeader(_ body: (String, String) -> Void) {
        guard !headers.isEmpty else { return }
        // A request has a few headers: finding each sorted name's value in a list costs less than hashing it.
        let pairs = Array(headers)
        for key in JSONWriter.sortedCanonically(pairs.map(\.key)) {
            let value = pairs.count > 8 ? headers[key] : pairs.first { $0.key == key }?.value
            body(key, value ?? "")
        }
    }

    /// Appends the canonical text of ``json`` to `output` without building it (a translation writes one per
    /// send): its members in canonical order, `body`, `headers`, `method`, `path`. Returns the body's byte count.
    @discardableResult
    public func writeJSON(into output: inout [UInt8]) -> Int {
        output.append(contentsOf: #"{"body":"#.utf8)
        let start = output.count
        JSONWriter.write(body, into: &output)
        let bodyBytes = output.count - start
        output.append(contentsOf: #","headers":{"#.utf8)
        var first = true
        forEachSortedHeader { key, value in
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            JSONWriter.writeString(key, into: &output)
            output.append(UInt8(ascii: ":"))
            JSONWriter.writeString(value, into: &output)
        }
        output.append(contentsOf: #"},"method":"#.utf8)
        JSONWriter.writeString(method, into: &output)
        output.append(contentsOf: #","path":"#.utf8)
        JSONWriter.writeString(path, into: &output)
        output.append(UInt8(ascii: "}"))
        return bodyBytes
    }

    /// The requests in `value`: a bundle `{"requests": […]}` (with `"provision": […]` as `send translate` writes
    /// it: the provisioning calls come first), an envelope `{"method", "path", "headers", "body"}` or a bare body
    /// for `adapter`'s primary endpoint; nil when a bundle or an envelope is malformed.
    public static func requests(in value: JSONValue, for adapter: any SendAdapter) -> [SendHTTPRequest]? {
        if case .object(let object) = value, let list = object["requests"]?.arrayValue,
            object.keys.allSatisfy({ $0 == "requests" || $0 == "provision" })
        {
            var requests: [SendHTTPRequest] = []
            for step in object["provision"]?.arrayValue ?? [] {
                guard case .object(let members) = step else { return nil }
                guard let call = members["request"] else { continue }
                guard let one = envelope(call, for: adapter) else { return nil }
                requests.append(one)
            }
            for element in list {
                guard let one = envelope(element, for: adapter) else { return nil }
                requests.append(one)
            }
            return requests
        }
        if let one = envelope(value, for: adapter) { return [one] }
        return [SendHTTPRequest(method: "POST", path: adapter.primaryPath, body: value)]
    }

    /// `value` read as an envelope, or nil when it is not one (it has no `body`, or other members).
    static func envelope(_ value: JSONValue, for adapter: any SendAdapter) -> SendHTTPRequest? {
        guard case .object(let object) = value, let body = object["body"],
            object.keys.allSatisfy({ ["method", "path", "headers", "body"].contains($0) })
        else { return nil }
        var headers: [String: String] = [:]
        for (key, header) in object["headers"]?.objectValue ?? [:] {
            // Header names are case-insensitive; values are kept as text.
            headers[key.lowercased()] = header.stringValue ?? JSONWriter.string(header)
        }
        return SendHTTPRequest(
            method: object["method"]?.stringValue ?? "POST", path: object["path"]?.stringValue ?? adapter.primaryPath,
            headers: headers, body: body)
    }
}

/// What parsing a send request gives: the form and what the parser noticed.
public struct SendParseResult: Sendable, Hashable {
    /// The form.
    public var request: SendRequest
    /// What was noticed, each naming its path in the source request.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(request: SendRequest, diagnostics: [Diagnostic]) {
        self.request = request
        self.diagnostics = diagnostics
    }
}

/// A bundle of a template vendor's requests: sends and the templates (or campaign details) that hold their content.
enum SendBundle {
    /// Each of `sends` parsed, with the content of its template among `templates`: the one whose id
    /// (`templateId`) is the send's template id, else the bundle's only template. A send whose template is not in
    /// the bundle keeps what it carries itself.
    static func resolve(
        sends: [SendHTTPRequest], templates: [SendHTTPRequest], parse: (SendHTTPRequest) -> SendParseResult,
        templateId: (SendHTTPRequest, SendParseResult) -> String?
    ) -> [SendParseResult] {
        let parsedTemplates = templates.map { (request: $0, result: parse($0)) }
        return sends.map { request in
            var result = parse(request)
            guard let id = result.request.template?.id, !id.isEmpty else { return result }
            let match = parsedTemplates.first { templateId($0.request, $0.result) == id }
                ?? (parsedTemplates.count == 1 ? parsedTemplates[0] : nil)
            guard let template = match?.result else { return result }
            result.request.content = template.request.content
            result.request.paths.add(template.request.paths, replacing: false)
            result.request.template?.contentKnown = true
            result.diagnostics += template.diagnostics
            return result
        }
    }
}

extension SendParseResult {
    /// The result for a request whose body is not what `vendor`'s endpoint takes: an empty form and one
    /// `send-request-malformed` error saying what was expected and what came.
    static func malformed(_ vendor: String, _ body: JSONValue, expected: String, path: String = JSONPath.root) -> SendParseResult {
        SendParseResult(request: SendRequest(vendor: vendor), diagnostics: [Diagnostic(
            .error, code: .sendRequestMalformed, path: path,
            message: "\(expected), found \(body.typeNameWithArticle)")])
    }
}

/// A form field a rendering could not carry: the core `Loss` (its `path` is the path in the source request)
/// and the form field it is (``SendField``).
public struct SendLoss: Sendable, Hashable, CustomStringConvertible {
    /// The form field (``SendField``) that did not reach the target.
    public var field: String
    /// Where it was in the source, its value and why it is lost.
    public var loss: Loss

    /// Creates a loss of `field`, reported at `path`.
    public init(field: String, path: String, value: JSONValue, reason: String) {
        self.field = field
        self.loss = Loss(path: path, value: value, reason: reason)
    }

    public var description: String { "\(field): \(loss)" }
}

/// Something to create in the target vendor's backend before its requests can be sent: a template, a campaign,
/// a transactional message or an app category, with the content to give it (docs/SEND.md "Templates and
/// provisioning").
public struct SendProvision: Sendable, Hashable {
    /// What kind of thing is created.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A message template (Iterable push template).
        case template
        /// A campaign (Braze API-triggered campaign, Klaviyo campaign).
        case campaign
        /// A Customer.io transactional message.
        case transactionalMessage = "transactional_message"
        /// A notification category the app registers.
        case category

        /// How a sentence names it (`transactional message`).
        public var described: String {
            switch self {
            case .template: return "template"
            case .campaign: return "campaign"
            case .transactionalMessage: return "transactional message"
            case .category: return "category"
            }
        }
    }

    /// What kind of thing is created.
    public var kind: Kind
    /// The vendor whose backend (or app, for a category) it is created in.
    public var vendor: String
    /// The placeholder the rendered requests name it by (`<customerio-transactional-message-id>`).
    public var placeholder: String
    /// Its content, in the vendor's own field names.
    public var content: JSONObject
    /// The API call that creates it (Iterable's `POST /api/templates/push/upsert`), or nil when it is created in
    /// the vendor's dashboard. Sent before the requests, it makes them a bundle the vendor parses whole.
    public var request: SendHTTPRequest?

    /// Creates a provisioning step.
    public init(kind: Kind, vendor: String, placeholder: String, content: JSONObject, request: SendHTTPRequest? = nil) {
        self.kind = kind
        self.vendor = vendor
        self.placeholder = placeholder
        self.content = content
        self.request = request
    }

    /// `{"kind", "vendor", "placeholder", "content"}`, with `"request"` when an API call creates it.
    public var json: JSONValue {
        var object: JSONObject = [
            "kind": .string(kind.rawValue), "vendor": .string(vendor), "placeholder": .string(placeholder),
            "content": .object(content),
        ]
        if let request { object["request"] = request.json }
        return .object(object)
    }
}

/// What rendering a form for a vendor gives.
public struct SendRenderResult: Sendable, Hashable {
    /// The requests, in the order to send them.
    public var requests: [SendHTTPRequest]
    /// What they cannot carry.
    public var losses: [SendLoss]
    /// What must exist in the target's backend before the requests are sent, in order.
    public var provision: [SendProvision]

    /// Creates a result.
    public init(requests: [SendHTTPRequest], losses: [SendLoss], provision: [SendProvision] = []) {
        self.requests = requests
        self.losses = losses
        self.provision = provision
    }

    /// `{"requests": […]}`, with `"provision": […]` when something must be created first.
    public var json: JSONValue {
        var object = JSONObject(minimumCapacity: 2)
        object.appendNew("requests", .array(requests.map(\.json)))
        if !provision.isEmpty { object["provision"] = .array(provision.map(\.json)) }
        return .object(object)
    }

    /// Appends the canonical text of ``json`` to `output`, the requests written without building their JSON.
    /// Returns the byte count of the last request's body (nil without requests).
    @discardableResult
    public func writeJSON(into output: inout [UInt8]) -> Int? {
        var lastBody: Int?
        output.append(UInt8(ascii: "{"))
        if !provision.isEmpty {
            output.append(contentsOf: #""provision":"#.utf8)
            JSONWriter.write(.array(provision.map(\.json)), into: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""requests":["#.utf8)
        for (index, request) in requests.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            lastBody = request.writeJSON(into: &output)
        }
        output.append(contentsOf: "]}".utf8)
        return lastBody
    }

    /// Whether form field `field` was lost.
    public func loses(_ field: String) -> Bool { losses.contains { $0.field == field } }

    /// The requests as one bundle for the target to parse: the provisioning calls, then the sends.
    public var bundle: [SendHTTPRequest] { provision.isEmpty ? requests : provision.compactMap(\.request) + requests }
}

/// What a rendering needs that a form does not say: account settings the target request names, and the time
/// a relative expiry is counted from.
public struct SendRenderOptions: Sendable, Hashable {
    /// The moment of sending, in seconds since 1970 UTC. Without it a relative expiry cannot become an absolute
    /// one (nor the reverse) and is reported as a loss, never written as a date in 1970.
    public var now: Int?
    /// The OneSignal app id (`app_id`); a placeholder when nil.
    public var oneSignalAppId: String?
    /// The app's bundle id (`apns-topic`); a placeholder when nil.
    public var bundleId: String?
    /// The Firebase project id in the FCM path; a placeholder when nil.
    public var firebaseProject: String?
    /// Whether the result lists what the rendering cannot carry (``SendRenderResult/losses``); false spares
    /// building the list when nobody reads it (`bridge-cli send translate` without `--report`).
    public var collectsLosses: Bool

    /// Creates options.
    public init(
        now: Int? = nil, oneSignalAppId: String? = nil, bundleId: String? = nil, firebaseProject: String? = nil,
        collectsLosses: Bool = true
    ) {
        self.now = now
        self.oneSignalAppId = oneSignalAppId
        self.bundleId = bundleId
        self.firebaseProject = firebaseProject
        self.collectsLosses = collectsLosses
    }
}

/// One vendor's send API: read a request into the send form, write the form as that vendor's requests, tell
/// what its backend delivers to an iOS device, and check a request against the vendor's documented rules.
///
/// Every method is pure and never crashes: a malformed request gives diagnostics and a best-effort form.
public protocol SendAdapter: Sendable {
    /// The vendor id, the same as its device adapter's (`onesignal`, `braze`, `airship`, `fcm`, `apns`, `customerio`, `klaviyo`).
    var id: String { get }
    /// The vendor's name.
    var name: String { get }
    /// The path of the vendor's primary send endpoint, which a bare body is sent to.
    var primaryPath: String { get }
    /// Request → form, with what was noticed (each with its path in the request).
    func parse(_ request: SendHTTPRequest) -> SendParseResult
    /// A bundle's requests → one form per send, each with the content the bundle's other requests give it (an
    /// Iterable push template for the sends of its campaign). The default parses each request alone.
    func parseBundle(_ requests: [SendHTTPRequest]) -> [SendParseResult]
    /// Form → this vendor's requests, with every form field they cannot carry as a loss at its source path.
    func render(_ form: SendRequest, options: SendRenderOptions) -> SendRenderResult
    /// The userInfo this vendor's backend sends to one iOS device for `form`, with the ids the backend assigns
    /// written as placeholders (`<onesignal-notification-id>`) where its device adapter reads them.
    func deliver(_ form: SendRequest) -> JSONObject
    /// The request's problems under the vendor's documented rules (errors) and what works but surprises
    /// (warnings).
    func validate(_ request: SendHTTPRequest) -> [Diagnostic]
    /// The vendor's documented size budgets (``SendBudget``); APNs' own limit is checked for every vendor and is
    /// not listed. None by default.
    var budgets: [SendBudget] { get }
    /// The path in a request of what becomes the delivered payload, named when that payload is over a budget
    /// (`$.messages.apple_push`); the body's root by default.
    var payloadPath: String { get }
    /// Whether custom data under `key` would not reach the app as the sender's data: the vendor delivers custom
    /// data at the root of the userInfo, and `key` is one its backend writes there or its SDK reads as its own
    /// (`aps`, Braze's `ab_uri`, an Airship action name). Reading keeps such a member as sent, with a warning;
    /// rendering into this vendor reports it as a loss. None by default (a vendor that nests custom data, as
    /// OneSignal's `custom.a`).
    func reservesDataKey(_ key: String) -> Bool
}

extension SendAdapter {
    public func parseBundle(_ requests: [SendHTTPRequest]) -> [SendParseResult] { requests.map(parse) }
    public func reservesDataKey(_ key: String) -> Bool { false }
}

/// The send adapters PushBridge ships with, and translation between them.
public enum SendVendors {
    /// Every built-in send adapter, in the order `bridge-cli send vendors` lists them.
    public static let all: [any SendAdapter] = [
        OneSignalSendAdapter(), BrazeSendAdapter(), AirshipSendAdapter(), FCMSendAdapter(), APNsSendAdapter(),
        IterableSendAdapter(), CustomerIOSendAdapter(), KlaviyoSendAdapter(),
    ]

    /// The adapter with id `id`.
    public static func adapter(id: String) -> (any SendAdapter)? { all.first { $0.id == id } }

    /// `request` of `source` rendered for `target`: the target's requests, the losses, and what parsing noticed.
    public static func translate(
        _ request: SendHTTPRequest, from source: any SendAdapter, to target: any SendAdapter,
        options: SendRenderOptions = SendRenderOptions()
    ) -> (result: SendRenderResult, diagnostics: [Diagnostic]) {
        let parsed = source.parse(request)
        return (target.render(parsed.request, options: options), parsed.diagnostics)
    }
}
