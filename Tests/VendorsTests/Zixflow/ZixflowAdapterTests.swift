import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let zixflow = ZixflowAdapter()


@Suite("Zixflow detection")
struct ZixflowDetectionTests {
    @Test("claims a payload with a non-empty string Zixflow-Delivery-ID")
    func claimsDeliveryID() throws {
        #expect(zixflow.claims(try Fixtures.userInfo(#"{"Zixflow-Delivery-ID":"1"}"#)))
        #expect(!zixflow.claims(try Fixtures.userInfo(#"{"Zixflow-Delivery-ID":""}"#)))
        #expect(!zixflow.claims(try Fixtures.userInfo(#"{"Zixflow-Delivery-ID":12}"#)))
        #expect(!zixflow.claims(try Fixtures.userInfo(#"{"aps":{"alert":"hi"}}"#)))
    }
}

@Suite("Zixflow decode")
struct ZixflowDecodeTests {
    @Test("Custom-mode seed: top-level title, body and badge string win; image, buttons, ignored keys")
    func customSeed() throws {
        let decoded = zixflow.decode(try Fixtures.payload("zixflow-custom.json"))
        let payload = decoded.payload
        #expect(payload.vendor == "zixflow")
        #expect(payload.messageId == "626533406292836846")
        #expect(payload.alert == PushAlert(title: "Flash Sale! 70% OFF 🔥", body: "Limited time only — grab your deal now!"))
        #expect(payload.badge == 5)
        #expect(payload.sound == "notification_tone.caf")
        #expect(payload.category == "ZX_2BTN")
        #expect(payload.mutableContent)
        #expect(payload.imageURL == "https://cdn.yourapp.com/banner.png")
        #expect(payload.deepLink == "https://yourapp.com/sale")
        #expect(payload.buttons == [
            PushButton(id: "ACTION_0", title: "Shop Now", deepLink: "https://yourapp.com/sale", foreground: true),
            PushButton(id: "ACTION_1", title: "Remind Me", deepLink: nil, foreground: true),
        ])
        #expect(payload.data == ["notif_id": "626533406292836846", "template_id": "469935", "workspace_id": "68be4f797a6494676161e98b"])
        #expect(payload.tracking == ["Zixflow-Delivery-ID": "626533406292836846", "Zixflow-Delivery-Token": "dcFRlDhiRbehM1vg..."])
        #expect(payload.ignored == ["large_icon_url": "https://cdn.yourapp.com/icon.png"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .noIOSMeaning && $0.path == "$.large_icon_url" })
    }

    @Test("Native-mode seed: display from aps, thread id, buttons from the action_buttons string")
    func nativeSeed() throws {
        let payload = zixflow.decode(try Fixtures.payload("zixflow-native.json")).payload
        #expect(payload.alert?.title == "Flash Sale! 70% OFF 🔥")
        #expect(payload.badge == 5)
        #expect(payload.threadId == "626533406292836846")
        #expect(!payload.mutableContent)
        #expect(payload.buttons.map(\.title) == ["Shop Now", "Remind Me"])
        #expect(payload.ignored.isEmpty)
    }

    @Test("Custom mode: top-level title and body win over aps.alert")
    func customTextWins() throws {
        let payload = zixflow.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":{"title":"short","body":"short body"},"mutable-content":1},
             "Zixflow-Delivery-ID":"1","title":"Long title","body":"Long body"}
            """#)).payload
        #expect(payload.alert == PushAlert(title: "Long title", body: "Long body"))
    }

    @Test("Native mode: a top-level title, body or badge is custom data")
    func nativeTopLevelTextIsData() throws {
        let payload = zixflow.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":{"title":"Shown"}},"Zixflow-Delivery-ID":"1","title":"data title","badge":"3"}
            """#)).payload
        #expect(payload.alert?.title == "Shown")
        #expect(payload.data["title"] == "data title")
        #expect(payload.data["badge"] == "3")
        #expect(payload.badge == nil)
    }

    @Test("mutable-content without a top-level title or body is Native mode")
    func mutableContentAloneIsNative() throws {
        let payload = zixflow.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"hi","mutable-content":1},"Zixflow-Delivery-ID":"1","badge":"4"}"#)).payload
        #expect(payload.badge == nil)
        #expect(payload.data["badge"] == "4")
    }

    @Test("Custom-mode badge string wins over aps.badge")
    func customBadgeWins() throws {
        let payload = zixflow.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"x","badge":1,"mutable-content":1},"Zixflow-Delivery-ID":"1","body":"x","badge":"9"}"#)).payload
        #expect(payload.badge == 9)
    }

    @Test("a badge string that is not an integer is ignored with a diagnostic and kept")
    func nonIntegerBadge() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"x","badge":2,"mutable-content":1},"Zixflow-Delivery-ID":"1","body":"x","badge":"five"}"#))
        #expect(decoded.payload.badge == 2)
        #expect(decoded.payload.ignored["badge"] == "five")
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .badgeNotInteger && $0.path == "$.badge" })
    }

    @Test("aps.alert given as a plain string is the body")
    func alertString() throws {
        #expect(zixflow.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"Hello"},"Zixflow-Delivery-ID":"1"}"#)).payload.alert == PushAlert(body: "Hello"))
    }

    @Test("action_buttons: at most two buttons are used, the rest reported")
    func prefixTwo() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(#"""
            {"Zixflow-Delivery-ID":"1","action_buttons":"[{\"name\":\"A\",\"deeplink\":\"a://1\"},{\"name\":\"B\",\"deeplink\":\"\"},{\"name\":\"C\",\"deeplink\":\"c://3\"}]"}
            """#))
        #expect(decoded.payload.buttons.map(\.id) == ["ACTION_0", "ACTION_1"])
        #expect(decoded.payload.buttons.map(\.title) == ["A", "B"])
        #expect(decoded.payload.buttons[1].deepLink == nil)
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .tooManyButtons && $0.message.contains("c://3") })
    }

    @Test("action_buttons that is not a JSON string, or malformed, gives no buttons, a diagnostic, and is kept")
    func malformedButtons() throws {
        for raw in [#""[{\"name\":""#, #"[{"name":"A"}]"#, #""{\"name\":\"A\"}""#, #""[1,2]""#, #""[{\"name\":\"A\"},3]""#] {
            let decoded = zixflow.decode(try Fixtures.userInfo(
                #"{"Zixflow-Delivery-ID":"1","action_buttons":"# + raw + "}"))
            #expect(decoded.payload.buttons.isEmpty, "\(raw)")
            #expect(decoded.payload.ignored["action_buttons"] != nil, "\(raw)")
            #expect(decoded.diagnostics.contains { $0.path == "$.action_buttons" }, "\(raw)")
        }
    }

    @Test("a button name of the wrong type is \"Action N+1\" (WIRE-FORMATS §3.1), a deeplink of the wrong type none; each diagnosed")
    func buttonFieldTypes() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(
            #"{"Zixflow-Delivery-ID":"1","action_buttons":"[{\"name\":7,\"deeplink\":false}]"}"#))
        #expect(decoded.payload.buttons == [PushButton(id: "ACTION_0", title: "Action 1", foreground: true)])
        #expect(decoded.diagnostics.contains { $0.path == "$.action_buttons[0].name" })
        #expect(decoded.diagnostics.contains { $0.path == "$.action_buttons[0].deeplink" })
        #expect(decoded.payload.ignored["action_buttons"] == #"[{"name":7,"deeplink":false}]"#)
    }

    @Test("a button member the bridge form cannot hold keeps the action_buttons string under ignored, never dropped")
    func buttonMembersKept() throws {
        let sent = #"[{"name":"Shop","deeplink":"","color":"red"},{"name":"B","deeplink":"app://b"}]"#
        var userInfo: JSONObject = ["aps": ["alert": "x"], "Zixflow-Delivery-ID": "1"]
        userInfo["action_buttons"] = .string(sent)
        let decoded = zixflow.decode(userInfo)
        #expect(decoded.payload.buttons.map(\.title) == ["Shop", "B"])
        #expect(decoded.payload.ignored["action_buttons"] == .string(sent))
        #expect(decoded.diagnostics.map(\.diagnosticCode) == [.unknownKey])
        #expect(decoded.diagnostics.first?.path == "$.action_buttons[0].color")
        let encoded = zixflow.encode(decoded.payload)
        #expect(encoded.losses.map(\.path) == ["$.ignored.action_buttons"])
        #expect(zixflow.decode(encoded.userInfo).payload.buttons == decoded.payload.buttons)
        userInfo["action_buttons"] = #"[{"name":"Shop","deeplink":""}]"#
        #expect(zixflow.decode(userInfo).payload.ignored.isEmpty)
    }

    @Test("sticky and large_icon_url are recorded as ignored, never an error")
    func ignoredKeys() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(
            #"{"Zixflow-Delivery-ID":"1","sticky":true,"large_icon_url":"https://x/i.png"}"#))
        #expect(decoded.payload.ignored == ["sticky": true, "large_icon_url": "https://x/i.png"])
        #expect(decoded.diagnostics.allSatisfy { $0.severity == .info })
    }

    @Test("every Zixflow key with the wrong type: no crash, a diagnostic, the value kept")
    func wrongTypes() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(#"""
            {"Zixflow-Delivery-ID":1,"Zixflow-Delivery-Token":[],"image_url":{},"deeplink_url":3,
             "click_action":null,"action_buttons":{},"aps":{"alert":7,"badge":"x","mutable-content":"1"},
             "title":1,"body":false,"badge":[1]}
            """#))
        let payload = decoded.payload
        #expect(payload.messageId == nil)
        for key in ["Zixflow-Delivery-ID", "Zixflow-Delivery-Token", "image_url", "deeplink_url", "click_action", "action_buttons"] {
            #expect(payload.ignored[key] != nil, "\(key)")
            #expect(decoded.diagnostics.contains { $0.path.contains(key) }, "\(key)")
        }
        #expect(payload.apsExtra["alert"] == 7)
        #expect(payload.apsExtra["badge"] == "x")
        #expect(payload.apsExtra["mutable-content"] == "1")
        #expect(payload.data["title"] == 1)
    }

    @Test("diagnostics come in key order (aps first, the missing delivery id last), whatever the dictionary's order")
    func diagnosticsInKeyOrder() throws {
        let decoded = zixflow.decode(try Fixtures.userInfo(#"""
            {"Zixflow-Delivery-ID":1,"Zixflow-Delivery-Token":[],"image_url":{},"deeplink_url":3,"sticky":true,
             "click_action":null,"action_buttons":"[{\"name\":1,\"deeplink\":2}]","aps":{"badge":"x","mutable-content":1},
             "title":1,"body":"B","badge":[1],"large_icon_url":"i","zz":1,"a":2}
            """#))
        #expect(decoded.diagnostics.map(\.path) == [
            "$.aps.badge",
            #"$["Zixflow-Delivery-ID"]"#, #"$["Zixflow-Delivery-Token"]"#,
            "$.action_buttons[0].name", "$.action_buttons[0].deeplink",
            "$.badge", "$.click_action", "$.deeplink_url", "$.image_url", "$.large_icon_url", "$.sticky", "$.title",
            #"$["Zixflow-Delivery-ID"]"#,
        ])
        #expect(decoded.diagnostics.last?.diagnosticCode == .deliveryIDMissing)
    }

    @Test("empty strings: empty deeplink_url is no deep link, empty token falls back, empty id claims nothing")
    func emptyStrings() throws {
        let payload = zixflow.decode(try Fixtures.userInfo(
            #"{"Zixflow-Delivery-ID":"1","Zixflow-Delivery-Token":"","deeplink_url":"","title":""}"#)).payload
        #expect(payload.deepLink == nil)
        #expect(payload.tracking["Zixflow-Delivery-Token"] == "")
    }

    @Test("a 1 MB payload decodes")
    func largePayload() {
        let big = String(repeating: "x", count: 1_000_000)
        let payload = zixflow.decode(["Zixflow-Delivery-ID": "1", "aps": ["alert": .string(big)]]).payload
        #expect(payload.alert?.body?.count == 1_000_000)
    }
}

@Suite("Zixflow action identifiers")
struct ZixflowActionIndexTests {
    @Test("one leading ACTION_ is removed, then Int(String); otherwise -1")
    func actionIndex() {
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_0") == 0)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_1") == 1)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_+1") == 1)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_-3") == -3)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_x") == -1)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_ACTION_1") == -1)
        #expect(ZixflowAdapter.actionIndex(of: "reply") == -1)
        #expect(ZixflowAdapter.actionIndex(of: "ACTION_") == -1)
    }
}

@Suite("Zixflow receipts")
struct ZixflowReceiptTests {
    let seed: JSONObject
    init() throws { seed = try Fixtures.payload("zixflow-custom.json") }

    private var ids: JSONObject {
        ["Zixflow-Delivery-ID": "626533406292836846", "Zixflow-Delivery-Token": "dcFRlDhiRbehM1vg..."]
    }

    @Test("Delivered on every arrive, the service extension included", arguments: ArrivalContext.allCases)
    func deliveredOnArrive(context: ArrivalContext) throws {
        // The seed has mutable-content; a background arrival also needs content-available.
        var userInfo = seed
        var aps = try #require(userInfo["aps"]?.objectValue)
        if context == .background { aps["content-available"] = 1 }
        userInfo["aps"] = .object(aps)
        let sent = try simulate(userInfo, ["arrive:\(context.rawValue)"]).receipts
        #expect(sent.map(\.event) == ["Delivered"])
        #expect(sent.first?.kind == .delivered)
        #expect(sent.first?.properties == ids)
    }

    @Test("body tap: Opened, then deeplink_url")
    func bodyTap() throws {
        let result = try simulate(seed, ["open"])
        #expect(result.receipts.map(\.event) == ["Opened"])
        #expect(result.last == .route(url: "https://yourapp.com/sale", via: .system))
    }

    @Test("button tap: Opened, then Push Notification Action Clicked with its properties, then the button's deeplink")
    func buttonTap() throws {
        let result = try simulate(seed, ["open:ACTION_0"])
        let sent = result.receipts
        #expect(sent.map(\.event) == ["Opened", "Push Notification Action Clicked"])
        #expect(sent[1].kind == .actionClicked)
        #expect(sent[1].properties == ids.merging([
            "action_index": 0, "action_name": "Shop Now", "action_deeplink": "https://yourapp.com/sale",
            "action_id": "ACTION_0",
        ]) { $1 })
        #expect(result.routes.map(\.url) == ["https://yourapp.com/sale"])
    }

    @Test("a button with an empty deeplink falls back to deeplink_url")
    func emptyButtonLinkFallsBack() throws {
        var userInfo = seed
        userInfo["deeplink_url"] = "app://fallback"
        let result = try simulate(userInfo, ["open:ACTION_1"])
        #expect(result.receipts[1].properties["action_deeplink"] == "")
        #expect(result.routes.map(\.url) == ["app://fallback"])
    }

    @Test("an unparsable action id is index -1, named \"Action 0\", with an empty deeplink")
    func unparsableActionID() throws {
        let clicked = try simulate(seed, ["open:ACTION_x"]).receipts[1]
        #expect(clicked.properties["action_index"] == -1)
        #expect(clicked.properties["action_name"] == "Action 0")
        #expect(clicked.properties["action_deeplink"] == "")
    }

    @Test("an out-of-range index is named \"Action N+1\"")
    func outOfRangeIndex() throws {
        #expect(try simulate(seed, ["open:ACTION_5"]).receipts[1].properties["action_name"] == "Action 6")
    }

    @Test("a button without a string name is named \"Action N+1\", as the SDK's `name as? String` falls back (WIRE-FORMATS §3.1)")
    func buttonWithoutName() throws {
        var userInfo = seed
        userInfo["action_buttons"] = #"[{"deeplink":"app://a"},{"name":5,"deeplink":""}]"#
        for (step, name) in [("open:ACTION_0", "Action 1"), ("open:ACTION_1", "Action 2")] {
            #expect(try simulate(userInfo, [step]).receipts[1].properties["action_name"] == .string(name))
        }
        userInfo["action_buttons"] = #"[{"name":"","deeplink":""}]"#
        #expect(try simulate(userInfo, ["open:ACTION_0"]).receipts[1].properties["action_name"] == "")
    }

    @Test("no delivery token: the cached device token is used (absent or empty); none at all: no receipt")
    func tokenFallback() throws {
        for tokenJSON in ["", #","Zixflow-Delivery-Token":"""#] {
            let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"9""# + tokenJSON + "}")
            let sent = try simulate(userInfo, ["arrive:foreground"], options: SimulationOptions(deviceToken: "abcd"))
                .receipts
            #expect(sent.first?.properties["Zixflow-Delivery-Token"] == "abcd")
            #expect(try simulate(userInfo, ["arrive:foreground"]).receipts.isEmpty)
        }
    }

    @Test("no delivery id: no Zixflow receipt at all, but the link still routes")
    func noDeliveryID() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-Token":"t","deeplink_url":"app://x"}"#)
        let result = try simulate(
            userInfo, ["arrive:foreground", "open"], options: SimulationOptions(vendor: "zixflow"))
        #expect(result.receipts.isEmpty)
        #expect(result.routes.map(\.url) == ["app://x"])
    }

    @Test("legacy naming: Report Delivery Event with a metric property")
    func legacyNaming() {
        let legacy = ZixflowAdapter(eventNaming: .legacy)
        let payload = legacy.decode(seed).payload
        let delivered = legacy.receipts(for: .arrive(.foreground), payload: payload, context: ReceiptContext())
        #expect(delivered.map(\.event) == ["Report Delivery Event"])
        #expect(delivered[0].properties["metric"] == "delivered")
        let opened = legacy.receipts(for: .openAction("ACTION_0"), payload: payload, context: ReceiptContext())
        #expect(opened.map(\.event) == ["Report Delivery Event", "Push Notification Action Clicked"])
        #expect(opened[0].properties["metric"] == "opened")
    }

    @Test("dismiss and launch send nothing")
    func dismissAndLaunch() throws {
        #expect(try simulate(seed, ["dismiss", "launch"]).isEmpty)
    }

    @Test("the same open twice is handled once")
    func onceOnly() throws {
        let result = try simulate(seed, ["open", "open"])
        #expect(result.receipts.count == 1)
        #expect(result.routes.map(\.url).count == 1)
    }
}

