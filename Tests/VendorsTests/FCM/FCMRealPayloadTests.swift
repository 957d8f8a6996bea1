import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The real payloads bundled with the package (Fuzz/corpus-seeds/real; sources in its SOURCES.md).
enum RealPayloadFiles {
    static var directory: String { TestPaths.packageRoot + "/Fuzz/corpus-seeds/real" }

    /// One payload as a userInfo.
    static func userInfo(_ name: String) throws -> JSONObject {
        try VendorRegistry.parseUserInfo(try TestPaths.readBytes(directory + "/" + name))
    }
}

private let adapter = FCMAdapter()

/// The corpus payload `name`, expected to be claimed by FCM alone, and FCM's decoding of it.
private func claimedByFCM(_ name: String) throws -> (userInfo: JSONObject, payload: PushPayload) {
    let userInfo = try RealPayloadFiles.userInfo(name)
    #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["fcm"])
    return (userInfo, adapter.decode(userInfo).payload)
}

@Suite("FCM adapter: the FirebaseMessaging test payloads of the real-payload corpus")
struct FCMRealPayloadTests {
    @Test("firebase-1 (FIRMessagingAnalyticsTest.m): claimed by FCM, analytics on, gcm.n.e kept")
    func firebase1() throws {
        let payload = try claimedByFCM("firebase-1.json").payload
        #expect(payload.messageId == "0:1522880049414338%944841cd944841cd")
        #expect(payload.alert == PushAlert(body: "to check the reporting format"))
        #expect(payload.tracking == [
            "google.c.a.c_id": "575315420755741863", "google.c.a.e": "1", "google.c.a.ts": "1522880044",
            "google.c.a.udt": "0",
        ])
        #expect(payload.ignored == [#"$["gcm.n.e"]"#: "1"])
        #expect(payload.data.isEmpty && payload.deepLink == nil && payload.imageURL == nil)
        let receipts = adapter.receipts(for: .open, payload: payload, context: ReceiptContext())
        #expect(receipts.map(\.event) == ["_no"])
        #expect(receipts.first?.properties == ["_nmid": "575315420755741863", "_nmt": 1_522_880_044, "_ndt": "0"])
        let encoded = adapter.encode(payload)
        #expect(encoded.losses.isEmpty)
        #expect(adapter.decode(encoded.userInfo).payload == payload)
        #expect(encoded.userInfo["aps"] == ["alert": ["body": "to check the reporting format"]])
    }

    @Test("firebase-2 (FIRMessagingExtensionHelperTest.m): claimed by FCM, image and export keys, no alert")
    func firebase2() throws {
        let (userInfo, payload) = try claimedByFCM("firebase-2.json")
        #expect(payload.messageId == "1627428480762269")
        #expect(payload.imageURL == "https://google.com")
        #expect(payload.badge == 9 && payload.mutableContent && payload.alert == nil)
        #expect(payload.tracking == ["google.c.fid": "fakeFIDForTest", "google.c.sender.id": 123_456_789])
        #expect(payload.ignored.isEmpty && payload.data.isEmpty)
        #expect(adapter.receipts(for: .open, payload: payload, context: ReceiptContext()).isEmpty)
        #expect(adapter.encode(payload).userInfo == userInfo)
    }

    @Test("FCM claims no other payload of the corpus (none carries gcm.message_id)")
    func othersNotFCM() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: RealPayloadFiles.directory)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("firebase-") }
        #expect(names.count == 23)
        for name in names { #expect(!adapter.claims(try RealPayloadFiles.userInfo(name)), "\(name)") }
    }
}
