import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let adapter = FCMAdapter()
private let context = ReceiptContext()

/// Every `_no` / `_nf` parameter of the analytics example (FIRMessagingAnalyticsTest.m `testParamForEventAndNotification`).
private let allParameters: JSONObject = [
    "_nmid": "575315420755741863", "_nmn": "Hello World", "label": "developer's customized label",
    "_nt": "/topics/news", "_nmt": 1_522_880_044, "_ndt": "0",
]

private func decoded(_ changes: [String: JSONValue?] = [:]) throws -> PushPayload {
    adapter.decode(try fcmExample(changes)).payload
}

private func events(_ step: LifecycleStep, _ payload: PushPayload, adapter: FCMAdapter = adapter) -> [String] {
    adapter.receipts(for: step, payload: payload, context: context).map(\.event)
}

// MARK: - Analytics receipts

@Suite("FCM adapter: analytics receipts")
struct FCMAnalyticsReceiptTests {
    @Test("foreground arrival: _nf with every parameter, kind delivered")
    func foreground() throws {
        let receipts = adapter.receipts(for: .arrive(.foreground), payload: try decoded(), context: context)
        #expect(receipts == [Receipt(
            vendor: "fcm", kind: .delivered, event: "_nf", properties: allParameters,
            messageId: "0:1522880049414338%944841cd944841cd")])
    }

    @Test("a tap with conversion tracking: _cmp, then _no; the button is not named")
    func tapWithConversion() throws {
        let payload = try decoded()
        for step: LifecycleStep in [.open, .openAction("REPLY")] {
            let receipts = adapter.receipts(for: step, payload: payload, context: context)
            #expect(receipts.map(\.event) == ["_cmp", "_no"])
            #expect(receipts.allSatisfy { $0.kind == .opened && $0.action == nil })
            #expect(receipts[0].properties == ["source": "Firebase", "medium": "notification", "campaign": "575315420755741863"])
            #expect(receipts[1].properties == allParameters)
        }
    }

    @Test("_cmp needs google.c.a.tc with the integer value 1 and a string c_id")
    func conversionRule() throws {
        for tc: JSONValue? in ["0", "2", nil, "x", "01", " 1"] {
            let expected = (tc == "01" || tc == " 1") ? ["_cmp", "_no"] : ["_no"]
            #expect(events(.open, try decoded(["google.c.a.tc": tc])) == expected, "\(String(describing: tc))")
        }
        #expect(events(.open, try decoded(["google.c.a.tc": 1])) == ["_cmp", "_no"])
        #expect(events(.open, try decoded(["google.c.a.c_id": nil])) == ["_no"])
        #expect(events(.open, try decoded(["google.c.a.c_id": ""])) == ["_no"])
    }

    @Test("no analytics unless google.c.a.e is the string \"1\"")
    func analyticsFlag() throws {
        for flag: JSONValue? in [nil, "0", "true", "", " 1"] {
            let payload = try decoded(["google.c.a.e": flag])
            for step: LifecycleStep in [.arrive(.foreground), .open, .openAction("b")] {
                #expect(events(step, payload).isEmpty, "\(String(describing: flag)) \(step)")
            }
        }
    }

    @Test("a tap of a push with no alert logs nothing; the foreground event does not check the alert")
    func displayRule() throws {
        for aps: JSONValue in [["content-available": 1], ["alert": [:]], ["badge": 1], "not an object"] {
            let payload = try decoded(["aps": aps])
            #expect(events(.open, payload).isEmpty, "\(aps)")
            #expect(events(.arrive(.foreground), payload) == ["_nf"], "\(aps)")
        }
        #expect(events(.open, try decoded(["aps": ["alert": ""]])) == ["_cmp", "_no"])
        #expect(events(.open, try decoded(["aps": ["alert": ["loc-key": "K"]]])) == ["_cmp", "_no"])
    }

    @Test("launch, configure and the extension's arrival (without the export) send nothing")
    func silentSteps() throws {
        let payload = try decoded()
        for step: LifecycleStep in [.launch, .configure, .arrive(.serviceExtension)] {
            #expect(events(step, payload).isEmpty, "\(step)")
        }
    }

    @Test("the event follows the app state: _nf while active, else _cmp and _no for a visible push (logMessage)")
    func byAppState() throws {
        let payload = try decoded()
        let silent = try decoded(["aps": ["content-available": 1]])
        for step: LifecycleStep in [.open, .openAction("B"), .dismiss, .arrive(.background)] {
            for state in AppState.allCases {
                let context = ReceiptContext(appState: state)
                let sent = adapter.receipts(for: step, payload: payload, context: context).map(\.event)
                #expect(sent == (state == .active ? ["_nf"] : ["_cmp", "_no"]), "\(step) \(state)")
                let silentSent = adapter.receipts(for: step, payload: silent, context: context).map(\.event)
                #expect(silentSent == (state == .active ? ["_nf"] : []), "\(step) \(state)")
            }
        }
        // willPresent comes only while the app is active, whatever the state the host last reported.
        for state in AppState.allCases {
            let context = ReceiptContext(appState: state)
            #expect(adapter.receipts(for: .arrive(.foreground), payload: payload, context: context).map(\.event) == ["_nf"])
        }
    }

    @Test("parameters follow the SDK's type rules (FIRMessagingAnalyticsTest.m testInvalidDataInParamsForLogging)")
    func parameterRules() throws {
        func parameters(_ changes: [String: JSONValue?]) throws -> JSONObject {
            adapter.receipts(for: .open, payload: try decoded(changes), context: context).last?.properties ?? [:]
        }
        #expect(try parameters(["google.c.a.c_id": 575_315_420_755_741_863])["_nmid"] == nil)
        #expect(try parameters(["google.c.a.c_l": ""])["_nmn"] == nil)
        #expect(try parameters(["from": "123456"])["_nt"] == nil)
        #expect(try parameters(["from": "/topics/"])["_nt"] == "/topics/")
        #expect(try parameters(["google.c.a.ts": "0"])["_nmt"] == nil)
        #expect(try parameters(["google.c.a.ts": 0])["_nmt"] == nil)
        #expect(try parameters(["google.c.a.ts": "  42abc"])["_nmt"] == 42)
        #expect(try parameters(["google.c.a.ts": 12.9])["_nmt"] == 12)
        #expect(try parameters(["google.c.a.ts": "-7"])["_nmt"] == -7)
        #expect(try parameters(["google.c.a.udt": "12345678"])["_ndt"] == "12345678")
        #expect(try parameters(["google.c.a.udt": 1])["_ndt"] == 1)
        #expect(try parameters(["google.c.a.udt": nil])["_ndt"] == nil)
    }

    @Test("the bridge handles a message once: the first response logs, later ones and the arrival nothing")
    func oncePerMessage() throws {
        let userInfo = try fcmExample(["gcm.app_link": nil])
        let effects = try simulate(userInfo, ["open:REPLY", "open", "arrive:foreground"])
        let events = effects.compactMap { effect -> String? in
            if case .receipt(let receipt) = effect { return receipt.event }
            return nil
        }
        #expect(events == ["_cmp", "_no"])
    }
}

