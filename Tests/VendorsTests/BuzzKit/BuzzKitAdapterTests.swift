import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The WIRE-FORMATS §3.2 example, byte for byte.
let buzzKitSpecExample = """
    { "aps": { "alert": {"title": "Leg day", "body": "Your 7am class is confirmed"},
               "mutable-content": 1, "category": "buzzkit.f6569d3a8f7894b9" },
      "buzzkit": {
        "messageId": "msg_01HV3",
        "deepLink": "gym://class/77",
        "action": { "name": "show_offer", "data": { "offerId": "summer" } },
        "actions": [ {"id": "confirm", "title": "Confirm", "foreground": true},
                     {"id": "skip", "title": "Skip", "destructive": true},
                     {"id": "note", "title": "Add note", "input": true, "placeholder": "Your note"} ],
        "image": "https://cdn.example.com/class.jpg",
        "data": { "bookingId": 42 } } }
    """

private let adapter = BuzzKitAdapter()

/// The WIRE-FORMATS §3.2 example with members of its `buzzkit` object replaced or removed (`nil` removes).
func buzzKitExample(_ changes: [String: JSONValue?] = [:]) throws -> JSONObject {
    var userInfo = try Fixtures.userInfo(buzzKitSpecExample)
    var members = userInfo["buzzkit"]?.objectValue ?? [:]
    for (key, value) in changes { members[key] = value }
    userInfo["buzzkit"] = .object(members)
    return userInfo
}

/// Element `index` of an array value, or nil when there is none (never traps).
func buzzKitElement(_ value: JSONValue?, _ index: Int) -> JSONValue? {
    guard let elements = value?.arrayValue, elements.indices.contains(index) else { return nil }
    return elements[index]
}

/// The bridge form of the WIRE-FORMATS §3.2 example, written out field by field.
let buzzKitExampleBridgeForm = PushPayload(
    vendor: "buzzkit", messageId: "msg_01HV3", alert: PushAlert(title: "Leg day", body: "Your 7am class is confirmed"),
    category: "buzzkit.f6569d3a8f7894b9", mutableContent: true, imageURL: "https://cdn.example.com/class.jpg",
    deepLink: "gym://class/77", action: PushAction(name: "show_offer", data: ["offerId": "summer"]),
    buttons: [
        PushButton(id: "confirm", title: "Confirm", foreground: true),
        PushButton(id: "skip", title: "Skip", destructive: true),
        PushButton(id: "note", title: "Add note", input: true, placeholder: "Your note"),
    ],
    data: ["bookingId": 42])

// MARK: - Identity, capabilities, event table

@Suite("BuzzKit adapter: identity and tables")
struct BuzzKitIdentityTests {
    @Test("event table names the five BuzzKit receipts with their properties")
    func eventTable() {
        let table = adapter.eventTable
        #expect(table.map(\.kind) == [.delivered, .opened, .dismissed, .deepLinkOpened, .actionTriggered])
        #expect(table.map(\.event) == [
            "$notification.delivered", "$notification.opened", "$notification.dismissed", "$deeplink.opened",
            "$action.triggered",
        ])
        #expect(table[0].when.contains("service-extension"))
        #expect(table[1].properties == ["messageId", "action", "input", "deepLink"])
        #expect(table[3].properties == ["url", "messageId", "via"])
        #expect(Set(table[4].properties) == ["name", "handled", "messageId"])
        #expect(adapter.eventTableJSON["vendor"] == "buzzkit")
    }

    @Test("owns the categories that start with buzzkit. and no others")
    func ownsCategory() {
        #expect(adapter.ownsCategory("buzzkit.f6569d3a8f7894b9"))
        #expect(adapter.ownsCategory("buzzkit."))
        for other in ["buzzkit", "BuzzKit.f6569d3a8f7894b9", "promo", "", "ZX_2BTN", "appdna_4d9a09a16b7b7040",
                      "pushnotifai", " buzzkit.x"]
        {
            #expect(!adapter.ownsCategory(other), "\(other) is not a BuzzKit category")
        }
    }
}

