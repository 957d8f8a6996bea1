import Dispatch
import PushBridge
import PushBridgeDelivery
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A transport that, while "sending", checks that the outbox can still record (its lock is free), then
/// accepts the receipt.
private final class LockProbingTransport: HTTPTransport, @unchecked Sendable {
    let outbox: ReceiptOutbox
    let probes = Recorder<Bool>()
    let urls = Recorder<String>()
    private let counter = Locked(0)

    init(outbox: ReceiptOutbox) { self.outbox = outbox }

    func send(url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double)
        -> Result<HTTPResponse, HTTPTransportFailure>
    {
        urls.append(url)
        let index = counter.withLock { value -> Int in
            value += 1
            return value
        }
        // Record from another thread with a bounded wait: a lock held across the send would time out here.
        let recorded = DispatchSemaphore(value: 0)
        let outbox = self.outbox
        DispatchQueue.global().async {
            _ = try? outbox.append(Receipt(
                vendor: "zixflow", kind: .opened, event: "Opened", properties: [:],
                messageId: "during-send-\(index)"))
            recorded.signal()
        }
        probes.append(recorded.wait(timeout: .now() + 5) == .success)
        return .success(HTTPResponse(status: 200))
    }
}

/// Background tasks that record what was begun and ended.
private final class RecordingBackgroundTasks: BackgroundTaskRunning {
    let events = Recorder<String>()
    private let next = Locked(0)

    func begin(name: String, expired: @escaping @Sendable () -> Void) -> Int {
        let token = next.withLock { value -> Int in
            value += 1
            return value
        }
        events.append("begin \(token)")
        return token
    }

    func end(_ token: Int) { events.append("end \(token)") }
}

@Suite("PushBridge setup: one configuration, the runtime, flushes in background tasks")
struct PushBridgeSetupTests {
    private func configuration() -> PushBridgeConfiguration {
        PushBridgeConfiguration(
            vendors: [ZixflowAdapter(), BuzzKitAdapter()], appGroup: "group.test",
            endpoints: ["zixflow": "http://127.0.0.1:9/zx", "buzzkit": "http://127.0.0.1:9/bk"])
    }

    @Test("the runtime records into the outbox in the shared directory; the app's bridge waits for configure")
    func runtimeRecordsIntoTheOutbox() throws {
        let scratch = try Scratch("setup")
        let runtime = PushBridgeRuntime(
            configuration: configuration(), directory: scratch.file("receipts"), transport: ScriptedTransport(
                [], clock: SimulatedClock()))
        #expect(runtime.diagnostics.isEmpty)
        let outbox = try #require(runtime.outbox)
        let extensionHandler = runtime.makeServiceExtensionHandler()
        let push = DeliveredNotification(
            identifier: "n1",
            userInfo: [
                "aps": ["alert": "Hi", "mutable-content": 1], "Zixflow-Delivery-ID": "zx-1",
                "Zixflow-Delivery-Token": "tok1",
            ])
        let plan = extensionHandler.receive(push)
        #expect(plan.vendor == "zixflow")
        #expect(try outbox.snapshot().pending.map { $0.receipt?.event } == ["Delivered"])

        let bridge = runtime.makeBridge(router: DeepLinkRouter(system: RecordingOpener()))
        let waiting = bridge.handle(.open, userInfo: push.userInfo)
        #expect(waiting.receipts.isEmpty)
        #expect(bridge.configure().receipts.map(\.event) == ["Opened"])
        #expect(try outbox.snapshot().pending.count == 2)
    }

    @Test("an outbox directory that cannot be used is reported, and receipts go to the sender instead")
    func unusableDirectory() throws {
        let scratch = try Scratch("setup")
        let file = try scratch.write("not-a-directory", "x")
        let runtime = PushBridgeRuntime(
            configuration: configuration(), directory: file, transport: ScriptedTransport([], clock: SimulatedClock()))
        #expect(runtime.outbox == nil)
        #expect(runtime.diagnostics.map(\.code) == ["outbox-unusable"])
        #expect(runtime.sink is HTTPReceiptSink)
        #expect(runtime.makeFlushScheduler(backgroundTasks: nil) == nil)
    }

    @Test("a flush runs in a background task, sends to each vendor's endpoint, and never holds the outbox lock")
    func flushInBackgroundTask() throws {
        let scratch = try Scratch("setup")
        let directory = scratch.file("receipts")
        let recorder = try ReceiptOutbox(directory: directory)
        try recorder.append(Receipt(vendor: "zixflow", kind: .delivered, event: "Delivered", properties: [:], messageId: "a"))
        try recorder.append(Receipt(vendor: "buzzkit", kind: .delivered, event: "$notification.delivered", properties: [:], messageId: "b"))
        let transport = LockProbingTransport(outbox: recorder)
        let runtime = PushBridgeRuntime(configuration: configuration(), directory: directory, transport: transport)
        let tasks = RecordingBackgroundTasks()
        let scheduler = try #require(runtime.makeFlushScheduler(backgroundTasks: tasks))
        let reports = Recorder<OutboxFlushReport>()
        let done = DispatchSemaphore(value: 0)
        scheduler.onReport = { report in
            reports.append(report)
            done.signal()
        }
        scheduler.flushSoon()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(tasks.events.all == ["begin 1", "end 1"])
        #expect(transport.probes.all.allSatisfy { $0 })
        #expect(transport.probes.count >= 2)
        #expect(transport.urls.all.prefix(2).map { $0.hasPrefix("http://127.0.0.1:9/zx/") || $0.hasPrefix("http://127.0.0.1:9/bk/") } == [true, true])
        #expect(reports.all.first?.delivered.count ?? 0 >= 2)
    }

    @Test("asking for a flush while one runs starts exactly one more after it, never two at once")
    func oneFlushAtATime() throws {
        let scratch = try Scratch("setup")
        let runtime = PushBridgeRuntime(
            configuration: configuration(), directory: scratch.file("receipts"),
            transport: ScriptedTransport([], clock: SimulatedClock()))
        let held = Locked<[@Sendable () -> Void]>([])
        let started = Recorder<Int>()
        let outbox = try #require(runtime.outbox)
        let scheduler = ReceiptFlushScheduler(
            flusher: OutboxFlusher(outbox: outbox, sink: runtime.sender),
            spawn: { work in
                started.append(1)
                held.withLock { $0.append(work) }
            })
        let reports = Recorder<Int>()
        scheduler.onReport = { _ in reports.append(1) }
        scheduler.flushSoon()
        scheduler.flushSoon()
        scheduler.flushSoon()
        #expect(started.count == 1)
        let work = held.withLock { $0.removeFirst() }
        work()
        #expect(reports.count == 2)
        scheduler.flushSoon()
        #expect(started.count == 2)
    }
}
