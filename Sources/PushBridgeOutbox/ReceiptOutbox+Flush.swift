import PushBridge
import PushBridgeSystem

/// What a sender did with one receipt handed to it by ``ReceiptOutbox/flush(options:deliver:)``.
public enum OutboxDeliveryOutcome: Sendable, Hashable {
    /// The vendor accepted it: it is marked sent and never handed out again.
    case delivered(attempts: Int, status: Int?)
    /// It could not be delivered now (network, 408, 429, 5xx after the allowed retries): it stays pending. When
    /// it was never tried before, the flush hands out no later receipt of the same vendor, so each vendor's
    /// receipts keep their order; a receipt that failed in an earlier flush holds nothing back (see
    /// ``ReceiptOutbox/flush(options:deliver:)``).
    case retryLater(attempts: Int, reason: String)
    /// The vendor refused it for good (another 4xx): it is set aside in `dead-letters.jsonl` with the reason.
    case permanentFailure(attempts: Int, status: Int?, reason: String)
}

/// How a flush runs.
public struct OutboxFlushOptions: Sendable, Hashable {
    /// Seconds after which no further receipt is handed out (nil: no limit). What is left stays pending.
    public var maxDuration: Double?
    /// How many times the flush looks again for receipts recorded while it was sending (default 4).
    public var maxRounds: Int
    /// How many flushes may hand one receipt out without delivering it (default 8). The flush that would be
    /// one more sets it aside as a dead letter instead, with its last reason, so a receipt that always fails
    /// (or crashes its sender) cannot come back for ever.
    public var maxDeferrals: Int

    /// Asked to stop (the system is ending the app's background time): no further receipt is handed out.
    public var stop: FlushStopSignal?

    /// Creates options.
    public init(
        maxDuration: Double? = nil, maxRounds: Int = 4, maxDeferrals: Int = 8, stop: FlushStopSignal? = nil
    ) {
        self.maxDuration = maxDuration
        self.maxRounds = max(1, maxRounds)
        self.maxDeferrals = max(1, maxDeferrals)
        self.stop = stop
    }
}

/// Tells a running flush to hand out no further receipt (what a background task's expiry does). The receipt
/// being sent finishes or is sent again later with the same `Idempotency-Key`; nothing is lost.
public final class FlushStopSignal: Sendable, Hashable {
    private let requested = Locked(false)

    /// Creates a signal that has not been raised.
    public init() {}

    /// Asks the flush to stop.
    public func requestStop() { requested.withLock { $0 = true } }

    /// Whether a stop was asked for.
    public var isRequested: Bool { requested.withLock { $0 } }

    public static func == (lhs: FlushStopSignal, rhs: FlushStopSignal) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What a flush did.
public struct OutboxFlushReport: Sendable, Hashable {
    /// One receipt handled by the flush.
    public struct Item: Sendable, Hashable {
        /// The receipt's id (its `Idempotency-Key`).
        public var id: String
        /// The vendor, when the stored receipt could be read.
        public var vendor: String?
        /// The event name, when the stored receipt could be read.
        public var event: String?
        /// The message, when the stored receipt could be read and names one.
        public var messageId: String?
        /// Requests made for it in this flush.
        public var attempts: Int
        /// The last HTTP status, when there was one.
        public var status: Int?
        /// Why it was not delivered (nil when it was).
        public var reason: String?

        /// Creates an item.
        public init(
            id: String, vendor: String?, event: String?, messageId: String?, attempts: Int, status: Int?,
            reason: String?
        ) {
            self.id = id
            self.vendor = vendor
            self.event = event
            self.messageId = messageId
            self.attempts = attempts
            self.status = status
            self.reason = reason
        }

        /// The item as a JSON object, `type` first among its members (`delivered`, `dead-letter`, `pending`).
        public func json(type: String) -> JSONValue {
            var members: JSONObject = ["type": .string(type), "id": .string(id), "attempts": .int(attempts)]
            if let vendor { members["vendor"] = .string(vendor) }
            if let event { members["event"] = .string(event) }
            if let messageId { members["messageId"] = .string(messageId) }
            if let status { members["status"] = .int(status) }
            if let reason { members["reason"] = .string(reason) }
            return .object(members)
        }
    }

