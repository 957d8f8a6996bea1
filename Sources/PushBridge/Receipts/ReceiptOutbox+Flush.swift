#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a sender did with one receipt handed to it by ``ReceiptOutbox/flush(options:deliver:)``.
public enum OutboxDeliveryOutcome: Sendable, Hashable {
    /// The vendor accepted it: it is marked sent and never handed out again.
    case delivered(attempts: Int, status: Int?)
    /// It could not be delivered now (network, 408, 429, 5xx after the allowed retries): it stays pending,
    /// and the flush hands out no later receipt of the same vendor, so each vendor's receipts keep their order.
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

    /// Creates options.
    public init(maxDuration: Double? = nil, maxRounds: Int = 4) {
        self.maxDuration = maxDuration
        self.maxRounds = max(1, maxRounds)
    }
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
    /// How many receipts are pending after the flush (deferred ones, ones never reached, ones recorded meanwhile).
    public var remaining = 0
    /// Whether another flush held the outbox, so this one sent nothing.
    public var busy = false
    /// What the flush noticed (dead letters, a full dead-letter file, a spent time budget).
    public var diagnostics: [Diagnostic] = []

    /// Creates an empty report.
    public init() {}

    /// The summary line: `{"type":"flush","delivered","deadLettered","deferred","remaining","busy"}`.
    public var summaryJSON: JSONValue {
        .object([
            "type": "flush", "delivered": .int(delivered.count), "deadLettered": .int(deadLettered.count),
            "deferred": .int(deferred.count), "remaining": .int(remaining), "busy": .bool(busy),
        ])
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
    /// Only one flush runs at a time across processes: when another holds the outbox, this one returns at
    /// once with ``OutboxFlushReport/busy`` set. Records may be added while a flush runs (the journal is
    /// locked only while it is read or marked, never while `deliver` runs); receipts recorded meanwhile
    /// are picked up in a further round. A crash between a delivery and its mark means the receipt is sent
    /// again by a later flush, with the same `Idempotency-Key`.
    public func flush(
        options: OutboxFlushOptions = OutboxFlushOptions(), deliver: (OutboxEntry) -> OutboxDeliveryOutcome
    ) throws(OutboxError) -> OutboxFlushReport {
        var report = OutboxFlushReport()
        let leasePath = path(FileName.flushLock)
        let lease = try OutboxFiles.open(leasePath, flags: O_RDWR | O_CREAT)
        defer { close(lease) }
        guard try OutboxFiles.lock(lease, path: leasePath, wait: false) else {
            report.busy = true
            report.remaining = try withJournal { journal throws(OutboxError) in try journal.read().pending.count }
            report.diagnostics.append(Diagnostic(
                .info, code: "outbox-flush-busy", message: "another flush is sending this outbox; nothing was sent"))
            return report
        }
        defer { OutboxFiles.unlock(lease) }

        let start = OutboxFiles.monotonicSeconds()
        var tried = Set<String>()
        var blockedVendors = Set<String>()
        var marked = false
        var outOfTime = false
        for _ in 0..<options.maxRounds where !outOfTime {
            let entries = try withJournal { journal throws(OutboxError) in
                let state = try journal.read()
                return state.pending.filter { !tried.contains($0.id) }.map { state.entry($0) }
            }
            if entries.isEmpty { break }
            for entry in entries {
                let vendor = entry.receipt?.vendor ?? ""
                if blockedVendors.contains(vendor) { continue }
                if let budget = options.maxDuration, OutboxFiles.monotonicSeconds() - start >= budget {
                    outOfTime = true
                    report.diagnostics.append(Diagnostic(
                        .warning, code: "outbox-flush-time-spent",
                        message: "the flush used its \(budget) s; the remaining receipts stay for the next flush"))
                    break
                }
                tried.insert(entry.id)
                let outcome: OutboxDeliveryOutcome
                if entry.receipt == nil {
                    outcome = .permanentFailure(attempts: 0, status: nil, reason: "the stored record is not a receipt")
                } else {
                    outcome = deliver(entry)
                }
                switch outcome {
                case .delivered(let attempts, let status):
                    try withJournal { journal throws(OutboxError) in try appendMark(.sent, id: entry.id, in: journal) }
                    marked = true
                    report.delivered.append(item(entry, attempts: attempts, status: status, reason: nil))
                case .retryLater(let attempts, let reason):
                    blockedVendors.insert(vendor)
                    report.deferred.append(item(entry, attempts: attempts, status: nil, reason: reason))
                case .permanentFailure(let attempts, let status, let reason):
                    let letter = DeadLetter(
                        id: entry.id, receipt: entry.receipt, status: status, reason: reason, attempts: attempts,
                        at: OutboxFiles.now())
                    let item = item(entry, attempts: attempts, status: status, reason: reason)
                    if try setAside(letter, body: entry.body) {
                        marked = true
                        report.deadLettered.append(item)
                        report.diagnostics.append(Diagnostic(
                            .error, code: "receipt-dead-lettered",
                            message: "receipt '\(entry.receipt?.event ?? "?")' (\(vendor), id \(entry.id)) was refused "
                                + "for good and kept in \(FileName.deadLetters): \(reason)"))
                    } else {
                        blockedVendors.insert(vendor)
                        report.deferred.append(item)
                        report.diagnostics.append(Diagnostic(
                            .error, code: "outbox-dead-letters-full",
                            message: "\(FileName.deadLetters) reached its limit of \(limits.maxDeadLetterBytes) bytes: "
                                + "receipt id \(entry.id), refused by the vendor, stays pending; read and clear the "
                                + "dead letters"))
                    }
                }
            }
        }
        report.remaining = try withJournal { journal throws(OutboxError) -> Int in
            let state = try journal.read()
            if marked || state.shouldCompact { try compact(state, in: journal) }
            return state.pending.count
        }
        return report
    }

    /// The receipts set aside as dead letters, oldest first. Lines that do not read (a torn last line) are
    /// skipped.
    public func deadLetters() throws(OutboxError) -> [DeadLetter] {
        let letterPath = path(FileName.deadLetters)
        guard OutboxFiles.exists(letterPath) else { return [] }
        let descriptor = try OutboxFiles.open(letterPath, flags: O_RDONLY)
        defer { close(descriptor) }
        let bytes = try OutboxFiles.readAll(descriptor, path: letterPath)
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

    /// Appends `letter` to `dead-letters.jsonl` (once per id) and marks it in the journal, both durably.
    /// Returns false, changing nothing, when the file would pass ``Limits/maxDeadLetterBytes``.
    private func setAside(_ letter: DeadLetter, body: String) throws(OutboxError) -> Bool {
        var json = letter.json
        if letter.receipt == nil, case .object(var members) = json {
            members["body"] = .string(body)
            json = .object(members)
        }
        var line = JSONWriter.bytes(json)
        line.append(UInt8(ascii: "\n"))
        let letterPath = path(FileName.deadLetters)
        return try withJournal { journal throws(OutboxError) -> Bool in
            let existed = OutboxFiles.exists(letterPath)
            let descriptor = try OutboxFiles.open(letterPath, flags: O_RDWR | O_CREAT | O_APPEND)
            defer { close(descriptor) }
            if !existed { try OutboxFiles.syncDirectory(directory) }
            let existing = try OutboxFiles.readAll(descriptor, path: letterPath)
            let alreadyThere = existing.split(separator: UInt8(ascii: "\n")).contains { stored in
                (try? JSONParser.parse(Array(stored)))?["id"]?.stringValue == letter.id
            }
            if !alreadyThere {
                if existing.last.map({ $0 != UInt8(ascii: "\n") }) ?? false { line.insert(UInt8(ascii: "\n"), at: 0) }
                guard existing.count + line.count <= limits.maxDeadLetterBytes else { return false }
                try OutboxFiles.writeAll(descriptor, line, path: letterPath)
                try OutboxFiles.sync(descriptor, path: letterPath)
            }
            try appendMark(.deadLettered, id: letter.id, in: journal)
            return true
        }
    }
}
