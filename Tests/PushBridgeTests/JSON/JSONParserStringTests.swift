import PushBridge
import PushBridgeTestSupport
import Testing

/// The error `parse` throws for `bytes`, or nil when they parse.
private func parseError(_ bytes: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("JSONParser strings")
struct JSONParserStringTests {
    /// Scalars of every UTF-8 length, and the ones JSON must escape.
    private static let scalars: [Unicode.Scalar] = [
        "a", "Z", "0", " ", "/", "\"", "\\", "\u{0}", "\u{1F}", "\n", "\t", "\u{7F}", "\u{80}", "é", "Ж", "\u{7FF}",
        "\u{800}", "中", "東", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}", "\u{10000}", "😀", "🚀", "\u{10FFFF}",
    ]

    /// `scalar` as JSON string text, chosen at random among the forms that mean it: raw UTF-8 (when allowed), a short
    /// escape, or `\u` with upper- or lowercase digits (a surrogate pair beyond U+FFFF).
    private static func encoded(_ scalar: Unicode.Scalar, using generator: inout SplitMix64) -> String {
        func hex(_ unit: UInt16) -> String {
            let digits = String(unit, radix: 16, uppercase: Bool.random(using: &generator))
            return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
        }
        let short: [Unicode.Scalar: String] = [
            "\"": "\\\"", "\\": "\\\\", "/": "\\/", "\u{8}": "\\b", "\u{C}": "\\f",
            "\n": "\\n", "\r": "\\r", "\t": "\\t",
        ]
        let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\"
        switch Int.random(in: 0..<3, using: &generator) {
        case 0 where !mustEscape: return String(scalar)
        case 1 where short[scalar] != nil: return short[scalar]!
        default: return String(scalar).utf16.map(hex).joined()
        }
    }

    @Test("strings written in any mix of raw UTF-8 and escapes read back as the same strings, equal and hashed alike")
    func randomStringsReadBackExactly() throws {
        for seed in 0..<400 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            let length = Int.random(in: 0...40, using: &generator)
            var expected = String.UnicodeScalarView()
            var text = "\""
            for _ in 0..<length {
                let scalar = Self.scalars.randomElement(using: &generator)!
                expected.append(scalar)
                text += Self.encoded(scalar, using: &generator)
            }
            text += "\""
            let string = String(expected)
            // As a value, as a key, and at the very end of the input (the last bytes are read one at a time).
            let parsed = try JSONParser.parse(Array(text.utf8))
            #expect(parsed == .string(string), "seed \(seed): \(text)")
            #expect(parsed.stringValue?.hashValue == string.hashValue, "seed \(seed)")
            #expect(parsed.stringValue?.utf8.elementsEqual(string.utf8) == true, "seed \(seed)")
            let object = try JSONParser.parse(Array("{\(text):[\(text)]}".utf8))
            #expect(object[string] == .array([.string(string)]), "seed \(seed): \(text)")
            #expect(object.objectValue?.keys.first.map { Set([$0]).contains(string) } == true, "seed \(seed)")
            #expect(JSONWriter.bytes(parsed) == JSONWriter.bytes(.string(string)), "seed \(seed)")
        }
    }

    @Test("strings of 0–20 ASCII or non-ASCII bytes, the short ones made in the small form, compare as literals do")
    func shortStrings() throws {
        for length in 0...20 {
            for unit in ["k", "é", "中"] {
                let string = String(repeating: unit, count: length / unit.utf8.count)
                let parsed = try JSONParser.parse(Array("[\"\(string)\",\"\(string)x\"]".utf8))
                #expect(parsed == .array([.string(string), .string(string + "x")]), "\(unit) × \(length)")
                #expect(parsed.arrayValue?.first?.stringValue.map { $0 < string + "x" } == true)
                #expect(parsed.arrayValue?.first?.stringValue?.hashValue == string.hashValue)
            }
        }
    }

    @Test("a decomposed é, raw or escaped, short or long, equals the precomposed one as Swift strings do")
    func canonicalEquivalence() throws {
        for padding in ["", String(repeating: "p", count: 20)] {
            for text in ["e\u{301}", "e\\u0301", "\\u0065\\u0301"] {
                let parsed = try JSONParser.parse(Array("\"\(padding)\(text)\"".utf8))
                #expect(parsed.stringValue == padding + "\u{E9}", "\(padding.count) + \(text)")
                #expect(parsed.stringValue?.hashValue == (padding + "\u{E9}").hashValue, "\(padding.count) + \(text)")
            }
        }
    }

    @Test("each \\u hex digit is read at its value and any other ASCII byte is rejected, whatever its place and case")
    func hexDigits() throws {
        for (digits, scalar) in [("00e9", "é"), ("00E9", "é"), ("4E2d", "中"), ("0041", "A"), ("fFfD", "\u{FFFD}")] {
            #expect(try JSONParser.parse(Array("\"\\u\(digits)\"".utf8)) == .string(scalar), "\(digits)")
        }
        // Every ASCII byte at every place: the hex digits decode to their value, any other byte is rejected.
        let hexDigits = Array("0123456789abcdefABCDEF".utf8)
        for place in 0..<4 {
            for byte in UInt8(0)...0x7F where hexDigits.contains(byte) {
                var digits = Array("0000".utf8)
                digits[place] = byte
                let value = Int(String(decoding: [byte], as: UTF8.self), radix: 16)! << (4 * (3 - place))
                let expected = String(Unicode.Scalar(UInt32(value))!)
                #expect(try JSONParser.parse(Array("\"\\u".utf8) + digits + Array("\"".utf8)) == .string(expected),
                        "0x\(String(byte, radix: 16)) at \(place)")
            }
            for byte in UInt8(0)...0x7F where !hexDigits.contains(byte) {
                var digits = Array("00e9".utf8)
                digits[place] = byte
                let bytes = Array("[\"ab\\u".utf8) + digits + Array("\"]".utf8)
                let error = try #require(parseError(bytes), "0x\(String(byte, radix: 16)) at \(place)")
                #expect(error.kind == .invalidEscape, "0x\(String(byte, radix: 16)) at \(place)")
                #expect(error.offset == 4, "0x\(String(byte, radix: 16)) at \(place)")
                #expect(error.message == "\\u must be followed by four hex digits")
            }
        }
        // A digit that is a non-ASCII character is not hex; the text is valid UTF-8, so the escape is the error.
        let accented = try #require(parseError(Array("[\"\\u00é9\"]".utf8)))
        #expect(accented.kind == .invalidEscape)
        #expect(accented.offset == 2)
    }

    @Test("runs of \\u escapes decode alike wherever they start and end, and a bad digit or lone surrogate is found at its own escape")
    func escapeRuns() throws {
        // Escapes and what they decode to; a surrogate pair is one entry.
        let escapes: [(text: String, scalar: String)] = [
            ("\\u00e9", "é"), ("\\u4E2D", "中"), ("\\ud83d\\uDE00", "😀"), ("\\u0041", "A"), ("\\u0416", "Ж"),
            ("\\uFFFD", "\u{FFFD}"), ("\\u0000", "\u{0}"), ("\\uffff", "\u{FFFF}"), ("\\u007F", "\u{7F}"),
        ]
        // Every run from every start, at the end of the string and followed by more text or another escape.
        for start in 0..<escapes.count {
            for end in start...escapes.count {
                let run = escapes[start..<end]
                for (tail, decodedTail) in [("", ""), ("xyz", "xyz"), ("\\n", "\n")] {
                    let text = run.map(\.text).joined() + tail
                    let parsed = try JSONParser.parse(Array("[\"\(text)\"]".utf8))
                    #expect(parsed == .array([.string(run.map(\.scalar).joined() + decodedTail)]), "\(text)")
                }
            }
        }
        // A digit that is not hex, at each place of each escape of a run of four: the error is at that escape.
        let plain = ["00e9", "4e2d", "0416", "0041"]
        for broken in 0..<plain.count {
            for place in 0..<4 {
                var digits = plain.map { Array($0.utf8) }
                digits[broken][place] = UInt8(ascii: "g")
                let bytes = Array("[\"ab".utf8) + digits.flatMap { Array("\\u".utf8) + $0 } + Array("\"]".utf8)
                let error = try #require(parseError(bytes), "escape \(broken), digit \(place)")
                #expect(error.kind == .invalidEscape, "escape \(broken), digit \(place)")
                #expect(error.offset == 4 + 6 * broken, "escape \(broken), digit \(place)")
                #expect(error.message == "\\u must be followed by four hex digits")
            }
        }
        // A lone surrogate before or after a plain scalar, high or low.
        for (run, offset) in [("\\u0041\\ud83d\\u0041", 10), ("\\ud83d\\u0041", 4), ("\\u0041\\udc00", 10),
                              ("\\udc00\\u0041", 4), ("\\u0041\\u0042\\ude00", 16)] {
            let error = try #require(parseError(Array("[\"ab\(run)\"]".utf8)), "\(run)")
            #expect(error.kind == .invalidEscape, "\(run)")
            #expect(error.offset == offset, "\(run)")
            #expect(error.message == "lone UTF-16 surrogate in a \\u escape", "\(run)")
        }
    }

    /// The offset of the first byte of `bytes` that does not begin a valid UTF-8 sequence (Unicode Table 3-7),
    /// read one sequence at a time: the reference the parser's word-at-a-time check is held to.
    static func firstInvalidOffset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        func continuation(_ offset: Int, in range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            offset < bytes.count && range.contains(bytes[offset])
        }
        while i < bytes.count {
            let lead = bytes[i]
            switch lead {
            case 0x00...0x7F: i += 1
            case 0xC2...0xDF:
                guard continuation(i + 1) else { return i }
                i += 2
            case 0xE0...0xEF:
                let second: ClosedRange<UInt8> = lead == 0xE0 ? 0xA0...0xBF : lead == 0xED ? 0x80...0x9F : 0x80...0xBF
                guard continuation(i + 1, in: second), continuation(i + 2) else { return i }
                i += 3
            case 0xF0...0xF4:
                let second: ClosedRange<UInt8> = lead == 0xF0 ? 0x90...0xBF : lead == 0xF4 ? 0x80...0x8F : 0x80...0xBF
                guard continuation(i + 1, in: second), continuation(i + 2), continuation(i + 3) else { return i }
                i += 4
            default: return i
            }
        }
        return nil
    }

    @Test("runs of two- and three-byte sequences, whole or broken anywhere, are checked as one sequence at a time is")
    func multiByteRunsChecked() throws {
        // Cyrillic, Greek, CJK, Thai and Devanagari runs, E0/ED-led sequences among them, and bytes a corruption may
        // put in.
        let pieces: [[UInt8]] = ["Неделя", "готова", "Ωμέγα", "休息日", "今日は", "ࠀ", "\u{D7FF}", "\u{E000}", "a", " ", "😀",
                                 "สวัสดี", "नमस्ते", "\u{FFFD}\u{D000}"]
            .map { Array($0.utf8) }
        let corruptions: [UInt8] = [0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF, 0x41, 0x9F, 0xA0]
        for seed in 0..<1_500 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) { body += pieces.randomElement(using: &generator)! }
            if seed % 3 != 0 {
                for _ in 0..<Int.random(in: 1...2, using: &generator) where !body.isEmpty {
                    let place = Int.random(in: 0..<body.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: body[place] = corruptions.randomElement(using: &generator)!
                    case 1: body.insert(corruptions.randomElement(using: &generator)!, at: place)
                    default: body.remove(at: place)
                    }
                }
            }
            let text: [UInt8] = Array(#"[""#.utf8) + body + Array(#""]"#.utf8)
            if let bad = Self.firstInvalidOffset(body) {
                let error = try #require(parseError(text), "seed \(seed): \(body)")
                #expect(error.kind == .invalidUTF8, "seed \(seed): \(body)")
                #expect(error.offset == 2 + bad, "seed \(seed): \(body)")
            } else if !body.contains(UInt8(ascii: "\"")), !body.contains(UInt8(ascii: "\\")), !body.contains(where: { $0 < 0x20 }) {
                #expect(try JSONParser.parse(text) == .array([.string(String(decoding: body, as: UTF8.self))]),
                        "seed \(seed): \(body)")
            }
        }
    }

    @Test("invalid UTF-8 later in the text is the error, not the bad escape, control byte or syntax error before it")
    func invalidUTF8AfterOtherErrors() throws {
        let invalid: [UInt8] = [0xE4, 0xB8]  // a three-byte sequence cut short
        let before: [(text: String, name: String)] = [
            (#"["\x", ""#, "a bad escape"), (#"["\ud83d", ""#, "a lone surrogate"), (#"["\u12", ""#, "short hex"),
            (#"[1,,""#, "a syntax error"), (#"{"a" 1, ""#, "a missing colon"), ("[\"\u{1}\", \"", "a control byte"),
            (#"["é", ""#, "a valid string before it"),
        ]
        for (text, name) in before {
            let bytes = Array(text.utf8) + invalid + Array(#"x"]"#.utf8)
            let error = try #require(parseError(bytes), "\(name)")
            #expect(error.kind == .invalidUTF8, "\(name): \(error)")
            #expect(error.offset == text.utf8.count, "\(name)")
        }
        // In an escaped string, before its closing quote and after it.
        let escaped = Array(#"["a\n中"#.utf8) + invalid + Array(#"b"]"#.utf8)
        #expect(parseError(escaped)?.offset == 8)
        let unterminated = Array(#"["a\n"#.utf8) + invalid
        #expect(parseError(unterminated)?.kind == .invalidUTF8)
        let value = Array(#"{"a":"中"} "#.utf8)
        #expect(parseError(value + invalid)?.kind == .invalidUTF8)
        #expect(parseError(value + invalid)?.offset == value.count)
    }
}
