import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA adapter: encoding and translation")
struct AppDNAEncodeTests {
    let adapter = AppDNAAdapter()

    /// The `appdna` object of an encoded payload.
    func vendorObject(_ result: EncodeResult) -> JSONObject {
        result.userInfo["appdna"]?.objectValue ?? [:]
    }

    func aps(_ result: EncodeResult) -> JSONObject {
        result.userInfo["aps"]?.objectValue ?? [:]
    }

    @Test("encodes the WIRE-FORMATS §3.3 example's bridge form back to its wire payload, with the same category")
    func specExample() throws {
        let result = adapter.encode(AppDNAFixtures.specExamplePayload)
        #expect(result.losses == [])
        // The example as sent, except that `foreground` is written for every button but dismiss: the reply's too.
        let sent = try Fixtures.userInfo(AppDNAFixtures.specExample)
        var appdna = try #require(sent["appdna"]?.objectValue)
        var actions = try #require(appdna["actions"]?.arrayValue)
        var reply = try #require(actions[2].objectValue)
        #expect(reply["id"] == "reply" && reply["foreground"] == nil)
        reply["foreground"] = false
        actions[2] = .object(reply)
        appdna["actions"] = .array(actions)
        var expected = sent
        expected["appdna"] = .object(appdna)
        #expect(result.userInfo == expected)
        #expect(aps(result)["category"] == "appdna_4d9a09a16b7b7040")
    }

    @Test("aps.sound is written exactly as authored")
    func soundAsAuthored() {
        for sound in ["chime.wav", "default", "Chime Sound.CAF", "no-extension"] {
            let result = adapter.encode(PushPayload(
                vendor: "appdna", messageId: "p", alert: PushAlert(body: "b"), sound: sound))
            #expect(aps(result)["sound"] == .string(sound))
        }
    }

    @Test("push_id is the messageId; with no messageId, none is written")
    func pushID() {
        #expect(vendorObject(adapter.encode(PushPayload(vendor: "appdna", messageId: "push-7")))["push_id"] == "push-7")
        let none = adapter.encode(PushPayload(vendor: "appdna", alert: PushAlert(body: "b")))
        #expect(vendorObject(none)["push_id"] == nil)
        #expect(none.losses == [])
    }

