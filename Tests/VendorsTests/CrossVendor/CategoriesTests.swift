import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("Categories: Zixflow registers ZX_2BTN at launch (WIRE-FORMATS §3.1)")
struct CategoriesZixflowTests {
    let zixflow = ZixflowAdapter()

    @Test("ZX_2BTN has ACTION_0 and ACTION_1 titled Action 1 and Action 2, both foreground")
    func buttonCategory() {
        #expect(zixflow.profile.categories?.launch == [NotificationCategory(
            id: "ZX_2BTN", owner: "zixflow",
            actions: [
                NotificationAction(id: "ACTION_0", title: "Action 1", options: .foreground),
                NotificationAction(id: "ACTION_1", title: "Action 2", options: .foreground),
            ])])
    }

    @Test("a push with buttons needs ZX_2BTN, whatever its button names; one without buttons needs nothing")
    func perPush() throws {
        let custom = zixflow.decode(try Fixtures.userInfo(#"""
            {"Zixflow-Delivery-ID": "1", "aps": {"alert": "x", "mutable-content": 1}, "title": "T",
             "action_buttons": "[{\"name\":\"Shop Now\",\"deeplink\":\"\"}]"}
            """#)).payload
        #expect(zixflow.categories(for: custom).map(\.id) == ["ZX_2BTN"])
        #expect(zixflow.categories(for: custom).first?.actions.first?.title == "Action 1")
        #expect(zixflow.categories(for: PushPayload(vendor: "zixflow", category: "promo")).isEmpty)
        let named = PushPayload(vendor: "zixflow", category: "ZX_2BTN")
        #expect(zixflow.categories(for: named).map(\.id) == ["ZX_2BTN"])
    }

    @Test("a ZX_2BTN already registered (by the app, as Zixflow's guide tells it to) is left as registered")
    func registeredZX2BTNUntouched() {
        var planner = CategoryPlanner(providers: [zixflow])
        let update = planner.plan(existing: ["ZX_2BTN", "app.chat"])
        #expect(update.categories.map(\.id) == ["ZX_2BTN"])
        #expect(update.added.isEmpty)
        #expect(!update.needsWrite)
        #expect(update.keeps("ZX_2BTN"))
        #expect(update.keeps("app.chat"))
    }

    @Test("an app that names ZX_2BTN as its own keeps it; Zixflow's is not registered")
    func appNamesZX2BTN() {
        let own = NotificationCategory(id: "ZX_2BTN", actions: [NotificationAction(id: "ACTION_0", title: "Buy")])
        let update = CategoryPlanner.plan(providers: [zixflow], appCategories: [own])
        #expect(update.categories == [own])
        #expect(update.diagnostics.map(\.diagnosticCode) == [.categoryOwnedByApp])
    }
}

@Suite("Categories: BuzzKit registers the message's or the derived category (WIRE-FORMATS §3.2)")
struct CategoriesBuzzKitTests {
    let buzzkit = BuzzKitAdapter()

    func payload(_ actions: String, category: String? = nil) throws -> PushPayload {
        let aps = category.map { #"{"alert": "x", "mutable-content": 1, "category": "\#($0)"}"# }
            ?? #"{"alert": "x", "mutable-content": 1}"#
        return buzzkit.decode(try Fixtures.userInfo(
            #"{"aps": \#(aps), "buzzkit": {"messageId": "m", "actions": \#(actions)}}"#))
            .payload
    }

    @Test("the WIRE-FORMATS §3.2 example: its category, text input with placeholder, destructive and foreground options")
    func specExample() throws {
        let userInfo = try Fixtures.userInfo(#"""
            { "aps": { "alert": {"title": "Leg day", "body": "Your 7am class is confirmed"},
                       "mutable-content": 1, "category": "buzzkit.f6569d3a8f7894b9" },
              "buzzkit": { "messageId": "msg_01HV3",
                "actions": [ {"id": "confirm", "title": "Confirm", "foreground": true},
                             {"id": "skip", "title": "Skip", "destructive": true},
                             {"id": "note", "title": "Add note", "input": true, "placeholder": "Your note"} ] } }
            """#)
        #expect(buzzkit.categories(for: buzzkit.decode(userInfo).payload) == [NotificationCategory(
            id: "buzzkit.f6569d3a8f7894b9", owner: "buzzkit",
            actions: [
                NotificationAction(id: "confirm", title: "Confirm", options: .foreground),
                NotificationAction(id: "skip", title: "Skip", options: .destructive),
                NotificationAction(id: "note", title: "Add note", textInput: .init(placeholder: "Your note")),
            ])])
    }

    @Test("without aps.category the category is derived from the buttons")
    func derived() throws {
        let payload = try payload(#"[{"id": "a", "title": "A", "foreground": true, "destructive": true}]"#)
        let categories = buzzkit.categories(for: payload)
        #expect(categories.map(\.id) == [BuzzKitAdapter.derivedCategory(for: payload.buttons)])
        #expect(categories.first?.id.hasPrefix("buzzkit.") == true)
        #expect(categories.first?.actions.first?.options == [.foreground, .destructive])
    }

    @Test("a campaign aps.category is used as sent")
    func messageCategory() throws {
        let categories = buzzkit.categories(for: try payload(#"[{"id": "a", "title": "A"}]"#, category: "promo"))
        #expect(categories.map(\.id) == ["promo"])
        #expect(categories.first?.actions == [NotificationAction(id: "a", title: "A")])
    }

    @Test("an input button without a placeholder gets an empty one; no buttons, no category")
    func edges() throws {
        let input = buzzkit.categories(for: try payload(#"[{"id": "n", "title": "Note", "input": true}]"#))
        #expect(input.first?.actions.first?.textInput == NotificationAction.TextInput(placeholder: ""))
        #expect(input.first?.actions.first?.textInput?.buttonTitle == "Send")
        #expect(buzzkit.categories(for: try payload("[]")).isEmpty)
    }

    @Test("at most 4 buttons are registered")
    func fourButtons() {
        let payload = PushPayload(vendor: "buzzkit", buttons: (0..<6).map { PushButton(id: "b\($0)", title: "B") })
        #expect(buzzkit.categories(for: payload).first?.actions.count == 4)
    }
}

@Suite("Categories: PushNotifAI adds pushnotifai beside the app's (WIRE-FORMATS §3.4)")
struct CategoriesPushNotifAITests {
    let pushNotifAI = PushNotifAIAdapter()

    @Test("pushnotifai is registered at launch with .customDismissAction and no buttons")
    func launch() {
        #expect(pushNotifAI.profile.categories?.launch == [NotificationCategory(
            id: "pushnotifai", owner: "pushnotifai", options: .customDismissAction)])
        #expect(pushNotifAI.categories(for: PushPayload(vendor: "pushnotifai")).map(\.id) == ["pushnotifai"])
    }

    @Test("it is added to the app's categories, never replacing them")
    func besideTheApp() {
        var planner = CategoryPlanner(providers: [pushNotifAI])
        let update = planner.plan(existing: ["app.one", "app.two"])
        #expect(update.categories.map(\.id) == ["pushnotifai"])
        #expect(update.keeps("app.one") && update.keeps("app.two"))
        #expect(update.removed.isEmpty)
        #expect(update.needsWrite)
    }
}

@Suite("Categories: every built-in vendor side by side (a migration)")
struct CategoriesMigrationTests {
    @Test("Every built-in vendor's categories sit beside the app's; the app's survive")
    func sideBySide() throws {
        let registry = BuiltInVendors.registry
        let registrar = CategoryRegistrar(registry: registry)
        let seen = try ["zixflow-custom.json", "buzzkit.json", "appdna.json", "pushnotifai.json"].map { name in
            DeliveredNotification(userInfo: try Fixtures.userInfo(try payloadText(name)))
        }
        let update = registrar.see(seen, existing: ["app.chat"])
        let seenCategories = ["ZX_2BTN", "buzzkit.f6569d3a8f7894b9", "appdna_4d9a09a16b7b7040", "pushnotifai"]
        // Every provider's launch categories are registered too (Airship's ua_ groups), ahead of those.
        let launch = BuiltInVendors.all.flatMap { $0.profile.categories?.launch ?? [] }.map(\.id)
        #expect(Array(update.categories.map(\.id).suffix(seenCategories.count)) == seenCategories)
        #expect(Set(update.categories.map(\.id)) == Set(seenCategories + launch))
        #expect(update.added == update.categories)
        #expect(update.keeps("app.chat"))
        let providers = CategoryPlanner(registry: registry).providers.map(\.id)
        #expect(Array(providers.prefix(4)) == ["zixflow", "buzzkit", "appdna", "pushnotifai"])
        #expect(providers == BuiltInVendors.all.filter { $0.profile.categories != nil }.map(\.id))
    }
}

/// The text of `examples/payloads/name`.
private func payloadText(_ name: String) throws -> String {
    String(decoding: try Fixtures.payloadBytes(name), as: UTF8.self)
}