// MARK: - Claims

@Suite("BuzzKit adapter: claims")
struct BuzzKitClaimsTests {
    @Test("claims a top-level buzzkit object with a non-empty string messageId")
    func claimsExample() throws {
        #expect(adapter.claims(try buzzKitExample()))
        #expect(adapter.claims(["buzzkit": ["messageId": "m"]]))
    }

    @Test("does not claim a missing, empty or non-string messageId, or a buzzkit that is not an object")
    func rejects() throws {
        #expect(!adapter.claims(try buzzKitExample(["messageId": nil])))
        for bad: JSONValue in ["", 42, true, .null, ["m"], ["id": "m"]] {
            #expect(!adapter.claims(try buzzKitExample(["messageId": bad])), "messageId \(bad)")
        }
        #expect(!adapter.claims(["buzzkit": "msg_01HV3"]))
        #expect(!adapter.claims(["buzzkit": ["msg_01HV3"]]))
        #expect(!adapter.claims(["messageId": "msg_01HV3"]))
        #expect(!adapter.claims(["aps": ["alert": "hi"]]))
        #expect(!adapter.claims([:]))
    }

    @Test("does not claim another vendor's marker, and the registry resolves the example to BuzzKit alone")
    func exclusive() throws {
        #expect(!adapter.claims(["Zixflow-Delivery-ID": "1"]))
        #expect(!adapter.claims(["appdna": ["push_id": "p"]]))
        #expect(!adapter.claims(["pna_message_id": "n"]))
        let claimants = BuiltInVendors.registry.claimants(of: try buzzKitExample()).map(\.id)
        #expect(claimants == ["buzzkit"])
    }
}

// MARK: - Category hash

@Suite("BuzzKit adapter: derived category")
struct BuzzKitCategoryTests {
    @Test("fnv1a64hex matches the WIRE-FORMATS §10 vector for \"a\"")
    func fnvVector() {
        #expect(CategoryHash.fnv1a64hex("a") == "af63dc4c8601ec8c")
    }

    @Test("the WIRE-FORMATS §3.2 example's three buttons derive exactly buzzkit.f6569d3a8f7894b9")
    func specVector() {
        #expect(BuzzKitAdapter.derivedCategory(for: buzzKitExampleBridgeForm.buttons) == "buzzkit.f6569d3a8f7894b9")
    }

    @Test("every button field takes part in the hash: changing any one changes the category")
    func everyFieldCounts() {
        let base = buzzKitExampleBridgeForm.buttons
        let original = BuzzKitAdapter.derivedCategory(for: base)
        var variants: [[PushButton]] = []
        for change in 0..<7 {
            var buttons = base
            switch change {
            case 0: buttons[0].id = "confirm2"
            case 1: buttons[0].title = "Confirm!"
            case 2: buttons[0].destructive = true
            case 3: buttons[0].foreground = false
            case 4: buttons[0].input = true
            case 5: buttons[2].placeholder = "Note"
            default: buttons.swapAt(0, 1)
            }
            variants.append(buttons)
        }
        let categories = variants.map(BuzzKitAdapter.derivedCategory(for:))
        #expect(!categories.contains(original))
        #expect(Set(categories).count == categories.count)
        #expect(categories.allSatisfy { $0.hasPrefix("buzzkit.") && $0.count == "buzzkit.".count + 16 })
    }

    @Test("a missing placeholder hashes like an empty one; the hash is the buttonSetKey's FNV-1a")
    func placeholderAsEmpty() {
        let button = PushButton(id: "a", title: "A")
        var empty = button
        empty.placeholder = ""
        #expect(BuzzKitAdapter.derivedCategory(for: [button]) == BuzzKitAdapter.derivedCategory(for: [empty]))
        let key = CategoryHash.buttonSetKey([["a", "A", "0", "0", "0", ""]])
        #expect(BuzzKitAdapter.derivedCategory(for: [button]) == "buzzkit." + CategoryHash.fnv1a64hex(key))
    }
}

// MARK: - Decode