    /// Receipts the vendors accepted, in the order they were sent.
    public var delivered: [Item] = []
    /// Receipts set aside as dead letters by this flush.
    public var deadLettered: [Item] = []
    /// Receipts that were tried and stay pending for a later flush.
    public var deferred: [Item] = []
    /// Receipts the vendor answered (accepted, or refused for good) whose mark could not be written: they
    /// stay pending, and a later flush sends them again with the same `Idempotency-Key`.
    public var unmarked: [Item] = []
    /// How many receipts are pending after the flush (deferred ones, ones never reached, ones recorded
    /// meanwhile, unmarked ones). When the journal could not be read at the end, the count as of the flush's
    /// last read, less what it marked since.
    public var remaining = 0
    /// Whether another flush held the outbox, so this one sent nothing.
    public var busy = false
    /// The error that stopped the flush partway or made its final compaction fail; nil when it ran through.
    /// Everything listed above still happened.
    public var failure: OutboxError?
    /// What the flush noticed (dead letters, a full dead-letter file, a spent time budget, the failure).
    public var diagnostics: [Diagnostic] = []

    /// Creates an empty report.
    public init() {}

    /// The summary line: `{"type":"flush","delivered","deadLettered","deferred","remaining","busy"}`, plus
    /// `"unmarked":N` when some are, and `"error":code` when the flush failed.
    public var summaryJSON: JSONValue {
        var members: JSONObject = [
            "type": "flush", "delivered": .int(delivered.count), "deadLettered": .int(deadLettered.count),
            "deferred": .int(deferred.count), "remaining": .int(remaining), "busy": .bool(busy),
        ]
        if !unmarked.isEmpty { members["unmarked"] = .int(unmarked.count) }
        if let failure { members["error"] = .string(failure.code) }
        return .object(members)
    }
}

/// A receipt the vendor refused for good, as kept in `dead-letters.jsonl`.
public struct DeadLetter: Sendable, Hashable {
    /// The receipt's id.
    public var id: String
    /// The receipt, when it could be read.
    public var receipt: Receipt?
    /// The last HTTP status.
    public var status: Int?
    /// Why it was refused.
    public var reason: String
    /// Requests made for it.
    public var attempts: Int
    /// When it was set aside (seconds since the Unix epoch).
    public var at: Int

    /// The line's JSON: `{"id","receipt"|"body","status","reason","attempts","at"}`.
    var json: JSONValue {
        var members: JSONObject = [
            "id": .string(id), "reason": .string(reason), "attempts": .int(attempts), "at": .int(at),
        ]
        if let receipt { members["receipt"] = receipt.outboxJSON }
        if let status { members["status"] = .int(status) }
        return .object(members)
    }
}

extension ReceiptOutbox {
    /// Sends the pending receipts: hands each, in the order recorded, to `deliver`, then marks it sent,
    /// sets it aside as a dead letter or leaves it pending, as the outcome says; compacts at the end.
    ///
    /// - Order and poisoned receipts: before a receipt is handed out, an attempt mark counts the flushes that
    ///   tried it (kept across compactions). A receipt tried for the first time that is left for later holds
    ///   back its vendor's later receipts for the rest of this flush (each vendor's order is kept); one that
    ///   was already tried by an earlier flush holds nothing back, and once
    ///   ``OutboxFlushOptions/maxDeferrals`` flushes have tried it, it is set aside as a dead letter with its
    ///   last reason. So one receipt's failures (or a sender that dies on it) never stop the others.
    /// - A dead letter that cannot be written (a full, read-only or damaged `dead-letters.jsonl`) leaves that
    ///   receipt pending with a diagnostic; every other receipt goes on.
    /// - Only one flush runs at a time across processes (a lease, ``FileName/flushLease``, never a lock held
    ///   while sending): when another holds the outbox, this one returns at once with
    ///   ``OutboxFlushReport/busy`` set. ``OutboxFlushOptions/stop`` ends it early, losing nothing. Records
    ///   may be added while a flush runs (the journal is locked only while it is read or marked, never while
    ///   `deliver` runs); receipts recorded meanwhile are picked up in a further round. A crash between a delivery and its mark means the receipt is sent
    ///   again by a later flush, with the same `Idempotency-Key`.
    ///
    /// Throws only when the flush could not start (nothing was handed out). An I/O error after that stops
    /// the flush and is returned in ``OutboxFlushReport/failure``, with everything sent, marked and left.
    public func flush(
        options: OutboxFlushOptions = OutboxFlushOptions(), deliver: (OutboxEntry) -> OutboxDeliveryOutcome
    ) throws(OutboxError) -> OutboxFlushReport {
        var run = FlushRun(options: options)
        let leased = try takeLease(run.lease)
        if case .unrecorded(let warning) = leased { run.report.diagnostics.append(warning) }
        if case .busy = leased {
            run.report.busy = true
            run.report.remaining = try withJournal { journal throws(OutboxError) in try journal.read().pending.count }
            run.report.diagnostics.append(Diagnostic(
                .info, code: .outboxFlushBusy, message: "another flush is sending this outbox; nothing was sent"))
            return run.report
        }
        defer { releaseLease(run.lease) }

        var entries = try pendingEntries(for: &run)
        do throws(OutboxError) {
            for round in 0..<options.maxRounds where !run.outOfTime {
                if round > 0 { entries = try pendingEntries(for: &run) }
                if entries.isEmpty { break }
                for entry in entries where !run.outOfTime {
                    try hand(entry, to: deliver, in: &run)
                }
            }
        } catch {
            run.fail(error)
        }
        finish(&run)
        return run.report
    }

