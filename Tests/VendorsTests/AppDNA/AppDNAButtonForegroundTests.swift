import PushBridge
import PushBridgeVendors
import Testing

@Suite("AppDNA decode: a usual button's foreground default and its category row")
struct AppDNAButtonForegroundTests {
    /// Each usual button shape (no diagnostic) with the foreground it decodes to.
    static let shapes: [(button: JSONValue, foreground: Bool)] = [
        (["id": "a", "title": "A"], true),
        (["id": "a", "title": "A", "foreground": false], false),
        (["id": "a", "title": "A", "type": "deep_link", "value": "app://x"], true),
        (["id": "a", "title": "A", "type": "deep_link", "value": "app://x", "foreground": false], false),
        (["id": "a", "title": "A", "type": "open_url", "value": "https://x"], true),
        (["id": "a", "title": "A", "type": "show_screen", "value": "home", "foreground": true], true),
        (["id": "a", "title": "A", "type": "dismiss"], false),
        (["id": "a", "title": "A", "type": "dismiss", "foreground": false], false),
        (["id": "a", "title": "A", "type": "text_reply"], false),
        (["id": "a", "title": "A", "type": "text_reply", "value": "Type…", "foreground": true], true),
        (["id": "a", "title": "A", "type": "text_reply", "foreground": false], false),
    ]

    @Test("foreground follows the type's default unless sent, and the derived category is met", arguments: 0..<11)
    func foregroundDefault(_ index: Int) {
        let (button, foreground) = Self.shapes[index]
        let decoded = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [button]))
        #expect(decoded.payload.buttons.map(\.foreground) == [foreground])
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test("a dismiss button sent with foreground: true never opens the app and keeps the flag under ignored")
    func dismissSentForeground() {
        let decoded = AppDNAFixtures.decode(AppDNAFixtures.push(buttons: [
            ["id": "a", "title": "A", "type": "dismiss", "foreground": true],
        ]))
        #expect(decoded.payload.buttons.map(\.foreground) == [false])
        #expect(AppDNAFixtures.codes(decoded) == ["$.appdna.actions[0].foreground": [.dismissNeverForeground]])
    }
}
