import PushBridge
import PushBridgeSystem

/// A durable, append-only journal of receipts in a directory (on iOS, the app group's shared container),
/// so a receipt the service extension could not send survives until the app's next launch (BuzzKit's guide,
/// "Delivered and opened receipts", docs/vendors/buzzkit.md; `launch` in docs/WIRE-FORMATS.md §5 "Lifecycle steps").
///
/// - ``record(_:)`` returns only once the receipt is on disk (`fsync`). The app and its extension may
///   record and flush at the same time: every change to the journal happens under an exclusive `flock`
///   on `journal.lock`, and at most one flush runs at a time (its lease, `flush.lease`).
/// - A record torn by a crash is detected (length + CRC-32 framing) and skipped; the records before
///   and after it stay readable. The next append cuts a torn tail off before writing.
/// - ``flush(options:deliver:)`` hands pending receipts in order to a sender, marks what was sent (or set
///   aside as a dead letter) and compacts the journal.
/// - The once-only ledger (docs/WIRE-FORMATS.md §6.2) lives here: a receipt whose `Receipt/onceOnlyKey` was recorded
///   before — pending, sent or dead-lettered, by this process or another — is not recorded again.
/// - Bounded (``Limits``): a receipt that would take the pending receipts past
///   ``Limits/maxPendingBytes`` is refused with an `outbox-full` error (never a silent drop); the ledger
///   keeps the most recent ``Limits/ledgerCapacity`` ids.
/// - Every file is created with mode 0600, the directory (when created) with 0700.
///
/// The format is described in docs/DELIVERY.md.
public final class ReceiptOutbox: ReceiptSink {
    /// The outbox's bounds.
    public struct Limits: Sendable, Hashable {
        /// Most bytes (framed) of receipts waiting to be sent; a receipt that would pass it is refused
        /// with `outbox-full` (default 1 MiB, a few thousand receipts).
        public var maxPendingBytes: Int
        /// Most bytes of `dead-letters.jsonl`; a receipt that cannot be set aside because of it stays
        /// pending, with an `outbox-dead-letters-full` diagnostic (default 1 MiB).
        public var maxDeadLetterBytes: Int
        /// How many handled receipt ids the once-only ledger keeps (the oldest are forgotten first;
        /// default 10,000, the bridge's own ledger size).
        public var ledgerCapacity: Int

        /// Creates limits (each clamped to 0…1 GiB; the ledger to 1…10,000,000 ids).
        public init(maxPendingBytes: Int = 1 << 20, maxDeadLetterBytes: Int = 1 << 20, ledgerCapacity: Int = 10_000) {
            self.maxPendingBytes = min(max(0, maxPendingBytes), 1 << 30)
            self.maxDeadLetterBytes = min(max(0, maxDeadLetterBytes), 1 << 30)
            self.ledgerCapacity = min(max(1, ledgerCapacity), 10_000_000)
        }

        /// Most bytes of `journal` the outbox reads or writes: 4 × ``maxPendingBytes`` + 128 × ``ledgerCapacity``
        /// + 1 MiB (6,521,856 by default). Above what the outbox itself ever leaves (pending receipts, the
        /// ledger, one attempt count per pending receipt, and marks waiting for a compaction); a larger file
        /// is refused with `outbox-file-too-large`, and an append or mark that would pass it compacts first.
        public var maxJournalBytes: Int { 4 * maxPendingBytes + 128 * ledgerCapacity + (1 << 20) }
    }

    /// What ``append(_:)`` did.
    public enum RecordOutcome: Sendable, Hashable {
        /// The receipt is now on disk under this id.
        case appended(id: String)
        /// A receipt with the same once-only key was recorded before (here or by another process).
        case alreadyRecorded(id: String)

        /// The receipt's id (its `Receipt/idempotencyKey`).
        public var id: String {
            switch self {
            case .appended(let id), .alreadyRecorded(let id): return id
            }
        }
    }

