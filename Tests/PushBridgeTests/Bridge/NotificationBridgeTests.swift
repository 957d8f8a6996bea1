import PushBridge
import PushBridgeTestSupport
import Testing

/// A userInfo the fake adapter claims, with the flags iOS needs to run every step for it (the service extension,
/// a background wake).
private func fakePush(_ id: String? = "m1", link: String? = nil) -> JSONObject {
    var userInfo: JSONObject = ["aps": ["alert": "Hello", "mutable-content": 1, "content-available": 1]]
    userInfo["fake_id"] = id.map { .string($0) } ?? ""
    if let link { userInfo["link"] = .string(link) }
    return userInfo
}

/// A bridge over one fake adapter, with an in-memory sink and recording routes.
private struct Rig {
    let sink: InMemoryReceiptSink
    let system: RecordingOpener
    let actionsRun: Recorder<PushAction>
    let bridge: NotificationBridge

    init(
        adapter: FakeAdapter = FakeAdapter(), configuration: NotificationBridge.Configuration = .init(),
        registeredActions: [String] = [], sink: (any ReceiptSink)? = nil, router: DeepLinkRouter? = nil
    ) {
        let memory = InMemoryReceiptSink()
        let opener = RecordingOpener()
        let recorder = Recorder<PushAction>()
        let actions = ActionRegistry()
        for name in registeredActions { actions.register(name) { recorder.append($0) } }
        self.sink = memory
        self.system = opener
        self.actionsRun = recorder
        bridge = NotificationBridge(
            registry: VendorRegistry([adapter]), configuration: configuration, sink: sink ?? memory,
            router: router ?? DeepLinkRouter(system: opener), actions: actions)
    }
}

/// A fake whose taps offer `show_offer` and link `gym://class/77` with the given rule.
private func tappingAdapter(
    rule: TapPlan.LinkRule = .afterAction, warns: Bool = false, link: String? = "gym://class/77",
    action: PushAction? = PushAction(name: "show_offer", data: ["offerId": "summer"])
) -> FakeAdapter {
    FakeAdapter(tapPlan: { step, _, _ in
        guard step.isOpen else { return .nothing }
        return TapPlan(action: action, deepLink: link, linkRule: rule, warnsWhenActionUnhandled: warns)
    })
}

@Suite("NotificationBridge")
struct NotificationBridgeTests {
    // MARK: WIRE-FORMATS §7 order

