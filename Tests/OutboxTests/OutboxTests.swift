import Foundation
import PushBridge
@testable import PushBridgeOutbox
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Collects an outbox's diagnostics.
final class DiagnosticLog: Sendable {
    private let storage = Locked<[Diagnostic]>([])
    var handler: @Sendable (Diagnostic) -> Void { { diagnostic in self.storage.withLock { $0.append(diagnostic) } } }
    var codes: [DiagnosticCode] { storage.withLock { $0.map(\.diagnosticCode) } }
}

@Suite("ReceiptOutbox: durable journal")
struct OutboxJournalTests {
    @Test("a recorded receipt is on disk: a fresh outbox on the same directory reads it back exactly")
    func recordIsDurable() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let receipt = Receipt(
            vendor: "zixflow", kind: .actionClicked, event: "Push Notification Action Clicked",
            properties: ["Zixflow-Delivery-ID": "d1", "action_index": 0], messageId: "d1", action: "ACTION_0")
        let outcome = try ReceiptOutbox(directory: directory).append(receipt)
        #expect(outcome == .appended(id: receipt.idempotencyKey))
        let pending = try ReceiptOutbox(directory: directory).snapshot().pending
        #expect(pending.map(\.id) == [receipt.idempotencyKey])
        #expect(pending.first?.receipt == receipt)
    }

    @Test("the directory is created 0700 and every file the outbox writes is 0600")
    func fileModes() throws {
        let scratch = try Scratch()
        let directory = scratch.file("nested/outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        try outbox.record(sampleReceipt(1))
        try outbox.record(sampleReceipt(2))
        _ = try outbox.flush { entry in
            entry.receipt?.messageId == "m-1" ? .delivered(attempts: 1, status: 200)
                : .permanentFailure(attempts: 1, status: 400, reason: "bad")
        }
        #expect(try mode(directory) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["dead-letters.jsonl", "journal", "journal.lock"], "the lease is gone once the flush ended")
        for name in names { #expect(try mode(directory + "/" + name) == 0o600, "\(name)") }
    }

    @Test("an outbox directory that does not exist is an error when creating is not allowed")
    func missingDirectory() throws {
        let scratch = try Scratch()
        #expect(throws: OutboxError.self) { try ReceiptOutbox(directory: scratch.file("none"), createIfMissing: false) }
    }

    @Test("a torn last record, cut at any byte, is skipped; the records before it are intact; the next append is clean")
    func tornLastRecord() throws {
        let scratch = try Scratch()
        let reference = scratch.file("reference")
        let outbox = try ReceiptOutbox(directory: reference)
        for index in 0..<3 { try outbox.record(sampleReceipt(index)) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: reference + "/journal"))
        let lastStart = try ReceiptOutbox(directory: reference).snapshot().journalBytes
            - OutboxFrameSize.receipt(sampleReceipt(2))
        for cut in lastStart..<whole.count {
            let directory = scratch.file("cut-\(cut)")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try whole.prefix(cut).write(to: URL(fileURLWithPath: directory + "/journal"))
            let log = DiagnosticLog()
            let torn = try ReceiptOutbox(directory: directory, diagnostics: log.handler)
            #expect(try torn.snapshot().pending.compactMap(\.receipt?.messageId) == ["m-0", "m-1"], "cut at \(cut)")
            try torn.record(sampleReceipt(9))
            let after = try torn.snapshot()
            #expect(after.pending.compactMap(\.receipt?.messageId) == ["m-0", "m-1", "m-9"], "cut at \(cut)")
            #expect(after.skippedBytes == 0, "the torn tail is cut off before the append (cut at \(cut))")
            #expect(log.codes == (cut == lastStart ? [] : [.outboxTornRecord]), "cut at \(cut)")
        }
    }

    @Test("a damaged record in the middle is skipped without hiding the records after it, and compaction drops it")
    func damagedMiddleRecord() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let log = DiagnosticLog()
        let outbox = try ReceiptOutbox(directory: directory, diagnostics: log.handler)
        for index in 0..<3 { try outbox.record(sampleReceipt(index)) }
        let path = directory + "/journal"
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let size = OutboxFrameSize.receipt(sampleReceipt(0))
        bytes[size + size / 2] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let snapshot = try outbox.snapshot()
        #expect(snapshot.pending.compactMap(\.receipt?.messageId) == ["m-0", "m-2"])
        #expect(snapshot.skippedBytes == size)
        let report = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(report.delivered.compactMap(\.messageId) == ["m-0", "m-2"])
        #expect(log.codes.contains(.outboxCorruptBytesDropped))
        #expect(try outbox.snapshot().skippedBytes == 0)
    }

    @Test("a journal that is all garbage reads as empty and is replaced by the next append")
    func garbageJournal() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("not a journal at all".utf8).write(to: URL(fileURLWithPath: directory + "/journal"))
        let outbox = try ReceiptOutbox(directory: directory)
        #expect(try outbox.snapshot().pending.isEmpty)
        try outbox.record(sampleReceipt(1))
        #expect(try outbox.snapshot().pending.count == 1)
        #expect(try outbox.snapshot().skippedBytes == 0)
    }
}

