import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let messageId: JSONValue = "msg_01HV3"

private func receipt(_ kind: ReceiptKind, _ event: String, _ properties: JSONObject) -> BridgeEffect {
    .receipt(Receipt(vendor: "buzzkit", kind: kind, event: event, properties: properties, messageId: "msg_01HV3"))
}

private func opened(action: String? = nil, input: String? = nil, deepLink: String? = "gym://class/77") -> BridgeEffect {
    var properties: JSONObject = ["messageId": messageId]
    if let action { properties["action"] = .string(action) }
    if let input { properties["input"] = .string(input) }
    if let deepLink { properties["deepLink"] = .string(deepLink) }
    return receipt(.opened, "$notification.opened", properties)
}

private func triggered(_ name: String = "show_offer", handled: Bool) -> BridgeEffect {
    receipt(
        .actionTriggered, "$action.triggered",
        ["messageId": messageId, "name": .string(name), "handled": .bool(handled)])
}

private func linkOpened(_ url: String = "gym://class/77", via: RouteVia) -> BridgeEffect {
    receipt(
        .deepLinkOpened, "$deeplink.opened",
        ["url": .string(url), "messageId": messageId, "via": .string(via.rawValue)])
}

private let showOffer = BridgeEffect.action(name: "show_offer", handled: true, data: ["offerId": "summer"])

/// One line per effect, enough to check the order: `receipt <event>`, `action <name> <handled>`, ….
private func summary(_ effects: [BridgeEffect]) -> [String] {
    effects.map { effect in
        switch effect {
        case .receipt(let receipt): return "receipt \(receipt.event)"
        case .action(let name, let handled, _): return "action \(name) handled:\(handled)"
        case .route(let url, let via): return "route \(url) via:\(via.rawValue)"
        case .dropped(let step, _): return "dropped \(step)"
        case .diagnostic(let diagnostic): return "diagnostic \(diagnostic.code)"
        case .presentation(let options): return "presentation \(options.names)"
        }
    }
}

