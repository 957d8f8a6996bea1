import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let airship = AirshipAdapter()

/// A push of the built-in `ua_yes_no_foreground` group with a root action, a deep link and both buttons' actions.
private let rsvp: JSONObject = [
    "aps": ["alert": ["title": "Tonight", "body": "Coming?"], "category": "ua_yes_no_foreground"],
    "_": "s1", "com.urbanairship.metadata": "m1", "^+t": "asked", "^d": "myapp://event/1",
    "com.urbanairship.interactive_actions": [
        "yes": ["^d": "myapp://rsvp/yes"], "no": ["^d": "myapp://rsvp/no", "^-t": "going"],
    ],
]

@Suite("Airship receipts")
struct AirshipReceiptTests {
    private func receipts(
        _ step: LifecycleStep, _ userInfo: JSONObject = rsvp, text: String? = nil, state: AppState = .background
    ) -> [Receipt] {
        airship.receipts(
            for: step, payload: airship.decode(userInfo).payload, context: ReceiptContext(userText: text, appState: state))
    }

    @Test("no arrival sends anything: the SDK has no push-received event")
    func arrival() {
        for context in ArrivalContext.allCases {
            for state in AppState.allCases { #expect(receipts(.arrive(context), state: state).isEmpty) }
        }
    }

    @Test("a body tap's conversion is app_init launching the app, app_foreground from the background, none when active")
    func conversionByAppState() {
        let launched = receipts(.open, state: .notRunning)
        #expect(launched.map(\.event) == ["app_init"])
        #expect(launched.first?.properties == ["push_id": "s1", "metadata": "m1", "foreground": "true"])
        #expect(launched.first?.kind == .opened)
        let warm = receipts(.open, state: .background)
        #expect(warm.map(\.event) == ["app_foreground"])
        #expect(warm.first?.properties == ["push_id": "s1", "metadata": "m1"])
        #expect(receipts(.open, state: .active).isEmpty)
    }

    @Test("a body tap records the conversion only for an alerting push (AirshipUtils.isAlertingPush)")
    func conversion() throws {
        #expect(receipts(.open).map(\.event) == ["app_foreground"])
        let silent = try Fixtures.userInfo(#"{"aps":{"content-available":1,"alert":""},"_":"s"}"#)
        #expect(receipts(.open, silent).isEmpty)
        #expect(receipts(.open, silent, state: .notRunning).isEmpty)
        let localized = try Fixtures.userInfo(#"{"aps":{"alert":{"loc-key":"K"}},"_":"s"}"#)
        #expect(receipts(.open, localized).map(\.event) == ["app_foreground"])
        let titleOnly = try Fixtures.userInfo(#"{"aps":{"alert":{"title":"T"}},"_":"s"}"#)
        #expect(receipts(.open, titleOnly).map(\.event) == ["app_foreground"])
        let emptySendId = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"_":""}"#)
        #expect(receipts(.open, emptySendId).first?.properties == ["push_id": ""])
        let translated = PushPayload(vendor: "zixflow", messageId: "z1", alert: PushAlert(body: "x"))
        #expect(airship.receipts(for: .open, payload: translated, context: ReceiptContext()).first?.properties == ["push_id": "z1"])
        let noSendId = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"com.urbanairship.metadata":"m"}"#)
        #expect(receipts(.open, noSendId).first?.properties == ["push_id": "MISSING_SEND_ID", "metadata": "m"])
    }

    @Test("a registered button sends interactive_notification_action and, opening the app, the state's conversion")
    func buttons() {
        let yes = receipts(.openAction("yes"))
        #expect(yes.map(\.event) == ["interactive_notification_action", "app_foreground"])
        #expect(yes.first?.properties == [
            "button_group": "ua_yes_no_foreground", "button_id": "yes", "button_description": "Yes",
            "foreground": "true", "send_id": "s1",
        ])
        #expect(yes.map(\.action) == ["yes", "yes"])
        #expect(receipts(.openAction("yes"), state: .notRunning).map(\.event) == [
            "app_init", "interactive_notification_action",
        ])
        #expect(receipts(.openAction("yes"), state: .active).map(\.event) == ["interactive_notification_action"])
        let no = receipts(.openAction("no"), text: "maybe", state: .notRunning)
        #expect(no.map(\.event) == ["interactive_notification_action"])
        #expect(no.first?.properties["foreground"] == "false")
        #expect(no.first?.properties["user_input"] == "maybe")
        #expect(receipts(.openAction("unknown")).isEmpty)
        #expect(receipts(.dismiss).isEmpty)
    }

    @Test("typed text is cut to 255 characters, as the SDK counts them (not UTF-16 units)")
    func userInputLimit() {
        #expect(AirshipAdapter.truncatedUserInput(String(repeating: "a", count: 300)).count == 255)
        let emoji = String(repeating: "a", count: 254) + "🙂🙂"
        #expect(AirshipAdapter.truncatedUserInput(emoji) == String(repeating: "a", count: 254) + "🙂")
        let family = String(repeating: "👨‍👩‍👧", count: 256)
        #expect(AirshipAdapter.truncatedUserInput(family) == String(repeating: "👨‍👩‍👧", count: 255))
        #expect(AirshipAdapter.truncatedUserInput("short") == "short")
    }

    @Test("every receipt is a row of the event table")
    func eventTable() {
        let rows = Set(airship.eventTable.map(\.event))
        let steps: [LifecycleStep] = [.arrive(.foreground), .open, .openAction("yes"), .openAction("no")]
        let sent = AppState.allCases.flatMap { state in steps.flatMap { receipts($0, text: "t", state: state) } }
        #expect(Set(sent.map(\.event)) == rows)
        for receipt in sent {
            #expect(rows.contains(receipt.event))
            let row = airship.eventTable.first { $0.event == receipt.event }
            #expect(Set(receipt.properties.keys).isSubset(of: Set(row?.properties ?? [])))
        }
    }
}

