import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Generous bound, in seconds of processor time, for work that must be linear: 100,000 elements take
/// well under a second in a debug build; quadratic work would take minutes.
private let linearBound = underThreadSanitizer ? 40.0 : 2.0

@Suite("Hostile input: JSON limits")
struct JSONLimitsTests {
    // MARK: Size

    @Test("the default input limit is 8 MiB; one byte more is a tooLarge error naming both sizes")
    func defaultSizeLimit() throws {
        let limit = JSONParser.Options.default.maxBytes
        #expect(limit == 8 * 1024 * 1024)
        let padding = limit - 2
        var exactly = [UInt8](repeating: UInt8(ascii: " "), count: padding)
        exactly.insert(UInt8(ascii: "["), at: 0)
        exactly.append(UInt8(ascii: "]"))
        #expect(exactly.count == limit)
        #expect(try JSONParser.parse(exactly) == [])

        let tooBig = exactly + [UInt8(ascii: " ")]
        let error = try #require(parseError(tooBig))
        #expect(error.kind == .tooLarge(limit: limit))
        #expect(error.offset == 0)
        #expect(error.message.contains("\(limit + 1)"))
        #expect(error.message.contains("\(limit)"))
    }

    @Test("the size limit is configurable and is checked before anything else, even invalid UTF-8")
    func configurableSizeLimit() throws {
        let options = JSONParser.Options(maxBytes: 4096)
        let payload = Array(#"{"aps":{"alert":"hi"}}"#.utf8)
        #expect(throws: Never.self) { try VendorRegistry.parseUserInfo(payload, options: options) }
        let big = payload + [0xFF] + [UInt8](repeating: 0x20, count: 4096)
        do {
            _ = try VendorRegistry.parseUserInfo(big, options: options)
            Issue.record("input beyond the configured limit was accepted")
        } catch {
            guard case .invalidJSON(let parseError) = error else {
                Issue.record("expected invalidJSON, got \(error)")
                return
            }
            #expect(parseError.kind == .tooLarge(limit: 4096))
            #expect(error.description.contains("4096"))
        }
    }

    // MARK: Depth

    @Test("nesting deeper than the default 512 is a clear tooDeep error at the first level too many")
    func defaultDepthLimit() throws {
        #expect(JSONParser.Options.default.maxDepth == 512)
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseError(ok) == nil)
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = try #require(parseError(deep))
        #expect(error.kind == .tooDeep(limit: 512))
        #expect(error.offset == 512)
        #expect(error.message.contains("512"))
    }