@Suite("Zixflow taps")
struct ZixflowTapTests {
    let userInfo: JSONObject

    init() throws {
        userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"1","click_action":"OPEN_SALE","deeplink_url":"app://sale"}"#)
    }

    @Test("body tap: a handled click_action means no deep link")
    func handledClickAction() throws {
        let result = try simulate(userInfo, ["open"], options: SimulationOptions(registeredActions: ["OPEN_SALE"]))
        #expect(result.contains(.action(name: "OPEN_SALE", handled: true, data: [:])))
        #expect(result.routes.map(\.url).isEmpty)
    }

    @Test("body tap: an unhandled click_action falls back to deeplink_url")
    func unhandledClickAction() throws {
        let result = try simulate(userInfo, ["open"])
        #expect(result.contains(.action(name: "OPEN_SALE", handled: false, data: [:])))
        #expect(result.routes.map(\.url) == ["app://sale"])
        let actionIndex = result.firstIndex { if case .action = $0 { true } else { false } }!
        let routeIndex = result.firstIndex { if case .route = $0 { true } else { false } }!
        #expect(actionIndex < routeIndex)
    }

    @Test("a button tap does not offer click_action")
    func buttonTapSkipsClickAction() throws {
        let result = try simulate(userInfo, ["open:ACTION_0"])
        #expect(!result.contains { if case .action = $0 { true } else { false } })
        #expect(result.routes.map(\.url) == ["app://sale"])
    }

    @Test("an empty deeplink is never navigated")
    func emptyLinkNeverRoutes() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"1","deeplink_url":"","action_buttons":"[{\"name\":\"A\",\"deeplink\":\"\"}]"}"#)
        #expect(try simulate(userInfo, ["open"]).routes.map(\.url).isEmpty)
        #expect(try simulate(userInfo, ["open:ACTION_0"]).routes.map(\.url).isEmpty)
    }
}

