import FuzzSupport
import PushBridge

/// Fuzz target: every built-in adapter's `claims`, `decode` and `encode`, and `validate`, on any
/// JSON object (forced, as `--vendor` does, whether or not the adapter claims it).
///
/// Invariants: no crash or hang; diagnostics are well formed; the bridge form survives canonical JSON
/// and reads back; the adapter's own encoding is a JSON object that survives canonical JSON and
/// decodes again; validation reports are printable. The semantic laws (on unless `PUSHBRIDGE_FUZZ_LAWS=0`):
/// decode is deterministic, a round trip that reports no loss changes nothing, a second round trip changes
/// nothing and loses nothing, an adapter claims its own encoding of a payload with a message id, and the
/// vendor a payload belongs to (`Fuzz.claimant(of:)`) still owns it once decoded and encoded again: an owner
/// never loses its payload to a carrier or to another owner.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecode(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let userInfo = Fuzz.userInfo(bytes) else { return 0 }
    _ = try? Fuzz.registry.resolve(userInfo)
    let claimants = Fuzz.registry.claimants(of: userInfo).map(\.id)
    let claimant = Fuzz.claimant(of: userInfo)
    Fuzz.requireWriterRoundTrip(Validator.validate(userInfo, byteCount: bytes.count, adapter: nil).json, "validate")

    for adapter in Fuzz.adapters {
        let name = adapter.id
        Fuzz.require(
            adapter.claims(userInfo) == claimants.contains(name), "\(name): claims disagrees with the registry")
        let decoded = adapter.decode(userInfo)
        Fuzz.require(decoded.payload.vendor == name, "\(name): decode names vendor '\(decoded.payload.vendor)'")
        for diagnostic in decoded.diagnostics { Fuzz.requireWellFormed(diagnostic, "\(name) decode") }
        Fuzz.requireBridgeRoundTrip(decoded.payload, "\(name) decode")

        let encoded = adapter.encode(decoded.payload)
        Fuzz.requireWriterRoundTrip(.object(encoded.userInfo), "\(name) encode")
        for loss in encoded.losses {
            Fuzz.require(loss.path.hasPrefix("$"), "\(name) encode: loss path '\(loss.path)' is not a JSON path")
            Fuzz.requireWriterRoundTrip(loss.json, "\(name) encode: loss JSON")
        }
        let again = adapter.decode(encoded.userInfo)
        Fuzz.requireBridgeRoundTrip(again.payload, "\(name) decode of its own encoding")

        let report = Validator.validate(userInfo, byteCount: bytes.count, adapter: adapter)
        Fuzz.requireWriterRoundTrip(report.json, "\(name) validate")
        _ = adapter.validationProblems(userInfo, payload: decoded.payload)
        if let category = decoded.payload.category { _ = adapter.ownsCategory(category) }

        if Fuzz.lawsEnabled {
            checkLaws(
                adapter, userInfo, decoded: decoded, encoded: encoded, again: again,
                resolvedHere: claimant == name)
        }
    }
    return 0
}

/// The semantic laws (`Fuzz.lawsEnabled`). `resolvedHere` says the registry gives `userInfo` to `adapter`.
func checkLaws(
    _ adapter: any VendorAdapter, _ userInfo: JSONObject, decoded: DecodeResult, encoded: EncodeResult,
    again: DecodeResult, resolvedHere: Bool
) {
    let name = adapter.id
    Fuzz.require(adapter.decode(userInfo) == decoded, "\(name): decode is not deterministic")
    if encoded.losses.isEmpty {
        Fuzz.require(
            again.payload.bridgeJSON == decoded.payload.bridgeJSON,
            "\(name): a round trip with no reported loss changes the bridge form:\n"
                + "\(decoded.payload.bridgeJSON)\n\(again.payload.bridgeJSON)")
    }
    let encodedAgain = adapter.encode(again.payload)
    Fuzz.require(
        encodedAgain.losses.isEmpty,
        "\(name): a second round trip loses \(encodedAgain.losses.map(\.description))")
    let twice = adapter.decode(encodedAgain.userInfo)
    Fuzz.require(
        twice.payload.bridgeJSON == again.payload.bridgeJSON,
        "\(name): a second round trip changes the bridge form:\n"
            + "\(again.payload.bridgeJSON)\n\(twice.payload.bridgeJSON)")
    if adapter.claims(userInfo) {
        Fuzz.require(adapter.claims(encoded.userInfo), "\(name): does not claim its own encoding")
    }
    if resolvedHere {
        // As every caller decodes: another carrier's keys set aside, and written back by the same vendor's encode.
        let after = Fuzz.claimant(of: adapter.encode(adapter.decodeClaimed(userInfo).payload).userInfo)
        Fuzz.require(
            after == name,
            "\(name): its own payload, decoded and encoded again, goes to \(after ?? "no single vendor")")
    }
}