@Suite("BuzzKit through the bridge: what an open does, in order (WIRE-FORMATS §7)")
struct BuzzKitBridgeOpenTests {
    @Test("a body tap: opened receipt, action, $action.triggered, route, $deeplink.opened")
    func fullOrder() throws {
        let effects = try simulate(
            try buzzKitExample(), ["open"],
            options: SimulationOptions(delegateAcceptsSchemes: ["gym"], registeredActions: ["show_offer"]))
        #expect(effects == [
            opened(), showOffer, triggered(handled: true), .route(url: "gym://class/77", via: .delegate),
            linkOpened(via: .delegate),
        ])
    }

    @Test("an unregistered action: action handled:false, a warning, $action.triggered handled:false, then the link")
    func unregisteredAction() throws {
        let effects = try simulate(try buzzKitExample(), ["open"])
        #expect(summary(effects) == [
            "receipt $notification.opened", "action show_offer handled:false", "diagnostic action-unhandled",
            "receipt $action.triggered", "route gym://class/77 via:system", "receipt $deeplink.opened",
        ])
        try #require(effects.count == 6)
        #expect(effects[3] == triggered(handled: false))
        if case .diagnostic(let warning) = effects[2] {
            #expect(warning.severity == .warning)
            #expect(warning.message.contains("show_offer"))
        }
        #expect(effects[5] == linkOpened(via: .system))
    }

    @Test("the link goes delegate, then closure, then system; via says which took it", arguments: [
        (["gym"], false, RouteVia.delegate), (["https"], true, RouteVia.handler), (nil, true, RouteVia.handler),
        (["https"], false, RouteVia.system), (nil, false, RouteVia.system),
    ] as [([String]?, Bool, RouteVia)])
    func via(schemes: [String]?, closure: Bool, expected: RouteVia) throws {
        let effects = try simulate(
            try buzzKitExample(), ["open"],
            options: SimulationOptions(
                delegateAcceptsSchemes: schemes, linkHandler: closure, registeredActions: ["show_offer"]))
        #expect(effects.suffix(2) == [.route(url: "gym://class/77", via: expected), linkOpened(via: expected)])
    }

    @Test("a javascript: link is rejected by the system route: route via rejected, no $deeplink.opened")
    func rejectedLink() throws {
        let effects = try simulate(
            try buzzKitExample(["deepLink": "javascript:alert(1)"]), ["open"],
            options: SimulationOptions(registeredActions: ["show_offer"]))
        #expect(summary(effects) == [
            "receipt $notification.opened", "action show_offer handled:true", "receipt $action.triggered",
            "route javascript:alert(1) via:rejected", "diagnostic link-rejected",
        ])
        #expect(!effects.contains { if case .receipt(let r) = $0 { r.kind == .deepLinkOpened } else { false } })
    }

    @Test("a link that is not a URL is rejected before any handler, even with a closure installed")
    func unparsableLink() throws {
        let effects = try simulate(
            try buzzKitExample(["deepLink": "gym class 77", "action": nil]), ["open"],
            options: SimulationOptions(linkHandler: true))
        #expect(summary(effects) == [
            "receipt $notification.opened", "route gym class 77 via:rejected", "diagnostic link-rejected",
        ])
    }

    @Test("the app's own closure may take a javascript: link (the app's code is not filtered)")
    func closureTakesAnyScheme() throws {
        let effects = try simulate(
            try buzzKitExample(["deepLink": "javascript:alert(1)", "action": nil]), ["open"],
            options: SimulationOptions(linkHandler: true))
        #expect(effects.suffix(2) == [
            .route(url: "javascript:alert(1)", via: .handler), linkOpened("javascript:alert(1)", via: .handler),
        ])
    }

    @Test("the same open seen twice (warm and cold start) is handled once")
    func openTwice() throws {
        let options = SimulationOptions(registeredActions: ["show_offer"])
        let once = try simulate(try buzzKitExample(), ["open"], options: options)
        let twice = try simulate(try buzzKitExample(), ["open", "open"], options: options)
        #expect(twice == once)
        #expect(once.count == 5)
    }

    @Test("a foreground button runs the message's action and link after its opened receipt")
    func foregroundButton() throws {
        let effects = try simulate(
            try buzzKitExample(), ["open:confirm"], options: SimulationOptions(registeredActions: ["show_offer"]))
        #expect(effects == [
            opened(action: "confirm"), showOffer, triggered(handled: true), .route(url: "gym://class/77", via: .system),
            linkOpened(via: .system),
        ])
    }

    @Test("a destructive button and a background input button only send their opened receipt")
    func buttonsThatRouteNothing() throws {
        let options = SimulationOptions(userText: "Bring water", registeredActions: ["show_offer"])
        #expect(try simulate(try buzzKitExample(), ["open:skip"], options: options) == [opened(action: "skip")])
        #expect(try simulate(try buzzKitExample(), ["open:note"], options: options) == [
            opened(action: "note", input: "Bring water"),
        ])
    }

    @Test("an action id that is none of the message's buttons is reported and routes nothing")
    func unknownButton() throws {
        let effects = try simulate(
            try buzzKitExample(), ["open:app.reply"], options: SimulationOptions(registeredActions: ["show_offer"]))
        #expect(effects == [opened(action: "app.reply")])
    }

    @Test("a body tap and a button tap on one message are two opens, each handled once")
    func bodyThenButton() throws {
        let effects = try simulate(
            try buzzKitExample(["action": nil, "deepLink": nil]), ["open", "open:confirm", "open:confirm", "open"])
        #expect(effects == [opened(deepLink: nil), opened(action: "confirm", deepLink: nil)])
    }

    @Test("a message with neither action nor link: a tap only sends the opened receipt")
    func bareMessage() throws {
        let effects = try simulate(try buzzKitExample(["action": nil, "deepLink": nil]), ["open"])
        #expect(effects == [opened(deepLink: nil)])
    }

    @Test("with no messageId (vendor chosen explicitly) the tap still runs, but no receipt is sent")
    func noMessageId() throws {
        let effects = try simulate(
            try buzzKitExample(["messageId": nil]), ["arrive:service-extension", "open", "dismiss"],
            options: SimulationOptions(vendor: "buzzkit", registeredActions: ["show_offer"]))
        #expect(effects == [showOffer, .route(url: "gym://class/77", via: .system)])
    }
}

