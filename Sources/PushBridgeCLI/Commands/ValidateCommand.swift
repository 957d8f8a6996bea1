import PushBridge

enum ValidateCommand: PayloadCommand {
    static let name = "validate"
    static let summary = "Check a payload against APNs and its vendor's rules"
    static let help = """
        Usage: bridge-cli validate [--vendor ID] [--jsonl [--jobs N]] FILE|-

        Prints {"vendor":…,"valid":…,"bytes":…,"problems":[{"code","path","message"}]}. When no vendor
        claims the payload: vendor null, the APNs checks, and the problem "unclaimed". Exit 1, with a
        one-line summary on stderr, when there are problems. With --jsonl, one payload per input line, one report per output line.
        """

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let given = try PayloadArguments(arguments)
        let vendor = given.vendor
        if let jobs = given.jsonlJobs {
            let summary = try streamJSONLines(given.input, jobs: jobs) { userInfo, byteCount, _, _ throws(CLIError) in
                let report = Validator.validate(userInfo, byteCount: byteCount, adapter: try adapter(for: userInfo, vendor: vendor))
                return (report.json, report.isValid)
            }
            if summary.notOK > 0 { stderrStream.write("\(summary.notOK) payload(s) have validation problems\n") }
            return summary.exitCode
        }
        let (byteCount, userInfo) = try loadUserInfo(given.input)
        let report = Validator.validate(userInfo, byteCount: byteCount, adapter: try adapter(for: userInfo, vendor: vendor))
        stdoutStream.writeLine(report.json, pretty: arguments.has("pretty"))
        guard report.isValid else {
            let codes = report.problems.map(\.code)
            stderrStream.write("invalid: \(report.problems.count) problem(s): \(codes.joined(separator: ", "))\n")
            return .problems
        }
        return .success
    }

    /// The vendor for validation: --vendor, the one claimant, or none (APNs checks only); two claimants is an error.
    private static func adapter(for userInfo: JSONObject, vendor: String?) throws(CLIError) -> (any VendorAdapter)? {
        do throws(PushBridgeError) {
            return try registry.resolve(userInfo, vendor: vendor)
        } catch .noVendorClaims {
            return nil
        } catch {
            throw CLIError(error)
        }
    }
}
