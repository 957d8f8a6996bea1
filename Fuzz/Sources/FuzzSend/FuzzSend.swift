import FuzzSupport
import PushBridge
import PushBridgeSend
import PushBridgeVendors

/// Fuzz target: every send adapter reads the input as its request (a bare body, an envelope or a bundle),
/// validates it, and renders the form for every send vendor, as `bridge-cli send translate` and `validate` do.
///
/// Invariants: no crash or hang; every rendered request, loss and delivered userInfo survives canonical JSON;
/// a loss names a JSON path; each target reads its own rendering back without calling it malformed. The
/// semantic law (on unless `PUSHBRIDGE_FUZZ_LAWS=0`): the commutation law of docs/SEND.md for every ordered
/// pair, with the built-in device adapters as `normalize`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSend(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let value = try? JSONParser.parse(bytes) else { return 0 }
    for source in SendVendors.all {
        guard let requests = SendHTTPRequest.requests(in: value, for: source) else { continue }
        // A bundle is read whole (a template gives its sends their content), as `bridge-cli send` reads it.
        let bundle = Array(requests.prefix(4))
        for request in bundle {
            for problem in source.validate(request) { Fuzz.requireWellFormed(problem, "\(source.id): validate") }
        }
        for parsed in source.parseBundle(bundle) {
            let form = parsed.request
            Fuzz.requireWriterRoundTrip(form.json, "\(source.id): form JSON")
            Fuzz.requireWriterRoundTrip(.object(source.deliver(form)), "\(source.id): delivered userInfo")
            for target in SendVendors.all {
                let pair = "\(source.id) → \(target.id)"
                let result = target.render(form, options: SendRenderOptions(now: 1_800_000_000))
                Fuzz.requireWriterRoundTrip(result.json, "\(pair): requests")
                for loss in result.losses {
                    Fuzz.require(loss.loss.path.hasPrefix("$"), "\(pair): loss path '\(loss.loss.path)' is not a JSON path")
                    Fuzz.requireWriterRoundTrip(loss.loss.json, "\(pair): loss JSON")
                }
                for reread in target.parseBundle(result.bundle) {
                    Fuzz.require(
                        !reread.diagnostics.contains { $0.diagnosticCode == .sendRequestMalformed },
                        "\(pair): the target calls its own rendering malformed")
                }
                if Fuzz.lawsEnabled {
                    let violations = SendCommutation.formViolations(form, from: source, to: target, options: SendRenderOptions(now: 1_800_000_000)) { userInfo, vendor in
                        vendor == "apns"
                            ? SendCommutation.apnsPayload(userInfo)
                            : BuiltInVendors.registry.adapter(id: vendor)?.decode(userInfo).payload ?? PushPayload(vendor: vendor)
                    }
                    Fuzz.require(violations.isEmpty, "\(pair): \(violations) for \(JSONWriter.string(value))")
                }
            }
        }
    }
    return 0
}
