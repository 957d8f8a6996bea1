import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("Attachment types: the vendors' own media type keys")
struct AttachmentTypeVendorTests {
    @Test("a Klaviyo rich-media-type and a Braze ab.att.type reach the service extension's plan")
    func vendorKeysInPlan() throws {
        let handler = ServiceExtensionHandler(registry: BuiltInVendors.registry, sink: InMemoryReceiptSink())
        let klaviyo = handler.receive(DeliveredNotification(userInfo: try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi","mutable-content":1},"body":{"_k":"k1"},
             "rich-media":"https://media.example.com/v/9","rich-media-type":"mp4"}
            """#)))
        #expect(klaviyo.vendor == "klaviyo")
        #expect(klaviyo.imageType == "mp4")
        #expect(klaviyo.imageFileExtension == "mp4")
        let braze = handler.receive(DeliveredNotification(userInfo: try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi","mutable-content":1},"ab":{"c":"x","att":{"url":"https://cdn.example.com/i/7","type":"gif"}}}
            """#)))
        #expect(braze.vendor == "braze")
        #expect(braze.imageType == "gif")
        #expect(braze.imageFileExtension == "gif")
        let fcm = handler.receive(DeliveredNotification(userInfo: try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi","mutable-content":1},"gcm.message_id":"1","fcm_options":{"image":"https://x.io/a.png"}}
            """#)))
        #expect(fcm.imageType == nil)
        #expect(fcm.imageFileExtension == "png")
    }

    @Test("translating, a media type key that names what the URL names is no loss; another type is one")
    func translationLoss() throws {
        let registry = BuiltInVendors.registry
        let braze = try #require(registry.adapter(id: "braze"))
        let oneSignal = try #require(registry.adapter(id: "onesignal"))
        func losses(_ url: String, _ type: String) throws -> [String] {
            let userInfo = try Fixtures.userInfo(#"""
                {"aps":{"alert":"Hi","mutable-content":1},"ab":{"c":"x","att":{"url":"\#(url)","type":"\#(type)"}}}
                """#)
            return Translator.translate(userInfo, from: braze, to: oneSignal, registry: registry).losses.map(\.path)
        }
        #expect(try losses("https://cdn.example.com/sale.jpg", "jpg") == ["$.tracking.ab", "$"])
        #expect(try losses("https://cdn.example.com/sale.jpeg", ".JPG") == ["$.tracking.ab", "$"])
        #expect(try losses("https://cdn.example.com/sale", "gif").contains(#"$.ignored["$.ab.att.type"]"#))
        #expect(try losses("https://cdn.example.com/sale.png", "gif").contains(#"$.ignored["$.ab.att.type"]"#))
    }
}
