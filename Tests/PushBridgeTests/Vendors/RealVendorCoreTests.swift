import PushBridge
import PushBridgeTestSupport
import Testing

/// A vendor that claims as an owner on `<id>_owner` and as a carrier (rank `rank`) on `<id>_carrier`; every
/// member but `aps` is custom data.
private func twoWay(id: String, rank: Int) -> FakeAdapter {
    var fake = FakeAdapter(id: id, name: id.prefix(1).uppercased() + id.dropFirst())
    fake.profile.eventTable = []
    fake.claimHook = { userInfo in
        if userInfo["\(id)_owner"] != nil { return .owner }
        return userInfo["\(id)_carrier"] != nil ? .carrier(rank: rank) : nil
    }
    fake.decodeHook = { userInfo in
        var payload = PushPayload(vendor: id)
        let diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        for (key, value) in userInfo where key != "aps" { payload.data[key] = value }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }
    fake.encodeHook = { payload, _ in
        var userInfo = payload.data
        userInfo["aps"] = .object(APSCoding.encode(payload))
        return userInfo
    }
    return fake
}

/// A carrier of rank `rank` for every payload, that names `key` as its claim key (a promise it breaks, so
/// the tests can see whom the registry asks).
private func claimsEverything(id: String, key: String, rank: Int = 0) -> FakeAdapter {
    var fake = FakeAdapter(id: id, name: id.prefix(1).uppercased() + id.dropFirst())
    fake.profile.eventTable = []
    fake.profile.claimKeys = [key]
    fake.claimHook = { _ in .carrier(rank: rank) }
    fake.decodeHook = { FakeAdapter().decode($0) }
    return fake
}

private let fcmKeys: JSONObject = [
    "gcm.message_id": "1700000000000001", "google.c.a.e": "1", "google.c.sender.id": "42", "from": "42",
    "fcm_options": ["image": "https://example.com/a.png"],
]

@Suite("Owners and carriers (WIRE-FORMATS §11.1)")
struct ClaimStrengthTests {
    let registry = VendorRegistry([
        FakeAdapter(), twoWay(id: "low", rank: 1), twoWay(id: "high", rank: 0),
    ])

    @Test("an owner wins over every carrier; with no owner the carrier of lowest rank wins")
    func ownerThenBestCarrier() throws {
        let carried: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1", "low_carrier": 1, "high_carrier": 1]
        #expect(try registry.claimant(of: carried)?.id == "fake")
        #expect(registry.claimants(of: carried).map(\.id) == ["fake", "low", "high"])
        let carriersOnly: JSONObject = ["aps": ["alert": "Hi"], "low_carrier": 1, "high_carrier": 1]
        #expect(try registry.resolve(carriersOnly).id == "high")
        #expect(try registry.resolve(["low_carrier": 1]).id == "low")
        #expect(throws: PushBridgeError.noVendorClaims) { try registry.resolve(["aps": [:]]) }
    }

    @Test("two owners are no vendor: ambiguous, whatever carriers claim too")
    func twoOwners() {
        let userInfo: JSONObject = ["fake_id": "m1", "low_owner": true, "high_carrier": 1]
        #expect(throws: PushBridgeError.ambiguousVendor(["fake", "low"])) { try registry.resolve(userInfo) }
    }

