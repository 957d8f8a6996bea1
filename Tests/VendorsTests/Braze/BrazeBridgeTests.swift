import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let braze = BrazeAdapter()

private let tapPayload = #"""
    {"aps":{"alert":"Sale","category":"ab_cat_accept_decline"},
     "ab":{"c":"NjVhX2NtcA==","ab_cat":{"ab_pb_accept":{"a_t":"ab_uri","a_uri":"shop://sale/7"}}},
     "ab_uri":"shop://home"}
    """#

/// The notification request identifier the bridge keys Braze's once-only receipts on (R3).
private let requestId = "5E1F0C2A-REQ"
private let options = SimulationOptions(requestIdentifier: requestId)

private func pushClick(_ properties: JSONObject, action: String? = nil) -> BridgeEffect {
    .receipt(Receipt(
        vendor: "braze", kind: .opened, event: "pushClick", properties: properties, messageId: nil, action: action,
        requestIdentifier: requestId))
}

@Suite("Braze receipts")
struct BrazeReceiptTests {
    @Test("a body tap sends pushClick with ab.c; a button tap adds its action id; nothing else sends one")
    func receipts() throws {
        let payload = braze.decode(try Fixtures.userInfo(tapPayload)).payload
        let context = ReceiptContext()
        #expect(braze.receipts(for: .open, payload: payload, context: context) == [Receipt(
            vendor: "braze", kind: .opened, event: "pushClick", properties: ["campaignId": "NjVhX2NtcA=="], messageId: nil)])
        #expect(braze.receipts(for: .openAction("ab_pb_decline"), payload: payload, context: context) == [Receipt(
            vendor: "braze", kind: .opened, event: "pushClick",
            properties: ["campaignId": "NjVhX2NtcA==", "actionId": "ab_pb_decline"], messageId: nil, action: "ab_pb_decline")])
        for step: LifecycleStep in [.arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .dismiss, .launch, .configure] {
            #expect(braze.receipts(for: step, payload: payload, context: context).isEmpty, "\(step)")
        }
    }

    @Test("every receipt is a row of the event table")
    func eventTable() throws {
        let row = try #require(braze.eventTable.first)
        #expect(braze.eventTable.count == 1)
        #expect(row.kind == .opened && row.event == "pushClick")
        let payload = braze.decode(try Fixtures.userInfo(tapPayload)).payload
        for receipt in braze.receipts(for: .openAction("x"), payload: payload, context: ReceiptContext()) {
            #expect(Set(receipt.properties.keys).isSubset(of: Set(row.properties)))
        }
    }

    @Test("ab.c absent: no campaignId; ab.c null: campaignId null")
    func campaign() throws {
        let none = braze.decode(try Fixtures.userInfo(#"{"ab":{"att":{"url":"u"}}}"#)).payload
        #expect(braze.receipts(for: .open, payload: none, context: ReceiptContext()).first?.properties == [:])
        let null = braze.decode(try Fixtures.userInfo(#"{"ab":{"c":null}}"#)).payload
        #expect(braze.receipts(for: .open, payload: null, context: ReceiptContext()).first?.properties == ["campaignId": nil])
    }
}

@Suite("Braze taps through the bridge")
struct BrazeTapTests {
    @Test("body tap: pushClick, then ab_uri")
    func body() throws {
        let effects = try simulate(try Fixtures.userInfo(tapPayload), ["open"], options: options)
        #expect(effects == [pushClick(["campaignId": "NjVhX2NtcA=="]), .route(url: "shop://home", via: .system)])
    }

    @Test("Accept opens its own a_uri; Decline only dismisses; Yes without a_uri opens no ab_uri")
    func buttons() throws {
        let accept = try simulate(try Fixtures.userInfo(tapPayload), ["open:ab_pb_accept"], options: options)
        #expect(accept == [
            pushClick(["campaignId": "NjVhX2NtcA==", "actionId": "ab_pb_accept"], action: "ab_pb_accept"),
            .route(url: "shop://sale/7", via: .system),
        ])
        let decline = try simulate(try Fixtures.userInfo(tapPayload), ["open:ab_pb_decline"], options: options)
        #expect(decline == [pushClick(["campaignId": "NjVhX2NtcA==", "actionId": "ab_pb_decline"], action: "ab_pb_decline")])
        let yes = braze.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"?","category":"ab_cat_yes_no"},"ab":{"c":"x"},"ab_uri":"app://home"}"#)).payload
        #expect(braze.tapPlan(for: .openAction("ab_pb_yes"), payload: yes, context: ReceiptContext()) == .nothing)
    }

    @Test("once-only on the request identifier: the same open twice runs once; a button tap after it runs too")
    func onceOnly() throws {
        let effects = try simulate(
            try Fixtures.userInfo(tapPayload), ["open", "open", "open:ab_pb_decline", "open:ab_pb_decline"],
            options: options)
        #expect(effects == [
            pushClick(["campaignId": "NjVhX2NtcA=="]), .route(url: "shop://home", via: .system),
            pushClick(["campaignId": "NjVhX2NtcA==", "actionId": "ab_pb_decline"], action: "ab_pb_decline"),
        ])
        let receipts = effects.compactMap { effect -> Receipt? in
            if case .receipt(let receipt) = effect { return receipt }
            return nil
        }
        #expect(receipts.allSatisfy { $0.messageId == nil && $0.messageIdentity == requestId })
    }

    @Test("without a request id given, simulate derives one from the payload, the same every run")
    func derivedRequestId() throws {
        let userInfo = try Fixtures.userInfo(tapPayload)
        let first = try simulate(userInfo, ["open"])
        #expect(first == (try simulate(userInfo, ["open"])))
        guard case .receipt(let receipt)? = first.first else {
            Issue.record("no receipt: \(first)")
            return
        }
        #expect(receipt.requestIdentifier == NotificationRequestIdentifier.derived(from: userInfo))
    }

    @Test("tap plans: body link, app-category button link, background and unknown buttons route nothing")
    func plans() throws {
        let payload = braze.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":"x","category":"orders"},"ab":{"ab_cat":{"t":{"a_t":"ab_uri","a_uri":"shop://t"},
             "c":{"a_t":"ab_none","a_uri":"shop://never"}}},"ab_uri":""}
            """#)).payload
        let context = ReceiptContext()
        #expect(braze.tapPlan(for: .open, payload: payload, context: context) == .nothing)
        #expect(braze.tapPlan(for: .openAction("t"), payload: payload, context: context) == TapPlan(deepLink: "shop://t"))
        #expect(braze.tapPlan(for: .openAction("c"), payload: payload, context: context) == .nothing)
        #expect(braze.tapPlan(for: .openAction("zzz"), payload: payload, context: context) == .nothing)
        #expect(braze.tapPlan(for: .dismiss, payload: payload, context: context) == .nothing)
    }
}

