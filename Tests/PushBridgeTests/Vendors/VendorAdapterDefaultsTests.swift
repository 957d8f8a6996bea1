import PushBridge
import Testing

/// A vendor that implements only the four requirements: everything else is the core's default.
private struct MinimalAdapter: VendorAdapter {
    var profile = VendorProfile(
        id: "acme",
        capabilities: VendorCapabilities(
            maxButtons: 2, buttonDeepLinks: true, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly),
        eventTable: [
            EventTableEntry(
                kind: .delivered, event: "acme_in", when: "arrive in the app", properties: ["mid"],
                sentOn: [.arriveInForeground, .arriveInBackground], messageIdProperty: "mid"),
            EventTableEntry(
                kind: .opened, event: "acme_tap", when: "any tap", properties: ["mid", "btn"],
                sentOn: [.bodyTap, .buttonTap],
                messageIdProperty: "mid", buttonProperty: "btn"),
            EventTableEntry(kind: .dismissed, event: "acme_gone", when: "sent by hand", properties: ["mid"]),
        ])
    /// Losses this vendor reports itself, by path.
    var specialLosses: [String] = []

    func claims(_ userInfo: JSONObject) -> Bool { userInfo["acme"] != nil }
    func decode(_ userInfo: JSONObject) -> DecodeResult { DecodeResult(payload: PushPayload(vendor: id)) }
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        for path in specialLosses { losses.append(Loss(path: path, value: .null, reason: "special")) }
        var userInfo: JSONObject = ["aps": .object(APSCoding.encode(payload)), "acme": true]
        if let carried = payload.tracking["carried"] { userInfo["carried"] = carried }
        return userInfo
    }
}

/// The minimal vendor, whose SDK registers one category at launch.
private var minimalProvider: MinimalAdapter {
    var adapter = MinimalAdapter()
    adapter.profile.categories = CategorySupport(launch: [NotificationCategory(id: "acme", owner: "acme")])
    return adapter
}

private let everything = PushPayload(
    vendor: "other", messageId: "m1", alert: PushAlert(body: "B"), imageURL: "https://x/i.png",
    deepLink: "app://message", action: PushAction(name: "n"),
    buttons: [
        PushButton(id: "a", title: "A", deepLink: "app://a", foreground: true, input: true, placeholder: "say"),
        PushButton(id: "b", title: "B", foreground: true, action: PushAction(name: "b")),
        PushButton(id: "c", title: "C", foreground: true, input: true),
    ])

@Suite("VendorAdapter defaults: what the core derives from declared data")
struct VendorAdapterDefaultsTests {
    @Test("name is the id with a capital first letter")
    func defaultName() {
        #expect(MinimalAdapter().name == "Acme")
    }

    @Test("ownsCategory: false without categories in the profile, the launch categories with them")
    func defaultOwnsCategory() {
        #expect(!MinimalAdapter().ownsCategory("acme"))
        #expect(minimalProvider.ownsCategory("acme"))
        #expect(!minimalProvider.ownsCategory("acme.other"))
        #expect(minimalProvider.categories(for: everything).isEmpty, "categories(for:) defaults to none")
    }

