import PushBridge

enum DiagnosticsCommand: Command {
    static let name = "diagnostics"
    static let summary = "List every diagnostic code PushBridge emits, its severities and meaning"
    static let help = """
        Usage: bridge-cli diagnostics [--markdown]

        Prints one JSON line per diagnostic code PushBridge emits: its code, the severities it is emitted at
        (least severe first) and its meaning in one sentence.
        With --markdown, the reference page docs/DIAGNOSTICS.md (CI regenerates it and fails when it differs).
        """
    static let valuedOptions: Set<String> = []
    static let flagOptions: Set<String> = ["markdown"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("diagnostics takes no input") }
        if arguments.has("markdown") {
            stdoutStream.write(DiagnosticCatalog.markdown)
            return .success
        }
        for entry in DiagnosticCatalog.entries {
            stdoutStream.writeLine(members: [
                ("code", .string(entry.code.rawValue)),
                ("severities", .array(entry.severities.map { .string($0.rawValue) })),
                ("meaning", .string(entry.meaning)),
            ])
        }
        return .success
    }
}
