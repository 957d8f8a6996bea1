import Foundation
import PushBridge
import PushBridgeOutbox
import PushBridgeTestSupport
import Testing

/// A damaged outbox seen through the real `bridge-cli` (and, for a flush, a real collector): what its
/// directory holds is not what the outbox wrote.
@Suite("A damaged outbox through bridge-cli: links and crafted journals")
struct DamagedOutboxProcessTests {
    @Test("a journal that links outside the outbox is never read, truncated or written by bridge-cli's flush or simulate")
    func journalLinkOutsideThroughCLI() throws {
        let setup = try DamagedOutboxSetup()
        try setup.replace("journal") { try DamagedDisk.link($0, to: setup.outside) }
        let flush = try BridgeCLI.run(
            ["flush", "--outbox", setup.directory, "--endpoint", "http://127.0.0.1:9"], in: setup.scratch)
        #expect(flush.status == 66, "\(flush)")
        #expect(flush.stdout.isEmpty && flush.stderr.contains("symbolic link"))
        let simulate = try BridgeCLI.run(
            ["simulate", "--outbox", setup.directory, "--steps", "open", "-"], in: setup.scratch,
            stdin: JSONWriter.string(.object(Payloads.payload("link", 1))))
        #expect(simulate.status == 1, "\(simulate)")
        #expect(simulate.stdoutJSON.map { $0["type"] } == ["diagnostic"], "no receipt line for a receipt not on disk")
        #expect(simulate.stdoutJSON.first?["code"] == .code(.receiptNotRecorded))
        #expect(try DamagedDisk.read(setup.outside) == setup.outsideBytes, "the linked file is untouched")
    }

    @Test("2 MiB of crafted overlapping headers: a real simulate records and a flush delivers within seconds")
    func craftedHeadersThroughProcesses() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try DamagedDisk.store(OutboxFrame.craftedOverlappingHeaders(count: 2 << 20), at: directory + "/journal")
        let batch = Batch(prefix: "crafted", index: 1, taps: 1)
        let started = monotonicNow()
        let simulate = try BridgeCLI.run(batch.arguments(outbox: directory), in: scratch, stdin: batch.input, timeout: 60)
        #expect(simulate.status == 0, "\(simulate)")
        #expect(batch.acknowledged(simulate) == batch.receipts)
        #expect(monotonicNow() - started < 20, "the quadratic scanner took minutes here")
        let report = try ReceiptOutbox(directory: directory).flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(report.delivered.map(\.id) == batch.receipts.map(\.idempotencyKey))
    }
}

@Suite("A damaged outbox: a receipt its sender dies on, with real processes")
struct PoisonedReceiptProcessTests {
    @Test("a flush killed while sending the same receipt 8 times sets it aside at the 9th and delivers the rest")
    func senderDiesOnOneReceipt() throws {
        let scratch = try Scratch()
        let limit = OutboxFlushOptions().maxDeferrals
        // The first `limit` requests hang (as a collector answer that crashed the sender would never end).
        let script = Array(repeating: "stall:30", count: limit).joined(separator: ",")
        let collector = try Collector(["--script", script], in: scratch)
        let outbox = scratch.file("outbox")
        let expected = try Batch.record(Batch.everyVendor("poison", taps: 1), outbox: outbox, in: scratch)
        let poisoned = expected[0].idempotencyKey
        for kill in 1...limit {
            let flush = try BridgeCLI.start(flushArguments(outbox, collector), in: scratch)
            let deadline = monotonicNow() + 15
            while try collector.requests().count < kill, monotonicNow() < deadline { pause(0.02) }
            flush.killHard()
            #expect(flush.wait().signaled, "flush \(kill) was killed while sending")
        }
        let requests = try collector.requests()
        #expect(requests.map(\.idempotencyKey) == Array(repeating: poisoned, count: limit),
                "each killed flush was sending the same receipt")
        #expect(try ReceiptOutbox(directory: outbox).snapshot().pending.first?.attempts == limit)

        let last = try BridgeCLI.run(flushArguments(outbox, collector), in: scratch)
        #expect(last.status == 0, "\(last)")
        let lines = last.stdoutJSON
        #expect(lines.filter { $0["type"] == "dead-letter" }.compactMap { $0["id"]?.stringValue } == [poisoned])
        #expect(lines.filter { $0["type"] == "delivered" }.compactMap { $0["id"]?.stringValue }
            == expected.dropFirst().map(\.idempotencyKey))
        #expect(try collector.requests().count == limit + expected.count - 1, "the poisoned receipt is not sent again")
        let letters = try ReceiptOutbox(directory: outbox).deadLetters()
        #expect(letters.map(\.id) == [poisoned])
        #expect(letters.first?.reason.contains("without another attempt") == true)
    }
}

#if os(Linux)
@Suite("A damaged outbox through bridge-cli: a full disk", .enabled(if: DamagedDisk.canMount, "needs root to mount a tmpfs"))
struct DamagedDiskProcessTests {
    @Test("a full disk through the CLI: simulate prints only what is on disk; flush exits 66 with truthful lines")
    func fullDiskCLI() throws {
        let scratch = try Scratch()
        let disk = try TestMount.smallDisk(kilobytes: 64, in: scratch)
        defer { disk.release() }
        let collector = try Collector([], in: scratch)
        let directory = disk.path + "/outbox"
        try Batch.record([Batch(prefix: "full", index: 1, taps: 30)], outbox: directory, in: scratch)
        disk.fill()
        let batch = Batch(prefix: "full", index: 2, taps: 30)
        let simulate = try BridgeCLI.run(batch.arguments(outbox: directory), in: scratch, stdin: batch.input)
        let printed = batch.acknowledged(simulate).map(\.idempotencyKey)
        let onDisk = try ReceiptOutbox(directory: directory).snapshot().pending.map(\.id)
        #expect(Set(printed).isSubset(of: onDisk), "every receipt line printed is on disk")
        #expect(simulate.status == (printed.count == batch.receipts.count ? 0 : 1), "\(simulate)")

        let flush = try BridgeCLI.run(flushArguments(directory, collector), in: scratch)
        let lines = flush.stdoutJSON
        let summary = lines.last
        #expect(summary?["type"] == "flush")
        let listed = lines.filter { $0["type"] == "delivered" || $0["type"] == "unmarked" }
            .compactMap { $0["id"]?.stringValue }
        let accepted = try collector.requests().filter(\.acknowledged).compactMap(\.idempotencyKey)
        #expect(listed == accepted, "every receipt the collector took is listed")
        let pendingNow = try ReceiptOutbox(directory: directory).snapshot().pending.count
        #expect(summary?["remaining"] == .int(pendingNow), "remaining is the true count")
        // Whatever marks fit in the journal's last page, its compaction needs a new file: the flush fails.
        #expect(summary?["error"] == .code(.outboxIO) && flush.status == 66, "\(flush)")
        #expect(flush.stderr.contains("No space left on device"))
    }
}
#endif
