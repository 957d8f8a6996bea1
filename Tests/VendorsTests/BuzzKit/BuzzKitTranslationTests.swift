import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let buzzKit = BuzzKitAdapter()

/// A test vendor whose wire format is the bridge form itself, so it carries every field: translating
/// through it shows exactly what BuzzKit keeps and what it reports as lost.
private let bridgeForm: FakeAdapter = {
    var fake = FakeAdapter.quiet(
        id: "bridgeform", name: "BridgeForm",
        capabilities: VendorCapabilities(
            maxButtons: 100, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownThenMessage))
    fake.claimHook = { $0["bridge"] != nil ? .owner : nil }
    fake.decodeHook = { userInfo in
        var payload = userInfo["bridge"].flatMap(PushPayload.init(bridgeJSON:)) ?? PushPayload(vendor: "bridgeform")
        payload.vendor = "bridgeform"
        return DecodeResult(payload: payload)
    }
    fake.encodeHook = { payload, _ in
        var payload = payload
        payload.vendor = "bridgeform"
        return ["bridge": payload.bridgeJSON]
    }
    return fake
}()

@Suite("BuzzKit translation")
struct BuzzKitTranslationTests {
    @Test("BuzzKit → BuzzKit gives back the wire payload as sent and loses nothing, ignored keys included")
    func sameVendor() throws {
        var userInfo = try buzzKitExample([
            "deeplink": "typo", "actions": [["id": "a", "title": "A", "foreground": true, "url": "x"], 7],
        ])
        userInfo["campaign"] = "spring"
        userInfo["aps"] = [
            "alert": ["title": "T", "body": "B"], "mutable-content": 1, "category": "promo", "sound": "a.caf",
            "interruption-level": "active",
        ]
        let translation = Translator.translate(userInfo, from: buzzKit, to: buzzKit)
        #expect(translation.losses.isEmpty)
        #expect(translation.userInfo == userInfo)
    }

    @Test("BuzzKit → a vendor that carries everything → BuzzKit keeps every field; only ignored keys are lost")
    func throughFullVendor() throws {
        var userInfo = try buzzKitExample()
        userInfo["campaign"] = "spring"
        let original = buzzKit.decode(userInfo).payload
        let there = Translator.translate(userInfo, from: buzzKit, to: bridgeForm)
        // BuzzKit's background and input buttons open nothing; this vendor's open the message link: said.
        #expect(there.losses.map(\.path) == ["$.ignored.campaign", "$.buttons[1]", "$.buttons[2]"])
        #expect(there.userInfo["bridge"]?["category"] == nil, "BuzzKit's own category is not carried out")
        let back = Translator.translate(there.userInfo, from: bridgeForm, to: buzzKit)
        #expect(back.losses.isEmpty)
        var expected = original
        expected.ignored = [:]
        #expect(buzzKit.decode(back.userInfo).payload == expected, "the category is derived again, identically")
    }

