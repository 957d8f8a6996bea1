import PushBridge
import PushBridgeTestSupport
import Testing

private let source = FakeAdapter(id: "src", name: "Source", marker: "src_id", buttonRouting: .ownThenMessage)
private let ownOnlyTarget = FakeAdapter(id: "dst", name: "Target", marker: "dst_id", buttonRouting: .ownOnly)

/// A payload with buttons of every shape, tracking, ignored keys and a message link.
private func richPayload(
    vendor: String = "src", category: String? = nil, link: String? = "app://message"
) -> PushPayload {
    PushPayload(
        vendor: vendor, messageId: "m1", alert: PushAlert(body: "B"), category: category, deepLink: link,
        buttons: [
            PushButton(id: "plain", title: "Go", foreground: true),
            PushButton(id: "own", title: "Own", deepLink: "app://own", foreground: true),
            PushButton(id: "background", title: "Later", foreground: false),
            PushButton(id: "destructive", title: "Delete", foreground: true, destructive: true),
            PushButton(id: "named", title: "Named", foreground: true, action: PushAction(name: "n")),
            PushButton(id: "input", title: "Reply", foreground: true, input: true),
        ],
        tracking: ["src_token": "t", "src_delivery": 42], ignored: ["large_icon_url": "https://x/i.png", "a": true])
}

@Suite("Translator")
struct TranslatorTests {
    @Test("cross-vendor: the source's tracking and ignored keys become losses, in sorted order, and are removed")
    func trackingAndIgnoredLost() {
        let (payload, losses) = Translator.prepare(richPayload(), from: source, to: ownOnlyTarget)
        #expect(payload.tracking.isEmpty)
        #expect(payload.ignored.isEmpty)
        #expect(losses.map(\.path) == [
            "$.tracking.src_delivery", "$.tracking.src_token", "$.ignored.a", "$.ignored.large_icon_url",
        ])
        #expect(losses.map(\.value) == [42, "[redacted]", true, "https://x/i.png"], "a token value is never reported")
        #expect(losses.allSatisfy { !$0.reason.isEmpty })
        #expect(losses.first?.reason.contains("Source") == true)
    }

    @Test("same vendor: nothing is removed or lost, not even owned categories or buttons' links")
    func sameVendorUnchanged() {
        let original = richPayload(category: "src.2btn")
        let (payload, losses) = Translator.prepare(original, from: source, to: source)
        #expect(payload == original)
        #expect(losses.isEmpty)
    }

    @Test("a category the source SDK owns is dropped so the target derives its own")
    func ownedCategoryDropped() {
        let (payload, losses) = Translator.prepare(richPayload(category: "src.2btn"), from: source, to: ownOnlyTarget)
        #expect(payload.category == nil)
        #expect(!losses.contains { $0.path == "$.category" })
    }

    @Test("a campaign category is kept for the target to decide", arguments: ["SALE", "dst.x", "source.x"])
    func campaignCategoryKept(category: String) {
        let (payload, _) = Translator.prepare(richPayload(category: category), from: source, to: ownOnlyTarget)
        #expect(payload.category == category)
    }

    @Test("the message link is copied into link-less, action-less foreground buttons for an ownOnly target",
          arguments: [ButtonRouting.ownThenMessage, .messageWhenForeground])
    func linkCopied(routing: ButtonRouting) {
        let from = FakeAdapter(id: "src", marker: "src_id", buttonRouting: routing)
        let (payload, _) = Translator.prepare(richPayload(), from: from, to: ownOnlyTarget)
        let links = Dictionary(uniqueKeysWithValues: payload.buttons.map { ($0.id, $0.deepLink) })
        #expect(links["plain"] == "app://message")
        #expect(links["input"] == "app://message")
        #expect(links["own"] == "app://own")
        #expect(links["background"] == .some(nil))
        #expect(links["destructive"] == .some(nil))
        #expect(links["named"] == .some(nil))
        #expect(payload.deepLink == "app://message")
    }

    @Test("no link is copied when the source routes only its own buttons or nothing",
          arguments: [ButtonRouting.ownOnly, .nothing])
    func noCopyFromOwnOnlySource(routing: ButtonRouting) {
        let from = FakeAdapter(id: "src", marker: "src_id", buttonRouting: routing)
        let (payload, _) = Translator.prepare(richPayload(), from: from, to: ownOnlyTarget)
        #expect(payload.buttons == richPayload().buttons)
    }

    @Test("no link is copied when the target does not route only the button's own destination",
          arguments: [ButtonRouting.ownThenMessage, .messageWhenForeground, .nothing])
    func noCopyToOtherTargets(routing: ButtonRouting) {
        let to = FakeAdapter(id: "dst", marker: "dst_id", buttonRouting: routing)
        let (payload, _) = Translator.prepare(richPayload(), from: source, to: to)
        #expect(payload.buttons == richPayload().buttons)
    }

    @Test("no link is copied when the message has none or an empty one", arguments: [nil, ""] as [String?])
    func noMessageLink(link: String?) {
        let (payload, _) = Translator.prepare(richPayload(link: link), from: source, to: ownOnlyTarget)
        #expect(payload.buttons.allSatisfy { $0.id == "own" ? $0.deepLink == "app://own" : $0.deepLink == nil })
    }

    @Test("translate decodes with the source, prepares, and encodes with the target; losses include prepare's")
    func translateEndToEnd() {
        let wire: JSONObject = [
            "aps": ["alert": "Hi", "category": "src.x"], "src_id": "m1", "link": "app://m",
            "tracking": ["tok": "t"], "buttons": [["id": "b", "title": "B", "foreground": true]], "custom": 1,
        ]
        let translation = Translator.translate(wire, from: source, to: ownOnlyTarget)
        #expect(translation.source == "src")
        #expect(translation.target == "dst")
        #expect(translation.payload.category == "src.x")  // the decoded source, before prepare
        #expect(translation.losses.map(\.path) == ["$.tracking.tok"])
        #expect(translation.userInfo["dst_id"] == "m1")
        #expect(translation.userInfo["tracking"] == nil)
        #expect(translation.userInfo["aps"]?["category"] == nil)
        #expect(translation.userInfo["buttons"]?.arrayValue?.first?["deepLink"] == "app://m")
        #expect(translation.userInfo["custom"] == 1)
    }
}