@Suite("Airship taps")
struct AirshipTapTests {
    @Test("a body tap runs the root action, then the deep link")
    func bodyTap() throws {
        let effects = try simulate(rsvp, ["open"], options: SimulationOptions(registeredActions: ["^+t"]))
        #expect(effects.map(\.json) == [
            ["type": "receipt", "vendor": "airship", "kind": "opened", "event": "app_foreground",
             "properties": ["push_id": "s1", "metadata": "m1"]],
            ["type": "action", "name": "^+t", "handled": true, "data": ["value": "asked"]],
            ["type": "route", "url": "myapp://event/1", "via": "system"],
        ])
    }

    @Test("a registered background button runs its action but never its link (DeepLinkAction)")
    func backgroundButton() {
        let plan = airship.tapPlan(for: .openAction("no"), payload: airship.decode(rsvp).payload, context: ReceiptContext())
        #expect(plan.action == PushAction(name: "^-t", data: ["value": "going"]))
        #expect(plan.deepLink == nil)
        let yes = airship.tapPlan(for: .openAction("yes"), payload: airship.decode(rsvp).payload, context: ReceiptContext())
        #expect(yes.deepLink == "myapp://rsvp/yes" && yes.action == nil)
    }

    @Test("arrival runs the root action where the SDK's action accepts it, never the deep link")
    func actionsOnArrival() throws {
        let payload = airship.decode(rsvp).payload
        func plan(_ adapter: AirshipAdapter, _ step: LifecycleStep, _ payload: PushPayload) -> TapPlan {
            adapter.tapPlan(for: step, payload: payload, context: ReceiptContext())
        }
        // ^+t refuses backgroundPush (AddTagsAction.accepts) and a foreground push that is shown (its predicate).
        #expect(plan(airship, .arrive(.foreground), payload) == TapPlan(action: PushAction(name: "^+t", data: ["value": "asked"])))
        #expect(plan(airship, .arrive(.background), payload) == .nothing)
        #expect(plan(airship, .arrive(.serviceExtension), payload) == .nothing)
        let shown = airship.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"x"},"_":"s","^+t":"a","com.urbanairship.foreground_presentation":["sound","banner"]}"#))
        #expect(plan(airship, .arrive(.foreground), shown.payload) == .nothing)
        // An action the app registered runs in every situation; the switch turns arrival off.
        let custom = AirshipAdapter(customActionNames: ["sync"])
        let sync = custom.decode(try Fixtures.userInfo(#"{"aps":{"content-available":1},"_":"s","sync":1}"#)).payload
        #expect(plan(custom, .arrive(.background), sync).action?.name == "sync")
        #expect(custom.runsTapPlan(onArrival: .arrive(.background)))
        #expect(!AirshipAdapter(runsActionsOnArrival: false).runsTapPlan(onArrival: .arrive(.foreground)))
    }

    @Test("a background arrival while the app is active runs a silent push's actions as a foreground push, only")
    func backgroundArrivalWhileActive() throws {
        let active = ReceiptContext(appState: .active)
        let silent = airship.decode(try Fixtures.userInfo(#"{"aps":{"content-available":1},"_":"s","^+t":"a"}"#))
        #expect(airship.tapPlan(for: .arrive(.background), payload: silent.payload, context: active).action?.name == "^+t")
        #expect(airship.tapPlan(for: .arrive(.background), payload: silent.payload, context: ReceiptContext()) == .nothing)
        for aps in [#"{"alert":"x"}"#, #"{"badge":1}"#, #"{"badge":"1"}"#, #"{"sound":"chime.caf"}"#] {
            let loud = airship.decode(try Fixtures.userInfo(#"{"aps":"# + aps + #","_":"s","^+t":"a"}"#))
            #expect(airship.tapPlan(for: .arrive(.background), payload: loud.payload, context: active) == .nothing)
        }
        let emptySound = airship.decode(try Fixtures.userInfo(#"{"aps":{"sound":""},"_":"s","^+t":"a"}"#))
        #expect(airship.tapPlan(for: .arrive(.background), payload: emptySound.payload, context: active).action != nil)
    }

    @Test("^u opens its URL with the system only; ^p routes its landing page; neither runs on a background arrival")
    func linkActions() throws {
        let external = try Fixtures.userInfo(#"{"aps":{"alert":"x","content-available":1},"_":"s","^u":"https://example.com/sale"}"#)
        let routed = try simulate(
            external, ["arrive:background", "open"], options: SimulationOptions(delegateAcceptsSchemes: ["https"]))
        #expect(routed.map(\.json) == [
            ["type": "receipt", "vendor": "airship", "kind": "opened", "event": "app_foreground",
             "properties": ["push_id": "s"]],
            ["type": "route", "url": "https://example.com/sale", "via": "system"],
        ])
        let landing = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"_":"s","^p":{"url":"example.com/page","width":300}}"#)
        #expect(airship.decode(landing).payload.data.isEmpty)
        let page = try simulate(landing, ["open"], options: SimulationOptions(delegateAcceptsSchemes: ["https"]))
        #expect(page.routes.map(\.url) == ["https://example.com/page"])
        #expect(page.routes.map(\.via) == [.delegate])
    }

    @Test("a dismiss runs the dismiss entry of interactive_actions, as launchedFromPush")
    func dismissActions() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"x"},"_":"s","com.urbanairship.interactive_actions":
             {"com.apple.UNNotificationDismissActionIdentifier":{"^+t":"dismissed","^d":"myapp://later"}}}
            """#)
        let effects = try simulate(userInfo, ["dismiss"])
        #expect(effects.outline == ["action:^+t:unhandled", "route:system"])
        #expect(try simulate(rsvp, ["dismiss"]).isEmpty)
    }

    @Test("foreground presentation: none by default, else the push's array (alert is banner and list)")
    func presentation() throws {
        func options(_ json: String, _ adapter: AirshipAdapter = airship) throws -> PresentationOptions {
            adapter.foregroundPresentation(for: adapter.decode(try Fixtures.userInfo(json)).payload)
        }
        #expect(try options(#"{"aps":{"alert":"x"},"_":"s"}"#) == [])
        #expect(try options(#"{"_":"s","com.urbanairship.foreground_presentation":["alert","sound"]}"#)
            == [.banner, .list, .sound])
        #expect(try options(#"{"_":"s","foreground_presentation":["badge","list","nonsense"]}"#) == [.badge, .list])
        #expect(try options(#"{"_":"s","com.urbanairship.foreground_presentation":["banner"],"foreground_presentation":["badge"]}"#)
            == [.banner])
        #expect(try options(#"{"_":"s","com.urbanairship.foreground_presentation":[1],"foreground_presentation":["badge"]}"#)
            == [.badge])
        #expect(try options(#"{"_":"s","com.urbanairship.foreground_presentation":[]}"#, AirshipAdapter(defaultPresentation: .all))
            == .all)
        let effects = try simulate(try Fixtures.userInfo(#"{"aps":{"alert":"x"},"_":"s"}"#), ["arrive:foreground"])
        #expect(effects == [.presentation([])])
    }

    @Test("another vendor's push carrying ^d and _uamid gets nothing Airship-like")
    func otherVendorKeys() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"Class"},"buzzkit":{"messageId":"b1"},"^d":"https://evil.example.com","_uamid":"m"}
            """#)
        #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["buzzkit"])
        let effects = try simulate(userInfo, ["arrive:foreground", "open"])
        #expect(effects.allSatisfy { $0.json["vendor"] == nil || $0.json["vendor"] == "buzzkit" })
        #expect(effects.routes.isEmpty)
        #expect(!effects.contains { $0.json["type"] == "action" })
    }
}

@Suite("Airship categories, token registration and receipt requests")
struct AirshipIntegrationTests {
    @Test("the twelve built-in groups are registered at launch and owned; an app category is not")
    func categories() throws {
        let ids = (airship.profile.categories?.launch ?? []).map(\.id)
        #expect(ids.count == 12)
        #expect(ids.allSatisfy { $0.hasPrefix("ua_") })
        #expect((airship.profile.categories?.launch ?? []).allSatisfy { $0.owner == "airship" })
        #expect(airship.ownsCategory("ua_accept_decline_background"))
        #expect(!airship.ownsCategory("notificationCategory"))
        let unfollow = try #require((airship.profile.categories?.launch ?? []).first { $0.id == "ua_unfollow" })
        #expect(unfollow.actions == [
            NotificationAction(id: "unfollow", title: "Unfollow", options: [.destructive, .authenticationRequired]),
        ])
        #expect(airship.categories(for: airship.decode(rsvp).payload).isEmpty)
    }

    @Test("a receipt is a plain JSON event for the app's collector, the key in a secret header")
    func receiptRequest() {
        #expect(airship.profile.receiptService?.defaultBaseURL == nil)
        let receipt = Receipt(
            vendor: "airship", kind: .opened, event: "app_foreground", properties: ["push_id": "s1"], messageId: "s1")
        let request = airship.receiptRequest(for: receipt, writeKey: "k3y")!
        #expect(request.method == "POST")
        #expect(request.path == "/airship/events")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"event":"app_foreground","properties":{"push_id":"s1"}}"#)
        #expect(request.header("Authorization") == "Bearer k3y")
        #expect(!request.description.contains("k3y"))
        #expect(airship.receiptRequest(for: receipt, writeKey: nil)!.header("Authorization") == nil)
    }
}