@Suite("BuzzKit through the bridge: arrivals, dismissal, buffering")
struct BuzzKitBridgeLifecycleTests {
    @Test("only the service extension's arrive sends $notification.delivered, once")
    func delivered() throws {
        // With content-available, so iOS does wake the app for the background arrival.
        var userInfo = try buzzKitExample()
        var aps = try #require(userInfo["aps"]?.objectValue)
        aps["content-available"] = 1
        userInfo["aps"] = .object(aps)
        let effects = try simulate(
            userInfo, ["arrive:foreground", "arrive:background", "arrive:service-extension", "arrive:service-extension"])
        #expect(effects == [.presentation(.all), receipt(.delivered, "$notification.delivered", ["messageId": messageId])])
    }

    @Test("dismiss sends $notification.dismissed and routes nothing")
    func dismissed() throws {
        let effects = try simulate(
            try buzzKitExample(), ["dismiss"], options: SimulationOptions(registeredActions: ["show_offer"]))
        #expect(effects == [receipt(.dismissed, "$notification.dismissed", ["messageId": messageId])])
    }

    @Test("before configure the extension's delivered receipt goes at once and the open waits for configure")
    func buffering() throws {
        let effects = try simulate(
            try buzzKitExample(), ["arrive:service-extension", "open", "configure"],
            options: SimulationOptions(registeredActions: ["show_offer"]))
        #expect(summary(effects) == [
            "receipt $notification.delivered", "receipt $notification.opened", "action show_offer handled:true",
            "receipt $action.triggered", "route gym://class/77 via:system", "receipt $deeplink.opened",
        ])
    }

    @Test("launch sends nothing")
    func launch() throws {
        #expect(try simulate(try buzzKitExample(), ["launch"]).isEmpty)
    }
}

/// A delegate that records the links it is offered and consumes those with its scheme.
private final class RecordingDelegate: DeepLinkDelegate {
    let scheme: String
    let offered = Locked<[String]>([])
    init(scheme: String) { self.scheme = scheme }
    func openDeepLink(_ link: DeepLink) -> Bool {
        offered.withLock { $0.append(link.string) }
        return link.scheme == scheme
    }
}

@Suite("BuzzKit through NotificationBridge")
struct BuzzKitNotificationBridgeTests {
    @Test("the sink gets the receipts in order; the handler gets the action data; the delegate gets the link")
    func realBridge() throws {
        let sink = InMemoryReceiptSink()
        let router = DeepLinkRouter()
        let delegate = RecordingDelegate(scheme: "gym")
        router.delegate = delegate
        let actions = ActionRegistry()
        let received = Locked<[PushAction]>([])
        actions.register("show_offer") { action in received.withLock { $0.append(action) } }
        let bridge = NotificationBridge(
            registry: VendorRegistry(BuiltInVendors.all), sink: sink, router: router, actions: actions)
        let userInfo = try buzzKitExample()

        _ = bridge.handle(.arrive(.serviceExtension), userInfo: userInfo)
        _ = bridge.handle(LifecycleStep(actionIdentifier: LifecycleStep.defaultActionIdentifier), userInfo: userInfo)
        _ = bridge.handle(.open, userInfo: userInfo)

        #expect(sink.receipts.map(\.event) == [
            "$notification.delivered", "$notification.opened", "$action.triggered", "$deeplink.opened",
        ])
        #expect(sink.receipts.allSatisfy { $0.vendor == "buzzkit" && $0.messageId == "msg_01HV3" })
        #expect(received.withLock { $0 } == [PushAction(name: "show_offer", data: ["offerId": "summer"])])
        #expect(delegate.offered.withLock { $0 } == ["gym://class/77"])
        #expect(sink.receipts.last?.properties["via"] == "delegate")
    }

    @Test("typed text reaches the opened receipt of an input button through the bridge")
    func typedText() throws {
        let sink = InMemoryReceiptSink()
        let bridge = NotificationBridge(registry: VendorRegistry(BuiltInVendors.all), sink: sink)
        _ = bridge.handle(.openAction("note"), userInfo: try buzzKitExample(), userText: "Bring water")
        #expect(sink.receipts.map(\.properties) == [[
            "messageId": messageId, "action": "note", "input": "Bring water", "deepLink": "gym://class/77",
        ]])
    }
}
