import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The WIRE-FORMATS §3.4 example, byte for byte.
private let specExample = """
    { "aps": { "alert": {"title": "Lesson 7", "body": "Ready when you are"}, "category": "pushnotifai" },
      "pna_message_id": "ntf_5521",
      "deep_link": "lingo://lesson/7",
      "screen": "lesson", "lesson_id": "7" }
    """

private let adapter = PushNotifAIAdapter()

/// The WIRE-FORMATS §3.4 example as a userInfo with its fields replaced or removed (`nil` removes).
private func example(_ changes: [String: JSONValue?] = [:]) throws -> JSONObject {
    var userInfo = try Fixtures.userInfo(specExample)
    for (key, value) in changes { userInfo[key] = value }
    return userInfo
}

private func tapped(_ messageId: String = "ntf_5521", button: String? = nil) -> Receipt {
    var properties: JSONObject = ["message_id": .string(messageId)]
    if let button { properties["action_identifier"] = .string(button) }
    return Receipt(
        vendor: "pushnotifai", kind: .opened, event: "$notification_tapped", properties: properties,
        messageId: messageId, action: button)
}

private func dismissed(_ messageId: String = "ntf_5521") -> Receipt {
    Receipt(
        vendor: "pushnotifai", kind: .dismissed, event: "$notification_dismissed",
        properties: ["message_id": .string(messageId)], messageId: messageId)
}

// MARK: - Identity, capabilities, event table

@Suite("PushNotifAI adapter: identity and tables")
struct PushNotifAIIdentityTests {
    @Test("event table: $notification_tapped and $notification_dismissed, no delivered receipt")
    func eventTable() {
        let table = adapter.eventTable
        #expect(table.map(\.kind) == [.opened, .dismissed])
        #expect(table.map(\.event) == ["$notification_tapped", "$notification_dismissed"])
        #expect(table[0].properties == ["message_id", "action_identifier"])
        #expect(table[1].properties == ["message_id"])
        #expect(!table.contains { $0.kind == .delivered })
        #expect(adapter.eventTableJSON["vendor"] == "pushnotifai")
    }

    @Test("owns exactly the category pushnotifai")
    func ownsCategory() {
        #expect(adapter.ownsCategory("pushnotifai"))
        for other in ["PushNotifAI", "pushnotifai ", "pushnotifai.x", "", "ZX_2BTN", "buzzkit.f6569d3a8f7894b9"] {
            #expect(!adapter.ownsCategory(other), "\(other)")
        }
    }
}

// MARK: - Detection

@Suite("PushNotifAI adapter: detection")
struct PushNotifAIDetectionTests {
    @Test("claims the WIRE-FORMATS §3.4 example, and it is the only built-in vendor that does")
    func claimsExample() throws {
        let userInfo = try example()
        #expect(adapter.claims(userInfo))
        #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["pushnotifai"])
    }

    @Test("claims with only pna_message_id, even without aps")
    func claimsMinimal() {
        #expect(adapter.claims(["pna_message_id": "m"]))
    }

    @Test("does not claim a missing, empty or non-string pna_message_id")
    func doesNotClaimBadIds() throws {
        let bad: [JSONValue?] = [nil, "", 5521, .null, true, ["ntf_5521"], ["id": "ntf_5521"]]
        for value in bad {
            let userInfo = try example(["pna_message_id": value])
            #expect(!adapter.claims(userInfo), "pna_message_id = \(value.map(\.description) ?? "absent")")
        }
    }

    @Test("does not claim pna_message_id nested below the top level")
    func doesNotClaimNested() {
        #expect(!adapter.claims(["aps": ["pna_message_id": "m"], "data": ["pna_message_id": "m"]]))
    }
}

// MARK: - Decode