    @Test("two carriers of the same best rank are ambiguous")
    func tiedCarriers() {
        let tied = VendorRegistry([twoWay(id: "a", rank: 1), twoWay(id: "b", rank: 1)])
        #expect(throws: PushBridgeError.ambiguousVendor(["a", "b"])) {
            try tied.resolve(["a_carrier": 1, "b_carrier": 1])
        }
    }

    @Test("the registry asks an adapter that names claim keys only about payloads with one of them")
    func claimKeysScreen() throws {
        let registry = VendorRegistry([claimsEverything(id: "screened", key: "mark"), FakeAdapter()])
        #expect(try registry.claimant(of: ["aps": [:], "other": 1]) == nil)
        #expect(try registry.claimant(of: ["aps": [:], "mark": 1])?.id == "screened")
        // claimants(of:) asks every adapter: it shows the promise broken.
        #expect(registry.claimants(of: ["other": 1]).map(\.id) == ["screened"])
        // An adapter that names none (FakeAdapter) is asked about every payload.
        #expect(try registry.claimant(of: ["fake_id": "m", "other": 1])?.id == "fake")
        // A key of more than 16 bytes, and an object of more than 64 members (looked up through its hash table).
        let long = VendorRegistry([claimsEverything(id: "long", key: "com.example.marker.key")])
        var wide: JSONObject = [:]
        for index in 0..<80 { wide["k\(index)"] = .int(index) }
        #expect(try long.claimant(of: wide) == nil)
        #expect(try long.claimant(of: ["com.example.marker.kez": 1]) == nil)
        wide["com.example.marker.key"] = true
        #expect(try long.claimant(of: wide)?.id == "long")
        #expect(try long.claimant(of: ["com.example.marker.key": 1])?.id == "long")
    }

    @Test("two adapters may name the same claim key; order and ranks decide as without the screen")
    func sharedClaimKey() throws {
        let registry = VendorRegistry([
            claimsEverything(id: "second", key: "mark", rank: 2),
            claimsEverything(id: "first", key: "mark", rank: 1),
            claimsEverything(id: "other", key: "else", rank: 0),
        ])
        #expect(try registry.claimant(of: ["mark": 1])?.id == "first")
        #expect(try registry.claimant(of: ["mark": 1, "else": 1])?.id == "other")
    }

    @Test("with more than 64 adapters the screen is off: every adapter is asked")
    func manyAdapters() throws {
        let adapters = (0..<70).map { claimsEverything(id: "a\($0)", key: "k\($0)", rank: 70 - $0) }
        // Unscreened, the carrier of lowest rank (the last adapter) takes any payload.
        #expect(try VendorRegistry(adapters).claimant(of: ["k3": 1])?.id == "a69")
        #expect(try VendorRegistry(Array(adapters.prefix(64))).claimant(of: ["k3": 1])?.id == "a3")
        #expect(try VendorRegistry(Array(adapters.prefix(64))).claimant(of: ["k3": 1, "k63": 1])?.id == "a63")
    }

    @Test("an adapter that implements only claims(_:) is an owner")
    func defaultIsOwner() {
        #expect(FakeAdapter().claimStrength(["fake_id": "m"]) == .owner)
        #expect(FakeAdapter().claimStrength(["aps": [:]]) == nil)
    }
}

@Suite("Carrier keys are set aside (WIRE-FORMATS §11.2)")
struct CarrierEnvelopeTests {
    @Test("FCM's keys in an owner's push go to ignored under $.<key>, never to data, with one info diagnostic")
    func setAside() {
        var userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1", "coupon": "X"]
        userInfo.merge(fcmKeys) { _, new in new }
        userInfo["_"] = "airship-send-id"
        let decoded = FakeAdapter().decodeClaimed(userInfo)
        #expect(decoded.payload.data == ["coupon": "X"])
        #expect(decoded.payload.ignored["$[\"gcm.message_id\"]"] == "1700000000000001")
        #expect(decoded.payload.ignored["$.from"] == "42")
        #expect(decoded.payload.ignored["$._"] == "airship-send-id")
        #expect(decoded.payload.ignored.count == fcmKeys.count + 1)
        let notes = decoded.diagnostics.filter { $0.diagnosticCode == .carrierKeys }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .info)
        #expect(notes.first?.message.contains("Firebase Cloud Messaging") == true)
    }

    @Test("a lone key other senders use too (from) stays the vendor's data; a carrier-only key sets the envelope aside")
    func sharedKeyAlone() {
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1", "from": "Ada", "note": "x"]
        let decoded = FakeAdapter().decodeClaimed(userInfo)
        #expect(decoded.payload.data == ["from": "Ada", "note": "x"])
        #expect(decoded.payload.ignored.isEmpty)
        #expect(decoded == FakeAdapter().decode(userInfo))
        // FCM reserves the google. and gcm. prefixes and fcm_options: any of them shows FCM delivered the push,
        // marker or not, and then from is FCM's too.
        for carrierOnly: JSONObject in [["google.c.a.e": "1"], ["gcm.n.e": "1"], ["fcm_options": ["image": "x"]]] {
            var delivered = userInfo
            delivered.merge(carrierOnly) { _, new in new }
            let set = FakeAdapter().decodeClaimed(delivered)
            #expect(set.payload.data == ["note": "x"], "\(carrierOnly)")
            #expect(set.payload.ignored.keys.sorted() == (["$.from"] + carrierOnly.keys.map { JSONPath.member($0, of: "$") }).sorted())
            #expect(set.diagnostics.contains { $0.diagnosticCode == .carrierKeys })
        }
    }

    @Test("a carrier's own keys are never set aside when it decodes")
    func ownKeysKept() {
        let fcm = twoWay(id: "fcm", rank: 1)
        let decoded = fcm.decodeClaimed(fcmKeys)
        #expect(decoded.payload.data == fcmKeys)
        #expect(decoded.payload.ignored.isEmpty)
    }

    @Test("a same-vendor encode writes the carrier keys back; another vendor reports each one lost")
    func writeBackOrLoss() {
        var userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1"]
        userInfo.merge(fcmKeys) { _, new in new }
        let fake = FakeAdapter()
        let same = Translator.translate(userInfo, from: fake, to: fake)
        #expect(same.losses.isEmpty)
        for (key, value) in fcmKeys { #expect(same.userInfo[key] == value, "\(key)") }
        #expect(fake.decodeClaimed(same.userInfo).payload == fake.decodeClaimed(userInfo).payload)
        let other = FakeAdapter(id: "other", name: "Other", marker: "other_id")
        let translated = Translator.translate(userInfo, from: fake, to: other)
        for key in fcmKeys.keys { #expect(translated.userInfo[key] == nil, "\(key)") }
        #expect(
            translated.losses.map(\.path) == [
                "$.ignored[\"$.fcm_options\"]", "$.ignored[\"$.from\"]", "$.ignored[\"$[\\\"gcm.message_id\\\"]\"]",
                "$.ignored[\"$[\\\"google.c.a.e\\\"]\"]", "$.ignored[\"$[\\\"google.c.sender.id\\\"]\"]",
            ])
    }
}

