import PushBridge
import PushBridgeTools
import Testing

@Suite("PreviewSlot")
struct PreviewSlotTests {
    @Test("a loss is drawn where its field is on the notification", arguments: [
        ("$.alert", PreviewSlot.title), ("$.alert.title", .title), ("$.alert.subtitle", .subtitle),
        ("$.alert.body", .body), ("$.imageURL", .image), ("$.badge", .badge), ("$.sound", .sound),
        ("$.deepLink", .bodyTap), ("$.action", .bodyTap), ("$.action.data", .bodyTap), ("$.category", .category),
        ("$.buttons", .button(0)), ("$.buttons[2]", .button(2)), ("$.buttons[1].deepLink", .button(1)),
        ("$.buttons[4:]", .button(4)),
    ])
    func placedFields(path: String, slot: PreviewSlot) {
        #expect(PreviewSlot(path: path) == slot)
    }

    @Test("what has no place on the picture is listed as not carried", arguments: [
        "$.data.x", #"$.tracking["Zixflow-Delivery-Token"]"#, "$.ignored.large_icon_url", "$.threadId",
        "$.apsExtra.interruption-level", "$.alert.x", "$.buttons.x", "not a path", "$",
    ])
    func notCarried(path: String) {
        #expect(PreviewSlot(path: path) == .notCarried)
    }
}
