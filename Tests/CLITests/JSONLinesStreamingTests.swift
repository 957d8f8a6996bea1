import PushBridge
import PushBridgeTestSupport
import Testing

/// The streaming commands, as argument lists before `--jsonl FILE`.
private let streamingCommands: [[String]] = [["detect"], ["normalize"], ["translate", "--to", "zixflow"], ["validate"]]

/// One payload per line: the Native seed, a line that is not JSON, the Custom seed, a JSON array.
private func mixedBatch() throws -> [String] {
    [
        jsonText(.object(try Fixtures.payload("zixflow-native.json"))),
        "{bad json",
        jsonText(.object(try Fixtures.payload("zixflow-custom.json"))),
        "[1,2]",
    ]
}

@Suite("bridge-cli --jsonl streaming")
struct JSONLinesStreamingTests {
    @Test("one output line per input line; a bad line becomes {error, line} and the batch goes on; exit 1",
          arguments: streamingCommands)
    func badLineBecomesErrorRecord(command: [String]) throws {
        let scratch = try Scratch()
        let input = try mixedBatch()
        let path = try scratch.write("batch.jsonl", input.joined(separator: "\n") + "\n")
        let result = try CLI.run(command + ["--jsonl", path])
        #expect(result.status == 1)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 4)
        guard lines.count == 4 else { return }
        for (index, line) in lines.enumerated() where index == 1 || index == 3 {
            #expect(line.objectValue.map { Set($0.keys) } == ["error", "line"])
            #expect(line["line"] == .int(index + 1))
            #expect(line["error"]?.stringValue?.isEmpty == false)
        }
        #expect(lines[0]["error"] == nil)
        #expect(lines[2]["error"] == nil)
    }

    @Test("each good line's result equals what the command prints for that payload alone", arguments: streamingCommands)
    func resultsMatchSingleRuns(command: [String]) throws {
        let scratch = try Scratch()
        let input = try mixedBatch()
        let path = try scratch.write("batch.jsonl", input.joined(separator: "\n") + "\n")
        let lines = try CLI.run(command + ["--jsonl", path]).stdoutLines
        try #require(lines.count == 4)
        for index in [0, 2] {
            let single = try CLI.run(command + ["-"], stdin: input[index])
            let output = single.stdout.trimmingNewline
            let expected = command == ["detect"] ? jsonText(["vendor": .string(output)]) : output
            #expect(lines[index] == expected, "line \(index + 1)")
        }
    }

