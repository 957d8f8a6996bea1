import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA adapter: detection, decoding, description")
struct AppDNAAdapterTests {
    let adapter = AppDNAAdapter()

    // MARK: Identity and description

    @Test("is registered as appdna / AppDNA")
    func identity() {
        #expect(adapter.id == "appdna")
        #expect(adapter.name == "AppDNA")
        #expect(BuiltInVendors.registry.adapter(id: "appdna") is AppDNAAdapter)
    }

    @Test("capabilities: 4 buttons with own deep links, text input, show_screen, images, extension, own-only routing")
    func capabilities() {
        let capabilities = adapter.capabilities
        #expect(capabilities.maxButtons == 4)
        #expect(capabilities.buttonDeepLinks)
        #expect(capabilities.textInput)
        #expect(capabilities.namedActions)
        #expect(capabilities.images)
        #expect(capabilities.buttonsNeedServiceExtension)
        #expect(capabilities.buttonRouting == .ownOnly)
    }

    @Test("event table: push_delivered (push_id, in_foreground) and push_tapped (push_id, action)")
    func eventTable() {
        let table = adapter.eventTable
        #expect(table.map(\.kind) == [.delivered, .opened])
        #expect(table.map(\.event) == ["push_delivered", "push_tapped"])
        #expect(table[0].properties == ["push_id", "in_foreground"])
        #expect(table[1].properties == ["push_id", "action"])
        #expect(table[0].when.contains("service extension"))
        #expect(table[1].when.contains("once per push"))
    }

    @Test("owns only categories that start with appdna_")
    func ownsCategory() {
        #expect(adapter.ownsCategory("appdna_4d9a09a16b7b7040"))
        #expect(adapter.ownsCategory("appdna_"))
        #expect(!adapter.ownsCategory("APPDNA_4d9a09a16b7b7040"))
        #expect(!adapter.ownsCategory("buzzkit.f6569d3a8f7894b9"))
        #expect(!adapter.ownsCategory("weekly_plan"))
        #expect(!adapter.ownsCategory(""))
    }

    // MARK: Detection

    @Test("claims a push whose appdna object has a non-empty string push_id")
    func claimsOwnPush() throws {
        #expect(adapter.claims(try Fixtures.userInfo(AppDNAFixtures.specExample)))
        #expect(adapter.claims(["appdna": ["push_id": "x"]]))
    }

    @Test(
        "does not claim without a non-empty string push_id in an appdna object",
        arguments: [
            [:], ["push_id": "p-1"], ["appdna": "push-123"], ["appdna": ["push-123"]], ["appdna": [:]],
            ["appdna": ["push_id": ""]], ["appdna": ["push_id": 123]], ["appdna": ["push_id": nil]],
            ["appdna": ["pushId": "p-1"]], ["aps": ["alert": "Hi"], "buzzkit": ["messageId": "m"]],
        ] as [JSONObject])
    func doesNotClaim(_ userInfo: JSONObject) {
        #expect(!adapter.claims(userInfo))
    }

    @Test("is the only built-in vendor that claims the WIRE-FORMATS §3.3 example")
    func exclusiveDetection() throws {
        let claimants = BuiltInVendors.registry.claimants(of: try Fixtures.userInfo(AppDNAFixtures.specExample))
        #expect(claimants.map(\.id) == ["appdna"])
    }

    // MARK: The WIRE-FORMATS §3.3 example

    @Test("decodes the WIRE-FORMATS §3.3 example into the bridge form, with no diagnostics")
    func specExample() throws {
        let result = adapter.decode(try Fixtures.userInfo(AppDNAFixtures.specExample))
        #expect(result.payload == AppDNAFixtures.specExamplePayload)
        #expect(result.diagnostics == [])
    }

    @Test("the WIRE-FORMATS §3.3 example's buttons hash to exactly appdna_4d9a09a16b7b7040")
    func specExampleCategoryVector() throws {
        let key = CategoryHash.buttonSetKey([
            ["open", "Open {{user.name | there}}", "deep_link", "fit://plan", "1"],
            ["later", "Dismiss", "dismiss", "", "0"],
            ["reply", "Reply", "text_reply", "Type a reply", "0"],
        ])
        #expect("appdna_" + CategoryHash.fnv1a64hex(key) == "appdna_4d9a09a16b7b7040")
        let userInfo = try Fixtures.userInfo(AppDNAFixtures.specExample)
        let actions = try #require(userInfo["appdna"]?["actions"]?.arrayValue)
        #expect(AppDNAAdapter.derivedCategory(forActions: actions) == "appdna_4d9a09a16b7b7040")
    }

