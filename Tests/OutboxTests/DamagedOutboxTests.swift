import Foundation
import PushBridge
@testable import PushBridgeOutbox
import PushBridgeSystem
import PushBridgeTestSupport
import Testing

/// An outbox damaged on purpose: what is in its directory is not what the outbox wrote. Real files, real
/// links, FIFOs and devices, real file systems (a 64 KiB tmpfs, read-only bind mounts). The same damage seen
/// through the real `bridge-cli` is in the delivery tests (`DamagedOutboxProcessTests`).
@Suite("A damaged outbox: links, devices, FIFOs and directories in place of its files")
struct DamagedOutboxFileTests {
    @Test("a journal that links outside the outbox is never read, truncated or written, by record, snapshot or flush")
    func journalLinkOutside() throws {
        let setup = try DamagedOutboxSetup()
        try setup.replace("journal") { try DamagedDisk.link($0, to: setup.outside) }
        let log = DiagnosticLog()
        let outbox = try ReceiptOutbox(directory: setup.directory, diagnostics: log.handler)
        for (what, call) in [
            ("record", { try outbox.record(sampleReceipt(1)) }), ("snapshot", { _ = try outbox.snapshot() }),
            ("flush", { _ = try outbox.flush { _ in .delivered(attempts: 1, status: 200) } }),
        ] as [(String, () throws -> Void)] {
            let error = outboxError(call)
            #expect(error?.code == DiagnosticCode.outboxUnusable.rawValue, "\(what)")
            #expect(error?.message.contains(setup.directory + "/journal") == true, "\(what): names the file")
            #expect(error?.message.contains("symbolic link") == true, "\(what): \(String(describing: error))")
        }
        #expect(try DamagedDisk.read(setup.outside) == setup.outsideBytes, "the linked file is untouched")
        #expect(!log.codes.contains(.outboxTornRecord), "nothing blames a crash")
    }

    @Test("a dangling journal link never creates a file outside the outbox")
    func danglingJournalLink() throws {
        let setup = try DamagedOutboxSetup()
        let target = setup.scratch.file("made-outside")
        try setup.replace("journal") { try DamagedDisk.link($0, to: target) }
        let error = outboxError { try ReceiptOutbox(directory: setup.directory).record(sampleReceipt(1)) }
        #expect(error?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(!DamagedDisk.exists(target), "no file was created through the link")
    }

    @Test("a journal or dead-letter file linked to /dev/zero is refused at once, never read")
    func devZeroLinks() throws {
        let setup = try DamagedOutboxSetup()
        try setup.replace("dead-letters.jsonl") { try DamagedDisk.link($0, to: "/dev/zero") }
        let outbox = try ReceiptOutbox(directory: setup.directory)
        try outbox.record(sampleReceipt(1, vendor: "zixflow"))
        #expect(outboxError { _ = try outbox.deadLetters() }?.code == DiagnosticCode.outboxUnusable.rawValue)
        // A receipt refused for good cannot be set aside: it stays pending, every other receipt goes on.
        var handedOut: [String] = []
        let report = try outbox.flush { entry in
            handedOut.append(entry.receipt?.messageId ?? "")
            return entry.receipt?.messageId == "m-0" ? .permanentFailure(attempts: 1, status: 422, reason: "bad")
                : .delivered(attempts: 1, status: 200)
        }
        #expect(handedOut == ["m-0", "m-1"], "handed out once each")
        #expect(report.delivered.compactMap(\.messageId) == ["m-1"])
        #expect(report.deferred.compactMap(\.messageId) == ["m-0"])
        #expect(report.diagnostics.map(\.diagnosticCode).contains(.outboxDeadLetterFailed))
        #expect(report.failure == nil && report.remaining == 1)

        try setup.replace("journal") { try DamagedDisk.link($0, to: "/dev/zero") }
        let started = monotonicNow()
        #expect(outboxError { _ = try outbox.snapshot() }?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(outboxError { try outbox.record(sampleReceipt(2)) }?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(monotonicNow() - started < 5)
    }

