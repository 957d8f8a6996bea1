import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA categories: registered titles, derived ids and the 16-category cap")
struct AppDNACategoryTests {
    let appDNA = AppDNAAdapter()

    @Test(
        "registered titles resolve {{var | fallback}} to the fallback and {{var}} to nothing",
        arguments: [
            ("Open {{user.name | there}}", "Open there"),
            ("Hi {{name}}!", "Hi !"),
            ("{{a|b}}{{c}}-{{ d |  e f  }}", "b-e f"),
            ("No variables", "No variables"),
            ("Unclosed {{name | x", "Unclosed {{name | x"),
            ("{{a | b | c}}", "b | c"),
            ("", ""),
        ])
    func registeredTitle(title: String, expected: String) {
        #expect(AppDNAAdapter.registeredTitle(title) == expected)
    }

    func names(_ range: Range<Int>) -> [String] { range.map { "appdna_\($0)" } }

    @Test("up to 16 AppDNA categories are all kept, the new one last")
    func underTheCap() {
        let kept = AppDNAAdapter.categoriesToKeep(
            registered: names(0..<15), adding: "appdna_new", inNotificationCentre: [])
        #expect(kept == names(0..<15) + ["appdna_new"])
    }

    @Test("past 16: the new one and the most recently registered, up to 16")
    func overTheCap() {
        let kept = AppDNAAdapter.categoriesToKeep(
            registered: names(0..<16), adding: "appdna_new", inNotificationCentre: [])
        #expect(kept == names(1..<16) + ["appdna_new"])
    }

    @Test("categories of notifications in Notification Centre are kept, even past 16")
    func notificationCentreKept() {
        let inCentre = names(0..<17)
        let kept = AppDNAAdapter.categoriesToKeep(
            registered: names(0..<20), adding: "appdna_new", inNotificationCentre: inCentre)
        #expect(kept == names(0..<17) + ["appdna_new"])
        let some = AppDNAAdapter.categoriesToKeep(
            registered: names(0..<20), adding: "appdna_new", inNotificationCentre: ["appdna_2", "appdna_other"])
        #expect(some == ["appdna_other", "appdna_2"] + names(7..<20) + ["appdna_new"])
        #expect(some.count == 16)
    }

    @Test("the app's own categories are never touched, and re-registering moves a category to most recent")
    func ownCategoriesAndRepeats() {
        let kept = AppDNAAdapter.categoriesToKeep(
            registered: ["appdna_a", "app_own", "appdna_b"], adding: "appdna_a", inNotificationCentre: ["app_own"])
        #expect(kept == ["appdna_b", "appdna_a"])
    }

    /// A push whose one button is titled `title`: a distinct button set (and category) per title.
    func buttonSet(_ title: String) -> PushPayload {
        appDNA.decode(AppDNAFixtures.push(buttons: [["id": "go", "title": .string(title), "type": "deep_link",
                                                      "value": "app://x"]])).payload
    }

