import FuzzSupport
import PushBridge

/// Fuzz target: `Translator.translate` from every built-in vendor (forced) to every built-in vendor,
/// as `bridge-cli translate` and `compare` do.
///
/// Invariants: no crash or hang; the target's userInfo and every loss survive canonical JSON; the
/// target decodes its own output. The semantic laws (on unless `PUSHBRIDGE_FUZZ_LAWS=0`): a same-vendor
/// translation is the identity (the userInfo as it went in, nothing lost), the target claims a
/// translation of a payload with a message id, and a translation is its target's or nobody's: the registry
/// (`VendorRegistry.claimant(of:)`) never gives it to another vendor, nor finds two owners in it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTranslate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let userInfo = Fuzz.userInfo(bytes) else { return 0 }
    for source in Fuzz.adapters {
        for target in Fuzz.adapters {
            let pair = "\(source.id) → \(target.id)"
            let translation = Translator.translate(userInfo, from: source, to: target, registry: Fuzz.registry)
            Fuzz.require(translation.source == source.id && translation.target == target.id, "\(pair): wrong ids")
            Fuzz.requireWriterRoundTrip(.object(translation.userInfo), "\(pair): userInfo")
            for loss in translation.losses {
                Fuzz.require(loss.path.hasPrefix("$"), "\(pair): loss path '\(loss.path)' is not a JSON path")
                Fuzz.require(!loss.reason.isEmpty, "\(pair): a loss without a reason")
                Fuzz.requireWriterRoundTrip(loss.json, "\(pair): loss JSON")
            }
            let decoded = target.decode(translation.userInfo)
            Fuzz.requireBridgeRoundTrip(decoded.payload, "\(pair): target decode")
            if Fuzz.lawsEnabled {
                if source.id == target.id {
                    Fuzz.require(
                        translation.losses.isEmpty,
                        "\(pair): a same-vendor translation loses \(translation.losses.map(\.description))")
                    Fuzz.require(
                        translation.userInfo == userInfo,
                        "\(pair): a same-vendor translation is not the identity:\n"
                            + "\(JSONWriter.string(.object(userInfo)))\n\(JSONWriter.string(.object(translation.userInfo)))")
                }
                if source.id != target.id {
                    let owner: String?
                    do throws(PushBridgeError) {
                        owner = try Fuzz.registry.claimant(of: translation.userInfo)?.id
                    } catch {
                        owner = "\(error)"
                    }
                    Fuzz.require(
                        owner == nil || owner == target.id,
                        "\(pair): the registry gives the translation to \(owner ?? "no vendor"), not \(target.id): "
                            + JSONWriter.string(.object(translation.userInfo)))
                }
                if source.id != target.id, !target.claims(translation.userInfo) {
                    Fuzz.require(
                        Fuzz.reportsUnclaimed(translation), "\(pair): the target does not claim the output")
                }
            }
        }
    }
    return 0
}
