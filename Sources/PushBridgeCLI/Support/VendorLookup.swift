import PushBridge
import PushBridgeVendors

/// The vendors the CLI runs over: those ``BridgeCLI/main(vendors:)`` was given (`bridge-cli`'s are the built-in
/// adapters), bound for the run. A task-local, so a command reads the run's vendors wherever it is; the threads
/// of `--jobs` bind it again (`LineBatch.run`). Unbound it is empty: a thread that forgot to bind it knows no vendor.
enum CLIVendors {
    @TaskLocal static var registry = VendorRegistry([])
}

/// The vendors of this run (``CLIVendors/registry``).
var registry: VendorRegistry { CLIVendors.registry }

/// The adapter for `userInfo`: `--vendor` (or `--from`) when given, else the one of `vendors` that claims it.
func resolveAdapter(
    _ userInfo: JSONObject, vendor: String?, in vendors: VendorRegistry = registry
) throws(CLIError) -> any VendorAdapter {
    if let vendor { return try requireAdapter(vendor, in: vendors) }
    do throws(PushBridgeError) {
        return try vendors.resolve(userInfo, vendor: nil)
    } catch {
        throw CLIError(error)
    }
}

/// The adapter `userInfo` belongs to among `vendors`, with the registry's claim notes for it
/// (``VendorRegistry/resolveNotingClaims(_:)``).
func resolveNotingClaims(
    _ userInfo: JSONObject, in vendors: VendorRegistry = registry
) throws(CLIError) -> (adapter: any VendorAdapter, claimNotes: [Diagnostic]) {
    do throws(PushBridgeError) {
        return try vendors.resolveNotingClaims(userInfo)
    } catch {
        throw CLIError(error)
    }
}

/// `userInfo` decoded by its adapter (``resolveAdapter(_:vendor:)``), with the registry's claim notes among the
/// diagnostics when no vendor was named.
func decodeResolved(_ userInfo: JSONObject, vendor: String?) throws(CLIError) -> DecodeResult {
    if let vendor { return try requireAdapter(vendor).decodeClaimed(userInfo) }
    let (adapter, claimNotes) = try resolveNotingClaims(userInfo)
    var decoded = adapter.decodeClaimed(userInfo)
    decoded.diagnostics += claimNotes
    return decoded
}

/// The adapter of `vendors` (the built-in ones by default) with this id, in any case (`OneSignal`), or a usage
/// error listing the known ones (and the nearest, ``lookUpVendor(_:in:id:unknown:unmatched:)``, else how to add one).
func requireAdapter(_ id: String, in vendors: VendorRegistry = registry) throws(CLIError) -> any VendorAdapter {
    try lookUpVendor(
        id, in: vendors.adapters, id: \.id, unknown: { PushBridgeError.unknownVendor(id, known: vendors.ids).description },
        unmatched: "; a vendor of your own runs in a tool that registers it, BridgeCLI.main(vendors:)")
}

/// The vendor of `vendors` whose id (`idOf`) `id` names, compared without regard to case; else a usage error
/// (exit 2) whose message is `unknown()` followed, when a known id is a few edits away, by "; did you mean
/// 'onesignal'?", else by `unmatched`. The one lookup of a vendor id on the command line: `--vendor`, `--from`, `--to`, `--vendors`
/// and `send`'s.
func lookUpVendor<Vendor>(
    _ id: String, in vendors: [Vendor], id idOf: (Vendor) -> String, unknown: () -> String, unmatched: String = ""
) throws(CLIError) -> Vendor {
    if let exact = vendors.first(where: { idOf($0) == id }) { return exact }
    let folded = id.lowercased()
    if let match = vendors.first(where: { idOf($0).lowercased() == folded }) { return match }
    var message = unknown()
    if let nearest = nearestID(to: folded, among: vendors.map(idOf)) {
        message += "; did you mean '\(nearest)'?"
    } else {
        message += unmatched
    }
    throw .usage(message)
}

/// The id of `known` closest to `text` (lowercased) by edit distance, when it is near enough to be a typo: at
/// most a third of the longer id's letters (at least 1) changed; the first in `known` on a tie.
func nearestID(to text: String, among known: [String]) -> String? {
    var best: (id: String, distance: Int)?
    for id in known {
        let candidate = id.lowercased()
        let distance = editDistance(Array(text), Array(candidate))
        let allowed = max(1, max(text.count, candidate.count) / 3)
        if distance <= allowed, distance < (best?.distance ?? .max) { best = (id, distance) }
    }
    return best?.id
}

/// The Levenshtein distance between two strings of characters: the fewest insertions, deletions and
/// substitutions that turn `a` into `b`.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}

/// The adapters named by the `--vendors a,b,…` option, in that order, or every adapter of `vendors` without it:
/// in registration order, or for a table (`realFirst`) the real vendors before the seed ones
/// (``BuiltInVendors/realFirst(_:)``).
func listedAdapters(
    _ arguments: Arguments, in vendors: VendorRegistry = registry, realFirst: Bool = false
) throws(CLIError) -> [any VendorAdapter] {
    guard let ids = arguments.list("vendors") else {
        return realFirst ? BuiltInVendors.realFirst(vendors.adapters) : vendors.adapters
    }
    var adapters: [any VendorAdapter] = []
    for id in ids { adapters.append(try requireAdapter(id, in: vendors)) }
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
/// vendor's known settings. The vendor id before the first `.` matches in any case, as on `--vendor`.
func configuredRegistry(_ arguments: Arguments) throws(CLIError) -> VendorRegistry {
    let assignments = arguments.all(vendorConfigOption).map { text in
        guard let dot = text.firstIndex(of: "."),
              let id = try? lookUpVendor(String(text[..<dot]), in: registry.ids, id: { $0 }, unknown: { "" })
        else { return text }
        return id + text[dot...]
    }
    do throws(PushBridgeError) {
        return try registry.configured(assignments)
    } catch {
        throw CLIError(error)
    }
}

/// The registered vendor's id that `id` names in any case (nil stays nil), or a usage error listing the known ones.
func knownVendor(_ id: String?) throws(CLIError) -> String? {
    guard let id else { return nil }
    return try requireAdapter(id).id
}