    @Test("the documented example: its category, resolved titles, dismiss destructive, text_reply with placeholder")
    func specExample() throws {
        let payload = appDNA.decode(try Fixtures.userInfo(AppDNAFixtures.specExample)).payload
        #expect(appDNA.categories(for: payload) == [NotificationCategory(
            id: "appdna_4d9a09a16b7b7040", owner: "appdna",
            actions: [
                NotificationAction(id: "open", title: "Open there", options: .foreground),
                NotificationAction(id: "later", title: "Dismiss", options: .destructive),
                NotificationAction(id: "reply", title: "Reply", textInput: .init(placeholder: "Type a reply")),
            ])])
        #expect(payload.buttons.first?.title == "Open {{user.name | there}}")
    }

    @Test("{{var}} registers as nothing, {{var | fallback}} as the fallback; the id hashes the titles as sent")
    func titles() {
        let payload = appDNA.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "Hi {{name}}!"], ["id": "b", "title": "{{first | friend}}, go"],
        ])).payload
        let category = appDNA.categories(for: payload).first
        #expect(category?.actions.map(\.title) == ["Hi !", "friend, go"])
        #expect(category?.id == payload.category)
        #expect(payload.buttons.map(\.title) == ["Hi {{name}}!", "{{first | friend}}, go"])
    }

    @Test("the id is the one derived from the buttons as sent, for every button type", arguments: [
        [["id": "u", "title": "Web", "type": "open_url", "value": "https://x.io"]] as [JSONValue],
        [["id": "s", "title": "Screen", "type": "show_screen", "value": "plan", "foreground": false]],
        [["id": "d", "title": "No", "type": "dismiss", "foreground": true], ["id": "t", "title": "T"]],
        [["id": "r", "title": "Reply", "type": "text_reply", "value": "Say", "foreground": true]],
    ])
    func derivedFromWire(actions: [JSONValue]) {
        let payload = appDNA.decode(AppDNAFixtures.push(buttons: actions)).payload
        #expect(appDNA.categories(for: payload).map(\.id) == [AppDNAAdapter.derivedCategory(forActions: actions)!])
    }

    @Test("foreground follows the defaults: dismiss never, text_reply only when sent, others unless turned off")
    func foregroundDefaults() {
        let payload = appDNA.decode(AppDNAFixtures.push(buttons: [
            ["id": "d", "title": "No", "type": "dismiss", "foreground": true],
            ["id": "r", "title": "Reply", "type": "text_reply", "value": "Say", "foreground": true],
            ["id": "s", "title": "Plan", "type": "show_screen", "value": "plan", "foreground": false],
            ["id": "l", "title": "Open", "type": "deep_link", "value": "app://x"],
        ])).payload
        let options = appDNA.categories(for: payload).first?.actions.map(\.options)
        #expect(options == [.destructive, .foreground, [], .foreground])
    }

    @Test("a push without buttons needs no category, even with a campaign category")
    func noButtons() throws {
        let payload = appDNA.decode(AppDNAFixtures.push(["action": ["type": "deep_link", "value": "app://x"]],
                                                        aps: ["alert": "x", "category": "campaign"])).payload
        #expect(payload.category == "campaign")
        #expect(appDNA.categories(for: payload).isEmpty)
    }

    @Test("17 button sets: 16 stay registered, the oldest is dropped, the app's categories all survive")
    func seventeenButtonSets() {
        let pushes = (0..<17).map { buttonSet("Set \($0)") }
        let ids = pushes.map { appDNA.categories(for: $0)[0].id }
        #expect(Set(ids).count == 17)
        var planner = CategoryPlanner(providers: [appDNA])
        let update = planner.plan(existing: ["app.chat", "app.invite"], seen: pushes)
        #expect(update.categories.map(\.id) == Array(ids.dropFirst()))
        #expect(update.removed == [ids[0]])
        #expect(update.keeps("app.chat") && update.keeps("app.invite"))
        #expect(appDNA.profile.categories?.limit == 16)
    }

    @Test("17 button sets with the first still in Notification Centre: it stays, the second goes")
    func seventeenWithNotificationCentre() {
        let pushes = (0..<17).map { buttonSet("Set \($0)") }
        let ids = pushes.map { appDNA.categories(for: $0)[0].id }
        let update = CategoryPlanner.plan(providers: [appDNA], inNotificationCentre: [ids[0]], seen: pushes)
        #expect(update.categories.count == 16)
        #expect(update.categories.map(\.id).contains(ids[0]))
        #expect(update.removed == [ids[1]])
    }

    @Test("one push at a time, the planner keeps what AppDNAAdapter.categoriesToKeep keeps", arguments: [
        (20, [0, 5]), (17, []), (30, Array(0..<17)), (16, [3]),
    ])
    func matchesCategoriesToKeep(count: Int, centreIndexes: [Int]) {
        let pushes = (0..<count).map { buttonSet("Set \($0)") }
        let ids = pushes.map { appDNA.categories(for: $0)[0].id }
        let centre = centreIndexes.map { ids[$0] }
        var planner = CategoryPlanner(providers: [appDNA])
        var expected: [String] = []
        for (push, id) in zip(pushes, ids) {
            _ = planner.plan(inNotificationCentre: centre, seen: [push])
            expected = AppDNAAdapter.categoriesToKeep(registered: expected, adding: id, inNotificationCentre: centre)
            #expect(Set(planner.registeredIDs) == Set(expected))
        }
    }

    @Test("a registration another process wiped is added again up to three times, keeping the other's")
    func readbackRetry() throws {
        var planner = CategoryPlanner(providers: [appDNA])
        let update = planner.plan(existing: ["app.chat"], seen: [buttonSet("Mine")])
        var readback = CategoryReadback(update)
        let mine = try #require(update.added.first?.id)
        var attempts = 0
        while case .registerAgain(let retry) = readback.check(readBack: ["app.chat", "appdna_fromextension"]) {
            attempts += 1
            #expect(retry.categories.map(\.id) == [mine])
            #expect(retry.keeps("appdna_fromextension") && retry.keeps("app.chat"))
        }
        #expect(attempts == 3)
    }
}
