import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let adapter = FCMAdapter()

/// FIRMessagingAnalyticsTest.m `testParamForEventAndNotification`, with `google.c.a.tc` from `testConversionTracking`.
let fcmAnalyticsExample = """
    { "aps": { "alert": { "title": "Hello", "body": "World" }, "sound": "default", "mutable-content": 1 },
      "gcm.message_id": "0:1522880049414338%944841cd944841cd", "gcm.n.e": "1",
      "google.c.a.c_l": "Hello World", "google.c.a.c_id": "575315420755741863", "google.c.a.e": "1",
      "google.c.a.ts": "1522880044", "google.c.a.udt": "0", "google.c.a.m_l": "developer's customized label",
      "google.c.a.tc": "1", "from": "/topics/news",
      "gcm.app_link": "https://example.com/promo", "fcm_options": { "image": "https://example.com/p.png" },
      "order_id": "A-17" }
    """

/// The analytics example with members replaced or removed (`nil` removes).
func fcmExample(_ changes: [String: JSONValue?] = [:]) throws -> JSONObject {
    var userInfo = try Fixtures.userInfo(fcmAnalyticsExample)
    for (key, value) in changes { userInfo[key] = value }
    return userInfo
}

// MARK: - Identity, capabilities, event table

@Suite("FCM adapter: identity and tables")
struct FCMIdentityTests {
    @Test("is registered among the real vendors in R1's order")
    func identity() {
        #expect(
            Array(BuiltInVendors.all.map(\.id).suffix(7)) == [
                "onesignal", "braze", "airship", "iterable", "customerio", "fcm", "klaviyo",
            ])
    }

    @Test("event table: MESSAGE_DELIVERED and _nf delivered, _cmp and _no opened, nothing on dismissal")
    func eventTable() {
        let table = adapter.eventTable
        #expect(table.map(\.event) == ["MESSAGE_DELIVERED", "_nf", "_cmp", "_no"])
        #expect(table.map(\.kind) == [.delivered, .delivered, .opened, .opened])
        #expect(table[1].properties == ["_nmid", "_nmn", "label", "_nt", "_nmt", "_ndt"])
        #expect(table[3].properties == table[1].properties)
        #expect(table[2].properties == ["source", "medium", "campaign"])
        #expect(table[0].properties.contains("project_number") && table[0].properties.contains("instance_id"))
        #expect(!table.contains { $0.kind == .dismissed })
    }

    @Test("owns no category: aps.category is Apple's")
    func ownsNoCategory() {
        #expect(adapter.profile.categories == nil)
        for category in ["", "REPLY_CATEGORY", "fcm", "ZX_2BTN"] { #expect(!adapter.ownsCategory(category)) }
    }
}

// MARK: - Detection

@Suite("FCM adapter: detection")
struct FCMDetectionTests {
    @Test("claims by a string gcm.message_id, empty included; a number or no id is not FCM's")
    func marker() throws {
        #expect(adapter.claims(["gcm.message_id": "1"]))
        #expect(adapter.claims(["gcm.message_id": ""]))
        for value: JSONValue in [1, true, .null, ["1"], ["id": "1"]] {
            #expect(!adapter.claims(["gcm.message_id": value]), "\(value)")
        }
        #expect(!adapter.claims(["google.c.a.e": "1", "from": "/topics/news", "fcm_options": ["image": "x"]]))
        #expect(!adapter.claims([:]))
    }

    @Test("the analytics example is claimed by FCM alone")
    func onlyFCM() throws {
        let userInfo = try fcmExample()
        #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["fcm"])
    }
}

// MARK: - Decode

