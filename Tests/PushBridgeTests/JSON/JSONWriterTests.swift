import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test("object keys are sorted by Unicode code point, not by UTF-16 unit or locale")
    func keysSortedByCodePoint() {
        let keys = ["b", "a", "B", "_", "ab", "a b", "é", "z", "\u{FF5E}", "\u{1F600}", "", "10", "9"]
        let object = JSONValue.object(JSONObject(keys.map { ($0, JSONValue.null) }))
        // U+FF5E sorts before U+1F600 by code point; UTF-16 order (0xFF5E > 0xD83D) would swap them.
        #expect(JSONWriter.string(object) == """
            {"":null,"10":null,"9":null,"B":null,"_":null,"a":null,"a b":null,"ab":null,"b":null,"z":null,\
            "é":null,"\u{FF5E}":null,"\u{1F600}":null}
            """)
        #expect(JSONWriter.sortedKeys(["b": 1, "a": 2, "\u{1F600}": 3, "\u{FF5E}": 4])
            == ["a", "b", "\u{FF5E}", "\u{1F600}"])
        #expect(JSONWriter.sortedCanonically(keys) == keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    @Test("keys sharing long prefixes, with NUL and non-ASCII bytes, sort in UTF-8 byte order in objects of every size")
    func keysWithSharedPrefixesSorted() {
        var random = SplitMix64(seed: 0x5EED_50A7)
        // Few letters and a common stem make ties on the first eight and sixteen bytes common.
        let alphabet: [String] = ["a", "b", "_", "\u{0}", "é", "\u{1F600}", "0", "z"]
        let stems = ["", "extra_me", "extra_meta_", "extra_meta_data_", "k"]
        for size in [2, 5, 13, 24, 25, 40, 90] {
            for _ in 0..<20 {
                var keys = Set<String>()
                while keys.count < size {
                    var key = stems[Int(random.next() % UInt64(stems.count))]
                    for _ in 0..<Int(random.next() % 12) { key += alphabet[Int(random.next() % UInt64(alphabet.count))] }
                    keys.insert(key)
                }
                let shuffled = keys.shuffled(using: &random)
                let expected = shuffled.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let object = JSONObject(shuffled.map { ($0, JSONValue.null) })
                #expect(JSONWriter.sortedKeys(object) == expected, "\(shuffled)")
                #expect(JSONWriter.sortedCanonically(shuffled) == expected)
                let written = try? JSONParser.parseDocument(JSONWriter.bytes(.object(object)))
                #expect(written?.value.objectValue?.keys.map { $0 } == expected)
            }
        }
    }

    @Test("writeObject writes members in any order as the canonical object they make")
    func writeObjectMatchesObject() {
        let members: [(key: String, value: JSONValue)] = [
            ("type", "diagnostic"), ("line", 12), ("\u{1F600}", ["b": 1, "a": [true, nil]]), ("", "empty"),
            ("message", "quote \" and \\ and \n"), ("code", 1.5), ("path", "$.a"), ("severity", false),
            ("a-very-long-key-sharing-a-prefix-1", 1), ("a-very-long-key-sharing-a-prefix-0", 0),
        ]
        for rotation in 0..<members.count {
            let rotated = Array(members[rotation...] + members[..<rotation])
            var written: [UInt8] = []
            JSONWriter.writeObject(rotated, into: &written)
            #expect(written == JSONWriter.bytes(.object(JSONObject(members: rotated))))
        }
        var empty: [UInt8] = []
        JSONWriter.writeObject([], into: &empty)
        #expect(empty == Array("{}".utf8))
    }

    @Test("sortedMembers gives every member once, keys in canonical order, each with its own value")
    func sortedMembers() {
        var object: JSONObject = [:]
        for index in 0..<40 { object["k\(index * 7 % 40)_\(String(repeating: "x", count: index % 11))"] = .int(index) }
        object["\u{1F600}"] = "emoji"
        object[""] = nil
        let members = JSONWriter.sortedMembers(object)
        #expect(members.map(\.key) == JSONWriter.sortedKeys(object))
        #expect(members.allSatisfy { object[$0.key] == $0.value })
        #expect(members.count == object.count)
        #expect(JSONWriter.sortedMembers([:]).isEmpty)
    }

    @Test("nested objects are sorted at every level; arrays keep their order")
    func nestedSorting() {
        let value: JSONValue = ["z": [["y": 1, "x": 2], 3, ["b": true, "a": false]], "a": ["d": nil, "c": "s"]]
        #expect(JSONWriter.string(value) == #"{"a":{"c":"s","d":null},"z":[{"x":2,"y":1},3,{"a":false,"b":true}]}"#)
    }

    @Test("/ is not escaped")
    func slashNotEscaped() {
        #expect(JSONWriter.string("https://cdn.example.com/a/b.png") == #""https://cdn.example.com/a/b.png""#)
        #expect(JSONWriter.string(["a/b": "</script>"]) == #"{"a/b":"</script>"}"#)
    }

    @Test("quotes, backslashes and control characters are escaped; DEL is not")
    func controlCharactersEscaped() {
        let text = "\"\\\n\r\t\u{8}\u{C}\u{0}\u{1}\u{1B}\u{1F}\u{7F}"
        #expect(JSONWriter.string(.string(text)) == #""\"\\\n\r\t\b\f\u0000\u0001\u001b\u001f"# + "\u{7F}\"")
        #expect(JSONWriter.string(["\n": "\u{0}"]) == #"{"\n":"\u0000"}"#)
    }

    @Test("a byte that needs escaping is found at every position of strings of 0–40 bytes (word and 16-byte scans)")
    func escapeAtEveryPosition() throws {
        let specials: [(Character, String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{1}", "\\u0001"), ("\u{1F}", "\\u001f")]
        for length in 0...40 {
            let clean = String(String(repeating: "abcdefgé", count: 6).prefix(length))
            #expect(JSONWriter.string(.string(clean)) == "\"\(clean)\"", "clean, length \(length)")
            // Bytes 0x20, 0x21, 0x5B, 0x5D, 0x7F and 0xFF-led scalars sit next to the special ones: none needs escaping.
            let neighbours = String(repeating: " !#[]\u{7F}\u{FFFF}", count: length / 7 + 1).prefix(length)
            #expect(JSONWriter.string(.string(String(neighbours))) == "\"\(neighbours)\"", "neighbours, length \(length)")
            for position in 0..<max(length, 1) where length > 0 {
                for (special, escaped) in specials {
                    var characters = Array(repeating: Character("x"), count: length)
                    characters[position] = special
                    let text = String(characters)
                    let expected = "\"" + String(characters[..<position]) + escaped
                        + String(characters[(position + 1)...]) + "\""
                    #expect(JSONWriter.string(.string(text)) == expected, "length \(length), position \(position)")
                    #expect(try JSONParser.parse(expected) == .string(text), "parse back, length \(length), position \(position)")
                }
            }
        }
    }

    @Test("escapes in runs and mixed with non-ASCII: each scalar is written as it is alone")
    func escapesInRuns() throws {
        // Escaping depends on the scalar only, so a string is written as its scalars are, one by one: checks that
        // the clean runs between escapes are copied whole, across word boundaries, however the escapes cluster.
        let pieces = ["a", "bcdefghij", "é", "中", "😀", "\n", "\"", "\\", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}",
                      "\u{202E}", "\u{2028}", "\u{FEFF}", "\u{E0001}", "\u{1D173}"]
        func alone(_ piece: String) -> String { String(JSONWriter.string(.string(piece)).dropFirst().dropLast()) }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<400 {
            var text = ""
            var expected = ""
            for _ in 0..<(Int(state % 41)) {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let piece = pieces[Int(state >> 33) % pieces.count]
                text += piece
                expected += alone(piece)
            }
            state = state &* 6364136223846793005 &+ 1442695040888963407
            #expect(JSONWriter.string(.string(text)) == "\"\(expected)\"", "\(text.unicodeScalars.map(\.value))")
            #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text))
            #expect(JSONWriter.byteCount(.string(text)) == expected.utf8.count + 2)
            var appended: [UInt8] = [0x5B]
            JSONWriter.writeString(text, into: &appended)
            #expect(appended == [0x5B] + Array("\"\(expected)\"".utf8))
        }
        #expect(alone("\u{1D173}") == "\\ud834\\udd73" && alone("\u{85}") == "\\u0085" && alone("\u{1}") == "\\u0001")
    }

    @Test("non-ASCII is written raw as UTF-8, not as \\u escapes, but for format characters, U+2028 and U+2029")
    func nonASCIIRaw() {
        let text = "é中😀\u{A0}\u{2027}\u{FFFD}\u{10FFFF}"
        #expect(JSONWriter.bytes(.string(text)) == [0x22] + Array(text.utf8) + [0x22])
        #expect(!JSONWriter.string(.string(text)).contains("\\u"))
        // Every scalar of the escaped set: DisplayEscapeTests.
        #expect(JSONWriter.string(.string("é\u{2028}\u{FEFF}😀")) == #""é\u2028\ufeff😀""#)
    }

    @Test("scalars: true/false/null, numbers as their literals")
    func scalars() {
        #expect(JSONWriter.string(true) == "true")
        #expect(JSONWriter.string(false) == "false")
        #expect(JSONWriter.string(nil) == "null")
        #expect(JSONWriter.string(.int(1)) == "1")
        #expect(JSONWriter.string(.number(JSONNumber(literal: "1.50")!)) == "1.50")
        #expect(JSONWriter.string(.number(JSONNumber(literal: "-0")!)) == "-0")
        #expect(JSONWriter.string(.number(JSONNumber(literal: "1E+400")!)) == "1E+400")
        #expect(JSONWriter.string(.int(Int.min)) == "-9223372036854775808")
        #expect(JSONWriter.string([]) == "[]")
        #expect(JSONWriter.string([:]) == "{}")
    }

    @Test("numbers from doubles are valid JSON: integral values without a fraction, non-finite as 0")
    func numbersFromDoubles() throws {
        #expect(JSONNumber(2.0).literal == "2")
        #expect(JSONNumber(-0.0).literal == "0")
        #expect(JSONNumber(0.5).literal == "0.5")
        #expect(JSONNumber(Double.nan).literal == "0")
        #expect(JSONNumber(Double.infinity).literal == "0")
        let doubles: [Double] = [1e20, 1e-7, 123456.789, -2.5e-300, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        for double in doubles {
            let literal = JSONNumber(double).literal
            #expect(JSONNumber(literal: literal) != nil, "\(literal) is not a JSON number")
            #expect(Double(literal) == double)
        }
    }

    @Test("JSONNumber(literal:) accepts only JSON number syntax")
    func numberLiteralValidation() {
        for valid in ["0", "-0", "1.5", "1e5", "1E-5", "-12.5e+3", "12345678901234567890"] {
            #expect(JSONNumber(literal: valid) != nil, "\(valid)")
        }
        for invalid in ["", "01", "+1", ".5", "1.", "1e", "NaN", "Infinity", "0x1", " 1", "1 ", "1_000", "--1"] {
            #expect(JSONNumber(literal: invalid) == nil, "\(invalid)")
        }
    }

    @Test("pretty mode indents by two spaces with \": \" after keys, keys still sorted")
    func prettyMode() {
        let value: JSONValue = ["b": [1, ["y": nil, "x": "/"]], "a": [:], "c": [], "d": "é"]
        #expect(JSONWriter.string(value, pretty: true) == """
            {
              "a": {},
              "b": [
                1,
                {
                  "x": "/",
                  "y": null
                }
              ],
              "c": [],
              "d": "é"
            }
            """)
        #expect(JSONWriter.string("top", pretty: true) == #""top""#)
        #expect(JSONWriter.string([], pretty: true) == "[]")
    }

    @Test("pretty and compact output parse back to the same value")
    func prettyParsesBack() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<100 {
            let value = JSONTestGenerator.value(&rng, depth: 0)
            #expect(try JSONParser.parse(JSONWriter.bytes(value, pretty: true)) == value)
            #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
        }
    }

    @Test("byteCount is the length of the compact canonical text, escapes and non-ASCII included")
    func byteCountIsTheWrittenLength() {
        for (value, _) in JSONTestGenerator.documents(count: 200, seed: 11) {
            #expect(JSONWriter.byteCount(value) == JSONWriter.bytes(value).count, "\(value)")
        }
        let strings = ["", "a", "quote \" and \\", "line\nbreak\t\u{1}\u{1F}", "é\u{202E}\u{2028}\u{FEFF}\u{85}",
                       String(repeating: "long clean text ", count: 9), "\u{1F600} emoji", "/ not escaped"]
        var members: [(String, JSONValue)] = []
        for (index, text) in strings.enumerated() {
            #expect(JSONWriter.byteCount(.string(text)) == JSONWriter.bytes(.string(text)).count, "\(text)")
            members.append((text, [.string(text), .int(index), .null, true, false, [], [:]]))
        }
        let object = JSONValue.object(JSONObject(members))
        #expect(JSONWriter.byteCount(object) == JSONWriter.bytes(object).count)
        #expect(JSONWriter.byteCount([]) == 2)
        #expect(JSONWriter.byteCount([:]) == 2)
        #expect(JSONWriter.byteCount(.number(JSONNumber(literal: "-1.5e10")!)) == 7)
    }

    @Test("canonical output is a fixed point: parse then write gives the same bytes")
    func canonicalFixedPoint() throws {
        for (value, noisy) in JSONTestGenerator.documents(count: 200, seed: 7) {
            let canonical = JSONWriter.bytes(try JSONParser.parse(noisy))
            #expect(canonical == JSONWriter.bytes(value))
            #expect(JSONWriter.bytes(try JSONParser.parse(canonical)) == canonical, "\(noisy)")
        }
        #expect(JSONWriter.string(try JSONParser.parse(#" { "b" : 1 , "a" : [ true , "\u00e9\/" ] } "#))
            == #"{"a":[true,"é/"],"b":1}"#)
    }

    @Test("write(into:) appends to what the buffer already holds")
    func appends() {
        var output = Array("x=".utf8)
        JSONWriter.write(["k": "v"], into: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"x={"k":"v"}"#)
        var string = Array("s=".utf8)
        JSONWriter.writeString("a\"b", into: &string)
        #expect(String(decoding: string, as: UTF8.self) == #"s="a\"b""#)
    }

    @Test("a JSONValue's description is its canonical text")
    func description() {
        let value: JSONValue = ["b": 1, "a": "x/y"]
        #expect(value.description == #"{"a":"x/y","b":1}"#)
        #expect("\(value)" == JSONWriter.string(value))
    }
}