@Suite("ReceiptOutbox: once-only ledger")
struct OutboxLedgerTests {
    @Test("the same receipt recorded by two outboxes on one directory (the app and its extension) is kept once")
    func onceAcrossInstances() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let extensionSide = try ReceiptOutbox(directory: directory)
        let appSide = try ReceiptOutbox(directory: directory)
        let receipt = sampleReceipt(1)
        #expect(try extensionSide.append(receipt) == .appended(id: receipt.idempotencyKey))
        #expect(try appSide.append(receipt) == .alreadyRecorded(id: receipt.idempotencyKey))
        #expect(try appSide.snapshot().pending.count == 1)
    }

    @Test("a receipt already sent (and compacted away) is not recorded again")
    func onceAfterSend() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        try outbox.record(sampleReceipt(1))
        _ = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(try outbox.snapshot().pending.isEmpty)
        let again = try ReceiptOutbox(directory: directory).append(sampleReceipt(1))
        #expect(again == .alreadyRecorded(id: sampleReceipt(1).idempotencyKey))
        #expect(try ReceiptOutbox(directory: directory).snapshot().pending.isEmpty)
    }

    @Test("a different action, event, message or vendor is a different receipt; other properties are not")
    func onceOnlyIdentity() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        let base = Receipt(
            vendor: "appdna", kind: .opened, event: "push_tapped", properties: ["push_id": "p"], messageId: "p")
        var otherAction = base
        otherAction.action = "later"
        var otherProperties = base
        otherProperties.properties["extra"] = 1
        let variants = [
            base, otherAction, sampleReceipt(1, vendor: "appdna", event: "push_tapped"),
            Receipt(vendor: "appdna", kind: .delivered, event: "push_delivered", properties: [:], messageId: "p"),
            Receipt(vendor: "buzzkit", kind: .opened, event: "push_tapped", properties: [:], messageId: "p"),
        ]
        for receipt in variants { #expect(try outbox.append(receipt) == .appended(id: receipt.idempotencyKey)) }
        #expect(try outbox.append(otherProperties) == .alreadyRecorded(id: base.idempotencyKey))
        #expect(Set(variants.map(\.idempotencyKey)).count == variants.count)
    }

    @Test("the ledger keeps the most recent ids up to its capacity and forgets the oldest")
    func ledgerCapacity() throws {
        let scratch = try Scratch()
        let log = DiagnosticLog()
        let outbox = try ReceiptOutbox(
            directory: scratch.file("outbox"), limits: .init(ledgerCapacity: 3), diagnostics: log.handler)
        for index in 0..<5 { try outbox.record(sampleReceipt(index)) }
        _ = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(try outbox.snapshot().ledgerCount == 3)
        #expect(log.codes.contains(.outboxLedgerTrimmed))
        #expect(try outbox.append(sampleReceipt(4)) == .alreadyRecorded(id: sampleReceipt(4).idempotencyKey))
        #expect(try outbox.append(sampleReceipt(0)) == .appended(id: sampleReceipt(0).idempotencyKey))
    }

    @Test("a bridge recording into the outbox sends a receipt once even when a second bridge sees the same push")
    func bridgesShareTheLedger() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let userInfo = Payloads.payload("bridge", 1)
        let registry = BuiltInVendors.registry
        let first = NotificationBridge(registry: registry, sink: try ReceiptOutbox(directory: directory))
        let second = NotificationBridge(registry: registry, sink: try ReceiptOutbox(directory: directory))
        _ = first.handle(.arrive(.serviceExtension), userInfo: userInfo)
        _ = second.handle(.arrive(.serviceExtension), userInfo: userInfo)
        _ = second.handle(.open, userInfo: userInfo)
        let events = try ReceiptOutbox(directory: directory).snapshot().pending.compactMap(\.receipt?.event)
        #expect(events == ["$notification.delivered", "$notification.opened"])
    }
}

