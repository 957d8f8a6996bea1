import PushBridge

/// The receipts a ``FakeAdapter`` returns for one step.
typealias FakeReceiptPlan = @Sendable (LifecycleStep, PushPayload, ReceiptContext) -> [Receipt]
/// The tap plan a ``FakeAdapter`` returns for one tap.
typealias FakeTapPlan = @Sendable (LifecycleStep, PushPayload, ReceiptContext) -> TapPlan

/// A small vendor for core tests: it claims any userInfo with a top-level marker key (`fake_id` by
/// default) and lets each test choose its receipts, its tap plan and its capabilities.
///
/// Wire format: `fake_id` (string) is the message id; `link`, `image` (strings), `action` and
/// `buttons` (bridge-form JSON), `tracking` and `ignored` (objects) fill those fields; `aps` goes
/// through ``APSCoding``; every other key is custom data.
struct FakeAdapter: VendorAdapter {
    var id: String
    var name: String
    /// The top-level key whose presence means "mine".
    var marker: String
    var capabilities: VendorCapabilities
    /// Categories starting with this prefix are the fake SDK's own.
    var ownedCategoryPrefix: String
    var receiptPlan: FakeReceiptPlan
    var tapPlanner: FakeTapPlan
    /// Whether ``actionReceipt(for:handled:payload:)`` reports `fake.action.triggered`.
    var recordsActions: Bool
    /// Whether ``routeReceipt(url:via:payload:)`` reports `fake.deeplink.opened`.
    var recordsRoutes: Bool
    /// Extra problems ``validationProblems(_:payload:)`` reports when the userInfo has `fake_invalid`.
    var reportsFakeInvalid: Bool

    init(
        id: String = "fake", name: String = "Fake", marker: String = "fake_id",
        buttonRouting: ButtonRouting = .ownOnly, buttonsNeedServiceExtension: Bool = true,
        receipts: @escaping FakeReceiptPlan = FakeAdapter.standardReceipts,
        tapPlan: @escaping FakeTapPlan = { _, _, _ in .nothing },
        recordsActions: Bool = true, recordsRoutes: Bool = true, reportsFakeInvalid: Bool = true
    ) {
        self.id = id
        self.name = name
        self.marker = marker
        self.capabilities = VendorCapabilities(
            maxButtons: 4, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: buttonsNeedServiceExtension, buttonRouting: buttonRouting)
        self.ownedCategoryPrefix = id + "."
        self.receiptPlan = receipts
        self.tapPlanner = tapPlan
        self.recordsActions = recordsActions
        self.recordsRoutes = recordsRoutes
        self.reportsFakeInvalid = reportsFakeInvalid
    }

    /// One receipt per step: `fake.delivered` on any arrive, `fake.opened` on a tap (with `action` =
    /// the button id for a button), `fake.dismissed`, and a `fake.launch` the bridge must never ask for.
    static let standardReceipts: FakeReceiptPlan = { step, payload, context in
        func make(_ kind: ReceiptKind, _ event: String, _ properties: JSONObject = [:]) -> Receipt {
            var properties = properties
            if let token = context.deviceToken { properties["token"] = .string(token) }
            if let text = context.userText { properties["input"] = .string(text) }
            return Receipt(vendor: payload.vendor, kind: kind, event: event, properties: properties,
                           messageId: payload.messageId)
        }
        switch step {
        case .arrive: return [make(.delivered, "fake.delivered")]
        case .open: return [make(.opened, "fake.opened")]
        case .openAction(let id): return [make(.opened, "fake.opened", ["action": .string(id)])]
        case .dismiss: return [make(.dismissed, "fake.dismissed")]
        case .launch: return [make(.delivered, "fake.launch")]
        case .configure: return []
        }
    }

    var eventTable: [EventTableEntry] {
        [
            EventTableEntry(kind: .delivered, event: "fake.delivered", when: "any arrive", properties: []),
            EventTableEntry(kind: .opened, event: "fake.opened", when: "body or button tap", properties: ["action"]),
            EventTableEntry(kind: .dismissed, event: "fake.dismissed", when: "swipe-away", properties: []),
        ]
    }

    func claims(_ userInfo: JSONObject) -> Bool { userInfo[marker] != nil }

    func decode(_ userInfo: JSONObject) -> DecodeResult {
        var payload = PushPayload(vendor: id)
        var diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        for (key, value) in userInfo {
            switch key {
            case "aps": break
            case marker:
                if let text = value.stringValue, !text.isEmpty { payload.messageId = text }
            case "link": payload.deepLink = value.stringValue
            case "image": payload.imageURL = value.stringValue
            case "action": payload.action = PushAction(json: value)
            case "buttons": payload.buttons = (value.arrayValue ?? []).compactMap(PushButton.init(json:))
            case "tracking": payload.tracking = value.objectValue ?? [:]
            case "ignored": payload.ignored = value.objectValue ?? [:]
            default: payload.data[key] = value
            }
        }
        if let bad = userInfo[marker], bad.stringValue == nil {
            diagnostics.append(Diagnostic.wrongType(JSONPath.member(marker, of: "$"), expected: "a string", bad))
        }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var userInfo: JSONObject = payload.data
        userInfo["aps"] = .object(APSCoding.encode(payload))
        userInfo[marker] = payload.messageId.map { .string($0) } ?? ""
        if let link = payload.deepLink { userInfo["link"] = .string(link) }
        if let image = payload.imageURL { userInfo["image"] = .string(image) }
        if let action = payload.action { userInfo["action"] = action.json }
        if !payload.buttons.isEmpty { userInfo["buttons"] = .array(payload.buttons.map(\.json)) }
        if !payload.tracking.isEmpty { userInfo["tracking"] = .object(payload.tracking) }
        if !payload.ignored.isEmpty { userInfo["ignored"] = .object(payload.ignored) }
        return userInfo
    }

    func ownsCategory(_ category: String) -> Bool { category.hasPrefix(ownedCategoryPrefix) }

    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        receiptPlan(step, payload, context)
    }

    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        tapPlanner(step, payload, context)
    }

    func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? {
        guard recordsActions else { return nil }
        return receipt(
            .actionTriggered, "fake.action.triggered", ["name": .string(action.name), "handled": .bool(handled)],
            payload: payload)
    }

    func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? {
        guard recordsRoutes else { return nil }
        return receipt(
            .deepLinkOpened, "fake.deeplink.opened", ["url": .string(url), "via": .string(via.rawValue)],
            payload: payload)
    }

    func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard reportsFakeInvalid, userInfo["fake_invalid"] != nil else { return [] }
        return [Diagnostic(
            .error, code: "fake-invalid", path: "$.fake_invalid", message: "the fake vendor refuses this")]
    }
}
