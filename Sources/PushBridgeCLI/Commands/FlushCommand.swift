import PushBridge
import PushBridgeDelivery

enum FlushCommand: Command {
    static let name = "flush"
    static let summary = "Send the receipts waiting in an outbox (the launch step)"
    /// The help text; the vendors' HTTP paths come from the registry's adapters.
    static var help: String { """
        Usage: bridge-cli flush --outbox DIR --endpoint URL [--write-key KEY] [options]

        URL is http://host[:port][/path][?query] (no userinfo, no #fragment, port 1-65535); a
        vendor's path goes after /path and before ?query. Anything else is a usage error (exit 2).

        The launch step: sends every receipt waiting in the outbox in DIR (written by
        'simulate --outbox' or an app's service extension), in the order recorded, each to
        URL + its vendor's path, with an Idempotency-Key that is the same for every retry:
        \(vendorPaths)
        \(destinationNote)
        408, 429, 5xx and network errors are retried with backoff (honouring Retry-After);
        other 4xx set the receipt aside in DIR/dead-letters.jsonl.

        Prints one JSON line per receipt handled, then a summary:
          {"type":"delivered","id":…,"vendor":…,"event":…,"messageId":…,"attempts":…,"status":…}
          {"type":"dead-letter","id":…,…,"status":…,"reason":…}
          {"type":"pending","id":…,…,"reason":…}
          {"type":"unmarked","id":…,…,"reason":…}   sent, but its mark could not be written: it
                                                     is sent again, same Idempotency-Key
          {"type":"flush","delivered":N,"deadLettered":N,"deferred":N,"remaining":N,"busy":false}
        ("unmarked":N and "error":CODE are added when they apply.)
        Exit 0 when nothing is left pending, 1 when some receipts remain for a later flush (or
        another flush is running), 66 when the outbox cannot be used (a link, a device or an
        oversized file in it: one line on stderr) or an I/O error stopped the flush or its
        compaction (every line above is still printed, "remaining" is still true).

        Options:
          --write-key KEY           the vendors' write key (else PUSHBRIDGE_WRITE_KEY); never printed;
                                    a key with CR, LF, NUL or another control byte is a usage error
          --max-attempts N          requests per receipt (default 5)
          --request-timeout S       seconds one request may take (default 10)
          --max-time S              seconds the whole flush may take (default 60)
          --base-delay S            the first retry's wait, doubled each retry (default 0.5)
        """ }

    /// One line per registered vendor's receipt endpoint: `  Zixflow      POST /v1/track`.
    static var vendorPaths: String {
        let endpoints = registry.receiptEndpoints
        let width = endpoints.map(\.vendorName.count).max() ?? 0
        return endpoints.map { endpoint in
            "  " + endpoint.vendorName + String(repeating: " ", count: width - endpoint.vendorName.count + 2)
                + endpoint.method + " " + endpoint.path
        }.joined(separator: "\n")
    }

    /// Which vendors' receipts go to the app's own collector rather than the vendor's event API (R5), wrapped.
    static var destinationNote: String {
        var names: [String] = []
        for endpoint in registry.receiptEndpoints where endpoint.destination == .appCollector {
            if !names.contains(endpoint.vendorName) { names.append(endpoint.vendorName) }
        }
        guard !names.isEmpty else { return "Every path is the vendor's own event API." }
        let words = ("Plain JSON events {\"event\",\"properties\"} for the app's own collector (the vendor's SDK "
            + "reports through a private batched endpoint): " + names.joined(separator: ", ")
            + ". Every other path is the vendor's own event API.").split(separator: " ")
        var lines: [String] = []
        var line = ""
        for word in words {
            if !line.isEmpty, line.count + 1 + word.count > 92 {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    static let valuedOptions: Set<String> = Set(["outbox", "endpoint", vendorConfigOption])
        .union(DeliverySettings.valuedOptions)
    static let flagOptions: Set<String> = []

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        guard arguments.positionals.isEmpty else { throw .usage("flush takes no input file") }
        guard let directory = arguments.value("outbox"), !directory.isEmpty else {
            throw .usage("flush needs --outbox DIR")
        }
        guard arguments.value("endpoint") != nil else { throw .usage("flush needs --endpoint URL") }
        let settings = try DeliverySettings(arguments)
        let outbox = try openOutbox(directory, create: false)
        let report = try settings.flush(outbox)
        if report.failure != nil { return .unreadableInput }
        return report.remaining == 0 && !report.busy ? .success : .problems
    }
}
