import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let push = #"{"campaign":"spring","body":{"_k":"c1"},"aps":{"alert":"x"},"url":"https://example.com/a"}"#

@Suite("Klaviyo as its SDK: the userInfo as received, a profile, device metadata, time, badge_config")
struct KlaviyoSDKRulesTests {
    private func openedReceipt(_ adapter: KlaviyoAdapter, token: String? = "ab12", time: Int? = nil) throws -> Receipt {
        let effects = try simulate(
            try Fixtures.userInfo(push), ["open"], options: SimulationOptions(deviceToken: token, time: time),
            registry: VendorRegistry([adapter]))
        guard case .receipt(let receipt)? = effects.first else { throw HarnessError(description: "\(effects)") }
        return receipt
    }

    @Test("the event's properties are the userInfo as received, with the device metadata over it")
    func userInfoAsReceived() throws {
        let receipt = try openedReceipt(KlaviyoAdapter(device: KlaviyoAdapter.Device(appVersion: "3.1")))
        #expect(receipt.properties["userInfo"] == .object(try Fixtures.userInfo(push)))
        #expect(receipt.properties["App Version"] == "3.1")
        #expect(receipt.properties["Push Token"] == "ab12")
        #expect(receipt.properties["OS Name"] == "iOS")
    }

    @Test("without a configured id the anonymous id comes from the device token: the same token, the same id")
    func anonymousId() throws {
        let first = try openedReceipt(KlaviyoAdapter())
        let again = try openedReceipt(KlaviyoAdapter())
        let other = try openedReceipt(KlaviyoAdapter(), token: "cd34")
        let id = try #require(first.properties["profile"]?["anonymous_id"]?.stringValue)
        #expect(id.count == 36 && id == id.uppercased())
        #expect(again.properties["profile"] == first.properties["profile"])
        #expect(other.properties["profile"] != first.properties["profile"])
        let configured = try openedReceipt(KlaviyoAdapter(profile: .init(anonymousId: "A-1", externalId: "cust")))
        #expect(configured.properties["profile"] == ["anonymous_id": "A-1", "external_id": "cust"])
    }

    @Test("the request sends the profile and the tap's time as attributes, not as properties")
    func request() throws {
        let adapter = KlaviyoAdapter(profile: .init(email: "ann@example.com"))
        let receipt = try openedReceipt(adapter, time: 1_764_930_600)
        let request = try #require(adapter.receiptRequest(for: receipt, writeKey: nil))
        let attributes = try parseJSON(String(decoding: request.body, as: UTF8.self))["data"]?["attributes"]
        #expect(attributes?["time"] == "2025-12-05T10:30:00Z")
        #expect(attributes?["profile"]?["data"]?["attributes"]?["email"] == "ann@example.com")
        #expect(attributes?["profile"]?["data"]?["attributes"]?["anonymous_id"] != nil)
        #expect(attributes?["properties"]?["campaign"] == "spring")
        #expect(attributes?["properties"]?["profile"] == nil)
        #expect(attributes?["properties"]?["time"] == nil)
    }

    @Test("the extension applies badge_config to the kept count")
    func badgeConfig() throws {
        let handler = ServiceExtensionHandler(registry: VendorRegistry([KlaviyoAdapter()]), sink: InMemoryReceiptSink())
        func badge(_ extra: String, kept: Int?) throws -> Int? {
            let text = #"{"aps":{"alert":"x","badge":9},"body":{"_k":"1"}\#(extra)}"#
            return handler.receive(DeliveredNotification(identifier: "r", userInfo: try Fixtures.userInfo(text)),
                                   storedBadge: kept).badge
        }
        #expect(try badge(#","badge_config":"increment_one""#, kept: 4) == 5)
        #expect(try badge(#","badge_config":"set_count","badge_value":2"#, kept: 4) == 2)
        #expect(try badge(#","badge_config":"set_property""#, kept: 4) == nil)
        #expect(try badge(#","badge_config":"other""#, kept: 4) == 9)
        #expect(try badge("", kept: 4) == 9)
    }
}
