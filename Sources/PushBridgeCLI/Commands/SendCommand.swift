import PushBridge
import PushBridgeSend

/// `bridge-cli send …`: a backend's send requests (docs/SEND.md).
enum SendCommand: Command {
    static let name = "send"
    static let summary = "Read, translate, deliver and validate a backend's send requests"
    static let help = """
        Usage: bridge-cli send vendors
               bridge-cli send normalize --from ID FILE|-
               bridge-cli send translate --from ID --to ID [--report] [--now SECONDS] [--jsonl] FILE|-
               bridge-cli send provision --from ID --to ID FILE|-
               bridge-cli send deliver --vendor ID FILE|-
               bridge-cli send validate --vendor ID [--jsonl] FILE|-

        FILE is a bare request body (for the vendor's primary send endpoint), an envelope
        {"method","path","headers","body"}, or a bundle {"requests":[…]}.
          vendors    the send vendor ids, one per line
          normalize  the send form of each request, as JSON
          translate  {"requests":[{"method","path","headers","body"},…]} for the target, with
                     "provision":[{"kind","vendor","placeholder","content"},…] when a template, campaign or
                     transactional message must be created first; with --report one stderr line per loss
                     {"type":"loss","path":"$.<path in the source body>","value","reason"}; --now gives the time
                     of sending (seconds since 1970) for relative and absolute expiries
          provision  what to create in the target's backend before its requests are sent, as a checklist
          deliver    the userInfo the vendor's backend sends to one iOS device for each send (a bundle's
                     template gives its sends their content)
          validate   {"vendor","valid","problems":[{"code","path","message"}]} (the vendor's rules broken;
                     warnings go to stderr as diagnostics); exit 1 on problems
        With --jsonl, one input per line (a send log). Exit codes: 0 success (translate: with or without
        losses), 1 not a valid request of --from (translate) or problems (validate), 2 usage, 65 not JSON.
        """
    static let valuedOptions: Set<String> = ["from", "to", "vendor", "now"]
    static let flagOptions: Set<String> = ["report", "jsonl", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard let sub = arguments.positionals.first else {
            throw .usage("send needs a subcommand: vendors, normalize, translate, provision, deliver or validate")
        }
        var rest = arguments
        rest.positionals.removeFirst()
        switch sub {
        case "vendors":
            for adapter in SendVendors.all { stdoutStream.writeLine(members: [("id", .string(adapter.id)), ("name", .string(adapter.name))]) }
            return .success
        case "normalize":
            let source = try sendAdapter(rest, "from")
            return try each(rest) { value, _ throws(CLIError) in
                for parsed in source.parseBundle(try requests(in: value, for: source)) {
                    printDiagnostics(parsed.diagnostics)
                    stdoutStream.writeLine(parsed.request.json, pretty: rest.has("pretty"))
                }
                return true
            }
        case "translate":
            let source = try sendAdapter(rest, "from")
            let target = try sendAdapter(rest, "to")
            // Without --report nobody reads the losses: the renderings do not build them.
            var options = SendRenderOptions(collectsLosses: rest.has("report"))
            if let now = rest.value("now") {
                guard let seconds = Int(now) else { throw .usage("--now takes seconds since 1970") }
                options.now = seconds
            }
            let report = rest.has("report"), pretty = rest.has("pretty")
            return try each(rest) { value, line throws(CLIError) in
                guard let result = try render(value, from: source, to: target, options: options, line: line,
                                              report: report)
                else { return false }
                // The line holds every rendered body, so its length bounds each (docs/SEND.md "Size budgets").
                // Compact lines are written straight from the requests, without building their JSON first.
                var lastBody: Int?
                var bound = pretty
                    ? stdoutStream.writeLine(result.combined.json, pretty: true)
                    : stdoutStream.writeLine { lastBody = result.combined.writeJSON(into: &$0) }
                // One send's requests are the line's: the last body written is the one its budgets measure.
                if result.translations.count == 1, let lastBody { bound = lastBody }
                for translation in result.translations {
                    printDiagnostics(
                        SendVendors.budgetOverflows(
                            of: translation.rendered, to: target, translating: translation.request,
                            form: translation.form, from: source, bodyBytes: bound),
                        line: line)
                }
                return true
            }
        case "provision":
            let source = try sendAdapter(rest, "from")
            let target = try sendAdapter(rest, "to")
            return try each(rest) { value, line throws(CLIError) in
                guard let result = try render(value, from: source, to: target, options: SendRenderOptions(), line: line,
                                              report: false)?.combined
                else { return false }
                if result.provision.isEmpty { stdoutStream.write("nothing to create in \(target.name) first\n") }
                for (index, step) in result.provision.enumerated() {
                    // The content is JSON text, every format character escaped (docs/HOSTILE-INPUT.md).
                    stdoutStream.write("\(index + 1). [ ] create a \(step.kind.described) in \(step.vendor) (the requests "
                        + "name it \(step.placeholder)): \(JSONWriter.string(.object(step.content)))\n")
                }
                return true
            }
        case "deliver":
            let vendor = try sendAdapter(rest, "vendor")
            return try each(rest) { value, _ throws(CLIError) in
                for parsed in vendor.parseBundle(try requests(in: value, for: vendor)) {
                    stdoutStream.writeLine(.object(vendor.deliver(parsed.request)), pretty: rest.has("pretty"))
                }
                return true
            }
        case "validate":
            let vendor = try sendAdapter(rest, "vendor")
            return try each(rest) { value, _ throws(CLIError) in
                var problems: [Diagnostic] = []
                for request in try requests(in: value, for: vendor) { problems += vendor.validate(request) }
                // Errors are the problems; warnings go to stderr as diagnostics.
                printDiagnostics(problems.filter { $0.severity != .error })
                let list: [JSONValue] = problems.filter { $0.severity == .error }.map {
                    ["code": .string($0.code), "path": .string($0.path), "message": .string($0.message)]
                }
                let valid = list.isEmpty
                stdoutStream.writeLine(
                    ["vendor": .string(vendor.id), "valid": .bool(valid), "problems": .array(list)], pretty: rest.has("pretty"))
                return valid
            }
        default:
            throw .usage("unknown send subcommand '\(sub)'; use vendors, normalize, translate, provision, deliver or validate")
        }
    }

