import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let customerIO = CustomerIOAdapter()
private let deliveryID = "g6Xr8AQBAA8AAAGTnIxb0Lc="
private let token = "9a1f3c0de4b2"

private func metric(_ kind: ReceiptKind, _ name: String) -> Receipt {
    Receipt(
        vendor: "customerio", kind: kind, event: name,
        properties: ["deliveryId": .string(deliveryID), "metric": .string(name), "recipient": .string(token)],
        messageId: deliveryID)
}

private func examplePayload() throws -> PushPayload {
    customerIO.decode(try Fixtures.userInfo(customerIOExample)).payload
}

@Suite("Customer.io receipts")
struct CustomerIOReceiptsTests {
    @Test("the service extension sends delivered; a body tap sends opened; nothing else sends anything")
    func perStep() throws {
        let payload = try examplePayload()
        func receipts(_ step: LifecycleStep) -> [Receipt] {
            customerIO.receipts(for: step, payload: payload, context: ReceiptContext(deviceToken: "cached"))
        }
        #expect(receipts(.arrive(.serviceExtension)) == [metric(.delivered, "delivered")])
        #expect(receipts(.open) == [metric(.opened, "opened")])
        for step: LifecycleStep in [
            .arrive(.foreground), .arrive(.background), .openAction("TRACK"), .dismiss, .launch, .configure,
        ] {
            #expect(receipts(step).isEmpty, "\(step)")
        }
    }

    @Test("no receipt without a non-empty delivery id and token, and never the cached token instead")
    func needsBothKeys() throws {
        var payload = try examplePayload()
        payload.tracking["CIO-Delivery-Token"] = ""
        #expect(customerIO.receipts(for: .open, payload: payload, context: ReceiptContext(deviceToken: "c")).isEmpty)
        payload = try examplePayload()
        payload.messageId = nil
        #expect(customerIO.receipts(for: .arrive(.serviceExtension), payload: payload, context: ReceiptContext()).isEmpty)
    }

    @Test("delivered and opened have different once-only keys, so both are sent for one push")
    func onceOnlyKeys() {
        #expect(metric(.delivered, "delivered").onceOnlyKey != metric(.opened, "opened").onceOnlyKey)
    }

    @Test("the event table lists the two metrics with the properties the receipts carry")
    func eventTable() throws {
        #expect(customerIO.eventTable.map(\.kind) == [.delivered, .opened])
        #expect(customerIO.eventTable.map(\.event) == ["delivered", "opened"])
        let payload = try examplePayload()
        // With a person identified and the tap's time known, every property a row lists is sent.
        let identified = CustomerIOAdapter(identifier: "person")
        for (row, step) in zip(identified.eventTable, [LifecycleStep.arrive(.serviceExtension), .open]) {
            let context = ReceiptContext(time: 0)
            let receipt = try #require(identified.receipts(for: step, payload: payload, context: context).first)
            #expect(Set(receipt.properties.keys) == Set(row.properties))
        }
    }

    @Test("defaultActionOnly: false also counts an app category's button tap as an open")
    func buttonTapsWhenAsked() throws {
        let relaxed = CustomerIOAdapter(defaultActionOnly: false)
        let payload = try examplePayload()
        #expect(relaxed.receipts(for: .openAction("TRACK"), payload: payload, context: ReceiptContext())
            == [metric(.opened, "opened")])
        #expect(relaxed.tapPlan(for: .openAction("TRACK"), payload: payload, context: ReceiptContext()).deepLink
            == "https://shop.example.com/orders/1001")
        #expect(relaxed.receipts(for: .dismiss, payload: payload, context: ReceiptContext()).isEmpty)
    }
}

