import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

// Foundation is imported here only for the differential test against JSONSerialization;
// the library itself never uses it.

/// The compact canonical text of `text` after a parse.
private func reparsed(_ text: String) throws -> String {
    JSONWriter.string(try JSONParser.parse(text))
}

@Suite("JSONParser")
struct JSONParserTests {
    // MARK: Values

    @Test("a raw control byte, a quote or an escape is found at every position of strings of 0–40 bytes (word and 16-byte scans)")
    func stringScanAtEveryPosition() throws {
        for length in 0...40 {
            let clean = String(repeating: "k", count: length)
            // A key and a value of every length, the key found again by lookup (its fingerprint read from the input).
            let object = try JSONParser.parse(#"{"\#(clean)":"\#(clean)","z":1}"#)
            #expect(object[clean] == .string(clean), "length \(length)")
            for position in 0..<length {
                var bytes = Array(clean.utf8)
                bytes[position] = 0x01
                let text = [UInt8(ascii: "[")] + [0x22] + bytes + [0x22] + Array("]".utf8)
                do {
                    _ = try JSONParser.parse(text)
                    Issue.record("a raw U+0001 was accepted: length \(length), position \(position)")
                } catch {
                    #expect(error.kind == .controlCharacterInString, "length \(length), position \(position)")
                    #expect(error.offset == 2 + position, "length \(length), position \(position)")
                }
                var escaped = Array(clean.utf8)
                escaped.replaceSubrange(position...position, with: Array(#"\u0041"#.utf8))
                let key = String(decoding: escaped, as: UTF8.self)
                var expected = Array(clean.utf8)
                expected[position] = UInt8(ascii: "A")
                let parsed = try JSONParser.parse(#"{"\#(key)":true}"#)
                #expect(parsed[String(decoding: expected, as: UTF8.self)] == .bool(true), "length \(length), position \(position)")
            }
        }
    }

    @Test("a byte above 0x7F is seen at every position of strings of 1–40 bytes: its UTF-8 is checked and kept")
    func nonASCIIAtEveryPosition() throws {
        for length in 1...40 {
            for position in 0..<length {
                // A two-byte scalar: the string keeps its bytes (the scan did not take it for ASCII).
                var bytes = Array(repeating: UInt8(ascii: "k"), count: length)
                bytes.replaceSubrange(position...position, with: Array("é".utf8))
                let text = String(decoding: bytes, as: UTF8.self)
                let parsed = try JSONParser.parse([UInt8(ascii: "[")] + [0x22] + bytes + [0x22] + Array("]".utf8))
                #expect(parsed.arrayValue?.first?.stringValue.map { Array($0.utf8) } == bytes,
                        "é, length \(length), position \(position)")
                #expect(try JSONParser.parse(#"{"\#(text)":1}"#)[text] == .int(1), "é key, length \(length), position \(position)")
                // A byte that is never UTF-8: found, whatever word of the scan it falls in.
                var invalid = Array(repeating: UInt8(ascii: "k"), count: length)
                invalid[position] = 0xFF
                do {
                    _ = try JSONParser.parse([UInt8(ascii: "[")] + [0x22] + invalid + [0x22] + Array("]".utf8))
                    Issue.record("0xFF was accepted: length \(length), position \(position)")
                } catch {
                    #expect(error.kind == .invalidUTF8, "length \(length), position \(position)")
                    #expect(error.offset == 2 + position, "length \(length), position \(position)")
                }
            }
        }
    }

    @Test("integers beyond 64 bits round-trip byte for byte")
    func integersExact() throws {
        for literal in ["12345678901234567890", "-9223372036854775809", "9223372036854775807", "-0",
                        "100000000000000000000000000000000000001"] {
            let value = try JSONParser.parse(literal)
            #expect(value == .number(JSONNumber(literal: literal)!))
            #expect(JSONWriter.bytes(value) == Array(literal.utf8), "\(literal)")
        }
        #expect(try JSONParser.parse("12345678901234567890").intValue == nil)
        #expect(try JSONParser.parse("-9223372036854775809").numberValue?.isInteger == true)
        #expect(try JSONParser.parse("9223372036854775807").intValue == Int.max)
        #expect(try reparsed(#"{"id":[12345678901234567890,-9223372036854775809]}"#)
            == #"{"id":[12345678901234567890,-9223372036854775809]}"#)
    }

    @Test("number literals are kept exactly as written: 1.50 is not 1.5, 1E+2 is not 100")
    func numberLiteralsKept() throws {
        for literal in ["1.50", "1E+2", "1e-7", "-0.0", "0", "3.14159265358979323846264338327950288"] {
            #expect(try JSONParser.parse(literal).numberValue?.literal == literal)
        }
        #expect(try JSONParser.parse("1.0") != JSONParser.parse("1"))
        #expect(try JSONParser.parse("1E+2").numberValue?.isInteger == false)
    }

    @Test("digit runs of 1–24 digits in each part of a number end where the digits do, before every follower")
    func numberDigitRuns() throws {
        for count in 1...24 {
            let digits = String((0..<count).map { Character(String(($0 * 7 + 3) % 10)) })
            let lead = "9" + digits.dropFirst()
            for literal in [lead, "-" + lead, "0." + digits, lead + "." + digits, "1e" + digits, "-" + lead + ".5E-" + digits] {
                // Kept exactly, at the end of the text, in an array before each closer and separator, and in an object.
                #expect(try JSONParser.parse(literal).numberValue?.literal == literal, "\(literal)")
                for text in ["[\(literal)]", "[\(literal),1]", "[\(literal) ]", "[\(literal)\n,0]", "{\"n\":\(literal)}"] {
                    let value = try JSONParser.parse(text)
                    let number = value.arrayValue?.first?.numberValue ?? value["n"]?.numberValue
                    #expect(number?.literal == literal, "\(text)")
                }
                // A letter, a dot, a sign, or a byte next to the digits (`/`, `:`) right after it is not JSON.
                for follower in ["a", "x", ".", "+", "-", "e", "E", "/", ":", "\u{7F}", "é"] {
                    #expect(parseError("[\(literal)\(follower)]") != nil, "\(literal)\(follower)")
                }
            }
            #expect(parseError("[0\(digits)]")?.kind == .invalidNumber, "a leading zero before \(count) digits")
            #expect(parseError("[1.e\(digits)]")?.kind == .invalidNumber)
        }
    }

    @Test("thousands of distinct keys of every length up to 40, with escapes and non-ASCII, read back exactly")
    func keysThroughTheTable() throws {
        var random = SplitMix64(seed: 7)
        for round in 0..<300 {
            var members: JSONObject = [:]
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                let length = Int.random(in: 0...40, using: &random)
                let key = String((0..<length).map { _ in "abcXYZ_-09é\"\\/".randomElement(using: &random)! })
                members[key] = .int(round)
            }
            members["same-in-every-round"] = .int(round)
            members[String(repeating: "k", count: 32)] = 32
            members[String(repeating: "k", count: 33)] = 33
            let text = JSONWriter.bytes(.object(members))
            #expect(try JSONParser.parse(text) == .object(members), "round \(round)")
        }
        // The same bytes twice in one document: still a repeated key, reported at its path.
        let document = try JSONParser.parseDocument(Array(#"{"twice":1,"twice":2}"#.utf8))
        #expect(document.value == ["twice": 2])
        #expect(document.duplicateKeys == ["$.twice"])
    }

    @Test("a Swift string parses like its UTF-8 bytes, errors included")
    func stringInputMatchesBytes() throws {
        for text in [#"{"a":[1,"é\u00e9",{"b":null}],"c":"\ud83d\ude00"}"#, "\u{FEFF}[true]", " \"x\" "] {
            #expect(try JSONParser.parse(text) == JSONParser.parse(Array(text.utf8)), "\(text)")
        }
        for text in [#"{"a":}"#, "", "[1,]", #""\ud800""#, "{\"a\":1} x"] {
            #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
            var fromString: JSONParseError?
            var fromBytes: JSONParseError?
            do { _ = try JSONParser.parse(text) } catch { fromString = error }
            do { _ = try JSONParser.parse(Array(text.utf8)) } catch { fromBytes = error }
            #expect(fromString == fromBytes, "\(text)")
        }
    }

    @Test("a text inside a larger buffer parses in place like the same bytes on their own, errors included")
    func bufferSliceMatchesBytes() throws {
        for text in [#"{"aps":{"alert":"x"},"k":[1,"é"]}"#, "[1,]", #"{"a":}"#, "[1] x", "", "[1]"] {
            let bytes = Array(text.utf8)
            // Surrounded by bytes that would change the result if the parser read past either end.
            let padded = Array(#"]"{"#.utf8) + bytes + Array(#"}"x"#.utf8)
            let inPlace = padded.withUnsafeBufferPointer { buffer in
                Result { () throws(JSONParseError) in
                    try JSONParser.parse(UnsafeBufferPointer(rebasing: buffer[3..<(3 + bytes.count)]))
                }
            }
            let alone = Result { () throws(JSONParseError) in try JSONParser.parse(bytes) }
            #expect(inPlace == alone, "\(text)")
            let userInfo = padded.withUnsafeBufferPointer { buffer in
                Result { () throws(PushBridgeError) in
                    try VendorRegistry.parseUserInfo(UnsafeBufferPointer(rebasing: buffer[3..<(3 + bytes.count)]))
                }
            }
            #expect(userInfo == Result { () throws(PushBridgeError) in try VendorRegistry.parseUserInfo(bytes) }, "\(text)")
        }
    }

    @Test("true is a boolean, never the number 1")
    func trueIsNotOne() throws {
        let value = try JSONParser.parse("[true,1,false,0,null]")
        #expect(value == .array([.bool(true), .int(1), .bool(false), .int(0), .null]))
        #expect(value.arrayValue?[0].intValue == nil)
        #expect(value.arrayValue?[1].boolValue == nil)
        #expect(JSONValue.bool(true) != JSONValue.int(1))
        #expect(JSONWriter.string(value) == "[true,1,false,0,null]")
    }

    @Test("strings, escapes and surrogate pairs decode to the right scalars")
    func escapes() throws {
        let value = try JSONParser.parse(#""\"\\\/\b\f\n\r\t\u00e9\u00C9\u0000\ud83d\ude00 é😀""#)
        #expect(value.stringValue.map { Array($0.unicodeScalars) } == Array(
            "\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{C9}\u{0}\u{1F600} \u{E9}\u{1F600}".unicodeScalars))
        #expect(try JSONParser.parse(#""\uD834\uDD1E""#) == .string("\u{1D11E}"))
    }

    @Test("a raw U+FEFF inside a string is kept, even at the string's start")
    func rawByteOrderMarkInString() throws {
        let value = try JSONParser.parse("[\"\u{FEFF}a\",\"b\u{FEFF}\"]")
        #expect(value.arrayValue?.map { $0.stringValue.map { Array($0.unicodeScalars) } } == [
            ["\u{FEFF}", "a"], ["b", "\u{FEFF}"],
        ])
    }

    @Test("a leading byte-order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)) == ["a": 1])
    }

    @Test("whitespace of all four kinds is allowed between tokens")
    func whitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n{ \"a\" :\n[ 1 ,\t2 ] }\r\n ") == ["a": [1, 2]])
    }

