import PushBridge
import PushBridgeSystem

/// The global flag (`--quiet`, before or after any command) that leaves info diagnostics out of stderr.
let quietFlag = "quiet"

/// Whether `--quiet` was given: set once by `main` before the command runs (and before any worker thread
/// starts), read by ``printDiagnostics(_:line:to:)`` and ``printDiagnosticNow(_:)``.
nonisolated(unsafe) var quietDiagnostics = false

/// Whether `diagnostic` is worth printing: every one, or with `--quiet` only warnings and errors.
private func shows(_ diagnostic: Diagnostic) -> Bool {
    !quietDiagnostics || diagnostic.severity != .info
}

/// Prints diagnostics to stderr (or `stream`) as JSON Lines, optionally tagged with the input line; with
/// `--quiet`, only warnings and errors. Every diagnostic the CLI prints on stderr goes through here or
/// ``printDiagnosticNow(_:)``.
func printDiagnostics(_ diagnostics: [Diagnostic], line: Int? = nil, to stream: OutputStream = stderrStream) {
    for diagnostic in diagnostics where shows(diagnostic) {
        stream.writeLine(diagnostic, line: line)
    }
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

/// Writes one diagnostic line to stderr at once (from any thread: one `write` call, not the buffered stream);
/// with `--quiet`, nothing for an info.
func printDiagnosticNow(_ diagnostic: Diagnostic) {
    guard shows(diagnostic) else { return }
    var line: [UInt8] = []
    diagnostic.writeJSON(into: &line)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBytes { raw in _ = write(2, raw.baseAddress!, raw.count) }
}