@Suite("Zixflow encode")
struct ZixflowEncodeTests {
    @Test("each seed, Native and Custom, translates back to Zixflow unchanged", arguments: Fixtures.zixflowSeeds)
    func roundTrip(name: String) throws {
        let seed = try Fixtures.payload(name)
        let translation = Translator.translate(seed, from: zixflow, to: zixflow)
        #expect(translation.userInfo == seed)
        #expect(translation.losses.isEmpty)
    }

    @Test("the Custom seed's own encoding adds aps.badge, which encoding always writes")
    func customOwnEncoding() throws {
        let seed = try Fixtures.payload("zixflow-custom.json")
        var expected = seed
        var aps = expected["aps"]!.objectValue!
        aps["badge"] = 5
        expected["aps"] = .object(aps)
        let encoded = zixflow.encode(zixflow.decode(seed).payload)
        #expect(encoded.userInfo == expected)
        #expect(encoded.losses.isEmpty)
    }

    @Test("decode(encode(p)) == p for both seeds")
    func decodeEncodeLaw() throws {
        for name in ["zixflow-custom.json", "zixflow-native.json"] {
            let payload = zixflow.decode(try Fixtures.payload(name)).payload
            let encoded = zixflow.encode(payload)
            #expect(encoded.losses.isEmpty)
            #expect(zixflow.decode(encoded.userInfo).payload == payload, "\(name)")
        }
    }