@Suite("BuzzKit adapter: decode")
struct BuzzKitDecodeTests {
    @Test("decodes the WIRE-FORMATS §3.2 example into the full bridge form with no diagnostics")
    func specExample() throws {
        let result = adapter.decode(try buzzKitExample())
        #expect(result.payload == buzzKitExampleBridgeForm)
        #expect(result.diagnostics.isEmpty)
        #expect(result.payload.tracking.isEmpty, "BuzzKit receipts need only messageId")
    }

    @Test("the WIRE-FORMATS §3.2 example's bridge form is canonical JSON with flags written")
    func bridgeJSON() throws {
        let json = adapter.decode(try buzzKitExample()).payload.bridgeJSON
        #expect(json["vendor"] == "buzzkit")
        #expect(json["category"] == "buzzkit.f6569d3a8f7894b9")
        #expect(buzzKitElement(json["buttons"], 1) == [
            "id": "skip", "title": "Skip", "foreground": false, "destructive": true, "input": false,
        ])
        #expect(json["data"] == ["bookingId": 42])
        #expect(PushPayload(bridgeJSON: json) == buzzKitExampleBridgeForm)
    }

    @Test("button flags default to false and placeholder to none")
    func buttonDefaults() throws {
        let payload = adapter.decode(try buzzKitExample(["actions": [["id": "a", "title": "A"]]])).payload
        #expect(payload.buttons == [PushButton(id: "a", title: "A")])
    }

    @Test("the category is aps.category as sent, else the one derived from the buttons (WIRE-FORMATS §3.2)")
    func categoryFromAps() throws {
        var userInfo = try buzzKitExample()
        userInfo["aps"] = ["alert": "hi", "category": "promo"]
        #expect(adapter.decode(userInfo).payload.category == "promo")
        userInfo["aps"] = ["alert": "hi"]
        #expect(adapter.decode(userInfo).payload.category == "buzzkit.f6569d3a8f7894b9")
        userInfo["buzzkit"] = ["messageId": "m"]
        #expect(adapter.decode(userInfo).payload.category == nil, "no buttons, no category")
    }

    @Test("aps goes through APSCoding: a plain-string alert is the body and unknown aps keys go to apsExtra")
    func apsCoding() throws {
        var userInfo = try buzzKitExample()
        userInfo["aps"] = ["alert": "Hello", "badge": 3, "sound": "chime.caf", "interruption-level": "passive"]
        let payload = adapter.decode(userInfo).payload
        #expect(payload.alert == PushAlert(body: "Hello"))
        #expect(payload.badge == 3)
        #expect(payload.sound == "chime.caf")
        #expect(payload.apsExtra == ["interruption-level": "passive"])
        #expect(payload.mutableContent == false)
    }

    @Test("action data is optional and data is kept exactly as sent, nested values included")
    func actionAndData() throws {
        let big = try #require(JSONNumber(literal: "12345678901234567890"))
        let data: JSONValue = ["bookingId": 42, "big": .number(big), "nested": ["a": [1.5, true, .null]]]
        let payload = adapter.decode(try buzzKitExample(["action": ["name": "start_workout"], "data": data])).payload
        #expect(payload.action == PushAction(name: "start_workout"))
        #expect(JSONValue.object(payload.data) == data)
    }

    @Test("decoding is deterministic")
    func deterministic() throws {
        let userInfo = try buzzKitExample(["zzz": 1, "aaa": 2, "actions": [5, "x", ["id": 1]]])
        let first = adapter.decode(userInfo)
        for _ in 0..<5 { #expect(adapter.decode(userInfo) == first) }
    }
}

// MARK: - Encode

@Suite("BuzzKit adapter: encode")
struct BuzzKitEncodeTests {
    @Test("encoding the §3.2 example's bridge form gives back the §3.2 example exactly, with no losses")
    func specExample() throws {
        let result = adapter.encode(buzzKitExampleBridgeForm)
        #expect(result.userInfo == (try buzzKitExample()))
        #expect(result.losses.isEmpty)
    }

