import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
import PushBridgeSystem

/// The delivery options shared by `flush` and `simulate` (`--endpoint`, `--write-key`, retry bounds).
struct DeliverySettings {
    static let valuedOptions: Set<String> = ["write-key", "max-attempts", "request-timeout", "max-time", "base-delay"]

    let endpoint: String
    let credentials: ReceiptCredentials
    let retry: RetryPolicy
    let requestTimeout: Double
    let maxTime: Double
    /// The vendors whose requests are sent, with the `--vendor-config` settings applied.
    let vendors: VendorRegistry

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
        vendors = try configuredRegistry(arguments)
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
        retry = RetryPolicy.forFlush(maxAttempts: Int(attempts), baseDelay: baseDelay, maxTime: maxTime)
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

    /// The HTTP sink for every built-in vendor, configured.
    var sink: HTTPReceiptSink {
        HTTPReceiptSink(
            registry: vendors,
            configuration: HTTPReceiptSink.Configuration(
                baseURL: endpoint, retry: retry, requestTimeout: requestTimeout),
            credentials: credentials)
    }

    /// Flushes `outbox`, printing one line per receipt handled and the summary, diagnostics on stderr. Throws
    /// (exit 66, nothing on stdout) only when the flush could not start; a flush that failed partway is
    /// printed in full and comes back with its ``OutboxFlushReport/failure`` set.
    func flush(_ outbox: ReceiptOutbox) throws(CLIError) -> OutboxFlushReport {
        let flusher = OutboxFlusher(outbox: outbox, sink: sink, options: OutboxFlushOptions(maxDuration: maxTime))
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
