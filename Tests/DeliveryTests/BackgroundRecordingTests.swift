import Dispatch
import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A sink whose `record` waits until the test releases it (at most 10 s), as a locked file or a slow disk would.
private final class BlockingSink: ReceiptSink {
    private let gate = DispatchSemaphore(value: 0)
    let recorded = Recorder<Receipt>()

    func record(_ receipt: Receipt) {
        _ = gate.wait(timeout: .now() + 10)
        recorded.append(receipt)
    }

    func release(_ count: Int = 1) { for _ in 0..<count { gate.signal() } }
}

/// A Zixflow push the user taps: delivery id `id`.
private func zixflowTap(_ id: String) -> NotificationResponse {
    NotificationResponse(
        notification: DeliveredNotification(
            identifier: "req-\(id)",
            userInfo: ["aps": ["alert": "Hi"], "Zixflow-Delivery-ID": .string(id), "Zixflow-Delivery-Token": "tok"]),
        actionIdentifier: LifecycleStep.defaultActionIdentifier)
}

private func opened(_ id: String) -> Receipt {
    Receipt(vendor: "zixflow", kind: .opened, event: "Opened", properties: [:], messageId: id)
}

@Suite("Receipts off the main thread: the background recorder, the memory queue without an app group")
struct BackgroundRecordingTests {
    @Test("a tap returns before its receipt is recorded: the thread that handles it never waits for the sink")
    func tapDoesNotWaitForTheSink() {
        let blocking = BlockingSink()
        let recorder = BackgroundReceiptSink(blocking)
        let bridge = NotificationBridge(registry: VendorRegistry([ZixflowAdapter()]), sink: recorder)
        let coordinator = NotificationCenterCoordinator(bridge: bridge)
        let completed = Recorder<Int>()
        let effects = coordinator.didReceive(zixflowTap("zx-1"), forwardingTo: []) { completed.append(1) }
        #expect(effects.receipts.map(\.event) == ["Opened"])
        #expect(completed.count == 1, "the system completion ran")
        #expect(blocking.recorded.count == 0, "the sink is still busy with the receipt: the tap did not wait")
        blocking.release()
        #expect(recorder.waitUntilRecorded(timeout: 20))
        #expect(blocking.recorded.all.map(\.event) == ["Opened"])
    }

    @Test("the bridge's main-thread time per tap with a real outbox: decoding and queueing only")
    func mainThreadTimePerTap() throws {
        let scratch = try Scratch("main-thread")
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        // A journal with receipts in it already: an append on the tapping thread would read it whole each time.
        for index in 0..<400 { try outbox.append(opened("old-\(index)")) }
        let recorder = BackgroundReceiptSink(outbox)
        let bridge = NotificationBridge(registry: VendorRegistry([ZixflowAdapter()]), sink: recorder)
        let coordinator = NotificationCenterCoordinator(bridge: bridge)
        let taps = 200
        var perTap: [Double] = []
        for index in 0..<taps {
            perTap.append(processorSeconds {
                coordinator.didReceive(zixflowTap("zx-\(index)"), forwardingTo: []) {}
            })
        }
        let median = perTap.sorted()[taps / 2]
        print("main-thread CPU per tap: median \(Int(median * 1_000_000)) µs, max \(Int((perTap.max() ?? 0) * 1_000_000)) µs")
        #expect(median < (underThreadSanitizer ? 0.04 : 0.002), "median \(median) s per tap on the tapping thread")
        #expect(recorder.waitUntilRecorded(timeout: 60))
        #expect(try outbox.snapshot().pending.count == 400 + taps, "every receipt reached the outbox, in order")
        let recorded = try outbox.snapshot().pending.compactMap { $0.receipt?.messageId }.suffix(taps)
        #expect(Array(recorded) == (0..<taps).map { "zx-\($0)" })
    }

    @Test("a receipt the wrapped sink refuses is reported as receipt-not-recorded")
    func refusedReceiptReported() {
        struct Refusing: ReceiptSink {
            struct Full: Error {}
            func record(_ receipt: Receipt) throws { throw Full() }
        }
        let recorder = BackgroundReceiptSink(Refusing())
        let reported = Recorder<DiagnosticCode>()
        let kept = Recorder<Int>()
        recorder.onDiagnostic = { reported.append($0.diagnosticCode) }
        recorder.onRecorded = { kept.append(1) }
        recorder.record(opened("a"))
        #expect(recorder.waitUntilRecorded(timeout: 20))
        #expect(reported.all == [.receiptNotRecorded] && kept.count == 0)
    }

