import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Two one-button BuzzKit sets whose `buzzkit.<FNV-1a 64>` category ids collide: found once, offline, by a
/// distinguished-point birthday search over the 11 characters after "OK " (about 2^32 hashes); only the pair is kept.
private enum CollidingButtons {
    static let first = PushButton(id: "ok", title: "OK C0sfIPshYM7")
    static let second = PushButton(id: "ok", title: "OK OUWSJZpUdwu")
    static let sharedCategory = "buzzkit.49ec8a166bf66e3f"

    static func push(_ button: PushButton, messageId: String) -> PushPayload {
        PushPayload(vendor: "buzzkit", messageId: messageId, alert: PushAlert(body: "Choose"), buttons: [button])
    }
}

@Suite("CategoryPlanner reports two button sets that share one derived category id")
struct CategoryIDCollisionTests {
    private let buzzkit = BuzzKitAdapter()

    @Test("the pair's category ids collide under FNV-1a 64, though the button sets differ")
    func pairCollides() {
        let key: (PushButton) -> String = { CategoryHash.buttonSetKey([[$0.id, $0.title, "0", "0", "0", ""]]) }
        #expect("buzzkit." + CategoryHash.fnv1a64hex(key(CollidingButtons.first)) == CollidingButtons.sharedCategory)
        #expect("buzzkit." + CategoryHash.fnv1a64hex(key(CollidingButtons.second)) == CollidingButtons.sharedCategory)
        #expect(BuzzKitAdapter.derivedCategory(for: [CollidingButtons.first]) == CollidingButtons.sharedCategory)
        #expect(BuzzKitAdapter.derivedCategory(for: [CollidingButtons.second]) == CollidingButtons.sharedCategory)
        #expect(CollidingButtons.first != CollidingButtons.second)
    }

    @Test("in one plan: reported as category-id-collision, and the first registration is kept")
    func oneRegistration() throws {
        let update = CategoryPlanner.plan(providers: [buzzkit], seen: [
            CollidingButtons.push(CollidingButtons.first, messageId: "m1"),
            CollidingButtons.push(CollidingButtons.second, messageId: "m2"),
        ])
        let collision = try #require(update.diagnostics.first { $0.diagnosticCode == .categoryIDCollision })
        #expect(collision.severity == .warning)
        #expect(collision.message.contains(CollidingButtons.sharedCategory))
        #expect(collision.message.contains(CollidingButtons.first.title))
        #expect(collision.message.contains(CollidingButtons.second.title))
        #expect(update.categories.map(\.id) == [CollidingButtons.sharedCategory])
        #expect(update.categories.first?.actions.map(\.title) == [CollidingButtons.first.title])
    }

    @Test("across plans of one process: the registered set is kept and the newcomer reported")
    func laterRegistration() {
        var planner = CategoryPlanner(providers: [buzzkit])
        let first = planner.plan(seen: [CollidingButtons.push(CollidingButtons.first, messageId: "m1")])
        #expect(first.diagnostics.isEmpty)
        let second = planner.plan(
            existing: [CollidingButtons.sharedCategory],
            seen: [CollidingButtons.push(CollidingButtons.second, messageId: "m2")])
        #expect(second.diagnostics.map(\.diagnosticCode) == [.categoryIDCollision])
        #expect(second.added.isEmpty && !second.needsWrite)
        #expect(planner.registered.flatMap { $0.actions.map(\.title) } == [CollidingButtons.first.title])
    }

    @Test("the same button set again, or an id the vendor does not derive, is no collision")
    func noFalseAlarm() {
        let again = CategoryPlanner.plan(providers: [buzzkit], seen: [
            CollidingButtons.push(CollidingButtons.first, messageId: "m1"),
            CollidingButtons.push(CollidingButtons.first, messageId: "m2"),
        ])
        #expect(again.diagnostics.isEmpty)
        // OneSignal names a category by the message id: new buttons under it are an update, not a collision.
        let onesignal = OneSignalAdapter()
        let button = { (title: String) in
            PushPayload(
                vendor: "onesignal", messageId: "os-1", alert: PushAlert(body: "b"), buttons: [PushButton(id: "b", title: title)])
        }
        let update = CategoryPlanner.plan(providers: [onesignal], seen: [button("One"), button("Two")])
        #expect(update.diagnostics.isEmpty)
        #expect(update.categories.flatMap { $0.actions.map(\.title) } == ["Two"])
        #expect(!onesignal.derivesCategoryID(OneSignalAdapter.dynamicCategory(for: button("One"))))
        #expect(buzzkit.derivesCategoryID(CollidingButtons.sharedCategory))
        #expect(AppDNAAdapter().derivesCategoryID("appdna_0123456789abcdef"))
    }
}