    /// File names inside the directory.
    public enum FileName {
        /// The journal.
        public static let journal = "journal"
        /// Locked (`flock`) around every change to the journal.
        public static let journalLock = "journal.lock"
        /// The running flush's lease: `<owner> <expiry, seconds since the Unix epoch>`, written and removed
        /// under the journal lock. No lock is held across a send (iOS ends a suspended app that holds a file
        /// lock in a shared container); a lease whose flush died expires by itself.
        public static let flushLease = "flush.lease"
        /// Receipts the vendor refused for good, one JSON object per line.
        public static let deadLetters = "dead-letters.jsonl"
        /// The journal being rewritten by a compaction: `journal.compacting.<pid>.<random>`, created with
        /// `O_EXCL` and renamed over `journal` when complete. Any file or empty directory whose name starts
        /// with this is a leftover of a compaction that died, removed by the next one.
        public static let compacting = "journal.compacting"
    }

    /// The directory.
    public let directory: String
    /// The bounds.
    public let limits: Limits

    let reportDiagnostic: @Sendable (Diagnostic) -> Void
    /// The open `journal.lock`; the mutex serialises this process's threads, the `flock` other processes.
    private let lockDescriptor: Locked<Int32>

    /// Opens (and, when `createIfMissing`, creates) the outbox in `directory`.
    ///
    /// - Parameters:
    ///   - directory: the outbox folder (in the app group container on iOS).
    ///   - limits: the bounds on pending bytes, dead letters and the once-only ledger.
    ///   - createIfMissing: whether a missing folder is created (otherwise opening it fails).
    ///   - diagnostics: called with what the outbox noticed on its own (a torn record skipped,
    ///     corrupt bytes dropped by a compaction); errors are thrown instead.
    public init(
        directory: String, limits: Limits = Limits(), createIfMissing: Bool = true,
        diagnostics: @escaping @Sendable (Diagnostic) -> Void = { _ in }
    ) throws(OutboxError) {
        if createIfMissing {
            try OutboxFiles.makeDirectory(directory)
        } else if !OutboxFiles.isDirectory(directory) {
            throw OutboxError(
                code: DiagnosticCode.outboxUnusable.rawValue, message: "there is no outbox directory at '\(directory)'")
        }
        self.directory = directory
        self.limits = limits
        self.reportDiagnostic = diagnostics
        let lockPath = directory + "/" + FileName.journalLock
        let descriptor = try OutboxFiles.open(lockPath, flags: O_RDWR | O_CREAT)
        lockDescriptor = Locked(descriptor)
    }

    deinit { lockDescriptor.withLock { _ = close($0) } }

    /// The path of one of the outbox's files.
    public func path(_ name: String) -> String { directory + "/" + name }

    // MARK: Recording

    /// Appends `receipt` durably (see ``append(_:)``); a receipt recorded before is not recorded again.
    public func record(_ receipt: Receipt) throws {
        _ = try append(receipt)
    }