@Suite("Customer.io taps through the bridge")
struct CustomerIOTapTests {
    @Test("a body tap: opened, then the link to the system opener")
    func bodyTap() throws {
        let effects = try simulate(try Fixtures.userInfo(customerIOExample), ["open"])
        #expect(effects == [
            .receipt(metric(.opened, "opened")),
            .route(url: "https://shop.example.com/orders/1001", via: .system),
        ])
    }

    @Test("the link gate is user-activity-first: an https link reaches continueUserActivity before the system")
    func userActivityFirst() throws {
        let payload = try examplePayload()
        #expect(customerIO.tapPlan(for: .open, payload: payload, context: ReceiptContext()).linkGate == .userActivityFirst)
        var options = SimulationOptions()
        options.userActivity = true
        let effects = try simulate(try Fixtures.userInfo(customerIOExample), ["open"], options: options)
        #expect(effects.last == .route(url: "https://shop.example.com/orders/1001", via: .userActivity))
    }

    @Test("the app's delegate takes the link first")
    func delegateFirst() throws {
        let effects = try simulate(
            try Fixtures.userInfo(customerIOExample), ["open"],
            options: SimulationOptions(delegateAcceptsSchemes: ["https"]))
        #expect(effects.last == .route(url: "https://shop.example.com/orders/1001", via: .delegate))
    }

    @Test("a button tap and a swipe-away do nothing; the extension's arrival sends delivered")
    func otherSteps() throws {
        let userInfo = try Fixtures.userInfo(customerIOExample)
        #expect(try simulate(userInfo, ["open:TRACK", "dismiss", "arrive:foreground"]) == [.presentation(.all)])
        #expect(try simulate(userInfo, ["arrive:service-extension"]) == [.receipt(metric(.delivered, "delivered"))])
    }

    @Test("no link: a body tap only reports opened; the tap plan never carries an action")
    func noLink() throws {
        var payload = try examplePayload()
        payload.deepLink = nil
        payload.action = PushAction(name: "ignored")
        let plan = customerIO.tapPlan(for: .open, payload: payload, context: ReceiptContext())
        #expect(plan.deepLink == nil && plan.action == nil)
    }
}

@Suite("Customer.io receipt request")
struct CustomerIOReceiptRequestTests {
    @Test("POST /track with anonymousId, Report Delivery Event and the receipt's properties, canonical JSON")
    func request() throws {
        let receipt = metric(.delivered, "delivered")
        let request = customerIO.receiptRequest(for: receipt, writeKey: "cdp_key")!
        #expect(request.method == "POST")
        #expect(request.path == "/track")
        #expect(request.header("Content-Type") == "application/json; charset=utf-8")
        #expect(request.header("Authorization") == "Basic Y2RwX2tleTo=", "base64 of 'cdp_key:'")
        #expect(request.headers.filter(\.isSecret).map(\.name) == ["Authorization"])
        let body = try JSONParser.parse(request.body)
        #expect(body == [
            "anonymousId": .string(deliveryID), "event": "Report Delivery Event",
            "properties": ["deliveryId": .string(deliveryID), "metric": "delivered", "recipient": .string(token)],
        ])
        #expect(request.body == JSONWriter.bytes(body))
        #expect(request == customerIO.receiptRequest(for: receipt, writeKey: "cdp_key")!)
        #expect(!"\(request)".contains("Y2RwX2tleTo="))
    }

    @Test("without a key no Authorization; the host is configuration")
    func noKey() {
        let receipt = metric(.opened, "opened")
        #expect(customerIO.receiptRequest(for: receipt, writeKey: nil)!.header("Authorization") == nil)
        #expect(customerIO.receiptRequest(for: receipt, writeKey: "")!.header("Authorization") == nil)
        #expect(customerIO.profile.receiptService?.defaultBaseURL == nil)
    }

    @Test("HTTP Basic credentials are standard base64 with padding", arguments: [
        ("", "Og=="), ("a", "YTo="), ("ab", "YWI6"), ("abc", "YWJjOg=="),
        ("site_id_1234:api", "c2l0ZV9pZF8xMjM0OmFwaTo="),
    ])
    func basicCredentials(key: String, expected: String) {
        let header = customerIO.receiptRequest(for: metric(.opened, "opened"), writeKey: key)!.header("Authorization")
        #expect(header == (key.isEmpty ? nil : "Basic " + expected))
    }

    @Test("the registry lists POST /track for Customer.io once")
    func endpoints() {
        let endpoints = BuiltInVendors.registry.receiptEndpoints.filter { $0.vendor == "customerio" }
        #expect(endpoints.map(\.description) == ["Customer.io POST /track"])
    }
}

