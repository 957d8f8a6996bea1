import PushBridge
import PushBridgeTestSupport
import Testing

/// A delegate standing in for the app's own or another SDK's: it records every callback and answers the
/// way it is told.
final class FakeCenterDelegate: NotificationCallbackReceiver, Sendable {
    enum Answer: Sendable {
        /// Does not implement the callback.
        case declines
        /// Completes at once.
        case now
        /// Completes when the test calls ``release()``.
        case later
        /// Completes twice at once (a buggy SDK).
        case twice
    }

    let answer: Answer
    let options: PresentationOptions
    let fetch: BackgroundFetchResult
    let presented = Recorder<DeliveredNotification>()
    let responses = Recorder<NotificationResponse>()
    let remote = Recorder<DeliveredNotification>()
    private let pending = Locked<[@Sendable () -> Void]>([])

    init(_ answer: Answer = .now, options: PresentationOptions = [], fetch: BackgroundFetchResult = .noData) {
        self.answer = answer
        self.options = options
        self.fetch = fetch
    }

    /// Completes every callback held back.
    func release() {
        let held = pending.withLock { held in
            defer { held.removeAll() }
            return held
        }
        for complete in held { complete() }
    }

    private func respond(_ complete: @escaping @Sendable () -> Void) -> Bool {
        switch answer {
        case .declines: return false
        case .now: complete()
        case .twice:
            complete()
            complete()
        case .later: pending.withLock { $0.append(complete) }
        }
        return true
    }

    /// Answers `completion` with `value`, the way ``answer`` says.
    private func respond<Value: Sendable>(_ value: Value, to completion: @escaping @Sendable (Value) -> Void) -> Bool {
        respond { completion(value) }
    }

    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool {
        presented.append(notification)
        return respond(options, to: completion)
    }

    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        responses.append(response)
        return respond(completion)
    }

    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool {
        remote.append(notification)
        return respond(fetch, to: completion)
    }
}

/// A coordinator over a fake vendor whose taps route `app://deal`, with an in-memory sink.
private struct CenterRig {
    let sink = InMemoryReceiptSink()
    let system = RecordingOpener()
    let coordinator: NotificationCenterCoordinator

    init(startsConfigured: Bool = true, vendors: [any VendorAdapter]? = nil) {
        let vendor = FakeAdapter.integration(tapPlan: { step, _, _ in
            step.isOpen ? TapPlan(deepLink: "app://deal") : .nothing
        })
        let bridge = NotificationBridge(
            registry: VendorRegistry(vendors ?? [vendor]),
            configuration: .init(startsConfigured: startsConfigured, deviceToken: "cafe"), sink: sink,
            router: DeepLinkRouter(system: system))
        coordinator = NotificationCenterCoordinator(bridge: bridge)
    }

    /// Hands `response` to the coordinator, forwarding to `delegates`: its effects, and a count of the system
    /// completion's calls that goes on counting after this returns.
    @discardableResult
    func didReceive(
        _ response: NotificationResponse, forwardingTo delegates: [any NotificationCallbackReceiver]
    ) -> (effects: [BridgeEffect], completions: Recorder<Int>) {
        let completions = Recorder<Int>()
        let effects = coordinator.didReceive(response, forwardingTo: delegates) { completions.append(1) }
        return (effects, completions)
    }
}

private let claimed = DeliveredNotification(
    identifier: "r1", userInfo: ["fake_id": "m1", "aps": ["alert": "Deal", "content-available": 1]])
private let unclaimed = DeliveredNotification(identifier: "r2", userInfo: ["aps": ["alert": "From the app"], "x": 1])

private func bodyTap(
    _ notification: DeliveredNotification, _ id: String = LifecycleStep.defaultActionIdentifier
) -> NotificationResponse {
    NotificationResponse(notification: notification, actionIdentifier: id)
}

@Suite("NotificationCenterCoordinator: delegate coexistence")
struct NotificationCenterCoordinatorTests {
    @Test("willPresent, claimed push: delivered receipt, each delegate once, the vendor's options told the system once")
    func willPresentClaimed() {
        let rig = CenterRig()
        let app = FakeCenterDelegate(options: [.sound])
        let sdk = FakeCenterDelegate(.later, options: [.badge])
        let calls = Recorder<PresentationOptions>()
        let effects = rig.coordinator.willPresent(claimed, forwardingTo: [app, sdk]) { calls.append($0) }
        #expect(effects.receipts.map(\.event) == ["fake.delivered"])
        #expect(app.presented.all == [claimed])
        #expect(sdk.presented.all == [claimed])
        #expect(calls.all == [.all])
        sdk.release()
        #expect(calls.all == [.all])
    }