    @Test("lock files that are links or directories are refused, naming the file")
    func lockFiles() throws {
        let setup = try DamagedOutboxSetup()
        try setup.replace("journal.lock") { try DamagedDisk.link($0, to: setup.outside) }
        let error = outboxError { _ = try ReceiptOutbox(directory: setup.directory) }
        #expect(error?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(error?.message.contains("journal.lock") == true)
        try setup.replace("journal.lock") { _ in }
        try setup.replace("flush.lease") { _ = mkdir($0, 0o700) }
        let flushError = outboxError {
            _ = try ReceiptOutbox(directory: setup.directory).flush { _ in .delivered(attempts: 1, status: 200) }
        }
        #expect(flushError?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(flushError?.message.contains("flush.lease") == true && flushError?.message.contains("directory") == true)
        #expect(try DamagedDisk.read(setup.outside) == setup.outsideBytes)
        #expect(try ReceiptOutbox(directory: setup.directory).snapshot().pending.count == 1, "the receipt is kept")
    }

    @Test("a FIFO, a directory or (as root) a device in place of the journal is refused without blocking")
    func specialFiles() throws {
        let setup = try DamagedOutboxSetup()
        try setup.replace("journal") { _ = mkfifo($0, 0o600) }
        let outbox = try ReceiptOutbox(directory: setup.directory)
        let fifo = outboxError { try outbox.record(sampleReceipt(1)) }
        #expect(
            fifo?.code == DiagnosticCode.outboxUnusable.rawValue && fifo?.message.contains("FIFO") == true,
            "\(String(describing: fifo))")
        try setup.replace("journal") { _ = mkdir($0, 0o700) }
        let directory = outboxError { _ = try outbox.snapshot() }
        #expect(directory?.message.contains("a directory") == true, "\(String(describing: directory))")
        if geteuid() == 0 {
            try setup.replace("journal") { path in
                #expect(mknod(path, S_IFCHR | 0o600, 0x105) == 0, "mknod /dev/zero's numbers")
            }
            let device = outboxError { try outbox.record(sampleReceipt(1)) }
            #expect(device?.message.contains("character device") == true, "\(String(describing: device))")
        }
    }

    @Test("a journal or dead-letter file larger than the limits allow is refused without being read")
    func oversizedFiles() throws {
        let setup = try DamagedOutboxSetup()
        let limits = ReceiptOutbox.Limits(maxPendingBytes: 4_096, maxDeadLetterBytes: 1_000, ledgerCapacity: 10)
        #expect(limits.maxJournalBytes == 4 * 4_096 + 128 * 10 + (1 << 20))
        let outbox = try ReceiptOutbox(directory: setup.directory, limits: limits)
        let letters = setup.directory + "/dead-letters.jsonl"
        try DamagedDisk.store([], at: letters)
        #expect(truncate(letters, 1_001) == 0)
        #expect(outboxError { _ = try outbox.deadLetters() }?.code == DiagnosticCode.outboxFileTooLarge.rawValue)
        let report = try outbox.flush { _ in .permanentFailure(attempts: 1, status: 400, reason: "bad") }
        #expect(report.diagnostics.map(\.diagnosticCode) == [.outboxDeadLettersFull], "full: the receipt stays pending")
        #expect(report.remaining == 1)

        let journal = setup.directory + "/journal"
        #expect(truncate(journal, off_t(limits.maxJournalBytes + 1)) == 0, "a sparse file past the bound")
        let started = monotonicNow()
        let error = outboxError { _ = try outbox.snapshot() }
        #expect(error?.code == DiagnosticCode.outboxFileTooLarge.rawValue)
        #expect(error?.message.contains(journal) == true && error?.message.contains("\(limits.maxJournalBytes)") == true)
        #expect(outboxError { try outbox.record(sampleReceipt(5)) }?.code == DiagnosticCode.outboxFileTooLarge.rawValue)
        #expect(monotonicNow() - started < 5)
    }
}

