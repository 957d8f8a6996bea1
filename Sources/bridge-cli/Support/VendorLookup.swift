import PushBridge
import PushBridgeVendors

/// The vendors the CLI knows: every built-in adapter. New adapters plug in there, not here.
let registry = BuiltInVendors.registry

/// The adapter for `userInfo`: `--vendor` (or `--from`) when given, else the one that claims it.
func resolveAdapter(_ userInfo: JSONObject, vendor: String?) throws(CLIError) -> any VendorAdapter {
    do throws(PushBridgeError) {
        return try registry.resolve(userInfo, vendor: vendor)
    } catch {
        throw CLIError(error)
    }
}

/// `userInfo` decoded by its adapter (``resolveAdapter(_:vendor:)``), with the registry's claim notes among the
/// diagnostics when no vendor was named.
func decodeResolved(_ userInfo: JSONObject, vendor: String?) throws(CLIError) -> DecodeResult {
    let adapter = try resolveAdapter(userInfo, vendor: vendor)
    var decoded = adapter.decodeClaimed(userInfo)
    if vendor == nil { decoded.diagnostics += registry.claimNotes(of: userInfo, claimedBy: adapter) }
    return decoded
}

/// The adapter with this id, or a usage error listing the known ones.
func requireAdapter(_ id: String) throws(CLIError) -> any VendorAdapter {
    do throws(PushBridgeError) {
        return try registry.requireAdapter(id: id)
    } catch {
        throw CLIError(error)
    }
}

/// The adapters named by the `--vendors a,b,…` option, in that order, or every registered adapter without it.
func listedAdapters(_ arguments: Arguments) throws(CLIError) -> [any VendorAdapter] {
    guard let ids = arguments.list("vendors") else { return registry.adapters }
    var adapters: [any VendorAdapter] = []
    for id in ids { adapters.append(try requireAdapter(id)) }
    return adapters
}

/// `id` itself when it names a registered vendor (nil stays nil), or a usage error listing the known ones.
func knownVendor(_ id: String?) throws(CLIError) -> String? {
    if let id { _ = try requireAdapter(id) }
    return id
}
