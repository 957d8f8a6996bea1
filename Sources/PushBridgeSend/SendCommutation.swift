import PushBridge

/// The commutation law of send translation (docs/SEND.md "The commutation law"): for a request `r` of vendor V
/// and a target W, `normalize(deliver_W(parse_W(render_W(parse_V(r)))))` equals `normalize(deliver_V(parse_V(r)))`
/// on every compared bridge-form field, unless the rendering reports the loss of that field.
///
/// `normalize` reads a delivered userInfo into the bridge form: the vendor's device adapter (`decode`), which
/// this module does not import, so the caller passes it (the send tests and the fuzz target use the built-in
/// adapters, and APNs' `aps` codec for `apns`).
public enum SendCommutation {
    /// Reads the userInfo `vendor` delivered into the bridge form.
    public typealias Normalize = (_ userInfo: JSONObject, _ vendor: String) -> PushPayload

    /// One compared field: its name, the form fields whose loss excuses a difference, and its value.
    public struct Field: Sendable {
        /// The bridge-form field's name.
        public let name: String
        /// The ``SendField``s whose loss excuses a difference.
        public let excusedBy: Set<String>
        /// The field's value in a payload.
        public let value: @Sendable (PushPayload) -> JSONValue
    }

    /// A plain APNs userInfo in the bridge form, as `normalize` reads `apns` (which has no device adapter):
    /// `aps` through the core's codec, every other root key as custom data.
    public static func apnsPayload(_ userInfo: JSONObject) -> PushPayload {
        var payload = PushPayload(vendor: "apns")
        _ = APSCoding.decode(userInfo["aps"], into: &payload)
        for (key, value) in userInfo where key != "aps" { payload.data[key] = value }
        return payload
    }

    /// Where a body tap goes: the deep link, or the URL of Airship's open-external-URL action (`^u`), which a
    /// device adapter keeps as a named action.
    public static func tapDestination(_ payload: PushPayload) -> String? {
        if let link = payload.deepLink { return link }
        guard let action = payload.action, ["^u", "open_external_url_action"].contains(action.name) else { return nil }
        return action.data["value"]?.stringValue
    }

    /// The compared fields: alert, badge, sound, thread, `content-available`, image, the tap's destination,
    /// buttons (id and title) and custom data.
    public static let fields: [Field] = [
        Field(name: "alert", excusedBy: [SendField.alert, SendField.localized], value: { $0.alert.map(SendJSON.alert) ?? .null }),
        Field(name: "badge", excusedBy: [SendField.badge], value: { $0.badge.map { .int($0) } ?? .null }),
        Field(name: "sound", excusedBy: [SendField.sound], value: { $0.sound.map { .string($0) } ?? .null }),
        Field(name: "threadId", excusedBy: [SendField.threadId], value: { $0.threadId.map { .string($0) } ?? .null }),
        Field(name: "contentAvailable", excusedBy: [SendField.contentAvailable], value: { .bool($0.contentAvailable) }),
        Field(name: "imageURL", excusedBy: [SendField.imageURL], value: { $0.imageURL.map { .string($0) } ?? .null }),
        Field(name: "deepLink", excusedBy: [SendField.deepLink], value: { tapDestination($0).map { .string($0) } ?? .null }),
        Field(
            name: "buttons", excusedBy: [SendField.buttons, SendField.category],
            value: { .array($0.buttons.map { ["id": .string($0.id), "title": .string($0.title)] }) }),
        Field(name: "data", excusedBy: [SendField.data], value: { .object($0.data) }),
    ]

    /// The law's failures for `request` of `source` rendered for `target`: one line per field that differs
    /// without a reported loss. `render` replaces the target's rendering (to check that the law catches an
    /// unreported change).
    public static func violations(
        _ request: SendHTTPRequest, from source: any SendAdapter, to target: any SendAdapter,
        options: SendRenderOptions = SendRenderOptions(now: 1_800_000_000), normalize: Normalize,
        render: ((SendRequest) -> SendRenderResult)? = nil
    ) -> [String] {
        bundleViolations([request], from: source, to: target, options: options, normalize: normalize, render: render)
    }

    /// ``violations(_:from:to:options:normalize:render:)`` for each send of a bundle (a template with its sends),
    /// parsed whole by the source; the target's requests are parsed whole too, after its provisioning calls.
    public static func bundleViolations(
        _ requests: [SendHTTPRequest], from source: any SendAdapter, to target: any SendAdapter,
        options: SendRenderOptions = SendRenderOptions(now: 1_800_000_000), normalize: Normalize,
        render: ((SendRequest) -> SendRenderResult)? = nil
    ) -> [String] {
        var violations: [String] = []
        for parsed in source.parseBundle(requests) {
            violations += formViolations(parsed.request, from: source, to: target, options: options, normalize: normalize, render: render)
        }
        return violations
    }

    /// The law for one parsed form (a send of a bundle, its template's content already in it).
    public static func formViolations(
        _ form: SendRequest, from source: any SendAdapter, to target: any SendAdapter,
        options: SendRenderOptions = SendRenderOptions(now: 1_800_000_000), normalize: Normalize,
        render: ((SendRequest) -> SendRenderResult)? = nil
    ) -> [String] {
        let expected = normalize(source.deliver(form), source.id)
        let result = render?(form) ?? target.render(form, options: options)
        var violations: [String] = []
        for parsedTarget in target.parseBundle(result.bundle) {
            let actual = normalize(target.deliver(parsedTarget.request), target.id)
            for field in fields where field.value(expected) != field.value(actual) {
                guard !field.excusedBy.contains(where: result.loses) else { continue }
                violations.append(
                    "\(field.name): \(field.value(expected)) became \(field.value(actual)) (\(source.id) → \(target.id))")
            }
        }
        return violations
    }
}
