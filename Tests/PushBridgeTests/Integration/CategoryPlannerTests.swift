import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("CategoryPlanner: the category set to register")
struct CategoryPlannerTests {
    let capped = FakeAdapter.integration(limit: 16)

    @Test("registered categories no vendor owns are the app's: kept untouched, never written or removed")
    func existingAppCategoriesSurvive() {
        var planner = CategoryPlanner(providers: [FakeAdapter.integration(launch: ["fake.launch"])])
        let update = planner.plan(existing: ["app.chat", "app.invite"], seen: [pushNeeding("fake.a")])
        #expect(update.keeps("app.chat"))
        #expect(update.keeps("app.invite"))
        #expect(!update.categories.map(\.id).contains("app.chat"))
        #expect(!update.removed.contains("app.chat"))
        #expect(update.categories.map(\.id) == ["fake.launch", "fake.a"])
    }

    @Test("a vendor category with an app category's id is refused and the app's is kept as the app wrote it")
    func appCategoryWinsConflicts() {
        let app = NotificationCategory(
            id: "fake.shared", actions: [NotificationAction(id: "app-button", title: "Mine")])
        var planner = CategoryPlanner(providers: [FakeAdapter.integration(launch: ["fake.shared"])])
        let update = planner.plan(appCategories: [app], seen: [pushNeeding("fake.shared")])
        #expect(update.categories == [app])
        #expect(update.diagnostics.map(\.diagnosticCode) == [.categoryOwnedByApp])
        let existingOnly = CategoryPlanner.plan(providers: [FakeAdapter.integration()], seen: [pushNeeding("app.x")])
        #expect(existingOnly.categories.map(\.owner) == ["fake"])
        var inferred = CategoryPlanner(providers: [FakeAdapter.integration()])
        let second = inferred.plan(existing: ["app.x"], seen: [pushNeeding("app.x")])
        #expect(second.categories.isEmpty)
        #expect(second.keeps("app.x"))
        #expect(second.diagnostics.map(\.diagnosticCode) == [.categoryOwnedByApp])
    }

    @Test("app categories handed to the planner lead the planned set unchanged, written while not registered")
    func explicitAppCategoriesWritten() {
        let app = [NotificationCategory(id: "a1", options: .customDismissAction), NotificationCategory(id: "a2")]
        var planner = CategoryPlanner(providers: [FakeAdapter.integration(launch: ["fake.l"])])
        let first = planner.plan(appCategories: app)
        let second = planner.plan(existing: ["a1", "a2", "fake.l"], appCategories: app)
        #expect(first.categories.map(\.id) == ["a1", "a2", "fake.l"])
        #expect(first.added == first.categories)
        #expect(Array(second.categories.prefix(2)) == app)
        #expect(second.added.isEmpty)
        #expect(first.categories.first?.isAppCategory == true)
    }

    @Test("a planned category already registered under its id is left as registered, not rewritten")
    func registeredLeftAlone() {
        var planner = CategoryPlanner(providers: [FakeAdapter.integration()])
        let update = planner.plan(existing: ["fake.a"], seen: [pushNeeding("fake.a"), pushNeeding("fake.b")])
        #expect(update.categories.map(\.id) == ["fake.a", "fake.b"])
        #expect(update.added.map(\.id) == ["fake.b"])
        #expect(update.keeps("fake.a"))
        #expect(!update.keeps("fake.b"))
    }

    @Test("launch categories are registered on every plan, but only a category not registered yet counts as added")
    func launchCategoriesAddedOnce() {
        var planner = CategoryPlanner(providers: [FakeAdapter.integration(launch: ["fake.launch"])])
        let first = planner.plan()
        #expect(first.added.map(\.id) == ["fake.launch"])
        #expect(first.needsWrite)
        let second = planner.plan(existing: ["fake.launch"])
        #expect(second.categories.map(\.id) == ["fake.launch"])
        #expect(second.added.isEmpty)
        #expect(!second.needsWrite)
    }

