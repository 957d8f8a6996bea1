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
    static func normalize(_ userInfo: JSONObject, _ vendor: String) -> PushPayload {
        if vendor == "apns" { return SendCommutation.apnsPayload(userInfo) }
        guard let adapter = BuiltInVendors.registry.adapter(id: vendor) else { return PushPayload(vendor: vendor) }
        return adapter.decode(userInfo).payload
    }

    /// The law's failures for `request` of `source` into `target` (``SendCommutation/violations``).
    static func violations(
        _ request: SendHTTPRequest, from source: any SendAdapter, to target: any SendAdapter,
        render: ((SendRequest) -> SendRenderResult)? = nil
    ) -> [String] {
        SendCommutation.violations(request, from: source, to: target, normalize: normalize, render: render)
    }

    /// The law's failures for each send of a bundle (``SendCommutation/bundleViolations``).
    static func bundleViolations(_ requests: [SendHTTPRequest], from source: any SendAdapter, to target: any SendAdapter) -> [String] {
        SendCommutation.bundleViolations(requests, from: source, to: target, normalize: normalize)
    }
}

@Suite("Send commutation law")
struct CommutationTests {
    @Test("the law holds for every corpus request and every ordered pair of vendors", arguments: CorpusCase.all)
    func corpusCommutes(_ corpus: CorpusCase) throws {
        let (source, request) = try corpus.load()
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

    /// Every key a vendor's delivery writes at the root of a userInfo or its device adapter reads there (Airship's
    /// built-in action names as its adapter lists them), and a few near misses.
    static let deliveryKeys = [
        "aps", "custom", "att", "buttons", "os_data", "ab", "ab_uri", "ab_use_webview", "ab_cat", "_", "^d",
        "deep_link_action", "com.urbanairship.media_attachment", "com.urbanairship.interactive_actions",
        "com.urbanairship.metadata", "com.urbanairship.foreground_presentation", "foreground_presentation",
        "com.urbanairship.in_app", "^zz", "itbl", "messageId", "notificationType", "CIO", "CIO-Delivery-ID",
        "CIO-Delivery-Token", "body", "title", "url", "rich-media", "rich-media-type", "key_value_pairs",
        "badge_config", "badge_value", "gcm.message_id", "gcm.app_link", "google.c.a.e", "fcm_options", "from",
        "message_type", "image", "notification", "collapse_key",
    ] + AirshipAdapter.builtInActionNames.sorted()

    /// A request of `vendor` whose custom data is `data` (written where the vendor's send API takes it).
    static func requestsWithData(_ data: String) -> [(vendor: String, body: String)] {
        let rootMembers = data.dropFirst()
        return [
            ("apns", #"{"aps":{"alert":"x"},\#(rootMembers)"#),
            ("customerio", #"{"transactional_message_id":"3","identifiers":{"id":"2"},"custom_payload":{"ios":{"aps":{"alert":"x"},\#(rootMembers)}}"#),
            ("onesignal", #"{"app_id":"a","include_aliases":{"external_id":["u"]},"contents":{"en":"x"},"data":\#(data)}"#),
            ("braze", #"{"external_user_ids":["u"],"messages":{"apple_push":{"alert":"x","extra":\#(data)}}}"#),
            ("airship", #"{"audience":{"named_user":"u"},"device_types":["ios"],"notification":{"ios":{"alert":"x","extra":\#(data)}}}"#),
            ("iterable", #"{"message":"x","payload":\#(data)}"#),
            ("customerio", #"{"transactional_message_id":"3","identifiers":{"id":"2"},"title":"x","message":"y","custom_data":\#(data)}"#),
            ("fcm", #"{"message":{"token":"t","notification":{"body":"x"},"data":\#(data)}}"#),
            ("fcm", #"{"message":{"token":"t","notification":{"body":"x"},"apns":{"payload":\#(data)}}}"#),
        ]
    }

    @Test("custom data under a key some vendor's delivery uses keeps the law between every pair", arguments: deliveryKeys)
    func reservedDataKeysCommute(_ key: String) throws {
        for value in [#""v""#, #"{"k":"v"}"#] {
            for (vendor, body) in Self.requestsWithData(#"{"\#(key)":\#(value),"ok":"1"}"#) {
                let source = try #require(SendVendors.adapter(id: vendor))
                let request = SendHTTPRequest(path: source.primaryPath, body: try JSONParser.parse(body))
                // The request's data was read (the law holds trivially for a form without it).
                #expect(source.parse(request).request.content.payload.data["ok"] == "1", "\(vendor): \(body)")
                for target in SendVendors.all {
                    let violations = Commutation.violations(request, from: source, to: target)
                    #expect(violations.isEmpty, "\(vendor) → \(target.id), data '\(key)': \(value): \(violations)")
                }
            }
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