@Suite("ReceiptOutbox: flush")
struct OutboxFlushTests {
    @Test("a flush hands out pending receipts in the order recorded, marks them sent and compacts the journal")
    func flushInOrder() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        let receipts = (0..<6).map { sampleReceipt($0, vendor: ["buzzkit", "zixflow", "appdna"][$0 % 3]) }
        for receipt in receipts { try outbox.record(receipt) }
        let before = try outbox.snapshot().journalBytes
        var seen: [String] = []
        let report = try outbox.flush { entry in
            seen.append(entry.id)
            return .delivered(attempts: 1, status: 202)
        }
        #expect(seen == receipts.map(\.idempotencyKey))
        #expect(report.delivered.map(\.id) == seen)
        #expect(report.remaining == 0)
        let after = try outbox.snapshot()
        #expect(after.pending.isEmpty)
        #expect(after.journalBytes < before)
        let empty = try outbox.flush { _ in
            Issue.record("nothing is pending")
            return .delivered(attempts: 1, status: 200)
        }
        #expect(empty.delivered.isEmpty)
    }

    @Test("a receipt left for later keeps its place and holds back its vendor's later receipts, not other vendors'")
    func retryLaterKeepsOrder() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        let receipts = [
            sampleReceipt(0, vendor: "zixflow"), sampleReceipt(1, vendor: "buzzkit"),
            sampleReceipt(2, vendor: "zixflow"), sampleReceipt(3, vendor: "buzzkit"),
        ]
        for receipt in receipts { try outbox.record(receipt) }
        var seen: [String] = []
        let report = try outbox.flush { entry in
            seen.append(entry.receipt?.messageId ?? "")
            return entry.receipt?.vendor == "zixflow" ? .retryLater(attempts: 3, reason: "HTTP 503")
                : .delivered(attempts: 1, status: 200)
        }
        #expect(seen == ["m-0", "m-1", "m-3"])
        #expect(report.deferred.map(\.messageId) == ["m-0"])
        #expect(report.remaining == 2)
        #expect(try outbox.snapshot().pending.compactMap(\.receipt?.messageId) == ["m-0", "m-2"])
    }

    @Test("a permanent refusal becomes a visible dead letter with its reason and is never handed out again")
    func deadLetters() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        try outbox.record(sampleReceipt(1))
        try outbox.record(sampleReceipt(2))
        let report = try outbox.flush { entry in
            entry.receipt?.messageId == "m-1"
                ? .permanentFailure(attempts: 1, status: 422, reason: "HTTP 422: bad event")
                : .delivered(attempts: 1, status: 200)
        }
        #expect(report.deadLettered.map(\.messageId) == ["m-1"])
        #expect(report.diagnostics.map(\.diagnosticCode) == [.receiptDeadLettered])
        #expect(report.remaining == 0)
        let letters = try outbox.deadLetters()
        #expect(letters.map(\.receipt) == [sampleReceipt(1)])
        #expect(letters.first?.status == 422)
        #expect(letters.first?.reason == "HTTP 422: bad event")
        let text = try String(contentsOfFile: directory + "/dead-letters.jsonl", encoding: .utf8)
        #expect(text.contains("\"reason\":\"HTTP 422: bad event\""))
        #expect(try outbox.snapshot().deadLetterCount == 1)
        let again = try outbox.flush { _ in
            Issue.record("a dead letter was handed out again")
            return .delivered(attempts: 1, status: 200)
        }
        #expect(again.delivered.isEmpty && again.remaining == 0)
        #expect(try outbox.append(sampleReceipt(1)) == .alreadyRecorded(id: sampleReceipt(1).idempotencyKey))
    }

    @Test("when the dead-letter file is full the refused receipt stays pending, with a diagnostic")
    func deadLettersFull() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"), limits: .init(maxDeadLetterBytes: 10))
        try outbox.record(sampleReceipt(1))
        let report = try outbox.flush { _ in .permanentFailure(attempts: 1, status: 400, reason: "bad") }
        #expect(report.deadLettered.isEmpty)
        #expect(report.remaining == 1)
        #expect(report.diagnostics.map(\.diagnosticCode) == [.outboxDeadLettersFull])
        #expect(try outbox.deadLetters().isEmpty)
    }

    @Test("only one flush runs at a time: a second one returns at once, busy, sending nothing")
    func oneFlushAtATime() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let outbox = try ReceiptOutbox(directory: directory)
        try outbox.record(sampleReceipt(1))
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = try? outbox.flush { _ in
                entered.signal()
                _ = release.wait(timeout: .now() + 10)
                return .delivered(attempts: 1, status: 200)
            }
            done.signal()
        }
        #expect(entered.wait(timeout: .now() + 10) == .success)
        let second = try ReceiptOutbox(directory: directory).flush { _ in
            Issue.record("the second flush handed out a receipt")
            return .delivered(attempts: 1, status: 200)
        }
        release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(second.busy)
        #expect(second.remaining == 1)
        #expect(try outbox.snapshot().pending.isEmpty)
    }

    @Test("receipts recorded while a flush is sending are picked up by a further round of the same flush")
    func recordsDuringFlush() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        try outbox.record(sampleReceipt(1))
        var seen: [String] = []
        let report = try outbox.flush { entry in
            seen.append(entry.receipt?.messageId ?? "")
            if seen.count == 1 { try? outbox.record(sampleReceipt(2)) }
            return .delivered(attempts: 1, status: 200)
        }
        #expect(seen == ["m-1", "m-2"])
        #expect(report.remaining == 0)
    }

    @Test("a flush stops handing out receipts once its time budget is spent; the rest stay pending")
    func flushTimeBudget() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        for index in 0..<3 { try outbox.record(sampleReceipt(index)) }
        let report = try outbox.flush(options: OutboxFlushOptions(maxDuration: 0.05)) { _ in
            pause(0.1)
            return .delivered(attempts: 1, status: 200)
        }
        #expect(report.delivered.count == 1)
        #expect(report.remaining == 2)
        #expect(report.diagnostics.map(\.diagnosticCode) == [.outboxFlushTimeSpent])
    }
}