    @Test("foreground presentation is configurable per vendor (showPushAppInForeground)")
    func perVendorPresentation() {
        let rig = CenterRig()
        var presentation = ForegroundPresentation()
        presentation.setShowsInForeground(false, for: "fake")
        rig.coordinator.presentation = presentation
        let calls = Recorder<PresentationOptions>()
        rig.coordinator.willPresent(claimed, forwardingTo: []) { calls.append($0) }
        #expect(calls.all == [[]])
        rig.coordinator.presentation = ForegroundPresentation(defaultOptions: [], perVendor: ["fake": [.banner]])
        rig.coordinator.willPresent(claimed, forwardingTo: []) { calls.append($0) }
        #expect(calls.all == [[], [.banner]])
        #expect(ForegroundPresentation().options(for: "anyone") == [.banner, .list, .sound, .badge])
    }

    @Test("a vendor's own presentation is shown unless the app set one for it; a buffered arrival asks the vendor")
    func vendorPresentation() {
        var quiet = FakeAdapter.integration()
        quiet.presentationHook = { _ in [.badge] }
        for startsConfigured in [true, false] {
            let rig = CenterRig(startsConfigured: startsConfigured, vendors: [quiet])
            let calls = Recorder<PresentationOptions>()
            rig.coordinator.willPresent(claimed, forwardingTo: []) { calls.append($0) }
            rig.coordinator.presentation = ForegroundPresentation(defaultOptions: .all, perVendor: ["fake": [.list]])
            rig.coordinator.willPresent(claimed, forwardingTo: []) { calls.append($0) }
            #expect(calls.all == [[.badge], [.list]])
        }
    }

    @Test("willPresent, unclaimed push: delegates get it untouched; the system gets their union once all answer")
    func willPresentUnclaimed() {
        let rig = CenterRig()
        let app = FakeCenterDelegate(.later, options: [.banner, .list])
        let sdk = FakeCenterDelegate(options: [.sound])
        let quiet = FakeCenterDelegate(.declines)
        let calls = Recorder<PresentationOptions>()
        let effects = rig.coordinator.willPresent(unclaimed, forwardingTo: [app, sdk, quiet]) { calls.append($0) }
        #expect(effects.isEmpty)
        #expect(rig.sink.receipts.isEmpty)
        #expect(app.presented.all == [unclaimed])
        #expect(calls.all.isEmpty)
        app.release()
        #expect(calls.all == [[.banner, .list, .sound]])
        #expect(quiet.presented.count == 1)
    }

    @Test("willPresent, unclaimed and no delegate takes it: the system gets no options, at once")
    func willPresentNobody() {
        let calls = Recorder<PresentationOptions>()
        CenterRig().coordinator.willPresent(unclaimed, forwardingTo: [FakeCenterDelegate(.declines)]) {
            calls.append($0)
        }
        #expect(calls.all == [[]])
    }

    @Test("an answer with an option PushBridge has no name for passes through unchanged")
    func unknownOptionPassesThrough() {
        let legacyAlert = PresentationOptions(rawValue: 1 << 2)
        let calls = Recorder<PresentationOptions>()
        CenterRig().coordinator.willPresent(unclaimed, forwardingTo: [FakeCenterDelegate(options: legacyAlert)]) {
            calls.append($0)
        }
        #expect(calls.all == [legacyAlert])
    }

    @Test("didReceive, claimed tap: opened receipt and route, each delegate once, completion once after all are done")
    func didReceiveClaimed() {
        let rig = CenterRig()
        let app = FakeCenterDelegate(.later)
        let sdk = FakeCenterDelegate(.twice)
        let response = bodyTap(claimed)
        let (effects, completions) = rig.didReceive(response, forwardingTo: [app, sdk])
        #expect(effects.outline == ["receipt:fake.opened", "route:system"])
        #expect(rig.system.seen.all.map(\.string) == ["app://deal"])
        #expect(app.responses.all == [response])
        #expect(sdk.responses.all == [response])
        #expect(completions.count == 0)
        app.release()
        app.release()
        #expect(completions.count == 1)
    }

    @Test("didReceive passes the button and the typed text to the bridge; a swipe-away is a dismiss")
    func didReceiveButtonAndDismiss() {
        let rig = CenterRig()
        let button = NotificationResponse(notification: claimed, actionIdentifier: "reply", userText: "on my way")
        let effects = rig.coordinator.didReceive(button, forwardingTo: []) {}
        #expect(effects.receipts.first?.properties == ["action": "reply", "input": "on my way", "token": "cafe"])
        let dismiss = bodyTap(claimed, LifecycleStep.dismissActionIdentifier)
        #expect(rig.coordinator.didReceive(dismiss, forwardingTo: []) {}.receipts.map(\.event) == ["fake.dismissed"])
    }

