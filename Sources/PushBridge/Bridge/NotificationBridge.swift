import PushBridgeSystem

/// The orchestrator: given a userInfo and a lifecycle step, it finds the adapter and produces the
/// effects in the tap order of docs/WIRE-FORMATS.md §7 — receipts, then the named action, then the deep
/// link — applying the buffer before `configure` (§5) and the once-only rules (§6.2, §7.6).
///
/// State (the buffer, the ledgers, the device token) sits behind one lock; handlers, the router
/// and sinks are called outside it, so they may call back into the bridge.
public final class NotificationBridge: Sendable {
    /// How the bridge starts.
    public struct Configuration: Sendable, Hashable {
        /// Steps kept before `configure` (default 8); later ones are dropped at once.
        public var bufferCapacity: Int
        /// Whether the bridge is configured from the start (default true). When false, app-process
        /// steps wait in the buffer until ``NotificationBridge/configure(onEffect:)``.
        public var startsConfigured: Bool
        /// The cached APNs device token (lowercase hex).
        public var deviceToken: String?
        /// How many recent receipts and opens the once-only ledgers remember (default 10,000).
        public var ledgerCapacity: Int
        /// Where the time of a step comes from (``ReceiptContext/time``; default the system clock).
        public var clock: StepClock
        /// Where the app is when the bridge starts (default ``AppState/background``; see
        /// ``NotificationBridge/appState``).
        public var appState: AppState
        /// The vendors whose receipts the bridge does not send (``NotificationBridge/receiptsOff``).
        public var receiptsOff: Set<String> = []

        /// Creates a configuration.
        // Not inlined: its caller passes the token and the vendor set as values, which this stores with a retain;
        // inlined, the optimizer copies them from the caller's memory through their metadata, which a start-up
        // builds at run time (`bridge-cli simulate`).
        @inline(never)
        public init(
            bufferCapacity: Int = 8, startsConfigured: Bool = true, deviceToken: String? = nil,
            ledgerCapacity: Int = 10_000, clock: StepClock = .system, appState: AppState = .background,
            receiptsOff: Set<String> = []
        ) {
            self.receiptsOff = receiptsOff
            self.clock = clock
            self.bufferCapacity = max(0, bufferCapacity)
            self.startsConfigured = startsConfigured
            self.deviceToken = deviceToken
            self.ledgerCapacity = max(1, ledgerCapacity)
            self.appState = appState
        }
    }

    /// One notification event waiting for `configure`.
    private struct Pending: Sendable {
        var step: LifecycleStep
        var userInfo: JSONObject
        var vendor: String?
        var userText: String?
        var requestIdentifier: String?
        /// `vendor`'s decoding of `userInfo` when the caller has it already
        /// (``handle(_:userInfo:decoded:vendor:userText:requestIdentifier:collecting:onEffect:)``).
        var decoded: PushPayload? = nil
        /// When the step happened (seconds since the Unix epoch), if the clock tells.
        var time: Int? = nil
        /// Where the app was when the step came (set when the step is admitted).
        var appState: AppState = .background
    }

    private struct State: Sendable {
        var configured: Bool
        var buffer: [Pending] = []
        var deviceToken: String?
        var appState: AppState
        var sentReceipts = BoundedSet()
        var handledOpens = BoundedSet()
        /// For each vendor whose ``VendorAdapter/ignoresRepeatedTap``, the identity of the message last tapped.
        var lastTapped: [String: String] = [:]
        var receiptsOff: Set<String>
    }

    /// The vendors the bridge knows.
    public let registry: VendorRegistry
    /// Where receipts go.
    public let sink: any ReceiptSink
    /// Routes deep links.
    public let router: DeepLinkRouter
    /// The app's named-action handlers.
    public let actions: ActionRegistry
    /// How the bridge was set up.
    public let configuration: Configuration

    /// The state, guarded by `mutex` (``PThreadMutex``: no `Locked<State>` to build metadata for when a simulation
    /// makes a bridge); read and written only through ``withState(_:)``.
    nonisolated(unsafe) private var lockedState: State
    private let mutex = PThreadMutex()

