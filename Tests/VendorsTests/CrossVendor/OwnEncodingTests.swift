import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A same-vendor translation is the identity (WIRE-FORMATS §7.9), so the conformance cases that once read
/// an adapter's own re-derivations through it now see the push as sent. The adapter's own `encode` (what
/// the round-trip laws run) still re-derives, and says so with a loss: checked here, case by case.
@Suite("An adapter's own encoding re-derives what its rules require, and reports it")
struct OwnEncodingTests {
    static let cases: [(vendor: String, payload: String, path: String, value: JSONValue?, losses: [String])] = [
        ("appdna", #"{"aps":{"alert":"x"},"appdna":{"push_id":"p","actions":[{"id":"go","title":"Go","type":"deep_link","value":"fit://go"}]}}"#,
         "category", "appdna_aa8701804aa3e994", ["$.mutableContent", "$.category"]),
        ("appdna", #"{"aps":{"alert":"x","mutable-content":1,"category":"appdna_0000000000000000"},"appdna":{"push_id":"p","actions":[{"id":"go","title":"Go","type":"deep_link","value":"fit://go"}]}}"#,
         "category", "appdna_aa8701804aa3e994", ["$.category"]),
        ("buzzkit", #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m","image":"https://x/i.png"}}"#,
         "mutable-content", 1, ["$.mutableContent"]),
        ("buzzkit", #"{"aps":{"alert":"Class moved"},"buzzkit":{"messageId":"m"}}"#,
         "alert", ["body": "Class moved"], []),
        ("pushnotifai", #"{"aps":{"alert":"x"},"pna_message_id":"n"}"#, "category", "pushnotifai", ["$.category"]),
        ("pushnotifai", #"{"aps":{"alert":"x","category":"lesson_reminders"},"pna_message_id":"n"}"#,
         "category", "pushnotifai", ["$.category"]),
        ("zixflow", #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"z","image_url":"https://x/i.png"}"#,
         "mutable-content", 1, ["$.mutableContent"]),
        ("customerio", #"{"aps":{"alert":"x"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":{"push":{"image":"https://x/i.png"}}}"#,
         "mutable-content", 1, ["$.mutableContent"]),
    ]

    @Test("encode(decode(push)) writes the derived aps value and reports exactly these losses; translation does not",
          arguments: cases.indices)
    func ownEncoding(index: Int) throws {
        let (vendor, text, key, value, losses) = Self.cases[index]
        let adapter = try BuiltInVendors.registry.requireAdapter(id: vendor)
        let userInfo = try Fixtures.userInfo(text)
        let encoded = adapter.encode(adapter.decode(userInfo).payload)
        #expect(encoded.userInfo["aps"]?[key] == value)
        #expect(encoded.losses.map(\.path) == losses)
        let translation = Translator.translate(userInfo, from: adapter, to: adapter)
        #expect(translation.userInfo == userInfo)
        #expect(translation.losses.isEmpty)
    }

    @Test("a vendor's full example round-trips byte for byte through its own adapter, losing nothing", arguments: [
        ("braze", brazeFullPayload), ("customerio", customerIOExample), ("iterable", iterableCampaignPush),
    ])
    func fullExampleRoundTrip(vendor: String, text: String) throws {
        expectRoundTrip(try Fixtures.userInfo(text), through: try BuiltInVendors.registry.requireAdapter(id: vendor))
    }
}
