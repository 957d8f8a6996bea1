import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A sink that notes how many effects had been observed when each receipt reached it, and can refuse them.
private final class ObservingSink: ReceiptSink {
    let observedCount: @Sendable () -> Int
    let refuses: Bool
    let seenAt = Recorder<(event: String, observed: Int)>()

    init(refuses: Bool = false, observedCount: @escaping @Sendable () -> Int) {
        self.refuses = refuses
        self.observedCount = observedCount
    }

    struct Refused: Error {}

    func record(_ receipt: Receipt) throws {
        seenAt.append((receipt.event, observedCount()))
        if refuses { throw Refused() }
    }
}

@Suite("Effects are handed to an observer as they happen")
struct EffectObserverTests {
    let buzzkit = Fixtures.buzzKitActionAndLink

    @Test("the observer sees every effect in the result's order, each receipt just before the sink records it")
    func inOrderBeforeRecording() {
        let observed = Recorder<BridgeEffect>()
        let sink = ObservingSink { observed.count }
        let effects = Simulation.run(
            buzzkit, steps: [.open], options: SimulationOptions(registeredActions: ["show_offer"]),
            registry: BuiltInVendors.registry, sink: sink
        ) { observed.append($0) }
        #expect(observed.all == effects)
        #expect(effects.outline == [
            "receipt:$notification.opened", "action:show_offer:handled", "receipt:$action.triggered",
            "route:system", "receipt:$deeplink.opened",
        ])
        // Each receipt reached the sink right after the observer saw it (effects 1, 3 and 5).
        #expect(sink.seenAt.all.map(\.observed) == [1, 3, 5])
    }

    @Test("a receipt the sink refuses is followed by its receipt-not-recorded diagnostic, for the observer too")
    func refusedReceipt() {
        let observed = Recorder<BridgeEffect>()
        let sink = ObservingSink(refuses: true) { observed.count }
        let effects = Simulation.run(
            ["aps": ["alert": "x"], "buzzkit": ["messageId": "m2"]], steps: [.open], options: SimulationOptions(),
            registry: BuiltInVendors.registry, sink: sink
        ) { observed.append($0) }
        #expect(observed.all == effects)
        #expect(effects.outline == ["receipt:$notification.opened", "diagnostic:receipt-not-recorded"])
    }

    @Test("a step dropped before configure is observed too")
    func dropped() {
        let observed = Recorder<BridgeEffect>()
        let effects = Simulation.run(
            buzzkit, steps: [.open, .configure], options: SimulationOptions(bufferCapacity: 0),
            registry: BuiltInVendors.registry
        ) { observed.append($0) }
        #expect(observed.all == effects)
        #expect(effects.outline == ["dropped:open"])
    }
}