    @Test("a category whose buttons changed is added again, moved to most recent")
    func changedButtonsReAdded() {
        var planner = CategoryPlanner(providers: [FakeAdapter.integration()])
        _ = planner.plan(seen: [pushNeeding("fake.a"), pushNeeding("fake.b")])
        let update = planner.plan(existing: ["fake.a", "fake.b"], seen: [pushNeeding("fake.a", button: "new")])
        #expect(update.added.map(\.id) == ["fake.a"])
        #expect(update.added.first?.actions.map(\.id) == ["new"])
        #expect(planner.registeredIDs == ["fake.b", "fake.a"])
    }

    @Test("every category returned is owned by its vendor, whatever the provider wrote")
    func ownerIsTheProvider() {
        var sloppy = FakeAdapter.integration(perPush: false)
        sloppy.profile.categories = CategorySupport(launch: [NotificationCategory(id: "x")])
        sloppy.ownsCategoryHook = { _ in true }
        #expect(CategoryPlanner.plan(providers: [sloppy]).categories.map(\.owner) == ["fake"])
    }

    @Test("two vendors needing the same id: the first registration is kept, the second refused")
    func vendorConflictFirstWins() {
        let one = FakeAdapter.integration(id: "one", launch: ["shared"])
        let two = FakeAdapter.integration(id: "two", launch: ["shared"])
        let update = CategoryPlanner.plan(providers: [one, two])
        #expect(update.categories.map(\.owner) == ["one"])
        #expect(update.diagnostics.map(\.diagnosticCode) == [.categoryConflict])
    }

    @Test("notifications of a vendor with no category provider are skipped")
    func unknownVendorSkipped() {
        let update = CategoryPlanner.plan(providers: [FakeAdapter.integration()], seen: [pushNeeding("x.1", vendor: "x")])
        #expect(update.categories.isEmpty)
    }

    @Test("a capped vendor keeps its 16 most recent categories: the 17th drops the oldest")
    func capDropsOldest() {
        var planner = CategoryPlanner(providers: [capped])
        let update = planner.plan(seen: fakeCategories(0..<17).map { pushNeeding($0) })
        #expect(update.categories.map(\.id) == fakeCategories(1..<17))
        #expect(update.removed == ["fake.0"])
        #expect(update.diagnostics.map(\.diagnosticCode) == [.categoryDropped])
    }

    @Test("a category of a notification still in Notification Centre is kept past the cap")
    func capKeepsNotificationCentre() {
        let update = CategoryPlanner.plan(
            providers: [capped], inNotificationCentre: ["fake.0"], seen: fakeCategories(0..<17).map { pushNeeding($0) })
        #expect(update.categories.map(\.id) == ["fake.0"] + fakeCategories(2..<17))
        #expect(update.removed == ["fake.1"])
    }

    @Test("every category still in Notification Centre is kept, even past 16, with the new one")
    func capKeepsAllOfNotificationCentre() {
        let inCentre = fakeCategories(0..<17)
        let update = CategoryPlanner.plan(
            providers: [capped], inNotificationCentre: inCentre, seen: fakeCategories(0..<18).map { pushNeeding($0) })
        #expect(update.categories.map(\.id) == fakeCategories(0..<18))
        #expect(update.removed.isEmpty)
        let more = CategoryPlanner.plan(
            providers: [capped], inNotificationCentre: inCentre, seen: fakeCategories(0..<19).map { pushNeeding($0) })
        #expect(more.categories.map(\.id) == fakeCategories(0..<17) + ["fake.18"])
        #expect(more.removed == ["fake.17"])
    }

    @Test("the cap counts only that vendor's categories: app and other vendors' are never dropped")
    func capIgnoresOthers() {
        let other = FakeAdapter.integration(id: "other", launch: fakeCategories(0..<20, vendor: "other"))
        var planner = CategoryPlanner(providers: [capped, other])
        let update = planner.plan(
            existing: fakeCategories(0..<30, vendor: "app"), seen: fakeCategories(0..<17).map { pushNeeding($0) })
        #expect(update.categories.filter { $0.owner == "other" }.count == 20)
        #expect(update.categories.filter { $0.owner == "fake" }.count == 16)
        #expect(fakeCategories(0..<30, vendor: "app").allSatisfy(update.keeps))
        #expect(update.removed == ["fake.0"])
    }

