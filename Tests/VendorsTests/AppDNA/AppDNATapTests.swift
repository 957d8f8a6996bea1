import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA adapter: receipts and tap plans")
struct AppDNATapTests {
    let adapter = AppDNAAdapter()

    var payload: PushPayload { AppDNAFixtures.specExamplePayload }

    func receipts(_ step: String, userText: String? = nil) throws -> [Receipt] {
        let step = try #require(LifecycleStep(step))
        return adapter.receipts(for: step, payload: payload, context: ReceiptContext(userText: userText))
    }

    func plan(_ step: String, payload: PushPayload? = nil) throws -> TapPlan {
        let step = try #require(LifecycleStep(step))
        return adapter.tapPlan(for: step, payload: payload ?? self.payload, context: ReceiptContext(userText: "typed"))
    }

    // MARK: Receipts

    @Test("arrive:foreground → push_delivered with in_foreground true")
    func deliveredForeground() throws {
        #expect(try receipts("arrive:foreground") == [Receipt(
            vendor: "appdna", kind: .delivered, event: "push_delivered",
            properties: ["push_id": "push-123", "in_foreground": true], messageId: "push-123")])
    }

    @Test("arrive:background → push_delivered with in_foreground false")
    func deliveredBackground() throws {
        #expect(try receipts("arrive:background") == [Receipt(
            vendor: "appdna", kind: .delivered, event: "push_delivered",
            properties: ["push_id": "push-123", "in_foreground": false], messageId: "push-123")])
    }

    @Test("the service extension, a swipe-away, configure and launch send no receipt")
    func noReceipt() throws {
        for step in ["arrive:service-extension", "dismiss", "configure", "launch"] {
            #expect(try receipts(step) == [], "\(step)")
        }
    }

    @Test("a body tap → push_tapped with push_id only")
    func bodyTap() throws {
        #expect(try receipts("open") == [Receipt(
            vendor: "appdna", kind: .opened, event: "push_tapped", properties: ["push_id": "push-123"],
            messageId: "push-123")])
    }

    @Test("a button tap → push_tapped with action = the button id")
    func buttonTap() throws {
        #expect(try receipts("open:later") == [Receipt(
            vendor: "appdna", kind: .opened, event: "push_tapped",
            properties: ["push_id": "push-123", "action": "later"], messageId: "push-123")])
    }

    @Test("typed text is never in a receipt")
    func typedTextNotInReceipt() throws {
        let receipts = try receipts("open:reply", userText: "See you at 7")
        #expect(receipts.map(\.properties) == [["push_id": "push-123", "action": "reply"]])
        #expect(!receipts.contains { $0.properties.values.contains("See you at 7") })
    }

    @Test("without a non-empty push_id, no receipt is sent")
    func noPushID() {
        for messageId in [nil, ""] as [String?] {
            var payload = payload
            payload.messageId = messageId
            for step in [LifecycleStep.arrive(.foreground), .arrive(.background), .open, .openAction("open")] {
                #expect(adapter.receipts(for: step, payload: payload, context: ReceiptContext()) == [])
            }
        }
    }

    // MARK: Tap plans

    @Test("a body tap runs the message's show_screen action, link rule afterAction")
    func bodyTapShowScreen() throws {
        let plan = try plan("open")
        #expect(plan.action == PushAction(name: "show_screen", data: ["screen": "plan"]))
        #expect(plan.deepLink == nil)
        #expect(plan.linkRule == .afterAction)
    }

    @Test("a body tap routes the message's deep_link or open_url link")
    func bodyTapDeepLink() throws {
        for type in ["deep_link", "open_url"] {
            let payload = adapter.decode(AppDNAFixtures.push(["action": ["type": .string(type), "value": "fit://w"]]))
                .payload
            let plan = try plan("open", payload: payload)
            #expect(plan == TapPlan(deepLink: "fit://w", linkRule: .afterAction))
        }
    }

    @Test("a body tap on a push with no action only opens the app")
    func bodyTapNothing() throws {
        #expect(try plan("open", payload: PushPayload(vendor: "appdna", messageId: "p")) == .nothing)
    }

    @Test("a deep_link button routes its own link, not the message's action")
    func linkButton() throws {
        #expect(try plan("open:open") == TapPlan(deepLink: "fit://plan", linkRule: .afterAction))
    }

    @Test("a show_screen button runs its own show_screen")
    func showScreenButton() throws {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "s", "title": "S", "type": "show_screen", "value": "stats"],
        ])).payload
        #expect(try plan("open:s", payload: payload)
            == TapPlan(action: PushAction(name: "show_screen", data: ["screen": "stats"])))
    }

    @Test("dismiss, text_reply and foreground: false buttons route nothing")
    func buttonsThatDoNotOpen() throws {
        #expect(try plan("open:later") == .nothing)
        #expect(try plan("open:reply") == .nothing)
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "bg", "title": "BG", "type": "deep_link", "value": "fit://bg", "foreground": false],
            ["id": "dm", "title": "DM", "type": "dismiss", "value": "fit://no", "foreground": true],
        ])).payload
        #expect(try plan("open:bg", payload: payload) == .nothing)
        #expect(try plan("open:dm", payload: payload) == .nothing)
    }

    @Test("a plain button that opens the app, or an unknown action id, routes nothing of the message's")
    func plainButton() throws {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push([
            "action": ["type": "deep_link", "value": "fit://message"], "actions": [["id": "a", "title": "A"]],
        ])).payload
        #expect(try plan("open:a", payload: payload) == .nothing)
        #expect(try plan("open:missing", payload: payload) == .nothing)
    }

    @Test("steps that are not taps plan nothing")
    func notTaps() throws {
        for step in ["arrive:foreground", "arrive:background", "arrive:service-extension", "dismiss", "launch"] {
            #expect(try plan(step) == .nothing, "\(step)")
        }
    }
}
