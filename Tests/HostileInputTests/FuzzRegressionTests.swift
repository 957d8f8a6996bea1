import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Inputs the fuzz targets (`Fuzz/`) stopped on, kept as tests. See docs/HOSTILE-INPUT.md.
@Suite("Hostile input: fuzz regressions")
struct FuzzRegressionTests {
    @Test("FuzzJSON: a raw U+FEFF right after an escape is kept (Foundation on Linux drops it)")
    func byteOrderMarkAfterEscape() throws {
        // crash-528392054b66241104b589ba813f0b489c2828c1: "t\u00e9<U+FEFF>u00\"e00 é😀"
        let bytes: [UInt8] = [
            0x22, 0x74, 0x5C, 0x75, 0x30, 0x30, 0x65, 0x39, 0xEF, 0xBB, 0xBF, 0x75, 0x30, 0x30, 0x5C, 0x22,
            0x65, 0x30, 0x30, 0x20, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x22,
        ]
        let text = try #require(try JSONParser.parse(bytes).stringValue)
        #expect(Array(text.unicodeScalars) == Array("t\u{E9}\u{FEFF}u00\"e00 \u{E9}\u{1F600}".unicodeScalars))
        #expect(try JSONParser.parse(JSONWriter.bytes(.string(text))) == .string(text))
    }

