import PushBridge
import PushBridgeTestSupport
import Testing

/// No raw format character (U+202E and the rest of `Cf`, U+2028, U+2029) reaches the terminal from any command:
/// JSON output carries them as `\uXXXX`, messages and tables as `\u{…}` (docs/HOSTILE-INPUT.md "Text on a terminal").
@Suite("Format characters on the terminal")
struct TerminalTextCommandTests {
    /// The review's `zx_buttons_ctrl.json`: a Zixflow push whose second button links to U+202E + `javascript:`.
    static let reproducer = #"""
        {"aps": {"alert": "x"}, "Zixflow-Delivery-ID": "z1", "deeplink_url": "https://ok.example/", "action_buttons": "[{\"name\": \"A\", \"deeplink\": \"java\\u0000script:alert(1)\"}, {\"name\": \"B\", \"deeplink\": \"\\u202ejavascript:alert(1)\"}]"}
        """#

    /// U+202E RIGHT-TO-LEFT OVERRIDE in UTF-8.
    static let rlo: [UInt8] = [0xE2, 0x80, 0xAE]

    static func holdsRLO(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 3 && (0...(bytes.count - 3)).contains { bytes[$0..<($0 + 3)].elementsEqual(rlo) }
    }

    /// Checks that neither stream of `result` holds a raw U+202E (nor any other escaped scalar but a line break).
    static func expectNoRawFormatCharacters(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!holdsRLO(result.stdoutBytes), "stdout: \(result)", sourceLocation: sourceLocation)
        #expect(!holdsRLO(result.stderrBytes), "stderr: \(result)", sourceLocation: sourceLocation)
        for text in [result.stdout, result.stderr] {
            #expect(!text.unicodeScalars.contains { $0.isEscapedForDisplay && $0 != "\n" }, "\(result)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("simulate on the review's reproducer: links rejected, no raw U+202E anywhere, the same URL value")
    func simulateReproducer() throws {
        let result = try CLI.run(["simulate", "--steps", "open:ACTION_0,open:ACTION_1", "-"], stdin: Self.reproducer)
        #expect(result.status == 0, "\(result)")
        Self.expectNoRawFormatCharacters(result)
        let routes = try result.stdoutJSONLines().filter { $0["type"]?.stringValue == "route" }
        #expect(routes.map { $0["via"]?.stringValue } == ["rejected", "rejected"], "\(result)")
        #expect(routes.last?["url"]?.stringValue == "\u{202E}javascript:alert(1)")
        #expect(result.stdout.contains(#"{"type":"route","url":"\u202ejavascript:alert(1)","via":"rejected"}"#))
        // The rejected link's diagnostic effect quotes the link the way a person reads it.
        let messages = try result.stdoutJSONLines().filter { $0["type"]?.stringValue == "diagnostic" }
            .compactMap { $0["message"]?.stringValue }
        #expect(messages.contains { $0.contains("'\\u{202e}javascript:alert(1)'") }, "\(result)")
    }

    /// A BuzzKit push with bidi text in a key, a title, a category and custom data.
    static let bidiBuzzKit = #"""
        {"aps":{"alert":{"title":"Pay \u202egnp.exe","body":"b\u2028c\u2066"},"category":"buzzkit.\u202e"},"buzzkit":{"messageId":"m\u202e1","data":{"k\u202e":"v\udb40\udc01"}},"t\u202e":1}
        """#

    @Test("translate, normalize and validate print JSON with every format character escaped, the same value")
    func jsonOutputs() throws {
        for arguments in [["translate", "--to", "fcm", "--report", "-"], ["normalize", "-"],
                          ["translate", "--to", "onesignal", "--jsonl", "-"]] {
            let result = try CLI.run(arguments, stdin: Self.bidiBuzzKit)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stdout.contains("\\u202e"), "\(arguments): \(result)")
            Self.expectNoRawFormatCharacters(result)
            // The ignored key, reported on stderr as JSON that quotes it as a person reads it.
            let messages = try result.stderrJSONLines().compactMap { $0["message"]?.stringValue ?? $0["reason"]?.stringValue }
            #expect(messages.contains { $0.contains("'t\\u{202e}'") }, "\(arguments): \(result)")
            _ = try result.stdoutJSONLines()
        }
        let validation = try CLI.run(["validate", "-"], stdin: Self.bidiBuzzKit)
        #expect(validation.status == 1, "\(validation)")
        Self.expectNoRawFormatCharacters(validation)
        let problems = try validation.stdoutJSON()["problems"]?.arrayValue ?? []
        #expect(problems.contains { $0["message"]?.stringValue?.contains("'buzzkit.\\u{202e}'") == true }, "\(validation)")
        // The same values: the normalised form read back holds the text as sent.
        let bridge = try CLI.run(["normalize", "-"], stdin: Self.bidiBuzzKit).stdoutJSON()
        #expect(bridge["alert"]?["title"]?.stringValue == "Pay \u{202E}gnp.exe")
        #expect(bridge["alert"]?["body"]?.stringValue == "b\u{2028}c\u{2066}")
        #expect(bridge["data"]?["k\u{202E}"]?.stringValue == "v\u{E0001}")
        #expect(bridge["ignored"]?["t\u{202E}"] == .int(1), "\(bridge)")
    }

    @Test("compare --table shows format characters in keys and values as \\u{…}, nothing raw")
    func compareTable() throws {
        let result = try CLI.run(["compare", "--table", "--vendors", "fcm,onesignal", "-"], stdin: Self.bidiBuzzKit)
        #expect(result.status == 0, "\(result)")
        Self.expectNoRawFormatCharacters(result)
        #expect(result.stdout.contains("Pay \\u{202e}gnp"), "\(result)")
    }

    @Test("compare --table --wide keeps cells whole and still shows format characters as \\u{…}")
    func compareWideTable() throws {
        let result = try CLI.run(["compare", "--table", "--wide", "--vendors", "fcm,onesignal", "-"], stdin: Self.bidiBuzzKit)
        #expect(result.status == 0, "\(result)")
        Self.expectNoRawFormatCharacters(result)
        #expect(result.stdout.contains("Pay \\u{202e}gnp.exe"), "\(result)")
        #expect(result.stdout.contains(#"data["k\u202e"]"#), "\(result)")
    }

    @Test("categories and events: no raw format character on stdout or stderr")
    func categoriesAndEvents() throws {
        let categories = try CLI.run(["categories", "--vendor", "buzzkit", "--app-categories", "app\u{202E}", "-"],
                                     stdin: Self.bidiBuzzKit)
        Self.expectNoRawFormatCharacters(categories)
        #expect(categories.status == 0, "\(categories)")
        let events = try CLI.run(["events", "--table"])
        Self.expectNoRawFormatCharacters(events)
    }

    @Test("an error quoting a vendor id, a step or a path escapes format characters as \\u{…}")
    func errorMessages() throws {
        for arguments in [["normalize", "--vendor", "x\u{202E}y", "-"], ["simulate", "--steps", "open,\u{2066}bogus", "-"],
                          ["detect", "missing\u{202E}.json"]] {
            let result = try CLI.run(arguments, stdin: "{}")
            #expect(result.status != 0)
            #expect(result.stderrLines.count == 1, "\(result)")
            Self.expectNoRawFormatCharacters(result)
            #expect(result.stderr.contains("\\u{202e}") || result.stderr.contains("\\u{2066}"), "\(result)")
        }
    }
}
