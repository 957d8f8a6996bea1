import PushBridge
import Testing

@Suite("LifecycleStep")
struct LifecycleStepTests {
    static let forms: [(String, LifecycleStep)] = [
        ("configure", .configure), ("arrive:service-extension", .arrive(.serviceExtension)),
        ("arrive:foreground", .arrive(.foreground)), ("arrive:background", .arrive(.background)),
        ("open", .open), ("open:ACTION_0", .openAction("ACTION_0")), ("open:a:b", .openAction("a:b")),
        ("open:café", .openAction("café")),
        ("dismiss", .dismiss), ("launch", .launch),
    ]

    @Test("each textual form parses to its step and prints back the same", arguments: forms)
    func roundTrip(text: String, step: LifecycleStep) {
        #expect(LifecycleStep(text) == step)
        #expect(step.description == text)
        #expect(LifecycleStep(step.description) == step)
    }

    @Test("open with the default action identifier is a body tap")
    func defaultIdentifier() {
        #expect(LifecycleStep("open:com.apple.UNNotificationDefaultActionIdentifier") == .open)
        #expect(LifecycleStep(actionIdentifier: LifecycleStep.defaultActionIdentifier) == .open)
    }

    @Test("open with the dismiss action identifier is a dismiss")
    func dismissIdentifier() {
        #expect(LifecycleStep("open:com.apple.UNNotificationDismissActionIdentifier") == .dismiss)
        #expect(LifecycleStep(actionIdentifier: LifecycleStep.dismissActionIdentifier) == .dismiss)
    }

    @Test("any other action identifier is a button tap")
    func buttonIdentifier() {
        #expect(LifecycleStep(actionIdentifier: "confirm") == .openAction("confirm"))
        #expect(LifecycleStep(actionIdentifier: "com.apple.UNNotificationDefaultActionIdentifierX") ==
            .openAction("com.apple.UNNotificationDefaultActionIdentifierX"))
    }

    @Test("strings that are not steps do not parse",
          arguments: [
              "", "open:", "arrive:", "arrive", "arrive:lockscreen", "arrive:Foreground", "OPEN", "Open",
              " open", "open ", "configure ", "arrive:foregroünd", "öpen:x", "launch:x", "dismiss:x", "configure:now", "tap", "opened",
          ])
    func invalid(text: String) {
        #expect(LifecycleStep(text) == nil)
    }

    @Test("taps are opens and carry their button id; other steps are not")
    func tapProperties() {
        #expect(LifecycleStep.open.isOpen)
        #expect(LifecycleStep.open.buttonIdentifier == nil)
        #expect(LifecycleStep.openAction("b").isOpen)
        #expect(LifecycleStep.openAction("b").buttonIdentifier == "b")
        for step: LifecycleStep in [.configure, .arrive(.foreground), .dismiss, .launch] {
            #expect(!step.isOpen)
            #expect(step.buttonIdentifier == nil)
        }
    }

    @Test("every arrival context has a step form", arguments: ArrivalContext.allCases)
    func arrivalContexts(context: ArrivalContext) {
        #expect(LifecycleStep("arrive:\(context.rawValue)") == .arrive(context))
    }
}
