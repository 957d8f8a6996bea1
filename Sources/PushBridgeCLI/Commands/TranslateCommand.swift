import PushBridge
import PushBridgeTools

enum TranslateCommand: Command {
    static let name = "translate"
    static let summary = "Translate a payload into another vendor's wire format"
    static let help = """
        Usage: bridge-cli translate --to ID [--from ID] [--category ID] [--report] [--pretty]
                                    [--jsonl [--jobs N] [--summary]] FILE|-

        Prints the target vendor's userInfo as canonical JSON. The source is the vendor that claims the
        payload, or --from. With --report, every field the target cannot carry is printed to stderr as a
        JSON line {"type":"loss","path",…,"value",…,"reason",…}. With --jsonl, one payload per input line,
        translated on --jobs N threads (default: the processors online, at most 8), printed in input order;
        --summary then adds one line to stderr (stdout stays one translation per line):
        {"type":"summary","lines":N,"translated":N,"failed":N,"losses":{KIND:N,…}}, the losses counted by
        the first member of their path (buttons, deepLink, …; a loss at $ is "claim").
        --category ID names an app category in a translated push that has buttons, for a target that shows
        buttons only from a category the app registers (Braze, Airship): the buttons travel, and a note on
        stderr says which category, with which buttons, the app must register.
        """
    static let valuedOptions: Set<String> = ["to", "from", "vendor", "jobs", "category"]
    static let flagOptions: Set<String> = ["report", "jsonl", "pretty", "summary"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        guard let targetID = arguments.value("to") else { throw .usage("translate needs --to ID") }
        let target = try requireAdapter(targetID)
        let sourceID = arguments.value("from") ?? arguments.value("vendor")
        if let sourceID { _ = try requireAdapter(sourceID) }
        let report = arguments.has("report")
        let category = arguments.value("category")
        if category?.isEmpty == true { throw .usage("--category needs a category id") }
        let summarizes = arguments.has("summary")
        if arguments.has("jsonl") {
            // Read once for the run, not once a line (each read is a task-local lookup and a copy of the registry).
            let vendors = registry
            let source = try sourceID.map { id throws(CLIError) in try requireAdapter(id) }
            let summary = try streamJSONLines(input, jobs: try jobCount(arguments)) { userInfo, _, line, output throws(CLIError) in
                let adapter: any VendorAdapter
                var claimNotes: [Diagnostic]?
                if let source { adapter = source } else { (adapter, claimNotes) = try resolveNotingClaims(userInfo, in: vendors) }
                let translation = Translator.translatedUserInfo(
                    userInfo, from: adapter, to: target, registry: vendors, claimNotes: claimNotes,
                    collectingLosses: report || summarizes, category: category)
                printDiagnostics(translation.diagnostics, line: line, to: output.standardError)
                if report { printLosses(translation.losses, line: line, to: output.standardError) }
                if summarizes {
                    for loss in translation.losses { output.lossKinds[MigrationPlan.kind(of: loss), default: 0] += 1 }
                }
                return (.object(translation.userInfo), true)
            }
            if summarizes {
                stderrStream.writeLine(.object([
                    "type": "summary", "lines": .int(summary.lines), "translated": .int(summary.lines - summary.failed),
                    "failed": .int(summary.failed), "losses": .object(JSONObject(summary.lossKinds.map { ($0.key, JSONValue.int($0.value)) })),
                ]))
            }
            return summary.exitCode
        }
        if summarizes { throw .usage("--summary goes with --jsonl") }
        let (_, userInfo) = try loadUserInfo(input)
        let translation = Translator.translate(
            userInfo, from: try resolveAdapter(userInfo, vendor: sourceID), to: target, registry: registry,
            collectingLosses: report, category: category)
        printDiagnostics(translation.diagnostics)
        if let category, translation.userInfo["aps"]?["category"]?.stringValue == category {
            let buttons = translation.payload.buttons.map { "'\($0.id)' (\"\($0.title)\")" }.joined(separator: ", ")
            printDiagnostics([Diagnostic(
                .info, code: .categoryToRegister, path: "$.aps.category",
                message: "the app must register category '\(category)' with the buttons \(buttons) for \(target.name) to show them")])
        }
        if report { printLosses(translation.losses) }
        stdoutStream.writeLine(.object(translation.userInfo), pretty: arguments.has("pretty"))
        return .success
    }
}
