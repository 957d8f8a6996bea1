import PushBridge
import PushBridgeTestSupport
import Testing

import Dispatch

/// An SDK's delegate that wrapped PushBridge's: it forwards every callback back to the coordinator (as "the
/// original delegate"), at once or from another thread, and answers once the coordinator answered it.
private final class WrappingSDKDelegate: NotificationCallbackReceiver, @unchecked Sendable {
    enum Timing { case synchronously, fromAnotherThread }

    let timing: Timing
    let forwarded = Recorder<String>()
    let innerAnswers = Recorder<PresentationOptions>()
    private let coordinator = Locked<NotificationCenterCoordinator?>(nil)
    private let started = DispatchGroup()

    init(_ timing: Timing) { self.timing = timing }

    func wrap(_ coordinator: NotificationCenterCoordinator) { self.coordinator.withLock { $0 = coordinator } }

    /// Waits for the work it started on other threads.
    func join() { started.wait() }

    private func run(_ work: @escaping @Sendable () -> Void) {
        switch timing {
        case .synchronously: work()
        case .fromAnotherThread: DispatchQueue.global().async(group: started, execute: work)
        }
    }

    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool {
        forwarded.append("willPresent")
        guard let coordinator = coordinator.withLock({ $0 }) else { return false }
        let answers = innerAnswers
        run {
            // Forwards to "the original delegate" (PushBridge), then answers with what it got plus its own.
            coordinator.willPresent(notification, forwardingTo: [self]) { inner in
                answers.append(inner)
                completion(inner.union(.sound))
            }
        }
        return true
    }

    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        forwarded.append("didReceive")
        guard let coordinator = coordinator.withLock({ $0 }) else { return false }
        run { coordinator.didReceive(response, forwardingTo: [self]) { completion() } }
        return true
    }
}

/// A completion executor that counts the completions it ran (the glue's is the main thread).
private final class CountingExecutor: Sendable {
    let ran = Recorder<Int>()
    var executor: CompletionExecutor {
        let ran = self.ran
        return CompletionExecutor { work in
            ran.append(1)
            work()
        }
    }
}

private func rig(executor: CompletionExecutor = .immediate) -> (NotificationCenterCoordinator, InMemoryReceiptSink) {
    let sink = InMemoryReceiptSink()
    let vendor = FakeAdapter.integration(tapPlan: { step, _, _ in step.isOpen ? TapPlan(deepLink: "app://deal") : .nothing })
    let bridge = NotificationBridge(
        registry: VendorRegistry([vendor]), configuration: .init(deviceToken: "cafe"), sink: sink,
        router: DeepLinkRouter(system: RecordingOpener()))
    return (NotificationCenterCoordinator(bridge: bridge, completionExecutor: executor), sink)
}

private let claimed = DeliveredNotification(
    identifier: "r1", userInfo: ["fake_id": "m1", "aps": ["alert": "Deal", "content-available": 1]])
private let unclaimed = DeliveredNotification(identifier: "r2", userInfo: ["aps": ["alert": "From the app"]])

@Suite("Delegate robustness: replaced delegates, wrapping SDKs, completions")
struct DelegateRobustnessTests {
    final class Delegate {}

    @Test("install on an empty slot takes it; installing twice changes nothing and reports nothing")
    func installTwice() {
        let attachment = DelegateAttachment()
        let own = Delegate()
        let slot = FakeDelegateSlot()
        let first = attachment.ensureAttached(slot: slot, own: own, forwardees: [])
        #expect(slot.occupant === own && first.holder == .pushBridge)
        #expect(first.newForwardee == nil && first.diagnostic == nil)
        let second = attachment.ensureAttached(slot: slot, own: own, forwardees: [])
        #expect(second.holder == .pushBridge && second.newForwardee == nil && second.diagnostic == nil)
        #expect(slot.placements == 1, "the slot is set once, not on every check")
    }

    @Test("a delegate set after PushBridge is noticed: PushBridge re-attaches, forwards to it, warns once")
    func replacedThenReattached() throws {
        let attachment = DelegateAttachment()
        let own = Delegate()
        let sdk = Delegate()
        let slot = FakeDelegateSlot(occupant: sdk)
        let found = attachment.ensureAttached(slot: slot, own: own, forwardees: [])
        #expect(slot.occupant === own)
        #expect(found.newForwardee === sdk)
        let diagnostic = try #require(found.diagnostic)
        #expect(diagnostic.diagnosticCode == .delegateReplaced)
        #expect(diagnostic.message.contains("Delegate"))
        #expect(diagnostic.message.contains("otherDelegates"))
        // The SDK sets itself again (each launch): taken back, not added twice, not reported twice.
        slot.place(sdk)
        let again = attachment.ensureAttached(slot: slot, own: own, forwardees: [sdk])
        #expect(slot.occupant === own && again.newForwardee == nil && again.diagnostic == nil)
        // A second, different replacer is reported too.
        let other = Delegate()
        slot.place(other)
        #expect(attachment.ensureAttached(slot: slot, own: own, forwardees: [sdk]).diagnostic != nil)
    }

