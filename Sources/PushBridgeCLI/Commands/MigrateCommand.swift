import PushBridge
import PushBridgeConformance
import PushBridgeSystem
import PushBridgeTools

/// `bridge-cli migrate`: a plan for moving an app from one vendor to another (docs/MIGRATION.md).
enum MigrateCommand: Command {
    static let name = "migrate"
    static let summary = "Plan a move between two vendors from the payloads and send requests the app has sent"
    static let help = """
        Usage: bridge-cli migrate --from ID --to ID [--payloads DIR|FILE] [--sends DIR|FILE] --out DIR

        Reads what the app has sent with vendor --from: device payloads (--payloads: a folder of *.json files,
        a .jsonl file of one payload per line, or one .json file) and backend send requests (--sends: the same
        forms, each a request, an envelope or a bundle), groups them by shape, translates one of each shape to
        vendor --to, and writes one plan three ways into DIR (created when missing):

          plan.json   from, to, inputs, skipped, templates (each shape with its count, examples, losses,
                      meaning changes and the template as --to's backend delivers it; worst first), totals
                      (losses by kind), categories (to register for --to; --from's that go away), events (the
                      analytics crosswalk, "to": null where --to has no counterpart), collector (vendors whose
                      receipts go to the app's own collector), links (route changes), checklist (ordered steps)
          plan.md     the same for a pull request
          plan.html   one page, no script, every input inert

        A payload another vendor claims, or a line that is not a JSON object, is skipped and listed.
        Exit codes: 0 the plan is written, 2 usage, 66 an input cannot be read.
        """
    static let valuedOptions: Set<String> = ["from", "to", "payloads", "sends", "out"]
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("migrate takes no FILE: give --payloads or --sends") }
        guard let fromID = arguments.value("from"), let toID = arguments.value("to") else {
            throw .usage("migrate needs --from ID and --to ID")
        }
        let from = try requireAdapter(fromID), to = try requireAdapter(toID)
        guard let out = arguments.value("out"), !out.isEmpty else { throw .usage("migrate needs --out DIR") }
        guard arguments.value("payloads") != nil || arguments.value("sends") != nil else {
            throw .usage("migrate needs --payloads or --sends (or both)")
        }
        var plan = MigrationPlan(from: from, to: to, registry: registry)
        if let payloads = arguments.value("payloads") {
            try read(payloads) { bytes, label in
                do throws(CLIError) {
                    plan.add(.payload(try parseUserInfo(bytes), label: label))
                } catch {
                    plan.skip(label, reason: error.message)
                }
            }
        }
        if let sends = arguments.value("sends") {
            try read(sends) { bytes, label in
                do throws(JSONParseError) {
                    plan.add(.send(try JSONParser.parse(bytes), label: label))
                } catch {
                    plan.skip(label, reason: "not JSON: \(error.description)")
                }
            }
        }
        plan.finish()
        if mkdir(out, 0o755) != 0, errno != EEXIST {
            throw .usage("cannot create '\(out)': \(FileReading.describe(errno: errno))")
        }
        let base = out.hasSuffix("/") ? out : out + "/"
        try writeFile(base + "plan.json", JSONWriter.string(plan.json, pretty: true) + "\n")
        try writeFile(base + "plan.md", plan.markdown)
        try writeFile(base + "plan.html", plan.html)
        return .success
    }

    /// Calls `body` with each input under `path`: every `*.json` file of a folder (labelled by its path), each
    /// non-empty line of a `.jsonl` file (`FILE:LINE`), or the one file.
    private static func read(_ path: String, _ body: ([UInt8], String) -> Void) throws(CLIError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(FileReading.describe(errno: errno))")
        }
        if UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) {
            let files: [String]
            do throws(ConformanceLoadError) {
                files = try CaseDirectory.jsonFiles(under: path)
            } catch {
                throw CLIError(code: .unreadableInput, message: error.description)
            }
            for file in files { body(try readInput(file), file) }
            return
        }
        guard path.hasSuffix(".jsonl") else {
            body(try readInput(path), path)
            return
        }
        let reader = try LineReader(path: path)
        var number = 0
        while let line = try reader.nextLine() {
            number += 1
            if !line.isEmpty { body(line, "\(path):\(number)") }
        }
    }

    /// Writes `text` to `path` (created or truncated, mode 0644), never through a symbolic link.
    private static func writeFile(_ path: String, _ text: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .usage("cannot write '\(path)': \(FileReading.describe(errno: errno))") }
        defer { close(descriptor) }
        if let failure = writeAll(descriptor, Array(text.utf8)) {
            throw .usage("cannot write '\(path)': \(FileReading.describe(errno: failure))")
        }
    }
}
