import PushBridge
import PushBridgeVendors
import Testing

/// One push of each real vendor, as small as its marker allows (WIRE-FORMATS §11.1).
private let realVendorPushes: [(vendor: String, userInfo: JSONObject)] = [
    ("onesignal", ["custom": ["i": "os-1"]]),
    ("braze", ["ab": ["c": "cmp"]]),
    ("airship", ["_": "send-1", "com.urbanairship.metadata": "bWV0YQ=="]),
    ("iterable", ["itbl": ["messageId": "m-1", "campaignId": 1, "templateId": 2, "isGhostPush": false]]),
    ("customerio", ["CIO-Delivery-ID": "d-1", "CIO-Delivery-Token": "t-1"]),
    ("fcm", ["gcm.message_id": "1701234567890123"]),
    ("klaviyo", ["body": ["_k": "k-1"]]),
]

/// `push` with `aps.content-available` set to `flag`.
private func silent(_ push: JSONObject, _ flag: JSONValue) -> JSONObject {
    push.merging(["aps": ["content-available": flag]]) { _, new in new }
}

@Suite("Real vendors read aps.content-available as WIRE-FORMATS §12.1 says: the number 1, the string \"1\" or true")
struct ContentAvailableReadingTests {
    private let registry = BuiltInVendors.registry

    @Test("each spelling of 'set' marks the push silent and is written back as sent",
          arguments: [1 as JSONValue, "1", true])
    func setSpellings(flag: JSONValue) throws {
        for (vendor, push) in realVendorPushes {
            let adapter = try #require(registry.adapter(id: vendor))
            let userInfo = silent(push, flag)
            #expect(try registry.claimant(of: userInfo)?.id == vendor)
            let decoded = adapter.decodeClaimed(userInfo)
            #expect(decoded.payload.contentAvailable, "\(vendor): content-available \(flag)")
            let encoded = adapter.encode(decoded.payload)
            #expect(encoded.userInfo["aps"]?["content-available"] == flag, "\(vendor): written back as sent")
            #expect(!encoded.losses.contains { $0.path.contains("content-available") }, "\(vendor)")
            #expect(adapter.decodeClaimed(encoded.userInfo).payload == decoded.payload, "\(vendor): round trip")
        }
    }

    @Test("any other value is not 'set': the push is not silent",
          arguments: [0 as JSONValue, "0", false, 2, "true", "yes", .null])
    func otherValues(flag: JSONValue) throws {
        for (vendor, push) in realVendorPushes {
            let adapter = try #require(registry.adapter(id: vendor))
            #expect(!adapter.decodeClaimed(silent(push, flag)).payload.contentAvailable, "\(vendor): \(flag)")
        }
    }

    @Test("translated into another vendor, a spelled-out flag becomes APNs' number 1, which the target reads as silent",
          arguments: ["1" as JSONValue, true])
    func translation(flag: JSONValue) throws {
        for (vendor, push) in realVendorPushes {
            let source = try #require(registry.adapter(id: vendor))
            for target in BuiltInVendors.all where target.id != vendor {
                let translated = Translator.translate(silent(push, flag), from: source, to: target)
                #expect(translated.userInfo["aps"]?["content-available"] == 1, "\(vendor) → \(target.id)")
                #expect(target.decode(translated.userInfo).payload.contentAvailable, "\(vendor) → \(target.id)")
            }
        }
    }
}
