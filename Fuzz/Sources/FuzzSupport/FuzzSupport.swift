import PushBridge
import PushBridgeVendors

// The fuzz package sees only the main package's products, so it keeps its own platform import (the main
// package's is the PushBridgeSystem module).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Helpers shared by the fuzz targets: reading the input, checking invariants, deriving switches.
public enum Fuzz {
    /// The fuzzer's input as bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// Whether the semantic laws (deterministic decode, idempotent round trip, an adapter claims its own
    /// encoding, same-vendor identity, the target claims a translation, the owner keeps its payload) are
    /// checked as well as crash-freedom and JSON round trips. On unless `PUSHBRIDGE_FUZZ_LAWS=0`
    /// (`Fuzz/run.sh --no-laws`).
    public static let lawsEnabled: Bool = {
        guard let value = getenv("PUSHBRIDGE_FUZZ_LAWS") else { return true }
        return String(cString: value) != "0"
    }()

    /// Stops the process (libFuzzer records the input as a crash) when `condition` is false.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        if !condition() {
            fatalError("fuzz invariant broken: \(message())", file: file, line: line)
        }
    }

    /// A 64-bit FNV-1a hash of the input: the switches a target derives from it (which route
    /// consumes links, whether the bridge starts configured, …), so each input always runs the same way.
    public static func switches(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// The input as a userInfo, when it is a JSON object (what every library entry point receives).
    public static func userInfo(_ bytes: [UInt8]) -> JSONObject? {
        try? VendorRegistry.parseUserInfo(bytes)
    }

    /// Checks that the canonical text of `value` (compact and pretty) parses back to `value`.
    @discardableResult
    public static func requireWriterRoundTrip(_ value: JSONValue, _ what: @autoclosure () -> String) -> [UInt8] {
        let compact = JSONWriter.bytes(value)
        do {
            let back = try JSONParser.parse(compact)
            require(back == value, "\(what()): the canonical text does not parse back to the same value")
        } catch {
            require(false, "\(what()): the canonical text does not parse: \(error)")
        }
        let pretty = JSONWriter.bytes(value, pretty: true)
        do {
            let back = try JSONParser.parse(pretty)
            require(back == value, "\(what()): the pretty text does not parse back to the same value")
        } catch {
            require(false, "\(what()): the pretty text does not parse: \(error)")
        }
        return compact
    }

    /// Checks that a diagnostic is well formed: a code, a JSON path, a message, and printable as JSON.
    public static func requireWellFormed(_ diagnostic: Diagnostic, _ what: @autoclosure () -> String) {
        require(!diagnostic.code.isEmpty, "\(what()): a diagnostic without a code")
        require(diagnostic.path.hasPrefix("$"), "\(what()): diagnostic path '\(diagnostic.path)' is not a JSON path")
        require(!diagnostic.message.isEmpty, "\(what()): diagnostic \(diagnostic.code) has no message")
        requireWriterRoundTrip(diagnostic.json, "\(what()): diagnostic JSON")
    }

    /// Checks that a payload's bridge form survives canonical JSON and reads back to the same form.
    public static func requireBridgeRoundTrip(_ payload: PushPayload, _ what: @autoclosure () -> String) {
        let bridge = payload.bridgeJSON
        requireWriterRoundTrip(bridge, "\(what()): bridge form")
        guard let back = PushPayload(bridgeJSON: bridge) else {
            require(false, "\(what()): the bridge form does not read back")
            return
        }
        require(back.bridgeJSON == bridge, "\(what()): the bridge form reads back differently")
    }

    /// The lifecycle steps worth trying for `payload`: every arrival, a body tap, each button's id,
    /// ids no button has, a swipe-away and a relaunch.
    public static func steps(for payload: PushPayload) -> [LifecycleStep] {
        var steps: [LifecycleStep] = [
            .arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .open,
        ]
        for button in payload.buttons.prefix(8) { steps.append(LifecycleStep(actionIdentifier: button.id)) }
        steps += [
            .openAction("ACTION_0"), .openAction("ACTION_1"), .openAction("ACTION_-1"),
            .openAction("ACTION_99999999999999999999"), .openAction("no-such-button"), .dismiss, .launch,
        ]
        return steps
    }

    /// The vendor the registry gives `userInfo` to when no vendor is named (`VendorRegistry.claimant(of:)`:
    /// the one owner that claims it, else the best-ranked carrier), nil when none does or the claim is
    /// ambiguous. Every law about who a payload belongs to resolves it here, so a change in how claims rank
    /// reaches them all.
    public static func claimant(of userInfo: JSONObject) -> String? {
        guard let claimant = try? registry.claimant(of: userInfo) else { return nil }
        return claimant.id
    }

    /// Whether a translation its target does not claim as written says so: a loss at `$`
    /// (docs/WIRE-FORMATS.md §7.10).
    public static func reportsUnclaimed(_ translation: Translation) -> Bool {
        translation.losses.contains { $0.path == JSONPath.root }
    }

    /// Every built-in adapter (`BuiltInVendors.all`: a vendor added there is fuzzed with no change here).
    public static let adapters: [any VendorAdapter] = BuiltInVendors.all

    /// A registry of every built-in adapter.
    public static let registry = BuiltInVendors.registry
}
