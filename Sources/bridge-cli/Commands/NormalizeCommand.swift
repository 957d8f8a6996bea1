import PushBridge

enum NormalizeCommand: Command {
    static let name = "normalize"
    static let summary = "Print a payload's bridge form (the normalised PushPayload)"
    static let help = """
        Usage: bridge-cli normalize [--vendor ID] [--pretty] [--jsonl [--jobs N]] FILE|-

        Prints the bridge form as canonical JSON. Diagnostics go to stderr as JSON Lines
        ({"type":"diagnostic",…}). With --jsonl, one payload per input line, one bridge form or
        {"error": …, "line": N} per output line.
        """
    static let valuedOptions: Set<String> = ["vendor", "jobs"]
    static let flagOptions: Set<String> = ["jsonl", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let vendor = try knownVendor(arguments.value("vendor"))
        if arguments.has("jsonl") {
            return try streamJSONLines(input, jobs: try jobCount(arguments)) { userInfo, _, line, output throws(CLIError) in
                let decoded = try decodeResolved(userInfo, vendor: vendor)
                printDiagnostics(decoded.diagnostics, line: line, to: output.standardError)
                return (decoded.payload.bridgeJSON, true)
            }.exitCode
        }
        let (_, userInfo) = try loadUserInfo(input)
        let decoded = try decodeResolved(userInfo, vendor: vendor)
        printDiagnostics(decoded.diagnostics)
        stdoutStream.writeLine(decoded.payload.bridgeJSON, pretty: arguments.has("pretty"))
        return .success
    }
}