    @Test("a million opening brackets, or alternating objects, fail fast with tooDeep instead of overflowing the stack")
    func hugeNesting() throws {
        let brackets = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        var elapsed = 0.0
        var error: JSONParseError?
        elapsed = processorSeconds { error = parseError(brackets) }
        #expect(error?.kind == .tooDeep(limit: 512))
        #expect(elapsed < linearBound)
        let objects = String(repeating: #"{"a":["#, count: 100_000)
        #expect(parseError(objects)?.kind == .tooDeep(limit: 512))
    }

    @Test("the depth limit is configurable; a deeply nested vendor value is refused before any adapter sees it")
    func configurableDepth() throws {
        let options = JSONParser.Options(maxDepth: 8)
        let shallow = #"{"aps":{"alert":{"title":"x"}},"buzzkit":{"messageId":"m","data":{"a":[1]}}}"#
        #expect(throws: Never.self) { try VendorRegistry.parseUserInfo(Array(shallow.utf8), options: options) }
        let nested = #"{"aps":{},"buzzkit":{"messageId":"m","data":"# + String(repeating: "[", count: 8)
            + String(repeating: "]", count: 8) + "}}"
        #expect(throws: PushBridgeError.self) { try VendorRegistry.parseUserInfo(Array(nested.utf8), options: options) }
    }

    @Test("the depth limit applies to the text: a too-deep value a repeated key replaces is still refused")
    func depthOfReplacedValue() throws {
        let options = JSONParser.Options(maxDepth: 3)
        // The first "a" is nested four deep; the second, which replaces it, only two.
        let text = #"{"a":{"b":{"c":[1]}},"a":{"b":1}}"#
        #expect(try JSONParser.parseDocument(Array(text.utf8)).value == ["a": ["b": 1]])
        do {
            _ = try JSONParser.parse(Array(text.utf8), options: options)
            Issue.record("a text nested deeper than the limit was accepted")
        } catch {
            #expect(error.kind == .tooDeep(limit: 3))
        }
        #expect(try JSONParser.parse(Array(text.utf8), options: JSONParser.Options(maxDepth: 4)) == ["a": ["b": 1]])
    }

    @Test("a depth-512 value survives decode, translation to every vendor, validation and the canonical writer")
    func deepValueThroughEveryPath() throws {
        let deep = String(repeating: "[", count: 509) + "1" + String(repeating: "]", count: 509)
        let text = #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m","data":{"deep":\#(deep)}}}"#
        let payload = try VendorRegistry.parseUserInfo(Array(text.utf8))
        let buzzkit = BuzzKitAdapter()
        let decoded = buzzkit.decode(payload)
        #expect(decoded.payload.data["deep"] == payload["buzzkit"]?["data"]?["deep"])
        for target in BuiltInVendors.all {
            let translation = Translator.translate(payload, from: buzzkit, to: target)
            let output = JSONValue.object(translation.userInfo)
            #expect(try JSONParser.parse(JSONWriter.bytes(output)) == output)
        }
        _ = Validator.validate(payload, byteCount: 2048, adapter: buzzkit)
    }

    // MARK: Numbers

    @Test("numbers beyond 64 bits, tiny and huge exponents keep their exact literal")
    func bigNumbersExact() throws {
        let literals = [
            "18446744073709551616", "-9223372036854775809",
            "123456789012345678901234567890123456789012345678901234567890",
            "1e400", "-1E-400", "0.1000000000000000000000000000001", "-0", "-0.0", "1E+2",
        ]
        for literal in literals {
            let value = try JSONParser.parse(literal)
            #expect(value.numberValue?.literal == literal)
            #expect(JSONWriter.string(value) == literal)
        }
        #expect(try JSONParser.parse("18446744073709551616").intValue == nil)
        #expect(try JSONParser.parse("9223372036854775807").intValue == Int.max)
    }

    @Test("a 30-digit integer in a vendor's custom data survives translation into every vendor byte for byte")
    func bigNumberThroughTranslation() throws {
        let big = "123456789012345678901234567890"
        let payload = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m","data":{"orderId":\#(big)}}}"#)
        for target in BuiltInVendors.all {
            let translation = Translator.translate(payload, from: BuzzKitAdapter(), to: target)
            let text = JSONWriter.string(.object(translation.userInfo))
            #expect(text.contains(big), "\(target.id): \(text)")
            #expect(!text.contains("1.2345678901234568e+29"))
        }
    }

    @Test("a badge beyond 64 bits is not read as an integer and does not trap")
    func hugeBadge() throws {
        let payload = try Fixtures.userInfo(
            #"{"aps":{"alert":"x","badge":99999999999999999999999},"pna_message_id":"n"}"#)
        for adapter in BuiltInVendors.all {
            let decoded = adapter.decode(payload)
            #expect(decoded.payload.badge == nil, "\(adapter.id)")
        }
    }

    // MARK: Encoding

    static let invalidUTF8Cases: [(bytes: [UInt8], offset: Int, label: String)] = [
        (Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8), 6, "0xFF"),
        (Array(#"{"a":"é"#.utf8) + [0xC3] + Array(#""}"#.utf8), 8, "truncated two-byte sequence"),
        (Array(#"{"a":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 6, "overlong '/'"),
        (Array(#"{"a":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), 6, "UTF-16 surrogate encoded in UTF-8"),
        (Array(#"{"a":""#.utf8) + [0xF4, 0x90, 0x80, 0x80] + Array(#""}"#.utf8), 6, "beyond U+10FFFF"),
        (Array(#"{"a":""#.utf8) + [0x80] + Array(#""}"#.utf8), 6, "stray continuation byte"),
        ([0xFE, 0xFF] + Array("{}".utf8), 0, "UTF-16 byte-order mark"),
        (Array(#"{"#.utf8) + [0xE2, 0x82], 1, "input ends inside a sequence"),
        (Array(#"{"k":1}"#.utf8) + [0xC3], 7, "after the value"),
    ]

    @Test("invalid UTF-8 is rejected with the offset of its first bad byte, anywhere in the input",
          arguments: invalidUTF8Cases.indices)
    func invalidUTF8(index: Int) throws {
        let (bytes, offset, label) = Self.invalidUTF8Cases[index]
        let error = try #require(parseError(bytes), "\(label)")
        #expect(error.kind == .invalidUTF8, "\(label)")
        #expect(error.offset == offset, "\(label)")
        #expect(error.message.contains("byte offset \(offset)"), "\(label): \(error.message)")
        let cliError = PushBridgeError.invalidJSON(error).description
        #expect(cliError.contains("\(offset)"))
    }

    // MARK: Non-JSON

    @Test("NaN, Infinity, trailing garbage and other non-JSON are rejected with where they are",
          arguments: [
              ("NaN", JSONParseError.Kind.unexpectedCharacter, 0), ("[1,NaN]", .unexpectedCharacter, 3),
              ("-Infinity", .invalidNumber, 0), ("Infinity", .unexpectedCharacter, 0),
              (#"{"badge":Infinity}"#, .unexpectedCharacter, 9), ("[1e5.3]", .invalidNumber, 1),
              (#"{"a":1}x"#, .trailingCharacters, 7), (#"{"a":1} {"b":2}"#, .trailingCharacters, 8),
              (#"{"a":1}/*c*/"#, .trailingCharacters, 7), ("[1,]", .unexpectedCharacter, 3),
              (#"{"a":1,}"#, .unexpectedCharacter, 7), ("0x1F", .invalidNumber, 0), ("01", .invalidNumber, 0),
              ("+1", .unexpectedCharacter, 0), (".5", .unexpectedCharacter, 0), ("1.", .invalidNumber, 0),
              ("'a'", .unexpectedCharacter, 0), ("nul", .unexpectedCharacter, 0), ("truex", .unexpectedCharacter, 0),
              ("{\"a\":1}\u{0}", .trailingCharacters, 7),
          ])
    func nonJSON(text: String, kind: JSONParseError.Kind, offset: Int) throws {
        let error = try #require(parseError(text))
        #expect(error.kind == kind, "\(text): \(error)")
        #expect(error.offset == offset, "\(text): \(error)")
        #expect(!error.message.isEmpty)
    }

    @Test("NaN is rejected with a message that names it, so a person knows what to fix")
    func nanMessage() throws {
        #expect(try #require(parseError(#"{"badge":NaN}"#)).message.contains("NaN"))
    }

    // MARK: Duplicate keys

    @Test("duplicate keys: the last value wins and every repeat is reported by its JSON path")
    func duplicateKeyRule() throws {
        let text = #"{"aps":{"badge":1,"badge":2},"k":"first","k":"second","buzzkit":{"a":{"x":1,"x":2}}}"#
        let document = try JSONParser.parseDocument(Array(text.utf8))
        #expect(document.value["aps"]?["badge"] == 2)
        #expect(document.value["k"] == "second")
        #expect(document.value["buzzkit"]?["a"]?["x"] == 2)
        #expect(Set(document.duplicateKeys) == ["$.aps.badge", "$.k", "$.buzzkit.a.x"])
    }

    @Test("a repeated vendor marker does not let an earlier value sneak past detection: the last one decides")
    func duplicateMarker() throws {
        let payload = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"pna_message_id":"first","pna_message_id":""}"#)
        #expect(BuiltInVendors.registry.claimants(of: payload).isEmpty)
        let swapped = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"pna_message_id":"","pna_message_id":"second"}"#)
        #expect(BuiltInVendors.registry.claimants(of: swapped).map(\.id) == ["pushnotifai"])
        #expect(PushNotifAIAdapter().decode(swapped).payload.messageId == "second")
    }

    @Test("keys that are canonically equivalent Unicode never vanish silently: two keys, or a reported duplicate")
    func canonicallyEquivalentKeys() throws {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        let document = try JSONParser.parseDocument(Array(text.utf8))
        let count = document.value.objectValue?.count ?? 0
        #expect(count == 2 || document.duplicateKeys.count == 1)
    }

    // MARK: Control characters

    @Test("every raw control character U+0000–U+001F inside a string is rejected at its offset")
    func rawControlCharacters() throws {
        for byte in UInt8(0)...UInt8(0x1F) {
            let bytes = Array(#"{"a":"x"#.utf8) + [byte] + Array(#""}"#.utf8)
            let error = try #require(parseError(bytes))
            #expect(error.kind == .controlCharacterInString, "byte \(byte)")
            #expect(error.offset == 7, "byte \(byte)")
        }
        #expect(parseError(Array(#"{"a":"x"#.utf8) + [0x7F] + Array(#""}"#.utf8)) == nil)
    }

    @Test("escaped control characters are accepted and written back escaped, never raw")
    func escapedControlCharacters() throws {
        let value = try JSONParser.parse(#"{"a":"\u0000\u0007\u001b[31m\n\t\u001f"}"#)
        #expect(value["a"]?.stringValue?.unicodeScalars.first == "\u{0}")
        let written = JSONWriter.bytes(value)
        #expect(!written.contains { $0 < 0x20 })
        #expect(try JSONParser.parse(written) == value)
    }

    @Test("a control character in a vendor's string reaches the bridge form escaped and round-trips")
    func controlCharacterInVendorField() throws {
        let payload = try Fixtures.userInfo(#"{"aps":{"alert":{"title":"a\u0000b\u001b[2J"}},"pna_message_id":"n\nx"}"#)
        let decoded = PushNotifAIAdapter().decode(payload)
        #expect(decoded.payload.alert?.title == "a\u{0}b\u{1B}[2J")
        #expect(decoded.payload.messageId == "n\nx")
        let bridge = JSONWriter.bytes(decoded.payload.bridgeJSON)
        #expect(!bridge.contains { $0 < 0x20 })
    }

    // MARK: Size and time

    @Test("a 100,000-element array parses, writes and reparses in well under the bound")
    func hundredThousandElements() throws {
        let text = Array(("[" + (0..<100_000).map { "{\"i\":\($0),\"s\":\"v\"}" }.joined(separator: ",") + "]").utf8)
        var value: JSONValue = .null
        let elapsed = try processorSeconds {
            value = try JSONParser.parse(text)
            _ = try JSONParser.parse(JSONWriter.bytes(value))
        }
        #expect(value.arrayValue?.count == 100_000)
        #expect(elapsed < linearBound, "took \(elapsed) s")
    }

    @Test("objects of 100,000 distinct keys, short or all of one fingerprint, with one repeat or all one key, take linear time")
    func hundredThousandKeys() throws {
        // Keys of one fingerprint share their first and last eight bytes and their length: a repeat looked for
        // through a table of fingerprints would compare each with every earlier one; the parser's table hashes
        // every byte of a key, with a seed.
        let shortKey: (Int) -> String = { "k\($0)" }
        let oneFingerprint: (Int) -> String = { number in
            let digits = String(number)
            return "extra_me" + String(repeating: "0", count: 6 - digits.count) + digits + "_data_key"
        }
        for key in [shortKey, oneFingerprint] {
            let distinct = Array(("{" + (0..<100_000).map { "\"\(key($0))\":\($0)" }.joined(separator: ",") + "}").utf8)
            let oneRepeat = Array(("{" + (0..<100_000).map { "\"\(key($0))\":\($0)," }.joined() + "\"\(key(500))\":-1}").utf8)
            let allOne = Array(("{" + (0..<100_000).map { "\"\(key(7))\":\($0)" }.joined(separator: ",") + "}").utf8)
            var results: [Int] = []
            var repeats: [[String]] = []
            var elapsed = [try processorSeconds {
                let object = try JSONParser.parse(distinct)
                results.append(object.objectValue?.count ?? 0)
                results.append(JSONWriter.bytes(object).count)
            }]
            for text in [oneRepeat, allOne] {
                elapsed.append(try processorSeconds {
                    let document = try JSONParser.parseDocument(text)
                    results.append(document.value.objectValue?.count ?? 0)
                    repeats.append(Array(Set(document.duplicateKeys)))
                    results.append(document.duplicateKeys.count)
                })
            }
            #expect(results == [100_000, distinct.count, 100_000, 1, 1, 99_999], "\(key(1))")
            #expect(repeats == [["$." + key(500)], ["$." + key(7)]], "\(key(1))")
            #expect(elapsed.allSatisfy { $0 < linearBound }, "\(key(1)): took \(elapsed) s")
        }
    }

    @Test("a 4 MiB string, plain or made of escapes, parses and writes in linear time")
    func longStrings() throws {
        let plain = Array(("\"" + String(repeating: "a", count: 4 << 20) + "\"").utf8)
        let escaped = Array(("\"" + String(repeating: "\\u00e9\\n", count: 300_000) + "\"").utf8)
        var lengths: [Int] = []
        let elapsed = try processorSeconds {
            for text in [plain, escaped] {
                let value = try JSONParser.parse(text)
                lengths.append(value.stringValue?.unicodeScalars.count ?? 0)
                _ = JSONWriter.bytes(value)
            }
        }
        #expect(lengths == [4 << 20, 600_000])
        #expect(elapsed < linearBound, "took \(elapsed) s")
    }

    @Test("an error after a 4 MiB string on one line is located quickly, in characters")
    func errorLocationOnHugeLine() throws {
        let text = Array(("[\"" + String(repeating: "é", count: 2 << 20) + "\",x]").utf8)
        var error: JSONParseError?
        let elapsed = processorSeconds { error = parseError(text) }
        #expect(error?.kind == .unexpectedCharacter)
        #expect(error?.offset == text.count - 2)
        #expect(error?.line == 1)
        #expect(error?.column == (2 << 20) + 5)
        #expect(elapsed < linearBound, "took \(elapsed) s")
    }

    @Test("100,000 BuzzKit buttons and data keys, and 1,000 Zixflow buttons, decode, translate and validate quickly")
    func hugeVendorPayloads() throws {
        let buttons = (0..<100_000).map { #"{"id":"b\#($0)","title":"T"}"# }.joined(separator: ",")
        let data = (0..<100_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let buzzkit = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m","actions":[\#(buttons)],"data":{\#(data)}}}"#)
        let zixflow = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"z","action_buttons":"\#(zixflowButtons(1000))"}"#)
        #expect(buzzkit.count == 2 && zixflow.count == 3)
        var buttonCounts: [Int] = []
        let elapsed = processorSeconds {
            for (payload, source) in [(buzzkit, BuzzKitAdapter() as any VendorAdapter), (zixflow, ZixflowAdapter())] {
                buttonCounts.append(source.decode(payload).payload.buttons.count)
                for target in BuiltInVendors.all { _ = Translator.translate(payload, from: source, to: target) }
                _ = Validator.validate(payload, byteCount: 4096, adapter: source)
            }
        }
        #expect(buttonCounts == [BuzzKitAdapter.maxButtons, 2])
        #expect(elapsed < 4 * linearBound, "took \(elapsed) s")
    }

    @Test("an action_buttons string beyond Zixflow's 64 KiB inner limit shows no buttons and says why")
    func oversizedActionButtons() throws {
        let payload = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"z","action_buttons":"\#(zixflowButtons(100_000))"}"#)
        let decoded = ZixflowAdapter().decode(payload)
        #expect(decoded.payload.buttons.isEmpty)
        #expect(decoded.diagnostics.contains { $0.path == #"$.action_buttons"# })
    }

    @Test("an action_buttons string nested 10,000 deep is a diagnostic, not a stack overflow")
    func deeplyNestedActionButtons() throws {
        let nested = String(repeating: "[", count: 10_000)
        let payload = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"z","action_buttons":"\#(nested)"}"#)
        let decoded = ZixflowAdapter().decode(payload)
        #expect(decoded.payload.buttons.isEmpty)
        #expect(decoded.diagnostics.contains { $0.path == #"$.action_buttons"# })
    }
}

/// A Zixflow `action_buttons` JSON array of `count` buttons, escaped to sit inside a JSON string.
private func zixflowButtons(_ count: Int) -> String {
    "[" + (0..<count).map { #"{\"name\":\"B\#($0)\",\"deeplink\":\"gym://\#($0)\"}"# }.joined(separator: ",") + "]"
}
