import PushBridge

/// Runs `body` on every line of a JSON Lines input, printing one result line per input line and turning
/// a failed line into `{"error": …, "line": N}`. Returns `.problems` when any line failed or `body` said so.
func streamJSONLines(
    _ path: String,
    _ body: (_ userInfo: JSONObject, _ byteCount: Int, _ line: Int) throws(CLIError) -> (JSONValue, ok: Bool)
) throws(CLIError) -> ExitCode {
    let reader = try LineReader(path: path)
    var lineNumber = 0
    var allOK = true
    while let line = reader.nextLine() {
        lineNumber += 1
        do throws(CLIError) {
            let userInfo = try parseUserInfo(line)
            let (result, ok) = try body(userInfo, line.count, lineNumber)
            if !ok { allOK = false }
            stdoutStream.writeLine(result)
        } catch {
            allOK = false
            stdoutStream.writeLine(.object(["error": .string(error.message), "line": .int(lineNumber)]))
        }
    }
    return allOK ? .success : .problems
}
