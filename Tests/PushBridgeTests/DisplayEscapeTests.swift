@testable import PushBridge
import Testing

/// What `escapedForDisplay` and the JSON writer escape: every control (`Cc`) and format (`Cf`) character of
/// this toolchain's Unicode data, U+2028 and U+2029 — no more, no less (docs/HOSTILE-INPUT.md "Text on a
/// terminal").
@Suite("Display escaping")
struct DisplayEscapeTests {
    /// Every scalar of the categories escaped for display, read from the toolchain's Unicode data.
    static let escapedCategories: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]

    static let allScalars: [Unicode.Scalar] = (0...0x10FFFF).compactMap { Unicode.Scalar($0) }

    static let escapedScalars: [Unicode.Scalar] = allScalars.filter {
        escapedCategories.contains($0.properties.generalCategory)
    }

    @Test("the escaped set is exactly Cc, Cf, U+2028 and U+2029 of the toolchain's Unicode data")
    func predicateMatchesUnicodeData() {
        let escaped = Set(Self.escapedScalars)
        #expect(escaped.contains("\u{202E}") && escaped.contains("\u{E0001}") && escaped.contains("\u{2028}"))
        #expect(Self.escapedScalars.filter { $0.properties.generalCategory == .format }.count >= 170)
        let wrong = Self.allScalars.filter { $0.isEscapedForDisplay != escaped.contains($0) }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0.value, radix: 16) })")
    }

    /// What the writer must produce for `scalar` inside a JSON string.
    static func jsonEscape(_ scalar: Unicode.Scalar) -> String {
        func unit(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{8}": return "\\b"
        case "\u{C}": return "\\f"
        case "\u{7F}": return "\u{7F}"  // DEL stays raw (RFC 8259 allows it; the ASCII fast path never looks for it)
        default:
            guard Self.escapedCategories.contains(scalar.properties.generalCategory) else { return String(scalar) }
            guard scalar.value >= 0x1_0000 else { return unit(scalar.value) }
            let offset = scalar.value - 0x1_0000
            return unit(0xD800 + (offset >> 10)) + unit(0xDC00 + (offset & 0x3FF))
        }
    }

    @Test("every scalar: the escaped set as \\uXXXX (astral: surrogate pair), the rest raw; parses back")
    func writerEscapesEveryFormatCharacter() throws {
        // All 1,112,064 scalars in one string (every fast and slow path sees escaped and plain neighbours).
        var text = ""
        var expected = "\""
        for scalar in Self.allScalars {
            text.unicodeScalars.append(scalar)
            expected += Self.jsonEscape(scalar)
        }
        expected += "\""
        let written = JSONWriter.string(.string(text))
        #expect(written == expected)
        #expect(try JSONParser.parse(Array(written.utf8)).stringValue?.unicodeScalars.elementsEqual(text.unicodeScalars) == true)
    }

    @Test("each escaped scalar, padded short and long, as value and key: escaped, parses back",
          arguments: Array(0...40))
    func writerEscapesEachScalar(padding: Int) throws {
        let pad = String(repeating: "é", count: padding / 2) + String(repeating: "a", count: padding % 2)
        for scalar in Self.escapedScalars {
            let text = pad + String(scalar) + pad
            let value = JSONValue.object([text: .array([.string(String(scalar)), .string(text)])])
            for written in [JSONWriter.string(value), JSONWriter.string(value, pretty: true)] {
                // Pretty text has its own line breaks; DEL stays raw.
                #expect(!written.unicodeScalars.contains { $0.isEscapedForDisplay && $0 != "\n" && $0 != "\u{7F}" },
                        "U+\(String(scalar.value, radix: 16)) padded \(padding)")
                #expect(written.contains(Self.jsonEscape(scalar)))
                #expect(try JSONParser.parse(Array(written.utf8)) == value)
            }
            var bytes: [UInt8] = []
            JSONWriter.writeString(text, into: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\"" + pad + Self.jsonEscape(scalar) + pad + "\"")
        }
    }

    @Test("other scalars keep their UTF-8 bytes, next to the lead bytes the escaped ones share")
    func writerKeepsOtherText() {
        // Every other scalar from U+0020 on, in one string with nothing to escape: copied whole, byte for byte.
        var plain = ""
        for scalar in Self.allScalars where scalar.value >= 0x20 && scalar != "\"" && scalar != "\\"
            && !Self.escapedCategories.contains(scalar.properties.generalCategory) {
            plain.unicodeScalars.append(scalar)
        }
        #expect(JSONWriter.bytes(.string(plain)) == [0x22] + Array(plain.utf8) + [0x22])
        let texts = ["Распродажа! −70% 🔥", "週末セール開催中 — 今晚", "مرحبا بالعالم", "ܫܠܡܐ", "e\u{301}", "\u{A0}\u{FEFE}\u{FFFD}\u{10FFFF}",
                     "👨\u{1F3FB}", "\u{E0100}", "\u{2027}\u{202F}\u{2065}"]
        for text in texts {
            #expect(JSONWriter.string(.string(text)) == "\"" + text + "\"", "\(text)")
        }
        // U+2065 is unassigned (Cn), not Cf: kept.
        #expect(!Unicode.Scalar(0x2065)!.isEscapedForDisplay)
    }

    @Test("escapedForDisplay writes each escaped scalar as \\u{…} in lowercase hex and leaves the rest")
    func displayEscaping() {
        for scalar in Self.escapedScalars {
            let text = "a" + String(scalar) + "é"
            #expect(text.escapedForDisplay == "a\\u{" + String(scalar.value, radix: 16) + "}é")
        }
        #expect("key\u{202E}gnp.exe".escapedForDisplay == "key\\u{202e}gnp.exe")
        #expect("line\nbreak\u{2029}".escapedForDisplay == "line\\u{a}break\\u{2029}")
        let plain = "週末セール — 👨 no\\u{escape} ܫܠܡܐ"
        #expect(plain.escapedForDisplay == plain)
        #expect("👨\u{200D}👩".escapedForDisplay == "👨\\u{200d}👩")
    }

    @Test("a diagnostic's message and a loss's reason are escaped for display when made")
    func diagnosticAndLossEscaped() {
        let diagnostic = Diagnostic(.info, code: "x", message: "key '\u{202E}txt.exe' \u{2066}")
        #expect(diagnostic.message == "key '\\u{202e}txt.exe' \\u{2066}")
        #expect(!diagnostic.description.unicodeScalars.contains("\u{202E}"))
        let loss = Loss(path: JSONPath.member("k\u{202E}", of: "$.ignored"), value: "v\u{202E}", reason: "no field for '\u{202E}k'")
        #expect(loss.reason == "no field for '\\u{202e}k'")
        #expect(loss.path == #"$.ignored["k\u202e"]"#)
        #expect(JSONWriter.string(loss.json).contains(#""value":"v\u202e""#))
    }

    @Test("the word-at-a-time screens mark exactly the bytes they name, at every place of a word")
    func wordScreens() {
        // Every pair of bytes at every place of a word, the other bytes ASCII or bytes next to the marked ones.
        let fillers: [UInt8] = [0x41, 0xE0, 0xF0, 0xA2, 0x9F, 0xC2, 0xE1, 0xA0, 0xAD]
        for first in 0...255 {
            for second in 0...255 {
                for place in 0..<7 {
                    var bytes = [UInt8](repeating: fillers[(first + second + place) % fillers.count], count: 8)
                    bytes[place] = UInt8(first)
                    bytes[place + 1] = UInt8(second)
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    var expectedPlain: UInt64 = 0
                    var expectedLeads: UInt64 = 0
                    for lane in 0..<8 {
                        let byte = bytes[lane]
                        if byte == 0xC2 || (0xD8...0xE2).contains(byte) || (0xEF...0xF3).contains(byte) {
                            expectedLeads |= 0x80 << (8 * UInt64(lane))
                        }
                        guard lane < 7 else { continue }
                        let next = bytes[lane + 1]
                        if byte == 0xE0 && next != 0xA2 && next != 0xA3 || byte == 0xE1 && next != 0xA0
                            || byte == 0xF0 && next == 0x9F {
                            expectedPlain |= 0x80 << (8 * UInt64(lane))
                        }
                    }
                    if DisplayEscape.leadsOfPlainText(word) != expectedPlain || DisplayEscape.possibleLeads(word) != expectedLeads {
                        Issue.record("bytes \(bytes)")
                        return
                    }
                }
            }
        }
    }
}