    /// Appends `receipt` and returns once it is on disk, unless the once-only ledger has seen it.
    ///
    /// Throws `outbox-full` when it would take the pending receipts past ``Limits/maxPendingBytes``
    /// (nothing is written: flush to make room), `outbox-io` when the disk refused.
    @discardableResult
    public func append(_ receipt: Receipt) throws(OutboxError) -> RecordOutcome {
        let id = receipt.idempotencyKey
        let frame = OutboxFrame.encode(.receipt, id: id, body: JSONWriter.bytes(receipt.outboxJSON))
        guard frame.count - OutboxFrame.headerSize <= OutboxFrame.maxPayload else {
            throw OutboxError(
                code: DiagnosticCode.outboxReceiptTooLarge.rawValue,
                message: "receipt '\(receipt.event)' (\(receipt.vendor)) is \(frame.count) bytes, more than a record "
                    + "may hold (\(OutboxFrame.maxPayload)); it was not recorded")
        }
        return try withJournal { journal throws(OutboxError) -> RecordOutcome in
            var state = try journal.read()
            if let recorded = state.recordedID(of: receipt, id: id) {
                // Another process may have written it and died before its fsync: make it durable for this caller.
                try OutboxFiles.sync(journal.descriptor, path: journal.path)
                return .alreadyRecorded(id: recorded)
            }
            if state.scan.validEnd < state.bytes.count {
                let torn = state.bytes.count - state.scan.validEnd
                try OutboxFiles.truncate(journal.descriptor, to: state.scan.validEnd, path: journal.path)
                reportDiagnostic(Diagnostic(
                    .warning, code: .outboxTornRecord,
                    message: "skipped \(torn) bytes at the end of the journal: a record whose write never completed "
                        + "(a crash during an append); every record before it is intact"))
                state = JournalState(
                    bytes: Array(state.bytes[..<state.scan.validEnd]), ledgerCapacity: limits.ledgerCapacity)
            }
            guard state.pendingBytes + frame.count <= limits.maxPendingBytes else {
                let messageText = receipt.messageId.map { " for message '\($0)'" } ?? ""
                throw OutboxError(
                    code: DiagnosticCode.outboxFull.rawValue,
                    message: "the outbox is full: \(state.pending.count) receipts (\(state.pendingBytes) bytes) are "
                        + "waiting, the limit is \(limits.maxPendingBytes) bytes; receipt '\(receipt.event)' "
                        + "(\(receipt.vendor))\(messageText) was not recorded. Flush the outbox to make room")
            }
            if state.shouldCompact || state.bytes.count + frame.count > limits.maxJournalBytes {
                try compact(state, in: journal, appending: frame)
            } else {
                try OutboxFiles.writeAll(journal.descriptor, frame, path: journal.path)
                try OutboxFiles.sync(journal.descriptor, path: journal.path)
            }
            return .appended(id: id)
        }
    }

    // MARK: Reading

    /// What the outbox holds now.
    public func snapshot() throws(OutboxError) -> OutboxSnapshot {
        let state = try withJournal { journal throws(OutboxError) in try journal.read() }
        let deadLetterCount = try deadLetters().count
        return OutboxSnapshot(
            pending: state.pending.map { state.entry($0) }, ledgerCount: state.handled.count,
            journalBytes: state.bytes.count, skippedBytes: state.scan.skipped.reduce(0) { $0 + $1.count },
            deadLetterCount: deadLetterCount)
    }

    // MARK: Journal access

    /// The open journal inside the lock.
    struct Journal {
        let descriptor: Int32
        let path: String
        let limits: Limits

        func read() throws(OutboxError) -> JournalState {
            JournalState(
                bytes: try OutboxFiles.readAll(descriptor, path: path, limit: limits.maxJournalBytes),
                ledgerCapacity: limits.ledgerCapacity)
        }
    }

    /// Runs `body` with the journal open for appending, under the mutex and the exclusive `flock`.
    func withJournal<Result: Sendable>(
        _ body: (Journal) throws(OutboxError) -> Result
    ) throws(OutboxError) -> Result {
        let lockPath = path(FileName.journalLock)
        let journalPath = path(FileName.journal)
        let limits = self.limits
        return try lockDescriptor.withLock { lock throws(OutboxError) -> Result in
            _ = try OutboxFiles.lock(lock, path: lockPath)
            defer { OutboxFiles.unlock(lock) }
            let existed = OutboxFiles.exists(journalPath)
            let descriptor = try OutboxFiles.open(journalPath, flags: O_RDWR | O_CREAT | O_APPEND)
            defer { close(descriptor) }
            if !existed { try OutboxFiles.syncDirectory(directory) }
            return try body(Journal(descriptor: descriptor, path: journalPath, limits: limits))
        }
    }