    @Test("vendor categories found registered (another process's) count as oldest and are dropped first")
    func foreignCategoriesOldest() {
        var planner = CategoryPlanner(providers: [capped])
        let found = fakeCategories(100..<110)
        let update = planner.plan(existing: found, seen: fakeCategories(0..<8).map { pushNeeding($0) })
        #expect(update.removed == ["fake.100", "fake.101"])
        #expect(!update.keeps("fake.100"))
        #expect(update.keeps("fake.102"))
        #expect(planner.registeredIDs == fakeCategories(102..<110) + fakeCategories(0..<8))
        #expect(update.needsWrite)
    }

    @Test("re-seeing a category moves it to most recent, so it survives the next drop")
    func reSeeingRefreshes() {
        var planner = CategoryPlanner(providers: [capped])
        _ = planner.plan(seen: fakeCategories(0..<16).map { pushNeeding($0) })
        let update = planner.plan(seen: [pushNeeding("fake.0"), pushNeeding("fake.new")])
        #expect(update.removed == ["fake.1"])
        #expect(planner.registeredIDs.last == "fake.new")
        #expect(planner.registeredIDs.contains("fake.0"))
    }

    @Test("a dropped category seen again in the same plan comes back and is no longer removed")
    func droppedThenReadded() {
        var planner = CategoryPlanner(providers: [capped])
        let seen = fakeCategories(0..<17).map { pushNeeding($0) } + [pushNeeding("fake.0")]
        let update = planner.plan(seen: seen)
        #expect(update.removed == ["fake.1"])
        #expect(update.categories.last?.id == "fake.0")
    }

    @Test("a category in Notification Centre that no notification defines is reported, not invented")
    func unknownNotificationCentreCategory() {
        let update = CategoryPlanner.plan(providers: [capped], inNotificationCentre: ["fake.ghost", "app.thing"])
        #expect(update.categories.isEmpty)
        #expect(update.diagnostics.map(\.diagnosticCode) == [.categoryUnknown])
    }

    @Test("overLimit is the WIRE-FORMATS §3.3 keep rule on ids", arguments: [
        (15, [String](), [String]()), (16, [], []), (17, [], ["fake.0"]),
        (20, ["fake.3"], ["fake.0", "fake.1", "fake.2", "fake.4"]),
    ])
    func overLimitRule(count: Int, centre: [String], dropped: [String]) {
        let ids = fakeCategories(0..<count)
        #expect(CategoryPlanner.overLimit(
            ids, new: ids.last!, inNotificationCentre: Set(centre), limit: 16) == dropped)
    }

    @Test("the set update's JSON lists every category and the removed ids")
    func updateJSON() {
        let update = CategorySetUpdate(categories: [NotificationCategory(id: "a")], removed: ["b"])
        #expect(update.json == [
            "categories": [["id": "a", "owner": "app", "options": [], "actions": []]], "removed": ["b"],
        ])
    }
}

@Suite("CategoryReadback: the read-back retry")
struct CategoryReadbackTests {
    let wanted = [NotificationCategory(id: "fake.new", owner: "fake")]

    @Test("a registration read back with its category is done")
    func presentIsDone() {
        var readback = CategoryReadback(wanted: wanted)
        #expect(readback.check(readBack: ["app.x", "fake.new"]) == .done)
        #expect(readback.retries == 0)
    }

    @Test("a missing category is added again to what was read back, up to three times, then given up")
    func retriesThreeTimes() {
        var readback = CategoryReadback(wanted: wanted)
        var writes = 1
        var decision = readback.check(readBack: ["other.process"])
        while case .registerAgain(let retry) = decision {
            writes += 1
            #expect(retry.categories == wanted)
            #expect(retry.keeps("other.process"))
            #expect(retry.keeps("app.x"))
            #expect(!retry.keeps("fake.new"))
            decision = readback.check(readBack: ["other.process"])
        }
        #expect(decision == .gaveUp(missing: ["fake.new"]))
        #expect(writes == 1 + CategoryReadback.maxRetries)
        #expect(readback.retries == 3)
    }

