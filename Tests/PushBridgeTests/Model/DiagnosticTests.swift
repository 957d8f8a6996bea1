import PushBridge
import Testing

@Suite("Diagnostic and Loss JSON")
struct DiagnosticJSONTests {
    @Test("a diagnostic is {type, severity, code, path, message}; its members write the same bytes")
    func diagnosticJSON() {
        let diagnostic = Diagnostic(.warning, code: .wrongType, path: "$.a", message: "expected a string")
        #expect(diagnostic.json == [
            "type": "diagnostic", "severity": "warning", "code": "wrong-type", "path": "$.a", "message": "expected a string",
        ])
        var written: [UInt8] = []
        JSONWriter.writeObject(diagnostic.jsonMembers, into: &written)
        #expect(written == JSONWriter.bytes(diagnostic.json))
    }

    @Test("a diagnostic written member by member is the canonical writer's bytes, with and without a line")
    func diagnosticWrittenDirectly() {
        let diagnostics = [
            Diagnostic(.info, code: .noBridgeField, path: #"$["com.urbanairship.media_attachment"].content"#,
                       message: "quotes \"x\", a backslash \\, a tab\t, é, 日本, 🙂 and \u{202E} escaped"),
            Diagnostic(.error, code: .wrongType, message: ""),
            Diagnostic(.warning, code: .badgeNotInteger, path: "$.aps.badge", message: "line\nbreak / slash"),
        ]
        for diagnostic in diagnostics {
            for line in [nil, 0, 7, 10, 123_456_789] as [Int?] {
                var expected = diagnostic.jsonMembers
                if let line { expected.append(("line", .int(line))) }
                var canonical: [UInt8] = []
                JSONWriter.writeObject(expected, into: &canonical)
                var written: [UInt8] = [0x2A]  // appended after what is there
                diagnostic.writeJSON(line: line, into: &written)
                #expect(written == [0x2A] + canonical, "\(diagnostic) line \(String(describing: line))")
            }
        }
    }

    @Test("a loss is {type, path, value, reason}; its members write the same bytes")
    func lossJSON() {
        let loss = Loss(path: "$.buttons[2]", value: ["id": "b"], reason: "no third button")
        #expect(loss.json == ["type": "loss", "path": "$.buttons[2]", "value": ["id": "b"], "reason": "no third button"])
        var written: [UInt8] = []
        JSONWriter.writeObject(loss.jsonMembers, into: &written)
        #expect(written == JSONWriter.bytes(loss.json))
    }
}

@Suite("LossList")
struct LossListTests {
    @Test("a collecting list keeps every loss in order; a list that does not collect never builds one")
    func collectsOrSkips() {
        var built = 0
        func loss(_ path: String) -> Loss {
            built += 1
            return Loss(path: path, value: nil, reason: "r")
        }
        var kept = LossList()
        kept.append(loss("$.a"))
        kept.append(contentsOf: [loss("$.b"), loss("$.c")])
        #expect(kept.isCollecting)
        #expect(kept.collected.map(\.path) == ["$.a", "$.b", "$.c"])
        #expect(built == 3)
        var skipped = LossList(collecting: false)
        skipped.append(loss("$.d"))
        skipped.append(contentsOf: [loss("$.e")])
        #expect(skipped.collected.isEmpty)
        #expect(built == 3, "nothing appended to a list that does not collect is built")
    }
}