    /// Appends one mark (`sent`, `deadLettered`, `attempted`). Marks are not synced one by one (the compaction
    /// that ends a flush syncs them): a crash of the process loses nothing written, and a power loss that
    /// forgets a mark only makes a later flush send that receipt again, with the same `Idempotency-Key`. A mark
    /// that would take the journal past ``Limits/maxJournalBytes`` is written by a compaction instead.
    func appendMark(_ kind: OutboxFrame.Kind, id: String, body: [UInt8] = [], in journal: Journal) throws(OutboxError) {
        let frame = OutboxFrame.encode(kind, id: id, body: body)
        if try OutboxFiles.size(journal.descriptor, path: journal.path) + frame.count > limits.maxJournalBytes {
            try compact(try journal.read(), in: journal, appending: frame)
        } else {
            try OutboxFiles.writeAll(journal.descriptor, frame, path: journal.path)
        }
    }

    /// Rewrites the journal as: the ledger (most recent ids, as `L` records), then the pending receipts in
    /// order, each followed by its attempt count (an `A` record) when it has one, then `frame` — into a new
    /// uniquely named `journal.compacting.…` file (`O_EXCL`), synced, renamed over `journal`. A crash leaves
    /// either the old journal or the new one, never a mix. Must be the last change made through `journal`
    /// (its descriptor then names the old file).
    func compact(_ state: JournalState, in journal: Journal, appending frame: [UInt8] = []) throws(OutboxError) {
        removeStaleCompactionFiles()
        var output: [UInt8] = []
        for id in state.handled.suffix(limits.ledgerCapacity) {
            output.append(contentsOf: OutboxFrame.encode(.ledger, id: id))
        }
        for pending in state.pending {
            output.append(contentsOf: state.bytes[pending.frame])
            if pending.attempts > 0 {
                let count = Array(String(pending.attempts).utf8)
                output.append(contentsOf: OutboxFrame.encode(.attempted, id: pending.id, body: count))
            }
        }
        output.append(contentsOf: frame)
        guard output.count <= limits.maxJournalBytes else {
            throw OutboxError(
                code: DiagnosticCode.outboxFull.rawValue,
                message: "the journal would be \(output.count) bytes even compacted, more than its limit of "
                    + "\(limits.maxJournalBytes) bytes; nothing was written. Flush the outbox to make room")
        }
        let (descriptor, temporaryPath) = try OutboxFiles.createUnique(in: directory, prefix: FileName.compacting)
        var renamed = false
        defer {
            close(descriptor)
            if !renamed { OutboxFiles.remove(temporaryPath) }
        }
        try OutboxFiles.writeAll(descriptor, output, path: temporaryPath)
        try OutboxFiles.sync(descriptor, path: temporaryPath)
        try OutboxFiles.rename(temporaryPath, to: journal.path)
        renamed = true
        try OutboxFiles.syncDirectory(directory)
        let skipped = state.scan.skipped.reduce(0) { $0 + $1.count }
        if skipped > 0 {
            reportDiagnostic(Diagnostic(
                .warning, code: .outboxCorruptBytesDropped,
                message: "compaction dropped \(skipped) bytes of the journal that held no valid record "
                    + "(torn or damaged); every valid record was kept"))
        }
        let forgotten = state.handled.count - min(state.handled.count, limits.ledgerCapacity)
        if forgotten > 0 {
            reportDiagnostic(Diagnostic(
                .info, code: .outboxLedgerTrimmed,
                message: "the once-only ledger forgot its \(forgotten) oldest receipt ids (capacity "
                    + "\(limits.ledgerCapacity)); a receipt recorded again after that is resent with the same "
                    + "Idempotency-Key"))
        }
    }

