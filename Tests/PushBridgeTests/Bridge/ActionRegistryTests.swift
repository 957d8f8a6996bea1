import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("ActionRegistry")
struct ActionRegistryTests {
    @Test("run calls the registered handler with the action and returns true")
    func runsHandler() {
        let registry = ActionRegistry()
        let seen = Recorder<PushAction>()
        registry.register("show_offer") { seen.append($0) }
        let action = PushAction(name: "show_offer", data: ["offerId": "summer"])
        #expect(registry.run(action))
        #expect(seen.all == [action])
    }

    @Test("run returns false and calls nothing when no handler is registered for the name")
    func noHandler() {
        let registry = ActionRegistry()
        let seen = Recorder<PushAction>()
        registry.register("show_offer") { seen.append($0) }
        #expect(!registry.run(PushAction(name: "OPEN_SALE")))
        #expect(!registry.run(PushAction(name: "Show_Offer")))
        #expect(!ActionRegistry().run(PushAction(name: "show_offer")))
        #expect(seen.count == 0)
    }

    @Test("registering a name again replaces its handler")
    func replaces() {
        let registry = ActionRegistry()
        let old = Recorder<PushAction>()
        let new = Recorder<PushAction>()
        registry.register("a") { old.append($0) }
        registry.register("a") { new.append($0) }
        #expect(registry.run(PushAction(name: "a")))
        #expect(old.count == 0)
        #expect(new.count == 1)
        #expect(registry.names == ["a"])
    }

    @Test("unregister removes the handler and says whether there was one")
    func unregisters() {
        let registry = ActionRegistry()
        registry.register("a") { _ in }
        registry.register("b") { _ in }
        #expect(registry.unregister("a"))
        #expect(!registry.unregister("a"))
        #expect(!registry.unregister("never"))
        #expect(!registry.run(PushAction(name: "a")))
        #expect(registry.run(PushAction(name: "b")))
        #expect(registry.names == ["b"])
    }

    @Test("names lists the registered names sorted")
    func sortedNames() {
        let registry = ActionRegistry()
        for name in ["zeta", "alpha", "Mid"] { registry.register(name) { _ in } }
        #expect(registry.names == ["Mid", "alpha", "zeta"])
    }

    @Test("a handler may register another action while it runs (it runs outside the lock)", .timeLimit(.minutes(1)))
    func reentrantHandler() {
        let registry = ActionRegistry()
        registry.register("first") { _ in registry.register("second") { _ in } }
        #expect(registry.run(PushAction(name: "first")))
        #expect(registry.run(PushAction(name: "second")))
    }
}
