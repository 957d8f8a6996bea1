import PushBridge
import PushBridgeVendors

/// One `bridge-cli` subcommand: its help, its options, and a call into the library.
protocol Command {
    /// The subcommand's name.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full help text (usage, options, examples).
    static var help: String { get }
    /// Options that take a value.
    static var valuedOptions: Set<String> { get }
    /// Options that take no value.
    static var flagOptions: Set<String> { get }
    /// Runs the command.
    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode
}

/// The vendors the CLI knows: every built-in adapter. New adapters plug in there, not here.
let registry = BuiltInVendors.registry

/// Reads and parses one userInfo from a path or `-`.
func loadUserInfo(_ path: String) throws(CLIError) -> (bytes: Int, userInfo: JSONObject) {
    let bytes = try readInput(path)
    return (bytes.count, try parseUserInfo(bytes))
}

/// Parses one userInfo (a whole input or one JSON Lines line).
func parseUserInfo(_ bytes: [UInt8]) throws(CLIError) -> JSONObject {
    do throws(PushBridgeError) {
        return try VendorRegistry.parseUserInfo(bytes)
    } catch {
        throw CLIError(error)
    }
}

/// The adapter for `userInfo`: `--vendor` (or `--from`) when given, else the one that claims it.
func resolveAdapter(_ userInfo: JSONObject, vendor: String?) throws(CLIError) -> any VendorAdapter {
    do throws(PushBridgeError) {
        return try registry.resolve(userInfo, vendor: vendor)
    } catch {
        throw CLIError(error)
    }
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

/// Runs `body` on every line of a JSON Lines input, printing one result line per input line and turning
/// a failed line into `{"error": …, "line": N}`. Returns `.problems` when any line failed or `body` said so.
func streamJSONLines(
    _ path: String,
    _ body: (_ userInfo: JSONObject, _ byteCount: Int, _ line: Int) throws(CLIError) -> (JSONValue, ok: Bool)
) throws(CLIError) -> ExitCode {
    let reader = try LineReader(path: path)
    var lineNumber = 0
    var allOK = true
    while let line = reader.nextLine() {
        lineNumber += 1
        do throws(CLIError) {
            let userInfo = try parseUserInfo(line)
            let (result, ok) = try body(userInfo, line.count, lineNumber)
            if !ok { allOK = false }
            stdoutStream.writeLine(result)
        } catch {
            allOK = false
            stdoutStream.writeLine(.object(["error": .string(error.message), "line": .int(lineNumber)]))
        }
    }
    return allOK ? .success : .problems
}
