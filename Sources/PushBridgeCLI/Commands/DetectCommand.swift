import PushBridge

enum DetectCommand: Command {
    static let name = "detect"
    static let summary = "Print the id of the vendor that claims a payload"
    static let help = """
        Usage: bridge-cli detect [--vendor ID] [--jsonl [--jobs N]] FILE|-

        Prints the claiming vendor's id on one line. Exit 3 when no vendor claims the payload or two do
        (the message names both; --vendor decides).
        With --jsonl, reads one payload per line and prints {"vendor": ID} or {"error": …, "line": N} per line.
        """
    static let valuedOptions = PayloadArguments.valuedOptions
    static let flagOptions = PayloadArguments.flagOptions

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let given = try PayloadArguments(arguments)
        let vendor = given.vendor
        if let jobs = given.jsonlJobs {
            return try streamJSONLines(given.input, jobs: jobs) { userInfo, _, _, _ throws(CLIError) in
                (.object(["vendor": .string(try resolveAdapter(userInfo, vendor: vendor).id)]), true)
            }.exitCode
        }
        let (_, userInfo) = try loadUserInfo(given.input)
        stdoutStream.write(try resolveAdapter(userInfo, vendor: vendor).id + "\n")
        return .success
    }
}
