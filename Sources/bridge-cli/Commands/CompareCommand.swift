import PushBridge

enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Show one notification as every vendor would send it, side by side"
    static let help = """
        Usage: bridge-cli compare [--vendors a,b,…] [--from ID] [--table] FILE|-

        Prints {"source":ID,"bridge":{…},"vendors":[{"vendor":ID,"userInfo":{…},"losses":[…]}]}: the payload
        translated into every vendor (or the listed ones). With --table, a terminal table: one row per
        bridge-form field, one column per vendor, a field the vendor cannot carry marked "✗ lost"; lines
        fit in 100 columns ($COLUMNS when set): more vendors than fit are printed as several tables.
        """
    static let valuedOptions: Set<String> = ["vendors", "from", "vendor"]
    static let flagOptions: Set<String> = ["table", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let targets = try listedAdapters(arguments)
        let (_, userInfo) = try loadUserInfo(input)
        let source = try resolveAdapter(userInfo, vendor: arguments.value("from") ?? arguments.value("vendor"))
        let translations = targets.map { Translator.translate(userInfo, from: source, to: $0, registry: registry) }
        if let first = translations.first { printDiagnostics(first.diagnostics) }
        if arguments.has("table") {
            stdoutStream.write(ComparisonTable.render(translations))
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

/// The `compare --table` view: one row per bridge-form field, one column per vendor, each cell the value
/// the vendor's own payload carries (decoded back), `✗ lost` where translation reported a loss, `—` where the
/// field is absent. Cells are clipped so four vendors fit in 100 columns; more vendors are printed as several
/// tables of at most 100 columns (or `COLUMNS`), each with the field column.
enum ComparisonTable {
    static let fieldWidth = 24
    static let cellWidth = 16

    static func render(_ translations: [Translation]) -> String {
        guard let first = translations.first else { return "" }
        let sourceFields = flatten(first.payload.bridgeJSON, prefix: JSONPath.root)
        var columns: [[String: String]] = []
        var order = sourceFields.map(\.0)
        for translation in translations {
            let carried = registry.adapter(id: translation.target).map {
                flatten($0.decodeClaimed(translation.userInfo).payload.bridgeJSON, prefix: JSONPath.root)
            } ?? []
            for (path, _) in carried where !order.contains(path) { order.append(path) }
            columns.append(Dictionary(carried, uniquingKeysWith: { first, _ in first }))
        }
        var rows = [["field"] + translations.map(\.target)]
        for path in order where path != "$.vendor" {
            var cells = [clipMiddle(String(path.dropFirst(2)), to: fieldWidth)]
            for (translation, column) in zip(translations, columns) {
                cells.append(translation.loses(path) ? "✗ lost" : clip(column[path] ?? "—", to: cellWidth))
            }
            rows.append(cells)
        }
        return TextTable.render(rows, width: TextTable.width(piped: 100))
    }

    /// `text` escaped for a terminal (the escapes counted in its width), then clipped.
    private static func clip(_ text: String, to width: Int) -> String {
        let text = text.escapedForDisplay
        return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Clips in the middle, so two long paths that differ only at the end stay apart.
    private static func clipMiddle(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        let head = (width - 1) / 2
        return String(text.prefix(head)) + "…" + String(text.suffix(width - 1 - head))
    }

    /// Leaf values of a JSON value with their JSON paths (`$.alert.title`, `$.buttons[0].id`), the same
    /// form losses use, in canonical order.
    static func flatten(_ value: JSONValue, prefix: String) -> [(String, String)] {
        switch value {
        case .object(let members) where !members.isEmpty:
            return JSONWriter.sortedKeys(members).flatMap { key in
                flatten(members[key]!, prefix: JSONPath.member(key, of: prefix))
            }
        case .array(let elements) where !elements.isEmpty:
            return elements.enumerated().flatMap { flatten($1, prefix: prefix + "[\($0)]") }
        case .string(let text):
            return [(prefix, text)]
        default:
            return [(prefix, JSONWriter.string(value))]
        }
    }
}
