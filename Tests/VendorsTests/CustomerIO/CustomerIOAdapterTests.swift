import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let customerIO = CustomerIOAdapter()

/// A Customer.io push with a link and an image, as the SDK's rich-push fixture shapes it
/// (customerio/customerio-ios:Tests/MessagingPush/Type/PushNotificationStub.swift) with real values.
let customerIOExample = """
    {"aps":{"alert":{"title":"Your order shipped","body":"Track it"},"mutable-content":1,"sound":"default"},
     "CIO-Delivery-ID":"g6Xr8AQBAA8AAAGTnIxb0Lc=","CIO-Delivery-Token":"9a1f3c0de4b2","order_id":"A-1001",
     "CIO":{"push":{"link":"https://shop.example.com/orders/1001","image":"https://cdn.example.com/box.png"}}}
    """

@Suite("Customer.io detection")
struct CustomerIODetectionTests {
    @Test("claims a payload only when CIO-Delivery-ID and CIO-Delivery-Token are both non-empty strings")
    func claims() throws {
        #expect(customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-ID":"d"}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-Token":"t"}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-ID":"","CIO-Delivery-Token":"t"}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":""}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO-Delivery-ID":1,"CIO-Delivery-Token":"t"}"#)))
        #expect(!customerIO.claims(try Fixtures.userInfo(#"{"CIO":{"push":{"link":"https://a.b"}}}"#)))
    }

    @Test("no other built-in vendor claims a Customer.io push, and the registry picks Customer.io")
    func exclusive() throws {
        let userInfo = try Fixtures.userInfo(customerIOExample)
        #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["customerio"])
    }

    @Test("id, name and capabilities: no buttons, no named actions, an image")
    func identity() {
        #expect(customerIO.id == "customerio")
        #expect(customerIO.name == "Customer.io")
        #expect(customerIO.capabilities.maxButtons == 0)
        #expect(!customerIO.capabilities.namedActions)
        #expect(customerIO.capabilities.images)
        #expect(customerIO.capabilities.buttonRouting == .nothing)
    }
}

@Suite("Customer.io decode")
struct CustomerIODecodeTests {
    @Test("the example: message id, tracking, link, image, custom data")
    func example() throws {
        let decoded = customerIO.decode(try Fixtures.userInfo(customerIOExample))
        let payload = decoded.payload
        #expect(payload.vendor == "customerio")
        #expect(payload.messageId == "g6Xr8AQBAA8AAAGTnIxb0Lc=")
        #expect(payload.tracking == ["CIO-Delivery-ID": "g6Xr8AQBAA8AAAGTnIxb0Lc=", "CIO-Delivery-Token": "9a1f3c0de4b2"])
        #expect(payload.alert == PushAlert(title: "Your order shipped", body: "Track it"))
        #expect(payload.sound == "default")
        #expect(payload.mutableContent)
        #expect(payload.deepLink == "https://shop.example.com/orders/1001")
        #expect(payload.imageURL == "https://cdn.example.com/box.png")
        #expect(payload.data == ["order_id": "A-1001"])
        #expect(payload.ignored.isEmpty)
        #expect(payload.buttons.isEmpty && payload.action == nil)
        #expect(decoded.diagnostics.isEmpty)
    }

