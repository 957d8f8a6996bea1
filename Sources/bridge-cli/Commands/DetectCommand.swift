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
    static let valuedOptions: Set<String> = ["vendor", "jobs"]
    static let flagOptions: Set<String> = ["jsonl"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        let vendor = try knownVendor(arguments.value("vendor"))
        if arguments.has("jsonl") {
            return try streamJSONLines(input, jobs: try jobCount(arguments)) { userInfo, _, _, _ throws(CLIError) in
                (.object(["vendor": .string(try resolveAdapter(userInfo, vendor: vendor).id)]), true)
            }.exitCode
        }
        let (_, userInfo) = try loadUserInfo(input)
        stdoutStream.write(try resolveAdapter(userInfo, vendor: vendor).id + "\n")
        return .success
    }
}
