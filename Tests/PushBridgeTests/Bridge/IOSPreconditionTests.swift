import PushBridge
import PushBridgeTestSupport
import Testing

/// A push the fake adapter claims, with these `aps` members.
private func push(_ aps: JSONObject, id: String = "m1") -> JSONObject {
    ["aps": .object(aps), "fake_id": .string(id)]
}

/// The codes of the diagnostic effects, in order.
private func diagnosticCodes(_ effects: [BridgeEffect]) -> [DiagnosticCode?] {
    effects.compactMap { effect in
        if case .diagnostic(let diagnostic) = effect { return diagnostic.diagnosticCode }
        return nil
    }
}

/// The receipts among the effects.
private func receipts(_ effects: [BridgeEffect]) -> [Receipt] {
    effects.compactMap { effect in
        if case .receipt(let receipt) = effect { return receipt }
        return nil
    }
}

@Suite("What iOS runs (WIRE-FORMATS §5)")
struct IOSPreconditionTests {
    @Test("the service extension needs mutable-content 1 and an alert; background arrival needs content-available 1")
    func preconditions() {
        let extensionStep = LifecycleStep.arrive(.serviceExtension)
        let background = LifecycleStep.arrive(.background)
        #expect(extensionStep.unmetPrecondition(in: push(["alert": "Hi", "mutable-content": 1])) == nil)
        #expect(extensionStep.unmetPrecondition(in: push(["alert": "Hi"]))?.path == "$.aps[\"mutable-content\"]")
        #expect(extensionStep.unmetPrecondition(in: push(["alert": "Hi", "mutable-content": 0]))?.path
            == "$.aps[\"mutable-content\"]")
        #expect(extensionStep.unmetPrecondition(in: push(["mutable-content": 1, "content-available": 1]))?.path
            == "$.aps.alert")
        #expect(extensionStep.unmetPrecondition(in: push(["alert": "", "mutable-content": 1]))?.path == "$.aps.alert")
        #expect(background.unmetPrecondition(in: push(["content-available": 1])) == nil)
        #expect(background.unmetPrecondition(in: push(["alert": "Hi", "mutable-content": 1]))?.path
            == "$.aps[\"content-available\"]")
        // APNs reads the number 1 only.
        #expect(background.unmetPrecondition(in: push(["content-available": "1"])) != nil)
        #expect(background.unmetPrecondition(in: ["fake_id": "m1"]) != nil)
        for step in [LifecycleStep.arrive(.foreground), .open, .openAction("b"), .dismiss, .launch, .configure] {
            #expect(step.unmetPrecondition(in: ["fake_id": "m1"]) == nil)
        }
    }

    @Test("a step iOS never runs gives one warning and records nothing; the same step on a push iOS runs it for records")
    func bridgeRefuses() throws {
        let sink = InMemoryReceiptSink()
        let bridge = NotificationBridge(registry: VendorRegistry([FakeAdapter()]), sink: sink)
        let silent = push(["content-available": 1], id: "silent")
        let refused = bridge.handle(.arrive(.serviceExtension), userInfo: silent)
        #expect(diagnosticCodes(refused) == [.iosNeverRunsStep])
        #expect(refused.count == 1)
        #expect(sink.receipts.isEmpty)
        guard case .diagnostic(let warning) = try #require(refused.first) else { return }
        #expect(warning.severity == .warning)
        #expect(warning.path == "$.aps[\"mutable-content\"]")

        let visible = push(["alert": "Hi", "mutable-content": 1])
        let refusedBackground = bridge.handle(.arrive(.background), userInfo: visible)
        #expect(diagnosticCodes(refusedBackground) == [.iosNeverRunsStep])
        #expect(receipts(refusedBackground).isEmpty)
        #expect(sink.receipts.isEmpty)

        #expect(receipts(bridge.handle(.arrive(.serviceExtension), userInfo: visible)).map(\.event) == ["fake.delivered"])
        #expect(receipts(bridge.handle(.arrive(.background), userInfo: silent)).map(\.event) == ["fake.delivered"])
        #expect(sink.receipts.count == 2)
    }

    @Test("a refused step kept in the buffer before configure is refused when it runs")
    func bufferedRefusal() {
        let bridge = NotificationBridge(
            registry: VendorRegistry([FakeAdapter()]), configuration: .init(startsConfigured: false))
        #expect(bridge.handle(.arrive(.background), userInfo: push(["alert": "Hi"])).isEmpty)
        let replayed = bridge.configure()
        #expect(diagnosticCodes(replayed) == [.iosNeverRunsStep])
        #expect(receipts(replayed).isEmpty)
    }

    @Test("an unclaimed push is still reported as unclaimed, not as a step iOS never runs")
    func unclaimedFirst() {
        let bridge = NotificationBridge(registry: VendorRegistry([FakeAdapter()]))
        let effects = bridge.handle(.arrive(.background), userInfo: ["aps": ["alert": "Hi"]])
        #expect(diagnosticCodes(effects) == [.notClaimed])
    }
}