    @Test("with buttons and no category, the category is derived from the buttons")
    func derivesCategory() {
        var payload = buzzKitExampleBridgeForm
        payload.category = nil
        let aps = adapter.encode(payload).userInfo["aps"]
        #expect(aps?["category"] == "buzzkit.f6569d3a8f7894b9")
    }

    @Test("a category that is set is sent as it is, with or without buttons")
    func keepsCategory() {
        var payload = buzzKitExampleBridgeForm
        payload.category = "promo"
        #expect(adapter.encode(payload).userInfo["aps"]?["category"] == "promo")
        payload.buttons = []
        #expect(adapter.encode(payload).userInfo["aps"]?["category"] == "promo")
    }

    @Test("no buttons and no category: no category is written")
    func noCategory() {
        let payload = PushPayload(vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"))
        #expect(adapter.encode(payload).userInfo["aps"]?["category"] == nil)
    }

    @Test("mutable-content is 1 whenever there is an image or a button, and only then unless already set")
    func mutableContent() {
        let plain = PushPayload(vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"))
        #expect(adapter.encode(plain).userInfo["aps"]?["mutable-content"] == nil)
        var withImage = plain
        withImage.imageURL = "https://cdn.example.com/a.png"
        #expect(adapter.encode(withImage).userInfo["aps"]?["mutable-content"] == 1)
        var withButton = plain
        withButton.buttons = [PushButton(id: "a", title: "A")]
        #expect(adapter.encode(withButton).userInfo["aps"]?["mutable-content"] == 1)
        var flagged = plain
        flagged.mutableContent = true
        #expect(adapter.encode(flagged).userInfo["aps"]?["mutable-content"] == 1)
    }

    @Test("writes only true button flags, the placeholder when set, and action data only when non-empty")
    func compactButtons() {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"), action: PushAction(name: "go"),
            buttons: [PushButton(id: "a", title: "A", foreground: true, input: true, placeholder: "p")])
        let object = adapter.encode(payload).userInfo["buzzkit"]
        #expect(object?["action"] == ["name": "go"])
        #expect(object?["actions"] == [
            ["id": "a", "title": "A", "foreground": true, "input": true, "placeholder": "p"],
        ])
        #expect(object?["data"] == nil)
        #expect(object?["deepLink"] == nil)
        #expect(object?["image"] == nil)
    }

    @Test("a 5th and later button are dropped and reported as losses")
    func tooManyButtons() {
        var payload = buzzKitExampleBridgeForm
        payload.category = nil
        payload.buttons = (0..<6).map { PushButton(id: "b\($0)", title: "B\($0)") }
        let result = adapter.encode(payload)
        #expect(result.userInfo["buzzkit"]?["actions"]?.arrayValue?.count == 4)
        #expect(result.losses.map(\.path) == ["$.buttons[4]", "$.buttons[5]"])
        #expect(result.losses[0].value == payload.buttons[4].json)
        let expected = BuzzKitAdapter.derivedCategory(for: Array(payload.buttons.prefix(4)))
        #expect(result.userInfo["aps"]?["category"] == .string(expected), "the category covers the sent buttons")
    }

    @Test("a button's own deep link or action is a loss; the button itself is kept")
    func buttonDestinations() {
        var payload = buzzKitExampleBridgeForm
        payload.buttons[0].deepLink = "gym://class/77"
        payload.buttons[1].deepLink = "gym://elsewhere"
        payload.buttons[2].action = PushAction(name: "note", data: ["x": 1])
        let result = adapter.encode(payload)
        #expect(result.losses.map(\.path) == ["$.buttons[0].deepLink", "$.buttons[1].deepLink", "$.buttons[2].action"])
        #expect(result.losses[0].value == "gym://class/77")
        #expect(result.losses[0].reason.contains("same"), "a foreground button still opens the same message link")
        #expect(!result.losses[1].reason.contains("same"))
        #expect(result.losses[2].value == PushAction(name: "note", data: ["x": 1]).json)
        #expect(result.userInfo["buzzkit"]?["actions"]?.arrayValue?.count == 3)
        #expect(buzzKitElement(result.userInfo["buzzkit"]?["actions"], 0)?["deepLink"] == nil)
    }

    @Test("tracking is a loss: BuzzKit has nowhere to put it")
    func trackingIsLoss() {
        var payload = buzzKitExampleBridgeForm
        payload.tracking = ["Zixflow-Delivery-ID": "123"]
        let result = adapter.encode(payload)
        #expect(result.losses.map(\.path) == ["$.tracking[\"Zixflow-Delivery-ID\"]"])
        #expect(result.userInfo["Zixflow-Delivery-ID"] == nil)
    }

    @Test("another vendor's ignored keys are losses, never written")
    func foreignIgnored() {
        var payload = buzzKitExampleBridgeForm
        payload.vendor = "zixflow"
        payload.ignored = ["large_icon_url": "https://cdn.example.com/i.png"]
        let result = adapter.encode(payload)
        #expect(result.losses.map(\.path) == ["$.ignored.large_icon_url"])
        #expect(result.userInfo["large_icon_url"] == nil)
    }

    @Test("a BuzzKit payload's ignored keys are written back where they came from")
    func ownIgnored() throws {
        var payload = buzzKitExampleBridgeForm
        payload.ignored = [
            "campaign": "spring", "$.buzzkit.deeplink": "gym://typo",
            "$.buzzkit.actions[1].foreground": "yes", "$[\"$odd\"]": 1,
        ]
        let result = adapter.encode(payload)
        #expect(result.losses.isEmpty)
        #expect(result.userInfo["campaign"] == "spring")
        #expect(result.userInfo["$odd"] == 1)
        #expect(result.userInfo["buzzkit"]?["deeplink"] == "gym://typo")
        #expect(buzzKitElement(result.userInfo["buzzkit"]?["actions"], 1)?["foreground"] == "yes")
        #expect(adapter.decode(result.userInfo).payload == payload)
    }

    @Test("an ignored entry that collides with a field or has no place is a loss, not an overwrite")
    func unplaceableIgnored() {
        var payload = buzzKitExampleBridgeForm
        payload.ignored = [
            "$.buzzkit.deepLink": 5, "aps": "x", "$.buzzkit.actions[9].title": "T", "$.nowhere.deep": 1,
            "$bad path": 2,
        ]
        let result = adapter.encode(payload)
        #expect(Set(result.losses.map(\.path)) == [
            "$.ignored[\"$.buzzkit.deepLink\"]", "$.ignored.aps", "$.ignored[\"$.buzzkit.actions[9].title\"]",
            "$.ignored[\"$.nowhere.deep\"]", "$.ignored[\"$bad path\"]",
        ])
        #expect(result.userInfo["buzzkit"]?["deepLink"] == "gym://class/77", "the field wins")
        #expect(result.userInfo["aps"]?.objectValue != nil)
    }

    @Test("encode always writes aps and the buzzkit object, even for an empty payload")
    func emptyPayload() {
        let result = adapter.encode(PushPayload(vendor: "buzzkit"))
        #expect(result.userInfo == ["aps": [:], "buzzkit": [:]])
        #expect(result.losses.isEmpty)
    }

    @Test("apsExtra is written back into aps")
    func apsExtra() {
        var payload = buzzKitExampleBridgeForm
        payload.apsExtra = ["interruption-level": "time-sensitive", "loc-key": "K"]
        let aps = adapter.encode(payload).userInfo["aps"]
        #expect(aps?["interruption-level"] == "time-sensitive")
        #expect(aps?["alert"]?["loc-key"] == "K")
    }
}