// MARK: - Delivery metric

@Suite("FCM adapter: delivery metric export")
struct FCMDeliveryMetricTests {
    private let exporting = FCMAdapter(exportsDeliveryMetrics: true)

    @Test("off by default; on, the extension's arrival sends MESSAGE_DELIVERED (corpus firebase-2)")
    func firebase2() throws {
        let payload = adapter.decode(try RealPayloadFiles.userInfo("firebase-2.json")).payload
        #expect(events(.arrive(.serviceExtension), payload).isEmpty)
        let receipts = exporting.receipts(for: .arrive(.serviceExtension), payload: payload, context: context)
        #expect(receipts == [Receipt(
            vendor: "fcm", kind: .delivered, event: "MESSAGE_DELIVERED",
            properties: [
                "project_number": 123_456_789, "message_id": "1627428480762269", "instance_id": "fakeFIDForTest",
                "message_type": "DISPLAY_NOTIFICATION",
            ],
            messageId: "1627428480762269")])
        #expect(exporting.receipts(for: .arrive(.foreground), payload: payload, context: context).isEmpty)
    }

    @Test("needs google.c.sender.id, a message id and a string google.c.fid (testDeliveryMetricsLogging*)")
    func requirements() throws {
        let base = try RealPayloadFiles.userInfo("firebase-2.json")
        for removed in ["google.c.sender.id", "gcm.message_id", "google.c.fid"] {
            var userInfo = base
            userInfo[removed] = nil
            let payload = adapter.decode(userInfo).payload
            #expect(events(.arrive(.serviceExtension), payload, adapter: exporting).isEmpty, "\(removed)")
        }
        var numericFID = base
        numericFID["google.c.fid"] = 5
        #expect(events(.arrive(.serviceExtension), adapter.decode(numericFID).payload, adapter: exporting).isEmpty)
    }

    @Test("labels, campaign id and product id are added when present")
    func optionalFields() throws {
        var userInfo = try RealPayloadFiles.userInfo("firebase-2.json")
        userInfo["google.c.a.m_l"] = "spring"
        userInfo["google.c.a.c_l"] = "Spring sale"
        userInfo["google.c.a.c_id"] = "575315420755741863"
        userInfo["google.product_id"] = "99999999999"
        userInfo["google.c.sender.id"] = "123"
        let properties = exporting.receipts(
            for: .arrive(.serviceExtension), payload: adapter.decode(userInfo).payload, context: context
        ).first?.properties
        #expect(properties?["analytics_label"] == "spring")
        #expect(properties?["composer_label"] == "Spring sale")
        #expect(properties?["campaign_id"] == 575_315_420_755_741_863)
        #expect(properties?["product_id"] == .int(Int(Int32.max)))
        #expect(properties?["project_number"] == 123)
    }
}