@Suite("Pushes without a message id (WIRE-FORMATS §11.3)")
struct RequestIdentifierTests {
    /// A bridge over FakeAdapter whose taps route `gym://x`.
    private func bridge(_ sink: InMemoryReceiptSink) -> NotificationBridge {
        let adapter = FakeAdapter(
            tapPlan: { step, _, _ in step.isOpen ? TapPlan(deepLink: "gym://x") : .nothing }, recordsRoutes: false)
        return NotificationBridge(registry: VendorRegistry([adapter]), sink: sink)
    }

    private let push: JSONObject = ["aps": ["alert": "Hi"], "fake_id": ""]

    @Test("the request identifier makes receipts and opens once-only; another identifier is another push")
    func onceOnlyByRequest() {
        let sink = InMemoryReceiptSink()
        let bridge = bridge(sink)
        let first = bridge.handle(.open, userInfo: push, requestIdentifier: "req-1")
        let again = bridge.handle(.open, userInfo: push, requestIdentifier: "req-1")
        let other = bridge.handle(.open, userInfo: push, requestIdentifier: "req-2")
        #expect(first.count == 2)
        #expect(again.isEmpty)
        #expect(other.count == 2)
        #expect(sink.receipts.map(\.requestIdentifier) == ["req-1", "req-2"])
        #expect(sink.receipts.allSatisfy { $0.messageId == nil })
        #expect(sink.receipts[0].onceOnlyKey != sink.receipts[1].onceOnlyKey)
    }

    @Test("a message id wins: the request identifier is not attached to its receipts")
    func messageIdWins() {
        let sink = InMemoryReceiptSink()
        let bridge = bridge(sink)
        _ = bridge.handle(.open, userInfo: ["aps": ["alert": "Hi"], "fake_id": "m1"], requestIdentifier: "req-1")
        _ = bridge.handle(.open, userInfo: ["aps": ["alert": "Hi"], "fake_id": "m1"], requestIdentifier: "req-2")
        #expect(sink.receipts.count == 1)
        #expect(sink.receipts.first?.requestIdentifier == nil)
    }

    @Test("without a platform, the identifier is 128 bits of the SHA-256 of the canonical JSON, in hex")
    func derived() {
        // SHA-256 of the 2 bytes "{}" is 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a.
        #expect(NotificationRequestIdentifier.derived(from: [:]) == "44136fa355b3678a1146ad16f7e8649e")
        let a: JSONObject = ["b": 1, "a": 2]
        let b: JSONObject = ["a": 2, "b": 1]
        #expect(NotificationRequestIdentifier.derived(from: a) == NotificationRequestIdentifier.derived(from: b))
        #expect(NotificationRequestIdentifier.derived(from: a) != NotificationRequestIdentifier.derived(from: ["a": 3]))
    }

    @Test("simulate: the same push opened twice sends once; --request-id picks the identity")
    func simulation() {
        let adapter = FakeAdapter()
        let registry = VendorRegistry([adapter])
        let effects = Simulation.run(push, steps: [.open, .open], options: SimulationOptions(), registry: registry)
        #expect(effects.count == 1)
        var options = SimulationOptions()
        options.requestIdentifier = "given"
        let given = Simulation.run(push, steps: [.open], options: options, registry: registry)
        guard case .receipt(let receipt)? = given.first else {
            Issue.record("no receipt: \(given)")
            return
        }
        #expect(receipt.requestIdentifier == "given")
    }
}

