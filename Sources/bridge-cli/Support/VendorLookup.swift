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

/// The adapters named by the `--vendors a,b,…` option, in that order, or every adapter of `vendors` without it.
func listedAdapters(_ arguments: Arguments, in vendors: VendorRegistry = registry) throws(CLIError) -> [any VendorAdapter] {
    guard let ids = arguments.list("vendors") else { return vendors.adapters }
    var adapters: [any VendorAdapter] = []
    for id in ids {
        do throws(PushBridgeError) {
            adapters.append(try vendors.requireAdapter(id: id))
        } catch {
            throw CLIError(error)
        }
    }
    return adapters
}

/// The option every command that makes or sends receipts takes: `--vendor-config ID.KEY=VALUE`, repeatable.
let vendorConfigOption = "vendor-config"

/// The help lines of ``vendorConfigOption``.
let vendorConfigHelp = """
      --vendor-config ID.KEY=VALUE  a vendor's setting (repeatable): onesignal.appId, iterable.email,
                                    klaviyo.profileId, customerio.identifier, … ('vendors --table' lists
                                    each vendor's); an unknown vendor or key or a bad value exits 2
    """

/// The built-in vendors with the `--vendor-config` settings applied, or a usage error (exit 2) naming the
/// vendor's known settings.
func configuredRegistry(_ arguments: Arguments) throws(CLIError) -> VendorRegistry {
    do throws(PushBridgeError) {
        return try registry.configured(arguments.all(vendorConfigOption))
    } catch {
        throw CLIError(error)
    }
}

/// `id` itself when it names a registered vendor (nil stays nil), or a usage error listing the known ones.
func knownVendor(_ id: String?) throws(CLIError) -> String? {
    if let id { _ = try requireAdapter(id) }
    return id
}
