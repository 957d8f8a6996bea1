import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let adapter = KlaviyoAdapter()

/// A real payload from `Fuzz/corpus-seeds/real/` (the same files as the shared corpus).
private func realPayload(_ name: String) throws -> JSONObject {
    try VendorRegistry.parseUserInfo(try TestPaths.readBytes(TestPaths.packageRoot + "/Fuzz/corpus-seeds/real/\(name).json"))
}

/// A Klaviyo push with `_k` "c1", the given top-level keys and `body` keys.
private func push(_ extra: JSONObject = [:], body: JSONObject = [:]) -> JSONObject {
    var bodyObject: JSONObject = ["_k": "c1"]
    for (key, value) in body { bodyObject[key] = value }
    var userInfo: JSONObject = ["aps": ["alert": ["title": "Sale", "body": "Ends tonight"], "mutable-content": 1]]
    userInfo["body"] = .object(bodyObject)
    for (key, value) in extra { userInfo[key] = value }
    return userInfo
}

private let shop: JSONValue = ["id": "shop", "label": "Shop", "action": "deep_link", "url": "myapp://shop"]
private let openApp: JSONValue = ["id": "open", "label": "Open", "action": "open_app"]

@Suite("Klaviyo adapter: identity, claims and the real payloads")
struct KlaviyoIdentityTests {
    @Test("is registered as klaviyo / Klaviyo with buttons that open the app and carry their own link")
    func identity() {
        #expect(adapter.id == "klaviyo")
        #expect(adapter.name == "Klaviyo")
        #expect(BuiltInVendors.registry.adapter(id: "klaviyo") is KlaviyoAdapter)
        #expect(adapter.capabilities.buttonRouting == .ownOnly)
        #expect(adapter.capabilities.buttonDeepLinks)
        #expect(!adapter.capabilities.namedActions && !adapter.capabilities.textInput)
    }

    @Test("claims a body object holding _k, whatever _k holds; nothing else")
    func claims() {
        #expect(adapter.claims(["body": ["_k": "1"]]))
        #expect(adapter.claims(["body": ["_k": .null]]))
        #expect(adapter.claims(["body": ["_k": [:]]]))
        #expect(!adapter.claims(["body": ["k": "1"]]))
        #expect(!adapter.claims(["body": "_k"]))
        #expect(!adapter.claims(["_k": "1", "body": [:]]))
        #expect(!adapter.claims([:]))
    }

    @Test("corpus klaviyo-1 (README buttons) and klaviyo-3 (SDK test) are Klaviyo's and decode field by field")
    func claimedCorpus() throws {
        let readme = try realPayload("klaviyo-1")
        #expect(try BuiltInVendors.registry.resolve(readme, vendor: nil).id == "klaviyo")
        let buttons = adapter.decode(readme).payload
        #expect(buttons.messageId == nil)
        #expect(buttons.tracking == ["body": ["_k": [:]]])
        #expect(buttons.buttons == [
            PushButton(id: "someId", title: "Go to Settings", deepLink: "klaviyotest://settings", foreground: true),
            PushButton(id: "someOtherId", title: "Open App", foreground: true),
        ])
        #expect(buttons.alert == PushAlert(title: "New Arrivals Just for You", body: "Check out our latest collection"))
        #expect(buttons.mutableContent && buttons.sound == "default")

        let test = try realPayload("klaviyo-3")
        #expect(try BuiltInVendors.registry.resolve(test, vendor: nil).id == "klaviyo")
        let link = adapter.decode(test).payload
        #expect(link.deepLink == "https://example.com/deeplink")
        #expect(link.tracking == ["body": ["_k": "1"]])
        #expect(link.data.isEmpty && link.ignored.isEmpty)
    }

    @Test("corpus klaviyo-2 (no _k) and Expo's body payloads are claimed by no vendor")
    func unclaimedCorpus() throws {
        for name in ["klaviyo-2", "expo-1", "expo-2"] {
            let userInfo = try realPayload(name)
            #expect(BuiltInVendors.registry.claimants(of: userInfo).isEmpty, "\(name)")
        }
        let image = adapter.decode(try realPayload("klaviyo-2"))
        #expect(image.payload.imageURL == "https://picsum.photos/200/300.jpg")
        #expect(image.payload.ignored == ["rich-media-type": "jpg"])
        #expect(image.diagnostics.contains { $0.diagnosticCode == .markerMissing })
    }
}

