import Dispatch
import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
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
        // The app's bridge records on the recorder's queue.
        #expect(runtime.recorder.waitUntilRecorded(timeout: 20))
        #expect(try outbox.snapshot().pending.count == 2)
    }

    @Test("an outbox directory that cannot be used is reported, and receipts wait in memory for a flush")
    func unusableDirectory() throws {
        let scratch = try Scratch("setup")
        let file = try scratch.write("not-a-directory", "x")
        let runtime = PushBridgeRuntime(
            configuration: configuration(), directory: file, transport: ScriptedTransport([], clock: SimulatedClock()))
        #expect(runtime.outbox == nil)
        #expect(runtime.diagnostics.map(\.diagnosticCode) == [.outboxUnusable])
        #expect(runtime.sink is MemoryReceiptQueue)
        #expect(runtime.memoryQueue != nil)
        #expect(runtime.makeFlushScheduler(backgroundTasks: nil).flusher == nil)
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
        let scheduler = runtime.makeFlushScheduler(backgroundTasks: tasks)
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

/// Background tasks whose time runs out as soon as the first receipt is being sent.
private final class ExpiringBackgroundTasks: BackgroundTaskRunning {
    let events = Recorder<String>()
    private let expiry = Locked<(@Sendable () -> Void)?>(nil)

    func begin(name: String, expired: @escaping @Sendable () -> Void) -> Int {
        expiry.withLock { $0 = expired }
        events.append("begin")
        return 7
    }

    private let ended = Locked<Set<Int>>([])

    func end(_ token: Int) {
        if ended.withLock({ $0.insert(token).inserted }) { events.append("end \(token)") }
    }

    /// The system says the time is up.
    func expire() { expiry.withLock { $0 }?() }
}

/// A transport that calls `during` while sending, then accepts.
private final class CallbackTransport: HTTPTransport, @unchecked Sendable {
    let during: @Sendable () -> Void
    init(during: @escaping @Sendable () -> Void) { self.during = during }

    func send(url: String, method: String, headers: [HTTPHeader], body: [UInt8], timeout: Double)
        -> Result<HTTPResponse, HTTPTransportFailure>
    {
        during()
        return .success(HTTPResponse(status: 200))
    }
}

@Suite("One flush at a time without a lock: the lease, the stop signal")
struct FlushLeaseTests {
    private static func receipt(_ index: Int) -> Receipt {
        Receipt(vendor: "zixflow", kind: .opened, event: "Opened", properties: [:], messageId: "lease-\(index)")
    }

    private static func outbox(_ scratch: Scratch, receipts: Int) throws -> ReceiptOutbox {
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        for index in 0..<receipts { try outbox.append(receipt(index)) }
        return outbox
    }

    @Test("while a receipt is being sent, no outbox file is locked (iOS ends a suspended app holding one)")
    func noLockDuringSend() throws {
        let scratch = try Scratch("lease")
        let outbox = try Self.outbox(scratch, receipts: 2)
        let lockedFiles = Recorder<String>()
        _ = try outbox.flush { _ in
            for name in (try? FileManager.default.contentsOfDirectory(atPath: outbox.directory)) ?? [] {
                let descriptor = open(outbox.path(name), O_RDONLY)
                guard descriptor >= 0 else { continue }
                if flock(descriptor, LOCK_EX | LOCK_NB) != 0 { lockedFiles.append(name) } else { flock(descriptor, LOCK_UN) }
                close(descriptor)
            }
            return .delivered(attempts: 1, status: 200)
        }
        #expect(lockedFiles.all.isEmpty, "locked during a send: \(lockedFiles.all)")
    }

    @Test("a live flush's lease makes another flush busy; an expired one or a dead process's does not")
    func leaseHoldsOnlyWhileAlive() throws {
        let scratch = try Scratch("lease")
        let outbox = try Self.outbox(scratch, receipts: 3)
        let leasePath = outbox.path(ReceiptOutbox.FileName.flushLease)
        let now = Int(Date().timeIntervalSince1970)
        // This very process, another flush, not expired: busy.
        try Data("\(getpid())-abc \(now + 100)\n".utf8).write(to: URL(fileURLWithPath: leasePath))
        let busy = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(busy.busy && busy.delivered.isEmpty && busy.remaining == 3)
        // Expired: taken over.
        try Data("\(getpid())-abc \(now - 1)\n".utf8).write(to: URL(fileURLWithPath: leasePath))
        var sent = try outbox.flush(options: OutboxFlushOptions(maxRounds: 1)) { entry in
            entry.receipt?.messageId == "lease-0" ? .delivered(attempts: 1, status: 200) : .retryLater(attempts: 1, reason: "later")
        }
        #expect(!sent.busy && sent.delivered.count == 1)
        // A process that has ended (a flush killed by the system): taken over at once.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        try Data("\(ended.processIdentifier)-def \(now + 100)\n".utf8).write(to: URL(fileURLWithPath: leasePath))
        sent = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(!sent.busy && sent.delivered.count == 2 && sent.remaining == 0)
        #expect(!FileManager.default.fileExists(atPath: leasePath), "the lease is given up at the end")
    }

    @Test("a garbled lease (a torn write) is as good as none")
    func garbledLease() throws {
        let scratch = try Scratch("lease")
        let outbox = try Self.outbox(scratch, receipts: 1)
        try Data("not a lease".utf8).write(to: URL(fileURLWithPath: outbox.path(ReceiptOutbox.FileName.flushLease)))
        let report = try outbox.flush { _ in .delivered(attempts: 1, status: 200) }
        #expect(!report.busy && report.delivered.count == 1)
    }

    @Test("a stop request hands out nothing more; what is left stays for the next flush")
    func stopSignal() throws {
        let scratch = try Scratch("lease")
        let outbox = try Self.outbox(scratch, receipts: 4)
        let stop = FlushStopSignal()
        let report = try outbox.flush(options: OutboxFlushOptions(stop: stop)) { _ in
            stop.requestStop()
            return .delivered(attempts: 1, status: 200)
        }
        #expect(report.delivered.count == 1 && report.remaining == 3)
        #expect(report.diagnostics.map(\.diagnosticCode).contains(.outboxFlushStopped))
        #expect(try outbox.flush { _ in .delivered(attempts: 1, status: 200) }.delivered.count == 3)
    }

    @Test("when the background time expires, the scheduled flush stops, ends its task, and loses nothing")
    func expiryStopsTheScheduledFlush() throws {
        let scratch = try Scratch("lease")
        let outbox = try Self.outbox(scratch, receipts: 5)
        let tasks = ExpiringBackgroundTasks()
        let sink = HTTPReceiptSink(
            registry: VendorRegistry([ZixflowAdapter()]),
            configuration: .init(baseURL: "http://127.0.0.1:9"), transport: CallbackTransport { tasks.expire() })
        let scheduler = ReceiptFlushScheduler(flusher: OutboxFlusher(outbox: outbox, sink: sink), backgroundTasks: tasks)
        let done = DispatchSemaphore(value: 0)
        let reports = Recorder<OutboxFlushReport>()
        scheduler.onReport = { report in
            reports.append(report)
            done.signal()
        }
        scheduler.flushSoon()
        #expect(done.wait(timeout: .now() + 20) == .success)
        #expect(reports.all.first?.delivered.count == 1)
        #expect(tasks.events.all == ["begin", "end 7"], "ended once, from the expiration handler")
        #expect(try outbox.snapshot().pending.count == 4)
    }
}