    /// The pending receipts not yet handed out by this flush, in order; remembers every pending id read.
    private func pendingEntries(for run: inout FlushRun) throws(OutboxError) -> [OutboxEntry] {
        let tried = run.tried
        let (ids, entries) = try withJournal { journal throws(OutboxError) in
            let state = try journal.read()
            return (state.pending.map(\.id), state.pending.filter { !tried.contains($0.id) }.map { state.entry($0) })
        }
        run.lastPendingIDs = ids
        return entries
    }

    /// Hands one entry out (or sets it aside, or skips it), marks the outcome and reports it.
    private func hand(
        _ entry: OutboxEntry, to deliver: (OutboxEntry) -> OutboxDeliveryOutcome, in run: inout FlushRun
    ) throws(OutboxError) {
        let vendor = entry.receipt?.vendor ?? ""
        if run.blockedVendors.contains(vendor) { return }
        if let budget = run.options.maxDuration, OutboxFiles.monotonicSeconds() - run.start >= budget {
            run.outOfTime = true
            run.report.diagnostics.append(Diagnostic(
                .warning, code: .outboxFlushTimeSpent,
                message: "the flush used its \(budget) s; the remaining receipts stay for the next flush"))
            return
        }
        if run.options.stop?.isRequested == true {
            run.outOfTime = true
            run.report.diagnostics.append(Diagnostic(
                .info, code: .outboxFlushStopped,
                message: "the flush was asked to stop; the remaining receipts stay for the next flush"))
            return
        }
        run.tried.insert(entry.id)
        if entry.attempts >= run.options.maxDeferrals {
            // Tried by as many flushes as allowed without an outcome that ended it: the last flush died while
            // sending it, or could not set it aside.
            let reason = "handed out by \(entry.attempts) flushes without being delivered (the limit is "
                + "\(run.options.maxDeferrals)); set aside without another attempt"
            try setAside(entry, attempts: 0, status: nil, reason: reason, answered: false, in: &run)
            return
        }
        if entry.receipt == nil {
            let reason = "the stored record is not a receipt"
            try setAside(entry, attempts: 0, status: nil, reason: reason, answered: false, in: &run)
            return
        }
        let attempts = entry.attempts + 1
        try withJournal { journal throws(OutboxError) in
            renewLease(run.lease, in: journal)
            try appendMark(.attempted, id: entry.id, body: Array(String(attempts).utf8), in: journal)
        }
        switch deliver(entry) {
        case .delivered(let tries, let status):
            let item = item(entry, attempts: tries, status: status, reason: nil)
            do throws(OutboxError) {
                try withJournal { journal throws(OutboxError) in try appendMark(.sent, id: entry.id, in: journal) }
            } catch {
                run.unmarked(item, error)
                throw error
            }
            run.marked(entry.id)
            run.report.delivered.append(item)
        case .retryLater(let tries, let reason):
            if attempts >= run.options.maxDeferrals {
                let why = "left for later by \(attempts) flushes (the limit is \(run.options.maxDeferrals)); "
                    + "last: \(reason)"
                try setAside(entry, attempts: tries, status: nil, reason: why, answered: true, in: &run)
                return
            }
            if entry.attempts == 0 { run.blockedVendors.insert(vendor) }
            run.report.deferred.append(item(entry, attempts: tries, status: nil, reason: reason))
        case .permanentFailure(let tries, let status, let reason):
            try setAside(entry, attempts: tries, status: status, reason: reason, answered: true, in: &run)
        }
    }