    /// Runs `body` with exclusive access to the state.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        mutex.withLock { body(&lockedState) }
    }

    /// Creates a bridge.
    public init(
        registry: VendorRegistry, configuration: Configuration = Configuration(),
        sink: any ReceiptSink = DiscardingReceiptSink(), router: DeepLinkRouter = DeepLinkRouter(),
        actions: ActionRegistry = ActionRegistry()
    ) {
        self.registry = registry
        self.configuration = configuration
        self.sink = sink
        self.router = router
        self.actions = actions
        var initial = State(
            configured: configuration.startsConfigured, deviceToken: configuration.deviceToken,
            appState: configuration.appState, receiptsOff: configuration.receiptsOff)
        initial.sentReceipts.capacity = configuration.ledgerCapacity
        initial.handledOpens.capacity = configuration.ledgerCapacity
        lockedState = initial
    }

    /// The cached APNs device token used when a payload carries none.
    public var deviceToken: String? {
        get { withState { $0.deviceToken } }
        set { withState { $0.deviceToken = newValue } }
    }

    /// Where the app is now: what the adapters read (``ReceiptContext/appState``) for each step as it comes. An
    /// `arrive:foreground` step makes it ``AppState/active`` for what follows; the host sets it otherwise (the
    /// app went to the background, or a tap launched it).
    public var appState: AppState {
        get { withState { $0.appState } }
        set { withState { $0.appState = newValue } }
    }

    /// The vendors whose receipts the bridge does not send: during a move, the old vendor's own SDK is still
    /// installed and reports its pushes itself, so PushBridge's receipts for it would count each push twice
    /// (docs/MIGRATION.md, the checklist of `bridge-cli migrate`). Its actions and links still run; each receipt
    /// left out is a `receipt-off` diagnostic effect. Set it at launch, before the first push.
    public var receiptsOff: Set<String> {
        get { withState { $0.receiptsOff } }
        set { withState { $0.receiptsOff = newValue } }
    }

    /// Whether `configure` has happened (or the bridge started configured).
    public var isConfigured: Bool { withState { $0.configured } }

    /// Marks the SDK configured and replays the buffered steps in order, returning their effects.
    ///
    /// - Parameter onEffect: called with each effect as it happens, in order (see
    ///   ``handle(_:userInfo:vendor:userText:requestIdentifier:onEffect:)``).
    public func configure(onEffect: (BridgeEffect) -> Void = { _ in }) -> [BridgeEffect] {
        let pending: [Pending] = withState { state in
            state.configured = true
            defer { state.buffer.removeAll() }
            return state.buffer
        }
        return pending.flatMap { process($0, onEffect: onEffect) }
    }

    /// Handles one step for one notification and returns what happened, in order.
    ///
    /// - Parameters:
    ///   - step: what happened to the notification.
    ///   - userInfo: the notification's whole APNs payload.
    ///   - vendor: the adapter to use; when nil, the one adapter that claims `userInfo`.
    ///   - userText: text typed into an input button, for a button tap.
    ///   - requestIdentifier: the platform's identifier of the notification request
    ///     (`UNNotificationRequest.identifier`): the once-only identity of a push whose payload has no message
    ///     id (docs/WIRE-FORMATS.md §11.3). With neither, nothing tells two such pushes apart: none is deduplicated.
    ///   - onEffect: called with each effect as it happens, in the order of the result: a receipt just before
    ///     the sink records it (a `receipt-not-recorded` diagnostic follows when it could not), an action after
    ///     its handler ran, a route after the router took it. For a caller that must show each effect at once
    ///     (a command line printing as it goes), not only when the step is over.
    public func handle(
        _ step: LifecycleStep, userInfo: JSONObject, vendor: String? = nil, userText: String? = nil,
        requestIdentifier: String? = nil, onEffect: (BridgeEffect) -> Void = { _ in }
    ) -> [BridgeEffect] {
        if step == .configure { return configure(onEffect: onEffect) }
        return admit(Pending(
            step: step, userInfo: userInfo, vendor: vendor, userText: userText, requestIdentifier: requestIdentifier),
            onEffect: onEffect)
    }

    /// ``handle(_:userInfo:vendor:userText:requestIdentifier:onEffect:)`` for a push the caller has already
    /// decoded: `decoded` is `vendor`'s ``VendorAdapter/decodeClaimed(_:)`` of `userInfo`, read instead of
    /// decoding `userInfo` again (`bridge-cli preview` runs several taps on one decoding). With `collecting` false
    /// the step's effects go to `onEffect` only and the result is empty (but for a `configure` or a dropped step):
    /// a caller that prints them as they come builds no array of effects.
    package func handle(
        _ step: LifecycleStep, userInfo: JSONObject, decoded: PushPayload, vendor: String, userText: String? = nil,
        requestIdentifier: String? = nil, collecting: Bool = true, onEffect: (BridgeEffect) -> Void = { _ in }
    ) -> [BridgeEffect] {
        if step == .configure { return configure(onEffect: onEffect) }
        return admit(Pending(
            step: step, userInfo: userInfo, vendor: vendor, userText: userText, requestIdentifier: requestIdentifier,
            decoded: decoded), collecting: collecting, onEffect: onEffect)
    }

    /// Processes `pending` now, or keeps it until `configure` (a full buffer drops it).
    private func admit(
        _ pending: Pending, collecting: Bool = true, onEffect: (BridgeEffect) -> Void
    ) -> [BridgeEffect] {
        var pending = pending
        pending.time = configuration.clock.now
        let step = pending.step
        if step != .arrive(.serviceExtension) {
            enum Admission { case now, buffered, dropped }
            let admission: Admission = withState { state in
                // The app state is a fact of the moment the step came, kept with it through the buffer.
                if step == .arrive(.foreground) { state.appState = .active }
                pending.appState = state.appState
                if state.configured { return .now }
                guard state.buffer.count < configuration.bufferCapacity else { return .dropped }
                state.buffer.append(pending)
                return .buffered
            }
            switch admission {
            case .now: break
            case .buffered: return []
            case .dropped:
                let dropped = BridgeEffect.dropped(step: step, reason: "buffer full")
                onEffect(dropped)
                return [dropped]
            }
        }
        return process(pending, collecting: collecting, onEffect: onEffect)
    }

    /// Runs `pending`'s step; its effects go to `onEffect` and, when `collecting`, into the result.
    private func process(
        _ pending: Pending, collecting: Bool = true, onEffect: (BridgeEffect) -> Void
    ) -> [BridgeEffect] {
        var effects: [BridgeEffect] = []
        func emit(_ effect: BridgeEffect) {
            if collecting { effects.append(effect) }
            onEffect(effect)
        }
        let step = pending.step
        let adapter: any VendorAdapter
        do throws(PushBridgeError) {
            adapter = try registry.resolve(pending.userInfo, vendor: pending.vendor)
        } catch {
            emit(.diagnostic(Diagnostic(.info, code: .notClaimed, message: "\(error); the push is left to the app")))
            return effects
        }
        if step == .launch { return [] }
        // A step iOS never produces for this push (no mutable-content for the extension, no content-available for a
        // background wake) records nothing: an app's bridge never sends a receipt for it (docs/WIRE-FORMATS.md §5).
        if let unmet = step.unmetPrecondition(in: pending.userInfo),
           !(step == .arrive(.background) && adapter.takesForwardedArrivals) {
            emit(.diagnostic(Diagnostic(.warning, code: .iosNeverRunsStep, path: unmet.path, message: unmet.message)))
            return effects
        }
        let payload = pending.decoded ?? adapter.decodeClaimed(pending.userInfo).payload
        let context = ReceiptContext(
            deviceToken: deviceToken, userText: pending.userText, time: pending.time, userInfo: pending.userInfo,
            appState: pending.appState)
        if step == .arrive(.foreground) {
            emit(.presentation(adapter.foregroundPresentation(for: payload)))
        }
        // A push whose payload has no message id is told apart by the platform's request identifier (R3).
        let requestIdentifier = payload.messageId == nil ? pending.requestIdentifier : nil
        func send(_ receipt: Receipt) {
            var receipt = receipt
            if receipt.messageId == nil, receipt.requestIdentifier == nil { receipt.requestIdentifier = requestIdentifier }
            self.send(receipt, emit: emit)
        }

        let oncePerMessage = adapter.handlesMessageOnce(at: step)
        if step.isOpen, adapter.ignoresRepeatedTap, let identity = payload.messageId ?? requestIdentifier {
            // Only the last tapped message is remembered: a tap on it again runs nothing, one on another runs.
            let identity = Receipt.key([payload.messageId == nil ? "request-identifier" : "message-id", identity])
            let isRepeat = withState { state in
                defer { state.lastTapped[adapter.id] = identity }
                return state.lastTapped[adapter.id] == identity
            }
            if isRepeat { return [] }
        } else if step.isOpen || oncePerMessage, let identity = payload.messageId ?? requestIdentifier {
            // A vendor that handles each message once keys every sighting alike; otherwise each tap step once.
            // Message ids and request identifiers are separate namespaces: no message id can spell another
            // push's request identifier (docs/WIRE-FORMATS.md §6.2).
            let seen = oncePerMessage ? "message" : step.description
            let namespace = payload.messageId == nil ? "request-identifier" : "message-id"
            let key = Receipt.key([adapter.id, namespace, identity, seen])
            let isFirst = withState { $0.handledOpens.insert(key) }
            if !isFirst { return effects }
        }

        let receipts = adapter.receipts(for: step, payload: payload, context: context)
        let runsPlan = step.isOpen || adapter.runsTapPlan(onArrival: step)
        let plan = runsPlan ? adapter.tapPlan(for: step, payload: payload, context: context) : nil
        if plan?.receiptOrder != .afterLink {
            for receipt in receipts { send(receipt) }
        }
        guard let plan else { return effects }

        var actionHandled = false
        if let action = plan.action {
            actionHandled = actions.run(action)
            emit(.action(name: action.name, handled: actionHandled, data: action.data))
            if !actionHandled, plan.warnsWhenActionUnhandled {
                emit(.diagnostic(Diagnostic(
                    .warning, code: .actionUnhandled, message: "no handler is registered for action '\(action.name)'")))
            }
            if let receipt = adapter.actionReceipt(for: action, handled: actionHandled, payload: payload) {
                send(receipt)
            }
        }
        if let link = plan.deepLink, !link.isEmpty, plan.linkRule == .afterAction || !actionHandled {
            let outcome = router.route(link, gate: plan.linkGate)
            emit(.route(url: outcome.url, via: outcome.via))
            if let diagnostic = outcome.diagnostic { emit(.diagnostic(diagnostic)) }
            if outcome.via != .rejected, let receipt = adapter.routeReceipt(url: outcome.url, via: outcome.via, payload: payload) {
                send(receipt)
            }
        }
        if plan.receiptOrder == .afterLink {
            for receipt in receipts { send(receipt) }
        }
        return effects
    }

    /// Sends a receipt unless the once-only ledger has seen it. A receipt with neither a message id nor a
    /// request identifier is never deduplicated (nothing tells two pushes apart); one the sink could not
    /// record is forgotten by the ledger, so a later identical step tries again.
    private func send(_ receipt: Receipt, emit: (BridgeEffect) -> Void) {
        if withState({ $0.receiptsOff.contains(receipt.vendor) }) {
            emit(.diagnostic(Diagnostic(
                .info, code: .receiptOff,
                message: "receipt '\(receipt.event)' not sent: \(receipt.vendor)'s receipts are off (its own SDK reports them)")))
            return
        }
        let key = receipt.onceOnlyKey
        let isFirst = receipt.messageIdentity == nil || withState { $0.sentReceipts.insert(key) }
        guard isFirst else { return }
        emit(.receipt(receipt))
        do {
            try sink.record(receipt)
        } catch {
            withState { $0.sentReceipts.remove(key) }
            emit(.diagnostic(Diagnostic(
                .error, code: .receiptNotRecorded, message: "receipt '\(receipt.event)' could not be recorded: \(error)")))
        }
    }
}

