import PushBridge
import PushBridgeOutbox

/// Drains a ``ReceiptOutbox`` through an ``HTTPReceiptSink``: the `launch` step (docs/WIRE-FORMATS.md §5
/// "Lifecycle steps"), and what the service extension does right after recording, within its few seconds.
///
/// Receipts go out in the order recorded, each with its outbox id as `Idempotency-Key`. A receipt the
/// vendor accepted is marked sent; one refused for good becomes a dead letter (`dead-letters.jsonl`);
/// one that could not be delivered now stays pending and, the first time, holds back that vendor's later
/// receipts until the next flush; one that failed before holds nothing back, and after
/// ``OutboxFlushOptions/maxDeferrals`` flushes becomes a dead letter. The whole flush stops handing out
/// receipts after ``OutboxFlushOptions/maxDuration``; an I/O error partway is in the report's `failure`.
public struct OutboxFlusher: Sendable {
    /// The outbox.
    public let outbox: ReceiptOutbox
    /// The sender.
    public let sink: HTTPReceiptSink
    /// How the flush runs.
    public var options: OutboxFlushOptions

    /// Creates a flusher.
    public init(outbox: ReceiptOutbox, sink: HTTPReceiptSink, options: OutboxFlushOptions = OutboxFlushOptions()) {
        self.outbox = outbox
        self.sink = sink
        self.options = options
    }

    /// ``flush()``, with an error that kept it from starting as the report's diagnostic.
    public func flushReport() -> OutboxFlushReport {
        do throws(OutboxError) {
            return try flush()
        } catch {
            var failed = OutboxFlushReport()
            failed.diagnostics.append(error.diagnostic)
            return failed
        }
    }

    /// Sends what is pending; see ``ReceiptOutbox/flush(options:deliver:)``.
    public func flush() throws(OutboxError) -> OutboxFlushReport {
        let start = HTTPReceiptSink.monotonicSeconds()
        let maxDuration = options.maxDuration
        let sink = self.sink
        return try outbox.flush(options: options) { entry in
            guard let receipt = entry.receipt else {
                return .permanentFailure(attempts: 0, status: nil, reason: "the stored record is not a receipt")
            }
            let left = maxDuration.map { max(0, $0 - (HTTPReceiptSink.monotonicSeconds() - start)) }
            return sink.deliver(receipt, idempotencyKey: entry.id, timeBudget: left)
        }
    }
}
