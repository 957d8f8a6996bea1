import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("Translation.loses: which bridge-form fields a translation lost")
struct TranslationLossesTests {
    /// The Custom-mode Zixflow seed (an image, two buttons with links) into PushNotifAI (no image, no buttons).
    func intoPushNotifAI() throws -> Translation {
        Translator.translate(
            try Fixtures.payload("zixflow-custom.json"), from: ZixflowAdapter(), to: PushNotifAIAdapter())
    }

    @Test("a field with a loss at its own path is lost")
    func lossAtThePath() throws {
        let translation = try intoPushNotifAI()
        #expect(translation.losses.contains { $0.path == "$.imageURL" })
        #expect(translation.loses("$.imageURL"))
    }

    @Test("a field inside a lost field is lost; a field beside it, or one whose name only starts the same, is not")
    func lossAroundThePath() throws {
        let translation = try intoPushNotifAI()
        #expect(translation.losses.contains { $0.path == "$.buttons[1]" })
        #expect(translation.loses("$.buttons[1].title"))
        #expect(translation.losses.contains { $0.path == "$.ignored.large_icon_url" })
        #expect(translation.loses("$.ignored.large_icon_url[0]"))
        #expect(!translation.loses("$.buttons[10].title"), "[1] is not a prefix of [10]'s field")
        #expect(!translation.loses("$.alert.title"))
        #expect(!translation.loses("$.imageURLs"))
        #expect(!translation.loses("$"))
    }

    @Test("a same-vendor translation loses nothing")
    func sameVendor() throws {
        let zixflow = ZixflowAdapter()
        let translation = Translator.translate(try Fixtures.payload("zixflow-custom.json"), from: zixflow, to: zixflow)
        #expect(!translation.loses("$.imageURL") && !translation.loses("$.buttons[0].title"))
    }
}