// MARK: - Receipts, taps

private func receipt(_ kind: ReceiptKind, _ event: String, _ properties: JSONObject) -> Receipt {
    Receipt(vendor: "buzzkit", kind: kind, event: event, properties: properties, messageId: "msg_01HV3")
}

@Suite("BuzzKit adapter: receipts")
struct BuzzKitReceiptTests {
    let payload = buzzKitExampleBridgeForm

    @Test("the service extension's arrive sends $notification.delivered with messageId")
    func delivered() {
        #expect(adapter.receipts(for: .arrive(.serviceExtension), payload: payload, context: .init()) == [
            receipt(.delivered, "$notification.delivered", ["messageId": "msg_01HV3"]),
        ])
    }

    @Test("a foreground or background arrive, configure and launch send nothing")
    func otherSteps() {
        for step: LifecycleStep in [.arrive(.foreground), .arrive(.background), .configure, .launch] {
            #expect(adapter.receipts(for: step, payload: payload, context: .init()).isEmpty, "\(step)")
        }
    }

    @Test("a body tap sends $notification.opened with messageId and the deep link, no action")
    func bodyTap() {
        #expect(adapter.receipts(for: .open, payload: payload, context: .init(userText: "ignored")) == [
            receipt(.opened, "$notification.opened", ["messageId": "msg_01HV3", "deepLink": "gym://class/77"]),
        ])
    }

    @Test("a body tap on a message without a deep link (or an empty one) sends only messageId")
    func bodyTapNoLink() {
        var noLink = payload
        noLink.deepLink = nil
        let expected = [receipt(.opened, "$notification.opened", ["messageId": "msg_01HV3"])]
        #expect(adapter.receipts(for: .open, payload: noLink, context: .init()) == expected)
        noLink.deepLink = ""
        #expect(adapter.receipts(for: .open, payload: noLink, context: .init()) == expected)
    }

    @Test("a button tap sends opened with the button id as action and the message's deep link")
    func buttonTap() {
        #expect(adapter.receipts(for: .openAction("skip"), payload: payload, context: .init()) == [
            receipt(.opened, "$notification.opened", [
                "messageId": "msg_01HV3", "action": "skip", "deepLink": "gym://class/77",
            ]),
        ])
    }

    @Test("an input button's typed text is the input property")
    func inputText() {
        let receipts = adapter.receipts(
            for: .openAction("note"), payload: payload, context: .init(userText: "Bring water"))
        #expect(receipts == [
            receipt(.opened, "$notification.opened", [
                "messageId": "msg_01HV3", "action": "note", "input": "Bring water", "deepLink": "gym://class/77",
            ]),
        ])
    }

    @Test("typed text is not reported for a button that is not an input button, nor when it is empty or absent")
    func inputOnlyForInputButtons() {
        let confirm = adapter.receipts(for: .openAction("confirm"), payload: payload, context: .init(userText: "x"))
        #expect(confirm.first?.properties["input"] == nil)
        let empty = adapter.receipts(for: .openAction("note"), payload: payload, context: .init(userText: ""))
        #expect(empty.first?.properties["input"] == nil)
        let absent = adapter.receipts(for: .openAction("note"), payload: payload, context: .init())
        #expect(absent.first?.properties["input"] == nil)
    }

    @Test("a tap on an unknown action id is still reported as opened with that id, without input")
    func unknownButton() {
        let receipts = adapter.receipts(for: .openAction("app.reply"), payload: payload, context: .init(userText: "t"))
        #expect(receipts == [
            receipt(.opened, "$notification.opened", [
                "messageId": "msg_01HV3", "action": "app.reply", "deepLink": "gym://class/77",
            ]),
        ])
    }

    @Test("dismiss sends $notification.dismissed with messageId")
    func dismissed() {
        #expect(adapter.receipts(for: .dismiss, payload: payload, context: .init()) == [
            receipt(.dismissed, "$notification.dismissed", ["messageId": "msg_01HV3"]),
        ])
    }

    @Test("no receipt of any kind without a non-empty messageId")
    func noMessageId() {
        for messageId in [nil, ""] as [String?] {
            var anonymous = payload
            anonymous.messageId = messageId
            for step: LifecycleStep in [.arrive(.serviceExtension), .open, .openAction("note"), .dismiss] {
                #expect(adapter.receipts(for: step, payload: anonymous, context: .init(userText: "t")).isEmpty)
            }
            #expect(adapter.actionReceipt(for: PushAction(name: "a"), handled: true, payload: anonymous) == nil)
            #expect(adapter.routeReceipt(url: "gym://x", via: .system, payload: anonymous) == nil)
        }
    }

    @Test("an action's outcome is $action.triggered with messageId, name and handled")
    func actionReceipt() {
        for handled in [true, false] {
            #expect(adapter.actionReceipt(for: PushAction(name: "show_offer"), handled: handled, payload: payload)
                == receipt(.actionTriggered, "$action.triggered", [
                    "messageId": "msg_01HV3", "name": "show_offer", "handled": .bool(handled),
                ]))
        }
    }

    @Test("a route is $deeplink.opened with url, messageId and via; a rejected route records nothing")
    func routeReceipt() {
        for via: RouteVia in [.delegate, .handler, .system] {
            #expect(adapter.routeReceipt(url: "gym://class/77", via: via, payload: payload)
                == receipt(.deepLinkOpened, "$deeplink.opened", [
                    "url": "gym://class/77", "messageId": "msg_01HV3", "via": .string(via.rawValue),
                ]))
        }
        #expect(adapter.routeReceipt(url: "javascript:x", via: .rejected, payload: payload) == nil)
    }
}

