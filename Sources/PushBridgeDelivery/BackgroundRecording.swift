import Dispatch
import PushBridge
import PushBridgeOutbox

/// Records receipts on a serial background queue, so the thread that handles a tap (the main thread, in an
/// app) never waits for a file lock, a disk flush or the network: ``record(_:)`` returns at once.
///
/// Receipts reach the wrapped sink in the order they were recorded. A receipt the wrapped sink refuses is
/// reported through ``onDiagnostic`` (`receipt-not-recorded`); ``onRecorded`` runs after each receipt is kept
/// (the app starts a flush from it, so a tap's receipt goes out while the app runs).
public final class BackgroundReceiptSink: ReceiptSink {
    private struct Hooks {
        var onRecorded: (@Sendable () -> Void)?
        var onDiagnostic: (@Sendable (Diagnostic) -> Void)?
    }

    /// Where the receipts go, on the background queue.
    public let wrapped: any ReceiptSink
    private let queue: DispatchQueue
    private let hooks = Locked(Hooks())

    /// Wraps `sink`.
    public init(_ sink: any ReceiptSink, label: String = "PushBridge.receipts") {
        wrapped = sink
        queue = DispatchQueue(label: label, qos: .utility)
    }

    /// Runs after each receipt is kept by the wrapped sink, on the background queue.
    public var onRecorded: (@Sendable () -> Void)? {
        get { hooks.withLock { $0.onRecorded } }
        set { hooks.withLock { $0.onRecorded = newValue } }
    }

    /// Receives a `receipt-not-recorded` error for each receipt the wrapped sink refused.
    public var onDiagnostic: (@Sendable (Diagnostic) -> Void)? {
        get { hooks.withLock { $0.onDiagnostic } }
        set { hooks.withLock { $0.onDiagnostic = newValue } }
    }

    /// Queues `receipt` for the wrapped sink and returns at once; it never throws.
    public func record(_ receipt: Receipt) {
        let wrapped = self.wrapped
        let hooks = self.hooks
        queue.async {
            do {
                try wrapped.record(receipt)
                hooks.withLock { $0.onRecorded }?()
            } catch {
                hooks.withLock { $0.onDiagnostic }?(Diagnostic(
                    .error, code: .receiptNotRecorded,
                    message: "receipt '\(receipt.event)' could not be recorded: \(error)"))
            }
        }
    }

    /// Waits until every receipt queued so far has reached the wrapped sink, at most `timeout` seconds;
    /// returns whether they all did.
    @discardableResult
    public func waitUntilRecorded(timeout: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        queue.async { done.signal() }
        return done.wait(timeout: .now() + timeout) == .success
    }
}

/// Receipts kept in memory when there is no app group (so no outbox): ``record(_:)`` only queues, and
/// ``flush(options:)`` sends them from whichever thread calls it (the flush scheduler's, the extension's).
///
/// It keeps what it cannot send now for the next flush, in order, the same rules as the outbox's flush
/// (`Idempotency-Key` per receipt, one vendor's later receipts held back behind its first failure, a receipt
/// refused for good dropped and reported, one tried by ``OutboxFlushOptions/maxDeferrals`` flushes dropped):
/// what it holds is lost only when the process ends. Past ``capacity`` the oldest receipt is dropped with a
/// `receipt-queue-full` warning.
public final class MemoryReceiptQueue: ReceiptSink {
    private struct Entry {
        var receipt: Receipt
        var attempts = 0
    }

    private struct State {
        var entries: [Entry] = []
        /// Whether a flush is sending the front of ``entries``.
        var sending = false
        /// Receipts dropped from the front while a flush was sending (the queue was full).
        var droppedFromFront = 0
        var dropped: [Diagnostic] = []
    }

    /// The sender.
    public let sender: HTTPReceiptSink
    /// The most receipts kept (default 1,000).
    public let capacity: Int
    private let state = Locked(State())

    /// Creates an empty queue that sends through `sender`.
    public init(sender: HTTPReceiptSink, capacity: Int = 1_000) {
        self.sender = sender
        self.capacity = max(1, capacity)
    }