@Suite("Airship as a carrier")
struct AirshipCarrierTests {
    /// A Zixflow push that Airship delivered: it carries Airship's `_` beside Zixflow's marker.
    private let zixflowThroughAirship: JSONObject = [
        "aps": ["alert": ["body": "Sale"]], "Zixflow-Delivery-ID": "z1", "Zixflow-Delivery-Token": "t1",
        "_": "airship-send", "^d": "https://evil.example.com",
    ]

    @Test("an owner's push carrying _ is the owner's: Airship only carries it, and ^d stays the owner's data")
    func ownerWins() throws {
        #expect(airship.claimStrength(zixflowThroughAirship) == .carrier(rank: 0))
        #expect(try BuiltInVendors.registry.claimant(of: zixflowThroughAirship)?.id == "zixflow")
        let zixflow = ZixflowAdapter()
        let decoded = zixflow.decodeClaimed(zixflowThroughAirship)
        #expect(decoded.payload.ignored["$._"] == "airship-send")
        #expect(decoded.payload.data["_"] == nil)
        #expect(decoded.payload.data["^d"] == "https://evil.example.com")
        #expect(decoded.payload.deepLink == nil)
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .carrierKeys })
        #expect(zixflow.encode(decoded.payload).userInfo["_"] == "airship-send")
    }

    @Test("its taps are the owner's: no Airship receipt, action or route")
    func ownerTaps() throws {
        let effects = try simulate(zixflowThroughAirship, ["arrive:foreground", "open"])
        #expect(effects.allSatisfy { $0.json["vendor"] == nil || $0.json["vendor"] == "zixflow" })
        #expect(effects.routes.isEmpty)
        #expect(!effects.contains { $0.json["type"] == "action" })
    }

    @Test("a push with only _ is Airship's, decoded in full")
    func carrierOnly() throws {
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "_": "s1", "^d": "myapp://x"]
        #expect(try BuiltInVendors.registry.claimant(of: userInfo)?.id == "airship")
        let payload = airship.decodeClaimed(userInfo).payload
        #expect(payload.messageId == "s1" && payload.deepLink == "myapp://x")
    }
}
