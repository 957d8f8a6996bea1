import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("ServiceExtensionHandler: the service extension's decisions")
struct ServiceExtensionHandlerTests {
    let sink = InMemoryReceiptSink()
    var handler: ServiceExtensionHandler {
        ServiceExtensionHandler(registry: VendorRegistry([FakeAdapter.integration(launch: ["fake.l"])]), sink: sink)
    }

    func push(
        _ extra: JSONObject = [:], aps: JSONValue = ["alert": ["title": "T", "body": "B"], "badge": 3, "mutable-content": 1]
    )
        -> DeliveredNotification
    {
        var userInfo: JSONObject = ["fake_id": "m1", "aps": aps]
        for (key, value) in extra { userInfo[key] = value }
        return DeliveredNotification(identifier: "n", userInfo: userInfo)
    }

    @Test("a claimed push records its delivered receipt through the sink and keeps its text and badge")
    func recordsDelivered() {
        let plan = handler.receive(push())
        #expect(plan.vendor == "fake")
        #expect(plan.effects.receipts.map(\.event) == ["fake.delivered"])
        #expect(sink.receipts.map(\.event) == ["fake.delivered"])
        #expect(plan.alert == PushAlert(title: "T", body: "B"))
        #expect(plan.badge == 3)
    }

    @Test("a push no vendor claims is left alone")
    func unclaimed() {
        let plan = handler.receive(DeliveredNotification(userInfo: ["aps": ["alert": "x"]]))
        #expect(plan == ServiceExtensionPlan())
        #expect(sink.receipts.isEmpty)
    }

    @Test("an http(s) image is attached with the file type its path names", arguments: [
        ("https://cdn.example.com/a/banner.png?v=2", "png"), ("http://x.io/anim.GIF", "gif"),
        ("https://x.io/photo.jpeg", "jpg"), ("https://x.io/photo", "jpg"), ("https://x.io/", "jpg"),
    ])
    func image(url: String, fileExtension: String) {
        let plan = handler.receive(push(["image": .string(url)]))
        #expect(plan.imageURL == url)
        #expect(plan.imageFileExtension == fileExtension)
    }

    @Test("an image that is not an http(s) URL is not downloaded", arguments: ["file:///etc/passwd", "not a url", ""])
    func imageRefused(url: String) {
        let plan = handler.receive(push(["image": .string(url)]))
        #expect(plan.imageURL == nil)
    }

    @Test("a push without a category gets its vendor's; a push with one keeps it")
    func categoryIdentifier() {
        let buttons: JSONValue = [["id": "ok", "title": "OK", "foreground": true, "destructive": false, "input": false]]
        let missing = handler.receive(push(["buttons": buttons], aps: ["alert": "x"]))
        #expect(missing.categoryIdentifier == "fake.derived")
        let kept = handler.receive(push(["buttons": buttons], aps: ["alert": "x", "category": "fake.c"]))
        #expect(kept.categoryIdentifier == nil)
        #expect(handler.receive(push()).categoryIdentifier == nil)
    }

    @Test("the categories to register come from the extension's own planner")
    func categoryUpdate() {
        let handler = handler
        let update = handler.categoryUpdate(
            for: push(aps: ["alert": "x", "category": "fake.c"]), existing: ["app.own"])
        #expect(update.categories.map(\.id) == ["fake.l", "fake.c"])
        #expect(update.keeps("app.own"))
    }
}