    @Test("unknown members of CIO and CIO.push are kept under ignored by their wire path")
    func unknownMembers() throws {
        let decoded = customerIO.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":"x"},"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t",
             "CIO":{"push":{"link":"app://x","badge":2},"flow":"f1"}}
            """#))
        #expect(decoded.payload.ignored == ["$.CIO.flow": "f1", "$.CIO.push.badge": 2])
        #expect(decoded.payload.deepLink == "app://x")
        #expect(decoded.diagnostics.map(\.path) == ["$.CIO.flow", "$.CIO.push.badge"])
        #expect(decoded.diagnostics.allSatisfy { $0.diagnosticCode == .unknownKey && $0.severity == .info })
    }

    @Test("an empty delivery id is kept in tracking but is no message id; a warning says so")
    func emptyDeliveryID() throws {
        let decoded = customerIO.decode(try Fixtures.userInfo(#"{"CIO-Delivery-ID":"","CIO-Delivery-Token":"t"}"#))
        #expect(decoded.payload.messageId == nil)
        #expect(decoded.payload.tracking == ["CIO-Delivery-ID": "", "CIO-Delivery-Token": "t"])
        #expect(decoded.diagnostics.contains {
            $0.diagnosticCode == .deliveryKeyMissing && $0.path == #"$["CIO-Delivery-ID"]"#
        })
    }
}

@Suite("Customer.io bad input")
struct CustomerIOBadInputTests {
    @Test("wrong-typed values are kept under ignored at their wire path with a wrong-type diagnostic", arguments: [
        (#"{"CIO-Delivery-ID":7,"CIO-Delivery-Token":"t"}"#, #"$["CIO-Delivery-ID"]"#, JSONValue.int(7)),
        (#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":[1]}"#, #"$["CIO-Delivery-Token"]"#, JSONValue.array([1])),
        (#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":true}"#, "$.CIO", JSONValue.bool(true)),
        (#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":{"push":"x"}}"#, "$.CIO.push", JSONValue.string("x")),
        (#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":{"push":{"link":{}}}}"#, "$.CIO.push.link", JSONValue.object([:])),
        (#"{"CIO-Delivery-ID":"d","CIO-Delivery-Token":"t","CIO":{"push":{"image":null}}}"#, "$.CIO.push.image", JSONValue.null),
    ] as [(String, String, JSONValue)])
    func wrongTypes(text: String, path: String, value: JSONValue) throws {
        let decoded = customerIO.decode(try Fixtures.userInfo(text))
        #expect(decoded.payload.ignored[path] == value)
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == path })
        #expect(decoded.payload.deepLink == nil && decoded.payload.imageURL == nil)
        // Written back where it came from: a Customer.io round trip loses nothing.
        let encoded = customerIO.encode(decoded.payload)
        #expect(encoded.losses.isEmpty)
        #expect(customerIO.decode(encoded.userInfo).payload == decoded.payload)
    }

    @Test("an aps that is not an object is kept and written back")
    func nonObjectAPS() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":"hello","CIO-Delivery-ID":"d","CIO-Delivery-Token":"t"}"#)
        let payload = customerIO.decode(userInfo).payload
        #expect(payload.ignored["$.aps"] == "hello")
        #expect(customerIO.encode(payload).userInfo["aps"] == "hello")
    }

    @Test("hostile links and images are kept as text; validate flags a non-https image and missing keys")
    func hostileValues() throws {
        let long = String(repeating: "a", count: 50_000)
        let userInfo: JSONObject = [
            "aps": ["alert": "x", "mutable-content": 1], "CIO-Delivery-ID": "d",
            "CIO": ["push": ["link": "javascript:alert(1)", "image": .string("http://" + long)]],
        ]
        let decoded = customerIO.decode(userInfo)
        #expect(decoded.payload.deepLink == "javascript:alert(1)")
        #expect(customerIO.validationProblems(userInfo, payload: decoded.payload).map(\.diagnosticCode) == [.imageNotHTTPS])
        let report = Validator.validate(userInfo, byteCount: 0, adapter: customerIO)
        #expect(!report.isValid)
        #expect(report.problems.map(\.diagnosticCode) == [.deliveryKeyMissing, .imageNotHTTPS])
        #expect(report.problems.first?.path == #"$["CIO-Delivery-Token"]"#)
        let plan = customerIO.tapPlan(for: .open, payload: decoded.payload, context: ReceiptContext())
        #expect(plan.deepLink == "javascript:alert(1)", "the router rejects it (WIRE-FORMATS §7.5), not the adapter")
    }

    @Test("a deeply nested custom value and a huge CIO member never crash and are kept")
    func nested() throws {
        var deep: JSONValue = "leaf"
        for _ in 0..<200 { deep = .array([deep]) }
        let userInfo: JSONObject = [
            "CIO-Delivery-ID": "d", "CIO-Delivery-Token": "t", "deep": deep, "CIO": ["push": ["extra": deep]],
        ]
        let payload = customerIO.decode(userInfo).payload
        #expect(payload.data["deep"] == deep)
        #expect(payload.ignored["$.CIO.push.extra"] == deep)
        #expect(customerIO.decode(customerIO.encode(payload).userInfo).payload == payload)
    }
}

@Suite("Customer.io encode")
struct CustomerIOEncodeTests {
    @Test("an image without mutable-content: mutable-content 1 is written; lost for Customer.io's own payload only")
    func imageNeedsExtension() throws {
        var payload = PushPayload(vendor: "customerio", messageId: "d")
        payload.alert = PushAlert(body: "x")
        payload.imageURL = "https://cdn.example.com/a.png"
        let own = customerIO.encode(payload)
        #expect(own.userInfo["aps"]?["mutable-content"] == 1)
        #expect(own.losses.map(\.path) == ["$.mutableContent"])
        payload.vendor = "buzzkit"
        let foreign = customerIO.encode(payload)
        #expect(foreign.userInfo["aps"]?["mutable-content"] == 1)
        #expect(!foreign.losses.contains { $0.path == "$.mutableContent" })
    }

    @Test("another vendor's buttons, action and CIO-named data keys are losses; the message id becomes CIO-Delivery-ID")
    func foreignPayload() throws {
        var payload = PushPayload(vendor: "buzzkit", messageId: "m-1")
        payload.alert = PushAlert(body: "x")
        payload.deepLink = "gym://class/7"
        payload.action = PushAction(name: "show_offer")
        payload.buttons = [PushButton(id: "b1", title: "Book"), PushButton(id: "b2", title: "Later")]
        payload.data = ["CIO": "mine", "CIO-Delivery-Token": "x", "plan": "gold"]
        let encoded = customerIO.encode(payload)
        #expect(encoded.userInfo["CIO-Delivery-ID"] == "m-1")
        #expect(encoded.userInfo["CIO-Delivery-Token"] == nil)
        #expect(encoded.userInfo["CIO"] == ["push": ["link": "gym://class/7"]])
        #expect(encoded.userInfo["plan"] == "gold")
        let paths = Set(encoded.losses.map(\.path))
        #expect(paths == [
            "$.action", "$.buttons[0]", "$.buttons[1]", "$.data.CIO", #"$.data["CIO-Delivery-Token"]"#,
        ])
        // Without a token it is not Customer.io's: a translation says so at `$` (Translator.reportUnclaimed).
        #expect(!customerIO.claims(encoded.userInfo))
    }

    @Test("lean encode writes the same userInfo")
    func lean() throws {
        let payload = customerIO.decode(try Fixtures.userInfo(customerIOExample)).payload
        #expect(customerIO.encode(payload, collectingLosses: false).userInfo == customerIO.encode(payload).userInfo)
    }
}