@Suite("ReceiptOutbox: a receipt that keeps failing cannot block the queue")
struct OutboxPoisonedReceiptTests {
    @Test("a receipt that failed in an earlier flush no longer holds back its vendor's later receipts")
    func failedBeforeHoldsNothingBack() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        let receipts = [
            sampleReceipt(0, vendor: "zixflow"), sampleReceipt(1, vendor: "zixflow"), sampleReceipt(2, vendor: "zixflow"),
            sampleReceipt(3, vendor: "buzzkit"),
        ]
        for receipt in receipts { try outbox.record(receipt) }
        let poisoned = receipts[0].idempotencyKey
        var seen: [String] = []
        var attemptsSeen: [Int] = []
        let deliver: (OutboxEntry) -> OutboxDeliveryOutcome = { entry in
            seen.append(entry.receipt?.messageId ?? "")
            if entry.id == poisoned { attemptsSeen.append(entry.attempts) }
            return entry.id == poisoned
                ? .retryLater(attempts: 5, reason: "HTTP 503") : .delivered(attempts: 1, status: 200)
        }
        let first = try outbox.flush(deliver: deliver)
        #expect(seen == ["m-0", "m-3"], "the first failure keeps the vendor's order")
        #expect(first.remaining == 3)
        seen = []
        let second = try outbox.flush(deliver: deliver)
        #expect(seen == ["m-0", "m-1", "m-2"], "a receipt that failed before holds nothing back")
        #expect(second.delivered.compactMap(\.messageId) == ["m-1", "m-2"])
        #expect(second.deferred.compactMap(\.messageId) == ["m-0"])
        #expect(second.remaining == 1)
        #expect(attemptsSeen == [0, 1], "the sender is told how many earlier flushes tried it")
    }

    @Test("after maxDeferrals flushes a receipt is dead-lettered with its last reason; counts survive compaction")
    func deadLetteredAfterDeferrals() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        let options = OutboxFlushOptions(maxDeferrals: 3)
        try ReceiptOutbox(directory: directory).record(sampleReceipt(0, vendor: "appdna"))
        for flush in 1...3 {
            // A fresh outbox each time (another launch); another receipt delivered each time makes a compaction.
            let outbox = try ReceiptOutbox(directory: directory)
            try outbox.record(sampleReceipt(flush, vendor: "zixflow"))
            #expect(try outbox.snapshot().pending.first?.attempts == flush - 1, "flush \(flush)")
            let report = try outbox.flush(options: options) { entry in
                entry.receipt?.messageId == "m-0"
                    ? .retryLater(attempts: 2, reason: "HTTP 503 (flush \(flush))") : .delivered(attempts: 1, status: 200)
            }
            #expect(report.delivered.compactMap(\.messageId) == ["m-\(flush)"])
            if flush < 3 {
                #expect(report.deferred.compactMap(\.messageId) == ["m-0"])
                #expect(report.remaining == 1)
            } else {
                #expect(report.deadLettered.compactMap(\.messageId) == ["m-0"])
                #expect(report.remaining == 0)
                let reason = report.deadLettered.first?.reason ?? ""
                #expect(reason.contains("3 flushes") && reason.contains("HTTP 503 (flush 3)"), "\(reason)")
            }
        }
        let letters = try ReceiptOutbox(directory: directory).deadLetters()
        #expect(letters.compactMap(\.receipt?.messageId) == ["m-0"])
        #expect(letters.first?.reason.contains("HTTP 503 (flush 3)") == true)
    }

    @Test("a receipt whose sender died on it every time is set aside without another attempt; others go on")
    func diedWhileSending() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // What 8 flushes that each died while sending m-0 leave: its receipt and an attempt count of 8; and
        // m-1, handed out once by a flush that died.
        var journal = CraftedJournal()
        journal.add(.receipt, sampleReceipt(0))
        journal.add(.receipt, sampleReceipt(1))
        journal.add(.receipt, sampleReceipt(2))
        journal.add(.attempted, sampleReceipt(0), body: Array("8".utf8))
        journal.add(.attempted, sampleReceipt(1), body: Array("1".utf8))
        try DamagedDisk.store(journal.bytes, at: directory + "/journal")
        let outbox = try ReceiptOutbox(directory: directory)
        var seen: [String] = []
        let report = try outbox.flush { entry in
            seen.append(entry.receipt?.messageId ?? "")
            return entry.receipt?.messageId == "m-1" ? .retryLater(attempts: 1, reason: "timeout")
                : .delivered(attempts: 1, status: 200)
        }
        #expect(seen == ["m-1", "m-2"], "m-0 is never handed out again; m-1, tried before, holds nothing back")
        #expect(report.deadLettered.compactMap(\.messageId) == ["m-0"])
        #expect(report.deadLettered.first?.reason?.contains("without another attempt") == true)
        #expect(report.delivered.compactMap(\.messageId) == ["m-2"])
        #expect(try outbox.snapshot().pending.map(\.attempts) == [2])
    }
}

