
/// A notification as the notification-center callbacks hand it over (`UNNotification`), platform-neutral.
public struct DeliveredNotification: Sendable, Hashable {
    /// The request identifier.
    public var identifier: String
    /// The whole userInfo.
    public var userInfo: JSONObject
    /// `content.categoryIdentifier`, when the platform reports one.
    public var categoryIdentifier: String?

    /// Creates a notification.
    public init(identifier: String = "", userInfo: JSONObject, categoryIdentifier: String? = nil) {
        self.identifier = identifier
        self.userInfo = userInfo
        self.categoryIdentifier = categoryIdentifier
    }

    /// ``identifier`` when the platform gave one (the once-only identity of a push without a message id).
    public var requestIdentifier: String? { identifier.isEmpty ? nil : identifier }

    /// The category: ``categoryIdentifier`` when non-empty, else the userInfo's `aps.category`.
    public var effectiveCategory: String? {
        if let categoryIdentifier, !categoryIdentifier.isEmpty { return categoryIdentifier }
        guard let category = userInfo["aps"]?["category"]?.stringValue, !category.isEmpty else { return nil }
        return category
    }
}

/// A person's answer to a notification (`UNNotificationResponse`), platform-neutral.
public struct NotificationResponse: Sendable, Hashable {
    /// The notification answered.
    public var notification: DeliveredNotification
    /// `actionIdentifier`: the default or dismiss identifier, or a button's id.
    public var actionIdentifier: String
    /// The typed text of a text-input button (`UNTextInputNotificationResponse.userText`).
    public var userText: String?

    /// Creates a response.
    public init(notification: DeliveredNotification, actionIdentifier: String, userText: String? = nil) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
        self.userText = userText
    }

    /// The lifecycle step: `open`, `dismiss` or `open:<button id>`.
    public var step: LifecycleStep { LifecycleStep(actionIdentifier: actionIdentifier) }
}

/// How a notification is shown while the app is in the foreground (`UNNotificationPresentationOptions`).
///
/// The bit values are those of `UNNotificationPresentationOptions`, so the Apple glue converts by raw value
/// and an option with no name here (the deprecated `.alert`, 1 << 2) passes through unchanged.
public struct PresentationOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `.badge`.
    public static let badge = PresentationOptions(rawValue: 1 << 0)
    /// `.sound`.
    public static let sound = PresentationOptions(rawValue: 1 << 1)
    /// `.list`: kept in Notification Centre.
    public static let list = PresentationOptions(rawValue: 1 << 3)
    /// `.banner`.
    public static let banner = PresentationOptions(rawValue: 1 << 4)
    /// Shown as if the app were in the background: banner, list, sound and badge.
    public static let all: PresentationOptions = [.banner, .list, .sound, .badge]

    /// The named options and their names, in the order effect lines list them.
    public static let named: [(name: String, option: PresentationOptions)] = (0..<namedCount).map(named(at:))

    /// How many options have a name.
    private static let namedCount = 4

    /// The named option at `index` of ``named``: one switch, which the effect lines read without building the
    /// list (an array of tuples costs a start-up its metadata, built at run time).
    private static func named(at index: Int) -> (name: String, option: PresentationOptions) {
        switch index {
        case 0: ("banner", .banner)
        case 1: ("list", .list)
        case 2: ("sound", .sound)
        default: ("badge", .badge)
        }
    }

    /// The names of the options set (`banner`, `list`, `sound`, `badge`, in that order); an option with no name
    /// is not listed.
    public var names: [String] {
        var names: [String] = []
        for index in 0..<Self.namedCount {
            let named = Self.named(at: index)
            if contains(named.option) { names.append(named.name) }
        }
        return names
    }

    /// The options with these names; nil when one is not a name of ``named``.
    public init?(names: [String]) {
        var options: PresentationOptions = []
        for name in names {
            guard let index = (0..<Self.namedCount).first(where: { Self.named(at: $0).name == name }) else { return nil }
            options.insert(Self.named(at: index).option)
        }
        self = options
    }
}