@Suite("BuzzKit adapter: tap plans")
struct BuzzKitTapPlanTests {
    let payload = buzzKitExampleBridgeForm
    var messagePlan: TapPlan {
        TapPlan(
            action: PushAction(name: "show_offer", data: ["offerId": "summer"]), deepLink: "gym://class/77",
            linkRule: .afterAction, warnsWhenActionUnhandled: true)
    }

    @Test("a body tap runs the action, then the link, and warns when the action is unhandled")
    func bodyTap() {
        #expect(adapter.tapPlan(for: .open, payload: payload, context: .init()) == messagePlan)
    }

    @Test("a foreground, non-destructive button runs the message's action and link")
    func foregroundButton() {
        #expect(adapter.tapPlan(for: .openAction("confirm"), payload: payload, context: .init()) == messagePlan)
    }

    @Test("a destructive or background button routes nothing, even a destructive foreground one")
    func buttonsThatDoNotOpen() {
        var both = payload
        both.buttons[1].foreground = true
        for (plan, why) in [
            (adapter.tapPlan(for: .openAction("skip"), payload: payload, context: .init()), "destructive"),
            (adapter.tapPlan(for: .openAction("note"), payload: payload, context: .init(userText: "t")), "background"),
            (adapter.tapPlan(for: .openAction("skip"), payload: both, context: .init()), "destructive foreground"),
        ] {
            #expect(plan == .nothing, "\(why)")
        }
    }