    @Test("Custom mode with an image or buttons: mutable-content, top-level title/body/badge, aps.alert kept")
    func customModeFromOtherVendor() {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m1", alert: PushAlert(title: "T", body: "B"), badge: 3,
            imageURL: "https://x/i.png")
        let userInfo = zixflow.encode(payload).userInfo
        #expect(userInfo["aps"]?["mutable-content"] == 1)
        #expect(userInfo["aps"]?["alert"] == ["title": "T", "body": "B"])
        #expect(userInfo["aps"]?["badge"] == 3)
        #expect(userInfo["title"] == "T")
        #expect(userInfo["body"] == "B")
        #expect(userInfo["badge"] == "3")
        #expect(userInfo["Zixflow-Delivery-ID"] == "m1")
        #expect(userInfo["image_url"] == "https://x/i.png")
    }

    @Test("Native mode without image or buttons: no top-level display keys, aps.badge written")
    func nativeMode() {
        let payload = PushPayload(vendor: "pushnotifai", messageId: "m1", alert: PushAlert(body: "B"), badge: 2)
        let userInfo = zixflow.encode(payload).userInfo
        #expect(userInfo["aps"]?["mutable-content"] == nil)
        #expect(userInfo["aps"]?["badge"] == 2)
        #expect(userInfo["title"] == nil && userInfo["body"] == nil && userInfo["badge"] == nil)
    }

    @Test("buttons from another vendor: a third button, ids, input, destructive, actions are losses")
    func buttonLosses() {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"),
            buttons: [
                PushButton(id: "confirm", title: "Confirm", foreground: true),
                PushButton(id: "skip", title: "Skip", destructive: true),
                PushButton(id: "note", title: "Note", input: true, placeholder: "Your note"),
            ])
        let encoded = zixflow.encode(payload)
        let paths = Set(encoded.losses.map(\.path))
        #expect(paths.isSuperset(of: ["$.buttons[2]", "$.buttons[0].id", "$.buttons[1].destructive", "$.buttons[1].foreground"]))
        #expect(encoded.userInfo["action_buttons"] == #"[{"name":"Confirm","deeplink":""},{"name":"Skip","deeplink":""}]"#)
        #expect(encoded.userInfo["aps"]?["category"] == "ZX_2BTN")
    }

    @Test("a campaign category is kept without buttons and lost with them")
    func campaignCategory() {
        let plain = PushPayload(vendor: "buzzkit", alert: PushAlert(body: "b"), category: "promo")
        #expect(zixflow.encode(plain).userInfo["aps"]?["category"] == "promo")
        var withButtons = plain
        withButtons.buttons = [PushButton(id: "ACTION_0", title: "Go", foreground: true)]
        let encoded = zixflow.encode(withButtons)
        #expect(encoded.userInfo["aps"]?["category"] == "ZX_2BTN")
        #expect(encoded.losses.contains { $0.path == "$.category" && $0.value == "promo" })
    }

    @Test("a named action becomes click_action; its data is a loss")
    func actionData() {
        let payload = PushPayload(vendor: "buzzkit", action: PushAction(name: "show_offer", data: ["offerId": "summer"]))
        let encoded = zixflow.encode(payload)
        #expect(encoded.userInfo["click_action"] == "show_offer")
        #expect(encoded.losses.map(\.path) == ["$.action.data"])
    }

    @Test("custom data that would collide with a Zixflow key is a loss")
    func dataCollision() {
        let payload = PushPayload(vendor: "pushnotifai", data: ["deeplink_url": "x", "screen": "lesson"])
        let encoded = zixflow.encode(payload)
        #expect(encoded.userInfo["screen"] == "lesson")
        #expect(encoded.userInfo["deeplink_url"] == nil)
        #expect(encoded.losses.map(\.path) == ["$.data.deeplink_url"])
    }

    @Test("every colliding data key is a loss, in key order; the rest is copied")
    func dataCollisionsInKeyOrder() {
        var data: JSONObject = [:]
        for key in ["sticky", "aps", "image_url", "Zixflow-Delivery-ID", "click_action", "action_buttons",
                    "large_icon_url", "deeplink_url", "Zixflow-Delivery-Token"] { data[key] = "x" }
        for index in 0..<20 { data["custom_\(index)"] = .int(index) }
        let encoded = zixflow.encode(PushPayload(vendor: "pushnotifai", data: data))
        #expect(encoded.losses.map(\.path) == [
            #"$.data["Zixflow-Delivery-ID"]"#, #"$.data["Zixflow-Delivery-Token"]"#, "$.data.action_buttons",
            "$.data.aps", "$.data.click_action", "$.data.deeplink_url", "$.data.image_url", "$.data.large_icon_url",
            "$.data.sticky",
        ])
        for index in 0..<20 { #expect(encoded.userInfo["custom_\(index)"] == .int(index)) }
    }

    @Test("the ZX_2BTN category belongs to Zixflow")
    func ownsCategory() {
        #expect(zixflow.ownsCategory("ZX_2BTN"))
        #expect(!zixflow.ownsCategory("promo"))
    }
}