    @Test("a 100,000-element array parses")
    func largeArray() throws {
        let text = "[" + (0..<100_000).map { String($0) }.joined(separator: ",") + "]"
        let elements = try JSONParser.parse(text).arrayValue
        #expect(elements?.count == 100_000)
        #expect(elements?.last == .int(99_999))
        #expect(JSONWriter.string(.array(elements ?? [])) == text)
    }

    // MARK: Errors with positions

    @Test("a syntax error names the line and the column of a multi-line document")
    func lineAndColumn() throws {
        let text = """
            {
              "title": "Lesson 7",
              "ids": [1, 2,, 3]
            }
            """
        let error = try #require(parseError(text))
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.line == 3)
        #expect(error.column == 16)
        #expect(error.offset == 40)
        #expect(error.description.hasSuffix("at line 3, column 16"))
    }

    @Test("columns count characters, not bytes")
    func columnCountsCharacters() throws {
        let error = try #require(parseError("{\"é😀\": x}"))
        #expect(error.line == 1)
        #expect(error.column == 8)
        #expect(error.offset == 11)
    }

    @Test("an unterminated document reports unexpected end on the last line")
    func unexpectedEnd() throws {
        let error = try #require(parseError("{\n  \"a\": [1,\n  2"))
        #expect(error.kind == .unexpectedEnd)
        #expect(error.line == 3)
        #expect(error.column == 4)
        let string = try #require(parseError("[\"abc"))
        #expect(string.kind == .unexpectedEnd)
        #expect(string.offset == 1)
    }

    @Test("empty or whitespace-only input is an empty error")
    func emptyInput() {
        #expect(parseError("")?.kind == .empty)
        #expect(parseError(" \n\t ")?.kind == .empty)
        #expect(parseError([0xEF, 0xBB, 0xBF])?.kind == .empty)
    }

    @Test("invalid UTF-8 is rejected with its byte offset")
    func invalidUTF8() throws {
        let prefix = Array(#"{"a":""#.utf8)
        let cases: [(bytes: [UInt8], name: String)] = [
            ([0xFF], "0xFF"), ([0x80], "lone continuation byte"), ([0xC0, 0x80], "overlong NUL"),
            ([0xE0, 0x80, 0x80], "overlong three-byte"), ([0xED, 0xA0, 0x80], "encoded surrogate"),
            ([0xF4, 0x90, 0x80, 0x80], "beyond U+10FFFF"), ([0xC3, 0x28], "bad continuation"),
            ([0xF0, 0x9F, 0x98], "truncated four-byte"),
        ]
        for (bytes, name) in cases {
            let error = try #require(parseError(prefix + bytes + Array(#""}"#.utf8)), "\(name)")
            #expect(error.kind == .invalidUTF8, "\(name)")
            #expect(error.offset == prefix.count, "\(name)")
            #expect(error.message.contains("byte offset \(prefix.count)"), "\(name)")
        }
        // In runs of three-byte sequences (read two at a time): an overlong E0 form or an encoded surrogate at
        // either place of a pair, after Thai (E0-led) text and after CJK text.
        for run in ["สวัสดี", "今日は", "สวัสดีx"] {
            for bad: [UInt8] in [[0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xBF, 0xBF]] {
                for (before, after) in [("", "ก"), ("ก", ""), ("ก", "กก"), ("", "")] {
                    let body = Array((run + before).utf8)
                    let text = prefix + body + bad + Array((after + #""}"#).utf8)
                    let error = try #require(parseError(text), "\(run) \(bad) \(before)")
                    #expect(error.kind == .invalidUTF8)
                    #expect(error.offset == prefix.count + body.count, "\(run) \(bad) \(before)|\(after)")
                }
            }
            #expect(parseError(prefix + Array((run + "\u{800}\u{D7FF}ก\u{FFF}\u{D000}").utf8) + Array(#""}"#.utf8)) == nil)
        }
        let late = try #require(parseError(Array("{\n\"é\": 1,\n\"b\": \"".utf8) + [0xFE] + Array("\"}".utf8)))
        #expect(late.kind == .invalidUTF8)
        #expect(late.offset == 17)
        #expect(late.line == 3)
        #expect(late.column == 7)
        #expect(parseError(Array("{\"a\":\"\u{10FFFF}\u{E000}\"}".utf8)) == nil)
    }

    @Test("NaN, Infinity, trailing garbage, comments and other non-JSON are rejected")
    func nonJSONRejected() {
        let rejected: [String] = [
            "NaN", "Infinity", "-Infinity", "[NaN]", "{\"a\":Infinity}", "nan", "undefined",
            "{} x", "1 2", "[1] ]", "{}}", "true false", "\"a\" \"b\"",
            "// comment\n{}", "{/* c */}", "[1, 2] // tail", "# hash\n1",
            "[1,]", "{\"a\":1,}", "[,1]", "{,}", "{\"a\" 1}", "{a:1}", "{'a':1}", "['a']",
            "01", "-01", "+1", ".5", "1.", "1e", "1e+", "0x10", "1.5.3", "--1", "-", "1a",
            "tru", "truex", "nul", "True",
            "[1 2]", "{\"a\":1 \"b\":2}", "\u{0}", "[\u{0}]",
        ]
        for text in rejected {
            #expect(parseError(text) != nil, "accepted \(text.debugDescription)")
        }
        #expect(parseError("NaN")?.message.contains("NaN and Infinity") == true)
        #expect(parseError("{} x")?.kind == .trailingCharacters)
        #expect(parseError("{} x")?.offset == 3)
        #expect(parseError("// c\n{}")?.kind == .unexpectedCharacter)
        #expect(parseError("01")?.kind == .invalidNumber)
        #expect(parseError("-Infinity")?.kind == .invalidNumber)
    }

    @Test("raw control characters inside strings are rejected, before and after an escape")
    func rawControlCharacters() throws {
        for byte in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F] as [UInt8] {
            let plain = try #require(parseError(Array("[\"a".utf8) + [byte] + Array("b\"]".utf8)))
            #expect(plain.kind == .controlCharacterInString, "0x\(String(byte, radix: 16))")
            #expect(plain.offset == 3)
            let afterEscape = try #require(parseError(Array("[\"\\n".utf8) + [byte] + Array("\"]".utf8)))
            #expect(afterEscape.kind == .controlCharacterInString, "0x\(String(byte, radix: 16)) after an escape")
            #expect(afterEscape.offset == 4)
        }
        #expect(try JSONParser.parse([0x22, 0x7F, 0x22]) == .string("\u{7F}"))
    }

    @Test("bad escapes and lone surrogates are rejected")
    func badEscapes() {
        let rejected = [
            #""\x""#, #""\'""#, #""\a""#, #""\U00e9""#, #""\u12""#, #""\u12G4""#, #""\u""#, #""\"#,
            #""\ud83d""#, #""\ud83dx""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83d\ud83d""#, #""\udbff\n""#,
            #""\ude00\ud83d""#, #""\ud83d\""#,
        ]
        for text in rejected {
            let error = parseError(text)
            #expect(error != nil, "accepted \(text)")
            #expect(
                error?.kind == .invalidEscape || error?.kind == .unexpectedEnd, "\(text): \(String(describing: error))")
        }
        #expect(parseError(#""\ud83d""#)?.message.contains("surrogate") == true)
        #expect(parseError(#"["ok", "\ude00"]"#)?.offset == 8)
    }

    @Test("escaped strings of every length up to 40, an escape at every place, read back exactly")
    func escapedStringsEveryLengthAndPlace() throws {
        let escapes: [(text: String, value: String)] = [
            (#"\n"#, "\n"), (#"\""#, "\""), (#"\u00e9"#, "é"), (#"\u4e2d"#, "中"), (#"\ud83d\ude00"#, "😀"),
        ]
        for length in 0...40 {
            let plain = String((0..<length).map { (["a", "Ж", "😀"] as [Character])[$0 % 3] })
            for place in 0...plain.count {
                for escape in escapes {
                    let cut = plain.index(plain.startIndex, offsetBy: place)
                    let text = "\"" + plain[..<cut] + escape.text + plain[cut...] + "\""
                    let expected = String(plain[..<cut]) + escape.value + String(plain[cut...])
                    #expect(try JSONParser.parse(text) == .string(expected), "\(text)")
                }
            }
        }
    }

    @Test("an unterminated escaped string reports its first bad byte, or the unexpected end")
    func unterminatedEscapedString() throws {
        let badEscape = try #require(parseError(#"["a\n\x"#))
        #expect(badEscape.kind == .invalidEscape)
        #expect(badEscape.offset == 5)
        let control = try #require(parseError(Array(#"["a\nb"#.utf8) + [0x01]))
        #expect(control.kind == .controlCharacterInString)
        #expect(control.offset == 6)
        let end = try #require(parseError(#"["a\n\""#))
        #expect(end.kind == .unexpectedEnd)
        #expect(end.offset == 1)
        let trailingBackslash = try #require(parseError(#"["a\n\"#))
        #expect(trailingBackslash.kind == .unexpectedEnd)
    }

    @Test("invalid UTF-8 is the error even in an escaped string, in a key, or after a syntax error")
    func invalidUTF8WhereverItIs() throws {
        let cases: [(bytes: [UInt8], offset: Int)] = [
            (Array(#"["a\n"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8), 5),
            (Array(#"{""#.utf8) + [0xFF] + Array(#"":1}"#.utf8), 2),
            (Array("[1,,2,\"".utf8) + [0x80] + Array("\"]".utf8), 7),
            (Array("[".utf8) + [0xE2, 0x82, 0x20, 0x5D], 1),
        ]
        for (bytes, offset) in cases {
            let error = try #require(parseError(bytes))
            #expect(error.kind == .invalidUTF8, "\(bytes)")
            #expect(error.offset == offset, "\(bytes)")
        }
    }

    // MARK: Limits

    @Test("nesting 10,000 deep is a clear tooDeep error, not a crash")
    func tooDeep() throws {
        for (open, close) in [("[", "]"), ("{\"a\":", "}")] {
            let text = String(repeating: open, count: 10_000) + "1" + String(repeating: close, count: 10_000)
            let error = try #require(parseError(text))
            #expect(error.kind == .tooDeep(limit: 512))
            #expect(error.message.contains("512"))
        }
        let unclosed = try #require(parseError(String(repeating: "[", count: 10_000)))
        #expect(unclosed.kind == .tooDeep(limit: 512))
        #expect(unclosed.offset == 512)
    }

    @Test("maxDepth is inclusive: exactly the limit parses, one more fails")
    func depthLimitBoundary() throws {
        let atLimit = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(atLimit) == nil)
        #expect(parseError("[" + atLimit + "]")?.kind == .tooDeep(limit: 512))
        let options = JSONParser.Options(maxDepth: 2)
        #expect(parseError(#"{"a":[1]}"#, options: options) == nil)
        #expect(parseError(#"{"a":[[1]]}"#, options: options)?.kind == .tooDeep(limit: 2))
        #expect(parseError("1", options: JSONParser.Options(maxDepth: 0)) == nil)
        #expect(parseError("[]", options: JSONParser.Options(maxDepth: 0))?.kind == .tooDeep(limit: 0))
    }

    @Test("input longer than maxBytes is rejected before parsing")
    func maxBytes() throws {
        let options = JSONParser.Options(maxBytes: 10)
        #expect(parseError("[1,2,3,4]", options: options) == nil)
        #expect(parseError("[1,2,3,4,5]", options: options)?.kind == .tooLarge(limit: 10))
        let error = try #require(parseError([UInt8](repeating: 0xFF, count: 11), options: options))
        #expect(error.kind == .tooLarge(limit: 10))
        #expect(error.offset == 0)
        #expect(JSONParser.Options.default.maxBytes == 8 * 1024 * 1024)
        #expect(JSONParser.Options.default.maxDepth == 512)
    }

    // MARK: Duplicate keys

    @Test("a repeated key keeps its last value and is reported by path")
    func duplicateKeys() throws {
        let text = #"{"a":1,"x":{"b":1,"b":[2]},"y":[{"c":1},{"c":2,"c":3}],"a-b":0,"a-b":1,"a":2}"#
        let document = try JSONParser.parseDocument(Array(text.utf8))
        #expect(document.value == ["a": 2, "x": ["b": [2]], "y": [["c": 1], ["c": 3]], "a-b": 1])
        #expect(document.duplicateKeys == ["$.x.b", "$.y[1].c", #"$["a-b"]"#, "$.a"])
        #expect(try JSONParser.parseDocument(Array(#"{"a":1,"b":{"a":2}}"#.utf8)).duplicateKeys.isEmpty)
    }

    @Test("parse keeps the last value of a repeated key too")
    func duplicateKeysParse() throws {
        #expect(try JSONParser.parse(#"{"k":"first","k":"second"}"#) == ["k": "second"])
    }

    @Test("a repeated key is found and every key looked up in objects of every size, scanned or hashed")
    func repeatedKeysAtEverySize() throws {
        // Keys sharing their first and last eight bytes and their length (one fingerprint), and plain ones, in
        // objects on both sides of the sizes where the parser's and the object's strategies change (8, 64: beyond
        // it the parser builds the object's hash table of positions as it looks for a repeat).
        for size in [2, 8, 9, 24, 25, 33, 64, 65, 100, 129, 700] {
            for sameFingerprint in [false, true] {
                let keys = (0..<size).map { sameFingerprint ? "extra_me\($0 + 100)_data_key" : "k\($0)" }
                for repeated in Set([0, size / 2, size - 1]) {
                    var text = "{"
                    for (index, key) in keys.enumerated() { text += "\"\(key)\":\(index)," }
                    text += "\"\(keys[repeated])\":\"last\"}"
                    let document = try JSONParser.parseDocument(Array(text.utf8))
                    let object = try #require(document.value.objectValue)
                    #expect(document.duplicateKeys == [JSONPath.member(keys[repeated], of: "$")], "size \(size), at \(repeated)")
                    #expect(object.count == size)
                    #expect(object[keys[repeated]] == "last")
                    for (index, key) in keys.enumerated() where index != repeated { #expect(object[key] == .int(index)) }
                    #expect(object["extra_me999_data_key"] == nil)
                }
                let distinct = try JSONParser.parseDocument(Array(JSONWriter.bytes(.object(JSONObject(keys.map { ($0, .null) })))))
                #expect(distinct.duplicateKeys.isEmpty, "size \(size)")
            }
        }
    }

    @Test("keys are compared as bytes: canonically equivalent keys are two keys, none reported or lost")
    func canonicallyEquivalentKeysStayDistinct() throws {
        // "é" as U+00E9 and as "e" + U+0301: different bytes, so two members (RFC 8259 keeps both); each keeps
        // its own value and neither is reported as a repeated key.
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        let document = try JSONParser.parseDocument(Array(text.utf8))
        let object = try #require(document.value.objectValue)
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == 1)
        #expect(object["e\u{301}"] == 2)
        #expect(object.keys.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
        #expect(document.duplicateKeys.isEmpty)
    }

    @Test("a key escaped and the same key written raw are one key once unescaped: the later wins, reported")
    func escapedAndRawKeyAreOneKey() throws {
        let text = #"{"\u00e9t\u00E9":1,"été":2,"\u0041":3,"A":4}"#
        let document = try JSONParser.parseDocument(Array(text.utf8))
        #expect(document.value == ["été": 2, "A": 4])
        #expect(document.value.objectValue.map { Array($0.keys) } == ["été", "A"])
        #expect(document.duplicateKeys == [#"$["été"]"#, "$.A"])
    }

    // MARK: Differential

    @Test("agrees with Foundation's JSONSerialization on 400 generated valid documents")
    func differentialAgainstFoundation() throws {
        for (index, (value, text)) in JSONTestGenerator.documents(count: 400, seed: 0x5EED_F00D).enumerated() {
            let ours = try JSONParser.parse(text)
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            let difference = JSONTestGenerator.difference(ours, theirs, path: "$")
            #expect(difference == nil, "document \(index): \(difference ?? "") in \(text)")
            #expect(ours == value, "document \(index) did not parse back to the generated value: \(text)")
        }
    }
}

// MARK: - Generated documents (shared with JSONWriterTests)

/// Builds random valid JSON values and texts, and compares a parse with Foundation's.
enum JSONTestGenerator {
    /// Characters used in keys: distinct code points with no combining marks, so no two keys are
    /// canonically equivalent.
    static let keyScalars: [Unicode.Scalar] = Array("abcxyzABZ_-09 /\"\\éßΩЖ中😀\u{7F}\n\t".unicodeScalars)
    /// Characters used in string values, combining marks and controls included.
    static let stringScalars: [Unicode.Scalar] = keyScalars + [
        "\u{0}", "\u{1}", "\u{1F}", "\u{8}", "\u{C}", "\r", "\u{301}", "\u{2028}", "\u{FEFF}", "\u{FFFF}",
        "\u{10FFFF}", "\u{1D11E}", "'", "<", "&",
    ]

    /// `count` generated values from `seed`, each with a valid text of it (insignificant whitespace and escapes
    /// chosen at random).
    static func documents(count: Int, seed: UInt64) -> [(value: JSONValue, text: String)] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let value = Self.value(&rng, depth: 0)
            return (value, Self.text(value, &rng))
        }
    }

    static func value(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
        let kind = Int.random(in: 0..<(depth >= 4 ? 5 : 7), using: &rng)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(number(&rng))
        case 3, 4: return .string(string(&rng, from: stringScalars, maxLength: 12))
        case 5:
            return .array((0..<Int.random(in: 0...5, using: &rng)).map { _ in value(&rng, depth: depth + 1) })
        default:
            var members: JSONObject = [:]
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                members[string(&rng, from: keyScalars, maxLength: 6)] = value(&rng, depth: depth + 1)
            }
            return .object(members)
        }
    }

    static func number(_ rng: inout SplitMix64) -> JSONNumber {
        let integer = Int.random(in: -1_000_000_000...1_000_000_000, using: &rng)
        let literal: String
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: literal = String(integer)
        case 1: literal = "\(integer).\(Int.random(in: 0...999, using: &rng))"
        case 2:
            let marker = Bool.random(using: &rng) ? "e" : "E"
            literal = "\(integer % 1000)\(marker)\(Int.random(in: -20...20, using: &rng))"
        default: literal = String(Int.random(in: -9...9, using: &rng))
        }
        return JSONNumber(literal: literal)!
    }

    static func string(_ rng: inout SplitMix64, from scalars: [Unicode.Scalar], maxLength: Int) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...maxLength, using: &rng) {
            text.append(scalars.randomElement(using: &rng)!)
        }
        return String(text)
    }

    /// `value` as JSON text with random whitespace and a random choice of escapes for each character.
    static func text(_ value: JSONValue, _ rng: inout SplitMix64) -> String {
        var out = ""
        write(value, into: &out, &rng)
        return space(&rng) + out + space(&rng)
    }

    private static func space(_ rng: inout SplitMix64) -> String {
        let blanks: [Character] = [" ", "\t", "\n", "\r"]
        return String((0..<Int.random(in: 0...2, using: &rng)).map { _ in blanks.randomElement(using: &rng)! })
    }

    private static func write(_ value: JSONValue, into out: inout String, _ rng: inout SplitMix64) {
        switch value {
        case .null, .bool, .number: out += JSONWriter.string(value)
        case .string(let text): writeString(text, into: &out, &rng)
        case .array(let elements):
            out += "[" + space(&rng)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += space(&rng) + "," + space(&rng) }
                write(element, into: &out, &rng)
            }
            out += space(&rng) + "]"
        case .object(let members):
            out += "{" + space(&rng)
            for (offset, key) in members.keys.shuffled(using: &rng).enumerated() {
                if offset > 0 { out += space(&rng) + "," + space(&rng) }
                writeString(key, into: &out, &rng)
                out += space(&rng) + ":" + space(&rng)
                write(members[key]!, into: &out, &rng)
            }
            out += space(&rng) + "}"
        }
    }

    private static func writeString(_ text: String, into out: inout String, _ rng: inout SplitMix64) {
        out += "\""
        for scalar in text.unicodeScalars {
            let short: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "/": Bool.random(using: &rng) ? "\\/" : "/"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{8}": "\\b"
            case "\u{C}": "\\f"
            default: nil
            }
            // U+FEFF is always escaped: Foundation on Linux drops a raw U+FEFF at the start of a string
            // (see "a raw U+FEFF inside a string is kept"), which would make the comparison useless.
            let mustEscape = scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || scalar == "\u{FEFF}"
            if let short, mustEscape || Bool.random(using: &rng) {
                out += short
            } else if mustEscape || Int.random(in: 0..<4, using: &rng) == 0 {
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: Bool.random(using: &rng))
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// Where our parse and Foundation's differ, or nil when they agree (numbers compare by value).
    static func difference(_ ours: JSONValue, _ theirs: Any, path: String) -> String? {
        let isFoundationBool = String(describing: type(of: theirs)).contains("Boolean")
        switch ours {
        case .null:
            return theirs is NSNull ? nil : "\(path): null vs \(theirs)"
        case .bool(let flag):
            guard isFoundationBool, let other = theirs as? Bool, other == flag else {
                return "\(path): \(flag) vs \(theirs)"
            }
            return nil
        case .number(let number):
            guard !isFoundationBool, let other = theirs as? NSNumber else { return "\(path): \(number) vs \(theirs)" }
            if let integer = number.intValue {
                return other.int64Value == Int64(integer) && other.doubleValue == Double(integer)
                    ? nil : "\(path): \(number) vs \(other)"
            }
            return number.doubleValue == other.doubleValue ? nil : "\(path): \(number) vs \(other)"
        case .string(let text):
            guard let other = theirs as? String, Array(other.unicodeScalars) == Array(text.unicodeScalars) else {
                return "\(path): \(ours) vs \(theirs)"
            }
            return nil
        case .array(let elements):
            guard let other = theirs as? [Any], other.count == elements.count else {
                return "\(path): array of \(elements.count) vs \(theirs)"
            }
            for index in elements.indices {
                if let found = difference(elements[index], other[index], path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            guard let other = theirs as? [String: Any], other.count == members.count else {
                return "\(path): object of \(members.count) vs \(theirs)"
            }
            for (key, value) in members {
                guard let otherValue = other[key] else { return "\(path): key \(key.debugDescription) missing" }
                if let found = difference(value, otherValue, path: "\(path)[\(key.debugDescription)]") { return found }
            }
            return nil
        }
    }
}