    @Test("an action id that is none of the message's buttons routes nothing")
    func unknownButton() {
        #expect(adapter.tapPlan(for: .openAction("app.reply"), payload: payload, context: .init()) == .nothing)
    }

    @Test("no action and an empty deep link give a plan with nothing to run")
    func emptyPlan() {
        var bare = payload
        bare.action = nil
        bare.deepLink = ""
        let plan = adapter.tapPlan(for: .open, payload: bare, context: .init())
        #expect(plan.action == nil)
        #expect(plan.deepLink == nil)
    }

    @Test("arrive and dismiss steps plan nothing")
    func nonTaps() {
        for step: LifecycleStep in [.arrive(.serviceExtension), .arrive(.foreground), .dismiss, .configure, .launch] {
            #expect(adapter.tapPlan(for: step, payload: payload, context: .init()) == .nothing, "\(step)")
        }
    }
}

// MARK: - Validation

@Suite("BuzzKit adapter: validation")
struct BuzzKitValidationTests {
    private func problems(_ userInfo: JSONObject) -> [Diagnostic] {
        Validator.validate(userInfo, byteCount: JSONWriter.bytes(.object(userInfo)).count, adapter: adapter).problems
    }

    @Test("the WIRE-FORMATS §3.2 example is valid")
    func specExampleValid() throws {
        #expect(problems(try buzzKitExample()).isEmpty)
    }

