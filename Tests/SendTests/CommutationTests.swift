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