@Suite("Braze categories, token registration and the collector request")
struct BrazeIntegrationTests {
    @Test("the four default categories are registered at launch with their titles and options")
    func launchCategories() {
        let categories = braze.profile.categories?.launch ?? []
        #expect(categories.map(\.id) == ["ab_cat_accept_decline", "ab_cat_yes_no", "ab_cat_confirm_cancel", "ab_cat_more"])
        #expect(categories.allSatisfy { $0.owner == "braze" })
        #expect(categories[0].actions == [
            NotificationAction(id: "ab_pb_accept", title: "Accept", options: .foreground),
            NotificationAction(id: "ab_pb_decline", title: "Decline"),
        ])
        #expect(categories[3].actions == [NotificationAction(id: "ab_pb_more", title: "More", options: .foreground)])
        for category in categories { #expect(braze.ownsCategory(category.id)) }
    }

    @Test("a Push Story category is provided per push without actions; an app category is not Braze's")
    func perPushCategories() throws {
        let story = braze.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"s","category":"ab_cat_push_story_v2"},"ab":{"ab_carousel":true}}"#)).payload
        #expect(braze.categories(for: story) == [NotificationCategory(id: "ab_cat_push_story_v2", owner: "braze")])
        let app = braze.decode(try Fixtures.userInfo(#"{"aps":{"alert":"s","category":"orders"},"ab":{"c":"x"}}"#)).payload
        #expect(braze.categories(for: app).isEmpty)
        let yesNo = braze.decode(try Fixtures.userInfo(#"{"aps":{"alert":"s","category":"ab_cat_yes_no"},"ab":{"c":"x"}}"#)).payload
        #expect(braze.categories(for: yesNo).isEmpty)
    }

    @Test("a receipt becomes a plain JSON event for the app's collector; no default host; the key is secret")
    func receiptRequest() throws {
        #expect(braze.profile.receiptService?.defaultBaseURL == nil)
        let receipt = Receipt(
            vendor: "braze", kind: .opened, event: "pushClick",
            properties: ["campaignId": "c1", "actionId": "ab_pb_yes"], messageId: nil, action: "ab_pb_yes")
        let request = braze.receiptRequest(for: receipt, writeKey: "k3y")!
        #expect(request.method == "POST")
        #expect(request.path == "/v1/braze/events")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == "Bearer k3y")
        #expect(request.headers.last?.isSecret == true)
        #expect(!request.description.contains("k3y"))
        #expect(try parseJSON(String(decoding: request.body, as: UTF8.self))
            == ["event": "pushClick", "properties": ["actionId": "ab_pb_yes", "campaignId": "c1"]])
        #expect(braze.receiptRequest(for: receipt, writeKey: nil)!.header("Authorization") == nil)
        #expect(BuiltInVendors.registry.receiptEndpoints.contains {
            $0.vendor == "braze" && $0.method == "POST" && $0.path == "/v1/braze/events"
        })
    }
}
