import PushBridge

enum VendorsCommand: Command {
    static let name = "vendors"
    static let summary = "List the registered vendors and what each supports"
    static let help = """
        Usage: bridge-cli vendors

        Prints one JSON line per registered vendor: its id, name, what it supports and its receipt event names.
        """
    static let valuedOptions: Set<String> = []
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("vendors takes no input") }
        for adapter in registry.adapters {
            var events: [JSONValue] = []
            for entry in adapter.eventTable where !events.contains(.string(entry.event)) { events.append(.string(entry.event)) }
            stdoutStream.writeLine(.object([
                "id": .string(adapter.id), "name": .string(adapter.name), "supports": adapter.capabilities.json,
                "events": .array(events),
            ]))
        }
        return .success
    }
}
