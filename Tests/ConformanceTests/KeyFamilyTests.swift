import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import Testing

/// A vendor whose SDK works by key families, as CleverTap's does: it claims any push with a top-level key
/// starting with `wzrk_` or `W$` (claim key prefixes, no claim keys), and its one receipt passes every `wzrk_`
/// key of the push through and stamps the tap's time in `wzrk_cts`. Receipts are the core's default ones.
struct KeyFamilyVendor: VendorAdapter {
    let profile = VendorProfile(
        id: "keyfamily", name: "KeyFamily",
        capabilities: VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .nothing),
        eventTable: [
            EventTableEntry(
                kind: .opened, event: "Notification Clicked", when: "body tap", properties: ["wzrk_id"],
                sentOn: [.bodyTap], messageIdProperty: "wzrk_id", passThroughPrefixes: ["wzrk_"],
                timeProperty: "wzrk_cts")
        ],
        claimKeyPrefixes: ["wzrk_", "W$"], receiptService: .appCollector(path: "/keyfamily/events"))

    static func isFamilyKey(_ key: String) -> Bool { key.hasPrefix("wzrk_") || key.hasPrefix("W$") }

    func claims(_ userInfo: JSONObject) -> Bool { userInfo.keys.contains(where: Self.isFamilyKey) }

    func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = DecodeContext<KeyFamilyVendor>(payload: PushPayload(vendor: id))
        decoding.diagnostics = APSCoding.decode(userInfo["aps"], into: &decoding.payload)
        for (key, value) in userInfo where key != "aps" {
            if key == "wzrk_id", let id = value.stringValue { decoding.payload.messageId = id }
            else if Self.isFamilyKey(key) { decoding.payload.tracking[key] = value }
            else { decoding.payload.data[key] = value }
        }
        return decoding.takeResult()
    }

    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var userInfo: JSONObject = ["aps": .object(APSCoding.encode(payload))]
        for (key, value) in payload.data { userInfo[key] = value }
        for (key, value) in payload.tracking where Self.isFamilyKey(key) { userInfo[key] = value }
        userInfo["wzrk_id"] = payload.messageId.map { .string($0) }
        if !claims(userInfo) { userInfo["wzrk_pivot"] = "wzrk_default" }
        return userInfo
    }
}

/// How ``flawedKeyFamilyVendor(_:)`` cuts ``KeyFamilyVendor``'s receipts short.
enum KeyFamilyFlaw { case dropsPassThrough, dropsTime }

/// ``KeyFamilyVendor`` with its receipts cut short: without the passed-through keys, or without the time.
func flawedKeyFamilyVendor(_ flaw: KeyFamilyFlaw) -> FakeAdapter {
    let base = KeyFamilyVendor()
    var flawed = FakeAdapter(wrapping: base)
    flawed.receiptPlan = { step, payload, context in
        base.receipts(for: step, payload: payload, context: context).map { receipt in
            var receipt = receipt
            switch flaw {
            case .dropsPassThrough: receipt.properties.removeValue(forKey: "wzrk_pivot")
            case .dropsTime:
                receipt.properties.removeValue(forKey: "wzrk_cts")
                receipt.time = nil
            }
            return receipt
        }
    }
    return flawed
}

/// A CleverTap-like push: a message id, two more `wzrk_` keys, custom data.
let keyFamilyPush: JSONObject = [
    "aps": ["alert": ["title": "Sale", "body": "Half off"]],
    "wzrk_id": "0_1234", "wzrk_pivot": "wzrk_default", "wzrk_acct_id": "ACC-1", "coupon": "SALE50",
]

/// The event-table failures of one body tap on ``keyFamilyPush`` at `time`, for `adapter`.
private func eventTableFailures(_ adapter: any VendorAdapter, time: Int?) -> [ConformanceFailure] {
    let suite = ConformanceSuite(adapters: [adapter], options: .init(exclusivityCases: []))
    let testCase = ConformanceCase(
        id: "keyfamily-body-tap", description: "a body tap", vendor: "keyfamily", payload: keyFamilyPush,
        steps: [.open], options: SimulationOptions(time: time))
    return suite.run(cases: [testCase]).failures.filter { $0.check == .eventTable }
}

