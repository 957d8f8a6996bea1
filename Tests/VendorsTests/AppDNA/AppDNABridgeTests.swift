import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA through the bridge (Simulation)")
struct AppDNABridgeTests {
    /// The effects of `steps` on `userInfo` (default: the WIRE-FORMATS §3.3 example).
    func run(
        _ steps: [String], userInfo: JSONObject? = nil, options: SimulationOptions = SimulationOptions()
    ) throws -> [BridgeEffect] {
        try simulate(try userInfo ?? Fixtures.userInfo(AppDNAFixtures.specExample), steps, options: options)
    }

    func delivered(_ inForeground: Bool) -> BridgeEffect {
        .receipt(Receipt(
            vendor: "appdna", kind: .delivered, event: "push_delivered",
            properties: ["push_id": "push-123", "in_foreground": .bool(inForeground)], messageId: "push-123"))
    }

    func tapped(_ action: String? = nil) -> BridgeEffect {
        var properties: JSONObject = ["push_id": "push-123"]
        if let action { properties["action"] = .string(action) }
        return .receipt(Receipt(
            vendor: "appdna", kind: .opened, event: "push_tapped", properties: properties, messageId: "push-123"))
    }

    let showPlan = BridgeEffect.action(name: "show_screen", handled: false, data: ["screen": "plan"])

    @Test("8 steps wait for configure and replay in order; the 9th and later are dropped with 'buffer full'")
    func bufferOfEight() throws {
        let effects = try run([
            "arrive:foreground", "open:later", "open:reply", "open:open", "open", "dismiss", "launch", "open:open",
            "open:zz", "arrive:foreground", "configure",
        ])
        #expect(effects == [
            .dropped(step: .openAction("zz"), reason: "buffer full"),
            .dropped(step: .arrive(.foreground), reason: "buffer full"),
            .presentation(.all), delivered(true),
            tapped("later"),
            tapped("reply"),
            tapped("open"), .route(url: "fit://plan", via: .system),
            tapped(), showPlan,
        ])
    }

    @Test("the service extension arrive is never buffered and never sends push_delivered")
    func serviceExtensionNotBuffered() throws {
        let steps = Array(repeating: "open", count: 8) + ["arrive:service-extension", "configure"]
        let effects = try run(steps)
        #expect(!effects.contains { if case .dropped = $0 { true } else { false } })
        #expect(effects == [tapped(), showPlan])
    }

    @Test("push_delivered never comes from the extension, only from a foreground or background arrive")
    func deliveredFromAppOnly() throws {
        #expect(try run(["arrive:service-extension"]) == [])
        #expect(try run(["arrive:service-extension", "arrive:foreground"]) == [.presentation(.all), delivered(true)])
        #expect(try run(["arrive:background"]) == [delivered(false)])
    }

    @Test("push_tapped is sent once per push: a second body tap does nothing")
    func tappedOnce() throws {
        #expect(try run(["open", "open"]) == [tapped(), showPlan])
        #expect(try run(["open:open", "open:open"]) == [tapped("open"), .route(url: "fit://plan", via: .system)])
    }

    @Test("a button tap routes the button's own action, not the message's")
    func buttonRoutesOwnAction() throws {
        let effects = try run(["open:open"], options: SimulationOptions(delegateAcceptsSchemes: ["fit"]))
        #expect(effects == [tapped("open"), .route(url: "fit://plan", via: .delegate)])
    }

    @Test("a body tap runs show_screen through the registered handler")
    func bodyTapHandled() throws {
        let effects = try run(["open"], options: SimulationOptions(registeredActions: ["show_screen"]))
        #expect(effects == [tapped(), .action(name: "show_screen", handled: true, data: ["screen": "plan"])])
    }

    @Test("dismiss and text_reply buttons only report the tap; typed text is not an effect")
    func buttonsThatDoNotOpen() throws {
        #expect(try run(["open:later"]) == [tapped("later")])
        #expect(try run(["open:reply"], options: SimulationOptions(userText: "See you")) == [tapped("reply")])
    }

    @Test("a swipe-away reports nothing")
    func swipeAway() throws {
        #expect(try run(["dismiss"]) == [])
    }

    @Test("an open_url message link goes to the deep-link router")
    func openURLRouted() throws {
        let userInfo = AppDNAFixtures.push(["action": ["type": "open_url", "value": "https://x.io/a"]])
        let effects = try run(["open"], userInfo: userInfo)
        #expect(effects.last == .route(url: "https://x.io/a", via: .system))
    }

    @Test("a button's unsafe link is rejected before any handler")
    func unsafeLinkRejected() throws {
        let userInfo = AppDNAFixtures.push(buttons: [
            ["id": "x", "title": "X", "type": "deep_link", "value": "javascript:alert(1)"],
        ])
        let effects = try run(["open:x"], userInfo: userInfo)
        #expect(effects.contains(.route(url: "javascript:alert(1)", via: .rejected)))
    }
}
