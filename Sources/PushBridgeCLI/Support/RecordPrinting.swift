import PushBridge
import PushBridgeSystem

/// The global flag (`--quiet`, before or after any command) that leaves info diagnostics out of stderr.
let quietFlag = "quiet"

/// Whether `--quiet` was given: set once by `main` before the command runs (and before any worker thread
/// starts), read by ``printDiagnostics(_:line:to:)`` and ``printDiagnosticNow(_:)``.
nonisolated(unsafe) var quietDiagnostics = false

/// The diagnostics worth printing: all of them, or with `--quiet` only warnings and errors.
private func shown(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    quietDiagnostics ? diagnostics.filter { $0.severity != .info } : diagnostics
}

/// Prints diagnostics to stderr (or `stream`) as JSON Lines, optionally tagged with the input line; with
/// `--quiet`, only warnings and errors. Every diagnostic the CLI prints on stderr goes through here or
/// ``printDiagnosticNow(_:)``.
func printDiagnostics(_ diagnostics: [Diagnostic], line: Int? = nil, to stream: OutputStream = stderrStream) {
    printRecords(shown(diagnostics).map(\.jsonMembers), line: line, to: stream)
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
    if shown([diagnostic]).isEmpty { return }
    var line = JSONWriter.bytes(diagnostic.json)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBytes { raw in _ = write(2, raw.baseAddress!, raw.count) }
}