    @Test("didReceive, unclaimed push: no receipt, no route, the app's delegate gets it and completes it")
    func didReceiveUnclaimed() {
        let rig = CenterRig()
        let app = FakeCenterDelegate()
        let response = bodyTap(unclaimed)
        let (effects, completions) = rig.didReceive(response, forwardingTo: [app])
        #expect(effects.isEmpty)
        #expect(rig.sink.receipts.isEmpty)
        #expect(rig.system.seen.all.isEmpty)
        #expect(app.responses.all == [response])
        #expect(completions.count == 1)
    }

    @Test("completion runs once at once when no delegate takes the callback")
    func didReceiveNoDelegates() {
        let completions = CenterRig().didReceive(bodyTap(unclaimed), forwardingTo: [FakeCenterDelegate(.declines)])
            .completions
        #expect(completions.count == 1)
    }

    @Test("a cold-start tap waits in the bridge's buffer until configure; the system completion runs at once")
    func coldStartTap() {
        let rig = CenterRig(startsConfigured: false)
        let observed = Recorder<[BridgeEffect]>()
        rig.coordinator.onEffects = { observed.append($0) }
        let app = FakeCenterDelegate()
        let response = bodyTap(claimed)
        let (early, completions) = rig.didReceive(response, forwardingTo: [app])
        #expect(early.isEmpty)
        #expect(rig.sink.receipts.isEmpty)
        #expect(completions.count == 1)
        #expect(app.responses.count == 1)
        let replayed = rig.coordinator.configure()
        #expect(replayed.outline == ["receipt:fake.opened", "route:system"])
        #expect(observed.all == [replayed])
        #expect(rig.coordinator.didReceive(response, forwardingTo: []) {}.isEmpty)
    }

    @Test("didReceiveRemoteNotification: a claimed content-available push arrives in the background; results merge")
    func remoteNotification() {
        let rig = CenterRig()
        let results = Recorder<BackgroundFetchResult>()
        let app = FakeCenterDelegate(fetch: .newData)
        let sdk = FakeCenterDelegate(fetch: .failed)
        let effects = rig.coordinator.didReceiveRemoteNotification(claimed, forwardingTo: [app, sdk]) {
            results.append($0)
        }
        #expect(effects.receipts.map(\.event) == ["fake.delivered"])
        #expect(results.all == [.newData])
        #expect(app.remote.all == [claimed])
        let visible = DeliveredNotification(userInfo: ["fake_id": "m2", "aps": ["alert": "hi"]])
        let none = rig.coordinator.didReceiveRemoteNotification(visible, forwardingTo: []) { results.append($0) }
        #expect(none.isEmpty)
        #expect(results.all == [.newData, .noData])
    }

    @Test("background fetch results merge: new data wins, then failed, else no data")
    func mergeResults() {
        #expect(BackgroundFetchResult.merge([]) == .noData)
        #expect(BackgroundFetchResult.merge([.noData, .failed]) == .failed)
        #expect(BackgroundFetchResult.merge([.failed, .newData]) == .newData)
    }

    @Test("a push two vendors claim is left to the app, with a diagnostic")
    func ambiguousPush() {
        let one = FakeAdapter.integration(id: "one", marker: "shared")
        let two = FakeAdapter.integration(id: "two", marker: "shared")
        let rig = CenterRig(vendors: [one, two])
        let app = FakeCenterDelegate(options: [.banner])
        let calls = Recorder<PresentationOptions>()
        let both = DeliveredNotification(userInfo: ["shared": "m", "aps": ["alert": "x"]])
        let effects = rig.coordinator.willPresent(both, forwardingTo: [app]) { calls.append($0) }
        #expect(effects.diagnostics.map(\.diagnosticCode) == [.ambiguousVendor])
        #expect(rig.sink.receipts.isEmpty)
        #expect(calls.all == [[.banner]])
    }

    @Test("delegates answering from many threads still complete the system handler exactly once")
    func concurrentAnswers() async {
        let rig = CenterRig()
        let delegates = (0..<50).map { _ in FakeCenterDelegate(.later) }
        let completions = rig.didReceive(bodyTap(unclaimed), forwardingTo: delegates).completions
        await withTaskGroup(of: Void.self) { group in
            for delegate in delegates {
                group.addTask { delegate.release() }
                group.addTask { delegate.release() }
            }
        }
        #expect(completions.count == 1)
    }

    @Test("a once-only completion runs its handler once, however often and from wherever it is called")
    func onceOnly() async {
        let runs = Recorder<Int>()
        let once = OnceOnlyCompletion<Int> { runs.append($0) }
        #expect(!once.hasCompleted)
        await withTaskGroup(of: Bool.self) { group in
            for value in 0..<100 { group.addTask { once(value) } }
        }
        #expect(runs.count == 1)
        #expect(once.hasCompleted)
        #expect(!once(7))
    }
}
