import PushBridge

/// Builds HTML text in which every piece of input is inert: text is escaped, attribute values are
/// escaped and double-quoted, and element and attribute names are only ever the caller's literals.
///
/// The builder is bounded: past ``limit`` bytes it appends nothing more and sets ``exceeded``. Input text is
/// drawn cut to a number of characters, and each text cut short is kept once (``clipped``) to be shown in full.
struct HTMLBuilder {
    private(set) var html = ""
    /// The most bytes of HTML the builder holds.
    let limit: Int
    /// Whether something was not appended because it would have passed ``limit``.
    private(set) var exceeded = false
    /// The texts drawn cut short, each once in the order first cut, with the place it was first cut in.
    private(set) var clipped: [(place: String, text: String)] = []
    private var clippedTexts: Set<String> = []

    /// The longest attribute value written, in characters (attribute values are never shown).
    static let attributeLimit = 400

    /// A builder that holds at most `limit` bytes of HTML.
    init(limit: Int = .max) { self.limit = limit }

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

    /// `text` cut to `limit` characters (at least one), its last one "…"; nil when `text` is no longer.
    static func cut(_ text: String, to limit: Int) -> String? {
        guard let end = text.index(text.startIndex, offsetBy: max(limit, 1), limitedBy: text.endIndex),
              end != text.endIndex else { return nil }
        return String(text[..<text.index(before: end)]) + "…"
    }

    /// `text` cut to `limit` characters (see ``cut(_:to:)``); a text cut short is kept in ``clipped`` (once),
    /// named by `place`, unless `place` is nil.
    mutating func clip(_ text: String, to limit: Int, place: String?) -> String {
        guard let shown = Self.cut(text, to: limit) else { return text }
        if let place { keepInFull(text, place: place) }
        return shown
    }

    /// Records `text` as drawn in another form at `place` (a badge drawn as `9999+`), to be shown in full.
    mutating func keepInFull(_ text: String, place: String) {
        if clippedTexts.insert(text).inserted { clipped.append((place, text)) }
    }

    /// Appends `markup` unless it would pass ``limit`` (then nothing more is appended).
    private mutating func append(_ markup: String) {
        guard !exceeded else { return }
        guard html.utf8.count + markup.utf8.count <= limit else {
            exceeded = true
            return
        }
        html += markup
    }

    /// Opens `<tag class="…" name="value"…>`; `name`s are literals of this file, values are escaped (and cut to
    /// ``attributeLimit`` characters).
    mutating func open(_ tag: StaticString, _ className: String? = nil, _ attributes: [(StaticString, String)] = []) {
        guard !exceeded else { return }
        var markup = "<\(tag)"
        if let className { markup += " class=\"\(Self.escape(className))\"" }
        for (name, value) in attributes {
            markup += " \(name)=\"\(Self.escape(Self.cut(value, to: Self.attributeLimit) ?? value))\""
        }
        append(markup + ">")
    }

    /// Closes `</tag>`.
    mutating func close(_ tag: StaticString) { append("</\(tag)>") }

    /// Appends escaped text written by the page (never input).
    mutating func text(_ text: String) {
        guard !exceeded else { return }
        append(Self.escape(text))
    }

    /// Appends untrusted text isolated from the text around it (right-to-left text cannot reorder the page),
    /// cut to `limit` characters (see ``clip(_:to:place:)``; nil `place`: not kept in full).
    mutating func input(_ text: String, limit: Int, place: String?) {
        guard !exceeded else { return }
        append("<bdi>" + Self.escape(clip(text, to: limit, place: place)) + "</bdi>")
    }

    /// `<tag class="…">text</tag>`, the text escaped.
    mutating func element(_ tag: StaticString, _ className: String? = nil, text: String) {
        open(tag, className)
        self.text(text)
        close(tag)
    }

    /// `<tag class="…"><bdi>input</bdi></tag>`, for untrusted text cut to `limit` characters.
    mutating func element(_ tag: StaticString, _ className: String? = nil, input: String, limit: Int, place: String?) {
        open(tag, className)
        self.input(input, limit: limit, place: place)
        close(tag)
    }

    /// Appends markup written in this file (never input).
    mutating func raw(_ markup: StaticString) { append("\(markup)") }
}
