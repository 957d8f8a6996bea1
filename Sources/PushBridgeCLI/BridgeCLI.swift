import PushBridge
import PushBridgeSystem

/// `bridge-cli` as a library: every command over the vendors a program registers. A tool of your own with your
/// adapter beside the built-in ones is one call, `BridgeCLI.main(vendors: BuiltInVendors.all + [MyAdapter()])`,
/// in the `main.swift` of an executable target that depends on the `PushBridgeCLI` product.
public enum BridgeCLI {
    /// Runs the command the process's arguments name over `vendors` (registration order: detection, tables and
    /// `--vendor`, `--from`, `--to` see them in it) and exits with its status. Two vendors with one id exit 2
    /// naming it. `send` serves the vendors with a built-in send adapter.
    @MainActor public static func main(vendors: [any VendorAdapter]) -> Never {
        exit(run(Array(CommandLine.arguments.dropFirst()), vendors: vendors))
    }

    /// Runs the command `arguments` name (the arguments without the program name) over `vendors`, flushes
    /// stdout and stderr, and returns the exit status.
    @MainActor public static func run(_ arguments: [String], vendors: [any VendorAdapter]) -> Int32 {
        // A loop, not `map(\.id).first(where:)`: every start runs this, and a key path is built at run time, and a
        // closure made here (main-actor code) checks its executor at every call.
        var seen = Set<String>()
        var duplicate: String?
        for vendor in vendors where !seen.insert(vendor.id).inserted {
            duplicate = vendor.id
            break
        }
        let status: Int32
        if let duplicate {
            stderrStream.write("bridge-cli: error: two vendors have the id '\(duplicate.escapedForDisplay)'; "
                + "register each vendor once, under an id of its own\n")
            status = ExitCode.usage.rawValue
        } else {
            status = CLIVendors.$registry.withValue(VendorRegistry(vendors)) { dispatch(arguments) }
        }
        stdoutStream.flush()
        stderrStream.flush()
        return status
    }
}

/// Every subcommand, in the order `--help` lists them.
var commands: [any Command.Type] { [
    VendorsCommand.self, DetectCommand.self, NormalizeCommand.self, TranslateCommand.self, CompareCommand.self,
    PreviewCommand.self, SimulateCommand.self, EventsCommand.self, ValidateCommand.self, ConformanceCommand.self,
    CategoriesCommand.self, FlushCommand.self, DiagnosticsCommand.self, SendCommand.self, MigrateCommand.self,
] }

let overview: String = {
    var text = """
        bridge-cli — one push notification, every vendor's way (PushBridge)

        Usage: bridge-cli <command> [options] FILE|-

        Commands:

        """
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
        text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
    }
    text += """

        Global options (before or after the command): --quiet leaves out info diagnostics on stderr (warnings
        and errors stay). 'bridge-cli --version' (or 'version') prints the version.
        Run 'bridge-cli <command> --help' for a command's options.
        Exit codes: 0 success, 1 validation problems or failures, 2 usage error, 3 no vendor (or two) claims
        the payload, 65 input is not valid JSON or not an object, 66 input cannot be read.

        """
    return text
}()

/// The subcommand called `name`. Not main-actor code: a closure made in ``dispatch(_:)`` would check its executor
/// at every call. A switch over ``commands``' names rather than a search of that list: running a command then
/// builds no `[any Command.Type]`, whose metadata a start-up builds at run time (the help tests run each command the
/// list names, so the two agree).
func subcommand(named name: String) -> (any Command.Type)? {
    switch name {
    case VendorsCommand.name: VendorsCommand.self
    case DetectCommand.name: DetectCommand.self
    case NormalizeCommand.name: NormalizeCommand.self
    case TranslateCommand.name: TranslateCommand.self
    case CompareCommand.name: CompareCommand.self
    case PreviewCommand.name: PreviewCommand.self
    case SimulateCommand.name: SimulateCommand.self
    case EventsCommand.name: EventsCommand.self
    case ValidateCommand.name: ValidateCommand.self
    case ConformanceCommand.name: ConformanceCommand.self
    case CategoriesCommand.name: CategoriesCommand.self
    case FlushCommand.name: FlushCommand.self
    case DiagnosticsCommand.name: DiagnosticsCommand.self
    case SendCommand.name: SendCommand.self
    case MigrateCommand.name: MigrateCommand.self
    default: nil
    }
}

/// Runs the command `arguments` name (the tool's arguments without the program name).
@MainActor func dispatch(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    guard let name = arguments.first else {
        stderrStream.write("bridge-cli: error: no command. Usage: bridge-cli <command> [options] FILE|-; "
            + "run 'bridge-cli --help' for the commands\n")
        return ExitCode.usage.rawValue
    }
    arguments.removeFirst()
    if name == "--quiet" {
        // A global flag before the command: the same as after it.
        quietDiagnostics = true
        return dispatch(arguments)
    }
    if name == "--version" || name == "version" {
        guard arguments.isEmpty else {
            stderrStream.write("bridge-cli: error: --version takes no arguments\n")
            return ExitCode.usage.rawValue
        }
        stdoutStream.write("bridge-cli \(bridgeCLIVersion)\n")
        return ExitCode.success.rawValue
    }
    if name == "--help" || name == "-h" || name == "help" {
        if let topic = arguments.first, let command = subcommand(named: topic) {
            stdoutStream.write(command.help + "\n")
        } else {
            stdoutStream.write(overview)
        }
        return ExitCode.success.rawValue
    }
    guard let command = subcommand(named: name) else {
        stderrStream.write(
            "bridge-cli: error: unknown command '\(name.escapedForDisplay)'; run 'bridge-cli --help' for the list\n")
        return ExitCode.usage.rawValue
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        stdoutStream.write(command.help + "\n")
        return ExitCode.success.rawValue
    }
    do throws(CLIError) {
        let parsed = try Arguments(arguments, valued: command.valuedOptions, flags: command.flagOptions.union([quietFlag]))
        if parsed.has(quietFlag) { quietDiagnostics = true }
        return try command.run(parsed).rawValue
    } catch {
        if error.code != .problems { discardStandardOutput() }
        stderrStream.write("bridge-cli \(name): error: \(error.message.escapedForDisplay)\n")
        return error.code.rawValue
    }
}

/// On an error nothing else is printed to stdout: drop what a command buffered before failing.
func discardStandardOutput() {
    OutputStream.standardOutput.discard()
}