// MARK: - Taps

@Suite("FCM adapter: taps")
struct FCMTapTests {
    @Test("every sighting in the app hands gcm.app_link over; the extension, launch and configure do not")
    func plans() throws {
        let payload = try decoded()
        let sightings: [LifecycleStep] = [
            .open, .openAction("REPLY"), .openAction("anything"), .dismiss, .arrive(.foreground), .arrive(.background),
        ]
        for step in sightings {
            let plan = adapter.tapPlan(for: step, payload: payload, context: context)
            #expect(plan.deepLink == "https://example.com/promo", "\(step)")
            #expect(plan.linkGate == .userActivityOnly)
            #expect(plan.action == nil)
        }
        for step: LifecycleStep in [.arrive(.serviceExtension), .launch, .configure] {
            #expect(adapter.tapPlan(for: step, payload: payload, context: context) == .nothing, "\(step)")
        }
        let noLink = try decoded(["gcm.app_link": nil])
        #expect(adapter.tapPlan(for: .open, payload: noLink, context: context) == .nothing)
    }
}

@Suite("FCM adapter: once per message id (FIRMessaging.m loggedMessageIDs)")
struct FCMMessageHandlingTests {
    private func run(
        _ steps: [String], appState: AppState = .background, userInfo: JSONObject? = nil
    ) throws -> [String] {
        let effects = try simulate(
            userInfo ?? fcmExample(), steps, options: SimulationOptions(userActivity: true, appState: appState))
        return effects.compactMap { effect in
            switch effect {
            case .receipt(let receipt): return receipt.event
            case .route(let url, let via): return "route \(via.rawValue) \(url)"
            default: return nil
            }
        }
    }

    @Test("a foreground arrival logs _nf and hands the link over; the tap that follows runs nothing")
    func foregroundThenTap() throws {
        #expect(try run(["arrive:foreground", "open", "open", "open:B"]) == [
            "_nf", "route userActivity https://example.com/promo",
        ])
    }

    @Test("a background arrival of a visible push logs the open; a dismissal is a sighting too")
    func backgroundAndDismiss() throws {
        #expect(try run(["arrive:background", "open"]) == [
            "_cmp", "_no", "route userActivity https://example.com/promo",
        ])
        #expect(try run(["dismiss", "open"]) == ["_cmp", "_no", "route userActivity https://example.com/promo"])
        #expect(try run(["open:B", "open", "arrive:foreground"]) == [
            "_cmp", "_no", "route userActivity https://example.com/promo",
        ])
    }

    @Test("a tap while the app is active logs _nf")
    func tapWhileActive() throws {
        #expect(try run(["open"], appState: .active) == ["_nf", "route userActivity https://example.com/promo"])
    }

    @Test("the extension's arrival is another process, and another message id another message")
    func notSightings() throws {
        #expect(try run(["arrive:service-extension", "open"]).count == 3)
        let other = try fcmExample(["gcm.message_id": "other"])
        #expect(try run(["open"], userInfo: other).count == 3)
    }

    @Test("the sighting steps are the arrivals in the app, the taps and the dismissal")
    func policy() {
        let adapter = FCMAdapter()
        for step: LifecycleStep in [.arrive(.foreground), .arrive(.background), .open, .openAction("B"), .dismiss] {
            #expect(adapter.runsTapPlan(onArrival: step) && adapter.handlesMessageOnce(at: step), "\(step)")
        }
        for step: LifecycleStep in [.arrive(.serviceExtension), .launch, .configure] {
            #expect(!adapter.runsTapPlan(onArrival: step) && !adapter.handlesMessageOnce(at: step), "\(step)")
        }
    }

    @Test("fcm.exportsDeliveryMetrics configures the export; nothing else is configurable")
    func settings() {
        #expect(FCMAdapter().profile.settings.map(\.name) == ["exportsDeliveryMetrics"])
        let on = FCMAdapter().configured(VendorConfiguration(["exportsDeliveryMetrics": "true"]))
        #expect((on as? FCMAdapter)?.exportsDeliveryMetrics == true)
        let kept = FCMAdapter(exportsDeliveryMetrics: true).configured(VendorConfiguration())
        #expect((kept as? FCMAdapter)?.exportsDeliveryMetrics == true)
    }
}

