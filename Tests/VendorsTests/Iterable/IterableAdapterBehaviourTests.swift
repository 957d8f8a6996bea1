import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let iterable = IterableAdapter()
/// Signed in by email: the SDK tracks opens only for a signed-in user.
private let signedIn = IterableAdapter(user: .email("ann@example.com"))
private let signedInRegistry = VendorRegistry(BuiltInVendors.all.map { $0.id == "iterable" ? signedIn : $0 })

/// A campaign push with a body link and three buttons (a link, a background custom action, a text input).
let iterableCampaignPush = #"""
    {"aps":{"alert":{"title":"Sale","body":"40% off"},"mutable-content":1},
     "itbl":{"campaignId":1234,"templateId":4321,"isGhostPush":false,"messageId":"m-1",
      "defaultAction":{"type":"openUrl","data":"https://shop.example.com/sale"},
      "actionButtons":[
       {"identifier":"buy","title":"Buy","buttonType":"default","openApp":true,
        "action":{"type":"openUrl","data":"https://shop.example.com/buy"}},
       {"identifier":"later","title":"Later","buttonType":"destructive","openApp":false,"requiresUnlock":true,
        "action":{"type":"snooze"}},
       {"identifier":"reply","title":"Reply","buttonType":"textInput","openApp":false,"inputTitle":"Go",
        "inputPlaceholder":"Say it","action":{"type":"handleReply"}}]},
     "coupon":"SPRING"}
    """#

@Suite("Iterable encode")
struct IterableEncodeTests {
    @Test("a ghost push writes messageId and notificationType back at the root")
    func ghostPush() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"content-available":1},"itbl":{"isGhostPush":true},"notificationType":"InAppUpdate","messageId":"g"}
            """#)
        expectRoundTrip(userInfo, through: iterable)
    }

    @Test("another vendor's payload: link as openUrl, action lost beside it, buttons with their own actions")
    func foreignPayload() {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "b-1", alert: PushAlert(body: "Hi"), category: "campaign",
            deepLink: "https://a.example.com", action: PushAction(name: "show", data: ["id": 7]),
            buttons: [
                PushButton(id: "x", title: "X", foreground: true, destructive: true, input: true, placeholder: "p"),
                PushButton(id: "y", title: "Y", deepLink: "https://b.example.com", action: PushAction(name: "z")),
            ],
            data: ["url": "https://c.example.com", "k": "v"])
        let encoded = iterable.encode(payload)
        let itbl = encoded.userInfo["itbl"]
        #expect(itbl?["messageId"] == "b-1")
        #expect(itbl?["defaultAction"] == ["type": "openUrl", "data": "https://a.example.com"])
        #expect(itbl?["actionButtons"] == [
            ["identifier": "x", "title": "X", "buttonType": "textInput", "openApp": true, "inputPlaceholder": "p"],
            ["identifier": "y", "title": "Y", "buttonType": "default", "openApp": false,
             "action": ["type": "openUrl", "data": "https://b.example.com"]],
        ])
        #expect(encoded.userInfo["k"] == "v")
        #expect(encoded.userInfo["url"] == nil)
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        #expect(encoded.userInfo["aps"]?["category"] == nil)
        #expect(Set(encoded.losses.map(\.path)) == [
            "$.action", "$.buttons[0].destructive", "$.buttons[1].action", "$.data.url", "$.category",
        ])
    }

    @Test("a named action's data other than one data string is a loss")
    func actionData() {
        let payload = PushPayload(vendor: "buzzkit", action: PushAction(name: "show", data: ["data": "d", "n": 1]))
        let encoded = iterable.encode(payload)
        #expect(encoded.userInfo["itbl"]?["defaultAction"] == ["type": "show", "data": "d"])
        #expect(encoded.losses.map(\.path) == ["$.action.data.n"])
    }

    @Test("an itbl string is not read: it is written back as the same string")
    func itblString() throws {
        let decoded = iterable.decode(try Fixtures.userInfo(#"{"aps":{"alert":"a"},"itbl":"{\"messageId\":\"m\"}"}"#))
        let encoded = iterable.encode(decoded.payload)
        #expect(encoded.userInfo["itbl"] == .string(#"{"messageId":"m"}"#))
    }
}

@Suite("Iterable receipts and taps")
struct IterableTapTests {
    @Test("a body tap: trackPushOpen with actionIdentifier default, then the link")
    func bodyTap() throws {
        let effects = try simulate(try Fixtures.userInfo(iterableCampaignPush), ["open"], registry: signedInRegistry)
        #expect(effects.map(\.json) == [
            .object([
                "type": "receipt", "vendor": "iterable", "kind": "opened", "event": "trackPushOpen",
                "properties": [
                    "campaignId": 1234, "templateId": 4321, "messageId": "m-1",
                    "dataFields": ["actionIdentifier": "default", "appAlreadyRunning": false],
                ],
            ]),
            BridgeEffect.route(url: "https://shop.example.com/sale", via: .system).json,
        ])
    }

    @Test("a text-input button tap sends its id and the typed text, then runs its action")
    func textInputTap() throws {
        let effects = try simulate(
            try Fixtures.userInfo(iterableCampaignPush), ["open:reply"],
            options: SimulationOptions(userText: "On my way", registeredActions: ["handleReply"]), registry: signedInRegistry)
        guard case .receipt(let receipt)? = effects.first else {
            Issue.record("no receipt first: \(effects)")
            return
        }
        #expect(receipt.kind == .actionClicked)
        #expect(receipt.action == "reply")
        #expect(receipt.properties["dataFields"] == [
            "actionIdentifier": "reply", "userText": "On my way", "appAlreadyRunning": false,
        ])
        #expect(effects.dropFirst().first == .action(name: "handleReply", handled: true, data: [:]))
    }

    @Test("a body tap sends no userText: only an action's response carries typed text (D10)")
    func bodyTapWithoutText() throws {
        let payload = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        let context = ReceiptContext(userText: "stray text")
        let body = signedIn.receipts(for: .open, payload: payload, context: context)
        #expect(body.map { $0.properties["dataFields"] } == [["actionIdentifier": "default", "appAlreadyRunning": false]])
        let button = signedIn.receipts(for: .openAction("reply"), payload: payload, context: context)
        #expect(button.first?.properties["dataFields"]?["userText"] == "stray text")
    }

    @Test("no trackPushOpen for a ghost, proof or test push, on arrival or dismissal", arguments: [
        #"{"itbl":{"campaignId":1,"templateId":2,"isGhostPush":true,"messageId":"m"}}"#,
        #"{"itbl":{"campaignId":0,"templateId":2,"isGhostPush":false,"messageId":"m"}}"#,
        #"{"itbl":{"campaignId":0,"templateId":0,"isGhostPush":false,"messageId":"m"}}"#,
        #"{"itbl":{"campaignId":1,"isGhostPush":false,"messageId":"m"}}"#,
    ])
    func noReceipts(text: String) throws {
        let payload = iterable.decode(try Fixtures.userInfo(text)).payload
        #expect(signedIn.receipts(for: .open, payload: payload, context: ReceiptContext()).isEmpty)
        let campaign = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        for step: LifecycleStep in [.arrive(.serviceExtension), .arrive(.foreground), .dismiss, .launch] {
            #expect(signedIn.receipts(for: step, payload: campaign, context: ReceiptContext()).isEmpty)
        }
    }

    @Test("a ghost push's notificationType is not run by a tap; a button runs only its own action")
    func tapPlans() throws {
        let ghost = iterable.decode(try Fixtures.userInfo(#"""
            {"itbl":{"isGhostPush":true},"notificationType":"InAppUpdate","messageId":"g"}
            """#)).payload
        #expect(iterable.tapPlan(for: .open, payload: ghost, context: ReceiptContext()).action == nil)
        let campaign = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        let later = iterable.tapPlan(for: .openAction("later"), payload: campaign, context: ReceiptContext())
        #expect(later.action == PushAction(name: "snooze"))
        #expect(later.deepLink == nil)
        #expect(iterable.tapPlan(for: .openAction("nope"), payload: campaign, context: ReceiptContext()) == .nothing)
    }

    @Test("the link gate: https only, widened by allowedProtocols as IterableConfig.allowedProtocols is")
    func linkGate() throws {
        let userInfo = try Fixtures.userInfo(#"{"itbl":{"messageId":"m","defaultAction":{"type":"openUrl","data":"shop://x"}}}"#)
        let refused = try simulate(userInfo, ["open"], options: SimulationOptions(delegateAcceptsSchemes: ["shop"]))
        #expect(refused.first == .route(url: "shop://x", via: .rejected))
        let widened = VendorRegistry([IterableAdapter(allowedProtocols: ["shop"])])
        let allowed = try simulate(
            userInfo, ["open"], options: SimulationOptions(delegateAcceptsSchemes: ["shop"]), registry: widened)
        #expect(allowed == [.route(url: "shop://x", via: .delegate)])
    }

    @Test("validate reports an untracked proof push and a link the gate refuses")
    func validation() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"a","mutable-content":1},"itbl":{"campaignId":0,"templateId":1,"isGhostPush":false,
             "messageId":"m","actionButtons":[{"identifier":"x"},{"identifier":"b","title":"B",
             "action":{"type":"openUrl","data":"http://a.example.com"}}]}}
            """#)
        let problems = iterable.validationProblems(userInfo, payload: iterable.decode(userInfo).payload)
        #expect(problems.map(\.diagnosticCode) == [.notTracked, .linkRefused])
        #expect(problems.map(\.path) == ["$.itbl.campaignId", "$.itbl.actionButtons[1].action"])
        let asString = try Fixtures.userInfo(#"""
            {"aps":{"alert":"a"},"itbl":"{\"campaignId\":1,\"templateId\":1,\"isGhostPush\":false,\"messageId\":\"m\"}"}
            """#)
        #expect(iterable.validationProblems(asString, payload: iterable.decode(asString).payload).isEmpty)
    }

    @Test("every receipt is a row of the event table")
    func eventTableRows() throws {
        let payload = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        for step: LifecycleStep in [.open, .openAction("buy"), .openAction("reply")] {
            for receipt in signedIn.receipts(for: step, payload: payload, context: ReceiptContext(userText: "t")) {
                let row = iterable.eventTable.first { $0.kind == receipt.kind && $0.event == receipt.event }
                #expect(row != nil)
                #expect(Set(receipt.properties.keys).isSubset(of: Set(row?.properties ?? [])))
            }
        }
    }
}

@Suite("Iterable categories, tokens and receipt requests")
struct IterableIntegrationTests {
    @Test("the extension's category: the messageId, with each button's options and text field")
    func messageIdCategory() throws {
        let payload = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        #expect(iterable.categories(for: payload) == [
            NotificationCategory(id: "m-1", owner: "iterable", actions: [
                NotificationAction(id: "buy", title: "Buy", options: [.foreground, .authenticationRequired]),
                NotificationAction(id: "later", title: "Later", options: [.destructive, .authenticationRequired]),
                NotificationAction(
                    id: "reply", title: "Reply",
                    textInput: NotificationAction.TextInput(buttonTitle: "Go", placeholder: "Say it")),
            ]),
        ])
        #expect(!iterable.ownsCategory("m-1"))
    }

    @Test("no category with aps.category or without a messageId; an empty one without buttons")
    func noCategory() throws {
        let withCategory = iterable.decode(try Fixtures.userInfo(
            #"{"aps":{"category":"APP"},"itbl":{"messageId":"m","actionButtons":[{"identifier":"a","title":"A"}]}}"#))
        #expect(iterable.categories(for: withCategory.payload).isEmpty)
        #expect(withCategory.diagnostics.contains { $0.diagnosticCode == .buttonsHiddenByCategory })
        let noMessageId = iterable.decode(try Fixtures.userInfo(#"{"itbl":{"actionButtons":[{"identifier":"a","title":"A"}]}}"#))
        #expect(iterable.categories(for: noMessageId.payload).isEmpty)
        let noButtons = iterable.decode(try Fixtures.userInfo(#"{"itbl":{"messageId":"m"}}"#)).payload
        #expect(iterable.categories(for: noButtons) == [NotificationCategory(id: "m", owner: "iterable")])
    }

    @Test("a dropped button shifts the wire index: requiresUnlock of the next button still applies")
    func wireIndexAfterDroppedButton() throws {
        let payload = iterable.decode(try Fixtures.userInfo(#"""
            {"itbl":{"messageId":"m","actionButtons":[{"identifier":"x"},
             {"identifier":"a","title":"A","openApp":false,"requiresUnlock":1}]}}
            """#)).payload
        #expect(iterable.categories(for: payload).first?.actions == [
            NotificationAction(id: "a", title: "A", options: [.authenticationRequired]),
        ])
    }

    @Test("token registration: token, bundle id, environment (production by default) and permission")
    func tokenRegistration() {
        let device = DeviceRegistration(token: "a1b2", bundleIdentifier: "com.example.shop", permission: .granted)
        #expect(iterable.tokenRegistration(for: device) == .register(TokenRegistrationRequest(
            vendor: "iterable", token: "a1b2", topic: "com.example.shop", environment: .production,
            permission: .granted)))
        let sandbox = DeviceRegistration(token: "a1b2", bundleIdentifier: "com.example.shop", environment: .sandbox)
        #expect(iterable.tokenRegistration(for: sandbox) == .register(TokenRegistrationRequest(
            vendor: "iterable", token: "a1b2", topic: "com.example.shop", environment: .sandbox, permission: .notDetermined)))
    }

    @Test("trackPushOpen request: POST /api/events/trackPushOpen, the properties as body, Api-Key secret")
    func receiptRequest() throws {
        let payload = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        let receipt = try #require(signedIn.receipts(for: .open, payload: payload, context: ReceiptContext()).first)
        let request = iterable.receiptRequest(for: receipt, writeKey: "secret-key")!
        #expect(request.method == "POST")
        #expect(request.path == "/api/events/trackPushOpen")
        #expect(request.header("Api-Key") == "secret-key")
        #expect(request.header("Content-Type") == "application/json")
        #expect(!request.description.contains("secret-key"))
        #expect(try JSONParser.parse(request.body) == .object(receipt.properties))
        #expect(iterable.receiptRequest(for: receipt, writeKey: nil)!.header("Api-Key") == nil)
        #expect(iterable.profile.receiptService?.defaultBaseURL == "https://api.iterable.com")
    }

    @Test("trackPushOpen names the configured user: email or userId at the top of the body, never both")
    func receiptRequestUser() throws {
        let payload = iterable.decode(try Fixtures.userInfo(iterableCampaignPush)).payload
        let receipt = try #require(signedIn.receipts(for: .open, payload: payload, context: ReceiptContext()).first)
        let byEmail = IterableAdapter(user: .email("ada@example.com")).receiptRequest(for: receipt, writeKey: "k")!
        var expected = receipt.properties
        expected["email"] = "ada@example.com"
        #expect(try JSONParser.parse(byEmail.body) == .object(expected))
        let byId = IterableAdapter(user: .userId("user-7")).receiptRequest(for: receipt, writeKey: "k")!
        let body = try #require(try JSONParser.parse(byId.body).objectValue)
        #expect(body["userId"] == "user-7")
        #expect(body["email"] == nil)
        #expect(body["campaignId"] == receipt.properties["campaignId"])
        #expect(iterable.user == nil)
    }
}

@Suite("Iterable: cold start, once per payload, ghost default action")
struct IterableAppStateTests {
    private func receiptsAndRoutes(_ effects: [BridgeEffect]) -> [String] {
        effects.compactMap { effect in
            switch effect {
            case .receipt(let receipt):
                return "\(receipt.event) \(receipt.properties["dataFields"]?["actionIdentifier"]?.stringValue ?? "-")"
            case .route(let url, _): return "route \(url)"
            case .action(let name, _, _): return "action \(name)"
            default: return nil
            }
        }
    }

    @Test("a button tap that launches the app is tracked as default and runs the body's action")
    func coldStartButton() throws {
        let userInfo = try Fixtures.userInfo(iterableCampaignPush)
        let cold = try simulate(
            userInfo, ["open:buy"], options: SimulationOptions(appState: .notRunning), registry: signedInRegistry)
        #expect(receiptsAndRoutes(cold) == ["trackPushOpen default", "route https://shop.example.com/sale"])
        for state: AppState in [.background, .active] {
            let warm = try simulate(userInfo, ["open:buy"], options: SimulationOptions(appState: state), registry: signedInRegistry)
            #expect(receiptsAndRoutes(warm) == ["trackPushOpen buy", "route https://shop.example.com/buy"], "\(state)")
        }
    }

    @Test("launch options of a content-available 1 push are skipped: the button response runs as a button")
    func coldStartContentAvailable() throws {
        var userInfo = try Fixtures.userInfo(iterableCampaignPush)
        for flag: JSONValue in [1, true] {
            userInfo["aps"] = ["alert": "Sale", "content-available": flag]
            let cold = try simulate(
                userInfo, ["open:buy"], options: SimulationOptions(appState: .notRunning), registry: signedInRegistry)
            #expect(receiptsAndRoutes(cold) == ["trackPushOpen buy", "route https://shop.example.com/buy"], "\(flag)")
        }
        // The SDK checks `as? Int == 1`: the string "1" does not skip them.
        userInfo["aps"] = ["alert": "Sale", "content-available": "1"]
        let cold = try simulate(
            userInfo, ["open:buy"], options: SimulationOptions(appState: .notRunning), registry: signedInRegistry)
        #expect(receiptsAndRoutes(cold) == ["trackPushOpen default", "route https://shop.example.com/sale"])
    }

    @Test("once a payload is handled, a later response to it runs nothing, a button's included")
    func oncePerPayload() throws {
        let effects = try simulate(
            try Fixtures.userInfo(iterableCampaignPush), ["open", "open:buy", "open:later"], registry: signedInRegistry)
        #expect(receiptsAndRoutes(effects) == ["trackPushOpen default", "route https://shop.example.com/sale"])
        #expect(signedIn.handlesMessageOnce(at: .openAction("buy")) && signedIn.handlesMessageOnce(at: .open))
        #expect(!signedIn.handlesMessageOnce(at: .dismiss) && !signedIn.handlesMessageOnce(at: .arrive(.foreground)))
    }

    @Test("a tapped ghost push runs its named defaultAction, and is not tracked")
    func ghostDefaultAction() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi"},"itbl":{"campaignId":1,"templateId":2,"isGhostPush":true,"messageId":"g",
             "defaultAction":{"type":"showOffer","data":"o-7"}},"notificationType":"InAppUpdate"}
            """#)
        let effects = try simulate(
            userInfo, ["open"], options: SimulationOptions(registeredActions: ["showOffer"]), registry: signedInRegistry)
        #expect(receiptsAndRoutes(effects) == ["action showOffer"])
        let payload = iterable.decode(userInfo).payload
        #expect(payload.action == PushAction(name: "InAppUpdate"))
    }
}

@Suite("Iterable: a button flag given as a number")
struct IterableButtonFlagTests {
    @Test("openApp 1.5 is read as the SDK's boolValue (true), reported, and kept for the round trip")
    func fractionalOpenApp() throws {
        var userInfo = try Fixtures.userInfo(iterableCampaignPush)
        guard case .object(var itbl)? = userInfo["itbl"], case .array(var buttons)? = itbl["actionButtons"],
            case .object(var later)? = buttons.dropFirst().first
        else {
            Issue.record("fixture shape")
            return
        }
        later["openApp"] = 1.5
        buttons[1] = .object(later)
        itbl["actionButtons"] = .array(buttons)
        userInfo["itbl"] = .object(itbl)
        let decoded = iterable.decode(userInfo)
        #expect(decoded.payload.buttons[1].foreground)
        let path = "$.itbl.actionButtons[1].openApp"
        #expect(decoded.diagnostics.contains { $0.path == path && $0.diagnosticCode == .wrongType })
        expectRoundTrip(userInfo, through: iterable)
        // 0 and 1 are plain flags: nothing to report.
        later["openApp"] = 0
        buttons[1] = .object(later)
        itbl["actionButtons"] = .array(buttons)
        userInfo["itbl"] = .object(itbl)
        #expect(!iterable.decode(userInfo).diagnostics.contains { $0.path == path })
    }
}
