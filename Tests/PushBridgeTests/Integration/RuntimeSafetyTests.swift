import Dispatch
import PushBridge
import PushBridgeTestSupport
import Testing

/// A timer the test fires by hand: ``ReceiverDeadline`` schedules into it.
private final class ManualTimer: Sendable {
    private let scheduled = Locked<[(seconds: Double, work: @Sendable () -> Void)]>([])

    var deadline: ReceiverDeadline {
        ReceiverDeadline(presentation: 5, response: 6, backgroundFetch: 25) { [self] seconds, work in
            scheduled.withLock { $0.append((seconds, work)) }
        }
    }

    var delays: [Double] { scheduled.withLock { $0.map(\.seconds) } }

    /// Runs every scheduled closure once (time is up for each).
    func fireAll() {
        let due = scheduled.withLock { scheduled in
            defer { scheduled = [] }
            return scheduled
        }
        for item in due { item.work() }
    }
}

/// Another SDK's delegate that takes every callback and never calls its completion handler.
private final class SilentReceiver: NotificationCallbackReceiver, @unchecked Sendable {
    let late = Locked<[@Sendable () -> Void]>([])

    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool {
        late.withLock { $0.append { completion(.badge) } }
        return true
    }

    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        late.withLock { $0.append { completion() } }
        return true
    }

    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool {
        late.withLock { $0.append { completion(.newData) } }
        return true
    }

    /// Answers now, after the deadline.
    func answerLate() { for answer in late.withLock({ $0 }) { answer() } }
}

/// A receiver that answers at once.
private struct PromptReceiver: NotificationCallbackReceiver {
    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool {
        completion(.list)
        return true
    }

    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool {
        completion(.failed)
        return true
    }
}

/// A receiver that records the responses it was handed and answers at once.
private final class CountingReceiver: NotificationCallbackReceiver, @unchecked Sendable {
    let responses = Recorder<String>()

    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        responses.append(response.actionIdentifier)
        completion()
        return true
    }
}

/// The coordinator over a fake vendor, with receipts in memory and effects collected.
private struct Rig {
    let coordinator: NotificationCenterCoordinator
    let sink = InMemoryReceiptSink()
    let reported = Recorder<BridgeEffect>()

    init(deadline: ReceiverDeadline = .none) {
        let vendor = FakeAdapter.integration(tapPlan: { step, _, _ in step.isOpen ? TapPlan(deepLink: "app://deal") : .nothing })
        let bridge = NotificationBridge(
            registry: VendorRegistry([vendor]), configuration: .init(deviceToken: "cafe"), sink: sink,
            router: DeepLinkRouter(system: RecordingOpener()))
        coordinator = NotificationCenterCoordinator(bridge: bridge, receiverDeadline: deadline)
        let reported = self.reported
        coordinator.onEffects = { for effect in $0 { reported.append(effect) } }
    }

    var codes: [DiagnosticCode] {
        reported.all.compactMap { effect in
            if case .diagnostic(let diagnostic) = effect { return diagnostic.diagnosticCode }
            return nil
        }
    }

    var messages: [String] {
        reported.all.compactMap { effect in
            if case .diagnostic(let diagnostic) = effect { return diagnostic.message }
            return nil
        }
    }
}

/// A claimed push with no message id, so only the request identifier tells two deliveries apart.
private let noMessageID: JSONObject = ["fake_id": "", "aps": ["alert": "Deal"]]
/// A body tap on the push `r1`.
private let bodyTap = NotificationResponse(
    notification: DeliveredNotification(identifier: "r1", userInfo: noMessageID),
    actionIdentifier: LifecycleStep.defaultActionIdentifier)
/// A tap on the button `ACCEPT` of the push `r1`.
private let acceptTap = NotificationResponse(
    notification: DeliveredNotification(identifier: "r1", userInfo: noMessageID), actionIdentifier: "ACCEPT")
private let unclaimed = DeliveredNotification(identifier: "u1", userInfo: ["aps": ["alert": "From the app"]])

@Suite("Runtime safety: a receiver deadline, the launch tap, coexistence with swizzling SDKs, the extension's hand-over")
struct RuntimeSafetyTests {
    // MARK: The receiver deadline