    @Test("with every line good the batch exits 0", arguments: streamingCommands)
    func allGood(command: [String]) throws {
        let input = try Fixtures.zixflowSeeds.map { jsonText(.object(try Fixtures.payload($0))) }
            .joined(separator: "\n")
        let result = try CLI.run(command + ["--jsonl", "-"], stdin: input)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.count == 2)
    }

    @Test("detect --jsonl prints {vendor} per line and turns an unclaimed line into an error record")
    func detectRecords() throws {
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let result = try CLI.run(["detect", "--jsonl", "-"], stdin: [native, "{}", native].joined(separator: "\n"))
        #expect(result.status == 1)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 3)
        #expect(lines.first == ["vendor": "zixflow"])
        #expect(lines.last == ["vendor": "zixflow"])
        #expect(lines.dropFirst().first?["line"] == 2)
        #expect(lines.dropFirst().first?["error"]?.stringValue?.contains("no vendor") == true)
    }

    @Test("output order is input order over a batch larger than the read buffer")
    func orderKept() throws {
        let base = try Fixtures.payload("zixflow-custom.json")
        let count = 300
        let input = (1...count).map { index in
            index % 50 == 0
                ? "not json \(index)"
                : jsonText(.object(base.setting("Zixflow-Delivery-ID", to: .string("id-\(index)"))))
        }
        let text = input.joined(separator: "\n") + "\n"
        #expect(text.utf8.count > 1 << 16)
        let result = try CLI.run(["normalize", "--jsonl", "-"], stdin: text)
        #expect(result.status == 1)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == count)
        for (offset, line) in lines.enumerated() {
            let index = offset + 1
            if index % 50 == 0 {
                #expect(line["line"] == .int(index))
            } else {
                #expect(line["messageId"] == .string("id-\(index)"), "line \(index)")
            }
        }
    }

    @Test("--jobs N prints, byte for byte, what one thread prints: stdout, stderr and exit status",
          arguments: streamingCommands)
    func jobsSameOutput(command: [String]) throws {
        // Several batches (each at most 256 KiB of input), taken by threads 16 lines at a time (a batch's last
        // chunk shorter), lines of different cost, bad lines and diagnostics.
        let custom = try Fixtures.payload("zixflow-custom.json")
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let input = (1...1_100).map { index -> String in
            switch index % 7 {
            case 0: return "{bad json \(index)"
            case 3: return native
            case 5: return jsonText(.object(custom.setting("badge", to: "five")))
            default: return jsonText(.object(custom.setting("Zixflow-Delivery-ID", to: .string("id-\(index)"))))
            }
        }
        let text = input.joined(separator: "\n") + "\n"
        let report = command.first == "translate" ? ["--report"] : []
        let one = try CLI.run(command + report + ["--jsonl", "--jobs", "1", "-"], stdin: text)
        #expect(one.stdoutLines.count == input.count)
        #expect(!one.stderrBytes.isEmpty || command == ["detect"])
        for jobs in ["2", "3", "8"] {
            let many = try CLI.run(command + report + ["--jsonl", "--jobs", jobs, "-"], stdin: text)
            #expect(many.status == one.status, "--jobs \(jobs)")
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
            #expect(many.stderr == one.stderr, "--jobs \(jobs)")
        }
    }

    @Test("--jobs must be a whole number from 1 to 64", arguments: ["0", "65", "two", "-1", ""])
    func jobsRejected(value: String) throws {
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let result = try CLI.run(["translate", "--to", "buzzkit", "--jsonl", "--jobs=\(value)", "-"], stdin: native)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--jobs needs a whole number from 1 to 64"))
    }

    @Test("a line longer than the input limit is an error record; the lines after it are read", arguments: ["1", "2"])
    func overlongLine(jobs: String) throws {
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let huge = "\"" + String(repeating: "a", count: JSONParser.Options.default.maxBytes + 4096) + "\""
        let result = try CLI.run(["detect", "--jsonl", "--jobs", jobs, "-"], stdin: [native, huge, native].joined(separator: "\n"))
        #expect(result.status == 1)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 3)
        guard lines.count == 3 else { return }
        #expect(lines[0] == ["vendor": "zixflow"])
        #expect(lines[1]["line"] == 2)
        #expect(lines[1]["error"]?.stringValue?.contains("more than the limit of \(JSONParser.Options.default.maxBytes)") == true)
        #expect(lines[2] == ["vendor": "zixflow"])
    }

    @Test("a last line without a newline and CRLF line endings are read, on one thread and on two",
          arguments: ["1", "2"])
    func lineEndings(jobs: String) throws {
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        // A line longer than one read (64 KiB) is gathered across reads, its CR dropped like any other's.
        var long = try Fixtures.payload("zixflow-native.json")
        long["note"] = .string(String(repeating: "x", count: 150_000))
        let result = try CLI.run(
            ["detect", "--jsonl", "--jobs", jobs, "-"],
            stdin: native + "\r\n" + jsonText(.object(long)) + "\r\n" + native + "\n" + native)
        #expect(result.status == 0, "\(result)")
        #expect(try result.stdoutJSONLines() == Array(repeating: ["vendor": "zixflow"], count: 4))
        let translated = try CLI.run(
            ["translate", "--to", "pushnotifai", "--jsonl", "--jobs", jobs, "-"], stdin: jsonText(.object(long)) + "\r")
        #expect(translated.status == 0, "\(translated)")
        #expect(try translated.stdoutJSONLines().first?["note"]?.stringValue?.count == 150_000)
    }

    @Test("normalize --jsonl tags each diagnostic on stderr with its input line")
    func diagnosticsTagged() throws {
        let custom = jsonText(.object(try Fixtures.payload("zixflow-custom.json")))
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let result = try CLI.run(["normalize", "--jsonl", "-"], stdin: [native, custom].joined(separator: "\n"))
        #expect(result.status == 0)
        let diagnostics = try result.stderrRecords(type: "diagnostic")
        #expect(diagnostics.contains { $0["code"] == .code(.noIOSMeaning) && $0["line"] == 2 })
        #expect(!diagnostics.contains { $0["line"] == 1 }, "the Native seed has no diagnostic")
    }

    @Test("translate --jsonl --report tags each loss with its input line")
    func lossesTagged() throws {
        let custom = jsonText(.object(try Fixtures.payload("zixflow-custom.json")))
        let result = try CLI.run(
            ["translate", "--to", "pushnotifai", "--report", "--jsonl", "-"], stdin: "{}\n" + custom)
        #expect(result.status == 1)
        let losses = try result.stderrRecords(type: "loss")
        #expect(!losses.isEmpty)
        #expect(losses.allSatisfy { $0["line"] == 2 })
        #expect(losses.contains { $0["path"] == "$.ignored.large_icon_url" })
    }

    @Test("validate --jsonl prints every report, exits 1 when a payload is invalid and summarises on stderr")
    func validateInvalidRecord() throws {
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let badBadge = jsonText(.object(try Fixtures.payload("zixflow-custom.json").setting("badge", to: "five")))
        let batch = [native, badBadge, native].joined(separator: "\n")
        let result = try CLI.run(["validate", "--jsonl", "-"], stdin: batch)
        #expect(result.status == 1)
        let lines = try result.stdoutJSONLines()
        #expect(lines.map { $0["valid"] } == [true, false, true])
        #expect(lines[1]["problems"]?.arrayValue?.contains { $0["code"] == .code(.badgeNotInteger) } == true)
        #expect(result.stderrLines.count == 1)
    }

    @Test("a line nested 10,000 deep is an error record, not a crash")
    func deepLine() throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let native = jsonText(.object(try Fixtures.payload("zixflow-native.json")))
        let result = try CLI.run(["normalize", "--jsonl", "-"], stdin: [deep, native].joined(separator: "\n"))
        #expect(result.status == 1)
        #expect(!result.crashed)
        let lines = try result.stdoutJSONLines()
        #expect(lines.count == 2)
        #expect(lines.first?["error"]?.stringValue?.contains("nesting deeper than the limit") == true)
        #expect(lines.last?["vendor"] == "zixflow")
    }

    @Test("commands that do not stream reject --jsonl as a usage error",
          arguments: [["compare"], ["simulate", "--steps", "open"]])
    func notStreaming(command: [String]) throws {
        let result = try CLI.run(command + ["--jsonl", Fixtures.payloadPath("zixflow-native.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }

    @Test("an unreadable --jsonl input is exit 66 with nothing on stdout")
    func unreadable() throws {
        let scratch = try Scratch()
        let result = try CLI.run(["detect", "--jsonl", scratch.url("missing.jsonl").path])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }

    @Test("a directory as --jsonl input cannot be read: exit 66 with nothing on stdout, not an empty batch",
          arguments: streamingCommands + [["preview", "--out", "-"]])
    func directoryInput(command: [String]) throws {
        let scratch = try Scratch()
        let result = try CLI.run(command + ["--jsonl", scratch.path])
        #expect(result.status == 66, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("cannot read"))
    }
}

extension String {
    /// The string without one trailing newline.
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