    @Test("mutable-content: 1 is sent with an image or buttons, and not otherwise")
    func mutableContent() {
        let image = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", alert: PushAlert(body: "b"), mutableContent: true,
            imageURL: "https://i/x.png"))
        #expect(aps(image)["mutable-content"] == 1)
        #expect(vendorObject(image)["image_url"] == "https://i/x.png")
        let buttons = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", alert: PushAlert(body: "b"), mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", foreground: true)]))
        #expect(aps(buttons)["mutable-content"] == 1)
        let plain = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", alert: PushAlert(body: "b")))
        #expect(aps(plain)["mutable-content"] == nil)
    }

    @Test("an AppDNA push with an image but no mutable-content gets it, reported as a loss; another vendor's not")
    func mutableContentForced() {
        let own = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", alert: PushAlert(body: "b"), imageURL: "https://i/x.png"))
        #expect(aps(own)["mutable-content"] == 1)
        #expect(own.losses.map(\.path) == ["$.mutableContent"])
        let foreign = adapter.encode(PushPayload(
            vendor: "zixflow", messageId: "p", alert: PushAlert(body: "b"), imageURL: "https://i/x.png"))
        #expect(aps(foreign)["mutable-content"] == 1)
        #expect(foreign.losses == [])
    }

    @Test("a deep link is written as a deep_link action")
    func messageDeepLink() {
        let result = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", deepLink: "fit://plan"))
        #expect(vendorObject(result)["action"] == ["type": "deep_link", "value": "fit://plan"])
        #expect(result.losses == [])
    }

    @Test("the named action show_screen is written as a show_screen action")
    func messageShowScreen() {
        let result = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", action: PushAction(name: "show_screen", data: ["screen": "plan"])))
        #expect(vendorObject(result)["action"] == ["type": "show_screen", "value": "plan"])
        #expect(result.losses == [])
    }

    @Test("with both a named action and a deep link, the deep link wins and the action is a loss")
    func deepLinkWins() throws {
        let action = PushAction(name: "show_screen", data: ["screen": "plan"])
        let result = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", deepLink: "fit://x", action: action))
        #expect(vendorObject(result)["action"] == ["type": "deep_link", "value": "fit://x"])
        let loss = try #require(result.losses.first)
        #expect(result.losses.count == 1)
        #expect(loss.path == "$.action")
        #expect(loss.value == action.json)
    }

    @Test("a named action other than show_screen cannot be carried: a loss")
    func otherNamedAction() {
        let action = PushAction(name: "show_offer", data: ["offerId": "summer"])
        let result = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", action: action))
        #expect(vendorObject(result)["action"] == nil)
        #expect(result.losses == [Loss(
            path: "$.action", value: action.json,
            reason: "AppDNA's only named action is show_screen; 'show_offer' cannot be carried")])
    }

    @Test("show_screen without a string screen is a loss; extra data keys are losses")
    func showScreenData() {
        let noScreen = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", action: PushAction(name: "show_screen", data: ["screen": 3])))
        #expect(vendorObject(noScreen)["action"] == nil)
        #expect(noScreen.losses.map(\.path) == ["$.action"])
        let extra = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p",
            action: PushAction(name: "show_screen", data: ["screen": "plan", "tab": "week"])))
        #expect(vendorObject(extra)["action"] == ["type": "show_screen", "value": "plan"])
        #expect(extra.losses.map(\.path) == ["$.action.data.tab"])
    }

    @Test("an empty deep link is not written: a loss")
    func emptyDeepLink() {
        let result = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", deepLink: ""))
        #expect(vendorObject(result)["action"] == nil)
        #expect(result.losses.map(\.path) == ["$.deepLink"])
    }

    @Test("buttons: link → deep_link, show_screen, input → text_reply, destructive → dismiss, else no type")
    func buttonTypes() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [
                PushButton(id: "l", title: "L", deepLink: "fit://l", foreground: true),
                PushButton(
                    id: "s", title: "S", foreground: true,
                    action: PushAction(name: "show_screen", data: ["screen": "x"])),
                PushButton(id: "r", title: "R", input: true, placeholder: "Say"),
                PushButton(id: "d", title: "D", destructive: true),
                PushButton(id: "o", title: "O", foreground: true),
                PushButton(id: "b", title: "B", foreground: false),
            ]))
        #expect(result.losses == [])
        #expect(vendorObject(result)["actions"] == [
            ["id": "l", "title": "L", "type": "deep_link", "value": "fit://l", "foreground": true],
            ["id": "s", "title": "S", "type": "show_screen", "value": "x", "foreground": true],
            ["id": "r", "title": "R", "type": "text_reply", "value": "Say", "foreground": false],
            ["id": "d", "title": "D", "type": "dismiss"],
            ["id": "o", "title": "O", "foreground": true],
            ["id": "b", "title": "B", "foreground": false],
        ])
    }

    @Test("a button with both a deep link and an action: the deep link wins, the action is a loss")
    func buttonLinkWins() {
        let action = PushAction(name: "show_screen", data: ["screen": "x"])
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", deepLink: "fit://a", foreground: true, action: action)]))
        #expect(vendorObject(result)["actions"]?.arrayValue?.first?["type"] == "deep_link")
        #expect(result.losses == [Loss(
            path: "$.buttons[0].action", value: action.json,
            reason: "an AppDNA button has one action: the deep link wins")])
    }

    @Test("a button action other than show_screen is a loss and the button stays")
    func buttonOtherAction() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", foreground: true, action: PushAction(name: "snooze"))]))
        #expect(vendorObject(result)["actions"] == [["id": "a", "title": "A", "foreground": true]])
        #expect(result.losses.map(\.path) == ["$.buttons[0].action"])
    }

    @Test("an input button with a destination or destructive flag keeps only text_reply; the rest are losses")
    func inputButtonLosses() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(
                id: "r", title: "R", deepLink: "fit://r", destructive: true, input: true,
                action: PushAction(name: "show_screen", data: ["screen": "x"]))]))
        #expect(vendorObject(result)["actions"] == [
            ["id": "r", "title": "R", "type": "text_reply", "foreground": false],
        ])
        #expect(result.losses.map(\.path) == [
            "$.buttons[0].deepLink", "$.buttons[0].action", "$.buttons[0].destructive",
        ])
    }

    @Test("a destructive button that opens the app becomes dismiss; its foreground is a loss")
    func destructiveForeground() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(id: "x", title: "Delete", foreground: true, destructive: true)]))
        #expect(vendorObject(result)["actions"] == [["id": "x", "title": "Delete", "type": "dismiss"]])
        #expect(result.losses.map(\.path) == ["$.buttons[0].foreground"])
    }

    @Test("a destructive button with a destination keeps the destination; destructive is a loss")
    func destructiveWithLink() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(id: "x", title: "X", deepLink: "fit://x", foreground: true, destructive: true)]))
        #expect(vendorObject(result)["actions"]?.arrayValue?.first?["type"] == "deep_link")
        #expect(result.losses.map(\.path) == ["$.buttons[0].destructive"])
    }

    @Test("a placeholder on a button that is not input is a loss; a button with an empty id is a loss")
    func otherButtonLosses() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [
                PushButton(id: "a", title: "A", foreground: true, placeholder: "p"), PushButton(id: "", title: "B"),
            ]))
        #expect(vendorObject(result)["actions"] == [["id": "a", "title": "A", "foreground": true]])
        #expect(result.losses.map(\.path) == ["$.buttons[0].placeholder", "$.buttons[1]"])
    }

    @Test("with buttons the category is derived from them; from another vendor, a missing category is no loss")
    func categoryDerived() {
        let result = adapter.encode(PushPayload(
            vendor: "bridge", messageId: "p", mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", foreground: true)]))
        let actions = vendorObject(result)["actions"]?.arrayValue ?? []
        #expect(aps(result)["category"] == AppDNAAdapter.derivedCategory(forActions: actions).map { .string($0) })
        #expect(aps(result)["category"]?.stringValue?.hasPrefix("appdna_") == true)
        #expect(result.losses == [])
    }

    @Test("an AppDNA push with buttons but no category gets the derived one, reported as a loss")
    func missingOwnCategory() throws {
        let userInfo = AppDNAFixtures.push(
            ["actions": [["id": "a", "title": "A"]]], aps: ["alert": "Hi", "mutable-content": 1])
        let result = adapter.encode(adapter.decode(userInfo).payload)
        #expect(aps(result)["category"]?.stringValue?.hasPrefix("appdna_") == true)
        let loss = try #require(result.losses.first)
        #expect(result.losses.count == 1)
        #expect(loss.path == "$.category")
        #expect(loss.value == .null)
    }

    @Test("a campaign category is sent without buttons, and is a loss with buttons")
    func campaignCategory() {
        let plain = adapter.encode(PushPayload(vendor: "appdna", messageId: "p", category: "weekly_plan"))
        #expect(aps(plain)["category"] == "weekly_plan")
        #expect(plain.losses == [])
        let withButtons = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", category: "weekly_plan", mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", foreground: true)]))
        #expect(aps(withButtons)["category"]?.stringValue?.hasPrefix("appdna_") == true)
        #expect(withButtons.losses == [Loss(
            path: "$.category", value: "weekly_plan",
            reason: "a campaign category is sent only when the push has no buttons")])
    }

    @Test("a stale AppDNA category is replaced by the derived one, reported as a loss")
    func staleCategory() {
        let result = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", category: "appdna_0000000000000000", mutableContent: true,
            buttons: [PushButton(id: "a", title: "A", foreground: true)]))
        #expect(aps(result)["category"] != "appdna_0000000000000000")
        #expect(result.losses.map(\.path) == ["$.category"])
    }

    @Test("tracking from another vendor is a loss")
    func trackingLoss() {
        let result = adapter.encode(PushPayload(
            vendor: "zixflow", messageId: "p", tracking: ["Zixflow-Delivery-ID": "p"]))
        #expect(result.losses.map(\.path) == [#"$.tracking["Zixflow-Delivery-ID"]"#])
    }

    @Test("data is written as appdna.data; data.reply_text stays inside it")
    func dataWritten() {
        let result = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", data: ["plan": "w12", "reply_text": "hi"]))
        #expect(vendorObject(result)["data"] == ["plan": "w12", "reply_text": "hi"])
        #expect(result.userInfo["appdna_reply_text"] == nil)
    }

    @Test("apsExtra is written back into aps")
    func apsExtra() {
        let result = adapter.encode(PushPayload(
            vendor: "appdna", messageId: "p", alert: PushAlert(body: "b"),
            apsExtra: ["interruption-level": "time-sensitive", "loc-key": "K"]))
        #expect(aps(result)["interruption-level"] == "time-sensitive")
        #expect(aps(result)["alert"] == ["body": "b", "loc-key": "K"])
    }

    // MARK: Round trips

    @Test(
        "a same-vendor round trip loses nothing",
        arguments: [
            AppDNAFixtures.specExample,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","action":{"type":"open_url","value":"https://x.io"}}}"#,
            #"{"aps":{"alert":"Hi","category":"weekly_plan"},"#
                + #""appdna":{"push_id":"p","action":{"type":"deep_link","value":"a:b"}}}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","data":{"reply_text":"sent"}},"#
                + #""appdna_reply_text":"typed"}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","data":"x"},"appdna_reply_text":"typed"}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p"},"appdna_reply_text":"typed"}"#,
            #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"p","extra":{"a":[1,2]}},"campaign":"c","$odd":1}"#,
        ])
    func sameVendorRoundTrip(_ text: String) throws {
        AppDNAFixtures.expectLosslessRoundTrip(try Fixtures.userInfo(text))
    }

    @Test(
        "a same-vendor round trip of buttons loses nothing",
        arguments: [
            [["id": "a", "title": "A", "type": "open_url", "value": "https://a"]],
            [["id": "a", "title": "A {{x | y}}", "type": "deep_link", "value": "fit://a", "foreground": false],
             ["id": "s", "title": "S", "type": "show_screen", "value": "stats", "foreground": true]],
            [["id": "d", "title": "D", "type": "dismiss", "foreground": true, "value": "ignored"],
             ["id": "r", "title": "R", "type": "text_reply"],
             ["id": "q", "title": "Q", "type": "text_reply", "value": ""]],
            [["id": "p", "title": "Plain"], ["id": "b", "title": "Back", "foreground": false, "value": 3]],
        ] as [[JSONValue]])
    func sameVendorButtonsRoundTrip(_ actions: [JSONValue]) {
        AppDNAFixtures.expectLosslessRoundTrip(AppDNAFixtures.push(buttons: actions))
    }

    @Test("open_url survives a same-vendor round trip on the wire")
    func openURLOnTheWire() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"Hi","mutable-content":1},"appdna":{"push_id":"p","#
                + #""action":{"type":"open_url","value":"https://x.io"},"#
                + #""actions":[{"id":"a","title":"A","type":"open_url","value":"https://a","foreground":true}]}}"#)
        let translation = Translator.translate(userInfo, from: adapter, to: adapter)
        #expect(translation.userInfo["appdna"]?["action"] == ["type": "open_url", "value": "https://x.io"])
        #expect(translation.userInfo["appdna"]?["actions"]?.arrayValue?.first?["type"] == "open_url")
    }

    @Test("into another vendor, open_url and other AppDNA-only details are reported as losses")
    func openURLCrossVendor() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"Hi"},"#
                + #""appdna":{"push_id":"p","action":{"type":"open_url","value":"https://x.io"},"ttl":3}}"#)
        let translation = Translator.translate(userInfo, from: adapter, to: appDNATestVendor())
        #expect(translation.losses.map(\.path) == [
            #"$.ignored["$.appdna.action.type"]"#, #"$.ignored["$.appdna.ttl"]"#,
        ])
        #expect(translation.userInfo["link"] == "https://x.io")
    }

    @Test("from another vendor: its own category is dropped, the message link copied into link-less buttons")
    func fromOtherVendor() {
        let source = appDNATestVendor(payload: PushPayload(
            vendor: "test", messageId: "m-1", alert: PushAlert(title: "T", body: "B"), category: "test.cat",
            mutableContent: true, imageURL: "https://i/x.png", deepLink: "gym://class/77",
            action: PushAction(name: "show_offer"),
            buttons: [
                PushButton(id: "confirm", title: "Confirm", foreground: true),
                PushButton(id: "skip", title: "Skip", destructive: true),
                PushButton(id: "note", title: "Add note", input: true, placeholder: "Your note"),
            ],
            data: ["bookingId": 42], tracking: ["token": "t"]))
        let translation = Translator.translate([:], from: source, to: adapter)
        let appdna = translation.userInfo["appdna"]
        #expect(appdna?["push_id"] == "m-1")
        #expect(appdna?["action"] == ["type": "deep_link", "value": "gym://class/77"])
        #expect(appdna?["actions"] == [
            ["id": "confirm", "title": "Confirm", "type": "deep_link", "value": "gym://class/77", "foreground": true],
            ["id": "skip", "title": "Skip", "type": "dismiss"],
            ["id": "note", "title": "Add note", "type": "text_reply", "value": "Your note", "foreground": false],
        ])
        #expect(appdna?["image_url"] == "https://i/x.png")
        #expect(appdna?["data"] == ["bookingId": 42])
        let category = translation.userInfo["aps"]?["category"]?.stringValue
        #expect(category == AppDNAAdapter.derivedCategory(forActions: appdna?["actions"]?.arrayValue ?? []))
        #expect(translation.losses.map(\.path) == ["$.tracking.token", "$.action"])
        #expect(adapter.claims(translation.userInfo))
    }

    @Test("a campaign category from another vendor is kept without buttons")
    func campaignFromOtherVendor() {
        let source = appDNATestVendor(payload: PushPayload(
            vendor: "test", messageId: "m", alert: PushAlert(body: "B"), category: "weekly_plan"))
        let translation = Translator.translate([:], from: source, to: adapter)
        #expect(translation.userInfo["aps"]?["category"] == "weekly_plan")
        #expect(translation.losses == [])
    }
}

/// A minimal other vendor for translation tests: decodes to `payload`, encodes the deep link as `link`,
/// owns categories starting with `test.`, and routes a button's own link then the message's.
func appDNATestVendor(payload: PushPayload = PushPayload(vendor: "test")) -> FakeAdapter {
    var fake = FakeAdapter.quiet(
        id: "test", name: "Test",
        capabilities: VendorCapabilities(
            maxButtons: 4, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .ownThenMessage))
    fake.claimHook = { $0["test"] != nil ? .owner : nil }
    fake.decodeHook = { _ in DecodeResult(payload: payload) }
    fake.encodeHook = { payload, _ in ["test": true, "link": payload.deepLink.map { .string($0) } ?? .null] }
    fake.ownsCategoryHook = { $0.hasPrefix("test.") }
    return fake
}
