import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let oneSignal = OneSignalAdapter()

private let withButtons = #"""
    {"aps":{"alert":"Hi","mutable-content":1},"custom":{"i":"n1","u":"https://e.com/deal"},
     "buttons":[{"i":"yes","n":"Yes"},{"i":"no","n":"No"}]}
    """#

private func opened(_ actionId: String? = nil, id: String = "n1") -> BridgeEffect {
    var properties: JSONObject = ["notification_id": .string(id), "opened": true]
    if let actionId { properties["actionId"] = .string(actionId) }
    return .receipt(Receipt(vendor: "onesignal", kind: .opened, event: "opened", properties: properties, messageId: id))
}

@Suite("OneSignal receipts")
struct OneSignalReceiptTests {
    @Test("report_received only from the service extension, and only with confirmed deliveries on")
    func delivered() throws {
        let oneSignal = OneSignalAdapter(confirmsDelivery: true, appId: "app-1")
        let payload = oneSignal.decode(try Fixtures.userInfo(withButtons)).payload
        #expect(oneSignal.receipts(for: .arrive(.serviceExtension), payload: payload, context: ReceiptContext()) == [
            Receipt(vendor: "onesignal", kind: .delivered, event: "report_received", properties: ["notification_id": "n1"], messageId: "n1"),
        ])
        #expect(oneSignal.receipts(for: .arrive(.foreground), payload: payload, context: ReceiptContext()).isEmpty)
        let quiet = OneSignalAdapter(confirmsDelivery: false)
        #expect(quiet.receipts(for: .arrive(.serviceExtension), payload: payload, context: ReceiptContext()).isEmpty)
        #expect(quiet.eventTable.map(\.event) == ["opened"])
    }

    @Test("body then button tap: the second tap on the notification opened last runs nothing")
    func openedOncePerId() throws {
        let effects = try simulate(try Fixtures.userInfo(withButtons), ["open", "open:no", "dismiss"])
        #expect(effects == [opened(), .route(url: "https://e.com/deal", via: .system)])
    }

    @Test("a button tap first: opened carries the button's id as actionId and no action of its own")
    func buttonFirst() throws {
        let effects = try simulate(try Fixtures.userInfo(withButtons), ["open:yes", "open"])
        #expect(effects.first == opened("yes"))
        guard case .receipt(let receipt)? = effects.first else { return }
        #expect(receipt.action == nil)
        #expect(effects.filter { if case .receipt = $0 { true } else { false } }.count == 1)
    }

    @Test("no message id, no receipt")
    func noMessageId() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(#"{"aps":{"alert":"x"},"custom":{"u":"https://e.com"}}"#)).payload
        for step in [LifecycleStep.arrive(.serviceExtension), .open, .openAction("a")] {
            #expect(oneSignal.receipts(for: step, payload: payload, context: ReceiptContext()).isEmpty)
        }
    }
}

@Suite("OneSignal taps")
struct OneSignalTapTests {
    @Test("the launch URL on body and button taps, trimmed; nothing when suppressed or for buttons when off")
    func launchURL() throws {
        var payload = oneSignal.decode(try Fixtures.userInfo(withButtons)).payload
        payload.deepLink = " https://e.com/deal\n"
        let context = ReceiptContext()
        #expect(oneSignal.tapPlan(for: .open, payload: payload, context: context).deepLink == "https://e.com/deal")
        #expect(oneSignal.tapPlan(for: .openAction("yes"), payload: payload, context: context).deepLink == "https://e.com/deal")
        #expect(oneSignal.tapPlan(for: .dismiss, payload: payload, context: context) == .nothing)
        let bodyOnly = OneSignalAdapter(opensLaunchURLOnButtonTap: false)
        #expect(bodyOnly.tapPlan(for: .openAction("yes"), payload: payload, context: context) == .nothing)
        #expect(bodyOnly.capabilities.buttonRouting == .nothing)
        let suppressed = OneSignalAdapter(suppressesLaunchURLs: true)
        #expect(suppressed.tapPlan(for: .open, payload: payload, context: context) == .nothing)
        payload.deepLink = "   "
        #expect(oneSignal.tapPlan(for: .open, payload: payload, context: context).deepLink == nil)
    }

    @Test("a javascript: launch URL is rejected by the system route")
    func javascriptRejected() throws {
        let effects = try simulate(try Fixtures.userInfo(#"{"aps":{"alert":"x"},"custom":{"i":"n1","u":"javascript:alert(1)"}}"#), ["open"])
        #expect(effects.contains(.route(url: "javascript:alert(1)", via: .rejected)))
    }
}

@Suite("OneSignal categories")
struct OneSignalCategoryTests {
    @Test("buttons and no category: __onesignal__dynamic__<i>, foreground actions in payload order")
    func dynamicCategory() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(withButtons)).payload
        #expect(payload.category == nil)
        #expect(oneSignal.categories(for: payload) == [NotificationCategory(
            id: "__onesignal__dynamic__n1", owner: "onesignal",
            actions: [
                NotificationAction(id: "yes", title: "Yes", options: .foreground),
                NotificationAction(id: "no", title: "No", options: .foreground),
            ],
            options: .customDismissAction)])
        #expect(oneSignal.ownsCategory("__onesignal__dynamic__n1"))
        #expect(!oneSignal.ownsCategory("ZX_2BTN"))
        #expect(oneSignal.profile.categories?.limit == 128)
    }

    @Test("an app's category already set: no category registered, and validate warns the buttons are hidden")
    func appCategoryWins() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"x","category":"APP","mutable-content":1},"custom":{"i":"n1"},"buttons":[{"n":"A"}]}"#)
        let payload = oneSignal.decode(userInfo).payload
        #expect(oneSignal.categories(for: payload).isEmpty)
        #expect(oneSignal.validationProblems(userInfo, payload: payload).map(\.diagnosticCode) == [.buttonsHiddenByCategory])
    }

    @Test("without a message id the category is the button set's hash, the same every time")
    func deterministicWithoutId() throws {
        let payload = PushPayload(vendor: "onesignal", buttons: [PushButton(id: "a", title: "A", foreground: true)])
        let first = OneSignalAdapter.dynamicCategory(for: payload)
        #expect(first.hasPrefix("__onesignal__dynamic__"))
        #expect(first == OneSignalAdapter.dynamicCategory(for: payload))
        #expect(first != OneSignalAdapter.dynamicCategory(for: PushPayload(vendor: "onesignal", buttons: [PushButton(id: "b", title: "A")])))
    }
}

@Suite("OneSignal token registration and receipt requests")
struct OneSignalRequestTests {
    @Test("the token is registered with its permission and environment, even before permission")
    func tokenRegistration() {
        let device = DeviceRegistration(token: "ab01", bundleIdentifier: "com.example", environment: .sandbox, permission: .denied)
        #expect(oneSignal.tokenRegistration(for: device) == .register(TokenRegistrationRequest(
            vendor: "onesignal", token: "ab01", environment: .sandbox, permission: .denied)))
        let unknown = DeviceRegistration(token: "ab01")
        #expect(oneSignal.tokenRegistration(for: unknown) == .register(TokenRegistrationRequest(
            vendor: "onesignal", token: "ab01", permission: .notDetermined)))
    }

    @Test("opened: PUT notifications/{id} with app_id, player_id, opened and device_type; no key is sent")
    func openedRequest() throws {
        let adapter = OneSignalAdapter(appId: "app-1", subscriptionId: "sub-9")
        let receipt = Receipt(
            vendor: "onesignal", kind: .opened, event: "opened",
            properties: ["notification_id": "n/1", "opened": true, "actionId": "yes"], messageId: "n/1")
        let request = adapter.receiptRequest(for: receipt, writeKey: "secret")!
        #expect(request.method == "PUT")
        #expect(request.path == "/notifications/n%2F1")
        #expect(try parseJSON(String(decoding: request.body, as: UTF8.self))
            == ["app_id": "app-1", "player_id": "sub-9", "opened": true, "device_type": 0])
        #expect(!request.description.contains("secret"))
        #expect(request.headers.allSatisfy { !$0.value.contains("secret") })
    }

    @Test("delivered: PUT notifications/{id}/report_received; unknown ids are null as the SDK sends them")
    func deliveredRequest() throws {
        let receipt = Receipt(
            vendor: "onesignal", kind: .delivered, event: "report_received", properties: ["notification_id": "n1"],
            messageId: "n1")
        let request = oneSignal.receiptRequest(for: receipt, writeKey: nil)!
        #expect(request.path == "/notifications/n1/report_received")
        #expect(try parseJSON(String(decoding: request.body, as: UTF8.self))
            == ["app_id": .null, "player_id": .null, "device_type": 0])
        #expect(oneSignal.profile.receiptService?.defaultBaseURL == "https://api.onesignal.com")
    }

    @Test("the registry lists OneSignal's two receipt paths with confirmed deliveries, else one")
    func endpoints() throws {
        let plain = BuiltInVendors.registry.receiptEndpoints.filter { $0.vendor == "onesignal" }.map(\.description)
        #expect(plain == ["OneSignal PUT /notifications/{notification_id}"])
        let registry = try BuiltInVendors.registry.configured(["onesignal.confirmedDeliveries=true", "onesignal.appId=a"])
        let paths = registry.receiptEndpoints.filter { $0.vendor == "onesignal" }.map(\.description)
        #expect(paths == [
            "OneSignal PUT /notifications/{notification_id}/report_received",
            "OneSignal PUT /notifications/{notification_id}",
        ])
    }
}