@Suite("FCM adapter: decode")
struct FCMDecodeTests {
    @Test("the example: message id, link, image, tracking, data and gcm.n.e under ignored")
    func example() throws {
        let result = adapter.decode(try fcmExample())
        let payload = result.payload
        #expect(payload.vendor == "fcm")
        #expect(payload.messageId == "0:1522880049414338%944841cd944841cd")
        #expect(payload.alert == PushAlert(title: "Hello", body: "World"))
        #expect(payload.sound == "default")
        #expect(payload.deepLink == "https://example.com/promo")
        #expect(payload.imageURL == "https://example.com/p.png")
        #expect(payload.data == ["order_id": "A-17"])
        #expect(payload.tracking == [
            "google.c.a.c_l": "Hello World", "google.c.a.c_id": "575315420755741863", "google.c.a.e": "1",
            "google.c.a.ts": "1522880044", "google.c.a.udt": "0", "google.c.a.m_l": "developer's customized label",
            "google.c.a.tc": "1", "from": "/topics/news",
        ])
        #expect(payload.ignored == [#"$["gcm.n.e"]"#: "1"])
        #expect(payload.buttons.isEmpty && payload.action == nil)
        #expect(result.diagnostics.map(\.diagnosticCode) == [.fcmReservedKey])
    }

    @Test("the delivery-export keys are tracking; google.product_id too; other google.* keys are ignored")
    func exportKeys() {
        let payload = adapter.decode([
            "gcm.message_id": "1", "google.c.sender.id": 123456789, "google.c.fid": "fid",
            "google.product_id": "7", "google.c.other": "x", "gcm.duplex": "1", "google.c.a.custom": ["any": 1],
        ]).payload
        #expect(payload.tracking == [
            "google.c.sender.id": 123456789, "google.c.fid": "fid", "google.product_id": "7",
            "google.c.a.custom": ["any": 1],
        ])
        #expect(payload.ignored == [#"$["google.c.other"]"#: "x", #"$["gcm.duplex"]"#: "1"])
        #expect(payload.data.isEmpty)
    }

    @Test("data is the root minus aps, gcm.*, google.*, fcm_options and from, in the payload's order")
    func dataKeys() throws {
        let userInfo = try Fixtures.userInfo("""
            {"zeta": 1, "aps": {}, "gcm.message_id": "1", "image": "https://x.test/i.png", "from": "123",
             "googlex": true, "gcm": "not reserved", "alpha": {"nested": [1, 2]}}
            """)
        let payload = adapter.decode(userInfo).payload
        #expect(Array(payload.data.keys) == ["zeta", "image", "googlex", "gcm", "alpha"])
        #expect(payload.imageURL == nil)
        #expect(payload.tracking == ["from": "123"])
    }

    @Test("a payload without gcm.message_id decodes with a warning and no message id")
    func noMessageId() {
        let result = adapter.decode(["aps": ["alert": "Hi"]])
        #expect(result.payload.messageId == nil)
        #expect(result.diagnostics.contains { $0.diagnosticCode == .messageIDMissing && $0.severity == .warning })
        #expect(adapter.validationProblems(["aps": ["alert": "Hi"]], payload: result.payload).map(\.diagnosticCode)
            == [.messageIDMissing])
    }

    @Test("decoding is deterministic whatever the member order")
    func deterministic() throws {
        let userInfo = try fcmExample()
        let reversed = JSONObject(members: Array(userInfo.membersInCanonicalOrder.reversed()))
        #expect(adapter.decode(userInfo) == adapter.decode(userInfo))
        #expect(adapter.decode(reversed).payload == adapter.decode(userInfo).payload)
        #expect(adapter.decode(reversed).diagnostics == adapter.decode(userInfo).diagnostics)
    }
}

// MARK: - Bad input

