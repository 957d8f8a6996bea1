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
               bridge-cli send deliver --vendor ID FILE|-
               bridge-cli send validate --vendor ID [--jsonl] FILE|-

        FILE is a bare request body (for the vendor's primary send endpoint), an envelope
        {"method","path","headers","body"}, or a bundle {"requests":[…]}.
          vendors    the send vendor ids, one per line
          normalize  the send form of each request, as JSON
          translate  {"requests":[{"method","path","headers","body"},…]} for the target; with --report one
                     stderr line per loss {"type":"loss","path":"$.<path in the source body>","value","reason"};
                     --now gives the time of sending (seconds since 1970) for relative and absolute expiries
          deliver    the userInfo the vendor's backend sends to one iOS device
          validate   {"vendor","valid","problems":[{"code","path","message"}]} (the vendor's rules broken;
                     warnings go to stderr as diagnostics); exit 1 on problems
        With --jsonl, one input per line (a send log). Exit codes: 0 success (translate: with or without
        losses), 1 not a valid request of --from (translate) or problems (validate), 2 usage, 65 not JSON.
        """
    static let valuedOptions: Set<String> = ["from", "to", "vendor", "now"]
    static let flagOptions: Set<String> = ["report", "jsonl", "pretty"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard let sub = arguments.positionals.first else {
            throw .usage("send needs a subcommand: vendors, normalize, translate, deliver or validate")
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
                let requests = try requests(in: value, for: source)
                for request in requests {
                    let parsed = source.parse(request)
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
            return try each(rest) { value, line throws(CLIError) in
                var rendered: [JSONValue] = []
                var translations: [(request: SendHTTPRequest, form: SendRequest, requests: [SendHTTPRequest])] = []
                var valid = true
                for request in try requests(in: value, for: source) {
                    let parsed = source.parse(request)
                    if parsed.diagnostics.contains(where: { $0.diagnosticCode == .sendRequestMalformed }) { valid = false }
                    printDiagnostics(parsed.diagnostics, line: line)
                    let result = target.render(parsed.request, options: options)
                    if rest.has("report") { printLosses(result.losses.map(\.loss), line: line) }
                    rendered += result.requests.map(\.json)
                    translations.append((request, parsed.request, result.requests))
                }
                guard valid else { return false }
                // The line holds every rendered body, so its length bounds each (docs/SEND.md "Size budgets").
                let written = stdoutStream.writeLine(["requests": .array(rendered)], pretty: rest.has("pretty"))
                for translation in translations {
                    printDiagnostics(
                        SendVendors.budgetOverflows(
                            of: translation.requests, to: target, translating: translation.request, form: translation.form,
                            from: source, bodyBytes: written),
                        line: line)
                }
                return true
            }
        case "deliver":
            let vendor = try sendAdapter(rest, "vendor")
            return try each(rest) { value, _ throws(CLIError) in
                for request in try requests(in: value, for: vendor) {
                    stdoutStream.writeLine(.object(vendor.deliver(vendor.parse(request).request)), pretty: rest.has("pretty"))
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
            throw .usage("unknown send subcommand '\(sub)'; use vendors, normalize, translate, deliver or validate")
        }
    }

    /// The send adapter named by option `option`.
    private static func sendAdapter(_ arguments: Arguments, _ option: String) throws(CLIError) -> any SendAdapter {
        guard let id = arguments.value(option) else { throw .usage("send needs --\(option) ID") }
        guard let adapter = SendVendors.adapter(id: id) else {
            throw .usage("unknown send vendor '\(id)'; known: \(SendVendors.all.map(\.id).joined(separator: ", "))")
        }
        return adapter
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
            while let bytes = try reader.nextLine() {
                line += 1
                if bytes.isEmpty { continue }
                if !(try body(try parse(bytes), line)) { allGood = false }
            }
        } else {
            allGood = try body(try parse(try readInput(input)), nil)
        }
        return allGood ? .success : .problems
    }

    private static func parse(_ bytes: [UInt8]) throws(CLIError) -> JSONValue {
        do throws(JSONParseError) {
            return try JSONParser.parse(bytes)
        } catch {
            throw CLIError(code: .invalidInput, message: "not JSON: \(error.description)")
        }
    }
}
