import PushBridge

enum CompareCommand: Command {
    static let name = "compare"
    static let summary = "Show one notification as every vendor would send it, side by side"
    static let help = """
        Usage: bridge-cli compare [--vendors a,b,…] [--from ID] [--table] FILE|-

        Prints {"source":ID,"bridge":{…},"vendors":[{"vendor":ID,"userInfo":{…},"losses":[…]}]}: the payload
        translated into every vendor (or the listed ones). With --table, a terminal table: one row per
        bridge-form field, one column per vendor, a field the vendor cannot carry marked "✗ lost".
        """
    static let valuedOptions: Set<String> = ["vendors", "from", "vendor"]
    static let flagOptions: Set<String> = ["table", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        var targets = registry.adapters
        if let ids = arguments.list("vendors") {
            targets = []
            for id in ids { targets.append(try requireAdapter(id)) }
        }
        let (_, userInfo) = try loadUserInfo(input)
        let source = try resolveAdapter(userInfo, vendor: arguments.value("from") ?? arguments.value("vendor"))
        let translations = targets.map { Translator.translate(userInfo, from: source, to: $0) }
        if let first = translations.first { printDiagnostics(first.diagnostics) }
        if arguments.has("table") {
            stdoutStream.write(ComparisonTable.render(translations))
            return .success
        }
        stdoutStream.writeLine(.object([
            "source": .string(source.id), "bridge": source.decode(userInfo).payload.bridgeJSON,
            "vendors": .array(translations.map {
                .object(["vendor": .string($0.target), "userInfo": .object($0.userInfo), "losses": .array($0.losses.map(\.json))])
            }),
        ]), pretty: arguments.has("pretty"))
        return .success
    }
}

/// The `compare --table` view: one row per bridge-form field, one column per vendor.
enum ComparisonTable {
    static let cellWidth = 20

    static func render(_ translations: [Translation]) -> String {
        guard let first = translations.first else { return "" }
        let source = flatten(first.payload.bridgeJSON, prefix: "")
        var rows = [["field"] + translations.map(\.target)]
        for (path, value) in source where path != "vendor" {
            var cells = [path]
            for translation in translations {
                let lost = translation.losses.contains { loss in
                    let lossPath = String(loss.path.dropFirst(2))
                    return path == lossPath || path.hasPrefix(lossPath + ".") || path.hasPrefix(lossPath + "[")
                }
                cells.append(lost ? "✗ lost" : clip(value))
            }
            rows.append(cells)
        }
        return TextTable.render(rows)
    }

    private static func clip(_ text: String) -> String {
        text.count <= cellWidth ? text : String(text.prefix(cellWidth - 1)) + "…"
    }

    /// Leaf values of a JSON value with dotted paths (`alert.title`, `buttons[0].id`), in canonical order.
    static func flatten(_ value: JSONValue, prefix: String) -> [(String, String)] {
        switch value {
        case .object(let members) where !members.isEmpty:
            return JSONWriter.sortedKeys(members).flatMap { key in
                flatten(members[key]!, prefix: prefix.isEmpty ? key : prefix + "." + key)
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
