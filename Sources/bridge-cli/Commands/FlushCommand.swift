#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushBridge
import PushBridgeDelivery

enum FlushCommand: Command {
    static let name = "flush"
    static let summary = "Send the receipts waiting in an outbox (the launch step)"
    static let help = """
        Usage: bridge-cli flush --outbox DIR --endpoint URL [--write-key KEY] [options]

        URL is http://host[:port][/path][?query] (no userinfo, no #fragment, port 1-65535); a
        vendor's path goes after /path and before ?query. Anything else is a usage error (exit 2).

        The launch step: sends every receipt waiting in the outbox in DIR (written by
        'simulate --outbox' or an app's service extension), in the order recorded, each to
        URL + the vendor's path (Zixflow POST /v1/track, BuzzKit POST /v1/events, AppDNA
        POST /v1/push/events, PushNotifAI POST /v1/events) with an Idempotency-Key that is the
        same for every retry. 408, 429, 5xx and network errors are retried with backoff (honouring
        Retry-After); other 4xx set the receipt aside in DIR/dead-letters.jsonl.

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
        """
    static let valuedOptions: Set<String> = Set(["outbox", "endpoint"]).union(DeliverySettings.valuedOptions)
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

/// The delivery options shared by `flush` and `simulate` (`--endpoint`, `--write-key`, retry bounds).
struct DeliverySettings {
    static let valuedOptions: Set<String> = ["write-key", "max-attempts", "request-timeout", "max-time", "base-delay"]

    let endpoint: String
    let credentials: ReceiptCredentials
    let retry: RetryPolicy
    let requestTimeout: Double
    let maxTime: Double

    /// Reads `--endpoint` (required), the write key and the retry bounds; anything `flush` could not use is a
    /// usage error here, before a receipt is touched (and its message never shows the write key).
    init(_ arguments: Arguments) throws(CLIError) {
        guard let endpoint = arguments.value("endpoint") else { throw .usage("--endpoint URL is required") }
        do throws(HTTPEndpoint.Problem) {
            _ = try HTTPEndpoint(endpoint)
        } catch where error.kind == .needsTLS {
            throw .usage("--endpoint must be an http:// URL: bridge-cli sends over plain HTTP (a local collector or "
                + "forwarder); apps send over https with URLSessionTransport (PushBridgeURLSession)")
        } catch {
            throw .usage("--endpoint cannot be used: \(error.message)")
        }
        self.endpoint = endpoint
        let key = arguments.value("write-key") ?? getenv("PUSHBRIDGE_WRITE_KEY").map { String(cString: $0) }
        do throws(ReceiptCredentials.Problem) {
            credentials = try ReceiptCredentials(validating: key)
        } catch {
            let source = arguments.value("write-key") != nil ? "--write-key" : "PUSHBRIDGE_WRITE_KEY"
            throw .usage("\(source) cannot be used: \(error.message)")
        }
        let attempts = try Self.number(arguments, "max-attempts", default: 5, minimum: 1)
        requestTimeout = try Self.number(arguments, "request-timeout", default: 10, minimum: 0.05)
        maxTime = try Self.number(arguments, "max-time", default: 60, minimum: 0.05)
        let baseDelay = try Self.number(arguments, "base-delay", default: 0.5, minimum: 0)
        retry = RetryPolicy(
            maxAttempts: Int(attempts), baseDelay: baseDelay, maxDelay: max(8, baseDelay),
            maxTotalTime: min(30, maxTime), maxRetryAfter: min(60, maxTime))
    }

    private static func number(
        _ arguments: Arguments, _ name: String, default fallback: Double, minimum: Double
    ) throws(CLIError) -> Double {
        guard let text = arguments.value(name) else { return fallback }
        guard let value = Double(text), value.isFinite, value >= minimum, value <= 86_400 else {
            throw .usage("--\(name) needs a number ≥ \(minimum)")
        }
        if name == "max-attempts", value != value.rounded() { throw .usage("--\(name) needs a whole number") }
        return value
    }

    /// The HTTP sink for every built-in vendor.
    var sink: HTTPReceiptSink {
        HTTPReceiptSink(
            registry: registry,
            configuration: HTTPReceiptSink.Configuration(
                baseURL: endpoint, retry: retry, requestTimeout: requestTimeout),
            credentials: credentials)
    }

    /// Flushes `outbox`, printing one line per receipt handled and the summary, diagnostics on stderr. Throws
    /// (exit 66, nothing on stdout) only when the flush could not start; a flush that failed partway is
    /// printed in full and comes back with its ``OutboxFlushReport/failure`` set.
    func flush(_ outbox: ReceiptOutbox, sink: HTTPReceiptSink? = nil) throws(CLIError) -> OutboxFlushReport {
        let flusher = OutboxFlusher(
            outbox: outbox, sink: sink ?? self.sink, options: OutboxFlushOptions(maxDuration: maxTime))
        let report: OutboxFlushReport
        do throws(OutboxError) {
            report = try flusher.flush()
        } catch {
            throw CLIError(code: .unreadableInput, message: "cannot flush the outbox: \(error.message)")
        }
        for item in report.delivered { stdoutStream.writeLine(item.json(type: "delivered")) }
        for item in report.deadLettered { stdoutStream.writeLine(item.json(type: "dead-letter")) }
        for item in report.deferred { stdoutStream.writeLine(item.json(type: "pending")) }
        for item in report.unmarked { stdoutStream.writeLine(item.json(type: "unmarked")) }
        stdoutStream.writeLine(report.summaryJSON)
        printDiagnostics(report.diagnostics)
        return report
    }
}

/// Opens the outbox in `directory`; its own notices (a torn record skipped) go to stderr as diagnostics.
func openOutbox(_ directory: String, create: Bool) throws(CLIError) -> ReceiptOutbox {
    do throws(OutboxError) {
        return try ReceiptOutbox(directory: directory, createIfMissing: create) { diagnostic in
            printDiagnosticNow(diagnostic)
        }
    } catch {
        throw CLIError(code: .unreadableInput, message: "cannot use the outbox: \(error.message)")
    }
}

/// Writes one diagnostic line to stderr at once (from any thread: one `write` call, not the buffered stream).
func printDiagnosticNow(_ diagnostic: Diagnostic) {
    var line = JSONWriter.bytes(diagnostic.json)
    line.append(UInt8(ascii: "\n"))
    line.withUnsafeBytes { raw in _ = write(2, raw.baseAddress!, raw.count) }
}
