import PushBridge
import PushBridgeVendors

enum VendorsCommand: Command {
    static let name = "vendors"
    static let summary = "List the registered vendors and what each supports"
    static let help = """
        Usage: bridge-cli vendors [--table]

        Prints one JSON line per registered vendor: its id, name, what it supports, its receipt event names and
        the settings it takes (--vendor-config ID.KEY=VALUE on simulate, preview and flush).
        With --table, a terminal table: one row per vendor (the real vendors first, then the seed ones), one
        column per capability; then one row per setting: the vendor, the key, its type (text, or flag: true or
        false) and what it means.
        """
    static let valuedOptions: Set<String> = []
    static let flagOptions: Set<String> = ["table"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("vendors takes no input") }
        if arguments.has("table") {
            // Tables put the real vendors first; the JSON lines keep registration order (docs/DECISIONS.md).
            let adapters = BuiltInVendors.realFirst(registry.adapters)
            stdoutStream.write(table(adapters))
            stdoutStream.write("\n" + settingsTable(adapters))
            return .success
        }
        for adapter in registry.adapters {
            var events: [JSONValue] = []
            for entry in adapter.eventTable where !events.contains(.string(entry.event)) { events.append(.string(entry.event)) }
            stdoutStream.writeLine(.object([
                "id": .string(adapter.id), "name": .string(adapter.name), "supports": adapter.capabilities.json,
                "events": .array(events),
                "settings": .array(adapter.profile.settings.map { setting in
                    .object([
                        "key": .string(setting.name), "type": .string(setting.kind.rawValue),
                        "meaning": .string(setting.meaning),
                    ])
                }),
            ]))
        }
        return .success
    }

    /// One row per vendor: id, name, buttons, and the capabilities as yes/no.
    static func table(_ adapters: [any VendorAdapter]) -> String {
        func yes(_ flag: Bool) -> String { flag ? "yes" : "—" }
        var rows = [["id", "name", "buttons", "button links", "text input", "actions", "images", "tap on a button"]]
        for adapter in adapters {
            let supports = adapter.capabilities
            rows.append([
                adapter.id, adapter.name, String(supports.maxButtons), yes(supports.buttonDeepLinks),
                yes(supports.textInput), yes(supports.namedActions), yes(supports.images),
                supports.buttonRouting.rawValue,
            ])
        }
        return TextTable.render(rows)
    }

    /// One row per setting of each vendor that takes any: `ID.KEY`, its type and meaning.
    static func settingsTable(_ adapters: [any VendorAdapter]) -> String {
        var rows = [["setting", "type", "meaning"]]
        for adapter in adapters {
            for setting in adapter.profile.settings {
                rows.append([adapter.id + "." + setting.name, setting.kind.rawValue, setting.meaning])
            }
        }
        return TextTable.render(rows)
    }
}
