/// Builds HTML text in which every piece of input is inert: text is escaped, attribute values are
/// escaped and double-quoted, and element and attribute names are only ever the caller's literals.
struct HTMLBuilder {
    private(set) var html = ""

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references: safe as element text and as a
    /// double- or single-quoted attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Opens `<tag class="…" name="value"…>`; `name`s are literals of this file, values are escaped.
    mutating func open(_ tag: StaticString, _ className: String? = nil, _ attributes: [(StaticString, String)] = []) {
        html += "<\(tag)"
        if let className { html += " class=\"\(Self.escape(className))\"" }
        for (name, value) in attributes { html += " \(name)=\"\(Self.escape(value))\"" }
        html += ">"
    }

    /// Closes `</tag>`.
    mutating func close(_ tag: StaticString) { html += "</\(tag)>" }

    /// Appends escaped text.
    mutating func text(_ text: String) { html += Self.escape(text) }

    /// Appends untrusted text isolated from the text around it (right-to-left text cannot reorder the page).
    mutating func input(_ text: String) {
        html += "<bdi>" + Self.escape(text) + "</bdi>"
    }

    /// `<tag class="…">text</tag>`, the text escaped.
    mutating func element(_ tag: StaticString, _ className: String? = nil, text: String) {
        open(tag, className)
        self.text(text)
        close(tag)
    }

    /// `<tag class="…"><bdi>input</bdi></tag>`, for untrusted text.
    mutating func element(_ tag: StaticString, _ className: String? = nil, input: String) {
        open(tag, className)
        self.input(input)
        close(tag)
    }

    /// Appends markup written in this file (never input).
    mutating func raw(_ markup: StaticString) { html += "\(markup)" }
}
