import PushBridge

enum NormalizeCommand: PayloadCommand {
    static let name = "normalize"
    static let summary = "Print a payload's bridge form (the normalised PushPayload)"
    static let help = """
        Usage: bridge-cli normalize [--vendor ID] [--pretty] [--jsonl [--jobs N]] FILE|-

        Prints the bridge form as canonical JSON. Diagnostics go to stderr as JSON Lines
        ({"type":"diagnostic",…}). With --jsonl, one payload per input line, one bridge form or
        {"error": …, "line": N} per output line.
        """

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let given = try PayloadArguments(arguments)
        let vendor = given.vendor
        if let jobs = given.jsonlJobs {
            return try streamJSONLines(given.input, jobs: jobs) { userInfo, _, line, output throws(CLIError) in
                let decoded = try decodeResolved(userInfo, vendor: vendor)
                printDiagnostics(decoded.diagnostics, line: line, to: output.standardError)
                return (decoded.payload.bridgeJSON, true)
            }.exitCode
        }
        let (_, userInfo) = try loadUserInfo(given.input)
        let decoded = try decodeResolved(userInfo, vendor: vendor)
        printDiagnostics(decoded.diagnostics)
        stdoutStream.writeLine(decoded.payload.bridgeJSON, pretty: arguments.has("pretty"))
        return .success
    }
}
