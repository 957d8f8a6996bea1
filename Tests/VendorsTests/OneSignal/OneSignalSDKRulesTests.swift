import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private func push(_ id: String, badge: String = "") -> String {
    #"{"aps":{"alert":"Hi","mutable-content":1\#(badge.isEmpty ? "" : ",\"badge\":3")},"#
        + #""custom":{"i":"\#(id)","u":"https://example.com/\#(id)"\#(badge.isEmpty ? "" : ",\"badge_inc\":\(badge)")}}"#
}

@Suite("OneSignal as its SDK: confirmed deliveries, repeated taps, badge_inc")
struct OneSignalSDKRulesTests {
    @Test("report_received needs confirmed deliveries and the app id; off by default")
    func confirmedDeliveries() throws {
        let userInfo = try Fixtures.userInfo(push("n1"))
        func delivered(_ adapter: OneSignalAdapter) throws -> Int {
            try simulate(userInfo, ["arrive:service-extension"], registry: VendorRegistry([adapter])).count
        }
        #expect(try delivered(OneSignalAdapter()) == 0)
        #expect(try delivered(OneSignalAdapter(confirmsDelivery: true)) == 0)
        #expect(try delivered(OneSignalAdapter(appId: "app")) == 0)
        #expect(try delivered(OneSignalAdapter(confirmsDelivery: true, appId: "app")) == 1)
        #expect(OneSignalAdapter().eventTable.map(\.event) == ["opened"])
    }

    @Test("a tap on the notification opened last runs nothing; A, B, A opens A again")
    func repeatedTap() throws {
        let bridge = NotificationBridge(registry: VendorRegistry([OneSignalAdapter()]))
        let a = try Fixtures.userInfo(push("a")), b = try Fixtures.userInfo(push("b"))
        func routes(_ step: LifecycleStep, _ userInfo: JSONObject) -> [String] {
            bridge.handle(step, userInfo: userInfo).compactMap { effect in
                if case .route(let url, _) = effect { return url }
                return nil
            }
        }
        #expect(routes(.open, a) == ["https://example.com/a"])
        #expect(routes(.openAction("x"), a) == [])
        #expect(routes(.open, b) == ["https://example.com/b"])
        #expect(routes(.open, a) == ["https://example.com/a"])
    }

    @Test("the extension adds badge_inc to the kept count, never below 0; aps.badge without it")
    func badgeIncrement() throws {
        let handler = ServiceExtensionHandler(registry: VendorRegistry([OneSignalAdapter()]), sink: InMemoryReceiptSink())
        func badge(_ text: String, kept: Int?) throws -> Int? {
            handler.receive(DeliveredNotification(identifier: "r", userInfo: try Fixtures.userInfo(text)), storedBadge: kept)
                .badge
        }
        #expect(try badge(push("n1", badge: "2"), kept: 5) == 7)
        #expect(try badge(push("n2", badge: "\"-9\""), kept: 5) == 0)
        #expect(try badge(push("n3", badge: "1"), kept: nil) == 1)
        #expect(try badge(#"{"aps":{"alert":"Hi","badge":3},"custom":{"i":"n4"}}"#, kept: 5) == 3)
        #expect(try badge(#"{"aps":{"alert":"Hi"},"custom":{"i":"n5"}}"#, kept: 5) == nil)
    }
}