    @Test("the category hashes titles as sent, missing type and value as empty, foreground after defaults")
    func categoryFields() {
        let plain: [JSONValue] = [["id": "a", "title": "Hi {{name}}"]]
        #expect(AppDNAAdapter.derivedCategory(forActions: plain)
            == "appdna_" + CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey([["a", "Hi {{name}}", "", "", "1"]])))
        let dismissMarkedForeground: [JSONValue] = [["id": "d", "title": "X", "type": "dismiss", "foreground": true]]
        #expect(AppDNAAdapter.derivedCategory(forActions: dismissMarkedForeground)
            == "appdna_" + CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey([["d", "X", "dismiss", "", "0"]])))
        let replyForeground: [JSONValue] = [["id": "r", "title": "R", "type": "text_reply", "foreground": true]]
        #expect(AppDNAAdapter.derivedCategory(forActions: replyForeground)
            == "appdna_" + CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey([["r", "R", "text_reply", "", "1"]])))
        let linkInBackground: [JSONValue] = [
            ["id": "l", "title": "L", "type": "deep_link", "value": "a:b", "foreground": false],
        ]
        #expect(AppDNAAdapter.derivedCategory(forActions: linkInBackground)
            == "appdna_" + CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey([["l", "L", "deep_link", "a:b", "0"]])))
        #expect(AppDNAAdapter.derivedCategory(forActions: []) == nil)
        #expect(AppDNAAdapter.derivedCategory(forActions: ["not a button", ["title": "no id"]]) == nil)
    }

    @Test("a different button set gets a different category")
    func categoryDependsOnButtons() {
        let one = AppDNAAdapter.derivedCategory(forActions: [["id": "a", "title": "A"]])
        let renamed = AppDNAAdapter.derivedCategory(forActions: [["id": "a", "title": "B"]])
        let buttonA: JSONValue = ["id": "a", "title": "A"]
        let buttonB: JSONValue = ["id": "b", "title": "B"]
        let reordered = AppDNAAdapter.derivedCategory(forActions: [buttonB, buttonA])
        let twoButtons = AppDNAAdapter.derivedCategory(forActions: [buttonA, buttonB])
        #expect(Set([one, renamed, reordered, twoButtons]).count == 4)
    }

    // MARK: Message fields

    @Test("push_id becomes messageId")
    func pushID() {
        let result = adapter.decode(AppDNAFixtures.push(["push_id": "push-9"]))
        #expect(result.payload.messageId == "push-9")
        #expect(result.payload.tracking == [:])
    }

    @Test("aps is read by the shared coding: sound exactly as authored, other aps keys in apsExtra")
    func apsFields() {
        let aps: JSONValue = [
            "alert": ["title": "T", "subtitle": "S", "body": "B"], "sound": "Chime Sound.WAV", "badge": 3,
            "thread-id": "plans", "interruption-level": "time-sensitive",
        ]
        let payload = adapter.decode(AppDNAFixtures.push([:], aps: aps)).payload
        #expect(payload.alert == PushAlert(title: "T", subtitle: "S", body: "B"))
        #expect(payload.sound == "Chime Sound.WAV")
        #expect(payload.badge == 3)
        #expect(payload.threadId == "plans")
        #expect(payload.apsExtra == ["interruption-level": "time-sensitive"])
    }

    @Test("the bridge form's category is aps.category as sent")
    func categoryAsSent() {
        let noButtons = adapter.decode(AppDNAFixtures.push([:], aps: ["alert": "Hi", "category": "weekly_plan"]))
        #expect(noButtons.payload.category == "weekly_plan")
        #expect(noButtons.diagnostics == [])
    }

    @Test("with buttons, an aps.category other than the derived one is a category-mismatch warning")
    func categoryMismatch() throws {
        var userInfo = AppDNAFixtures.push(buttons: [["id": "a", "title": "A"]])
        userInfo["aps"] = ["alert": "Hi", "mutable-content": 1, "category": "weekly_plan"]
        let result = adapter.decode(userInfo)
        #expect(result.payload.category == "weekly_plan")
        let diagnostic = try #require(result.diagnostics.first { $0.diagnosticCode == .categoryMismatch })
        #expect(diagnostic.path == "$.aps.category")
        #expect(diagnostic.severity == .warning)
        userInfo["aps"] = ["alert": "Hi", "mutable-content": 1]
        #expect(adapter.decode(userInfo).diagnostics.map(\.diagnosticCode) == [.categoryMismatch])
    }

    @Test("decode's category check agrees with derivedCategory(forActions:) on odd button arrays")
    func categoryCheckMatchesDerivation() {
        let arrays: [[JSONValue]] = [
            [["id": "a", "title": "A"]],
            [["id": "a", "title": 7, "type": "dismiss", "foreground": true], ["id": "b", "type": "text_reply"]],
            [["id": "", "title": "skipped"], "not an object", ["id": 3], ["id": "c", "type": ["x"], "value": 1]],
            [["id": "d", "type": "deep_link", "value": "fit://d", "foreground": "yes", "extra": true],
             ["id": "d", "title": "again", "type": "show_screen", "value": "s"]],
            [["id": "r", "type": "text_reply", "value": "Type…", "foreground": true], ["id": "u", "type": "unknown"]],
            (0..<20).map { ["id": .string("b\($0 % 7)"), "title": .string("T\($0)")] },
        ]
        for actions in arrays {
            let derived = AppDNAAdapter.derivedCategory(forActions: actions)
            #expect(derived != nil)
            var userInfo = AppDNAFixtures.push(["actions": .array(actions)])
            userInfo["aps"] = ["alert": "Hi", "mutable-content": 1, "category": derived.map(JSONValue.string) ?? nil]
            let codes = adapter.decode(userInfo).diagnostics.map(\.diagnosticCode)
            #expect(!codes.contains(.categoryMismatch), "\(actions)")
            userInfo["aps"] = ["alert": "Hi", "mutable-content": 1, "category": "other"]
            #expect(adapter.decode(userInfo).diagnostics.map(\.diagnosticCode).contains(.categoryMismatch), "\(actions)")
        }
    }

    @Test("a repeated button id is reported each time it repeats, with few buttons or many")
    func repeatedButtonIDs() {
        for count in [3, 40] {
            let actions: [JSONValue] = (0..<count).map { ["id": .string("b\($0 % 2 == 0 ? 0 : $0)"), "title": "T"] }
            let decoded = adapter.decode(AppDNAFixtures.push(["actions": .array(actions)]))
            let repeated = decoded.diagnostics.filter { $0.diagnosticCode == .duplicateButtonID }.map(\.path)
            let expected = stride(from: 2, to: count, by: 2).map { "$.appdna.actions[\($0)].id" }
            #expect(repeated == expected, "\(count)")
            #expect(decoded.payload.buttons.count == count)
        }
    }

    @Test("message action deep_link and open_url both become the deep link")
    func messageDeepLink() {
        for type in ["deep_link", "open_url"] {
            let payload = adapter.decode(AppDNAFixtures.push(["action": ["type": .string(type), "value": "fit://w"]]))
                .payload
            #expect(payload.deepLink == "fit://w")
            #expect(payload.action == nil)
        }
    }

    @Test("open_url, which the bridge form cannot tell from deep_link, is kept under ignored by its JSON path")
    func openURLRemembered() {
        let openURL = adapter.decode(AppDNAFixtures.push(["action": ["type": "open_url", "value": "https://x.io"]]))
        #expect(openURL.payload.ignored == ["$.appdna.action.type": "open_url"])
        #expect(openURL.diagnostics == [])
        let deepLink = adapter.decode(AppDNAFixtures.push(["action": ["type": "deep_link", "value": "https://x.io"]]))
        #expect(deepLink.payload.ignored == [:])
    }

    @Test("message action show_screen becomes the named action show_screen with data.screen")
    func messageShowScreen() {
        let payload = adapter.decode(AppDNAFixtures.push(["action": ["type": "show_screen", "value": "plan"]])).payload
        #expect(payload.action == PushAction(name: "show_screen", data: ["screen": "plan"]))
        #expect(payload.deepLink == nil)
    }

    @Test("an unknown message action type is a diagnostic and the action is kept under ignored")
    func unknownMessageActionType() throws {
        let action: JSONValue = ["type": "open_modal", "value": "promo"]
        let result = adapter.decode(AppDNAFixtures.push(["action": action]))
        #expect(result.payload.action == nil)
        #expect(result.payload.deepLink == nil)
        #expect(result.payload.ignored == ["$.appdna.action": action])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.diagnosticCode == .unknownActionType)
        #expect(diagnostic.path == "$.appdna.action.type")
        #expect(diagnostic.message.contains("open_modal"))
    }

    @Test("button types dismiss and text_reply route nothing as a message action; kept under ignored")
    func buttonTypesAsMessageAction() {
        for type in ["dismiss", "text_reply"] {
            let action: JSONValue = ["type": .string(type), "value": "x"]
            let result = adapter.decode(AppDNAFixtures.push(["action": action]))
            #expect(result.payload.ignored == ["$.appdna.action": action])
            #expect(result.diagnostics.map(\.diagnosticCode) == [.actionTypeNotForMessage])
        }
    }

    @Test("unknown keys inside a readable action are kept under ignored by path")
    func unknownKeyInAction() {
        let result = adapter.decode(AppDNAFixtures.push(["action": ["type": "deep_link", "value": "a:b", "utm": "x"]]))
        #expect(result.payload.deepLink == "a:b")
        #expect(result.payload.ignored == ["$.appdna.action.utm": "x"])
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.action.utm": [.unknownKey]])
    }

    @Test("image_url becomes imageURL and data the custom data")
    func imageAndData() {
        let payload = adapter.decode(AppDNAFixtures.push([
            "image_url": "https://cdn.example.com/a.png", "data": ["plan": "w12", "week": 12, "tags": ["a"]],
        ])).payload
        #expect(payload.imageURL == "https://cdn.example.com/a.png")
        #expect(payload.data == ["plan": "w12", "week": 12, "tags": ["a"]])
    }

    @Test("a data that is not an object is kept under ignored with a diagnostic")
    func nonObjectData() {
        let result = adapter.decode(AppDNAFixtures.push(["data": "plan=w12"]))
        #expect(result.payload.data == [:])
        #expect(result.payload.ignored == ["$.appdna.data": "plan=w12"])
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.data": [.wrongType]])
    }

    @Test("other top-level keys and unknown keys inside appdna are kept under ignored with a diagnostic")
    func unknownKeys() {
        var userInfo = AppDNAFixtures.push(["campaign_id": 77, "ttl": "1h"])
        userInfo["custom"] = ["a": 1]
        userInfo["$odd"] = true
        let result = adapter.decode(userInfo)
        #expect(result.payload.ignored == [
            "custom": ["a": 1], #"$["$odd"]"#: true, "$.appdna.campaign_id": 77, "$.appdna.ttl": "1h",
        ])
        #expect(AppDNAFixtures.codes(result) == [
            "$.custom": [.unknownKey], #"$["$odd"]"#: [.unknownKey], "$.appdna.campaign_id": [.unknownKey],
            "$.appdna.ttl": [.unknownKey],
        ])
        #expect(result.payload.data == [:])
    }

    @Test("a forwarded userInfo's top-level appdna_reply_text reaches the app as data.reply_text")
    func replyText() {
        var userInfo = AppDNAFixtures.push(["data": ["plan": "w12"]])
        userInfo["appdna_reply_text"] = "See you at 7"
        let result = adapter.decode(userInfo)
        #expect(result.payload.data == ["plan": "w12", "reply_text": "See you at 7"])
        #expect(result.payload.ignored == [:])
        #expect(result.diagnostics == [])
    }

    @Test("typed text replaces a sender's data.reply_text, which is kept under ignored")
    func replyTextShadowsData() {
        var userInfo = AppDNAFixtures.push(["data": ["reply_text": "sender's"]])
        userInfo["appdna_reply_text"] = "typed"
        let result = adapter.decode(userInfo)
        #expect(result.payload.data == ["reply_text": "typed"])
        #expect(result.payload.ignored == ["$.appdna.data.reply_text": "sender's"])
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.data.reply_text": [.replyTextReplacesData]])
        AppDNAFixtures.expectLosslessRoundTrip(userInfo)
    }

    // MARK: Buttons

    @Test("deep_link and open_url buttons carry their value as the button's deep link and open the app")
    func linkButtons() {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "A", "type": "deep_link", "value": "fit://a"],
            ["id": "b", "title": "B", "type": "open_url", "value": "https://b.io"],
        ])).payload
        #expect(payload.buttons == [
            PushButton(id: "a", title: "A", deepLink: "fit://a", foreground: true),
            PushButton(id: "b", title: "B", deepLink: "https://b.io", foreground: true),
        ])
        #expect(payload.ignored == ["$.appdna.actions[1].type": "open_url"])
    }

    @Test("a show_screen button carries the named action show_screen with its screen")
    func showScreenButton() {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "s", "title": "See", "type": "show_screen", "value": "plan"],
        ])).payload
        #expect(payload.buttons == [
            PushButton(
                id: "s", title: "See", foreground: true,
                action: PushAction(name: "show_screen", data: ["screen": "plan"])),
        ])
    }

    @Test("a dismiss button is destructive and never opens the app, even when marked foreground")
    func dismissButton() {
        let result = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "d", "title": "No", "type": "dismiss"],
            ["id": "e", "title": "Nope", "type": "dismiss", "foreground": true],
        ]))
        #expect(result.payload.buttons == [
            PushButton(id: "d", title: "No", foreground: false, destructive: true),
            PushButton(id: "e", title: "Nope", foreground: false, destructive: true),
        ])
        #expect(result.payload.ignored == ["$.appdna.actions[1].foreground": true])
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.actions[1].foreground": [.dismissNeverForeground]])
    }

    @Test("a text_reply button asks for text with its value as placeholder and does not open the app by default")
    func textReplyButton() {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "r", "title": "Reply", "type": "text_reply", "value": "Type a reply"],
            ["id": "q", "title": "Ask", "type": "text_reply", "foreground": true],
        ])).payload
        #expect(payload.buttons == [
            PushButton(id: "r", title: "Reply", foreground: false, input: true, placeholder: "Type a reply"),
            PushButton(id: "q", title: "Ask", foreground: true, input: true),
        ])
    }

    @Test("foreground defaults to true for other buttons and an explicit value wins")
    func foregroundDefaults() {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "A"],
            ["id": "b", "title": "B", "type": "deep_link", "value": "a:b", "foreground": false],
            ["id": "c", "title": "C", "type": "show_screen", "value": "s"],
        ])).payload
        #expect(payload.buttons.map(\.foreground) == [true, false, true])
        #expect(payload.buttons.map(\.destructive) == [false, false, false])
        #expect(payload.buttons.map(\.input) == [false, false, false])
    }

    @Test("button titles keep their {{…}} variables in the bridge form")
    func titlesAsSent() {
        let payload = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "Hi {{user.name | there}}, {{plan}}"],
        ])).payload
        #expect(payload.buttons.first?.title == "Hi {{user.name | there}}, {{plan}}")
    }

    @Test("an unknown button type is a diagnostic; the button stays, routes nothing, and its type is kept")
    func unknownButtonType() throws {
        let result = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "m", "title": "More", "type": "open_modal", "value": "promo"],
        ]))
        #expect(result.payload.buttons == [PushButton(id: "m", title: "More", foreground: true)])
        #expect(result.payload.ignored == [
            "$.appdna.actions[0].type": "open_modal", "$.appdna.actions[0].value": "promo",
        ])
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.diagnosticCode == .unknownActionType)
        #expect(diagnostic.path == "$.appdna.actions[0].type")
        #expect(result.diagnostics.count == 1)
    }

    @Test("unknown keys inside a button are kept under ignored by path")
    func unknownButtonKey() {
        let result = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "A", "icon": "star", "destructive": true],
        ]))
        #expect(result.payload.buttons == [PushButton(id: "a", title: "A", foreground: true)])
        #expect(result.payload.ignored == [
            "$.appdna.actions[0].icon": "star", "$.appdna.actions[0].destructive": true,
        ])
        #expect(result.diagnostics.map(\.diagnosticCode) == [.unknownKey, .unknownKey])
    }

    @Test("a repeated button id is a warning")
    func duplicateButtonID() {
        let result = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "A"], ["id": "a", "title": "Again"],
        ]))
        #expect(result.payload.buttons.count == 2)
        #expect(AppDNAFixtures.codes(result) == ["$.appdna.actions[1].id": [.duplicateButtonID]])
    }

    @Test("decoding is deterministic and idempotent through encode")
    func deterministic() throws {
        let userInfo = try Fixtures.userInfo(AppDNAFixtures.specExample)
        #expect(adapter.decode(userInfo) == adapter.decode(userInfo))
        let once = adapter.decode(userInfo).payload
        let twice = adapter.decode(adapter.encode(adapter.decode(adapter.encode(once).userInfo).payload).userInfo)
        #expect(twice.payload == once)
    }
}