@Suite("FCM adapter: bad input")
struct FCMBadInputTests {
    @Test("wrong types are kept under ignored at their wire path with a diagnostic", arguments: [
        ("gcm.message_id", .int(12), #"$["gcm.message_id"]"#),
        ("gcm.app_link", ["https://x.test"], #"$["gcm.app_link"]"#),
        ("fcm_options", "https://x.test/i.png", "$.fcm_options"),
        ("google.c.a.c_l", 5, #"$["google.c.a.c_l"]"#),
        ("google.c.a.m_l", ["label"], #"$["google.c.a.m_l"]"#),
        ("google.c.fid", 5, #"$["google.c.fid"]"#),
        ("from", ["topic": "news"], "$.from"),
        ("google.c.a.ts", true, #"$["google.c.a.ts"]"#),
        ("google.c.sender.id", .null, #"$["google.c.sender.id"]"#),
    ] as [(String, JSONValue, String)])
    func wrongType(key: String, value: JSONValue, path: String) {
        var userInfo: JSONObject = ["aps": ["alert": "Hi"], "gcm.message_id": "m"]
        userInfo[key] = value
        let result = adapter.decode(userInfo)
        #expect(result.payload.ignored[path] == value)
        #expect(result.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == path })
        #expect(result.payload.tracking[key] == nil && result.payload.data[key] == nil)
    }

    @Test("google.c.a.e that is not a string turns analytics off, with a warning")
    func analyticsFlag() {
        for value: JSONValue in [1, true, ["1"]] {
            let result = adapter.decode(["aps": ["alert": "Hi"], "gcm.message_id": "m", "google.c.a.e": value])
            #expect(result.payload.ignored[#"$["google.c.a.e"]"#] == value)
            #expect(result.diagnostics.contains { $0.diagnosticCode == .analyticsFlagNotString })
            #expect(adapter.receipts(for: .open, payload: result.payload, context: ReceiptContext()).isEmpty)
        }
    }

    @Test("fcm_options members other than image, and a non-string image, are kept under ignored")
    func options() {
        let result = adapter.decode([
            "aps": ["alert": "Hi"], "gcm.message_id": "m", "fcm_options": ["image": 3, "analytics_label": "spring"],
        ])
        #expect(result.payload.imageURL == nil)
        #expect(result.payload.ignored == ["$.fcm_options.image": 3, "$.fcm_options.analytics_label": "spring"])
        #expect(result.diagnostics.map(\.diagnosticCode).sorted { $0.rawValue < $1.rawValue } == [.fcmOptionsKey, .wrongType])
    }

    @Test("an aps that is not an object is kept and written back")
    func apsNotObject() {
        let result = adapter.decode(["aps": "alert", "gcm.message_id": "m"])
        #expect(result.payload.ignored["$.aps"] == "alert")
        #expect(adapter.encode(result.payload).userInfo["aps"] == "alert")
    }

    @Test("huge, hostile and deeply nested values never crash and stay where they were")
    func hostile() {
        let huge = String(repeating: "9", count: 10_000)
        var nested: JSONValue = "x"
        for _ in 0..<200 { nested = ["n": nested] }
        let userInfo: JSONObject = [
            "gcm.message_id": .string(huge), "gcm.app_link": "javascript:alert(1)", "google.c.a.ts": .string(huge),
            "google.c.a.e": "1", "google.c.a.tc": .string("-" + huge), "fcm_options": ["image": "not a url"],
            "deep": nested, "aps": ["alert": "Hi"],
        ]
        let payload = adapter.decode(userInfo).payload
        #expect(payload.messageId == huge)
        #expect(payload.deepLink == "javascript:alert(1)")
        #expect(payload.imageURL == "not a url")
        #expect(payload.data["deep"] == nested)
        let receipts = adapter.receipts(for: .open, payload: payload, context: ReceiptContext())
        #expect(receipts.map(\.event) == ["_no"])
        #expect(receipts.first?.properties["_nmt"] == .int(Int(Int64.max)))
    }
}

// MARK: - Encode

@Suite("FCM adapter: encode")
struct FCMEncodeTests {
    @Test("a same-vendor round trip gives the payload back and loses nothing")
    func roundTrip() throws {
        let userInfo = try fcmExample()
        let payload = adapter.decode(userInfo).payload
        let encoded = adapter.encode(payload)
        #expect(encoded.losses.isEmpty)
        #expect(encoded.userInfo == userInfo)
        #expect(adapter.decode(encoded.userInfo).payload == payload)
    }

    @Test("an image without mutable-content gets it, reported as a loss for an FCM payload")
    func imageNeedsExtension() throws {
        let payload = adapter.decode(try fcmExample(["aps": ["alert": "Hi"]])).payload
        #expect(!payload.mutableContent)
        let encoded = adapter.encode(payload)
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        #expect(encoded.losses.map(\.path) == ["$.mutableContent"])
    }

    @Test("buttons, a named action, FCM-named data keys and foreign tracking keys are losses")
    func losses() {
        var payload = PushPayload(vendor: "zixflow", messageId: "626", alert: PushAlert(body: "Sale"))
        payload.buttons = [PushButton(id: "ACTION_0", title: "Shop", foreground: true)]
        payload.action = PushAction(name: "OPEN_SALE")
        payload.data = ["from": "me", "gcm.n.e": "1", "google.x": 1, "fcm_options": [:], "aps": 1, "kept": "yes"]
        payload.tracking = ["Zixflow-Delivery-Token": "dcFR", "google.c.a.e": "1"]
        let encoded = adapter.encode(payload)
        let paths = Set(encoded.losses.map(\.path))
        #expect(paths == [
            "$.buttons[0]", "$.action", "$.data.from", #"$.data["gcm.n.e"]"#, #"$.data["google.x"]"#,
            "$.data.fcm_options", "$.data.aps", #"$.tracking["Zixflow-Delivery-Token"]"#,
        ])
        #expect(encoded.userInfo["kept"] == "yes")
        #expect(encoded.userInfo["gcm.message_id"] == "626")
        #expect(encoded.userInfo["google.c.a.e"] == "1")
        #expect(encoded.userInfo["from"] == nil && encoded.userInfo["Zixflow-Delivery-Token"] == nil)
    }

    @Test("ignored entries go back where they were; one that no longer fits is a loss")
    func ignoredWriteBack() {
        var payload = PushPayload(vendor: "fcm", messageId: "m", imageURL: "https://x.test/i.png")
        payload.mutableContent = true
        payload.ignored = ["$.fcm_options.analytics_label": "spring", #"$["gcm.n.e"]"#: "1", "$.fcm_options": "x"]
        let encoded = adapter.encode(payload)
        #expect(encoded.userInfo["fcm_options"] == ["image": "https://x.test/i.png", "analytics_label": "spring"])
        #expect(encoded.userInfo["gcm.n.e"] == "1")
        #expect(encoded.losses.map(\.path) == [#"$.ignored["$.fcm_options"]"#])
    }

    @Test("lean encode writes the same userInfo")
    func lean() throws {
        let payload = adapter.decode(try fcmExample()).payload
        #expect(adapter.encode(payload, collectingLosses: false).userInfo == adapter.encode(payload).userInfo)
    }
}