    @Test("a receiver that never calls its didReceive completion is completed for at the deadline, and named")
    func didReceiveDeadline() throws {
        let timer = ManualTimer()
        let rig = Rig(deadline: timer.deadline)
        let silent = SilentReceiver()
        let completions = Recorder<Int>()
        rig.coordinator.didReceive(bodyTap, forwardingTo: [silent]) { completions.append(1) }
        #expect(completions.count == 0, "waits for the receiver")
        #expect(timer.delays == [6])
        timer.fireAll()
        #expect(completions.count == 1)
        #expect(rig.codes.contains(.receiverTimedOut))
        #expect(rig.messages.contains { $0.contains("SilentReceiver") && $0.contains("didReceive") })
        silent.answerLate()
        #expect(completions.count == 1, "a late answer is ignored")
        // The same tap again is not mistaken for one still in flight.
        rig.coordinator.didReceive(bodyTap, forwardingTo: []) { completions.append(1) }
        #expect(completions.count == 2)
    }

    @Test("without a deadline a silent receiver holds the completion (the default in the core)")
    func noDeadlineWaits() {
        let rig = Rig()
        let silent = SilentReceiver()
        let completions = Recorder<Int>()
        rig.coordinator.didReceive(bodyTap, forwardingTo: [silent]) { completions.append(1) }
        #expect(completions.count == 0)
        silent.answerLate()
        #expect(completions.count == 1)
    }

    @Test("an unclaimed willPresent gets the answers in so far at the deadline; a fetch gets them merged")
    func presentationAndFetchDeadlines() {
        let timer = ManualTimer()
        let rig = Rig(deadline: timer.deadline)
        let silent = SilentReceiver()
        let shown = Recorder<PresentationOptions>()
        rig.coordinator.willPresent(unclaimed, forwardingTo: [PromptReceiver(), silent]) { shown.append($0) }
        let fetched = Recorder<BackgroundFetchResult>()
        rig.coordinator.didReceiveRemoteNotification(unclaimed, forwardingTo: [silent, PromptReceiver()]) {
            fetched.append($0)
        }
        #expect(shown.all.isEmpty && fetched.all.isEmpty)
        #expect(timer.delays == [5, 25])
        timer.fireAll()
        #expect(shown.all == [.list], "the prompt receiver's answer, not the silent one's")
        #expect(fetched.all == [.failed])
        #expect(rig.codes.filter { $0 == .receiverTimedOut }.count == 2)
        silent.answerLate()
        #expect(shown.count == 1 && fetched.count == 1)
    }

    @Test("when every receiver answers in time the deadline reports nothing")
    func deadlineAfterAnswers() {
        let timer = ManualTimer()
        let rig = Rig(deadline: timer.deadline)
        let shown = Recorder<PresentationOptions>()
        rig.coordinator.willPresent(unclaimed, forwardingTo: [PromptReceiver()]) { shown.append($0) }
        #expect(shown.all == [.list])
        timer.fireAll()
        #expect(shown.count == 1)
        #expect(!rig.codes.contains(.receiverTimedOut))
    }

    // MARK: The launch tap

    @Test("a launch tap that never reached PushBridge's delegate is handled once from the launch options")
    func launchTapRecovered() {
        let rig = Rig()
        rig.coordinator.configure()
        let launch = NotificationResponse(
            notification: DeliveredNotification(userInfo: noMessageID),
            actionIdentifier: LifecycleStep.defaultActionIdentifier)
        rig.coordinator.noteLaunchResponse(launch, actionKnown: false)
        let effects = rig.coordinator.recoverLaunchResponse()
        #expect(effects.outline.contains("receipt:fake.opened"))
        #expect(effects.outline.contains("route:system"))
        #expect(rig.codes.contains(.launchResponseRecovered))
        #expect(rig.coordinator.recoverLaunchResponse().isEmpty, "once")
        // The same tap reaching PushBridge later (a delegate passed it on, with its request id and button):
        // forwarded, not handled a second time.
        let receiver = CountingReceiver()
        let completions = Recorder<Int>()
        let late = NotificationResponse(
            notification: DeliveredNotification(identifier: "r9", userInfo: noMessageID), actionIdentifier: "ACCEPT")
        let again = rig.coordinator.didReceive(late, forwardingTo: [receiver]) { completions.append(1) }
        #expect(again.isEmpty)
        #expect(receiver.responses.all == ["ACCEPT"] && completions.count == 1)
        #expect(rig.sink.receipts.count == 1)
        // A different tap on the same push afterwards is handled as usual.
        rig.coordinator.didReceive(late, forwardingTo: []) {}
        #expect(rig.sink.receipts.count == 2)
    }