    /// Removes what compactions that died left behind (`journal.compacting…`; only ever written under the
    /// journal lock, which the caller holds). One that cannot be removed (a non-empty directory, a read-only
    /// entry) is reported as `outbox-stale-compaction-file` and left alone: compaction never reuses its name.
    private func removeStaleCompactionFiles() {
        for name in OutboxFiles.names(in: directory, withPrefix: FileName.compacting) {
            guard let code = OutboxFiles.removeEntry(path(name)) else { continue }
            reportDiagnostic(Diagnostic(
                .warning, code: .outboxStaleCompactionFile,
                message: "'\(path(name))', left by a compaction that did not finish, could not be removed ("
                    + "\(String(cString: strerror(code)))); compaction goes on through a new file. Remove it"))
        }
    }
}

extension ReceiptOutbox {
    /// One valid record of a journal, as ``scanJournal(_:)`` reads it.
    public struct JournalRecord: Sendable, Hashable {
        /// The record's kind byte (`R`, `S`, `D`, `L`, `A`; docs/DELIVERY.md).
        public var kind: UInt8
        /// The receipt id it names.
        public var id: String
        /// Where its body lies in the scanned bytes.
        public var body: Range<Int>
        /// Where the whole record lies in the scanned bytes.
        public var frame: Range<Int>
    }

    /// A journal's bytes read as the outbox reads them.
    public struct JournalScan: Sendable, Hashable {
        /// The valid records, in order.
        public var records: [JournalRecord]
        /// The byte ranges that held no valid record (torn or damaged), in order.
        public var skipped: [Range<Int>]
        /// Where the last valid record ends.
        public var validEnd: Int
    }

    /// Reads the records of a journal's bytes exactly as the outbox does, for tools, tests and fuzzing.
    ///
    /// - Complexity: O(n) in `bytes.count`, whatever the bytes hold.
    public static func scanJournal(_ bytes: [UInt8]) -> JournalScan {
        let scan = OutboxFrame.scan(bytes)
        return JournalScan(
            records: scan.records.map { record in
                JournalRecord(kind: record.kind.rawValue, id: record.id, body: record.body, frame: record.frame)
            },
            skipped: scan.skipped, validEnd: scan.validEnd)
    }
}

/// What an outbox holds at one moment.
public struct OutboxSnapshot: Sendable, Hashable {
    /// The receipts waiting to be sent, in the order they were recorded.
    public var pending: [OutboxEntry]
    /// How many handled receipt ids the once-only ledger remembers.
    public var ledgerCount: Int
    /// The journal's size in bytes.
    public var journalBytes: Int
    /// Bytes of the journal that hold no valid record (a torn or damaged record), until the next compaction.
    public var skippedBytes: Int
    /// How many receipts are set aside as dead letters.
    public var deadLetterCount: Int
}

/// One receipt waiting in the outbox.
public struct OutboxEntry: Sendable, Hashable {
    /// Its id: the receipt's `Receipt/idempotencyKey`, sent as `Idempotency-Key`.
    public var id: String
    /// The receipt, or nil when the stored body does not read as one (it is then dead-lettered by a flush).
    public var receipt: Receipt?
    /// The stored JSON text.
    public var body: String
    /// How many earlier flushes handed it out without delivering it (0 for a receipt never tried).
    public var attempts: Int = 0
}

/// The journal read and interpreted: pending receipts in order, the ledger, what a compaction would reclaim.
struct JournalState {
    struct Pending {
        var id: String
        var frame: Range<Int>
        var body: Range<Int>
        /// How many flushes handed it out (its latest `A` record), 0 when none did.
        var attempts = 0
    }

    let bytes: [UInt8]
    let scan: OutboxFrame.Scan
    private(set) var pending: [Pending] = []
    /// Ids handled (sent, dead-lettered, or remembered by the ledger), oldest first.
    private(set) var handled: [String] = []
    private(set) var handledSet = Set<String>()
    private(set) var pendingIDs = Set<String>()
    private(set) var pendingBytes = 0
    /// Each `R` record's body, by id (the first record of an id), pending or handled.
    private(set) var receiptBodies: [String: Range<Int>] = [:]
    /// Bytes a compaction would give back.
    private(set) var reclaimableBytes = 0