/// The answer to `didReceiveRemoteNotification` (`UIBackgroundFetchResult`).
public enum BackgroundFetchResult: String, Sendable, Hashable {
    case newData
    case noData
    case failed

    /// Several handlers' answers as one: new data if any had some, else failed if any failed, else no data.
    public static func merge(_ results: [BackgroundFetchResult]) -> BackgroundFetchResult {
        if results.contains(.newData) { return .newData }
        return results.contains(.failed) ? .failed : .noData
    }
}

/// Another party that wants the notification-center callbacks: the app's own delegate, another SDK's.
///
/// Each method returns false when the receiver does not take that callback (it does not implement it);
/// its completion is then not awaited. A receiver that takes a callback calls its completion once, from
/// any thread; a second call is ignored.
public protocol NotificationCallbackReceiver {
    /// The name a `receiver-timed-out` diagnostic gives the receiver (default: its type's name).
    var receiverName: String { get }
    /// `userNotificationCenter(_:willPresent:withCompletionHandler:)`.
    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool
    /// `userNotificationCenter(_:didReceive:withCompletionHandler:)`.
    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool
    /// `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool
}

extension NotificationCallbackReceiver {
    /// The name a `receiver-timed-out` diagnostic gives the receiver (default: its type's name).
    public var receiverName: String { String(describing: Self.self) }

    public func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool { false }
    public func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        false
    }
    public func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool { false }
}

/// Where system completion handlers run: at once on the calling thread (``immediate``), or hopped to the
/// main thread by the Apple glue (UIKit asserts when a notification completion handler runs elsewhere).
public struct CompletionExecutor: Sendable {
    private let execute: @Sendable (@escaping @Sendable () -> Void) -> Void

    /// An executor that runs each completion through `execute`.
    public init(_ execute: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        self.execute = execute
    }

    /// Runs each completion at once, on the thread that finished last.
    public static let immediate = CompletionExecutor { $0() }

    /// Runs `work` as this executor does.
    public func run(_ work: @escaping @Sendable () -> Void) { execute(work) }
}

/// A completion handler that runs at most once, whoever calls it and from whichever thread.
public final class OnceOnlyCompletion<Value>: Sendable {
    private let handler: Locked<(@Sendable (Value) -> Void)?>

    /// Wraps `handler`.
    public init(_ handler: @escaping @Sendable (Value) -> Void) {
        self.handler = Locked(handler)
    }

    /// Runs the handler the first time; later calls do nothing. Returns whether this call ran it.
    @discardableResult
    public func callAsFunction(_ value: Value) -> Bool {
        let taken = handler.withLock { handler -> (@Sendable (Value) -> Void)? in
            defer { handler = nil }
            return handler
        }
        guard let taken else { return false }
        taken(value)
        return true
    }

    /// Whether the handler has run.
    public var hasCompleted: Bool { handler.withLock { $0 == nil } }
}

/// How long the coordinator waits for the other receivers of a callback before it completes without them
/// (another SDK or the app's delegate that never calls its completion handler), and the timer that waits.
///
/// The core has no clock of its own: ``none`` (the default) never gives up; `PushBridgeDelivery`'s
/// `ReceiverDeadline.dispatch(…)` waits on a dispatch queue (5 s for `willPresent` and `didReceive`, 25 s for a
/// background fetch, below the ~30 s iOS allows it). When the time is up the system completion runs with the
/// answers in so far, a `receiver-timed-out` warning names the receivers that did not answer, and their late
/// answers are ignored.
public struct ReceiverDeadline: Sendable {
    /// Seconds for `willPresent`.
    public var presentation: Double
    /// Seconds for `didReceive`.
    public var response: Double
    /// Seconds for `didReceiveRemoteNotification`.
    public var backgroundFetch: Double
    let schedule: (@Sendable (Double, @escaping @Sendable () -> Void) -> Void)?