// MARK: - Token registration and the receipt request

@Suite("FCM adapter: token registration and receipt request")
struct FCMIntegrationTests {
    @Test("registers token, bundle id and environment; the APNs token tuple names the environment")
    func tokenRegistration() {
        let device = DeviceRegistration(
            token: "5f2c0ad1", bundleIdentifier: "com.example.app", environment: .sandbox, permission: .granted)
        guard case .register(let request) = adapter.tokenRegistration(for: device) else {
            Issue.record("not registered")
            return
        }
        #expect(request == TokenRegistrationRequest(
            vendor: "fcm", token: "5f2c0ad1", topic: "com.example.app", environment: .sandbox))
        #expect(FCMAdapter.apnsTokenTuple(for: request) == "s_5f2c0ad1")
        var production = request
        production.environment = .production
        #expect(FCMAdapter.apnsTokenTuple(for: production) == "p_5f2c0ad1")
        production.environment = nil
        #expect(FCMAdapter.apnsTokenTuple(for: production) == nil)
    }

    @Test("receipts go to the app's collector: POST /fcm/events, no default host, key as a secret bearer")
    func receiptRequest() throws {
        #expect(adapter.profile.receiptService?.defaultBaseURL == nil)
        let receipt = try #require(adapter.receipts(for: .open, payload: try decoded(), context: context).last)
        let request = adapter.receiptRequest(for: receipt, writeKey: "collector-key")!
        #expect(request.method == "POST")
        #expect(request.path == "/fcm/events")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == "Bearer collector-key")
        #expect(request.headers.first { $0.name == "Authorization" }?.isSecret == true)
        #expect(!request.description.contains("collector-key"))
        let body = try JSONParser.parse(request.body)
        #expect(body == ["event": "_no", "properties": .object(allParameters)])
        #expect(adapter.receiptRequest(for: receipt, writeKey: nil)!.header("Authorization") == nil)
        #expect(adapter.receiptRequest(for: receipt, writeKey: "k")!.body == request.body)
        let endpoints = BuiltInVendors.registry.receiptEndpoints.filter { $0.vendor == "fcm" }
        #expect(endpoints.map(\.description) == ["Firebase Cloud Messaging POST /fcm/events"])
    }
}

@Suite("FCM adapter: links a user activity cannot carry")
struct FCMCustomSchemeTests {
    @Test("a gcm.app_link that is not http(s) is warned about when validating, and rejected when routed")
    func customScheme() throws {
        let userInfo = try fcmExample(["gcm.app_link": "myapp://item/9"])
        let payload = adapter.decode(userInfo).payload
        let problems = adapter.validationProblems(userInfo, payload: payload)
        #expect(problems.map(\.diagnosticCode) == [.linkRefused])
        #expect(problems.first?.path == #"$["gcm.app_link"]"#)
        let web = try fcmExample(["gcm.app_link": "HTTPS://example.com/x"])
        #expect(adapter.validationProblems(web, payload: adapter.decode(web).payload).isEmpty)
        let effects = try simulate(userInfo, ["open"], options: SimulationOptions(userActivity: true))
        #expect(effects.contains(.route(url: "myapp://item/9", via: .rejected)))
        #expect(effects.contains { if case .diagnostic(let d) = $0 { d.diagnosticCode == .linkGate } else { false } })
    }
}