    init(bytes: [UInt8], ledgerCapacity: Int) {
        self.bytes = bytes
        scan = OutboxFrame.scan(bytes)
        var order: [Pending] = []
        var indexByID: [String: Int] = [:]
        var removed = Set<Int>()
        var attempts: [String: Int] = [:]
        func remember(_ id: String) -> Bool {
            guard handledSet.insert(id).inserted else { return false }
            handled.append(id)
            return true
        }
        for record in scan.records {
            switch record.kind {
            case .receipt:
                if receiptBodies[record.id] == nil { receiptBodies[record.id] = record.body }
                if handledSet.contains(record.id) || indexByID[record.id] != nil {
                    reclaimableBytes += record.frame.count
                    continue
                }
                indexByID[record.id] = order.count
                order.append(Pending(id: record.id, frame: record.frame, body: record.body))
            case .sent, .deadLettered:
                reclaimableBytes += record.frame.count
                if let index = indexByID[record.id], removed.insert(index).inserted {
                    reclaimableBytes += order[index].frame.count
                }
                _ = remember(record.id)
            case .ledger:
                if !remember(record.id) { reclaimableBytes += record.frame.count }
            case .attempted:
                // Every count but the latest is reclaimable (the latest too, once the receipt is handled).
                reclaimableBytes += record.frame.count
                let count = Int(String(decoding: bytes[record.body], as: UTF8.self)) ?? 1
                attempts[record.id] = max(attempts[record.id] ?? 0, min(max(count, 1), 1_000_000))
            }
        }
        for (index, var entry) in order.enumerated() where !removed.contains(index) {
            if let count = attempts[entry.id] {
                entry.attempts = count
                reclaimableBytes -= OutboxFrame.headerSize + 1 + OutboxFrame.idLength + String(count).utf8.count
            }
            pending.append(entry)
            pendingIDs.insert(entry.id)
            pendingBytes += entry.frame.count
        }
        reclaimableBytes = max(0, reclaimableBytes) + scan.skipped.reduce(0) { $0 + $1.count }
        let ledgerFrame = OutboxFrame.headerSize + 1 + OutboxFrame.idLength
        reclaimableBytes += max(0, handled.count - ledgerCapacity) * ledgerFrame
    }

    /// Whether the once-only ledger or the pending receipts already hold `id`.
    func contains(_ id: String) -> Bool { handledSet.contains(id) || pendingIDs.contains(id) }

    /// The id under which `receipt` (whose id is `id`) was recorded already, or nil. A receipt told apart by its
    /// request identifier was named by the pre-namespace key before (`Receipt/legacyIdempotencyKey`); such a
    /// record counts only while its body is in the journal and says it is that receipt (no message id, the same
    /// request identifier): a bare ledger id cannot tell it from a message id that spells the identifier.
    func recordedID(of receipt: Receipt, id: String) -> String? {
        if contains(id) { return id }
        guard let legacy = receipt.legacyIdempotencyKey, contains(legacy), let body = receiptBodies[legacy],
              let stored = (try? JSONParser.parse(Array(bytes[body]))).flatMap({ Receipt(outboxJSON: $0) }),
              stored.messageId == nil, stored.requestIdentifier == receipt.requestIdentifier
        else { return nil }
        return legacy
    }

    /// Whether an append should compact first: at least 64 KiB to reclaim, and at least half the file.
    var shouldCompact: Bool { reclaimableBytes >= 64 * 1024 && reclaimableBytes * 2 >= bytes.count }

    /// A pending receipt as an entry.
    func entry(_ pending: Pending) -> OutboxEntry {
        let body = Array(bytes[pending.body])
        let receipt = (try? JSONParser.parse(body)).flatMap { Receipt(outboxJSON: $0) }
        return OutboxEntry(
            id: pending.id, receipt: receipt, body: String(decoding: body, as: UTF8.self), attempts: pending.attempts)
    }
}
