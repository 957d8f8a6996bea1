import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The keys FCM adds to a push it delivers (WIRE-FORMATS §11.2), with the values FirebaseMessaging's tests use.
private let fcmEnvelope: JSONObject = [
    "gcm.message_id": "0:1522880049414338%944841cd944841cd", "gcm.n.e": "1",
    "google.c.a.e": "1", "google.c.a.c_id": "575315420755741863", "google.c.a.ts": "1522880044",
    "google.c.sender.id": 123_456_789, "google.c.fid": "fakeFIDForTest", "google.product_id": 7,
    "fcm_options": ["image": "https://example.com/fcm.png"], "from": "/topics/news",
]

/// Every owner's payload the package holds: the examples (examples/payloads) and the real payloads
/// (Fuzz/corpus-seeds/real) that a built-in vendor claims as their owner, by file name.
private func ownerPayloads() throws -> [(name: String, userInfo: JSONObject)] {
    let examples = TestPaths.packageRoot + "/examples/payloads"
    let exampleNames = try FileManager.default.contentsOfDirectory(atPath: examples).filter { $0.hasSuffix(".json") }
    let realNames = try FileManager.default.contentsOfDirectory(atPath: RealPayloadFiles.directory)
        .filter { $0.hasSuffix(".json") }
    let all = try exampleNames.sorted().map { ($0, try Fixtures.payload($0)) }
        + realNames.sorted().map { ($0, try RealPayloadFiles.userInfo($0)) }
    return all.filter { _, userInfo in
        guard let owner = try? BuiltInVendors.registry.claimant(of: userInfo) else { return false }
        return owner.claimStrength(userInfo) == .owner
    }
}

/// `userInfo` with FCM's envelope added (its own keys win: none of them is an FCM key).
private func wrapped(_ userInfo: JSONObject) -> JSONObject {
    userInfo.merging(fcmEnvelope) { own, _ in own }
}

@Suite("Carrier matrix: FCM carries every owner's payload and claims only what no owner claims")
struct CarrierMatrixTests {
    private let registry = BuiltInVendors.registry

    @Test("the payloads cover every built-in owner")
    func coverage() throws {
        var owners = Set<String>()
        for (_, userInfo) in try ownerPayloads() {
            if let owner = try registry.claimant(of: userInfo) { owners.insert(owner.id) }
        }
        let builtInOwners = BuiltInVendors.all.filter { $0.id != "fcm" }.map(\.id)
        #expect(Set(builtInOwners).isSubset(of: owners), "owners without an example: \(Set(builtInOwners).subtracting(owners))")
    }

    @Test("each owner's example wrapped with FCM keys is claimed by the owner, the FCM keys in ignored")
    func ownerWins() throws {
        let fcm = FCMAdapter()
        for (name, userInfo) in try ownerPayloads() {
            let owner = try #require(try registry.claimant(of: userInfo), "\(name) has no owner")
            #expect(owner.claimStrength(userInfo) == .owner, "\(name)")
            let carried = wrapped(userInfo)
            #expect(fcm.claimStrength(carried) == .carrier(rank: 1), "\(name)")
            #expect(try registry.claimant(of: carried)?.id == owner.id, "\(name)")
            #expect(try registry.resolve(carried).id == owner.id, "\(name)")

            let plain = owner.decodeClaimed(userInfo)
            let result = owner.decodeClaimed(carried)
            var expected = plain.payload
            for (key, value) in fcmEnvelope { expected.ignored[JSONPath.member(key, of: JSONPath.root)] = value }
            #expect(result.payload == expected, "\(name): the FCM keys must only be set aside")
            for key in fcmEnvelope.keys {
                #expect(result.payload.data[key] == nil && result.payload.tracking[key] == nil, "\(name) \(key)")
            }
            #expect(result.diagnostics.contains { $0.diagnosticCode == .carrierKeys && $0.severity == .info }, "\(name)")
        }
    }

    @Test("a same-vendor encode writes the FCM keys back; a translation does not carry them")
    func writeBackAndTranslation() throws {
        for (name, userInfo) in try ownerPayloads() {
            let owner = try #require(try registry.claimant(of: userInfo))
            let payload = owner.decodeClaimed(wrapped(userInfo)).payload
            let own = owner.encode(payload)
            for (key, value) in fcmEnvelope { #expect(own.userInfo[key] == value, "\(name) \(key)") }
            for target in BuiltInVendors.all where target.id != owner.id && target.id != "fcm" {
                let translated = target.encode(payload)
                for key in fcmEnvelope.keys { #expect(translated.userInfo[key] == nil, "\(name) → \(target.id) \(key)") }
                let lost = Set(translated.losses.map(\.path))
                for key in fcmEnvelope.keys {
                    #expect(lost.contains(JSONPath.member(JSONPath.member(key, of: JSONPath.root), of: "$.ignored")),
                            "\(name) → \(target.id): \(key) not reported lost")
                }
            }
        }
    }

    @Test("an FCM-only payload is claimed by FCM, as a carrier", arguments: ["firebase-1.json", "firebase-2.json"])
    func fcmOnly(name: String) throws {
        let userInfo = try RealPayloadFiles.userInfo(name)
        #expect(try registry.claimant(of: userInfo)?.id == "fcm")
        #expect(registry.claimants(of: userInfo).map(\.id) == ["fcm"])
        var bare = fcmEnvelope
        bare["aps"] = ["alert": "Hi"]
        #expect(try registry.claimant(of: bare)?.id == "fcm")
        let payload = FCMAdapter().decodeClaimed(bare).payload
        #expect(payload.messageId == "0:1522880049414338%944841cd944841cd")
        #expect(payload.imageURL == "https://example.com/fcm.png")
        #expect(payload.data.isEmpty)
    }

    @Test("without gcm.message_id, FCM-looking keys are the owner's own data and nobody else claims")
    func noMarker() throws {
        for (name, userInfo) in try ownerPayloads() {
            let owner = try #require(try registry.claimant(of: userInfo))
            var lookalike = userInfo
            if lookalike["from"] == nil { lookalike["from"] = "someone" }
            #expect(try registry.claimant(of: lookalike)?.id == owner.id, "\(name)")
            #expect(FCMAdapter().claimStrength(lookalike) == nil)
        }
    }
}
