import PushBridge
import PushBridgeSystem

/// Prints diagnostics to stderr (or `stream`) as JSON Lines, optionally tagged with the input line.
func printDiagnostics(_ diagnostics: [Diagnostic], line: Int? = nil, to stream: OutputStream = stderrStream) {
    printRecords(diagnostics.map(\.jsonMembers), line: line, to: stream)
}

/// Prints losses to stderr (or `stream`) as JSON Lines, optionally tagged with the input line.
func printLosses(_ losses: [Loss], line: Int? = nil, to stream: OutputStream = stderrStream) {
    printRecords(losses.map(\.jsonMembers), line: line, to: stream)
}

/// Prints JSON objects to `stream`, one per line, each with `"line": N` when a line is given.
private func printRecords(_ objects: [[(key: String, value: JSONValue)]], line: Int?, to stream: OutputStream) {
    for var members in objects {
        if let line { members.append(("line", .int(line))) }
        stream.writeLine(members: members)
    }
}

/// Writes one diagnostic line to stderr at once (from any thread: one `write` call, not the buffered stream).
func printDiagnosticNow(_ diagnostic: Diagnostic) {
    var line = JSONWriter.bytes(diagnostic.json)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBytes { raw in _ = write(2, raw.baseAddress!, raw.count) }
}