    @Test("an input button without a placeholder is fine")
    func inputWithoutPlaceholder() throws {
        let userInfo = try buzzKitExample([
            "actions": [
                ["id": "confirm", "title": "Confirm", "foreground": true],
                ["id": "skip", "title": "Skip", "destructive": true],
                ["id": "note", "title": "Add note", "input": true],
            ],
        ])
        var fixed = userInfo
        let buttons = adapter.decode(userInfo).payload.buttons
        let category = BuzzKitAdapter.derivedCategory(for: buttons)
        fixed["aps"] = ["alert": "hi", "mutable-content": 1, "category": .string(category)]
        #expect(problems(fixed).isEmpty)
    }

    @Test("more than 4 buttons is one problem")
    func tooManyButtons() throws {
        let buttons = JSONValue.array((0..<5).map { ["id": .string("b\($0)"), "title": "B"] })
        var userInfo = try buzzKitExample(["actions": buttons])
        userInfo["aps"] = ["alert": "hi", "mutable-content": 1]
        #expect(problems(userInfo).map(\.diagnosticCode) == [.tooManyButtons])
    }

    @Test("two buttons with the same id are a problem at the second one")
    func duplicateIds() throws {
        var userInfo = try buzzKitExample(["actions": [["id": "a", "title": "A"], ["id": "a", "title": "B"]]])
        userInfo["aps"] = ["alert": "hi", "mutable-content": 1]
        let found = problems(userInfo)
        #expect(found.map(\.diagnosticCode) == [.duplicateButtonID])
        #expect(found.first?.path == "$.buzzkit.actions[1].id")
    }

    @Test("a buzzkit. category not matching the buttons (or with none) is a problem; a campaign one is not")
    func categoryMismatch() throws {
        var userInfo = try buzzKitExample()
        userInfo["aps"] = ["alert": "hi", "mutable-content": 1, "category": "buzzkit.0000000000000000"]
        #expect(problems(userInfo).map(\.diagnosticCode) == [.categoryMismatch])
        userInfo["aps"] = ["alert": "hi", "mutable-content": 1, "category": "promo"]
        #expect(problems(userInfo).isEmpty)
        var noButtons = try buzzKitExample(["actions": nil])
        noButtons["aps"] = ["alert": "hi", "mutable-content": 1, "category": "buzzkit.f6569d3a8f7894b9"]
        #expect(problems(noButtons).map(\.diagnosticCode) == [.categoryMismatch])
    }

    @Test("a deep link that is not a URL, or one the system refuses, is a problem")
    func deepLinks() throws {
        #expect(problems(try buzzKitExample(["deepLink": "not a url"])).map(\.diagnosticCode) == [.deepLinkInvalid])
        #expect(problems(try buzzKitExample(["deepLink": "javascript:alert(1)"])).map(\.diagnosticCode) == [.deepLinkRefused])
        #expect(problems(try buzzKitExample(["deepLink": "https://gym.example.com/77"])).isEmpty)
    }

    @Test("an image that is not an http(s) URL is a problem")
    func images() throws {
        #expect(problems(try buzzKitExample(["image": "class.jpg"])).map(\.diagnosticCode) == [.imageURLInvalid])
        #expect(problems(try buzzKitExample(["image": "file:///tmp/a.jpg"])).map(\.diagnosticCode) == [.imageURLInvalid])
        #expect(problems(try buzzKitExample(["image": "http://cdn.example.com/a.jpg"])).isEmpty)
    }

    @Test("a missing messageId and wrong types are problems (from the decode diagnostics)")
    func decodeProblems() throws {
        #expect(problems(try buzzKitExample(["messageId": nil])).map(\.diagnosticCode) == [.messageIDMissing])
        #expect(problems(try buzzKitExample(["messageId": 7])).map(\.diagnosticCode) == [.wrongType])
    }

    @Test("buttons without mutable-content are reported by the validator")
    func mutableContentMissing() throws {
        var userInfo = try buzzKitExample(["image": nil])
        userInfo["aps"] = ["alert": "hi", "category": "buzzkit.f6569d3a8f7894b9"]
        #expect(problems(userInfo).map(\.diagnosticCode) == [.mutableContentMissing])
    }
}