    @Test("a retry that succeeds ends the loop early")
    func retrySucceeds() {
        var readback = CategoryReadback(wanted: wanted)
        guard case .registerAgain = readback.check(readBack: []) else { Issue.record("expected a retry"); return }
        #expect(readback.check(readBack: ["fake.new"]) == .done)
        #expect(readback.retries == 1)
    }

    @Test("a read-back check waits for the categories the update added")
    func checksAdded() {
        var planner = CategoryPlanner(providers: [FakeAdapter.integration(launch: ["fake.l"])])
        let update = planner.plan(existing: ["fake.l"], seen: [pushNeeding("fake.a")])
        var readback = CategoryReadback(update)
        #expect(readback.wanted.map(\.id) == ["fake.a"])
        #expect(readback.check(readBack: ["fake.l", "fake.a"]) == .done)
    }
}

@Suite("CategoryRegistrar: one process's planner over the registry")
struct CategoryRegistrarTests {
    let registry = VendorRegistry([FakeAdapter.integration(launch: ["fake.l"], limit: 2)])

    func delivered(_ category: String, categoryIdentifier: String? = nil) -> DeliveredNotification {
        DeliveredNotification(
            identifier: category, userInfo: ["fake_id": "m", "aps": ["alert": "hi", "category": .string(category)]],
            categoryIdentifier: categoryIdentifier)
    }

    @Test("configure registers the launch categories and those of the notifications in Notification Centre")
    func configureRegistersDelivered() {
        let registrar = CategoryRegistrar(registry: VendorRegistry([FakeAdapter.integration(launch: ["fake.l"])]))
        let update = registrar.configure(existing: [], delivered: [delivered("fake.a"), delivered("fake.b")])
        #expect(update.categories.map(\.id) == ["fake.l", "fake.a", "fake.b"])
        let capped = CategoryRegistrar(registry: registry)
        let kept = capped.configure(existing: [], delivered: [delivered("fake.a"), delivered("fake.b")])
        #expect(kept.categories.map(\.id) == ["fake.a", "fake.b"])
    }

    @Test("seen notifications are decoded through the registry; pushes no vendor claims add nothing")
    func seeDecodes() {
        let registrar = CategoryRegistrar(registry: registry)
        let stranger = DeliveredNotification(userInfo: ["aps": ["alert": "x", "category": "fake.z"]])
        let update = registrar.see([stranger, delivered("fake.a")], existing: [])
        #expect(update.categories.map(\.id) == ["fake.l", "fake.a"])
    }

    @Test("state carries over between calls, and delivered notifications protect their categories from the cap")
    func stateAndProtection() {
        let registrar = CategoryRegistrar(registry: registry)
        _ = registrar.see([delivered("fake.a")], existing: [])
        let update = registrar.see(
            [delivered("fake.b")], existing: ["fake.l", "fake.a"],
            delivered: [delivered("other", categoryIdentifier: "fake.a")])
        #expect(update.categories.map(\.id) == ["fake.a", "fake.b"])
        #expect(update.removed == ["fake.l"])
    }

    @Test("a delivered notification's category is its categoryIdentifier, else its aps.category")
    func effectiveCategory() {
        #expect(delivered("fake.a").effectiveCategory == "fake.a")
        #expect(delivered("fake.a", categoryIdentifier: "fake.b").effectiveCategory == "fake.b")
        #expect(delivered("fake.a", categoryIdentifier: "").effectiveCategory == "fake.a")
        #expect(DeliveredNotification(userInfo: ["aps": ["category": ""]]).effectiveCategory == nil)
        #expect(DeliveredNotification(userInfo: ["aps": "oops"]).effectiveCategory == nil)
    }
}