    @Test("receipts: the event table rows whose sentOn matches, with the message id and the tapped button")
    func defaultReceipts() {
        let adapter = MinimalAdapter()
        func receipts(_ step: LifecycleStep, _ payload: PushPayload = everything) -> [Receipt] {
            adapter.receipts(for: step, payload: payload, context: ReceiptContext(deviceToken: "t"))
        }
        #expect(receipts(.arrive(.foreground)) == [
            Receipt(vendor: "acme", kind: .delivered, event: "acme_in", properties: ["mid": "m1"], messageId: "m1"),
        ])
        #expect(receipts(.arrive(.serviceExtension)).isEmpty)
        #expect(receipts(.open).map(\.properties) == [["mid": "m1"]])
        #expect(receipts(.openAction("b")) == [
            Receipt(
                vendor: "acme", kind: .opened, event: "acme_tap", properties: ["mid": "m1", "btn": "b"],
                messageId: "m1", action: "b"),
        ])
        #expect(receipts(.dismiss).isEmpty, "a row without sentOn is never sent by the default")
        var bare = MinimalAdapter()
        bare.profile.eventTable = [
            EventTableEntry(kind: .dismissed, event: "gone", when: "swipe", properties: [], sentOn: [.dismiss]),
        ]
        let dismissed = bare.receipts(for: .dismiss, payload: everything, context: ReceiptContext())
        #expect(dismissed.map(\.event) == ["gone"], "a row with sentOn but no property named is still sent")
        #expect(dismissed.map(\.properties) == [[:]])
        var anonymous = everything
        anonymous.messageId = ""
        #expect(receipts(.open, anonymous).isEmpty, "no receipt without a non-empty message id")
    }

    @Test("tapPlan: the body routes the message; a button as buttonRouting says")
    func defaultTapPlan() {
        func plan(_ routing: ButtonRouting, _ step: LifecycleStep, namedActions: Bool = true) -> TapPlan {
            var adapter = MinimalAdapter()
            adapter.profile.capabilities.buttonRouting = routing
            adapter.profile.capabilities.namedActions = namedActions
            return adapter.tapPlan(for: step, payload: everything, context: ReceiptContext())
        }
        #expect(plan(.ownOnly, .open) == TapPlan(action: PushAction(name: "n"), deepLink: "app://message"))
        #expect(plan(.ownOnly, .open, namedActions: false) == TapPlan(deepLink: "app://message"))
        #expect(plan(.ownOnly, .openAction("a")) == TapPlan(deepLink: "app://a"))
        #expect(plan(.ownOnly, .openAction("b")) == TapPlan(action: PushAction(name: "b")))
        #expect(plan(.ownThenMessage, .openAction("a")) == TapPlan(deepLink: "app://a"))
        #expect(plan(.ownThenMessage, .openAction("c")) == TapPlan(deepLink: "app://message"))
        #expect(
            plan(.messageWhenForeground, .openAction("c"))
                == TapPlan(action: PushAction(name: "n"), deepLink: "app://message"))
        #expect(plan(.messageWhenForeground, .openAction("unknown")) == .nothing)
        #expect(plan(.nothing, .openAction("a")) == .nothing)
        #expect(plan(.ownOnly, .dismiss) == .nothing)
    }

    @Test("encode reports what the capabilities cannot carry, in the first maxButtons buttons")
    func capabilityLosses() {
        let losses = MinimalAdapter().encode(everything).losses.map(\.path)
        #expect(losses == [
            "$.imageURL", "$.action", "$.buttons[0].input", "$.buttons[0].placeholder", "$.buttons[1].action",
        ])
        var noLinks = MinimalAdapter()
        noLinks.profile.capabilities.buttonDeepLinks = false
        #expect(noLinks.encode(everything).losses.map(\.path).contains("$.buttons[0].deepLink"))
    }

    @Test("a loss the adapter reports itself replaces the core's at that path and inside it")
    func specialLossesWin() {
        var adapter = MinimalAdapter()
        adapter.specialLosses = ["$.buttons[0]", "$.imageURL"]
        let losses = adapter.encode(everything).losses
        #expect(losses.map(\.path) == ["$.action", "$.buttons[1].action", "$.buttons[0]", "$.imageURL"])
        #expect(losses.filter { $0.path == "$.imageURL" }.map(\.reason) == ["special"])
    }

    @Test("a tracking key the userInfo does not carry is a loss (a token redacted); one it carries is not")
    func trackingLosses() {
        var payload = PushPayload(vendor: "acme", messageId: "m1")
        payload.tracking = ["carried": "c", "device_token": "secret", "lost": 1]
        let losses = MinimalAdapter().encode(payload).losses
        #expect(losses.map(\.path) == ["$.tracking.device_token", "$.tracking.lost"])
        #expect(losses.map(\.value) == ["[redacted]", 1])
    }

    @Test("another vendor's ignored keys are losses, removed before the adapter writes; its own are the adapter's")
    func foreignIgnored() {
        var payload = PushPayload(vendor: "other", messageId: "m1")
        payload.ignored = ["$.other.x": 1, "large_icon_url": "https://x/i.png"]
        let losses = MinimalAdapter().encode(payload).losses
        #expect(losses.map(\.path) == [#"$.ignored["$.other.x"]"#, "$.ignored.large_icon_url"])
        #expect(losses.first?.reason == "Acme has no field for other's '$.other.x'")
        payload.vendor = "acme"
        #expect(MinimalAdapter().encode(payload).losses.isEmpty, "the adapter decides about its own ignored keys")
    }

    @Test("without collecting losses: the same userInfo and no losses")
    func leanEncode() {
        let adapter = MinimalAdapter()
        let full = adapter.encode(everything)
        #expect(!full.losses.isEmpty)
        #expect(adapter.encode(everything, collectingLosses: false) == EncodeResult(userInfo: full.userInfo))
    }

    @Test("JSONPath.isSameOrInside: the path itself and paths below it, never a sibling with the same prefix")
    func sameOrInside() {
        #expect(JSONPath.isSameOrInside("$.buttons[1]", "$.buttons[1]"))
        #expect(JSONPath.isSameOrInside("$.buttons[1].input", "$.buttons[1]"))
        #expect(JSONPath.isSameOrInside("$.a[0]", "$.a"))
        #expect(!JSONPath.isSameOrInside("$.buttons[10]", "$.buttons[1]"))
        #expect(!JSONPath.isSameOrInside("$.imageURLs", "$.imageURL"))
    }

    @Test("Diagnostic.wrongType names what was expected and what was found")
    func wrongType() {
        let diagnostic = Diagnostic.wrongType("$.x", expected: "a string", .array([]))
        #expect(
            diagnostic
                == Diagnostic(
                    .warning, code: .wrongType, path: "$.x", message: "expected a string, found an array; kept as sent"))
    }
}