/// Where a bridge takes the time of a step from: the moment a tap or an arrival happened, which vendors whose SDKs
/// stamp their events send with the receipt (Iterable's `createdAt`, Klaviyo's `time`).
public enum StepClock: Sendable, Hashable {
    /// The system's clock.
    case system
    /// Always this time, in seconds since the Unix epoch (simulations and tests).
    case fixed(Int)
    /// No time: receipts carry none.
    case none

    /// The time now by this clock, in seconds since the Unix epoch.
    public var now: Int? {
        switch self {
        case .system: Int(PushBridgeSystem.time(nil))
        case .fixed(let seconds): seconds
        case .none: nil
        }
    }
}

/// The identifier of a notification request where no platform gives one (`bridge-cli simulate`, the
/// conformance runner).
public enum NotificationRequestIdentifier {
    /// The ``IdentityHash`` of `userInfo`'s canonical JSON (the first 128 bits of SHA-256, as 32 lowercase hex
    /// digits): the same push always gets the same identifier, and two pushes with one identifier cannot be
    /// found by search (not FNV-1a 64; docs/WIRE-FORMATS.md §6.2, §11.3).
    public static func derived(from userInfo: JSONObject) -> String {
        IdentityHash.hex(JSONWriter.bytes(.object(userInfo)))
    }
}

