import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("AppDNA categories: registered titles and the 16-category cap")
struct AppDNACategoryTests {
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

    @Test("the bridge form keeps the original title; only registration resolves it")
    func bridgeKeepsTitle() throws {
        let payload = AppDNAAdapter().decode(try Fixtures.userInfo(AppDNAFixtures.specExample)).payload
        #expect(payload.buttons.first?.title == "Open {{user.name | there}}")
        #expect(AppDNAAdapter.registeredTitle(payload.buttons.first?.title ?? "") == "Open there")
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
}