    /// A deadline whose timer is `schedule` (it runs its closure once, that many seconds later, on any thread).
    public init(
        presentation: Double = 5, response: Double = 5, backgroundFetch: Double = 25,
        schedule: @escaping @Sendable (Double, @escaping @Sendable () -> Void) -> Void
    ) {
        self.presentation = presentation
        self.response = response
        self.backgroundFetch = backgroundFetch
        self.schedule = schedule
    }

    /// No deadline: the coordinator waits for every receiver however long it takes.
    public static let none = ReceiverDeadline(presentation: 0, response: 0, backgroundFetch: 0, schedule: nil)

    private init(
        presentation: Double, response: Double, backgroundFetch: Double,
        schedule: (@Sendable (Double, @escaping @Sendable () -> Void) -> Void)?
    ) {
        self.presentation = presentation
        self.response = response
        self.backgroundFetch = backgroundFetch
        self.schedule = schedule
    }
}

/// Waits for every receiver that took a callback, then calls the system completion once with their
/// answers combined; or, at ``expire()``, at once with the answers in so far.
final class AnswerGate<Answer: Sendable>: Sendable {
    private struct State {
        var pending = 1
        var answers: [Answer] = []
        var waitingFor: [Int: String] = [:]
        var nextSlot = 0
        var done = false
    }

    private let state = Locked(State())
    private let combine: @Sendable ([Answer]) -> Answer
    private let finish: OnceOnlyCompletion<Answer>

    init(combine: @escaping @Sendable ([Answer]) -> Answer, finish: OnceOnlyCompletion<Answer>) {
        self.combine = combine
        self.finish = finish
    }

    /// One receiver's once-only completion; `withdraw` it when the receiver does not take the callback.
    func slot(for name: String) -> (answer: @Sendable (Answer) -> Void, withdraw: @Sendable () -> Void) {
        let slot = state.withLock { state -> Int in
            state.pending += 1
            state.nextSlot += 1
            state.waitingFor[state.nextSlot] = name
            return state.nextSlot
        }
        let once = OnceOnlyCompletion<Answer?> { [self] answer in arrive(answer, slot: slot) }
        return ({ answer in once(answer) }, { once(nil) })
    }

    /// The coordinator is done handing the callback out.
    func release() { arrive(nil, slot: nil) }

    /// Completes now with the answers in so far; returns the names of the receivers still waited for (empty
    /// when the gate had already completed).
    @discardableResult
    func expire() -> [String] {
        let (answers, names): ([Answer]?, [String]) = state.withLock { state in
            guard !state.done else { return (nil, []) }
            state.done = true
            return (state.answers, state.waitingFor.sorted { $0.key < $1.key }.map(\.value))
        }
        guard let answers else { return [] }
        finish(combine(answers))
        return names
    }

    private func arrive(_ answer: Answer?, slot: Int?) {
        let done: [Answer]? = state.withLock { state in
            guard !state.done else { return nil }
            if let answer { state.answers.append(answer) }
            if let slot { state.waitingFor[slot] = nil }
            state.pending -= 1
            guard state.pending == 0 else { return nil }
            state.done = true
            return state.answers
        }
        if let done { finish(combine(done)) }
    }
}

/// The app's own choice of how a vendor's pushes are shown while the app is in the foreground (Zixflow's
/// `showPushAppInForeground`). ``NotificationCenterCoordinator`` shows a claimed push with ``perVendor`` when the
/// app set it for the push's vendor, else as the vendor decides (``VendorAdapter/foregroundPresentation(for:)``).
public struct ForegroundPresentation: Sendable, Hashable {
    /// What ``options(for:)`` answers for a vendor the app set nothing for (default: ``PresentationOptions/all``).
    /// The coordinator asks the vendor instead.
    public var defaultOptions: PresentationOptions
    /// Per-vendor settings, by vendor id: they win over the vendor's own decision.
    public var perVendor: [String: PresentationOptions]