@Suite("Klaviyo adapter: decode and encode")
struct KlaviyoCodingTests {
    @Test("key_value_pairs strings and every other root key are data (D12)")
    func customData() {
        let decoded = adapter.decode(push(["key_value_pairs": ["screen": "cart", "n": 2], "order": ["id": 7], "tag": "x"]))
        #expect(decoded.payload.data == ["screen": "cart", "order": ["id": 7], "tag": "x"])
        #expect(decoded.payload.ignored == ["$.key_value_pairs.n": 2])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == "$.key_value_pairs.n" })
    }

    @Test("a root string is data: translated it travels as data, Klaviyo's own encode writes it into key_value_pairs")
    func rootStringIsData() throws {
        let userInfo = push(["key_value_pairs": ["a": "1"], "campaign": "spring", "screen": "top"])
        let decoded = adapter.decode(userInfo)
        #expect(decoded.payload.data == ["a": "1", "campaign": "spring", "screen": "top"])
        #expect(decoded.payload.ignored.isEmpty)
        let encoded = adapter.encode(decoded.payload)
        #expect(encoded.losses.isEmpty)
        #expect(encoded.userInfo["key_value_pairs"] == ["a": "1", "campaign": "spring", "screen": "top"])
        #expect(encoded.userInfo["campaign"] == nil)
        #expect(adapter.decode(encoded.userInfo).payload == decoded.payload)
        let braze = try BuiltInVendors.registry.requireAdapter(id: "braze")
        let translated = Translator.translate(userInfo, from: adapter, to: braze)
        #expect(translated.userInfo["campaign"] == "spring")
        #expect(!translated.losses.contains { $0.path.contains("campaign") })
    }

    @Test("a root key repeating a key_value_pairs name is kept under ignored: the pair is the data")
    func repeatedKey() {
        let decoded = adapter.decode(push(["key_value_pairs": ["a": "1"], "a": "2"]))
        #expect(decoded.payload.data == ["a": "1"])
        #expect(decoded.payload.ignored == ["a": "2"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .dataKeyRepeated && $0.path == "$.a" })
    }