    @Test("with the report-only policy the slot is left to the replacer, with one warning")
    func reportOnly() {
        let attachment = DelegateAttachment(policy: .reportOnly)
        let own = Delegate()
        let sdk = Delegate()
        let slot = FakeDelegateSlot(occupant: sdk)
        let found = attachment.ensureAttached(slot: slot, own: own, forwardees: [])
        #expect(slot.occupant === sdk && found.newForwardee == nil)
        #expect(found.holder == .other("Delegate"))
        #expect(found.diagnostic?.diagnosticCode == .delegateReplaced)
        #expect(attachment.ensureAttached(slot: slot, own: own, forwardees: []).diagnostic == nil)
    }

    @Test("an SDK that wraps PushBridge and forwards back at once: no loop, one receipt, one system completion")
    func wrappingSDKSynchronous() {
        let (coordinator, sink) = rig()
        let sdk = WrappingSDKDelegate(.synchronously)
        sdk.wrap(coordinator)
        let presented = Recorder<PresentationOptions>()
        coordinator.willPresent(claimed, forwardingTo: [sdk]) { presented.append($0) }
        #expect(presented.all == [.all])
        #expect(sdk.forwarded.all == ["willPresent"])
        #expect(sdk.innerAnswers.all == [[]])
        let completions = Recorder<Int>()
        let tap = NotificationResponse(notification: claimed, actionIdentifier: LifecycleStep.defaultActionIdentifier)
        let effects = coordinator.didReceive(tap, forwardingTo: [sdk]) { completions.append(1) }
        #expect(effects.outline == ["receipt:fake.opened", "route:system"])
        #expect(completions.count == 1)
        #expect(sink.receipts.map(\.event) == ["fake.delivered", "fake.opened"])
    }

    @Test("an SDK that forwards back from another thread, later: still no loop and one completion each")
    func wrappingSDKFromAnotherThread() {
        let (coordinator, sink) = rig()
        let sdk = WrappingSDKDelegate(.fromAnotherThread)
        sdk.wrap(coordinator)
        let presented = Recorder<PresentationOptions>()
        coordinator.willPresent(unclaimed, forwardingTo: [sdk]) { presented.append($0) }
        sdk.join()
        #expect(presented.all == [.sound])
        #expect(sdk.forwarded.all == ["willPresent"])
        let completions = Recorder<Int>()
        let tap = NotificationResponse(notification: claimed, actionIdentifier: LifecycleStep.defaultActionIdentifier)
        coordinator.didReceive(tap, forwardingTo: [sdk]) { completions.append(1) }
        sdk.join()
        #expect(completions.count == 1)
        #expect(sdk.forwarded.all == ["willPresent", "didReceive"])
        #expect(sink.receipts.map(\.event) == ["fake.opened"])
    }

    @Test("once every receiver answered, the same notification is handled again (it is not remembered forever)")
    func sameNotificationLater() {
        let (coordinator, _) = rig()
        let presented = Recorder<PresentationOptions>()
        coordinator.willPresent(unclaimed, forwardingTo: [FakeCenterDelegate(options: [.badge])]) {
            presented.append($0)
        }
        coordinator.willPresent(unclaimed, forwardingTo: [FakeCenterDelegate(options: [.list])]) {
            presented.append($0)
        }
        #expect(presented.all == [[.badge], [.list]])
    }

    @Test("every system completion runs through the executor exactly once, whichever thread answered last")
    func completionsGoThroughTheExecutor() {
        let counting = CountingExecutor()
        let (coordinator, _) = rig(executor: counting.executor)
        let late = FakeCenterDelegate(.later, options: [.banner])
        let presented = Recorder<PresentationOptions>()
        coordinator.willPresent(unclaimed, forwardingTo: [late]) { presented.append($0) }
        #expect(counting.ran.count == 0)
        DispatchQueue.global().sync { late.release() }
        #expect(counting.ran.count == 1)
        #expect(presented.all == [[.banner]])
        coordinator.didReceive(
            NotificationResponse(notification: claimed, actionIdentifier: "x"), forwardingTo: [FakeCenterDelegate(.twice)]
        ) {}
        coordinator.didReceiveRemoteNotification(claimed, forwardingTo: []) { _ in }
        coordinator.willPresent(claimed, forwardingTo: []) { _ in }
        #expect(counting.ran.count == 4)
    }

    @Test("the coordinator reports what the glue noticed through onEffects")
    func reportsDiagnostics() {
        let (coordinator, _) = rig()
        let seen = Recorder<[BridgeEffect]>()
        coordinator.onEffects = { seen.append($0) }
        coordinator.report(Diagnostic(.warning, code: .delegateReplaced, message: "m"))
        #expect(seen.all.flatMap { $0 }.compactMap { effect -> DiagnosticCode? in
            if case .diagnostic(let diagnostic) = effect { return diagnostic.diagnosticCode }
            return nil
        } == [.delegateReplaced])
    }
}