    @Test("an open yields receipts, then the action, its receipt, then the route and its receipt (WIRE-FORMATS §7)")
    func openOrder() {
        let adapter = FakeAdapter(
            receipts: { step, payload, _ in
                guard step.isOpen else { return [] }
                return [
                    Receipt(vendor: "fake", kind: .opened, event: "fake.opened", properties: [:],
                            messageId: payload.messageId),
                    Receipt(vendor: "fake", kind: .actionClicked, event: "fake.clicked", properties: [:],
                            messageId: payload.messageId),
                ]
            },
            tapPlan: { _, _, _ in TapPlan(action: PushAction(name: "show_offer"), deepLink: "gym://class/77") })
        let rig = Rig(adapter: adapter, registeredActions: ["show_offer"])
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.outline == [
            "receipt:fake.opened", "receipt:fake.clicked", "action:show_offer:handled",
            "receipt:fake.action.triggered", "route:system", "receipt:fake.deeplink.opened",
        ])
        #expect(rig.sink.receipts.map(\.event) == [
            "fake.opened", "fake.clicked", "fake.action.triggered", "fake.deeplink.opened",
        ])
        #expect(rig.actionsRun.all.map(\.name) == ["show_offer"])
        #expect(rig.system.seen.all.map(\.string) == ["gym://class/77"])
    }

    @Test("a vendor whose receipts are off sends none, says so each time, and still runs the action and the route")
    func receiptsOff() {
        let adapter = FakeAdapter(
            receipts: { step, payload, _ in
                guard step.isOpen else { return [] }
                return [Receipt(vendor: "fake", kind: .opened, event: "fake.opened", properties: [:], messageId: payload.messageId)]
            },
            tapPlan: { _, _, _ in TapPlan(action: PushAction(name: "show_offer"), deepLink: "gym://class/77") })
        let rig = Rig(adapter: adapter, configuration: .init(receiptsOff: ["fake"]), registeredActions: ["show_offer"])
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(rig.sink.receipts.isEmpty)
        #expect(effects.outline.filter { $0.hasPrefix("receipt:") }.isEmpty)
        let offs = effects.compactMap { effect -> Diagnostic? in
            if case .diagnostic(let diagnostic) = effect, diagnostic.diagnosticCode == .receiptOff { return diagnostic }
            return nil
        }
        #expect(offs.count == 3, "the opened, action and route receipts: \(effects.outline)")
        #expect(rig.actionsRun.all.map(\.name) == ["show_offer"])
        #expect(rig.system.seen.all.map(\.string) == ["gym://class/77"])
        // Turned back on, the next push's receipts go out.
        rig.bridge.receiptsOff = []
        _ = rig.bridge.handle(.open, userInfo: fakePush("m2"))
        #expect(rig.sink.receipts.map(\.event).first == "fake.opened")
    }

    @Test("the action effect carries the action's data, and the handler receives it")
    func actionData() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.contains(.action(name: "show_offer", handled: true, data: ["offerId": "summer"])))
        #expect(rig.actionsRun.all == [PushAction(name: "show_offer", data: ["offerId": "summer"])])
    }

    @Test("the action and route receipts record whether the action was handled and which route took the link")
    func outcomeReceipts() {
        let rig = Rig(adapter: tappingAdapter())
        let receipts = rig.bridge.handle(.open, userInfo: fakePush()).receipts
        let triggered = receipts.first { $0.event == "fake.action.triggered" }
        #expect(triggered?.properties == ["name": "show_offer", "handled": false])
        let routed = receipts.first { $0.event == "fake.deeplink.opened" }
        #expect(routed?.properties == ["url": "gym://class/77", "via": "system"])
    }

    @Test("a step that is not a tap yields receipts only, never an action or a route")
    func nonTapRunsNothing() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        for step: LifecycleStep in [.arrive(.foreground), .arrive(.background), .dismiss] {
            let effects = rig.bridge.handle(step, userInfo: fakePush())
            #expect(effects.actions.isEmpty)
            #expect(effects.routes.isEmpty)
        }
        #expect(rig.actionsRun.count == 0)
        #expect(rig.system.seen.count == 0)
    }

    @Test("a button tap is a tap: it runs the plan too")
    func buttonTapRunsPlan() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let effects = rig.bridge.handle(.openAction("b1"), userInfo: fakePush())
        #expect(effects.outline.contains("action:show_offer:handled"))
        #expect(effects.outline.contains("route:system"))
    }

    @Test("an empty deep link is never routed")
    func emptyLinkNotRouted() {
        let rig = Rig(adapter: tappingAdapter(link: "", action: nil))
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.routes.isEmpty)
        #expect(rig.system.seen.count == 0)
    }

    // MARK: Link rules

    @Test("unlessActionHandled: a handled action means no route")
    func exclusiveHandled() {
        let rig = Rig(adapter: tappingAdapter(rule: .unlessActionHandled), registeredActions: ["show_offer"])
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.actions.map(\.handled) == [true])
        #expect(effects.routes.isEmpty)
        #expect(!effects.receipts.contains { $0.event == "fake.deeplink.opened" })
        #expect(rig.system.seen.count == 0)
    }

    @Test("unlessActionHandled: an unhandled action lets the link route")
    func exclusiveUnhandled() {
        let rig = Rig(adapter: tappingAdapter(rule: .unlessActionHandled))
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.actions.map(\.handled) == [false])
        #expect(effects.routes.map(\.via) == [.system])
    }

    @Test("afterAction: a handled action and the link both run, action first")
    func bothRun() {
        let rig = Rig(adapter: tappingAdapter(rule: .afterAction), registeredActions: ["show_offer"])
        let outline = rig.bridge.handle(.open, userInfo: fakePush()).outline
        let action = outline.firstIndex(of: "action:show_offer:handled")
        let route = outline.firstIndex(of: "route:system")
        #expect(action != nil && route != nil)
        if let action, let route { #expect(action < route) }
    }

    @Test("a link with no action routes under either rule",
          arguments: [TapPlan.LinkRule.afterAction, .unlessActionHandled])
    func linkWithoutAction(rule: TapPlan.LinkRule) {
        let rig = Rig(adapter: tappingAdapter(rule: rule, action: nil))
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.actions.isEmpty)
        #expect(effects.routes.map(\.via) == [.system])
    }

    // MARK: Unhandled-action warning

    @Test("an unhandled action warns when the plan asks for it")
    func unhandledWarns() {
        let rig = Rig(adapter: tappingAdapter(warns: true, link: nil))
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.outline == [
            "receipt:fake.opened", "action:show_offer:unhandled", "diagnostic:action-unhandled",
            "receipt:fake.action.triggered",
        ])
        #expect(effects.diagnostics.first?.severity == .warning)
        #expect(effects.diagnostics.first?.message.contains("show_offer") == true)
    }

    @Test("an unhandled action is silent when the plan does not ask for a warning")
    func unhandledSilent() {
        let rig = Rig(adapter: tappingAdapter(warns: false, link: nil))
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).diagnostics.isEmpty)
    }

    @Test("a handled action never warns")
    func handledNoWarning() {
        let rig = Rig(adapter: tappingAdapter(warns: true, link: nil), registeredActions: ["show_offer"])
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).diagnostics.isEmpty)
    }

    // MARK: Rejected links

    @Test("a link that does not parse routes via rejected with a diagnostic and no route receipt")
    func unparsableLink() {
        let delegate = RecordingDelegate(consumes: true)
        let system = RecordingOpener()
        let router = DeepLinkRouter(delegate: delegate, system: system)
        let rig = Rig(adapter: tappingAdapter(link: "java%73cript:alert(1)", action: nil), router: router)
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.outline == ["receipt:fake.opened", "route:rejected", "diagnostic:link-rejected"])
        #expect(effects.routes.map(\.url) == ["java%73cript:alert(1)"])
        #expect(delegate.seen.count == 0)
        #expect(system.seen.count == 0)
        #expect(!rig.sink.receipts.contains { $0.kind == .deepLinkOpened })
    }

    @Test("a link the system policy refuses routes via rejected with no route receipt")
    func refusedLink() {
        let rig = Rig(adapter: tappingAdapter(link: "JavaScript:alert(1)", action: nil))
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.outline == ["receipt:fake.opened", "route:rejected", "diagnostic:link-rejected"])
        #expect(rig.system.seen.count == 0)
    }

    @Test("the app's delegate consuming a javascript: link is a delegate route with its receipt")
    func delegateTakesDangerous() {
        let router = DeepLinkRouter(delegate: RecordingDelegate(consumes: true))
        let rig = Rig(adapter: tappingAdapter(link: "javascript:void(0)", action: nil), router: router)
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.routes.map(\.via) == [.delegate])
        #expect(effects.receipts.last?.properties["via"] == "delegate")
    }

    // MARK: Buffer before configure

    @Test("steps before configure are buffered and replayed in order at configure")
    func bufferReplay() {
        let rig = Rig(configuration: .init(startsConfigured: false))
        #expect(!rig.bridge.isConfigured)
        #expect(rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("m1")).isEmpty)
        #expect(rig.bridge.handle(.open, userInfo: fakePush("m2")).isEmpty)
        #expect(rig.bridge.handle(.dismiss, userInfo: fakePush("m3")).isEmpty)
        #expect(rig.sink.receipts.isEmpty)
        let replayed = rig.bridge.configure()
        #expect(rig.bridge.isConfigured)
        #expect(replayed.receipts.map { "\($0.event)/\($0.messageId ?? "")" } == [
            "fake.delivered/m1", "fake.opened/m2", "fake.dismissed/m3",
        ])
        #expect(rig.sink.receipts.count == 3)
        // The buffer is empty afterwards: a second configure replays nothing.
        #expect(rig.bridge.configure().isEmpty)
        // And later steps run at once.
        #expect(rig.bridge.handle(.open, userInfo: fakePush("m4")).receipts.count == 1)
    }

    @Test("handle(.configure) is configure()")
    func configureStep() {
        let rig = Rig(configuration: .init(startsConfigured: false))
        _ = rig.bridge.handle(.open, userInfo: fakePush())
        let replayed = rig.bridge.handle(.configure, userInfo: [:])
        #expect(replayed.receipts.map(\.event) == ["fake.opened"])
        #expect(rig.bridge.isConfigured)
    }

    @Test("the buffer holds 8 steps by default; the 9th is dropped at once with reason buffer full")
    func defaultCapacity() {
        let rig = Rig(configuration: .init(startsConfigured: false))
        #expect(rig.bridge.configuration.bufferCapacity == 8)
        for index in 1...8 {
            #expect(rig.bridge.handle(.arrive(.background), userInfo: fakePush("m\(index)")).isEmpty)
        }
        let ninth = rig.bridge.handle(.open, userInfo: fakePush("m9"))
        #expect(ninth == [.dropped(step: .open, reason: "buffer full")])
        #expect(ninth.first?.json == ["type": "dropped", "step": "open", "reason": "buffer full"])
        let replayed = rig.bridge.configure()
        #expect(replayed.receipts.compactMap(\.messageId) == (1...8).map { "m\($0)" })
    }

    @Test("a custom buffer capacity is honoured", arguments: [0, 1, 3])
    func customCapacity(capacity: Int) {
        let rig = Rig(configuration: .init(bufferCapacity: capacity, startsConfigured: false))
        for index in 0..<capacity {
            #expect(rig.bridge.handle(.open, userInfo: fakePush("m\(index)")).isEmpty)
        }
        let over = rig.bridge.handle(.openAction("b1"), userInfo: fakePush("late"))
        #expect(over == [.dropped(step: .openAction("b1"), reason: "buffer full")])
        #expect(rig.bridge.configure().receipts.count == capacity)
    }

    @Test("arrive:service-extension is never buffered: it runs at once, even with a full buffer")
    func extensionNotBuffered() {
        let rig = Rig(configuration: .init(bufferCapacity: 1, startsConfigured: false))
        _ = rig.bridge.handle(.open, userInfo: fakePush("m1"))
        let effects = rig.bridge.handle(.arrive(.serviceExtension), userInfo: fakePush("m2"))
        #expect(effects.receipts.map(\.event) == ["fake.delivered"])
        #expect(!rig.bridge.isConfigured)
        // It took no buffer slot and is not replayed.
        #expect(rig.bridge.configure().receipts.map(\.messageId) == ["m1"])
    }

    @Test("buffered taps run their action and route at configure")
    func bufferedTapRunsPlan() {
        let rig = Rig(
            adapter: tappingAdapter(), configuration: .init(startsConfigured: false), registeredActions: ["show_offer"])
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).isEmpty)
        #expect(rig.actionsRun.count == 0)
        let replayed = rig.bridge.configure()
        #expect(replayed.outline.contains("action:show_offer:handled"))
        #expect(rig.actionsRun.count == 1)
        #expect(rig.system.seen.count == 1)
    }

    // MARK: Once-only

    @Test("the same open twice for one message is handled once: no second receipt, action or route")
    func openOnce() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let first = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(!first.isEmpty)
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).isEmpty)
        #expect(rig.actionsRun.count == 1)
        #expect(rig.system.seen.count == 1)
        #expect(rig.sink.receipts.filter { $0.event == "fake.opened" }.count == 1)
    }

    @Test("different messages, or a body tap and a button tap, are different opens")
    func differentOpens() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        _ = rig.bridge.handle(.open, userInfo: fakePush("m1"))
        _ = rig.bridge.handle(.open, userInfo: fakePush("m2"))
        _ = rig.bridge.handle(.openAction("b1"), userInfo: fakePush("m1"))
        #expect(rig.actionsRun.count == 3)
    }

    @Test("the same receipt is sent once across steps")
    func receiptOnceAcrossSteps() {
        let rig = Rig()
        let foreground = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush())
        let background = rig.bridge.handle(.arrive(.background), userInfo: fakePush())
        let fromExtension = rig.bridge.handle(.arrive(.serviceExtension), userInfo: fakePush())
        #expect(foreground.receipts.map(\.event) == ["fake.delivered"])
        #expect(background.isEmpty)
        #expect(fromExtension.isEmpty)
        #expect(rig.sink.receipts.count == 1)
    }

    @Test("receipts that differ only in their action property are both sent")
    func actionPropertyDistinguishes() {
        let rig = Rig()
        let body = rig.bridge.handle(.open, userInfo: fakePush())
        let first = rig.bridge.handle(.openAction("b1"), userInfo: fakePush())
        let second = rig.bridge.handle(.openAction("b2"), userInfo: fakePush())
        #expect(body.receipts.map { $0.properties["action"] } == [nil])
        #expect(first.receipts.map { $0.properties["action"] } == ["b1"])
        #expect(second.receipts.map { $0.properties["action"] } == ["b2"])
        #expect(rig.sink.receipts.count == 3)
    }

    @Test("a receipt repeated by two different opens of one message is sent once")
    func receiptDedupAcrossOpens() {
        // The fake reports the same receipt (no action property) for every tap.
        let adapter = FakeAdapter(receipts: { step, payload, _ in
            step.isOpen
                ? [Receipt(
                    vendor: "fake", kind: .opened, event: "tapped", properties: [:], messageId: payload.messageId)]
                : []
        })
        let rig = Rig(adapter: adapter)
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).receipts.count == 1)
        #expect(rig.bridge.handle(.openAction("b1"), userInfo: fakePush()).receipts.isEmpty)
    }

    @Test("receipts of different messages or vendors are not the same receipt")
    func receiptKeyParts() {
        let rig = Rig()
        _ = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("m1"))
        _ = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("m2"))
        #expect(rig.sink.receipts.count == 2)
        let a = Receipt(vendor: "a", kind: .opened, event: "e", properties: [:], messageId: "m")
        var b = a
        b.vendor = "b"
        #expect(a.onceOnlyKey != b.onceOnlyKey)
        var other = a
        other.properties["unrelated"] = 1
        #expect(a.onceOnlyKey == other.onceOnlyKey)
    }

    @Test("a receipt's action may be given explicitly, whatever the vendor calls the property")
    func explicitReceiptAction() {
        let adapter = FakeAdapter(receipts: { step, payload, _ in
            guard let button = step.buttonIdentifier else { return [] }
            return [Receipt(
                vendor: "fake", kind: .opened, event: "tapped", properties: ["action_identifier": .string(button)],
                messageId: payload.messageId, action: button)]
        })
        let rig = Rig(adapter: adapter)
        #expect(rig.bridge.handle(.openAction("b1"), userInfo: fakePush()).receipts.map(\.action) == ["b1"])
        #expect(rig.bridge.handle(.openAction("b2"), userInfo: fakePush()).receipts.map(\.action) == ["b2"])
        #expect(rig.sink.receipts.count == 2)
    }

    @Test("a receipt's action comes from a string action property when not given, and is part of its key")
    func derivedReceiptAction() {
        let derived = Receipt(vendor: "v", kind: .opened, event: "e", properties: ["action": "b1"], messageId: "m")
        #expect(derived.action == "b1")
        let explicit = Receipt(
            vendor: "v", kind: .opened, event: "e", properties: ["action": "ignored"], messageId: "m", action: "b1")
        #expect(explicit.action == "b1")
        #expect(explicit.onceOnlyKey == derived.onceOnlyKey)
        let body = Receipt(vendor: "v", kind: .opened, event: "e", properties: [:], messageId: "m")
        #expect(body.action == nil)
        #expect(body.onceOnlyKey != derived.onceOnlyKey)
        let numeric = Receipt(vendor: "v", kind: .opened, event: "e", properties: ["action": 1], messageId: "m")
        #expect(numeric.action == nil)
        // The parts are quoted, so a separator inside one part cannot make two receipts collide.
        let tricky = Receipt(vendor: "v", kind: .opened, event: "e,x", properties: [:], messageId: "m")
        let plain = Receipt(vendor: "v", kind: .opened, event: "e", properties: [:], messageId: "m", action: "x,")
        #expect(tricky.onceOnlyKey != plain.onceOnlyKey)
    }

    @Test("a push with no message id is not deduplicated: each open runs its action again")
    func noMessageIdNoDedup() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let first = rig.bridge.handle(.open, userInfo: fakePush(nil))
        let second = rig.bridge.handle(.open, userInfo: fakePush(nil))
        #expect(first.actions.count == 1)
        #expect(second.actions.count == 1)
        #expect(second.routes.count == 1)
        #expect(rig.actionsRun.count == 2)
    }

    @Test("receipts of two different pushes with no message id are both sent")
    func noMessageIdReceiptsNotDeduplicated() {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let first = rig.bridge.handle(.open, userInfo: ["fake_id": "", "aps": ["alert": "First push"]])
        let second = rig.bridge.handle(.open, userInfo: ["fake_id": "", "aps": ["alert": "Second push"]])
        #expect(first.receipts.map(\.event) == ["fake.opened", "fake.action.triggered", "fake.deeplink.opened"])
        #expect(second.receipts.map(\.event) == ["fake.opened", "fake.action.triggered", "fake.deeplink.opened"])
    }

    @Test("the once-only ledgers forget the oldest entries beyond their capacity")
    func ledgerCapacity() {
        let rig = Rig(configuration: .init(ledgerCapacity: 2))
        for id in ["m1", "m2", "m3"] { _ = rig.bridge.handle(.open, userInfo: fakePush(id)) }
        // m1 was forgotten by both ledgers, m3 is remembered.
        #expect(rig.bridge.handle(.open, userInfo: fakePush("m1")).receipts.count == 1)
        #expect(rig.bridge.handle(.open, userInfo: fakePush("m3")).isEmpty)
    }

    @Test("eight tasks handling the same open at once send exactly one receipt", .timeLimit(.minutes(1)))
    func concurrentOpens() async {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let bridge = rig.bridge
        let receiptCount = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var count = 0
                    for _ in 0..<50 { count += bridge.handle(.open, userInfo: fakePush("race")).receipts.count }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        // One open receipt, one action receipt, one route receipt: each exactly once.
        #expect(receiptCount == 3)
        #expect(rig.sink.receipts.map(\.event).sorted() == [
            "fake.action.triggered", "fake.deeplink.opened", "fake.opened",
        ])
        #expect(rig.actionsRun.count == 1)
        #expect(rig.system.seen.count == 1)
    }

    @Test("eight tasks racing through the same opens of many messages handle each open once",
          .timeLimit(.minutes(1)))
    func concurrentOpensManyMessages() async {
        let rig = Rig(adapter: tappingAdapter(), registeredActions: ["show_offer"])
        let bridge = rig.bridge
        let messages = 2_000
        let receiptCount = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var count = 0
                    for index in 0..<messages {
                        count += bridge.handle(.open, userInfo: fakePush("m\(index)")).receipts.count
                    }
                    return count
                }
            }
            return await group.reduce(0, +)
        }
        #expect(receiptCount == 3 * messages)
        #expect(rig.sink.receipts.count == 3 * messages)
        #expect(rig.actionsRun.count == messages)
        #expect(rig.system.seen.count == messages)
    }

    // MARK: Claiming, sinks, launch

    @Test("a payload no adapter claims yields one info diagnostic not-claimed and no receipts")
    func notClaimed() {
        let rig = Rig()
        let effects = rig.bridge.handle(.open, userInfo: ["aps": ["alert": "hi"], "other_id": "x"])
        #expect(effects.count == 1)
        #expect(effects.diagnostics.map(\.diagnosticCode) == [.notClaimed])
        #expect(effects.diagnostics.first?.severity == .info)
        #expect(rig.sink.receipts.isEmpty)
    }

    @Test("a payload two adapters claim is not claimed, naming both")
    func ambiguous() {
        let bridge = NotificationBridge(registry: VendorRegistry([FakeAdapter(id: "alpha"), FakeAdapter(id: "beta")]))
        let effects = bridge.handle(.open, userInfo: fakePush())
        #expect(effects.diagnostics.map(\.diagnosticCode) == [.notClaimed])
        let message = effects.diagnostics.first?.message ?? ""
        #expect(message.contains("alpha") && message.contains("beta"))
    }

    @Test("an explicit vendor id picks the adapter even when the marker is missing; an unknown id is not claimed")
    func explicitVendor() {
        let rig = Rig()
        let chosen = rig.bridge.handle(.arrive(.foreground), userInfo: ["aps": ["alert": "hi"]], vendor: "fake")
        #expect(chosen.receipts.map(\.vendor) == ["fake"])
        let unknown = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush(), vendor: "nope")
        #expect(unknown.diagnostics.map(\.diagnosticCode) == [.notClaimed])
        #expect(unknown.diagnostics.first?.message.contains("nope") == true)
    }

    @Test("a sink that throws: the receipt is still an effect and an error diagnostic says it was not recorded")
    func throwingSink() {
        let sink = ThrowingReceiptSink()
        let rig = Rig(sink: sink)
        let effects = rig.bridge.handle(.open, userInfo: fakePush())
        #expect(effects.receipts.map(\.event) == ["fake.opened"])
        let diagnostic = effects.diagnostics.first
        #expect(diagnostic?.diagnosticCode == .receiptNotRecorded)
        #expect(diagnostic?.severity == .error)
        #expect(diagnostic?.message.contains("disk full") == true)
        #expect(sink.attempts.count == 1)
    }

    @Test("launch yields nothing: the adapter is never asked for launch receipts")
    func launchNothing() {
        let rig = Rig(adapter: tappingAdapter())
        #expect(rig.bridge.handle(.launch, userInfo: fakePush()).isEmpty)
        #expect(rig.sink.receipts.isEmpty)
    }

    @Test("receipts see the cached device token and the typed text")
    func receiptContext() {
        let rig = Rig(configuration: .init(deviceToken: "abc123"))
        let first = rig.bridge.handle(.openAction("reply"), userInfo: fakePush(), userText: "On my way")
        #expect(first.receipts.first?.properties["token"] == "abc123")
        #expect(first.receipts.first?.properties["input"] == "On my way")
        rig.bridge.deviceToken = "def456"
        #expect(rig.bridge.deviceToken == "def456")
        let second = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush())
        #expect(second.receipts.first?.properties["token"] == "def456")
    }

    // MARK: App state and foreground presentation (WIRE-FORMATS §5, §8)

    /// A fake whose every receipt names the app state the bridge handed it.
    private func stateReporter() -> FakeAdapter {
        FakeAdapter(receipts: { step, payload, context in
            [Receipt(vendor: "fake", kind: step.isOpen ? .opened : .delivered, event: "\(step)",
                     properties: ["state": .string(context.appState.rawValue)], messageId: payload.messageId)]
        })
    }

    @Test("adapters read the app state: background by default, the configured one, and active after arrive:foreground")
    func appStateReachesAdapters() {
        func states(_ configuration: NotificationBridge.Configuration, _ steps: [LifecycleStep]) -> [String] {
            let rig = Rig(adapter: stateReporter(), configuration: configuration)
            return steps.enumerated().flatMap { index, step in
                rig.bridge.handle(step, userInfo: fakePush("m\(index)")).receipts.compactMap {
                    $0.properties["state"]?.stringValue
                }
            }
        }
        #expect(states(.init(), [.open]) == ["background"])
        #expect(states(.init(appState: .notRunning), [.arrive(.background), .open]) == ["not-running", "not-running"])
        #expect(states(.init(appState: .notRunning), [.arrive(.foreground), .open]) == ["active", "active"])
        let rig = Rig(adapter: stateReporter(), configuration: .init(appState: .active))
        rig.bridge.appState = .background
        #expect(rig.bridge.appState == .background)
        #expect(rig.bridge.handle(.open, userInfo: fakePush()).receipts.first?.properties["state"] == "background")
    }

    @Test("a buffered step keeps the app state of the moment it came, not the one at configure")
    func bufferedStepsKeepTheirState() {
        let rig = Rig(adapter: stateReporter(), configuration: .init(startsConfigured: false, appState: .notRunning))
        #expect(rig.bridge.handle(.open, userInfo: fakePush("a")).isEmpty)
        #expect(rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("b")).isEmpty)
        #expect(rig.bridge.handle(.open, userInfo: fakePush("c")).isEmpty)
        let replayed = rig.bridge.configure()
        #expect(replayed.receipts.map { $0.properties["state"] } == ["not-running", "active", "active"])
    }

    @Test("arrive:foreground emits the vendor's presentation first; no other step emits one")
    func presentationEffect() {
        var quiet = FakeAdapter()
        quiet.presentationHook = { $0.messageId == "loud" ? [.sound, .badge] : [] }
        let rig = Rig(adapter: quiet)
        #expect(rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("m1")).outline == [
            "presentation:", "receipt:fake.delivered",
        ])
        let loud = rig.bridge.handle(.arrive(.foreground), userInfo: fakePush("loud"))
        #expect(loud.first == .presentation([.sound, .badge]))
        let others: [LifecycleStep] = [.arrive(.background), .arrive(.serviceExtension), .open, .dismiss]
        for step in others {
            #expect(!rig.bridge.handle(step, userInfo: fakePush("x")).contains { $0.json["type"] == "presentation" })
        }
        let standard = Rig()
        #expect(standard.bridge.handle(.arrive(.foreground), userInfo: fakePush()).first == .presentation(.all))
    }

    @Test("an effect writes the canonical line of its JSON value, a presentation with every set of options included")
    func effectLineWrittenStraight() {
        var effects: [BridgeEffect] = [
            .route(url: "gym://a\"b", via: .system), .dropped(step: .open, reason: "buffer full"),
            .action(name: "go", handled: false, data: ["k": 1]),
        ]
        for bits in 0..<(1 << PresentationOptions.named.count) {
            var options: PresentationOptions = []
            for (index, named) in PresentationOptions.named.enumerated() where bits & (1 << index) != 0 {
                options.insert(named.option)
            }
            effects.append(.presentation(options))
        }
        for effect in effects {
            var written: [UInt8] = []
            effect.writeJSON(into: &written)
            #expect(written == JSONWriter.bytes(effect.json), "\(effect)")
        }
    }

    @Test("a vendor that handles each message once still answers every foreground arrival with its presentation")
    func presentationOfARepeatedSighting() {
        /// The fake, handling each message once (as FCM's `loggedMessageIDs`).
        struct OnceOnly: VendorAdapter {
            let base = FakeAdapter()
            var profile: VendorProfile { base.profile }
            func claims(_ userInfo: JSONObject) -> Bool { base.claims(userInfo) }
            func decode(_ userInfo: JSONObject) -> DecodeResult { base.decode(userInfo) }
            func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
                base.userInfo(for: payload, losses: &losses)
            }
            func handlesMessageOnce(at step: LifecycleStep) -> Bool { true }
        }
        let bridge = NotificationBridge(registry: VendorRegistry([OnceOnly()]))
        let first = bridge.handle(.arrive(.foreground), userInfo: fakePush())
        let seen = Recorder<BridgeEffect>()
        let again = bridge.handle(.arrive(.foreground), userInfo: fakePush()) { seen.append($0) }
        #expect(first.outline.first == "presentation:banner+list+sound+badge")
        #expect(again == [.presentation(.all)])
        #expect(seen.all == again)
    }

    @Test("a presentation line reads back; an unknown option name does not")
    func presentationLine() {
        let line = BridgeEffect.presentation([.banner, .badge]).json
        #expect(line == ["type": "presentation", "options": ["banner", "badge"]])
        #expect(BridgeEffect(json: line) == .presentation([.banner, .badge]))
        #expect(BridgeEffect(json: ["type": "presentation", "options": []]) == .presentation([]))
        #expect(BridgeEffect(json: ["type": "presentation", "options": ["alert"]]) == nil)
        #expect(PresentationOptions.all.names == ["banner", "list", "sound", "badge"])
    }

    @Test("handlers and sinks may call back into the bridge without deadlocking", .timeLimit(.minutes(1)))
    func reentrancy() {
        let box = Locked<NotificationBridge?>(nil)
        let nested = Recorder<Int>()
        let actions = ActionRegistry()
        actions.register("show_offer") { _ in
            let bridge = box.withLock { $0 }
            nested.append(bridge?.handle(.arrive(.foreground), userInfo: fakePush("inner")).receipts.count ?? -1)
            _ = bridge?.deviceToken
        }
        let router = DeepLinkRouter(handler: { _ in
            _ = box.withLock { $0 }?.isConfigured
            return true
        })
        let bridge = NotificationBridge(
            registry: VendorRegistry([tappingAdapter()]), router: router, actions: actions)
        box.withLock { $0 = bridge }
        let effects = bridge.handle(.open, userInfo: fakePush("outer"))
        #expect(effects.routes.map(\.via) == [.handler])
        #expect(nested.all == [1])
    }
}