    @Test("a launch tap that reaches PushBridge's delegate is not recovered again")
    func launchTapDelivered() {
        let rig = Rig()
        rig.coordinator.noteLaunchResponse(acceptTap, actionKnown: true)
        rig.coordinator.didReceive(acceptTap, forwardingTo: []) {}
        rig.coordinator.configure()
        #expect(rig.sink.receipts.count == 1)
        #expect(rig.coordinator.recoverLaunchResponse().isEmpty)
        #expect(rig.sink.receipts.count == 1)
        #expect(!rig.codes.contains(.launchResponseRecovered))
    }

    @Test("a known launch button matches only the same button; another tap meanwhile leaves the launch tap to recover")
    func launchTapMatchesItsButton() {
        let rig = Rig()
        rig.coordinator.noteLaunchResponse(acceptTap, actionKnown: true)
        let other = NotificationResponse(
            notification: DeliveredNotification(identifier: "r1", userInfo: noMessageID), actionIdentifier: "DECLINE")
        rig.coordinator.didReceive(other, forwardingTo: []) {}
        #expect(rig.coordinator.recoverLaunchResponse().outline.contains("receipt:fake.opened"))
        #expect(rig.codes.contains(.launchResponseRecovered))
        #expect(rig.sink.receipts.count == 2)
    }

    // MARK: Coexistence with SDKs that swizzle

    @Test("an SDK that swizzles the delegate setter keeps the slot: reported once as such, never contested again")
    func setterSwizzlingSDK() throws {
        let attachment = DelegateAttachment()
        let slot = SetterSwizzlingSlot()
        let own = FakeDelegate()
        // PushBridge adopted the SDK's proxy as the app's delegate at install, as it was in the slot.
        let first = attachment.ensureAttached(slot: slot, own: own, forwardees: [slot.proxy])
        #expect(slot.occupant === slot.proxy, "the setter kept its proxy")
        #expect(slot.peers.contains { $0 === own }, "PushBridge is one of the proxy's peers")
        #expect(first.holder == .keeper("SwizzlingProxy"))
        #expect(first.droppedForwardee === slot.proxy, "PushBridge stops forwarding to the proxy that forwards to it")
        #expect(first.newForwardee == nil)
        let diagnostic = try #require(first.diagnostic)
        #expect(diagnostic.diagnosticCode == .delegateSlotKept)
        #expect(!diagnostic.message.contains("took the delegate back"))
        for _ in 0..<3 {
            let again = attachment.ensureAttached(slot: slot, own: own, forwardees: [])
            #expect(again.holder == .keeper("SwizzlingProxy") && again.diagnostic == nil)
        }
        #expect(slot.setterCalls == 1, "the setter is entered once, not on every check")
    }

    @Test("an SDK that injects into PushBridge's class answers the system too: reported once; PushBridge answers once")
    func classInjectingSDK() throws {
        let rig = Rig()
        let system = Recorder<String>()
        // What OneSignal's injected didReceive does: PushBridge's own method, then the system completion itself.
        let injected = { (response: NotificationResponse) in
            rig.coordinator.didReceive(response, forwardingTo: []) { system.append("pushbridge") }
            system.append("sdk")
        }
        injected(bodyTap)
        #expect(system.all == ["pushbridge", "sdk"], "PushBridge's answer comes first, once; the SDK's second")
        #expect(rig.sink.receipts.count == 1)
        let attachment = DelegateAttachment()
        let sdk = try #require(DelegateAttachment.injectedSelectors.first?.sdk)
        let report = try #require(attachment.methodsInjected(into: "PushBridgeNotificationCenterDelegate", by: sdk))
        #expect(report.diagnosticCode == .delegateMethodsInjected)
        #expect(report.message.contains("OneSignal") && report.message.contains("keeps the first"))
        #expect(attachment.methodsInjected(into: "PushBridgeNotificationCenterDelegate", by: sdk) == nil)
        #expect(DelegateAttachment.injectedSelectors.allSatisfy { $0.selector.hasPrefix("onesignalUserNotificationCenter:") })
    }

    // MARK: The service extension's hand-over

    @Test("the extension's content is handed over once, when every piece of work has ended")
    func handOverWhenDone() {
        let handedOver = Recorder<[String]>()
        let run = ServiceExtensionRun(content: Box()) { handedOver.append($0.changes) }
        run.change { $0.changes.append("title") }
        let download = run.beginWork {}
        let flush = run.beginWork {}
        run.allStarted()
        download()
        #expect(handedOver.all.isEmpty)
        flush()
        flush()
        #expect(handedOver.all == [["title"]])
        #expect(!run.change { $0.changes.append("late") })
        run.expire()
        #expect(handedOver.count == 1)
    }