    /// Keeps `receipt` for the next flush.
    public func record(_ receipt: Receipt) {
        state.withLock { state in
            state.entries.append(Entry(receipt: receipt))
            if state.entries.count > capacity {
                let oldest = state.entries.removeFirst().receipt
                if state.sending { state.droppedFromFront += 1 }
                state.dropped.append(Diagnostic(
                    .warning, code: .receiptQueueFull,
                    message: "receipt '\(oldest.event)' (\(oldest.vendor)) dropped: \(capacity) receipts already wait "
                        + "in memory (without an app group receipts cannot be kept on disk)"))
            }
        }
    }

    /// How many receipts wait.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Sends what waits, oldest first, within ``OutboxFlushOptions/maxDuration`` and until
    /// ``OutboxFlushOptions/stop`` is raised. Only one flush runs at a time: a second one at the same time
    /// returns a report with ``OutboxFlushReport/busy`` set.
    public func flush(options: OutboxFlushOptions = OutboxFlushOptions()) -> OutboxFlushReport {
        var report = OutboxFlushReport()
        let batch: [Entry]? = state.withLock { state in
            report.diagnostics = state.dropped
            state.dropped = []
            guard !state.sending else { return nil }
            state.sending = true
            state.droppedFromFront = 0
            return state.entries
        }
        guard let batch else {
            report.busy = true
            return report
        }
        let start = HTTPReceiptSink.monotonicSeconds()
        var outcomes: [Int: OutboxDeliveryOutcome] = [:]
        var heldBack: Set<String> = []
        for (index, entry) in batch.enumerated() {
            let receipt = entry.receipt
            if heldBack.contains(receipt.vendor) { continue }
            let spent = HTTPReceiptSink.monotonicSeconds() - start
            if let budget = options.maxDuration, spent >= budget { break }
            if options.stop?.isRequested == true { break }
            let outcome = sender.deliver(
                receipt, timeBudget: options.maxDuration.map { max(0, $0 - spent) })
            outcomes[index] = outcome
            let item = { (attempts: Int, status: Int?, reason: String?) in
                OutboxFlushReport.Item(
                    id: receipt.idempotencyKey, vendor: receipt.vendor, event: receipt.event,
                    messageId: receipt.messageId, attempts: attempts, status: status, reason: reason)
            }
            switch outcome {
            case .delivered(let attempts, let status):
                report.delivered.append(item(attempts, status, nil))
            case .retryLater(let attempts, let reason):
                if entry.attempts + 1 >= options.maxDeferrals {
                    report.deadLettered.append(item(attempts, nil, reason))
                } else {
                    report.deferred.append(item(attempts, nil, reason))
                    if entry.attempts == 0 { heldBack.insert(receipt.vendor) }
                }
            case .permanentFailure(let attempts, let status, let reason):
                report.deadLettered.append(item(attempts, status, reason))
            }
        }
        for letter in report.deadLettered {
            report.diagnostics.append(Diagnostic(
                .error, code: .receiptDeadLettered,
                message: "receipt '\(letter.event ?? letter.id)' (\(letter.vendor ?? "?")) dropped: \(letter.reason ?? "refused")"))
        }
        report.remaining = state.withLock { state in
            // The batch is still the front of `entries`, less what a full queue dropped from it meanwhile.
            let gone = min(state.droppedFromFront, batch.count)
            var kept: [Entry] = []
            for (index, entry) in batch.enumerated() where index >= gone {
                switch outcomes[index] {
                case .delivered, .permanentFailure: continue
                case .retryLater:
                    var tried = entry
                    tried.attempts += 1
                    if tried.attempts < options.maxDeferrals { kept.append(tried) }
                case nil: kept.append(entry)
                }
            }
            state.entries = kept + state.entries.dropFirst(batch.count - gone)
            state.sending = false
            return state.entries.count
        }
        return report
    }
}

extension ReceiverDeadline {
    /// A deadline that waits on a global dispatch queue: 5 s for `willPresent` and `didReceive`, 25 s for a
    /// background fetch (below the ~30 s iOS allows it) unless given.
    public static func dispatch(
        presentation: Double = 5, response: Double = 5, backgroundFetch: Double = 25
    ) -> ReceiverDeadline {
        ReceiverDeadline(presentation: presentation, response: response, backgroundFetch: backgroundFetch) { seconds, work in
            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + seconds, execute: work)
        }
    }
}