    @Test("without an app group receipts wait in memory; a flush sends them to a real server, a failed one waits")
    func memoryQueueAgainstAServer() throws {
        let scratch = try Scratch("memory-queue")
        let collector = try Collector(["--script", "500"], in: scratch)
        defer { collector.stop() }
        let sender = HTTPReceiptSink(
            registry: VendorRegistry([ZixflowAdapter()]),
            configuration: HTTPReceiptSink.Configuration(
                baseURL: "http://127.0.0.1:\(collector.port)", retry: RetryPolicy(maxAttempts: 1, baseDelay: 0.01),
                requestTimeout: 5))
        let queue = MemoryReceiptQueue(sender: sender)
        queue.record(opened("a"))
        queue.record(opened("b"))
        let first = queue.flush()
        #expect(first.delivered.isEmpty)
        #expect(first.deferred.map(\.messageId) == ["a"], "b is held back behind a, in order")
        #expect(first.remaining == 2 && queue.count == 2)
        let second = queue.flush()
        #expect(second.delivered.map(\.messageId) == ["a", "b"])
        #expect(second.remaining == 0 && queue.count == 0)
        let requests = try collector.requests()
        #expect(requests.count == 3)
        #expect(requests[0].idempotencyKey != nil && requests[0].idempotencyKey == requests[1].idempotencyKey,
                "the retry carries the same Idempotency-Key")
    }

    @Test("past its capacity the memory queue drops the oldest receipt with a receipt-queue-full warning")
    func memoryQueueCapacity() {
        let sender = HTTPReceiptSink(
            registry: VendorRegistry([ZixflowAdapter()]), configuration: .init(baseURL: "http://127.0.0.1:9"))
        let queue = MemoryReceiptQueue(sender: sender, capacity: 2)
        for id in ["a", "b", "c"] { queue.record(opened(id)) }
        #expect(queue.count == 2)
        let stop = FlushStopSignal()
        stop.requestStop()
        let report = queue.flush(options: OutboxFlushOptions(stop: stop))
        #expect(report.delivered.isEmpty && report.remaining == 2)
        #expect(report.diagnostics.map(\.diagnosticCode) == [.receiptQueueFull])
        #expect(report.diagnostics.first?.message.contains("'Opened'") == true)
    }

    @Test("a runtime without an app group: a tap is queued off the tapping thread and the scheduler sends it")
    func runtimeWithoutAppGroup() throws {
        let scratch = try Scratch("no-app-group")
        let collector = try Collector([], in: scratch)
        defer { collector.stop() }
        let configuration = PushBridgeConfiguration(
            vendors: [ZixflowAdapter()], endpoints: ["zixflow": "http://127.0.0.1:\(collector.port)"])
        let runtime = PushBridgeRuntime(configuration: configuration, directory: nil, transport: SocketHTTPTransport())
        let bridge = runtime.makeBridge(router: DeepLinkRouter(system: RecordingOpener()))
        _ = bridge.configure()
        let scheduler = runtime.makeFlushScheduler(backgroundTasks: nil)
        let done = DispatchSemaphore(value: 0)
        let reports = Recorder<OutboxFlushReport>()
        scheduler.onReport = { report in
            reports.append(report)
            if report.remaining == 0, !report.delivered.isEmpty { done.signal() }
        }
        runtime.recorder.onRecorded = { scheduler.flushSoon() }
        let coordinator = NotificationCenterCoordinator(bridge: bridge)
        coordinator.didReceive(zixflowTap("zx-9"), forwardingTo: []) {}
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(try collector.requests().count == 1)
        #expect(runtime.memoryQueue?.count == 0)
    }

    @Test("a flush asked to stop touches the journal no more: no compaction, the lock free, nothing lost")
    func stoppedFlushSkipsCompaction() throws {
        let scratch = try Scratch("stop")
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        for index in 0..<3 { try outbox.append(opened("s-\(index)")) }
        let journal = outbox.directory + "/" + ReceiptOutbox.FileName.journal
        let stop = FlushStopSignal()
        let report = try outbox.flush(options: OutboxFlushOptions(stop: stop)) { _ in
            stop.requestStop()
            return .delivered(attempts: 1, status: 200)
        }
        #expect(report.delivered.count == 1 && report.remaining == 2)
        let holds = { (text: String) in
            FileManager.default.contents(atPath: journal)?.range(of: Data(text.utf8)) != nil
        }
        #expect(holds("s-0"), "the sent receipt is still in the journal: it was not compacted")
        #expect(try outbox.snapshot().pending.count == 2)
        // The next flush compacts.
        let next = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(next.delivered.count == 2 && next.remaining == 0)
        #expect(!holds("s-0"))
    }
}