    @Test("at expiry the work still going is cancelled and the content is handed over as it is, never changed after")
    func expiryCancelsAndHandsOver() {
        let handedOver = Recorder<Box>()
        let cancelled = Recorder<String>()
        let run = ServiceExtensionRun(content: Box()) { handedOver.append($0) }
        let download = run.beginWork { cancelled.append("download") }
        let flush = run.beginWork { cancelled.append("flush") }
        run.allStarted()
        flush()
        run.expire()
        #expect(cancelled.all == ["download"])
        #expect(handedOver.count == 1)
        // The download completes after the hand-over: its change is refused.
        #expect(!run.change { $0.changes.append("image") })
        download()
        run.expire()
        #expect(handedOver.count == 1)
        #expect(handedOver.all.first?.changes == [])
        // Work begun after the hand-over is cancelled at once.
        _ = run.beginWork { cancelled.append("late") }
        #expect(cancelled.all == ["download", "late"])
    }

    @Test("changes racing the expiry on other threads: the content handed over is never changed afterwards")
    func expiryRace() {
        for _ in 0..<50 {
            let handedOver = Recorder<Box>()
            let run = ServiceExtensionRun(content: Box()) { handedOver.append($0) }
            let group = DispatchGroup()
            let after = Locked<Int?>(nil)
            for index in 0..<8 {
                DispatchQueue.global().async(group: group) {
                    run.change { $0.changes.append("c\(index)") }
                }
            }
            DispatchQueue.global().async(group: group) {
                run.expire()
                after.withLock { $0 = handedOver.all.first?.changes.count }
            }
            group.wait()
            #expect(handedOver.count == 1)
            #expect(handedOver.all.first?.changes.count == after.withLock { $0 })
        }
    }

    @Test("a downloaded attachment is refused for an HTTP error, an error page, an empty or oversized file")
    func attachmentRejection() {
        #expect(AttachmentType.rejection(status: 200, mimeType: "image/png", byteCount: 2_000, fileExtension: "png") == nil)
        #expect(AttachmentType.rejection(status: nil, mimeType: nil, byteCount: 10, fileExtension: "jpg") == nil)
        #expect(AttachmentType.rejection(
            status: 200, mimeType: "application/octet-stream", byteCount: 10, fileExtension: "jpg") == nil)
        #expect(AttachmentType.rejection(status: 404, mimeType: "image/png", byteCount: 10, fileExtension: "png")?
            .contains("404") == true)
        #expect(AttachmentType.rejection(
            status: 200, mimeType: "text/html; charset=utf-8", byteCount: 300, fileExtension: "jpg")?.contains("text/html") == true)
        #expect(AttachmentType.rejection(status: 200, mimeType: "image/gif", byteCount: 0, fileExtension: "gif") != nil)
        #expect(AttachmentType.rejection(
            status: 200, mimeType: "image/jpeg", byteCount: 10_000_001, fileExtension: "jpg") != nil)
        #expect(AttachmentType.rejection(
            status: 200, mimeType: "video/mp4", byteCount: 10_000_001, fileExtension: "mp4") == nil)
        #expect(AttachmentType.rejection(
            status: 200, mimeType: "audio/mpeg", byteCount: 5_000_001, fileExtension: "mp3") != nil)
    }
}

/// Content the extension changes (a class, as `UNMutableNotificationContent` is).
private final class Box: @unchecked Sendable {
    var changes: [String] = []
}

/// PushBridge's delegate, for the slot tests.
private final class FakeDelegate {}

/// The object an SDK that swizzles the setter keeps in the slot.
private final class SwizzlingProxy {}

/// A delegate slot whose setter another SDK swizzled (Customer.io's `UserNotificationsFrameworkAdapter`): what is
/// set becomes one of its proxy's peers, and the proxy stays in the slot.
private final class SetterSwizzlingSlot: NotificationDelegateSlot {
    let proxy = SwizzlingProxy()
    private(set) var peers: [AnyObject] = []
    private(set) var setterCalls = 0

    var occupant: AnyObject? { proxy }

    func place(_ object: AnyObject) {
        setterCalls += 1
        if object !== proxy { peers.append(object) }
    }
}