@Suite("A damaged outbox: crafted, corrupted, truncated and duplicated journals")
struct DamagedJournalTests {
    /// R0 R1 R2 S(R1) A(R2) R3: pending R0, R2 (tried once), R3.
    private static func journal() -> CraftedJournal {
        var journal = CraftedJournal()
        for index in 0..<3 { journal.add(.receipt, sampleReceipt(index)) }
        journal.add(.sent, sampleReceipt(1))
        journal.add(.attempted, sampleReceipt(2), body: Array("1".utf8))
        journal.add(.receipt, sampleReceipt(3))
        return journal
    }

    private static let expected: [String] = [0, 2, 3].map { sampleReceipt($0).idempotencyKey }

    /// Pending ids after damage confined to `frame` (or to every frame from `frame` on, for a cut).
    private static func allowed(after damaged: [(kind: OutboxFrame.Kind, id: String, range: Range<Int>)]) -> [String] {
        var pending = [0, 1, 2, 3].map { sampleReceipt($0).idempotencyKey }
        let lostReceipts = Set(damaged.filter { $0.kind == .receipt }.map(\.id))
        let lostMarks = Set(damaged.filter { $0.kind == .sent }.map(\.id))
        pending.removeAll { lostReceipts.contains($0) }
        // R1 is pending again only when its sent mark is the damaged one (sent again: a duplicate, never a loss).
        return pending.filter { $0 != sampleReceipt(1).idempotencyKey || lostMarks.contains($0) }
    }

    @Test("every byte flipped (two ways) and every truncation of a small journal: no untouched receipt is lost")
    func flipAndTruncateSweeps() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        let journal = Self.journal()
        let receiptsByID = Dictionary(
            uniqueKeysWithValues: (0..<4).map { (sampleReceipt($0).idempotencyKey, sampleReceipt($0)) })
        var cases = 0
        for position in journal.bytes.indices {
            let damaged = journal.frames.filter { $0.range.contains(position) }
            for flip: UInt8 in [0x01, 0xFF] {
                var bytes = journal.bytes
                bytes[position] ^= flip
                try DamagedDisk.store(bytes, at: directory + "/journal")
                let pending = try outbox.snapshot().pending
                #expect(pending.map(\.id) == Self.allowed(after: damaged), "byte \(position) ^ \(flip)")
                #expect(pending.allSatisfy { $0.receipt == receiptsByID[$0.id] }, "bodies intact at byte \(position)")
                cases += 1
            }
        }
        for cut in 0..<journal.bytes.count {
            try DamagedDisk.store(Array(journal.bytes[..<cut]), at: directory + "/journal")
            let damaged = journal.frames.filter { $0.range.upperBound > cut }
            var allowed = Self.allowed(after: damaged)
            // A cut before S(R1)'s end also loses that mark: R1 is pending again when R1 itself survived.
            if cut < journal.frames[3].range.upperBound, cut >= journal.frames[1].range.upperBound {
                allowed = [0, 1, 2].map { sampleReceipt($0).idempotencyKey }.filter { id in
                    journal.frames.first { $0.id == id && $0.kind == .receipt }!.range.upperBound <= cut
                }
            }
            #expect(try outbox.snapshot().pending.map(\.id) == allowed, "cut at \(cut)")
            cases += 1
        }
        // The append path on a damaged journal: the torn tail is cut off and nothing before it is lost.
        try DamagedDisk.store(Array(journal.bytes.dropLast(7)), at: directory + "/journal")
        try outbox.record(sampleReceipt(9))
        #expect(try outbox.snapshot().pending.map(\.id) == [0, 2, 9].map { sampleReceipt($0).idempotencyKey })
        #expect(cases == journal.bytes.count * 3)
        #expect(Self.expected.count == 3)
    }

    @Test("garbage around and between records and every record written twice: each receipt sent once")
    func garbageAndDuplicates() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var generator = SplitMix64(seed: 3)
        var bytes: [UInt8] = []
        func garbage() -> [UInt8] {
            (0..<Int(generator.next() % 90)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                + (generator.next() % 2 == 0 ? OutboxFrame.magic : [])
        }
        for index in 0..<6 {
            var one = CraftedJournal()
            one.add(.receipt, sampleReceipt(index, vendor: Payloads.vendors[index % 4]))
            bytes += garbage() + one.bytes + garbage() + one.bytes
        }
        bytes += garbage()
        try DamagedDisk.store(bytes, at: directory + "/journal")
        let outbox = try ReceiptOutbox(directory: directory)
        var handedOut: [String] = []
        let report = try outbox.flush { entry in
            handedOut.append(entry.id)
            return .delivered(attempts: 1, status: 200)
        }
        #expect(handedOut == (0..<6).map { sampleReceipt($0, vendor: Payloads.vendors[$0 % 4]).idempotencyKey })
        #expect(report.remaining == 0 && report.failure == nil)
        #expect(try outbox.snapshot().skippedBytes == 0, "the compaction dropped the garbage")
    }
}