@Suite("Customer.io categories")
struct CustomerIOCategoryTests {
    @Test("Customer.io registers no categories and owns none; a campaign category is sent as given")
    func categories() throws {
        #expect(customerIO.profile.categories == nil)
        #expect(!customerIO.ownsCategory("ORDER_ACTIONS"))
        var payload = try examplePayload()
        payload.category = "ORDER_ACTIONS"
        #expect(customerIO.encode(payload).userInfo["aps"]?["category"] == "ORDER_ACTIONS")
    }

    @Test("another vendor's own category is not carried into Customer.io (D13)")
    func foreignCategory() throws {
        let zixflowSeed = try Fixtures.payload("zixflow-custom.json")
        let translation = Translator.translate(zixflowSeed, from: ZixflowAdapter(), to: customerIO)
        #expect(translation.userInfo["aps"]?["category"] == nil)
        // Zixflow's delivery id is not Customer.io's: its backend assigns its own when it sends.
        #expect(translation.userInfo["CIO-Delivery-ID"] == nil)
        #expect(translation.losses.contains { $0.path == "$.messageId" && $0.value == "626533406292836846" })
    }
}

@Suite("Customer.io real payloads (corpus)")
struct CustomerIORealPayloadTests {
    static let directory = TestPaths.packageRoot + "/Fuzz/corpus-seeds/real/"

    @Test("customerio-1 (the SDK's rich-push fixture) is Customer.io's: id, token, link and image")
    func sdkFixture() throws {
        let userInfo = try VendorRegistry.parseUserInfo(try TestPaths.readBytes(Self.directory + "customerio-1.json"))
        #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["customerio"])
        let payload = customerIO.decode(userInfo).payload
        #expect(payload.messageId == "<deliveryId>")
        #expect(payload.tracking["CIO-Delivery-Token"] == "<deviceToken>")
        #expect(payload.deepLink == "<deepLink>")
        #expect(payload.imageURL == "<imageUrl>")
        #expect(payload.data.isEmpty && payload.ignored.isEmpty)
    }

    @Test("customerio-2 (the docs' test payload) has no delivery keys: nobody claims it, decode still reads it")
    func docsPayload() throws {
        let userInfo = try VendorRegistry.parseUserInfo(try TestPaths.readBytes(Self.directory + "customerio-2.json"))
        #expect(BuiltInVendors.registry.claimants(of: userInfo).isEmpty)
        let decoded = customerIO.decode(userInfo)
        #expect(decoded.payload.deepLink == "string")
        #expect(decoded.payload.imageURL == "string")
        #expect(decoded.payload.mutableContent)
        #expect(decoded.diagnostics.filter { $0.diagnosticCode == .deliveryKeyMissing }.count == 2)
    }

    @Test("a Customer.io push delivered by FCM: FCM's keys are set aside, not data, and written back")
    func throughFCM() throws {
        var userInfo = try Fixtures.userInfo(customerIOExample)
        userInfo["gcm.message_id"] = "1700000000000001"
        userInfo["google.c.a.e"] = "1"
        let decoded = customerIO.decodeClaimed(userInfo)
        #expect(decoded.payload.data == ["order_id": "A-1001"])
        #expect(decoded.payload.ignored == [#"$["gcm.message_id"]"#: "1700000000000001", #"$["google.c.a.e"]"#: "1"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .carrierKeys })
        #expect(customerIO.encode(decoded.payload).userInfo == userInfo)
    }

    @Test("no other real payload carries both delivery keys")
    func othersUnclaimed() throws {
        let names = ["airship-1", "airship-2", "braze-1", "braze-2", "expo-1", "expo-2", "firebase-1", "firebase-2",
                     "iterable-1", "iterable-2", "iterable-3", "iterable-4", "iterable-5", "klaviyo-1", "klaviyo-2",
                     "klaviyo-3", "notifee-1", "notifee-2", "novu-1", "onesignal-1", "onesignal-2", "onesignal-3",
                     "onesignal-4"]
        for name in names {
            let userInfo = try VendorRegistry.parseUserInfo(try TestPaths.readBytes(Self.directory + name + ".json"))
            #expect(!customerIO.claims(userInfo), "\(name)")
        }
    }
}