    /// Creates a setting.
    public init(defaultOptions: PresentationOptions = .all, perVendor: [String: PresentationOptions] = [:]) {
        self.defaultOptions = defaultOptions
        self.perVendor = perVendor
    }

    /// The options for a vendor's push.
    public func options(for vendor: String) -> PresentationOptions { perVendor[vendor] ?? defaultOptions }

    /// Zixflow's `showPushAppInForeground(_:)`: show the vendor's pushes in the foreground, or not at all.
    public mutating func setShowsInForeground(_ shows: Bool, for vendor: String) {
        perVendor[vendor] = shows ? .all : []
    }
}

/// Delegate coexistence, platform-neutral: PushBridge takes the notification-center callbacks, handles
/// the pushes one of its adapters claims through the ``NotificationBridge``, and forwards every callback
/// to the app's own delegate and other SDKs' delegates. The system completion handler is called exactly
/// once per callback, whoever handles it.
///
/// - `willPresent`: a claimed push is handled as `arrive:foreground` and shown as the app set for its vendor
///   (``ForegroundPresentation``), else as the vendor decides (the receivers' answers are not waited for). A
///   push no adapter claims goes to the receivers untouched; the system gets the union of their answers once
///   all have answered (nothing, when none takes it).
/// - `didReceive`: a claimed push is handled as `open`, `open:<id>` or `dismiss` (with the typed text);
///   every receiver gets the callback; the system completion runs once all receivers have completed.
/// - `didReceiveRemoteNotification`: a claimed `content-available` push is handled as `arrive:background`;
///   the system gets the receivers' answers merged (``BackgroundFetchResult/merge(_:)``).
///
/// Steps before ``configure()`` wait in the bridge's buffer when the bridge starts unconfigured (a
/// cold-start tap): forwarding and the completion do not wait for it.
///
/// **A receiver that never answers** holds the system completion until the ``ReceiverDeadline``, when there is
/// one: then the completion runs with the answers in so far and a `receiver-timed-out` warning names it.
///
/// **The tap that launched the app.** The glue passes the response the launch options (or a scene's connection
/// options) name to ``noteLaunchResponse(_:actionKnown:)``. When it reaches ``didReceive(_:forwardingTo:completion:)`` (the
/// usual case), nothing more happens. When another delegate took it (one set during launch, before PushBridge
/// took the slot back), ``recoverLaunchResponse()`` handles it once, as PushBridge would have; the same
/// response arriving later still reaches the receivers but is not handled twice.
///
/// **Forwarding never loops.** A receiver that hands a `willPresent` or `didReceive` back to PushBridge
/// while PushBridge is still forwarding it (an SDK that wrapped PushBridge's delegate and calls "the
/// original delegate", at once or later from another queue) gets an immediate empty answer (no
/// presentation options) and nothing is handled or forwarded twice: a callback counts as being forwarded
/// until every receiver that took it has answered and the system completion has run.
/// Every system completion runs exactly once, through the ``CompletionExecutor`` (the main thread, in the
/// Apple glue).
public final class NotificationCenterCoordinator: Sendable {
    private struct State: Sendable {
        var presentation: ForegroundPresentation
        var onEffects: (@Sendable ([BridgeEffect]) -> Void)?
        /// Callbacks being forwarded now.
        var inFlight: Set<CallbackKey> = []
        /// The response that launched the app, until it is seen or recovered.
        var launch: LaunchResponse?
    }

    /// One center-delegate callback, as far as recognising it handed back goes.
    private struct CallbackKey: Hashable, Sendable {
        var identifier: String
        /// Empty for `willPresent`; the action identifier for `didReceive`.
        var action: String?
        var userInfo: JSONObject
    }

