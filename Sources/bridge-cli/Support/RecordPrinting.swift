#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushBridge

/// Prints diagnostics to stderr as JSON Lines, optionally tagged with the input line.
func printDiagnostics(_ diagnostics: [Diagnostic], line: Int? = nil) {
    printToStandardError(diagnostics.map(\.jsonMembers), line: line)
}

/// Prints losses to stderr as JSON Lines, optionally tagged with the input line.
func printLosses(_ losses: [Loss], line: Int? = nil) {
    printToStandardError(losses.map(\.jsonMembers), line: line)
}

/// Prints JSON objects to stderr, one per line, each with `"line": N` when a line is given.
private func printToStandardError(_ objects: [[(key: String, value: JSONValue)]], line: Int?) {
    for var members in objects {
        if let line { members.append(("line", .int(line))) }
        stderrStream.writeLine(members: members)
    }
}

/// Writes one diagnostic line to stderr at once (from any thread: one `write` call, not the buffered stream).
func printDiagnosticNow(_ diagnostic: Diagnostic) {
    var line = JSONWriter.bytes(diagnostic.json)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBytes { raw in _ = write(2, raw.baseAddress!, raw.count) }
}
