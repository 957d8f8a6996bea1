import PushBridge
import PushBridgeSystem

/// One flush's claim on the outbox: ``ReceiptOutbox/FileName/flushLease`` holds `<owner> <expiry>`.
///
/// A lease replaces a file lock held for the whole flush: iOS ends a suspended app that holds a file lock
/// in an app group container (0xdead10cc), and a flush can be suspended between two sends. The lease is
/// read, written and removed only under the journal lock (held for microseconds), renewed before every
/// receipt is handed out, and stops holding the outbox when its process has ended (the owner names the
/// process id) or ``duration`` seconds after its last renewal (a process that stays suspended, or whose
/// liveness cannot be told).
///
/// Writing the lease is best effort: on a full disk the flush still runs (reporting that another flush
/// could run beside it; receipts carry the same `Idempotency-Key` either way).
struct FlushLease: Sendable {
    /// Seconds a lease lasts past its last renewal: longer than one receipt's delivery with its retries
    /// (30 s by default), short enough that a dead flush does not hold the outbox for long.
    static let duration = 120

    /// This flush: the process id and a random number, unique per flush.
    let owner = "\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"

    /// Whether a lease read from disk still holds the outbox against `self`.
    func isHeld(by holder: (owner: String, expiry: Int), now: Int) -> Bool {
        guard holder.owner != owner, holder.expiry > now else { return false }
        guard let pid = holder.owner.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { return true }
        // kill(pid, 0) fails with ESRCH only when no such process exists; EPERM (another user, a sandbox)
        // says nothing, and the expiry decides.
        return !(kill(pid, 0) != 0 && errno == ESRCH)
    }
}

/// What taking the lease came to.
enum LeaseOutcome {
    /// This flush holds the outbox.
    case taken
    /// Another flush holds it.
    case busy
    /// Nothing holds it, but the lease could not be written (a full disk): the flush runs, with this warning.
    case unrecorded(Diagnostic)
}

extension ReceiptOutbox {
    /// Takes the lease, unless another live flush holds one that has not expired.
    func takeLease(_ lease: FlushLease) throws(OutboxError) -> LeaseOutcome {
        try withJournal { _ throws(OutboxError) -> LeaseOutcome in
            if let holder = try readLease(), lease.isHeld(by: holder, now: OutboxFiles.now()) { return .busy }
            do throws(OutboxError) {
                try writeLease(lease)
            } catch {
                return .unrecorded(Diagnostic(
                    .warning, code: .outboxFlushLeaseUnwritten,
                    message: "\(error.message); the flush runs without its lease, so another flush could run "
                        + "beside it (each receipt keeps its Idempotency-Key)"))
            }
            return .taken
        }
    }

    /// Extends the lease (inside the journal lock the caller holds); best effort, like taking it.
    func renewLease(_ lease: FlushLease, in journal: Journal) {
        try? writeLease(lease)
    }

    /// Gives the lease up, if it is still this flush's. When the journal cannot be locked (it was damaged
    /// during the flush) the lease is still removed, so the next flush is not kept waiting.
    func releaseLease(_ lease: FlushLease) {
        let leasePath = path(FileName.flushLease)
        let removeIfOurs = { [self] () throws(OutboxError) in
            if try readLease()?.owner == lease.owner { OutboxFiles.remove(leasePath) }
        }
        do throws(OutboxError) {
            try withJournal { _ throws(OutboxError) in try removeIfOurs() }
        } catch {
            try? removeIfOurs()
        }
    }

    /// The lease on disk; nil when there is none or it does not read (a torn write: as good as expired).
    private func readLease() throws(OutboxError) -> (owner: String, expiry: Int)? {
        let leasePath = path(FileName.flushLease)
        guard OutboxFiles.exists(leasePath) else { return nil }
        let descriptor = try OutboxFiles.open(leasePath, flags: O_RDONLY)
        defer { close(descriptor) }
        let text = String(decoding: try OutboxFiles.readAll(descriptor, path: leasePath, limit: 256), as: UTF8.self)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count == 2, let expiry = Int(parts[1]) else { return nil }
        return (String(parts[0]), expiry)
    }

    private func writeLease(_ lease: FlushLease) throws(OutboxError) {
        let leasePath = path(FileName.flushLease)
        let descriptor = try OutboxFiles.open(leasePath, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { close(descriptor) }
        try OutboxFiles.writeAll(
            descriptor, Array("\(lease.owner) \(OutboxFiles.now() + FlushLease.duration)\n".utf8), path: leasePath)
    }
}