    @Test("FuzzJSON: a key with a leading U+FEFF is its own key and never stands in for a vendor key")
    func invisiblePrefixedKeys() throws {
        // crash-e09c45d62a19bfde5505a94ad304667d1029561e: "\ufeffaction_buttons" beside "action_buttons".
        let text = #"""
            {"aps":{"alert":"x"},"Zixflow-Delivery-ID":"1",
             "\ufeffaction_buttons":"[{\"name\":\"Evil\",\"deeplink\":\"javascript:x\"}]",
             "action_buttons":"[{\"name\":\"A\",\"deeplink\":\"gym://1\"}]"}
            """#
        let payload = try VendorRegistry.parseUserInfo(Array(text.utf8))
        #expect(payload.count == 4)
        let decoded = ZixflowAdapter().decode(payload)
        #expect(decoded.payload.buttons.map(\.title) == ["A"])
        #expect(decoded.payload.data["\u{FEFF}action_buttons"] != nil)
    }

    @Test("vendor markers behind an invisible or look-alike prefix claim nothing",
          arguments: [
              #"{"aps":{"alert":"x"},"\ufeffZixflow-Delivery-ID":"1"}"#,
              #"{"aps":{"alert":"x"},"Zixflow-Delivery-ID\u200b":"1"}"#,
              #"{"aps":{"alert":"x"},"\ufeffpna_message_id":"n"}"#,
              #"{"aps":{"alert":"x"},"pna_message_\u0131d":"n"}"#,
              #"{"aps":{"alert":"x"},"buzzk\u0456t":{"messageId":"m"}}"#,
              #"{"aps":{"alert":"x"},"appdna":{"push_id\u00a0":"p"}}"#,
              #"{"aps":{"alert":"x"},"APPDNA":{"push_id":"p"}}"#,
          ])
    func lookAlikeMarkers(text: String) throws {
        let payload = try VendorRegistry.parseUserInfo(Array(text.utf8))
        #expect(BuiltInVendors.registry.claimants(of: payload).isEmpty)
    }

    // MARK: Laws (on by default in Fuzz/run.sh): not crashes, but round trips that change a payload

    /// Every input kept in `Fuzz/corpus-regressions`.
    static let corpus: [String] = {
        let directory = TestPaths.packageRoot + "/Fuzz/corpus-regressions"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0 != "README.md" }.sorted()
    }()

    @Test("the corpus of inputs the fuzzers stopped on is there, the issue-18 inputs included")
    func corpusPresent() {
        #expect(Self.corpus.count >= 23)
        #expect(Self.corpus.contains("laws-pushnotifai-forced-same-vendor-category.json"))
        for stop in [
            "fuzz-FuzzDecode-zixflow-top-level-badge-beside-wrong-aps-badge-bdf77e18",
            "fuzz-FuzzDecode-braze-empty-ab-cat-entry-b0452dda",
            "fuzz-FuzzDecode-onesignal-os-data-minified-alert-field-a87cd879",
            "fuzz-FuzzDecode-iterable-ghost-named-default-action-ece5735d",
            "fuzz-FuzzJSON-depth-of-replaced-value-90191d8e",
        ] {
            #expect(Self.corpus.contains(stop), "\(stop)")
        }
    }

    @Test("every input a fuzzer stopped on: the JSON round trip holds and, for an object, every law for every vendor",
          arguments: corpus)
    func corpusInput(name: String) throws {
        let bytes = try TestPaths.readBytes(TestPaths.packageRoot + "/Fuzz/corpus-regressions/" + name)
        guard let value = try? JSONParser.parse(bytes) else { return }
        #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
        #expect(try JSONParser.parse(JSONWriter.bytes(value, pretty: true)) == value)
        guard let userInfo = value.objectValue else { return }
        #expect(Laws.broken(userInfo) == [])
    }

    @Test("the law checker is not vacuous: an adapter whose encode drops custom data silently breaks a law")
    func lawCheckerCatches() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"Zixflow-Delivery-ID":"z","k":"v"}"#)
        #expect(Laws.broken(userInfo) == [])
        let broken = Laws.broken(userInfo, registry: VendorRegistry([forgetfulZixflow]))
        #expect(broken.contains("zixflow: a round trip with no reported loss changes the bridge form"))
    }

    @Test("same-vendor translation is the identity for every vendor, as WIRE-FORMATS §7.9 says (the issue-18 inputs)",
          arguments: BuiltInVendors.all.map(\.id))
    func sameVendorIdentity(vendor: String) throws {
        let adapter = try BuiltInVendors.registry.requireAdapter(id: vendor)
        for text in [
            #"{"a":[1,2]}"#, #"{"aps":{"alert":"x","category":"lesson_reminders"},"pna_message_id":"n"}"#,
            #"{"aps":{"alert":"x"},"appdna":{"push_id":"p","actions":[{"id":"go","title":"Go"}]}}"#,
        ] {
            let userInfo = try Fixtures.userInfo(text)
            let translation = Translator.translate(userInfo, from: adapter, to: adapter)
            #expect(translation.userInfo == userInfo, "\(vendor): \(text)")
            #expect(translation.losses.isEmpty, "\(vendor): \(text)")
        }
    }

    @Test("FuzzDecode laws: a Zixflow badge with mutable-content and no top-level text round-trips unchanged")
    func zixflowBadgeWithoutText() throws {
        // Found by the laws mode on firebase-2.json forced as Zixflow; reduced by hand.
        let payload = try Fixtures.userInfo(#"{"aps":{"badge":2,"mutable-content":1},"Zixflow-Delivery-ID":"z"}"#)
        let zixflow = ZixflowAdapter()
        let decoded = zixflow.decode(payload).payload
        let encoded = zixflow.encode(decoded)
        #expect(encoded.losses.isEmpty)
        #expect(zixflow.decode(encoded.userInfo).payload.bridgeJSON == decoded.bridgeJSON)
    }

    @Test("FuzzDecode laws: a wrong-typed top-level Zixflow body is written back or reported, never lost silently")
    func zixflowIgnoredBody() throws {
        let payload = try Fixtures.userInfo(
            #"{"aps":{"alert":{"body":"b"},"mutable-content":1},"Zixflow-Delivery-ID":"z","body":{"x":1}}"#)
        let zixflow = ZixflowAdapter()
        let decoded = zixflow.decode(payload).payload
        #expect(decoded.ignored["body"] == ["x": 1])
        let encoded = zixflow.encode(decoded)
        let again = zixflow.decode(encoded.userInfo).payload
        #expect(again.ignored["body"] == ["x": 1] || encoded.losses.contains { $0.path == "$.ignored.body" })
    }

    @Test("FuzzTranslate laws: an aps that is not an object is kept by every adapter's decode, not dropped",
          arguments: [
              ("zixflow", #"{"aps":"6","Zixflow-Delivery-ID":"z"}"#),
              ("buzzkit", #"{"aps":"6","buzzkit":{"messageId":"m"}}"#),
              ("appdna", #"{"aps":"6","appdna":{"push_id":"p"}}"#),
              ("pushnotifai", #"{"aps":"6","pna_message_id":"n"}"#),
          ])
    func nonObjectApsKept(vendor: String, text: String) throws {
        let adapter = try BuiltInVendors.registry.requireAdapter(id: vendor)
        let decoded = adapter.decode(try Fixtures.userInfo(text))
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .apsNotObject })
        #expect(JSONWriter.string(decoded.payload.bridgeJSON).contains(#":"6""#))
    }
}

/// Zixflow, except that its encode forgets custom data without reporting a loss.
private var forgetfulZixflow: FakeAdapter {
    let base = ZixflowAdapter()
    var fake = FakeAdapter.quiet(id: base.id, name: base.name, capabilities: base.capabilities)
    fake.profile.eventTable = base.eventTable
    fake.claimHook = { base.claimStrength($0) }
    fake.decodeHook = { base.decode($0) }
    fake.encodeHook = { payload, losses in
        var payload = payload
        payload.data = [:]
        return base.userInfo(for: payload, losses: &losses)
    }
    return fake
}