@Suite("Link gates (WIRE-FORMATS §11.4)")
struct LinkGateTests {
    private func router(delegate: Bool = false, handler: Bool = false, userActivity: Bool? = nil)
        -> (DeepLinkRouter, RecordingOpener)
    {
        let opener = RecordingOpener()
        let router = DeepLinkRouter(system: opener)
        if delegate { router.delegate = SchemeDeepLinkDelegate(schemes: ["gym", "https"]) }
        if handler { router.handler = { _ in true } }
        if let userActivity { router.userActivityHandler = { _ in userActivity } }
        return (router, opener)
    }

    @Test("allowed schemes: another scheme reaches no route, not even the delegate")
    func allowedSchemes() {
        let (router, opener) = router(delegate: true, handler: true)
        let refused = router.route("gym://class/1", gate: .allowedSchemes(["https"]))
        #expect(refused.via == .rejected)
        #expect(refused.diagnostic?.diagnosticCode == .linkGate)
        #expect(router.route("https://example.com/x", gate: .allowedSchemes(["https"])).via == .delegate)
        #expect(opener.seen.all.isEmpty)
    }

    @Test("user activity only: never the delegate, the handler or the system; rejected when nobody takes it or not http(s)")
    func userActivityOnly() {
        let (taking, opener) = router(delegate: true, handler: true, userActivity: true)
        #expect(taking.route("https://example.com/class/1", gate: .userActivityOnly).via == .userActivity)
        let custom = taking.route("gym://class/1", gate: .userActivityOnly)
        #expect(custom.via == .rejected)
        #expect(custom.diagnostic?.diagnosticCode == .linkGate)
        let (declining, _) = router(delegate: true, handler: true, userActivity: false)
        let refused = declining.route("https://example.com", gate: .userActivityOnly)
        #expect(refused.via == .rejected)
        #expect(refused.diagnostic?.diagnosticCode == .linkGate)
        let (none, noneOpener) = router()
        #expect(none.route("https://example.com", gate: .userActivityOnly).via == .rejected)
        #expect(opener.seen.all.isEmpty && noneOpener.seen.all.isEmpty)
    }

    @Test("user activity first: web links go there after the delegate and handler, before the system")
    func userActivityFirst() {
        let (router, opener) = router(userActivity: true)
        #expect(router.route("https://example.com/p", gate: .userActivityFirst).via == .userActivity)
        #expect(router.route("gym://class/1", gate: .userActivityFirst).via == .system)
        #expect(opener.seen.all.map(\.string) == ["gym://class/1"])
        let (handled, _) = self.router(handler: true, userActivity: true)
        #expect(handled.route("https://example.com/p", gate: .userActivityFirst).via == .handler)
        let (declines, _) = self.router(userActivity: false)
        #expect(declines.route("https://example.com/p", gate: .userActivityFirst).via == .system)
    }

    @Test("web view: web links go to the presenter after the delegate and handler, before the system; else the system")
    func webView() {
        let (router, opener) = router()
        let offered = Recorder<String>()
        router.webViewPresenter = { link in
            offered.append(link.string)
            return link.host != "declined.example.com"
        }
        #expect(router.route("https://example.com/p", gate: .webView).via == .webView)
        #expect(router.route("http://example.com/p", gate: .webView).via == .webView)
        #expect(router.route("https://declined.example.com/p", gate: .webView).via == .system)
        #expect(router.route("gym://class/1", gate: .webView).via == .system)
        #expect(router.route("https://example.com/standard", gate: .standard).via == .system)
        #expect(offered.all == ["https://example.com/p", "http://example.com/p", "https://declined.example.com/p"])
        #expect(opener.seen.all.map(\.string) == [
            "https://declined.example.com/p", "gym://class/1", "https://example.com/standard",
        ])
        let (handled, _) = self.router(delegate: true)
        handled.webViewPresenter = { _ in true }
        #expect(handled.route("https://example.com/p", gate: .webView).via == .delegate)
        let (none, _) = self.router()
        #expect(none.route("https://example.com/p", gate: .webView).via == .system)
    }

    @Test("the system policy still applies under every gate")
    func policyStillApplies() {
        let (router, _) = router(userActivity: false)
        router.webViewPresenter = { _ in true }
        #expect(router.route("javascript:alert(1)", gate: .userActivityFirst).via == .rejected)
        #expect(router.route("javascript:alert(1)", gate: .standard).via == .rejected)
        #expect(router.route("javascript:alert(1)", gate: .webView).via == .rejected)
        router.policy = LinkPolicy(allowedWebHosts: ["example.com"])
        #expect(router.route("https://elsewhere.example.org/p", gate: .webView).via == .rejected)
    }
}