@Suite("ReceiptOutbox: size limit")
struct OutboxLimitTests {
    @Test("a receipt that would pass the pending limit is refused with outbox-full; what was recorded is kept")
    func pendingLimit() throws {
        let scratch = try Scratch()
        let size = OutboxFrameSize.receipt(sampleReceipt(0))
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"), limits: .init(maxPendingBytes: size * 2))
        try outbox.record(sampleReceipt(0))
        try outbox.record(sampleReceipt(1))
        do {
            try outbox.append(sampleReceipt(2))
            Issue.record("the third receipt was accepted past the limit")
        } catch {
            #expect(error.code == DiagnosticCode.outboxFull.rawValue)
            #expect(error.message.contains("was not recorded"))
            #expect(error.diagnostic.severity == .error)
        }
        #expect(try outbox.snapshot().pending.compactMap(\.receipt?.messageId) == ["m-0", "m-1"])
        _ = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(try outbox.append(sampleReceipt(2)) == .appended(id: sampleReceipt(2).idempotencyKey))
    }

    @Test("the bridge reports a refused receipt as receipt-not-recorded, never silently")
    func bridgeReportsFullOutbox() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"), limits: .init(maxPendingBytes: 0))
        let bridge = NotificationBridge(registry: BuiltInVendors.registry, sink: outbox)
        let effects = bridge.handle(.open, userInfo: Payloads.payload("full", 1))
        let codes = effects.compactMap { effect -> DiagnosticCode? in
            if case .diagnostic(let diagnostic) = effect { return diagnostic.diagnosticCode }
            return nil
        }
        #expect(codes == [.receiptNotRecorded])
    }

    @Test("an append compacts the journal first once most of it is reclaimable, keeping every pending receipt")
    func compactionOnAppend() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // What a flush killed before its compaction leaves: 400 receipts, all but the first marked sent.
        var journal: [UInt8] = []
        for index in 0..<400 {
            let receipt = sampleReceipt(index)
            let body = JSONWriter.bytes(receipt.outboxJSON)
            journal += OutboxFrame.encode(.receipt, id: receipt.idempotencyKey, body: body)
        }
        for index in 1..<400 { journal += OutboxFrame.encode(.sent, id: sampleReceipt(index).idempotencyKey) }
        try Data(journal).write(to: URL(fileURLWithPath: directory + "/journal"))
        let outbox = try ReceiptOutbox(directory: directory)
        try outbox.record(sampleReceipt(400))
        let snapshot = try outbox.snapshot()
        #expect(snapshot.pending.compactMap(\.receipt?.messageId) == ["m-0", "m-400"])
        #expect(snapshot.ledgerCount == 399)
        #expect(snapshot.journalBytes < journal.count / 4)
        #expect(try outbox.append(sampleReceipt(7)) == .alreadyRecorded(id: sampleReceipt(7).idempotencyKey))
    }
}

/// Framed sizes, for tests that cut or damage records.
enum OutboxFrameSize {
    static func receipt(_ receipt: Receipt) -> Int {
        12 + 1 + 32 + JSONWriter.bytes(receipt.outboxJSON).count
    }
}
