import PushBridge
import PushBridgeTools

enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Show one notification as every vendor would send it, side by side"
    static let help = """
        Usage: bridge-cli compare [--vendors a,b,…] [--from ID] [--table [--wide]] FILE|-

        Prints {"source":ID,"bridge":{…},"vendors":[{"vendor":ID,"userInfo":{…},"losses":[…]}]}: the payload
        translated into every vendor (or the listed ones). With --table, a terminal table: one row per
        bridge-form field, one column per vendor (without --vendors, the real vendors first, then the seed
        ones), a field the vendor cannot carry marked "✗ lost"; field names are cut at 24 characters and
        cells at 16 (--wide shows them whole); lines fit in 100 columns ($COLUMNS when set): more vendors
        than fit are printed as several tables.
        """
    static let valuedOptions: Set<String> = ["vendors", "from", "vendor"]
    static let flagOptions: Set<String> = ["table", "wide", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let table = arguments.has("table")
        if arguments.has("wide"), !table { throw .usage("--wide goes with --table") }
        // A table puts the real vendors first; the JSON keeps registration order (docs/DECISIONS.md).
        let targets = try listedAdapters(arguments, realFirst: table)
        let (_, userInfo) = try loadUserInfo(input)
        let source = try resolveAdapter(userInfo, vendor: arguments.value("from") ?? arguments.value("vendor"))
        let translations = targets.map { Translator.translate(userInfo, from: source, to: $0, registry: registry) }
        if let first = translations.first { printDiagnostics(first.diagnostics) }
        if table {
            // More vendors than fit are printed as several tables of at most 100 columns (or `COLUMNS`),
            // each with the field column.
            let rows = ComparisonTable.rows(translations, registry: registry, whole: arguments.has("wide"))
            if !rows.isEmpty { stdoutStream.write(TextTable.render(rows, width: TextTable.width(piped: 100))) }
            return .success
        }
        stdoutStream.writeLine(.object([
            "source": .string(source.id), "bridge": source.decodeClaimed(userInfo).payload.bridgeJSON,
            "vendors": .array(translations.map {
                .object(["vendor": .string($0.target), "userInfo": .object($0.userInfo), "losses": .array($0.losses.map(\.json))])
            }),
        ]), pretty: arguments.has("pretty"))
        return .success
    }
}