@Suite("JSONPlacement: writing a kept value back at its path")
struct JSONPlacementTests {
    @Test("an absent member is set, creating objects on the way; a present one is kept unless a replaced scalar")
    func members() {
        var root: JSONObject = ["a": ["b": 1]]
        #expect(JSONPlacement.place(2, at: "$.a.c", in: &root) == nil)
        #expect(JSONPlacement.place(3, at: "$.x.y", in: &root) == nil)
        #expect(root == ["a": ["b": 1, "c": 2], "x": ["y": 3]])
        #expect(JSONPlacement.place(9, at: "$.a.b", in: &root) == "the payload already has a value there")
        #expect(JSONPlacement.place(9, at: "$.a.b", in: &root, replacingScalars: true) == nil)
        #expect(root["a"]?["b"] == 9)
        #expect(JSONPlacement.place(9, at: "$.a", in: &root, replacingScalars: true) != nil, "objects are kept")
        let missing = JSONPlacement.place(1, at: "$.new.deep", in: &root, creatingObjects: false)
        #expect(missing == "its parent 'new' is missing")
        #expect(JSONPlacement.place(1, at: "not a path", in: &root) != nil)
    }

    @Test("an element is inserted at its index; a slice is appended after exactly its start")
    func elements() {
        var root: JSONObject = ["list": [1, 3]]
        #expect(JSONPlacement.place(2, at: "$.list[1]", in: &root) == nil)
        #expect(JSONPlacement.place([4, 5], at: "$.list[3:]", in: &root) == nil)
        #expect(root["list"] == [1, 2, 3, 4, 5])
        #expect(JSONPlacement.place(9, at: "$.list[9]", in: &root) == "element 9 is past the end of the array")
        #expect(JSONPlacement.place([9], at: "$.list[2:]", in: &root) != nil)
        #expect(JSONPlacement.place(1, at: "$.list.key", in: &root) == "its parent is not an object")
    }
}