/// A set that remembers at most `capacity` recent members (the oldest are forgotten first).
struct BoundedSet: Sendable {
    var capacity = 10_000
    /// The members while there are at most ``fewLimit``: a search of a short array costs less than hashing each key
    /// (a simulation, or an app's first pushes, sees a handful); past that they move to `members`.
    private var few: [String] = []
    private var members = Set<String>()
    private var isLarge = false
    private var order: [String] = []
    private var head = 0
    private static let fewLimit = 16

    private var count: Int { isLarge ? members.count : few.count }

    /// Forgets `member` (its slot in the eviction order expires harmlessly).
    mutating func remove(_ member: String) {
        if isLarge {
            members.remove(member)
        } else if let index = few.firstIndex(of: member) {
            few.remove(at: index)
        }
    }

    /// Inserts `member`; returns false when it was already there.
    mutating func insert(_ member: String) -> Bool {
        if isLarge {
            guard members.insert(member).inserted else { return false }
        } else {
            guard !few.contains(member) else { return false }
            if few.count < Self.fewLimit {
                few.append(member)
            } else {
                members = Set(few)
                members.insert(member)
                few = []
                isLarge = true
            }
        }
        order.append(member)
        if count > capacity {
            remove(order[head])
            head += 1
            if head > capacity {
                order.removeFirst(head)
                head = 0
            }
        }
        return true
    }
}
