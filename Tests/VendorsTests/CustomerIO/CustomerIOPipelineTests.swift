import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let push = #"""
    {"aps":{"alert":"Hi","mutable-content":1},"CIO-Delivery-ID":"d-1","CIO-Delivery-Token":"tok","CIO":{"push":{"link":"https://x.example/p"}}}
    """#

@Suite("Customer.io opened through the pipeline for an identified person")
struct CustomerIOPipelineTests {
    private func receipts(_ adapter: CustomerIOAdapter) throws -> [Receipt] {
        try simulate(
            try Fixtures.userInfo(push), ["arrive:service-extension", "open"],
            options: SimulationOptions(time: 1_764_930_600), registry: VendorRegistry([adapter])
        ).compactMap { effect in
            if case .receipt(let receipt) = effect { return receipt }
            return nil
        }
    }

    @Test("with an identified person, opened is a track event in a /b batch under them, stamped with the tap")
    func identified() throws {
        let adapter = CustomerIOAdapter(identifier: "person-9")
        let found = try receipts(adapter)
        #expect(found.map(\.event) == ["delivered", "opened"])
        let delivered = try #require(adapter.receiptRequest(for: found[0], writeKey: "k"))
        #expect(delivered.path == "/track")
        let opened = try #require(adapter.receiptRequest(for: found[1], writeKey: "k"))
        #expect(opened.path == "/b")
        let event = try parseJSON(String(decoding: opened.body, as: UTF8.self))["batch"]?.arrayValue?.first
        #expect(event?["type"] == "track")
        #expect(event?["userId"] == "person-9")
        #expect(event?["timestamp"] == "2025-12-05T10:30:00.000Z")
        #expect(event?["properties"] == ["deliveryId": "d-1", "metric": "opened", "recipient": "tok"])
    }

    @Test("without one, both go to /track as before and delivered is the same either way")
    func anonymous() throws {
        let plain = try receipts(CustomerIOAdapter())
        let identified = try receipts(CustomerIOAdapter(identifier: "p"))
        #expect(plain[0] == identified[0])
        #expect(CustomerIOAdapter().receiptRequest(for: plain[1], writeKey: nil)?.path == "/track")
        #expect(plain[1].properties["userId"] == nil)
    }
}