    /// Sets `entry` aside as a dead letter and marks it; when the dead-letter file refuses, leaves it pending
    /// with a diagnostic (the flush goes on). Throws only what the journal throws (`answered`: the vendor
    /// answered it in this flush, so an unwritten mark makes it ``OutboxFlushReport/unmarked``).
    private func setAside(
        _ entry: OutboxEntry, attempts: Int, status: Int?, reason: String, answered: Bool, in run: inout FlushRun
    ) throws(OutboxError) {
        let letter = DeadLetter(
            id: entry.id, receipt: entry.receipt, status: status, reason: reason, attempts: attempts,
            at: OutboxFiles.now())
        let item = item(entry, attempts: attempts, status: status, reason: reason)
        let written: DeadLetterWrite
        do throws(OutboxError) {
            written = try writeDeadLetter(letter, body: entry.body)
        } catch {
            if answered { run.unmarked(item, error) }
            throw error
        }
        let receiptName = "receipt '\(entry.receipt?.event ?? "?")' (\(entry.receipt?.vendor ?? "?"), id \(entry.id))"
        switch written {
        case .written:
            do throws(OutboxError) {
                try withJournal { journal throws(OutboxError) in
                    try appendMark(.deadLettered, id: entry.id, in: journal)
                }
            } catch {
                if answered { run.unmarked(item, error) }
                throw error
            }
            run.marked(entry.id)
            run.report.deadLettered.append(item)
            run.report.diagnostics.append(Diagnostic(
                .error, code: .receiptDeadLettered,
                message: "\(receiptName) was refused for good and kept in \(FileName.deadLetters): \(reason)"))
        case .full:
            run.report.deferred.append(item)
            run.report.diagnostics.append(Diagnostic(
                .error, code: .outboxDeadLettersFull,
                message: "\(FileName.deadLetters) reached its limit of \(limits.maxDeadLetterBytes) bytes: "
                    + "\(receiptName), refused for good, stays pending; read and clear the dead letters"))
        case .refused(let why):
            run.report.deferred.append(item)
            run.report.diagnostics.append(Diagnostic(
                .error, code: .outboxDeadLetterFailed,
                message: "\(receiptName) was refused for good but could not be set aside: \(why). It stays "
                    + "pending; the other receipts go on"))
        }
    }

    /// The end of a flush: compacts when something was marked (or enough is reclaimable) and counts what is
    /// left. A failure here is the report's failure too.
    ///
    /// A flush asked to stop touches the journal no more (the system is ending the process's background time, and
    /// a suspended process must not hold the journal's lock): its marks are already on disk, the next flush
    /// compacts, and the count left is the last read's less what it marked.
    private func finish(_ run: inout FlushRun) {
        if run.options.stop?.isRequested == true {
            run.report.remaining = run.pendingAsLastRead
            return
        }
        let somethingMarked = !run.markedIDs.isEmpty
        do throws(OutboxError) {
            run.report.remaining = try withJournal { journal throws(OutboxError) -> Int in
                let state = try journal.read()
                if somethingMarked || state.shouldCompact {
                    do throws(OutboxError) {
                        try compact(state, in: journal)
                    } catch {
                        run.fail(error)
                    }
                }
                return state.pending.count
            }
        } catch {
            run.fail(error)
            run.report.remaining = run.pendingAsLastRead
        }
    }

    /// The receipts set aside as dead letters, oldest first. Lines that do not read (a torn last line) are
    /// skipped. A file larger than ``Limits/maxDeadLetterBytes`` (the outbox never writes past it), a link or
    /// anything but a regular file is refused with an ``OutboxError``.
    public func deadLetters() throws(OutboxError) -> [DeadLetter] {
        let letterPath = path(FileName.deadLetters)
        guard OutboxFiles.exists(letterPath) else { return [] }
        let descriptor = try OutboxFiles.open(letterPath, flags: O_RDONLY)
        defer { close(descriptor) }
        let bytes = try OutboxFiles.readAll(descriptor, path: letterPath, limit: limits.maxDeadLetterBytes)
        return bytes.split(separator: UInt8(ascii: "\n")).compactMap { line in
            guard let value = try? JSONParser.parse(Array(line)), let id = value["id"]?.stringValue else { return nil }
            return DeadLetter(
                id: id, receipt: value["receipt"].flatMap { Receipt(outboxJSON: $0) },
                status: value["status"]?.intValue,
                reason: value["reason"]?.stringValue ?? "", attempts: value["attempts"]?.intValue ?? 0,
                at: value["at"]?.intValue ?? 0)
        }
    }

