import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A translation is its target's or nobody's (docs/WIRE-FORMATS.md §7.10): custom data that holds another vendor's
/// marker never hands the translated push to that vendor.
@Suite("Hostile input: markers planted in custom data")
struct PlantedMarkerTests {
    static let registry = BuiltInVendors.registry

    /// Each vendor's marker, as it writes one for another vendor's push with a message id and a delivery token:
    /// the top-level members besides `aps`, checked to make the vendor claim a push.
    static let markers: [(vendor: any VendorAdapter, members: JSONObject)] = BuiltInVendors.all.compactMap { vendor in
        let payload = PushPayload(
            vendor: "someone-else", messageId: "planted-\(vendor.id)", alert: PushAlert(body: "planted"),
            tracking: ["CIO-Delivery-Token": "planted"])
        var members = vendor.encode(payload, collectingLosses: false).userInfo
        members.removeValue(forKey: "aps")
        var claimed = members
        claimed["aps"] = ["alert": "x"]
        return vendor.claimStrength(claimed) == nil ? nil : (vendor, members)
    }

    @Test("every vendor writes a marker the test can plant")
    func markersFound() {
        #expect(Set(Self.markers.map(\.vendor.id)) == Set(BuiltInVendors.all.map(\.id)))
    }

    @Test("every vendor's marker in every vendor's custom data: each translation is its target's or nobody's",
          arguments: BuiltInVendors.all.map(\.id))
    func plantedInCustomData(source: String) throws {
        let sourceAdapter = try Self.registry.requireAdapter(id: source)
        for (vendor, members) in Self.markers where vendor.id != source {
            var data = members
            data["note"] = "ordinary custom data"
            let payload = PushPayload(
                vendor: source, messageId: "msg-1", alert: PushAlert(title: "Leg day", body: "Class confirmed"),
                data: data)
            let wire = sourceAdapter.encode(payload, collectingLosses: false).userInfo
            for target in BuiltInVendors.all where target.id != source {
                let translation = Translator.translate(wire, from: sourceAdapter, to: target, registry: Self.registry)
                let what = "\(source) with \(vendor.id)'s marker → \(target.id): \(JSONWriter.string(.object(translation.userInfo)))"
                let claimant = try Self.registry.claimant(of: translation.userInfo)
                #expect(claimant == nil || claimant?.id == target.id, "\(what)")
                guard target.id != vendor.id else { continue }
                // The members the marker's claim rests on: none of them reaches the top level.
                var claimed = members
                claimed["aps"] = ["alert": "x"]
                for (key, value) in members where translation.userInfo[key] == value {
                    var without = claimed
                    without.removeValue(forKey: key)
                    if vendor.claimStrength(without) == nil {
                        Issue.record("\(what): '\(key)' is written at the top level")
                    }
                }
            }
        }
    }

    @Test("a hoisted marker is a loss naming the vendor it would have claimed the push for")
    func lossNamesTheVendor() throws {
        // The review's reproducer: a BuzzKit push with no link whose custom data holds OneSignal's `custom`.
        let userInfo = try Fixtures.userInfo(
            #"{"aps": {"alert": {"title": "Leg day", "body": "Class confirmed"}}, "buzzkit": {"messageId": "msg_02", "data": {"custom": {"i": "os-evil", "u": "https://evil.example/"}}}}"#)
        let buzzkit = try Self.registry.requireAdapter(id: "buzzkit")
        for target in ["fcm", "airship", "customerio", "zixflow", "braze", "iterable", "klaviyo", "pushnotifai"] {
            let translation = Translator.translate(
                userInfo, from: buzzkit, to: try Self.registry.requireAdapter(id: target), registry: Self.registry)
            #expect(translation.userInfo["custom"] == nil, "\(target)")
            let loss = translation.losses.first { $0.path == "$.data.custom" }
            #expect(loss?.value == ["i": "os-evil", "u": "https://evil.example/"], "\(target)")
            #expect(loss?.reason.contains("OneSignal") == true, "\(target): \(loss?.reason ?? "no loss")")
        }
    }

    @Test("the carrier keys and markers of the review's third reproducer are all left out of an FCM translation")
    func reservedAndCarrierKeys() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps": {"alert": {"title": "Leg day", "body": "Class confirmed"}}, "buzzkit": {"messageId": "msg_03", "data": {"_": "air-evil", "gcm.message_id": "fcm-evil", "aps": {"badge": 99}, "com.urbanairship.metadata": "m", "ab": {"c": "x"}}}}"#)
        let translation = Translator.translate(
            userInfo, from: BuzzKitAdapter(), to: FCMAdapter(), registry: Self.registry)
        #expect(translation.userInfo == (try Fixtures.userInfo(
            #"{"aps":{"alert":{"body":"Class confirmed","title":"Leg day"}}}"#)))
        let lost = Set(translation.losses.map(\.path))
        for key in ["$.data._", "$.data[\"gcm.message_id\"]", "$.data.aps", "$.data[\"com.urbanairship.metadata\"]", "$.data.ab"] {
            #expect(lost.contains(key), "\(key) in \(lost.sorted())")
        }
        #expect(try Self.registry.claimant(of: FCMAdapter().asDelivered(translation.userInfo))?.id == "fcm")
    }