@Suite("Key families: receipt properties passed through by prefix, the tap's time, claims by prefix")
struct KeyFamilyTests {
    @Test("the default receipt carries every wzrk_ key of the push, and the tap's time in wzrk_cts and Receipt.time")
    func defaultReceiptsFillTheFamily() throws {
        let effects = Simulation.run(
            keyFamilyPush, steps: [.open], options: SimulationOptions(vendor: "keyfamily", time: 1_800_000_000),
            registry: VendorRegistry([KeyFamilyVendor()]))
        let receipt = try #require(effects.compactMap { effect -> Receipt? in
            if case .receipt(let receipt) = effect { return receipt } else { return nil }
        }.first)
        #expect(receipt.properties == [
            "wzrk_id": "0_1234", "wzrk_pivot": "wzrk_default", "wzrk_acct_id": "ACC-1", "wzrk_cts": 1_800_000_000,
        ])
        #expect(receipt.time == 1_800_000_000)
    }

    @Test("without a clock the receipt carries no time")
    func noClockNoTime() throws {
        let effects = Simulation.run(
            keyFamilyPush, steps: [.open], options: SimulationOptions(vendor: "keyfamily"),
            registry: VendorRegistry([KeyFamilyVendor()]))
        guard case .receipt(let receipt)? = effects.first(where: { if case .receipt = $0 { true } else { false } })
        else { Issue.record("no receipt: \(effects)"); return }
        #expect(receipt.properties["wzrk_cts"] == nil)
        #expect(receipt.time == nil)
        #expect(receipt.properties["wzrk_acct_id"] == "ACC-1")
    }

    @Test("the kit passes the vendor's receipts, pass-through keys and time included")
    func kitPassesTheGoodVendor() {
        #expect(eventTableFailures(KeyFamilyVendor(), time: 1_800_000_000).isEmpty)
        #expect(eventTableFailures(KeyFamilyVendor(), time: nil).isEmpty)
    }

    @Test("the kit fails a receipt that leaves out a passed-through key, naming it")
    func kitFailsAMissingPassThroughKey() {
        let failures = eventTableFailures(flawedKeyFamilyVendor(.dropsPassThrough), time: nil)
        #expect(!failures.isEmpty)
        #expect(failures.allSatisfy { $0.path.hasSuffix(".properties.wzrk_pivot") }, "\(failures)")
        #expect(failures.first?.actual.hasPrefix("(absent)") == true, "\(failures)")
    }

    @Test("the kit fails a receipt without the tap's time, in the property and in Receipt.time")
    func kitFailsAMissingTime() {
        let failures = eventTableFailures(flawedKeyFamilyVendor(.dropsTime), time: 1_800_000_000)
        #expect(failures.contains { $0.path.hasSuffix(".properties.wzrk_cts") }, "\(failures)")
        #expect(failures.contains { $0.path.hasSuffix(".time") }, "\(failures)")
    }

    @Test("a claim by prefix: the registry asks the vendor only about pushes with such a key, and it wins them")
    func claimByPrefix() throws {
        let asked = Locked(0)
        struct Counting: VendorAdapter {
            let base = KeyFamilyVendor()
            let asked: Locked<Int>
            var profile: VendorProfile { base.profile }
            func claims(_ userInfo: JSONObject) -> Bool {
                asked.withLock { $0 += 1 }
                return base.claims(userInfo)
            }
            func decode(_ userInfo: JSONObject) -> DecodeResult { base.decode(userInfo) }
            func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
                base.userInfo(for: payload, losses: &losses)
            }
        }
        let registry = VendorRegistry([Counting(asked: asked)])
        // Not asked: no key with the prefix (a key shorter than it, one that only shares its first bytes).
        for userInfo: JSONObject in [["aps": [:]], ["wzrk": 1], ["wzr_id": 1], ["W": 1], ["Wz_x": 1]] {
            #expect(try registry.claimant(of: userInfo) == nil)
        }
        #expect(asked.withLock { $0 } == 0)
        #expect(try registry.claimant(of: ["aps": [:], "W$pn": 1])?.id == "keyfamily")
        #expect(try registry.claimant(of: keyFamilyPush)?.id == "keyfamily")
        // A large object (a hash table of positions) is screened the same way.
        var wide = keyFamilyPush
        for index in 0..<80 { wide["extra_\(index)"] = .int(index) }
        #expect(try registry.claimant(of: wide)?.id == "keyfamily")
        #expect(asked.withLock { $0 } == 3)
    }

    @Test("translation leaves every key with another vendor's claim prefix out of the target's push, as losses")
    func translationLeavesPrefixKeysOut() throws {
        let source = FakeAdapter()
        let target = FakeAdapter(id: "other", name: "Other", marker: "other_id")
        let registry = VendorRegistry([source, target, KeyFamilyVendor()])
        let userInfo: JSONObject = ["fake_id": "m1", "wzrk_a": 1, "wzrk_b": 2, "coupon": "SALE50"]
        let result = Translator.translate(userInfo, from: source, to: target, registry: registry)
        #expect(result.userInfo["wzrk_a"] == nil && result.userInfo["wzrk_b"] == nil, "\(result.userInfo)")
        #expect(result.userInfo["coupon"] == "SALE50", "\(result.userInfo)")
        let paths = Set(result.losses.map(\.path))
        #expect(paths.isSuperset(of: ["$.data.wzrk_a", "$.data.wzrk_b"]), "\(result.losses)")
        #expect(try registry.claimant(of: result.userInfo)?.id != "keyfamily")
    }

    @Test("requireServiceExtension is the core's: an adapter outside the package sets mutable-content with it")
    func requireServiceExtensionIsPublic() {
        var payload = PushPayload(vendor: "keyfamily")
        payload.imageURL = "https://example.com/a.jpg"
        var losses = LossList()
        payload.requireServiceExtension(when: .image, vendor: "keyfamily", vendorName: "KeyFamily", losses: &losses)
        #expect(payload.mutableContent)
        #expect(losses.collected.map(\.path) == ["$.mutableContent"])
        var other = PushPayload(vendor: "chirp")
        other.buttons = [PushButton(id: "b", title: "B", foreground: true)]
        other.requireServiceExtension(when: .image, vendor: "keyfamily", vendorName: "KeyFamily", losses: &losses)
        #expect(!other.mutableContent, "buttons alone do not need the extension for an image-only trigger")
        other.requireServiceExtension(when: .imageOrButtons, vendor: "keyfamily", vendorName: "KeyFamily", losses: &losses)
        #expect(other.mutableContent)
        #expect(losses.collected.count == 1, "another vendor's payload gains the flag without a loss")
    }

    @Test("a prefix longer than eight bytes screens on its first eight, and its claim decides the rest")
    func longPrefix() throws {
        var vendor = FakeLongPrefix()
        vendor.profile.claimKeyPrefixes = ["com.example.push."]
        let registry = VendorRegistry([vendor])
        #expect(try registry.claimant(of: ["com.example.push.id": "1"])?.id == "longprefix")
        #expect(try registry.claimant(of: ["com.example.other": "1"]) == nil)
    }

    @Test("the kit fails a prefix claimer that still claims once every key with its prefixes is removed")
    func kitChecksThePrefixPromise() {
        var vendor = FakeLongPrefix()
        vendor.profile.claimKeyPrefixes = ["com.example.push."]
        vendor.alsoClaimsBy = "marker"
        let suite = ConformanceSuite(adapters: [vendor], options: .init(exclusivityCases: []))
        let report = suite.run(cases: [ConformanceCase(
            id: "longprefix-marker", description: "a push with both", vendor: "longprefix",
            payload: ["com.example.push.id": "1", "marker": true])])
        let failure = report.failures.first { $0.check == .detection }
        #expect(failure?.expected.contains("com.example.push.…") == true, "\(report.failures)")
    }
}

/// A vendor that claims by a long prefix (and, when set, also by a key it did not declare).
struct FakeLongPrefix: VendorAdapter {
    var profile = VendorProfile(
        id: "longprefix",
        capabilities: VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .nothing),
        eventTable: [])
    var alsoClaimsBy: String?
    func claims(_ userInfo: JSONObject) -> Bool {
        userInfo.keys.contains { $0.hasPrefix("com.example.push.") } || alsoClaimsBy.map { userInfo[$0] != nil } == true
    }
    func decode(_ userInfo: JSONObject) -> DecodeResult { DecodeResult(payload: PushPayload(vendor: id)) }
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject { [:] }
}