@Suite("A damaged outbox: dead letters, stale compaction files, partial flushes")
struct DamagedOutboxFlushTests {
    @Test("a dead-letter file that is a directory keeps that receipt pending; every other receipt, every vendor, goes on")
    func deadLetterFileUnwritable() throws {
        let (scratch, outbox, receipts) = try RecordedOutbox.make(count: 6, vendors: 3)
        defer { withExtendedLifetime(scratch) {} }
        let directory = outbox.directory
        #expect(mkdir(directory + "/dead-letters.jsonl", 0o700) == 0)
        var handedOut: [String] = []
        let report = try outbox.flush { entry in
            handedOut.append(entry.receipt?.messageId ?? "")
            return entry.receipt?.messageId == "m-0" ? .permanentFailure(attempts: 1, status: 403, reason: "HTTP 403")
                : .delivered(attempts: 1, status: 200)
        }
        #expect(handedOut == receipts.compactMap(\.messageId), "m-0 handed out once; nothing held back")
        #expect(report.delivered.count == 5 && report.deferred.compactMap(\.messageId) == ["m-0"])
        let diagnostic = report.diagnostics.first { $0.diagnosticCode == .outboxDeadLetterFailed }
        #expect(diagnostic?.message.contains("dead-letters.jsonl") == true, "\(report.diagnostics)")
        #expect(report.failure == nil && report.remaining == 1)
        try FileManager.default.removeItem(atPath: directory + "/dead-letters.jsonl")
        let next = try outbox.flush { _ in .permanentFailure(attempts: 1, status: 403, reason: "HTTP 403") }
        #expect(next.deadLettered.compactMap(\.messageId) == ["m-0"], "set aside once the file can be written")
    }

