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

/// A command that reads one payload, or JSON Lines of them (`--vendor ID`, `--jsonl [--jobs N]`,
/// `--pretty`): ``PayloadArguments`` gives its options.
protocol PayloadCommand: Command {}

extension PayloadCommand {
    static var valuedOptions: Set<String> { PayloadArguments.valuedOptions }
    static var flagOptions: Set<String> { PayloadArguments.flagOptions.union(["pretty"]) }
}
