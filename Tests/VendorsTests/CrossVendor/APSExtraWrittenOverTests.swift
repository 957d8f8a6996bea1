import PushBridge
import PushBridgeVendors
import Testing

/// A payload whose typed `aps` fields are set beside kept `apsExtra` members of the same names.
private func shadowedPayload(vendor: String) -> PushPayload {
    PushPayload(
        vendor: vendor, alert: PushAlert(title: "Typed title", body: "Typed body"), badge: 3, sound: "typed.caf",
        apsExtra: ["badge": "3", "sound": 7, "alert": ["title": 1], "interruption-level": "active"])
}

@Suite("A kept aps member a typed field is written over is reported, for every vendor")
struct APSExtraWrittenOverTests {
    @Test("APSCoding.extrasWrittenOver names each kept member the written aps carries with another value")
    func extrasWrittenOver() {
        let payload = shadowedPayload(vendor: "any")
        let losses = APSCoding.extrasWrittenOver(payload.apsExtra, in: .object(APSCoding.encode(payload)))
        #expect(losses.map(\.path) == [
            #"$.apsExtra.alert.title"#, #"$.apsExtra.badge"#, #"$.apsExtra.sound"#,
        ])
        #expect(losses.map(\.value) == [1, "3", 7])
        // A member written as kept, or not written at all (the adapter's to report), is no loss here.
        #expect(APSCoding.extrasWrittenOver(["interruption-level": "active"], in: ["interruption-level": "active"]).isEmpty)
        #expect(APSCoding.extrasWrittenOver(["badge": "3"], in: ["sound": "a"]).isEmpty)
        #expect(APSCoding.extrasWrittenOver(["badge": "3"], in: nil).isEmpty)
    }

    @Test("every built-in vendor's own payload reports the kept badge, sound and alert title it wrote over",
          arguments: BuiltInVendors.all.map(\.id))
    func everyVendor(id: String) throws {
        let adapter = try #require(BuiltInVendors.all.first { $0.id == id })
        let result = adapter.encode(shadowedPayload(vendor: id))
        let written = result.userInfo["aps"]
        for (key, kept) in [("badge", JSONValue("3")), ("sound", 7)] where written?[key] != nil && written?[key] != kept {
            #expect(result.losses.contains { $0.path == JSONPath.member(key, of: "$.apsExtra") }, "\(id): \(key)")
        }
        if let title = written?["alert"]?["title"], title != 1 {
            #expect(result.losses.contains { $0.path == "$.apsExtra.alert.title" }, "\(id): alert title")
        }
    }
}