@Suite("PushNotifAI adapter: decode")
struct PushNotifAIDecodeTests {
    @Test("the WIRE-FORMATS §3.4 example decodes to the expected bridge form with no diagnostics")
    func decodesSpecExample() throws {
        let result = adapter.decode(try example())
        #expect(result.diagnostics.isEmpty)
        #expect(result.payload == PushPayload(
            vendor: "pushnotifai", messageId: "ntf_5521",
            alert: PushAlert(title: "Lesson 7", body: "Ready when you are"),
            category: "pushnotifai", deepLink: "lingo://lesson/7", data: ["screen": "lesson", "lesson_id": "7"]))
        #expect(JSONWriter.string(result.payload.bridgeJSON) == """
            {"alert":{"body":"Ready when you are","title":"Lesson 7"},"category":"pushnotifai",\
            "contentAvailable":false,"data":{"lesson_id":"7","screen":"lesson"},"deepLink":"lingo://lesson/7",\
            "messageId":"ntf_5521","mutableContent":false,"vendor":"pushnotifai"}
            """)
    }

    @Test("aps.category is kept as sent: a campaign category, or none")
    func keepsCategoryAsSent() throws {
        let campaign = adapter.decode(try Fixtures.userInfo(#"{"aps":{"category":"promo"},"pna_message_id":"m"}"#))
        #expect(campaign.payload.category == "promo")
        let none = adapter.decode(try Fixtures.userInfo(#"{"aps":{"alert":"hi"},"pna_message_id":"m"}"#))
        #expect(none.payload.category == nil)
        #expect(none.payload.alert == PushAlert(body: "hi"))
    }

    @Test("aps keys with no field of their own go to apsExtra")
    func apsExtra() throws {
        let result = adapter.decode(try example([
            "aps": ["alert": "x", "interruption-level": "time-sensitive", "mutable-content": 1, "badge": 3],
        ]))
        #expect(result.payload.apsExtra == ["interruption-level": "time-sensitive"])
        #expect(result.payload.mutableContent)
        #expect(result.payload.badge == 3)
    }

    @Test("every top-level key other than aps, pna_message_id and deep_link is custom data")
    func customData() throws {
        let result = adapter.decode(try example(["Zixflow-Delivery-ID": "z", "title": "t"]))
        #expect(result.payload.data == ["screen": "lesson", "lesson_id": "7", "Zixflow-Delivery-ID": "z", "title": "t"])
        #expect(result.payload.ignored.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test("a non-string custom value is kept in data with a warning at $.<key>")
    func nonStringCustomData() throws {
        let nested: JSONValue = ["a": ["b": [1, 2, ["c": nil]]]]
        let result = adapter.decode(try example([
            "lesson_id": 7, "premium": true, "nothing": .null, "tags": ["a", "b"], "nested": nested, "lesson-no": 7.5,
        ]))
        #expect(result.payload.data == [
            "screen": "lesson", "lesson_id": 7, "premium": true, "nothing": .null, "tags": ["a", "b"],
            "nested": nested, "lesson-no": 7.5,
        ])
        #expect(result.diagnostics.map(\.diagnosticCode) == Array(repeating: .customDataNotString, count: 6))
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.diagnostics.map(\.path) == [
            #"$["lesson-no"]"#, "$.lesson_id", "$.nested", "$.nothing", "$.premium", "$.tags",
        ])
        #expect(result.diagnostics.map { $0.message.prefix(while: { $0 != ";" }) } == [
            "custom data 'lesson-no' is a number", "custom data 'lesson_id' is a number",
            "custom data 'nested' is an object", "custom data 'nothing' is a null", "custom data 'premium' is a boolean",
            "custom data 'tags' is an array",
        ])
    }

    @Test("a deep_link that is not a string is kept under ignored with a diagnostic, and is not a deepLink")
    func deepLinkWrongType() throws {
        let link: JSONValue = ["url": "lingo://lesson/7"]
        let result = adapter.decode(try example(["deep_link": link]))
        #expect(result.payload.deepLink == nil)
        #expect(result.payload.ignored == ["deep_link": link])
        #expect(result.payload.data["deep_link"] == nil)
        #expect(result.diagnostics.map(\.diagnosticCode) == [.wrongType])
        #expect(result.diagnostics.map(\.path) == ["$.deep_link"])
    }

    @Test("an empty deep_link is kept as sent with an info note")
    func emptyDeepLink() throws {
        let result = adapter.decode(try example(["deep_link": ""]))
        #expect(result.payload.deepLink == "")
        #expect(result.diagnostics.map(\.diagnosticCode) == [.deepLinkEmpty])
        #expect(result.diagnostics.map(\.severity) == [.info])
    }

    @Test("a non-string pna_message_id (decoded by choice) is kept under ignored, with no messageId")
    func messageIdWrongType() throws {
        let result = adapter.decode(try example(["pna_message_id": 5521]))
        #expect(result.payload.messageId == nil)
        #expect(result.payload.ignored == ["pna_message_id": 5521])
        #expect(result.diagnostics.map(\.diagnosticCode) == [.wrongType])
        #expect(result.diagnostics.map(\.path) == ["$.pna_message_id"])
    }

    @Test("a missing or empty pna_message_id is a warning; an empty one is no id, kept under ignored")
    func messageIdMissingOrEmpty() throws {
        let missing = adapter.decode(try example(["pna_message_id": nil]))
        #expect(missing.payload.messageId == nil)
        #expect(missing.diagnostics.map(\.diagnosticCode) == [.messageIDMissing])
        let empty = adapter.decode(try example(["pna_message_id": ""]))
        #expect(empty.payload.messageId == nil)
        #expect(empty.payload.ignored["pna_message_id"] == "")
        #expect(empty.diagnostics.map(\.diagnosticCode) == [.messageIDEmpty])
        #expect(empty.diagnostics.map(\.path) == ["$.pna_message_id"])
    }

    @Test("an aps that is not an object is kept under ignored")
    func apsNotObject() throws {
        let result = adapter.decode(try example(["aps": "Lesson 7"]))
        #expect(result.payload.ignored == ["$.aps": "Lesson 7"])
        #expect(result.payload.alert == nil)
        #expect(result.diagnostics.map(\.diagnosticCode) == [.apsNotObject])
    }

    @Test("several aps problems are reported in path order, the same every time")
    func apsDiagnosticsOrdered() throws {
        let userInfo = try example(["aps": ["badge": "x", "sound": 3, "thread-id": 4, "category": 5, "alert": 6]])
        let result = adapter.decode(userInfo)
        let paths = result.diagnostics.map(\.path)
        #expect(paths == paths.sorted())
        #expect(paths.count == 5)
        #expect(adapter.decode(userInfo) == result)
    }

    @Test("1000 custom keys and a 1 MB string decode and survive a round trip")
    func manyKeysAndHugeStrings() throws {
        var userInfo = try example()
        for index in 0..<1000 { userInfo["key_\(index)"] = .string("value \(index)") }
        userInfo["huge"] = .string(String(repeating: "é", count: 500_000))
        let decoded = adapter.decode(userInfo)
        #expect(decoded.payload.data.count == 1003)
        #expect(decoded.diagnostics.isEmpty)
        let encoded = adapter.encode(decoded.payload)
        #expect(encoded.userInfo == userInfo)
        #expect(encoded.losses.isEmpty)
    }

    @Test("decoding never crashes on hostile shapes")
    func hostileShapes() throws {
        var deep: JSONValue = "leaf"
        for _ in 0..<200 { deep = ["d": [1, deep]] }
        let shapes: [JSONObject] = [
            [:], ["aps": .null], ["aps": [1, 2]], ["pna_message_id": "m", "aps": ["alert": ["title": 1]]],
            ["pna_message_id": "m", "deep_link": [["x"]], "": "empty key", "deep": deep],
            ["pna_message_id": .string(String(repeating: "x", count: 100_000))],
        ]
        for shape in shapes {
            let result = adapter.decode(shape)
            #expect(result.payload.vendor == "pushnotifai")
            _ = adapter.encode(result.payload)
        }
    }
}

// MARK: - Encode

@Suite("PushNotifAI adapter: encode")
struct PushNotifAIEncodeTests {
    @Test("encoding the decoded WIRE-FORMATS §3.4 example gives back the same userInfo and loses nothing")
    func specExampleRoundTrip() throws {
        let userInfo = try example()
        expectRoundTrip(userInfo, through: adapter)
    }

    @Test("a same-vendor translation keeps everything, odd types included")
    func sameVendorTranslation() throws {
        let userInfo = try example([
            "deep_link": ["url": "x"], "lesson_id": 7, "nested": ["a": [1]],
            "aps": [
                "alert": ["body": "hi", "loc-key": "K"], "interruption-level": "active", "mutable-content": 1,
                "sound": "ding.caf", "category": "pushnotifai",
            ],
        ])
        let translation = Translator.translate(userInfo, from: adapter, to: adapter)
        #expect(translation.userInfo == userInfo)
        #expect(translation.losses.isEmpty)
    }

    @Test("a wrong-typed pna_message_id kept under ignored is written back")
    func writesBackIgnoredMessageId() throws {
        let userInfo = try example(["pna_message_id": 5521])
        expectRoundTrip(userInfo, through: adapter)
    }

    @Test("aps.category is always pushnotifai, written even when the bridge form has none")
    func alwaysWritesOwnCategory() {
        let encoded = adapter.encode(PushPayload(vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "b")))
        #expect(encoded.userInfo["aps"] == ["alert": ["body": "b"], "category": "pushnotifai"])
        #expect(encoded.losses.isEmpty)
    }

    @Test("a campaign category is a loss: PushNotifAI always sends pushnotifai")
    func campaignCategoryIsLoss() {
        let encoded = adapter.encode(PushPayload(vendor: "appdna", messageId: "m", category: "weekly_digest"))
        #expect(encoded.userInfo["aps"]?["category"] == "pushnotifai")
        #expect(encoded.losses.map(\.path) == ["$.category"])
        #expect(encoded.losses.first?.value == "weekly_digest")
    }

    @Test("a wrong-typed aps.category kept in apsExtra is a loss, not written over pushnotifai")
    func apsExtraCategoryIsLoss() throws {
        let payload = adapter.decode(try example(["aps": ["alert": "a", "category": 7]])).payload
        let encoded = adapter.encode(payload)
        #expect(encoded.userInfo["aps"]?["category"] == "pushnotifai")
        #expect(encoded.losses.map(\.path) == ["$.apsExtra.category"])
    }

    @Test("mutable-content is written as in the bridge form")
    func mutableContentAsInBridgeForm() {
        let on = adapter.encode(PushPayload(vendor: "buzzkit", messageId: "m", mutableContent: true))
        #expect(on.userInfo["aps"]?["mutable-content"] == 1)
        let off = adapter.encode(PushPayload(
            vendor: "buzzkit", messageId: "m", imageURL: "https://x/y.png", buttons: [PushButton(id: "a", title: "A")]))
        #expect(off.userInfo["aps"]?["mutable-content"] == nil)
    }

    @Test("data is written as top-level keys; one named aps, pna_message_id or deep_link is a loss")
    func dataCollisions() {
        let payload = PushPayload(
            vendor: "zixflow", messageId: "m", deepLink: "app://real",
            data: ["template_id": "469935", "aps": "fake", "pna_message_id": "fake", "deep_link": "app://fake"])
        let encoded = adapter.encode(payload)
        #expect(encoded.userInfo["template_id"] == "469935")
        #expect(encoded.userInfo["pna_message_id"] == "m")
        #expect(encoded.userInfo["deep_link"] == "app://real")
        #expect(encoded.userInfo["aps"] == ["category": "pushnotifai"])
        #expect(encoded.losses.map(\.path) == ["$.data.aps", "$.data.deep_link", "$.data.pna_message_id"])
        #expect(encoded.losses.map(\.value) == ["fake", "app://fake", "fake"])
    }

    @Test("non-string data from another vendor is written as it is and reported as nothing lost")
    func nonStringDataKept() {
        let payload = PushPayload(vendor: "buzzkit", messageId: "m", data: ["bookingId": 42, "flags": ["a": true]])
        let encoded = adapter.encode(payload)
        #expect(encoded.userInfo["bookingId"] == 42)
        #expect(encoded.userInfo["flags"] == ["a": true])
        #expect(encoded.losses.isEmpty)
        let decoded = adapter.decode(encoded.userInfo)
        #expect(decoded.payload.data == payload.data)
        #expect(decoded.diagnostics.map(\.diagnosticCode) == [.customDataNotString, .customDataNotString])
    }

    @Test("buttons, their links, actions and input settings, the image and the named action are losses")
    func unsupportedFieldsAreLosses() {
        let payload = PushPayload(
            vendor: "appdna", messageId: "push-123", imageURL: "https://cdn.example.com/plan.png",
            action: PushAction(name: "show_offer", data: ["offerId": "summer"]),
            buttons: [
                PushButton(id: "open", title: "Open", deepLink: "fit://plan", foreground: true),
                PushButton(id: "later", title: "Dismiss", destructive: true),
                PushButton(id: "reply", title: "Reply", input: true, placeholder: "Type a reply"),
                PushButton(
                    id: "screen", title: "Plan", action: PushAction(name: "show_screen", data: ["screen": "plan"])),
            ])
        let encoded = adapter.encode(payload)
        #expect(encoded.losses.map(\.path) == [
            "$.imageURL", "$.action",
            "$.buttons[0]", "$.buttons[0].deepLink",
            "$.buttons[1]",
            "$.buttons[2]", "$.buttons[2].input", "$.buttons[2].placeholder",
            "$.buttons[3]", "$.buttons[3].action",
        ])
        #expect(encoded.losses[2].value == payload.buttons[0].json)
        #expect(encoded.losses[3].value == "fit://plan")
        #expect(Set(encoded.userInfo.keys) == ["aps", "pna_message_id"])
    }

    @Test("tracking and foreign ignored keys are losses")
    func trackingAndIgnoredAreLosses() {
        let payload = PushPayload(
            vendor: "zixflow", messageId: "m", tracking: ["Zixflow-Delivery-ID": "d"],
            ignored: ["large_icon_url": "https://x/i.png", "pna_message_id": 9])
        let encoded = adapter.encode(payload)
        #expect(encoded.losses.map(\.path) == [
            "$.ignored.large_icon_url", "$.ignored.pna_message_id", #"$.tracking["Zixflow-Delivery-ID"]"#,
        ])
        #expect(encoded.userInfo["pna_message_id"] == "m")
        #expect(encoded.userInfo["large_icon_url"] == nil)
    }

    @Test("decode(encode(p)) == p apart from the reported losses")
    func roundTripLaw() {
        let full = PushPayload(
            vendor: "pushnotifai", messageId: "ntf_1", alert: PushAlert(title: "T", subtitle: "S", body: "B"), badge: 4,
            sound: "chime.wav", category: "pushnotifai", threadId: "lessons", mutableContent: true,
            contentAvailable: true, imageURL: "https://x/y.png", deepLink: "lingo://l/1",
            action: PushAction(name: "n"), buttons: [PushButton(id: "b", title: "B", deepLink: "lingo://b")],
            data: ["screen": "lesson", "n": 1, "deep_link": "lost"], tracking: ["t": "1"],
            ignored: ["aps": "old"], apsExtra: ["interruption-level": "passive", "loc-key": "K"])
        let encoded = adapter.encode(full)
        var expected = full
        let lost = Set(encoded.losses.map(\.path))
        #expect(lost == [
            "$.imageURL", "$.action", "$.buttons[0]", "$.buttons[0].deepLink", "$.data.deep_link", "$.ignored.aps",
            "$.tracking.t",
        ])
        expected.imageURL = nil
        expected.action = nil
        expected.buttons = []
        expected.data["deep_link"] = nil
        expected.ignored = [:]
        expected.tracking = [:]
        #expect(adapter.decode(encoded.userInfo).payload == expected)
    }
}

// MARK: - Receipts and tap plan

@Suite("PushNotifAI adapter: receipts and taps")
struct PushNotifAIReceiptTests {
    private let payload = PushPayload(vendor: "pushnotifai", messageId: "ntf_5521", deepLink: "lingo://lesson/7")

    private func receipts(_ step: String, _ payload: PushPayload? = nil) -> [Receipt] {
        adapter.receipts(for: LifecycleStep(step)!, payload: payload ?? self.payload, context: ReceiptContext())
    }

    @Test("open sends $notification_tapped with message_id")
    func openReceipt() {
        #expect(receipts("open") == [tapped()])
    }

    @Test("open:<id> sends $notification_tapped with message_id and action_identifier")
    func buttonReceipt() {
        #expect(receipts("open:later") == [tapped(button: "later")])
    }

    @Test("dismiss sends $notification_dismissed with message_id")
    func dismissReceipt() {
        #expect(receipts("dismiss") == [dismissed()])
    }

    @Test("no arrive, launch or configure sends a receipt")
    func noDeliveredReceipt() {
        for step in ["arrive:service-extension", "arrive:foreground", "arrive:background", "launch", "configure"] {
            #expect(receipts(step).isEmpty, "\(step)")
        }
    }

    @Test("without a message id (missing or empty) no receipt is sent")
    func noMessageIdNoReceipt() {
        for messageId in [nil, ""] as [String?] {
            let payload = PushPayload(vendor: "pushnotifai", messageId: messageId)
            for step in ["open", "open:x", "dismiss"] {
                #expect(receipts(step, payload).isEmpty)
            }
        }
    }

    @Test("a body tap routes deep_link only")
    func bodyTapRoutesDeepLink() {
        let plan = adapter.tapPlan(for: .open, payload: payload, context: ReceiptContext())
        #expect(plan == TapPlan(deepLink: "lingo://lesson/7"))
        #expect(plan.action == nil)
    }

    @Test("a body tap without a deep link (absent or empty) only opens the app")
    func bodyTapWithoutLink() {
        for link in [nil, ""] as [String?] {
            let payload = PushPayload(vendor: "pushnotifai", messageId: "m", deepLink: link)
            #expect(adapter.tapPlan(for: .open, payload: payload, context: ReceiptContext()) == .nothing)
        }
    }

    @Test("a button tap routes nothing, even when the message has a deep link")
    func buttonTapRoutesNothing() {
        #expect(adapter.tapPlan(for: .openAction("later"), payload: payload, context: ReceiptContext()) == .nothing)
        #expect(adapter.tapPlan(for: .dismiss, payload: payload, context: ReceiptContext()) == .nothing)
    }

    @Test("validate warns when aps.category is not pushnotifai (swipe-away would go unreported)")
    func validationWarnsOnCategory() throws {
        let good = try example()
        #expect(Validator.validate(good, byteCount: 200, adapter: adapter).isValid)
        let bad = try example(["aps": ["alert": "hi"]])
        let report = Validator.validate(bad, byteCount: 200, adapter: adapter)
        #expect(report.problems.map(\.diagnosticCode) == [.categoryNotPushNotifAI])
    }
}

// MARK: - Through the bridge

@Suite("PushNotifAI through the bridge")
struct PushNotifAIBridgeTests {
    @Test("a body tap sends the receipt, then routes deep_link through the system")
    func bodyTapSystem() throws {
        #expect(try simulate(try example(), ["open"]) == [
            .receipt(tapped()), .route(url: "lingo://lesson/7", via: .system),
        ])
    }

    @Test("a body tap routes deep_link through the delegate when it accepts the scheme")
    func bodyTapDelegate() throws {
        let options = SimulationOptions(delegateAcceptsSchemes: ["lingo"], linkHandler: true)
        #expect(try simulate(try example(), ["open"], options: options) == [
            .receipt(tapped()), .route(url: "lingo://lesson/7", via: .delegate),
        ])
    }

    @Test("a body tap routes deep_link through the closure when the delegate declines")
    func bodyTapClosure() throws {
        let options = SimulationOptions(delegateAcceptsSchemes: ["https"], linkHandler: true)
        #expect(try simulate(try example(), ["open"], options: options) == [
            .receipt(tapped()), .route(url: "lingo://lesson/7", via: .handler),
        ])
    }

    @Test("a body tap with no deep_link gives only the receipt")
    func bodyTapNoLink() throws {
        #expect(try simulate(try example(["deep_link": nil]), ["open"]) == [.receipt(tapped())])
    }

    @Test("a deep_link that is an object is never routed; the tap is still reported")
    func objectDeepLinkNotRouted() throws {
        #expect(try simulate(try example(["deep_link": ["url": "lingo://x"]]), ["open"]) == [.receipt(tapped())])
    }

    @Test("a button tap gives the receipt with action_identifier and routes nothing")
    func buttonTap() throws {
        #expect(try simulate(try example(), ["open:snooze"]) == [.receipt(tapped(button: "snooze"))])
    }

    @Test("a swipe-away sends $notification_dismissed")
    func dismiss() throws {
        #expect(try simulate(try example(), ["dismiss"]) == [.receipt(dismissed())])
    }

    @Test("no arrive sends a delivered receipt")
    func noDelivered() throws {
        let steps = ["arrive:service-extension", "arrive:foreground", "arrive:background", "launch"]
        // With the flags iOS needs to run the extension and wake the app, so every arrival happens.
        var userInfo = try example()
        var aps = try #require(userInfo["aps"]?.objectValue)
        aps["mutable-content"] = 1
        aps["content-available"] = 1
        userInfo["aps"] = .object(aps)
        #expect(try simulate(userInfo, steps) == [.presentation(.all)])
    }

    @Test("the same open seen twice is handled once: one receipt, one route")
    func openTwiceOnce() throws {
        #expect(try simulate(try example(), ["open", "open"]) == [
            .receipt(tapped()), .route(url: "lingo://lesson/7", via: .system),
        ])
    }

    @Test("opens before configure are buffered and replayed")
    func bufferedUntilConfigure() throws {
        #expect(try simulate(try example(), ["open", "configure"]) == [
            .receipt(tapped()), .route(url: "lingo://lesson/7", via: .system),
        ])
    }

    @Test("a deep_link that is not an absolute URL is rejected after the receipt")
    func invalidLinkRejected() throws {
        let effects = try simulate(try example(["deep_link": "lesson 7"]), ["open"])
        #expect(effects.count == 3)
        #expect(effects.first == .receipt(tapped()))
        #expect(effects.dropFirst().first == .route(url: "lesson 7", via: .rejected))
    }

    @Test("a numeric pna_message_id is not claimed: the push is left to the app")
    func numericIdNotClaimed() throws {
        let effects = try simulate(try example(["pna_message_id": 5521]), ["open", "dismiss"])
        #expect(effects.count == 2)
        for effect in effects {
            guard case .diagnostic(let diagnostic) = effect else {
                Issue.record("expected only not-claimed diagnostics, got \(effect)")
                continue
            }
            #expect(diagnostic.diagnosticCode == .notClaimed)
        }
    }

    @Test("an empty pna_message_id forced to PushNotifAI routes the link but sends no receipt")
    func emptyIdForced() throws {
        let options = SimulationOptions(vendor: "pushnotifai")
        #expect(try simulate(try example(["pna_message_id": ""]), ["open", "dismiss"], options: options) == [
            .route(url: "lingo://lesson/7", via: .system),
        ])
    }
}
