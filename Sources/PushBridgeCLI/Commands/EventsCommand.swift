import PushBridge

enum EventsCommand: Command {
    static let name = "events"
    static let summary = "Print each vendor's receipt table (normalised kind → event name)"
    static let help = """
        Usage: bridge-cli events [--vendor ID | --vendors a,b,…] [--table]

        Prints one JSON line per vendor: {"vendor","name","events":[{"kind","event","when","properties"}]}.
        With --table, a terminal table: one row per receipt kind, one column per vendor (without --vendors, the
        real vendors first, then the seed ones); a table wider than the terminal ($COLUMNS, else 100) is
        printed as several, each with the kind column.
        """
    static let valuedOptions: Set<String> = ["vendor", "vendors"]
    static let flagOptions: Set<String> = ["table"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("events takes no input") }
        // Without --vendors, a table puts the real vendors first; the JSON lines keep registration order.
        var adapters = try listedAdapters(arguments, realFirst: arguments.has("table"))
        if let vendor = arguments.value("vendor") { adapters = [try requireAdapter(vendor)] }
        if arguments.has("table") {
            var rows = [["kind"] + adapters.map(\.name)]
            for kind in ReceiptKind.allCases {
                let cells = adapters.map { adapter in
                    let events = adapter.eventTable.filter { $0.kind == kind }.map(\.event)
                    return events.isEmpty ? "—" : events.joined(separator: " / ")
                }
                rows.append([kind.rawValue] + cells)
            }
            stdoutStream.write(TextTable.render(rows))
            return .success
        }
        for adapter in adapters { stdoutStream.writeLine(adapter.eventTableJSON) }
        return .success
    }
}