    @Test("a vendor that carries everything → BuzzKit → back keeps every field BuzzKit can carry")
    func fromFullVendor() {
        let buttons = [
            PushButton(id: "open", title: "Open", deepLink: "app://home", foreground: true),
            PushButton(id: "later", title: "Later", action: PushAction(name: "snooze", data: ["minutes": 10])),
            PushButton(id: "reply", title: "Reply", input: true, placeholder: "Say something"),
            PushButton(id: "no", title: "No", destructive: true),
            PushButton(id: "five", title: "Five"),
            PushButton(id: "six", title: "Six", foreground: true),
        ]
        let source = PushPayload(
            vendor: "bridgeform", messageId: "m1", alert: PushAlert(title: "T", subtitle: "S", body: "B"), badge: 2,
            sound: "a.caf", category: "promo", threadId: "th", mutableContent: true,
            imageURL: "https://cdn.example.com/i.png",
            deepLink: "app://home", action: PushAction(name: "go", data: ["x": 1]), buttons: buttons,
            data: ["k": "v", "n": [1, 2]], tracking: ["token": "t"], ignored: ["icon": "i"],
            apsExtra: ["interruption-level": "active"])
        let wire = bridgeForm.encode(source).userInfo

        let there = Translator.translate(wire, from: bridgeForm, to: buzzKit)
        #expect(there.losses.map(\.path) == [
            "$.tracking.token", "$.ignored.icon", "$.buttons[0].deepLink", "$.buttons[1].action", "$.buttons[4]",
            "$.buttons[5]",
        ])
        #expect(buzzKit.claims(there.userInfo))
        #expect(there.userInfo["aps"]?["category"] == "promo", "a campaign category is kept")

        let back = Translator.translate(there.userInfo, from: buzzKit, to: bridgeForm)
        // What BuzzKit's non-foreground buttons did (nothing) changes back into opening the message link.
        #expect(back.losses.map(\.path) == ["$.buttons[1]", "$.buttons[2]", "$.buttons[3]"])
        var expected = source
        expected.tracking = [:]
        expected.ignored = [:]
        expected.buttons = Array(buttons.prefix(4))
        expected.buttons[0].deepLink = nil
        expected.buttons[1].action = nil
        #expect(bridgeForm.decode(back.userInfo).payload == expected)
    }

    @Test("decode(encode(p)) == p for a hand-built payload apart from reported losses and the derived category")
    func roundTripLaw() {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"),
            buttons: [PushButton(id: "a", title: "A", deepLink: "x://y"), PushButton(id: "b", title: "B")])
        let encoded = buzzKit.encode(payload)
        #expect(encoded.losses.map(\.path) == ["$.buttons[0].deepLink", "$.mutableContent"])
        var expected = payload
        expected.buttons[0].deepLink = nil
        expected.mutableContent = true
        expected.category = BuzzKitAdapter.derivedCategory(for: expected.buttons)
        #expect(buzzKit.decode(encoded.userInfo).payload == expected)
    }

    @Test("Zixflow → BuzzKit → Zixflow keeps what BuzzKit can carry and reports the rest")
    func zixflowThroughBuzzKit() throws {
        let zixflow = try #require(BuiltInVendors.registry.adapter(id: "zixflow"))
        let userInfo = try Fixtures.userInfo("""
            { "aps": { "alert": {"title": "Flash Sale!", "body": "Limited time only"}, "mutable-content": 1,
                       "sound": "notification_tone.caf", "category": "ZX_2BTN" },
              "Zixflow-Delivery-ID": "626533406292836846", "Zixflow-Delivery-Token": "dcFRlDhiRbehM1vg",
              "image_url": "https://cdn.yourapp.com/banner.png", "large_icon_url": "https://cdn.yourapp.com/icon.png",
              "deeplink_url": "https://yourapp.com/sale", "click_action": "OPEN_SALE",
              "action_buttons": "[{\\"name\\":\\"Shop Now\\",\\"deeplink\\":\\"https://yourapp.com/other\\"}]",
              "template_id": "469935" }
            """)
        let source = zixflow.decode(userInfo).payload
        let there = Translator.translate(userInfo, from: zixflow, to: buzzKit)
        let lossPaths = Set(there.losses.map(\.path))
        #expect(lossPaths.isSuperset(of: ["$.ignored.large_icon_url"]))
        for (index, button) in source.buttons.enumerated() where button.deepLink != nil {
            #expect(lossPaths.contains("$.buttons[\(index)].deepLink"), "a Zixflow button's own link is a loss")
        }
        let buzz = buzzKit.decode(there.userInfo).payload
        #expect(buzz.messageId == source.messageId)
        #expect(!source.buttons.isEmpty)
        #expect(
            buzz.category == BuzzKitAdapter.derivedCategory(for: buzz.buttons), "ZX_2BTN is replaced by BuzzKit's own")
        #expect(buzz.deepLink == source.deepLink)
        #expect(buzz.action == source.action)
        #expect(buzz.imageURL == source.imageURL)
        #expect(buzz.data == source.data)
        #expect(buzz.alert == source.alert)
        #expect(buzz.sound == source.sound)
        #expect(buzz.buttons.map(\.title) == source.buttons.map(\.title))

        let back = zixflow.decode(Translator.translate(there.userInfo, from: buzzKit, to: zixflow).userInfo).payload
        #expect(back.deepLink == source.deepLink)
        #expect(back.action == source.action)
        #expect(back.imageURL == source.imageURL)
        #expect(back.data == source.data)
        #expect(back.alert == source.alert)
        #expect(back.sound == source.sound)
        #expect(back.buttons.map(\.title) == source.buttons.map(\.title))
    }
}