    @Test("a journal.compacting that cannot be removed is reported and worked around; recording never stops")
    func staleCompactionFile() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(
            atPath: directory + "/journal.compacting/held", withIntermediateDirectories: true)
        try DamagedDisk.store([1, 2, 3], at: directory + "/journal.compacting.999.dead")
        // What a flush killed before its compaction leaves: 400 receipts, all but the first marked sent.
        var journal = CraftedJournal()
        for index in 0..<400 { journal.add(.receipt, sampleReceipt(index)) }
        for index in 1..<400 { journal.add(.sent, sampleReceipt(index)) }
        try DamagedDisk.store(journal.bytes, at: directory + "/journal")
        let log = DiagnosticLog()
        let outbox = try ReceiptOutbox(directory: directory, diagnostics: log.handler)
        try outbox.record(sampleReceipt(400))
        #expect(try outbox.snapshot().journalBytes < journal.bytes.count / 4, "the append compacted")
        #expect(log.codes.contains(.outboxStaleCompactionFile))
        let report = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(report.failure == nil && report.remaining == 0 && report.delivered.count == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["journal", "journal.compacting", "journal.lock"], "\(names)")
    }

    @Test("an I/O error partway: the report lists what was sent and marked, sent but unmarked, and the true count left")
    func partialFlushReport() throws {
        let (scratch, outbox, receipts) = try RecordedOutbox.make(count: 10, vendors: 4)
        defer { withExtendedLifetime(scratch) {} }
        let directory = outbox.directory
        let journal = directory + "/journal"
        let report = try outbox.flush { entry in
            if entry.receipt?.messageId == "m-3" {
                // The journal goes away while m-3 is being sent: its mark cannot be written.
                try? FileManager.default.moveItem(atPath: journal, toPath: journal + ".aside")
                try? FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
            }
            return .delivered(attempts: 1, status: 200)
        }
        #expect(report.delivered.compactMap(\.messageId) == ["m-0", "m-1", "m-2"])
        #expect(report.unmarked.compactMap(\.messageId) == ["m-3"])
        #expect(report.unmarked.first?.reason?.contains("same Idempotency-Key") == true)
        #expect(report.failure?.code == DiagnosticCode.outboxUnusable.rawValue)
        #expect(report.remaining == 7, "10 recorded, 3 marked")
        #expect(report.summaryJSON["unmarked"] == 1 && report.summaryJSON["error"] == .code(.outboxUnusable))
        try FileManager.default.removeItem(atPath: journal)
        try FileManager.default.moveItem(atPath: journal + ".aside", toPath: journal)
        #expect(try outbox.snapshot().pending.count == 7)
        var resent: [String] = []
        _ = try outbox.flush { entry in
            resent.append(entry.id)
            return .delivered(attempts: 1, status: 200)
        }
        #expect(resent.first == receipts[3].idempotencyKey, "the unmarked receipt goes again, same key, first")
        #expect(resent == receipts[3...].map(\.idempotencyKey))
    }
}