    /// The response that launched the app, and what became of it.
    private struct LaunchResponse: Sendable {
        var response: NotificationResponse
        /// Whether the launch options named the button (a scene's connection options do; `launchOptions` hold
        /// only the userInfo, so the tap is taken as the body's).
        var actionKnown: Bool
        /// Handled by ``recoverLaunchResponse()``: the same response arriving later is forwarded, not handled.
        var recovered = false

        func matches(_ other: NotificationResponse) -> Bool {
            let (mine, theirs) = (response.notification.identifier, other.notification.identifier)
            guard mine.isEmpty || theirs.isEmpty || mine == theirs else { return false }
            guard !actionKnown || response.actionIdentifier == other.actionIdentifier else { return false }
            return response.notification.userInfo == other.notification.userInfo
        }
    }

    /// The bridge that handles claimed pushes.
    public let bridge: NotificationBridge
    /// Where the system's completion handlers run.
    public let completionExecutor: CompletionExecutor
    /// How long other receivers may take to answer.
    public let receiverDeadline: ReceiverDeadline
    private let state: Locked<State>

    /// Creates a coordinator.
    ///
    /// - Parameters:
    ///   - bridge: handles the pushes a registered vendor claims.
    ///   - presentation: how a claimed push is shown while the app is in the foreground.
    ///   - completionExecutor: runs each system completion handler (the Apple glue passes the
    ///     main thread: UIKit asserts when a completion handler runs elsewhere).
    ///   - receiverDeadline: how long other receivers may take to call their completion (default: no limit).
    public init(
        bridge: NotificationBridge, presentation: ForegroundPresentation = ForegroundPresentation(),
        completionExecutor: CompletionExecutor = .immediate, receiverDeadline: ReceiverDeadline = .none
    ) {
        self.bridge = bridge
        self.completionExecutor = completionExecutor
        self.receiverDeadline = receiverDeadline
        state = Locked(State(presentation: presentation))
    }

    /// Per-vendor foreground presentation.
    public var presentation: ForegroundPresentation {
        get { state.withLock { $0.presentation } }
        set { state.withLock { $0.presentation = newValue } }
    }

    /// Called with the effects of every handled callback (and of ``configure()``), when not empty.
    public var onEffects: (@Sendable ([BridgeEffect]) -> Void)? {
        get { state.withLock { $0.onEffects } }
        set { state.withLock { $0.onEffects = newValue } }
    }

    /// The adapter `userInfo` belongs to (``VendorRegistry/claimant(of:)``), or nil when none does or two
    /// owners claim it.
    public func claimant(of userInfo: JSONObject) -> (any VendorAdapter)? {
        (try? bridge.registry.claimant(of: userInfo)) ?? nil
    }

    /// Marks the bridge configured and handles the buffered callbacks (cold-start taps) in order.
    @discardableResult
    public func configure() -> [BridgeEffect] {
        report(bridge.configure())
    }

    /// Remembers the response that launched the app (from the launch options or the scene's connection
    /// options), so ``recoverLaunchResponse()`` can handle it if it never reaches PushBridge's delegate.
    ///
    /// - Parameters:
    ///   - response: the response that launched the app.
    ///   - actionKnown: whether `response` names the button tapped (false when only the userInfo is known: it
    ///     is then handled as a tap on the body, and matched whatever button arrives).
    public func noteLaunchResponse(_ response: NotificationResponse, actionKnown: Bool) {
        state.withLock { $0.launch = LaunchResponse(response: response, actionKnown: actionKnown) }
    }

    /// Handles the response that launched the app, once, when it has not reached ``didReceive(_:forwardingTo:completion:)``
    /// (another delegate got it): its receipts, action and link as for a tap, and a `launch-response-recovered`
    /// note. Returns nothing when there was no such response or it was already handled.
    @discardableResult
    public func recoverLaunchResponse() -> [BridgeEffect] {
        let pending: NotificationResponse? = state.withLock { state in
            guard var launch = state.launch, !launch.recovered else { return nil }
            launch.recovered = true
            state.launch = launch
            return launch.response
        }
        guard let pending, let adapter = claimant(of: pending.notification.userInfo) else { return [] }
        var effects: [BridgeEffect] = [.diagnostic(Diagnostic(
            .info, code: .launchResponseRecovered,
            message: "the tap that launched the app (\(pending.step)) did not reach PushBridge's delegate; "
                + "PushBridge handled it from the launch options"))]
        effects += bridge.handle(
            pending.step, userInfo: pending.notification.userInfo, vendor: adapter.id, userText: pending.userText,
            requestIdentifier: pending.notification.requestIdentifier)
        return report(effects)
    }