    /// One send of the input rendered: the source request it came from, its form and the target's bundle.
    private struct Rendered {
        var request: SendHTTPRequest
        var form: SendRequest
        var rendered: [SendHTTPRequest]
    }

    /// Every send in `value` of `source` (a bundle is read whole) rendered for `target`, as one result and one
    /// entry per send; nil when a request is malformed. Parse diagnostics (and with `report` the losses) go to
    /// stderr.
    private static func render(
        _ value: JSONValue, from source: any SendAdapter, to target: any SendAdapter, options: SendRenderOptions,
        line: Int?, report: Bool
    ) throws(CLIError) -> (combined: SendRenderResult, translations: [Rendered])? {
        var combined = SendRenderResult(requests: [], losses: [])
        var translations: [Rendered] = []
        var valid = true
        let requests = try requests(in: value, for: source)
        let parsedSends = source.parseBundle(requests)
        for (index, parsed) in parsedSends.enumerated() {
            if parsed.diagnostics.contains(where: { $0.diagnosticCode == .sendRequestMalformed }) { valid = false }
            printDiagnostics(parsed.diagnostics, line: line)
            let result = target.render(parsed.request, options: options)
            if report { printLosses(result.losses.map(\.loss), line: line) }
            // One request, one send (a send log's line), at most one step to provision: its rendering is the result.
            if requests.count == 1, parsedSends.count == 1, result.provision.count <= 1 {
                return valid ? (result, [Rendered(request: requests[0], form: parsed.request, rendered: result.bundle)]) : nil
            }
            combined.requests += result.requests
            combined.losses += result.losses
            for step in result.provision where !combined.provision.contains(step) { combined.provision.append(step) }
            // The request a send came from: its own when the bundle held sends only, else the bundle's last.
            let request = parsedSends.count == requests.count ? requests[index] : requests[requests.count - 1]
            translations.append(Rendered(request: request, form: parsed.request, rendered: result.bundle))
        }
        return valid ? (combined, translations) : nil
    }

    /// The send adapter named by option `option`.
    private static func sendAdapter(_ arguments: Arguments, _ option: String) throws(CLIError) -> any SendAdapter {
        guard let id = arguments.value(option) else { throw .usage("send needs --\(option) ID") }
        return try lookUpVendor(id, in: SendVendors.all, id: \.id) {
            "unknown send vendor '\(id)'; known: \(SendVendors.all.map(\.id).joined(separator: ", "))"
        }
    }

    /// The requests in one input value; a malformed bundle or envelope is invalid input.
    private static func requests(in value: JSONValue, for adapter: any SendAdapter) throws(CLIError) -> [SendHTTPRequest] {
        guard let requests = SendHTTPRequest.requests(in: value, for: adapter) else {
            throw CLIError(code: .problems, message: "not a request, an envelope or a bundle of requests")
        }
        return requests
    }

    /// Runs `body` on the input (or on each line with `--jsonl`): exit 1 when any run returns false.
    private static func each(
        _ arguments: Arguments, _ body: (JSONValue, Int?) throws(CLIError) -> Bool
    ) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        var allGood = true
        if arguments.has("jsonl") {
            let reader = try LineReader(path: input)
            var line = 0
            // Each line is parsed where it lies in the reader's buffer (not copied out first).
            var value: JSONValue?
            var failure: CLIError?
            while try reader.withNextLine({ bytes in
                value = nil
                failure = nil
                guard !bytes.isEmpty else { return }
                do throws(CLIError) { value = try parse(bytes) } catch { failure = error }
            }) {
                line += 1
                if let failure { throw failure }
                guard let parsed = value else { continue }
                value = nil
                if !(try body(parsed, line)) { allGood = false }
            }
        } else {
            allGood = try body(try parse(try readInput(input)), nil)
        }
        return allGood ? .success : .problems
    }

    private static func parse(_ bytes: [UInt8]) throws(CLIError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(CLIError) in try parse(buffer) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONParser.parse(bytes)
        } catch {
            throw CLIError(code: .invalidInput, message: "not JSON: \(error.description)")
        }
    }
}