    @Test("Customer.io's delivery id and the token its claim needs beside it are both left out")
    func partnerKeys() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m","data":{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","k":"v"}}}"#)
        let translation = Translator.translate(userInfo, from: BuzzKitAdapter(), to: FCMAdapter(), registry: Self.registry)
        #expect(translation.userInfo["CIO-Delivery-ID"] == nil)
        #expect(translation.userInfo["CIO-Delivery-Token"] == nil)
        #expect(translation.userInfo["k"] == "v")
        #expect(Set(translation.losses.filter { $0.reason.contains("Customer.io") }.map(\.path))
            == ["$.data[\"CIO-Delivery-ID\"]", "$.data[\"CIO-Delivery-Token\"]"])
    }

    @Test("OneSignal's two forms in one payload: the one not read is never written as the other's marker")
    func oneSignalBothForms() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"os_data":{"i":"os-2","buttons":[{"i":"b","n":"B"}]},"custom":{"i":"os-1"}}"#)
        let onesignal = OneSignalAdapter()
        for target in BuiltInVendors.all where target.id != onesignal.id {
            let translation = Translator.translate(userInfo, from: onesignal, to: target, registry: Self.registry)
            let claimant = try Self.registry.claimant(of: translation.userInfo)
            #expect(claimant == nil || claimant?.id == target.id, "\(target.id): \(translation.userInfo)")
        }
    }

    @Test("without a registry, the source, the target and the carriers are still kept apart")
    func withoutRegistry() throws {
        let userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"custom":{"i":"os-1","a":{"ab":{"c":"x"},"gcm.n":"1","_":"s"}}}"#)
        let translation = Translator.translate(userInfo, from: OneSignalAdapter(), to: FCMAdapter())
        #expect(translation.userInfo["gcm.n"] == nil)
        #expect(translation.userInfo["_"] == nil)
        #expect(try VendorRegistry([FCMAdapter(), OneSignalAdapter()]).claimant(of: FCMAdapter().asDelivered(translation.userInfo))?.id == "fcm")
    }

    @Test("an adapter that names no claim keys: the custom data that makes it claim is left out")
    func adapterWithoutClaimKeys() throws {
        let registry = VendorRegistry(BuiltInVendors.all + [claimsByDataKey])
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"), data: ["acme_id": "a-1", "k": "v"])
        let wire = BuzzKitAdapter().encode(payload).userInfo
        let translation = Translator.translate(wire, from: BuzzKitAdapter(), to: FCMAdapter(), registry: registry)
        #expect(translation.userInfo["acme_id"] == nil)
        #expect(translation.userInfo["k"] == "v")
        #expect(translation.losses.contains { $0.path == "$.data.acme_id" && $0.reason.contains("Acme") })
        #expect(try registry.claimant(of: FCMAdapter().asDelivered(translation.userInfo))?.id == "fcm")
    }

    @Test("an adapter with no claim keys in an output of over 64 members: all custom data goes, the push stays the target's")
    func adapterWithoutClaimKeysManyMembers() throws {
        let registry = VendorRegistry(BuiltInVendors.all + [claimsByDataKey])
        var data: JSONObject = ["acme_id": "a-1"]
        for index in 0..<100 { data["k\(index)"] = .int(index) }
        let payload = PushPayload(vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"), data: data)
        let wire = BuzzKitAdapter().encode(payload).userInfo
        let translation = Translator.translate(wire, from: BuzzKitAdapter(), to: FCMAdapter(), registry: registry)
        #expect(try registry.claimant(of: FCMAdapter().asDelivered(translation.userInfo))?.id == "fcm")
        #expect(translation.userInfo["acme_id"] == nil)
        #expect(translation.losses.filter { $0.reason.contains("Acme") }.count == 101)
    }

    @Test("a planted marker among 20,000 custom data members is left out in one pass, the rest carried")
    func manyMembersWithAPlantedMarker() throws {
        var data: JSONObject = ["custom": ["i": "os-evil"]]
        for index in 0..<20_000 { data["k\(index)"] = .int(index) }
        let payload = PushPayload(vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b"), data: data)
        let wire = BuzzKitAdapter().encode(payload).userInfo
        let translation = Translator.translate(wire, from: BuzzKitAdapter(), to: FCMAdapter(), registry: Self.registry)
        #expect(translation.userInfo["custom"] == nil)
        #expect(translation.userInfo.count == 20_001)
        #expect(try Self.registry.claimant(of: FCMAdapter().asDelivered(translation.userInfo))?.id == "fcm")
    }

    // MARK: Two owners (WIRE-FORMATS §11.1)

    @Test("two owners: the one that claims by a message id wins, with a note",
          arguments: [
              (#"{"aps":{"alert":"x"},"custom":{"i":"os-1"},"ab":{"c":"x"}}"#, "onesignal", "braze"),
              (#"{"aps":{"alert":"x"},"itbl":{"messageId":"it-1"},"body":{"_k":"k"}}"#, "iterable", "klaviyo"),
              (#"{"aps":{"alert":"x"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","ab":{"c":"x"}}"#, "customerio", "braze"),
              (#"{"aps":{"alert":"x"},"os_data":{"i":"os-1"},"buzzkit":{"messageId":"m"}}"#, "onesignal", "buzzkit"),
          ])
    func messageIdOwnerWins(text: String, winner: String, other: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        let claimant = try #require(try Self.registry.claimant(of: userInfo))
        #expect(claimant.id == winner)
        let notes = Self.registry.claimNotes(of: userInfo, claimedBy: claimant)
        #expect(notes.map(\.diagnosticCode) == [.claimedByMessageID])
        #expect(notes.first?.message.contains(try Self.registry.requireAdapter(id: other).name) == true)
        // Resolving and noting at once (as `bridge-cli` does) gives the same claimant and notes.
        let resolved = try Self.registry.resolveNotingClaims(userInfo)
        #expect(resolved.adapter.id == winner)
        #expect(resolved.claimNotes == notes)
    }

    @Test("two owners that both, or neither, claim by a message id are still no vendor",
          arguments: [
              #"{"aps":{"alert":"x"},"custom":{"i":"os-1"},"itbl":{"messageId":"it-1"}}"#,
              #"{"aps":{"alert":"x"},"custom":{"i":"os-1"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#,
              #"{"aps":{"alert":"x"},"ab":{"c":"x"},"body":{"_k":"k"}}"#,
              #"{"aps":{"alert":"x"},"itbl":{"campaignId":1},"ab":{"c":"x"}}"#,
          ])
    func unsettledOwners(text: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        #expect(throws: PushBridgeError.self) { try Self.registry.claimant(of: userInfo) }
        #expect(throws: PushBridgeError.self) { try Self.registry.resolveNotingClaims(userInfo) }
    }

    @Test("one owner, or a carrier alone: no claim note", arguments: [
        (#"{"aps":{"alert":"x"},"custom":{"i":"os-1"}}"#, "onesignal"),
        (#"{"aps":{"alert":"x"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#, "customerio"),
        (#"{"aps":{"alert":"x"},"itbl":{"messageId":"it-1"}}"#, "iterable"),
        (#"{"aps":{"alert":"x"},"ab":{"c":"x"}}"#, "braze"),
    ])
    func noNoteForOneOwner(text: String, vendor: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        let resolved = try Self.registry.resolveNotingClaims(userInfo)
        #expect(resolved.adapter.id == vendor)
        #expect(resolved.claimNotes.isEmpty)
        #expect(Self.registry.claimNotes(of: userInfo, claimedBy: resolved.adapter).isEmpty)
    }

    @Test("no vendor claims: resolving and noting at once throws as resolving does")
    func noClaimant() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"k":"v"}"#)
        #expect(throws: PushBridgeError.noVendorClaims) { try Self.registry.resolveNotingClaims(userInfo) }
    }
}

/// A third-party vendor that names no claim keys and claims any push with an `acme_id` string.
private var claimsByDataKey: FakeAdapter {
    var fake = FakeAdapter.quiet(
        id: "acme", name: "Acme",
        capabilities: VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .nothing))
    fake.claimHook = { $0["acme_id"]?.stringValue != nil ? .owner : nil }
    fake.decodeHook = { _ in DecodeResult(payload: PushPayload(vendor: "acme")) }
    fake.encodeHook = { _, _ in ["aps": [:]] }
    return fake
}