    private func item(_ entry: OutboxEntry, attempts: Int, status: Int?, reason: String?) -> OutboxFlushReport.Item {
        OutboxFlushReport.Item(
            id: entry.id, vendor: entry.receipt?.vendor, event: entry.receipt?.event,
            messageId: entry.receipt?.messageId, attempts: attempts, status: status, reason: reason)
    }

    /// What became of a dead letter.
    private enum DeadLetterWrite {
        /// It is in `dead-letters.jsonl` (now or from before), synced.
        case written
        /// The file is at ``Limits/maxDeadLetterBytes``.
        case full
        /// The file could not be used; why.
        case refused(String)
    }

    /// Appends `letter` to `dead-letters.jsonl` (once per id), durably, under the journal lock. Never passes
    /// ``Limits/maxDeadLetterBytes``; a file already larger counts as full. A dead-letter file that cannot be
    /// used is `.refused`; only the journal's own errors are thrown.
    private func writeDeadLetter(_ letter: DeadLetter, body: String) throws(OutboxError) -> DeadLetterWrite {
        var json = letter.json
        if letter.receipt == nil, case .object(var members) = json {
            members["body"] = .string(body)
            json = .object(members)
        }
        var line = JSONWriter.bytes(json)
        line.append(UInt8(ascii: "\n"))
        let letterPath = path(FileName.deadLetters)
        let limit = limits.maxDeadLetterBytes
        return try withJournal { _ throws(OutboxError) -> DeadLetterWrite in
            do throws(OutboxError) {
                let existed = OutboxFiles.exists(letterPath)
                let descriptor = try OutboxFiles.open(letterPath, flags: O_RDWR | O_CREAT | O_APPEND)
                defer { close(descriptor) }
                if !existed { try OutboxFiles.syncDirectory(directory) }
                if try OutboxFiles.size(descriptor, path: letterPath) > limit { return .full }
                let existing = try OutboxFiles.readAll(descriptor, path: letterPath, limit: limit)
                let alreadyThere = existing.split(separator: UInt8(ascii: "\n")).contains { stored in
                    (try? JSONParser.parse(Array(stored)))?["id"]?.stringValue == letter.id
                }
                if alreadyThere { return .written }
                if existing.last.map({ $0 != UInt8(ascii: "\n") }) ?? false { line.insert(UInt8(ascii: "\n"), at: 0) }
                guard existing.count + line.count <= limit else { return .full }
                try OutboxFiles.writeAll(descriptor, line, path: letterPath)
                try OutboxFiles.sync(descriptor, path: letterPath)
            } catch {
                return .refused(error.message)
            }
            return .written
        }
    }
}

/// The state of one flush as it goes.
private struct FlushRun {
    let options: OutboxFlushOptions
    let start = OutboxFiles.monotonicSeconds()
    /// This flush's claim on the outbox.
    let lease = FlushLease()
    var report = OutboxFlushReport()
    var tried = Set<String>()
    var blockedVendors = Set<String>()
    var markedIDs = Set<String>()
    var outOfTime = false
    /// The pending ids of the flush's last read of the journal.
    var lastPendingIDs: [String] = []

    init(options: OutboxFlushOptions) { self.options = options }

    mutating func marked(_ id: String) { markedIDs.insert(id) }

    /// The receipts pending at the flush's last read of the journal, less what it marked since.
    var pendingAsLastRead: Int { lastPendingIDs.filter { !markedIDs.contains($0) }.count }

    /// The vendor answered but the mark could not be written.
    mutating func unmarked(_ item: OutboxFlushReport.Item, _ error: OutboxError) {
        var item = item
        item.reason = (item.reason.map { $0 + "; " } ?? "") + "its mark could not be written (\(error.message)): it "
            + "stays pending and the next flush sends it again with the same Idempotency-Key"
        report.unmarked.append(item)
    }

    /// Records the error that stopped the flush or its compaction (the first one wins).
    mutating func fail(_ error: OutboxError) {
        if report.failure == nil { report.failure = error }
        report.diagnostics.append(error.diagnostic)
    }
}
