import PushBridge
import PushBridgeSend
import PushBridgeVendors
import Testing

/// The commutation law: for a send request `r` of vendor V and a target W,
/// `normalize(deliver_W(translate_V→W(r)))` equals `normalize(deliver_V(r))` on every bridge-form field unless
/// the translation reports the loss of that field. `normalize` is the device adapter's decode (for APNs, the
/// `aps` codec and the custom keys as data).
enum Commutation {
    /// The delivered userInfo of `vendor` in the bridge form.
    static func normalize(_ userInfo: JSONObject, vendor: String) -> PushPayload {
        if vendor == "apns" {
            var payload = PushPayload(vendor: "apns")
            _ = APSCoding.decode(userInfo["aps"], into: &payload)
            for (key, value) in userInfo where key != "aps" { payload.data[key] = value }
            return payload
        }
        guard let adapter = BuiltInVendors.registry.adapter(id: vendor) else { return PushPayload(vendor: vendor) }
        return adapter.decode(userInfo).payload
    }

    /// Where a body tap goes: the deep link, or the URL of Airship's open-external-URL action (`^u`), which a
    /// device adapter keeps as a named action.
    static func tapDestination(_ payload: PushPayload) -> String? {
        if let link = payload.deepLink { return link }
        guard let action = payload.action, ["^u", "open_external_url_action"].contains(action.name) else { return nil }
        return action.data["value"]?.stringValue
    }

    /// The bridge-form fields the law compares, with the send-form fields whose loss excuses a difference.
    static let fields: [(name: String, excusedBy: Set<String>, value: @Sendable (PushPayload) -> JSONValue)] = [
        ("alert", [SendField.alert, SendField.localized], { $0.alert.map(SendJSON.alert) ?? .null }),
        ("badge", [SendField.badge], { $0.badge.map { .int($0) } ?? .null }),
        ("sound", [SendField.sound], { $0.sound.map { .string($0) } ?? .null }),
        ("threadId", [SendField.threadId], { $0.threadId.map { .string($0) } ?? .null }),
        ("contentAvailable", [SendField.contentAvailable], { .bool($0.contentAvailable) }),
        ("imageURL", [SendField.imageURL], { $0.imageURL.map { .string($0) } ?? .null }),
        ("deepLink", [SendField.deepLink], { tapDestination($0).map { .string($0) } ?? .null }),
        ("buttons", [SendField.buttons, SendField.category], { .array($0.buttons.map { ["id": .string($0.id), "title": .string($0.title)] }) }),
        ("data", [SendField.data], { .object($0.data) }),
    ]

    /// The fields on which the law fails for `request` of `source` into `target`: each with both values.
    /// `render` replaces the target's rendering (to check that the law catches an unreported change).
    static func violations(
        _ request: SendHTTPRequest, from source: any SendAdapter, to target: any SendAdapter,
        render: ((SendRequest) -> SendRenderResult)? = nil
    ) -> [String] {
        let form = source.parse(request).request
        let expected = normalize(source.deliver(form), vendor: source.id)
        let result = render?(form) ?? target.render(form, options: SendRenderOptions(now: 1_800_000_000))
        var violations: [String] = []
        for rendered in result.requests {
            let delivered = target.deliver(target.parse(rendered).request)
            let actual = normalize(delivered, vendor: target.id)
            for field in fields where field.value(expected) != field.value(actual) {
                guard !field.excusedBy.contains(where: result.loses) else { continue }
                violations.append("\(field.name): \(field.value(expected)) became \(field.value(actual)) (\(source.id) → \(target.id))")
            }
        }
        return violations
    }
}

@Suite("Send commutation law")
struct CommutationTests {
    @Test("the law holds for every corpus request and every ordered pair of vendors", arguments: CorpusCase.all)
    func corpusCommutes(_ corpus: CorpusCase) throws {
        let source = try #require(SendVendors.adapter(id: corpus.vendor))
        let request = try corpus.request()
        for target in SendVendors.all {
            let violations = Commutation.violations(request, from: source, to: target)
            #expect(violations.isEmpty, "\(violations)")
        }
    }

    @Test("the law holds for requests that use every field, between every ordered pair", arguments: SendSamples.all.indices)
    func samplesCommute(_ index: Int) throws {
        let sample = SendSamples.all[index]
        let source = try #require(SendVendors.adapter(id: sample.vendor))
        for target in SendVendors.all {
            let violations = Commutation.violations(sample.request, from: source, to: target)
            #expect(violations.isEmpty, "\(sample.vendor) sample \(index): \(violations)")
        }
    }
}

@Suite("Send commutation law, checked")
struct CommutationCheckTests {
    @Test("a rendering that drops a field without reporting it breaks the law")
    func unreportedDropIsCaught() throws {
        let sample = SendSamples.all[0]
        let source = try #require(SendVendors.adapter(id: sample.vendor))
        let target = BrazeSendAdapter()
        let violations = Commutation.violations(sample.request, from: source, to: target) { form in
            var quiet = form
            quiet.content.payload.data = [:]
            quiet.content.payload.sound = nil
            return target.render(quiet, options: SendRenderOptions(now: 1_800_000_000))
        }
        #expect(violations.contains { $0.hasPrefix("data:") }, "\(violations)")
        #expect(violations.contains { $0.hasPrefix("sound:") }, "\(violations)")
    }
}
