import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A plain alert push no vendor claims as written (a hand-written or translated template).
private let template: JSONObject = ["aps": ["alert": ["title": "Sale", "body": "50% off"], "mutable-content": 1]]

private func object(_ text: String) throws -> JSONObject {
    try #require(try parseJSON(text).objectValue)
}

@Suite("As delivered: the keys each vendor's backend adds (VendorProfile.backendKeys)")
struct AsDeliveredTests {
    private let registry = BuiltInVendors.registry

    @Test("each real vendor's backend keys make a bare template its own, with a message id where the vendor sends one",
          arguments: ["onesignal", "customerio", "airship", "iterable", "braze", "klaviyo", "fcm"])
    func claimedAsDelivered(vendor: String) throws {
        let adapter = try #require(registry.adapter(id: vendor))
        #expect(!adapter.profile.backendKeys.isEmpty)
        let delivered = adapter.asDelivered(template)
        #expect(delivered["aps"] == template["aps"])
        #expect(try registry.claimant(of: delivered)?.id == vendor)
        let payload = adapter.decodeClaimed(delivered).payload
        // Braze and Klaviyo send no message id: their once-only key rests on the request identifier.
        #expect((payload.messageId != nil) == !["braze", "klaviyo"].contains(vendor))
        // Adding them again changes nothing.
        #expect(adapter.asDelivered(delivered) == delivered)
    }

    @Test("the seed vendors declare no backend keys: as delivered is the push as written")
    func seedsUnchanged() throws {
        for vendor in ["zixflow", "buzzkit", "appdna", "pushnotifai"] {
            let adapter = try #require(registry.adapter(id: vendor))
            #expect(adapter.profile.backendKeys.isEmpty)
            #expect(adapter.asDelivered(template) == template)
        }
    }

    @Test("a value the template has is kept; missing members are added inside an object it has")
    func keepsWhatIsThere() throws {
        let iterable = try #require(registry.adapter(id: "iterable"))
        let written = try object(#"{"aps":{"alert":"Hi"},"itbl":{"campaignId":42,"defaultAction":{"type":"openUrl","data":"https://x.example"}}}"#)
        let delivered = iterable.asDelivered(written)
        let itbl = try #require(delivered["itbl"]?.objectValue)
        #expect(itbl["campaignId"] == 42)
        #expect(itbl["defaultAction"] == written["itbl"]?["defaultAction"])
        #expect(itbl["templateId"] == 1)
        #expect(itbl["messageId"] == "placeholder-message-id")
        #expect(itbl["isGhostPush"] == false)

        let customerio = try #require(registry.adapter(id: "customerio"))
        let withID = try object(#"{"aps":{"alert":"Hi"},"CIO-Delivery-ID":"real-id"}"#)
        let cio = customerio.asDelivered(withID)
        #expect(cio["CIO-Delivery-ID"] == "real-id")
        #expect(cio["CIO-Delivery-Token"]?.stringValue?.count == 64)
    }

    @Test("OneSignal puts its id in the container the push uses: custom.i, or os_data.i for the os_data format")
    func oneSignalContainer() throws {
        let onesignal = try #require(registry.adapter(id: "onesignal"))
        let custom = onesignal.asDelivered(try object(#"{"aps":{"alert":"Hi"},"custom":{"u":"https://x.example"}}"#))
        #expect(custom["custom"]?["i"] == "00000000-0000-0000-0000-000000000000")
        #expect(custom["custom"]?["u"] == "https://x.example")
        #expect(custom["os_data"] == nil)
        let osData = onesignal.asDelivered(try object(#"{"aps":{"alert":"Hi"},"os_data":{"buttons":[{"i":"b","n":"Buy"}]}}"#))
        #expect(osData["os_data"]?["i"] == "00000000-0000-0000-0000-000000000000")
        #expect(osData["custom"] == nil)
        #expect(onesignal.decodeClaimed(osData).payload.messageId == "00000000-0000-0000-0000-000000000000")
    }
}

@Suite("What the service extension shows, and AppDNA's forwarded arrivals")
struct ServiceExtensionShownTests {
    private let airship = AirshipAdapter()
    private let ua2 = #"""
        {"aps":{"alert":{"title":"oh hi","body":"body"},"mutable-content":1},"_":"s1",
         "com.urbanairship.media_attachment":{"url":["https://example.com/m.jpg"],
           "content":{"title":"Moustache Twirl","subtitle":"Twirl"}}}
        """#

    @Test("Airship's media content replaces the title and subtitle it gives and keeps the body")
    func airshipContentOverride() throws {
        let payload = airship.decodeClaimed(try object(ua2)).payload
        #expect(payload.alert?.title == "oh hi")
        #expect(airship.extensionAlert(for: payload) == PushAlert(title: "Moustache Twirl", subtitle: "Twirl", body: "body"))
        let plain = airship.decodeClaimed(try object(#"{"aps":{"alert":"Hi"},"_":"s2"}"#)).payload
        #expect(airship.extensionAlert(for: plain) == plain.alert)
        // Another vendor's extension keeps the push's own alert.
        let onesignal = OneSignalAdapter()
        let other = onesignal.decodeClaimed(try object(#"{"aps":{"alert":"Hi"},"custom":{"i":"x"}}"#)).payload
        #expect(onesignal.extensionAlert(for: other) == other.alert)
    }

    @Test("the service extension hands Airship's override to the content")
    func handlerAlert() throws {
        let handler = ServiceExtensionHandler(registry: BuiltInVendors.registry, sink: InMemoryReceiptSink())
        let plan = handler.receive(DeliveredNotification(identifier: "r1", userInfo: try object(ua2)))
        #expect(plan.vendor == "airship")
        #expect(plan.alert?.title == "Moustache Twirl")
    }

    @Test("OneSignal's extension sets its dynamic category on a push with buttons and no category")
    func oneSignalCategorySet() throws {
        let onesignal = OneSignalAdapter()
        let payload = onesignal.decodeClaimed(
            try object(#"{"aps":{"alert":"Hi","mutable-content":1},"custom":{"i":"n1"},"buttons":[{"i":"b","n":"Buy"}]}"#)
        ).payload
        #expect(ServiceExtensionHandler.categorySet(by: onesignal, for: payload) == "__onesignal__dynamic__n1")
        #expect(ServiceExtensionHandler.categorySet(by: FCMAdapter(), for: payload) == nil)
    }

    @Test("AppDNA's background arrival is the app's forward: delivered without content-available")
    func appDNAForwarded() throws {
        let bridge = NotificationBridge(registry: BuiltInVendors.registry)
        let push = try object(#"{"aps":{"alert":"Hi","mutable-content":1},"appdna":{"push_id":"p1"}}"#)
        let effects = bridge.handle(.arrive(.background), userInfo: push)
        #expect(effects.contains { if case .receipt(let receipt) = $0 { receipt.event == "push_delivered" } else { false } })
        // Another vendor's push without content-available: iOS never wakes the app for it.
        let zixflow = try object(#"{"aps":{"alert":"Hi"},"Zixflow-Delivery-ID":"d1","Zixflow-Delivery-Token":"t"}"#)
        let refused = bridge.handle(.arrive(.background), userInfo: zixflow)
        #expect(refused.count == 1)
        guard case .diagnostic(let diagnostic)? = refused.first else {
            Issue.record("expected a diagnostic, got \(refused)")
            return
        }
        #expect(diagnostic.diagnosticCode == .iosNeverRunsStep)
    }
}