#if os(Linux)
@Suite("A damaged outbox: full and read-only disks", .enabled(if: DamagedDisk.canMount, "needs root to mount a tmpfs"))
struct DamagedDiskTests {
    @Test("a full disk (64 KiB tmpfs): the flush reports every receipt sent, marked or not, and the true count left")
    func fullDiskFlush() throws {
        let scratch = try Scratch()
        let disk = try TestMount.smallDisk(kilobytes: 64, in: scratch)
        defer { disk.release() }
        let directory = disk.path + "/outbox"
        let outbox = try ReceiptOutbox(directory: directory)
        let receipts = (0..<120).map { sampleReceipt($0, vendor: Payloads.vendors[$0 % 4]) }
        for receipt in receipts { try outbox.record(receipt) }
        let filler = disk.fill()
        var recorded = receipts
        let refused = outboxError {
            for index in 120..<400 {
                try outbox.record(sampleReceipt(index))
                recorded.append(sampleReceipt(index))
            }
        }
        #expect(refused?.code == DiagnosticCode.outboxIO.rawValue && refused?.message.contains("No space left") == true,
                "\(String(describing: refused))")
        #expect(try outbox.snapshot().pending.map(\.id) == recorded.map(\.idempotencyKey),
                "what record returned is there")

        // A flush during which the disk fills while the fifth receipt is being sent, leaving 20 bytes in the
        // journal's last page (the harness pads it): that receipt's `sent` mark cannot be written.
        try FileManager.default.removeItem(atPath: filler)
        let journal = directory + "/journal"
        var sent: [String] = []
        let report = try outbox.flush { entry in
            sent.append(entry.id)
            if sent.count == 5 {
                disk.fill()
                let size = (try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int) ?? 0
                let padding = [UInt8](repeating: 0, count: (4_096 - size % 4_096 + 4_096 - 20) % 4_096)
                let descriptor = open(journal, O_WRONLY | O_APPEND)
                _ = padding.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
                close(descriptor)
            }
            return .delivered(attempts: 1, status: 200)
        }
        #expect(report.failure?.code == DiagnosticCode.outboxIO.rawValue)
        #expect(report.failure?.message.contains("No space left") == true)
        #expect(report.delivered.map(\.id) == Array(sent.prefix(4)), "sent and marked")
        #expect(report.unmarked.map(\.id) == [sent[4]], "sent, mark not written")
        #expect(sent.count == 5, "the flush stopped at the failed mark")
        let pendingNow = try outbox.snapshot().pending.map(\.id)
        #expect(report.remaining == pendingNow.count && pendingNow.count == recorded.count - 4, "the true count")
        #expect(pendingNow.contains(sent[4]))

        try FileManager.default.removeItem(atPath: filler)
        var resent: [String] = []
        let after = try outbox.flush { entry in
            resent.append(entry.id)
            return .delivered(attempts: 1, status: 200)
        }
        #expect(after.failure == nil && after.remaining == 0)
        #expect(resent.first == sent[4], "the unmarked receipt goes again first, with the same key")
        #expect(Set(resent).intersection(sent) == [sent[4]], "only the unmarked receipt goes twice")
        #expect(Set(sent + resent) == Set(recorded.map(\.idempotencyKey)), "no receipt lost")
    }


    @Test("a read-only journal stops the flush before any send; a read-only dead-letter file holds back no one")
    func readOnlyFiles() throws {
        let (scratch, outbox, receipts) = try RecordedOutbox.make(count: 4, vendors: 4)
        defer { withExtendedLifetime(scratch) {} }
        let letters = outbox.directory + "/dead-letters.jsonl"
        try DamagedDisk.store([], at: letters)
        let readOnlyLetters = try TestMount.readOnly(letters)
        defer { readOnlyLetters.release() }
        var handedOut: [String] = []
        let report = try outbox.flush { entry in
            handedOut.append(entry.id)
            return entry.id == receipts[1].idempotencyKey
                ? .permanentFailure(attempts: 1, status: 410, reason: "HTTP 410") : .delivered(attempts: 1, status: 200)
        }
        #expect(handedOut == receipts.map(\.idempotencyKey))
        #expect(report.delivered.count == 3 && report.deferred.map(\.id) == [receipts[1].idempotencyKey])
        let failed = report.diagnostics.first { $0.diagnosticCode == .outboxDeadLetterFailed }
        #expect(failed?.message.contains("Read-only") == true, "\(report.diagnostics)")

        try outbox.record(sampleReceipt(9))
        let journal = outbox.directory + "/journal"
        let before = try DamagedDisk.read(journal)
        let readOnlyJournal = try TestMount.readOnly(journal)
        defer { readOnlyJournal.release() }
        var sent = 0
        let stopped = outboxError {
            _ = try outbox.flush { _ in
                sent += 1
                return .delivered(attempts: 1, status: 200)
            }
        }
        #expect(stopped?.message.contains("Read-only") == true, "\(String(describing: stopped))")
        #expect(sent == 0, "nothing is sent when no mark can be written")
        #expect(try DamagedDisk.read(journal) == before)
    }

    @Test("a read-only outbox directory: a clear error, nothing lost, everything there once writable again")
    func readOnlyDirectory() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        for index in 0..<3 { try outbox.record(sampleReceipt(index)) }
        let before = try DamagedDisk.read(directory + "/journal")
        let readOnly = try TestMount.readOnly(directory)
        let recordError = outboxError { try outbox.record(sampleReceipt(3)) }
        #expect(recordError?.code == DiagnosticCode.outboxIO.rawValue && recordError?.message.contains("Read-only") == true,
                "\(String(describing: recordError))")
        let flushError = outboxError { _ = try outbox.flush { _ in .delivered(attempts: 1, status: 200) } }
        #expect(flushError?.message.contains("Read-only") == true, "nothing was sent: \(String(describing: flushError))")
        #expect(try DamagedDisk.read(directory + "/journal") == before)
        readOnly.release()
        let report = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(report.delivered.count == 3 && report.remaining == 0)
    }
}
#endif
