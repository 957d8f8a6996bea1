import Dispatch
import PushBridge
import PushBridgeOutbox

/// What an app and its Notification Service Extension share: the vendors, where receipts go and how
/// pushes are shown in the foreground. Define it once (a file in both targets) and hand it to
/// `PushBridgeApp.start` in the app and to `PushBridgeNotificationService` in the extension.
public struct PushBridgeConfiguration: Sendable {
    /// The vendors whose pushes the app receives.
    public var registry: VendorRegistry
    /// The app group both processes share; the receipt outbox lives in its container (nil: receipts are
    /// sent at once and not kept when they cannot be).
    public var appGroup: String?
    /// Base URLs by vendor id for receipt requests; a vendor not listed uses its adapter's default, if any.
    public var endpoints: [String: String]
    /// The vendors' write keys.
    public var credentials: ReceiptCredentials
    /// How each vendor's pushes are shown while the app is in the foreground.
    public var presentation: ForegroundPresentation
    /// Seconds one flush may take (default 20, below the ~30 s iOS grants a background task).
    public var flushBudget: Double

    /// Creates a configuration.
    public init(
        vendors: [any VendorAdapter], appGroup: String? = nil, endpoints: [String: String] = [:],
        credentials: ReceiptCredentials = .none, presentation: ForegroundPresentation = ForegroundPresentation(),
        flushBudget: Double = 20
    ) {
        registry = VendorRegistry(vendors)
        self.appGroup = appGroup
        self.endpoints = endpoints
        self.credentials = credentials
        self.presentation = presentation
        self.flushBudget = max(1, flushBudget)
    }
}

/// Begins and ends work the system lets finish after the app leaves the foreground (on iOS,
/// `UIApplication.beginBackgroundTask`); tests use their own.
public protocol BackgroundTaskRunning: Sendable {
    /// Begins a task; `expired` runs when the system wants it ended. Returns a token for ``end(_:)``.
    func begin(name: String, expired: @escaping @Sendable () -> Void) -> Int
    /// Ends the task `token` names; ending one twice does nothing.
    func end(_ token: Int)
}

/// Runs ``OutboxFlusher`` flushes when the app asks (at launch, on each return to the foreground), one at
/// a time, each on its own thread inside a background task so it can finish if the app is sent to the
/// background.
///
/// No file lock is held while a receipt is sent: the journal is locked only while it is read or marked,
/// and one flush at a time is a lease, not a lock (iOS ends a suspended app that holds a file lock in a
/// shared container). When the system ends the background time, the flush hands out no further receipt
/// (``FlushStopSignal``); a flush cut short loses nothing: a receipt sent but not yet marked is sent again
/// by the next flush with the same `Idempotency-Key`.
public final class ReceiptFlushScheduler: Sendable {
    private struct State {
        var running = false
        var again = false
        var onReport: (@Sendable (OutboxFlushReport) -> Void)?
    }

    /// The outbox's flusher (nil when the scheduler sends a ``MemoryReceiptQueue``).
    public let flusher: OutboxFlusher?
    private let flushOnce: @Sendable (FlushStopSignal) -> OutboxFlushReport
    private let backgroundTasks: (any BackgroundTaskRunning)?
    private let spawn: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let state = Locked(State())

    /// A global dispatch queue: where flushes run unless told otherwise.
    public static let utilityQueue: @Sendable (@escaping @Sendable () -> Void) -> Void = {
        DispatchQueue.global(qos: .utility).async(execute: $0)
    }

    /// Creates a scheduler that drains an outbox.
    ///
    /// - Parameters:
    ///   - backgroundTasks: wraps each flush in a background task (nil: none).
    ///   - spawn: starts a flush off the calling thread (default: a global dispatch queue).
    public init(
        flusher: OutboxFlusher, backgroundTasks: (any BackgroundTaskRunning)? = nil,
        spawn: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = ReceiptFlushScheduler.utilityQueue
    ) {
        self.flusher = flusher
        flushOnce = { stop in
            var flusher = flusher
            flusher.options.stop = stop
            return flusher.flushReport()
        }
        self.backgroundTasks = backgroundTasks
        self.spawn = spawn
    }

    /// Creates a scheduler that sends the receipts a ``MemoryReceiptQueue`` holds (no app group).
    public init(
        memoryQueue: MemoryReceiptQueue, options: OutboxFlushOptions = OutboxFlushOptions(),
        backgroundTasks: (any BackgroundTaskRunning)? = nil,
        spawn: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void = ReceiptFlushScheduler.utilityQueue
    ) {
        flusher = nil
        flushOnce = { stop in
            var options = options
            options.stop = stop
            return memoryQueue.flush(options: options)
        }
        self.backgroundTasks = backgroundTasks
        self.spawn = spawn
    }

    /// Called with the report of every flush (or an error diagnostic in an empty report).
    public var onReport: (@Sendable (OutboxFlushReport) -> Void)? {
        get { state.withLock { $0.onReport } }
        set { state.withLock { $0.onReport = newValue } }
    }

    /// Starts a flush now, or one more right after the running one ends (receipts recorded meanwhile).
    public func flushSoon() {
        let start = state.withLock { state -> Bool in
            if state.running {
                state.again = true
                return false
            }
            state.running = true
            return true
        }
        guard start else { return }
        spawn { [self] in runFlushes() }
    }

