import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let campaign = #"""
    {"aps":{"alert":"Sale"},"itbl":{"campaignId":5,"templateId":6,"isGhostPush":false,"messageId":"m-5",
     "defaultAction":{"type":"openUrl","data":"https://shop.example.com/x"}}}
    """#

@Suite("Iterable as its SDK: a dictionary itbl, a signed-in user, createdAt, JWT")
struct IterableSDKRulesTests {
    @Test("a string itbl, even one holding JSON, is nobody's; forced, it is kept and reported")
    func stringItbl() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"a"},"itbl":"{\"messageId\":\"m\"}"}"#)
        #expect(!IterableAdapter().claims(userInfo))
        #expect(try BuiltInVendors.registry.claimant(of: userInfo) == nil)
        let decoded = IterableAdapter().decode(userInfo)
        #expect(decoded.payload.messageId == nil)
        #expect(decoded.payload.ignored["$.itbl"] == .string(#"{"messageId":"m"}"#))
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .itblJSONString && $0.severity == .warning })
    }

    @Test("no signed-in user: no trackPushOpen, the link still opens")
    func noUser() throws {
        let effects = try simulate(try Fixtures.userInfo(campaign), ["open"], registry: VendorRegistry([IterableAdapter()]))
        #expect(effects.map(\.json) == [BridgeEffect.route(url: "https://shop.example.com/x", via: .system).json])
    }

    @Test("a signed-in user's open carries createdAt, and a JWT goes in Authorization: Bearer")
    func userTimeAndJWT() throws {
        let adapter = IterableAdapter(user: .userId("u-1"), jwt: "jwt-token")
        let effects = try simulate(
            try Fixtures.userInfo(campaign), ["open"], options: SimulationOptions(time: 1_700_000_000),
            registry: VendorRegistry([adapter]))
        guard case .receipt(let receipt)? = effects.first else {
            Issue.record("no receipt first: \(effects)")
            return
        }
        #expect(receipt.properties["createdAt"] == 1_700_000_000)
        let request = try #require(adapter.receiptRequest(for: receipt, writeKey: "key"))
        #expect(request.headers.contains { $0.name == "Authorization" && $0.value == "Bearer jwt-token" && $0.isSecret })
        #expect(request.header("SDK-Platform") == "iOS")
        #expect(request.header("SDK-Request-Processor") == "Online")
        #expect(request.header("SDK-Version") == nil)
        let body = try parseJSON(String(decoding: request.body, as: UTF8.self))
        #expect(body["userId"] == "u-1")
        #expect(body["createdAt"] == 1_700_000_000)
    }

    @Test("iterable.email and iterable.userId configure the user; email wins")
    func configuration() throws {
        let registry = try BuiltInVendors.registry.configured(["iterable.userId=u", "iterable.email=e@x.com"])
        #expect((registry.adapter(id: "iterable") as? IterableAdapter)?.user == .email("e@x.com"))
    }
}
