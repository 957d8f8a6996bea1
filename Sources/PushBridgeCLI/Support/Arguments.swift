/// Parsed command-line arguments: positionals, options with values (repeatable) and flags.
struct Arguments {
    var positionals: [String] = []
    /// Every valued option given, in order: its name and its value at one index. Two string arrays, not a
    /// dictionary of lists: every command parses its arguments once, and a `[String: [String]]` costs a start-up
    /// its metadata, built at run time, for the few options a command line holds.
    private var valueNames: [String] = []
    private var values: [String] = []
    private var flags: Set<String> = []

    /// Parses `arguments` for a command that takes the `valued` options (`--to ID`) and `flags` (`--report`).
    /// `--name=value` works too; `-` is a positional (standard input). Every option is long: `-x` is an unknown
    /// option, not a file name (a path that starts with `-` goes after `--`, or as `./-x`).
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(CLIError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                if argument.hasPrefix("-"), argument != "-" { throw .usage("unknown option \(argument)") }
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            // In ASCII (every option name) `=` is found among the bytes: a character search costs a grapheme break
            // test per character.
            let equalsIndex = name.utf8.allSatisfy({ $0 < 0x80 })
                ? name.utf8.firstIndex(of: UInt8(ascii: "=")) : name.firstIndex(of: "=")
            if let equals = equalsIndex {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    valueNames.append(name)
                    values.append(inlineValue)
                } else {
                    guard index < arguments.count else { throw .usage("--\(name) needs a value") }
                    valueNames.append(name)
                    values.append(arguments[index])
                    index += 1
                }
            } else if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
                flags.insert(name)
            } else {
                throw .usage("unknown option --\(name)")
            }
        }
    }

    /// The last value of an option.
    func value(_ name: String) -> String? { valueNames.lastIndex(of: name).map { values[$0] } }

    /// Every value of a repeatable option.
    func all(_ name: String) -> [String] {
        var all: [String] = []
        for index in valueNames.indices where valueNames[index] == name { all.append(values[index]) }
        return all
    }

    /// Whether a flag was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The one input path (a file or `-`).
    func singleInput() throws(CLIError) -> String {
        guard positionals.count == 1 else {
            throw .usage(positionals.isEmpty ? "missing input: give a file path or - for standard input"
                                             : "expected one input, got \(positionals.count)")
        }
        return positionals[0]
    }

    /// A comma-separated list option, without empty items.
    func list(_ name: String) -> [String]? {
        guard let text = value(name) else { return nil }
        // Cut by hand rather than `split`: its `[Substring]` is one more array type to build metadata for at start-up.
        var items: [String] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (every list a command line usually holds): each byte is a character, so cutting at comma bytes
            // and trimming space and tab bytes is what the character loop below does, at a fraction of its cost.
            let bytes = Array(text.utf8)
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                var first = start, last = end
                while first < last, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
                while last > first, bytes[last - 1] == UInt8(ascii: " ") || bytes[last - 1] == UInt8(ascii: "\t") { last -= 1 }
                if first < last { items.append(String(decoding: bytes[first..<last], as: UTF8.self)) }
                start = end + 1
            }
            return items
        }
        var start = text.startIndex
        while true {
            let end = text[start...].firstIndex(of: ",") ?? text.endIndex
            let item = String(text[start..<end]).trimmingSpaces()
            if !item.isEmpty { items.append(item) }
            guard end < text.endIndex else { break }
            start = text.index(after: end)
        }
        return items
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars = scalars.dropFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