    private func runFlushes() {
        while true {
            // When the system ends the background time, the flush hands out nothing more and the task is
            // ended from the expiration handler, as iOS requires; ending it twice does nothing.
            let stop = FlushStopSignal()
            let started = Locked<Int?>(nil)
            let token = backgroundTasks.map { tasks in
                tasks.begin(name: "PushBridge receipts") {
                    stop.requestStop()
                    if let token = started.withLock({ $0 }) { tasks.end(token) }
                }
            }
            started.withLock { $0 = token }
            let report = flushOnce(stop)
            if let token { backgroundTasks?.end(token) }
            let (observer, again) = state.withLock { state in
                defer {
                    state.running = state.again
                    state.again = false
                }
                return (state.onReport, state.again)
            }
            observer?(report)
            if !again { return }
        }
    }

}

/// The pieces one process runs PushBridge with, built from a ``PushBridgeConfiguration``: the receipt
/// outbox in the shared directory (or, without one, a ``MemoryReceiptQueue``), the HTTP sender, and what the app
/// and the extension make from them. `PushBridgeApp` (app) and `PushBridgeNotificationService` (extension)
/// build one each.
///
/// **Threads.** Nothing here sends a receipt on the thread that records it. The app's bridge records through
/// ``recorder`` (a serial background queue: a tap returns at once, the disk append and its flush happen
/// there); receipts go out only from a flush (``makeFlushScheduler(backgroundTasks:)``, ``flush(options:)``). The
/// extension's handler records into ``sink`` directly, on the extension's own thread, so the delivered receipt
/// is on disk before the content is handed back.
public final class PushBridgeRuntime: Sendable {
    /// The configuration.
    public let configuration: PushBridgeConfiguration
    /// Where receipts wait until a flush sends them.
    private enum Store: Sendable {
        case outbox(ReceiptOutbox)
        case memory(MemoryReceiptQueue)
    }

    private let store: Store
    /// Sends receipts over HTTP, as each vendor's adapter describes them (only ever from a flush).
    public let sender: HTTPReceiptSink
    /// The app's recorder: ``sink`` on a serial background queue.
    public let recorder: BackgroundReceiptSink
    /// What went wrong while starting (an outbox that could not be opened: receipts then wait in memory).
    public let diagnostics: [Diagnostic]

    /// Opens the outbox in `directory` (nil: none) and prepares the sender over `transport`.
    public init(configuration: PushBridgeConfiguration, directory: String?, transport: any HTTPTransport) {
        self.configuration = configuration
        var diagnostics: [Diagnostic] = []
        var outbox: ReceiptOutbox?
        if let directory {
            do throws(OutboxError) {
                outbox = try ReceiptOutbox(directory: directory)
            } catch {
                diagnostics.append(Diagnostic(
                    .error, code: error.code,
                    message: "\(error.message); receipts wait in memory and are lost if the app ends before they are sent"))
            }
        }
        self.diagnostics = diagnostics
        sender = HTTPReceiptSink(
            registry: configuration.registry,
            configuration: HTTPReceiptSink.Configuration(baseURLsByVendor: configuration.endpoints),
            credentials: configuration.credentials, transport: transport)
        store = outbox.map(Store.outbox) ?? .memory(MemoryReceiptQueue(sender: sender))
        switch store {
        case .outbox(let outbox): recorder = BackgroundReceiptSink(outbox)
        case .memory(let queue): recorder = BackgroundReceiptSink(queue)
        }
    }

    /// The outbox, when a directory was given and could be used.
    public var outbox: ReceiptOutbox? {
        if case .outbox(let outbox) = store { return outbox }
        return nil
    }

    /// Where receipts wait without an outbox (nil when there is one).
    public var memoryQueue: MemoryReceiptQueue? {
        if case .memory(let queue) = store { return queue }
        return nil
    }

    /// Where receipts are kept until a flush sends them: the outbox, else the memory queue. Recording into it
    /// never sends anything.
    public var sink: any ReceiptSink { recorder.wrapped }

    /// The app's bridge, recording through ``recorder``. It starts unconfigured, so a tap that launched the app
    /// waits in the buffer until the app calls `configure()` once its first screen exists.
    public func makeBridge(router: DeepLinkRouter) -> NotificationBridge {
        NotificationBridge(
            registry: configuration.registry, configuration: .init(startsConfigured: false), sink: recorder,
            router: router)
    }

    /// The app's flush scheduler: it drains the outbox, or the memory queue.
    public func makeFlushScheduler(backgroundTasks: (any BackgroundTaskRunning)?) -> ReceiptFlushScheduler {
        let options = OutboxFlushOptions(maxDuration: configuration.flushBudget)
        switch store {
        case .outbox(let outbox):
            return ReceiptFlushScheduler(
                flusher: OutboxFlusher(outbox: outbox, sink: sender, options: options), backgroundTasks: backgroundTasks)
        case .memory(let queue):
            return ReceiptFlushScheduler(memoryQueue: queue, options: options, backgroundTasks: backgroundTasks)
        }
    }

    /// Sends what waits (the outbox's receipts, or the memory queue's) on the calling thread, within
    /// `options` (the extension's few seconds, its stop signal).
    public func flush(options: OutboxFlushOptions) -> OutboxFlushReport {
        switch store {
        case .outbox(let outbox): OutboxFlusher(outbox: outbox, sink: sender, options: options).flushReport()
        case .memory(let queue): queue.flush(options: options)
        }
    }

    /// The Notification Service Extension's handler: it records into ``sink`` on the calling thread.
    public func makeServiceExtensionHandler() -> ServiceExtensionHandler {
        ServiceExtensionHandler(registry: configuration.registry, sink: sink)
    }
}