    @Test("what decoding notices is reported in key order, whatever order the keys came in, each kept where it was")
    func noticedInKeyOrder() {
        // Members added in reverse key order at every level: the top level, body and a button.
        var button = JSONObject()
        for key in ["z_extra", "url", "label", "id", "action", "a_extra"] {
            button[key] = ["z_extra": 1, "url": "myapp://shop", "label": "Shop", "id": "shop",
                           "action": "deep_link", "a_extra": true][key]
        }
        var body = JSONObject()
        body["zeta"] = 1
        body["action_buttons"] = [.object(button)]
        body["alpha"] = "a"
        body["_k"] = "c1"
        var userInfo = JSONObject()
        userInfo["rich-media-type"] = "png"
        userInfo["key_value_pairs"] = ["b": "2", "a": "1"]
        userInfo["body"] = .object(body)
        userInfo["badge_value"] = 3
        userInfo["badge_config"] = "set_count"
        userInfo["aps"] = ["alert": ["body": "Sale"], "mutable-content": 1]
        userInfo["a"] = 9
        let decoded = adapter.decode(userInfo)
        #expect(decoded.diagnostics.map(\.path) == [
            "$.a",  // repeats a key_value_pairs name
            "$.badge_config", "$.badge_value",
            "$.body.action_buttons[0].a_extra", "$.body.action_buttons[0].z_extra",
            "$.body.alpha", "$.body.zeta",
            "$[\"rich-media-type\"]",
        ])
        #expect(decoded.diagnostics.map(\.code) == [
            "data-key-repeated", "extension-only", "extension-only", "unknown-key", "unknown-key", "unknown-key",
            "unknown-key", "extension-only",
        ])
        #expect(decoded.payload.data == ["a": "1", "b": "2"])
        #expect(decoded.payload.ignored == [
            "a": 9, "badge_config": "set_count", "badge_value": 3, "rich-media-type": "png",
            "$.body.action_buttons[0].a_extra": true, "$.body.action_buttons[0].z_extra": 1,
            "$.body.alpha": "a", "$.body.zeta": 1,
        ])
        #expect(decoded.payload.buttons == [PushButton(id: "shop", title: "Shop", deepLink: "myapp://shop", foreground: true)])
        expectRoundTrip(userInfo, through: adapter)
    }

    @Test("a Klaviyo push round-trips to the same userInfo, skipped buttons and kept values in place")
    func sameVendorIdentity() {
        let badButton: JSONValue = ["id": "bad", "label": "Bad", "action": "open_app", "url": "myapp://x"]
        let userInfo = push(
            ["url": "myapp://a", "rich-media": "https://c.example/a.gif", "rich-media-type": "gif",
             "key_value_pairs": ["a": "1", "n": 2], "order": ["id": 7], "badge_config": "increment_one"],
            body: ["action_buttons": [openApp, badButton, shop], "extra": true])
        expectRoundTrip(userInfo, through: adapter)
        #expect(adapter.encode(adapter.decode(userInfo).payload, collectingLosses: false).userInfo == userInfo)
    }

    @Test("another vendor's push gets _k {}, buttons as open_app/deep_link, string data in key_value_pairs")
    func fromAnotherVendor() {
        let source = PushPayload(
            vendor: "buzzkit", messageId: "m1", alert: PushAlert(body: "Hi"), category: "CAMPAIGN",
            imageURL: "https://c.example/p.png", deepLink: "gym://class/7",
            buttons: [
                PushButton(id: "go", title: "Go", deepLink: "gym://go", foreground: true),
                PushButton(id: "no", title: "No", destructive: true),
                PushButton(id: "bad", title: "Bad", deepLink: "not a link", foreground: true),
            ],
            data: ["ref": "r1", "count": 3, "url": 5])
        let result = adapter.encode(source)
        #expect(result.userInfo["body"] == [
            "_k": [:],
            "action_buttons": [
                ["id": "go", "label": "Go", "action": "deep_link", "url": "gym://go"],
                ["id": "no", "label": "No", "action": "open_app"],
            ],
        ])
        #expect(result.userInfo["url"] == "gym://class/7")
        #expect(result.userInfo["rich-media"] == "https://c.example/p.png")
        #expect(result.userInfo["rich-media-type"] == "png")
        #expect(result.userInfo["key_value_pairs"] == ["ref": "r1"])
        #expect(result.userInfo["count"] == 3)
        #expect(result.userInfo["aps"]?["mutable-content"] == 1)
        #expect(result.userInfo["aps"]?["category"] == nil)
        #expect(adapter.claims(result.userInfo))
        let paths = Set(result.losses.map(\.path))
        #expect(paths == [
            "$.messageId", "$.category", "$.buttons[1].foreground", "$.buttons[1].destructive", "$.buttons[2]",
            "$.data.url",
        ])
    }

    @Test("a fifth button is sent; its text input is reported lost by the adapter, like the first four's")
    func buttonsPastFour() {
        var source = PushPayload(vendor: "buzzkit", alert: PushAlert(body: "Hi"))
        source.buttons = (0..<5).map { PushButton(id: "b\($0)", title: "B\($0)", foreground: true, input: true) }
        let result = adapter.encode(source)
        #expect(result.userInfo["body"]?["action_buttons"]?.arrayValue?.count == 5)
        #expect(Set(result.losses.map(\.path)).isSuperset(of: ["$.buttons[0].input", "$.buttons[4].input"]))
    }

    @Test("bad input never crashes: every value of every type, at every key, decodes and encodes")
    func badInput() {
        let values: [JSONValue] = [.null, true, 1.5, "", "x", [], [.null, "x"], [:], ["_k": 1]]
        for key in ["aps", "body", "url", "rich-media", "rich-media-type", "key_value_pairs", "badge_config", "$odd"] {
            for value in values {
                let userInfo = push([key: value])
                let decoded = adapter.decode(userInfo)
                #expect(adapter.decode(userInfo) == decoded)
                _ = adapter.encode(decoded.payload)
                _ = adapter.receipts(for: .open, payload: decoded.payload, context: ReceiptContext())
            }
            for value in values {
                let decoded = adapter.decode(push(body: ["action_buttons": [["id": value, "label": value, "action": value, "url": value]]]))
                #expect(decoded.payload.buttons.isEmpty || decoded.payload.buttons.count == 1)
            }
        }
    }
}