    /// `willPresent`.
    @discardableResult
    public func willPresent(
        _ notification: DeliveredNotification, forwardingTo receivers: [any NotificationCallbackReceiver],
        completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> [BridgeEffect] {
        let key = CallbackKey(identifier: notification.identifier, action: nil, userInfo: notification.userInfo)
        let executor = completionExecutor
        guard enter(key) else {
            executor.run { completion([]) }
            return []
        }
        guard let adapter = claimant(of: notification.userInfo) else {
            let finish = OnceOnlyCompletion<PresentationOptions> { [self] options in
                leave(key)
                executor.run { completion(options) }
            }
            let gate = AnswerGate<PresentationOptions>(
                combine: { $0.reduce(into: []) { $0.formUnion($1) } }, finish: finish)
            forward(to: receivers, through: gate, callback: "willPresent", after: receiverDeadline.presentation) {
                $0.willPresent(notification, completion: $1)
            }
            return ambiguity(notification.userInfo)
        }
        let effects = bridge.handle(
            .arrive(.foreground), userInfo: notification.userInfo, vendor: adapter.id,
            requestIdentifier: notification.requestIdentifier)
        // The receivers' answers are not the system's, but the callback is in flight until they all answered.
        let answered = AnswerGate<PresentationOptions>(
            combine: { _ in [] }, finish: OnceOnlyCompletion { [self] _ in leave(key) })
        // The app's own setting for the vendor wins; else what the vendor decides for this push (the bridge's
        // `presentation` effect; a step kept in the buffer before `configure` has none yet: the adapter is asked).
        let decided = effects.lazy.compactMap { effect -> PresentationOptions? in
            if case .presentation(let options) = effect { return options }
            return nil
        }.first
        let options = presentation.perVendor[adapter.id] ?? decided
            ?? adapter.foregroundPresentation(for: adapter.decodeClaimed(notification.userInfo).payload)
        forward(to: receivers, through: answered, callback: "willPresent", after: receiverDeadline.presentation) {
            $0.willPresent(notification, completion: $1)
        }
        executor.run { completion(options) }
        return report(effects)
    }

    /// `didReceive` (a body tap, a button tap, a swipe-away).
    @discardableResult
    public func didReceive(
        _ response: NotificationResponse, forwardingTo receivers: [any NotificationCallbackReceiver],
        completion: @escaping @Sendable () -> Void
    ) -> [BridgeEffect] {
        let userInfo = response.notification.userInfo
        let key = CallbackKey(
            identifier: response.notification.identifier, action: response.actionIdentifier, userInfo: userInfo)
        let executor = completionExecutor
        guard enter(key) else {
            executor.run { completion() }
            return []
        }
        let finish = OnceOnlyCompletion<Void> { [self] _ in
            leave(key)
            executor.run { completion() }
        }
        var effects: [BridgeEffect] = []
        if let adapter = claimant(of: userInfo) {
            if !alreadyRecovered(response) {
                effects = bridge.handle(
                    response.step, userInfo: userInfo, vendor: adapter.id, userText: response.userText,
                    requestIdentifier: response.notification.requestIdentifier)
            }
        } else {
            effects = ambiguity(userInfo)
        }
        let gate = AnswerGate<Void>(combine: { _ in () }, finish: finish)
        forward(to: receivers, through: gate, callback: "didReceive", after: receiverDeadline.response) { receiver, answer in
            receiver.didReceive(response, completion: { answer(()) })
        }
        return report(effects)
    }

    /// `didReceiveRemoteNotification`.
    @discardableResult
    public func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, forwardingTo receivers: [any NotificationCallbackReceiver],
        completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> [BridgeEffect] {
        let executor = completionExecutor
        let finish = OnceOnlyCompletion<BackgroundFetchResult> { result in executor.run { completion(result) } }
        var effects: [BridgeEffect] = []
        if let adapter = claimant(of: notification.userInfo) {
            if adapter.decodeClaimed(notification.userInfo).payload.contentAvailable {
                effects = bridge.handle(.arrive(.background), userInfo: notification.userInfo, vendor: adapter.id)
            }
        } else {
            effects = ambiguity(notification.userInfo)
        }
        let gate = AnswerGate<BackgroundFetchResult>(combine: BackgroundFetchResult.merge, finish: finish)
        forward(
            to: receivers, through: gate, callback: "didReceiveRemoteNotification",
            after: receiverDeadline.backgroundFetch
        ) { $0.didReceiveRemoteNotification(notification, completion: $1) }
        return report(effects)
    }

    /// Reports a diagnostic to ``onEffects`` (what the Apple glue noticed, such as a replaced delegate).
    public func report(_ diagnostic: Diagnostic) {
        _ = report([.diagnostic(diagnostic)])
    }

    /// Hands one callback to every receiver through `gate`, releases it, and starts the deadline: when it
    /// passes before every receiver answered, the gate completes and the silent receivers are reported.
    private func forward<Answer: Sendable>(
        to receivers: [any NotificationCallbackReceiver], through gate: AnswerGate<Answer>, callback: String,
        after seconds: Double,
        _ call: (any NotificationCallbackReceiver, @escaping @Sendable (Answer) -> Void) -> Bool
    ) {
        for receiver in receivers {
            let slot = gate.slot(for: receiver.receiverName)
            if !call(receiver, slot.answer) { slot.withdraw() }
        }
        gate.release()
        guard let schedule = receiverDeadline.schedule, !receivers.isEmpty else { return }
        schedule(seconds) { [self] in
            let silent = gate.expire()
            guard !silent.isEmpty else { return }
            report(Diagnostic(
                .warning, code: .receiverTimedOut,
                message: "\(silent.joined(separator: ", ")) did not call the \(callback) completion handler within "
                    + "\(seconds) s; PushBridge completed the callback without \(silent.count == 1 ? "it" : "them")"))
        }
    }

    /// Whether `response` is the launch response ``recoverLaunchResponse()`` already handled (then it is only
    /// forwarded); a launch response arriving here before any recovery is marked seen.
    private func alreadyRecovered(_ response: NotificationResponse) -> Bool {
        state.withLock { state in
            guard let launch = state.launch, launch.matches(response) else { return false }
            state.launch = nil
            return launch.recovered
        }
    }

    /// Marks `key` as being forwarded; false when it already is (a receiver handed it back).
    private func enter(_ key: CallbackKey) -> Bool {
        state.withLock { $0.inFlight.insert(key).inserted }
    }

    /// `key` is no longer being forwarded.
    private func leave(_ key: CallbackKey) {
        state.withLock { _ = $0.inFlight.remove(key) }
    }

    /// A diagnostic when two owners claim the push (it is then left to the app), else nothing.
    private func ambiguity(_ userInfo: JSONObject) -> [BridgeEffect] {
        do throws(PushBridgeError) {
            _ = try bridge.registry.claimant(of: userInfo)
            return []
        } catch {
            return report([.diagnostic(Diagnostic(
                .warning, code: .ambiguousVendor, message: "\(error); the push is left to the app"))])
        }
    }

    private func report(_ effects: [BridgeEffect]) -> [BridgeEffect] {
        if !effects.isEmpty, let observer = onEffects { observer(effects) }
        return effects
    }
}