/// `properties` with what every `$opened_push` carries besides: the SDK's device metadata (nothing configured)
/// and the profile.
private func withDeviceAndProfile(_ properties: JSONObject, token: String?) -> JSONObject {
    var all = properties
    for key in ["Device ID", "Device Model", "OS Version", "SDK Version", "App Name", "App ID", "App Version", "App Build"] {
        all[key] = ""
    }
    all["Device Manufacturer"] = "Apple"
    all["OS Name"] = "iOS"
    all["SDK Name"] = "PushBridge"
    all["Push Token"] = .string(token ?? "")
    all["profile"] = .object(KlaviyoAdapter().profileIdentifiers(deviceToken: token))
    return all
}

@Suite("Klaviyo adapter: receipts, taps, categories, token and receipt request")
struct KlaviyoBehaviourTests {
    let tapPush = push(["url": "https://shop.example.com/sale"], body: ["action_buttons": [shop, openApp]])

    @Test("body tap: $opened_push (userInfo, push_token), then the url; deep_link button: link, then the event")
    func taps() throws {
        let request = NotificationRequestIdentifier.derived(from: tapPush)
        let body = try simulate(tapPush, ["open"], options: SimulationOptions(deviceToken: "a1b2"))
        #expect(body == [
            .receipt(Receipt(
                vendor: "klaviyo", kind: .opened, event: "$opened_push",
                properties: withDeviceAndProfile(["userInfo": .object(tapPush), "push_token": "a1b2"], token: "a1b2"),
                messageId: nil,
                requestIdentifier: request)),
            .route(url: "https://shop.example.com/sale", via: .system),
        ])
        let button = try simulate(tapPush, ["open:shop"])
        #expect(button == [
            .route(url: "myapp://shop", via: .system),
            .receipt(Receipt(
                vendor: "klaviyo", kind: .actionClicked, event: "$opened_push",
                properties: withDeviceAndProfile([
                    "userInfo": .object(tapPush), "Button ID": "shop", "Button Label": "Shop",
                    "Button Action": "Deep Link", "Button Link": "myapp://shop",
                ], token: nil), messageId: nil, action: "shop", requestIdentifier: request)),
        ])
        let open = try simulate(tapPush, ["open:open", "dismiss", "arrive:foreground"])
        guard case .receipt(let openReceipt)? = open.first, open.dropFirst() == [.presentation(.all)] else {
            Issue.record("expected one receipt and the foreground presentation, got \(open)")
            return
        }
        #expect(openReceipt.properties["Button Action"] == "Open App")
        #expect(openReceipt.properties["Button Link"] == nil)
    }

    @Test("tap plans: body routes url; deep_link button routes after its receipt; open_app and unknown route nothing")
    func tapPlans() {
        let payload = adapter.decode(tapPush).payload
        #expect(adapter.tapPlan(for: .open, payload: payload, context: ReceiptContext())
            == TapPlan(deepLink: "https://shop.example.com/sale", linkGate: .userActivityFirst))
        #expect(adapter.tapPlan(for: .openAction("shop"), payload: payload, context: ReceiptContext())
            == TapPlan(deepLink: "myapp://shop", linkGate: .userActivityFirst, receiptOrder: .afterLink))
        #expect(adapter.tapPlan(for: .openAction("open"), payload: payload, context: ReceiptContext()) == .nothing)
        #expect(adapter.tapPlan(for: .openAction("zz"), payload: payload, context: ReceiptContext()) == .nothing)
        #expect(adapter.tapPlan(for: .dismiss, payload: payload, context: ReceiptContext()) == .nothing)
    }

    @Test("a push with buttons needs one com.klaviyo.button.… category: .customDismissAction, foreground actions")
    func categories() {
        let payload = adapter.decode(tapPush).payload
        let categories = adapter.categories(for: payload)
        #expect(categories.count == 1)
        let category = categories.first
        #expect(category?.id.hasPrefix("com.klaviyo.button.") == true)
        #expect(category?.id.count == "com.klaviyo.button.".count + 32, "the derived request identifier: 128 bits in hex")
        #expect(category?.options == .customDismissAction)
        #expect(category?.actions == [
            NotificationAction(id: "shop", title: "Shop", options: .foreground),
            NotificationAction(id: "open", title: "Open", options: .foreground),
        ])
        #expect(adapter.categories(for: payload) == categories, "deterministic")
        var other = payload
        other.alert = PushAlert(body: "Another push")
        #expect(adapter.categories(for: other).first?.id != category?.id, "one category per push")
        var named = payload
        named.category = "APP_CATEGORY"
        #expect(adapter.categories(for: named).isEmpty, "the extension leaves a push with a category alone")
        named.category = "com.klaviyo.button.r1"
        #expect(adapter.categories(for: named).first?.id == "com.klaviyo.button.r1")
        #expect(adapter.ownsCategory("com.klaviyo.button.x") && !adapter.ownsCategory("APP_CATEGORY"))
        #expect(adapter.categories(for: adapter.decode(push()).payload).isEmpty)
    }

    @Test("token registration sends the token with the permission and environment, whatever the permission")
    func token() {
        let device = DeviceRegistration(token: "ab12", bundleIdentifier: "com.app", environment: .sandbox, permission: .denied)
        #expect(adapter.tokenRegistration(for: device) == .register(TokenRegistrationRequest(
            vendor: "klaviyo", token: "ab12", environment: .sandbox, permission: .denied)))
    }

    @Test("receipt request: POST /client/events/, revision header, JSON:API body, no credential, same bytes twice")
    func receiptRequest() throws {
        let configured = KlaviyoAdapter(profile: KlaviyoAdapter.Profile(anonymousId: "anon-1", email: "a@b.c"))
        let receipt = Receipt(
            vendor: "klaviyo", kind: .actionClicked, event: "$opened_push",
            properties: ["userInfo": ["body": ["_k": "c1"], "push_token": "old"], "push_token": "a1b2", "Button ID": "shop"],
            messageId: "req-1", action: "shop")
        let request = configured.receiptRequest(for: receipt, writeKey: "pk_secret")!
        #expect(request.method == "POST" && request.path == "/client/events/")
        #expect(request.header("revision") == "2026-01-15")
        #expect(request.header("X-Klaviyo-Mobile") == "1")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.headers.allSatisfy { !$0.isSecret && !$0.value.contains("pk_secret") })
        #expect(!String(decoding: request.body, as: UTF8.self).contains("pk_secret"))
        let body = try JSONParser.parse(request.body)
        let attributes = try #require(body["data"]?["attributes"])
        #expect(body["data"]?["type"] == "event")
        #expect(attributes["metric"] == ["data": ["type": "metric", "attributes": ["name": "$opened_push"]]])
        #expect(attributes["profile"] == [
            "data": ["type": "profile", "attributes": ["anonymous_id": "anon-1", "email": "a@b.c", "properties": [:]]],
        ])
        #expect(attributes["properties"] == ["body": ["_k": "c1"], "push_token": "a1b2", "Button ID": "shop"])
        // 128 bits of SHA-256 of the once-only key and properties, in hex (no longer a 64-bit FNV-1a).
        #expect(attributes["unique_id"]?.stringValue
            == IdentityHash.hex(receipt.onceOnlyKey + "\u{1F}" + JSONWriter.string(.object(receipt.properties))))
        #expect(attributes["unique_id"]?.stringValue?.utf8.count == 32)
        #expect(request == configured.receiptRequest(for: receipt, writeKey: "pk_secret")!)
        #expect(configured.profile.receiptService?.defaultBaseURL == nil)
    }

    @Test("validation warns about buttons beside a campaign category")
    func validation() {
        let userInfo = push(body: ["action_buttons": [openApp]])
        var payload = adapter.decode(userInfo).payload
        #expect(adapter.validationProblems(userInfo, payload: payload).isEmpty)
        payload.category = "ORDER"
        #expect(adapter.validationProblems(userInfo, payload: payload).map(\.diagnosticCode) == [.buttonsBesideCategory])
    }
}
