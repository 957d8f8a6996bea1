import PushBridge

/// The receipts a ``FakeAdapter`` returns for one step.
public typealias FakeReceiptPlan = @Sendable (LifecycleStep, PushPayload, ReceiptContext) -> [Receipt]
/// The tap plan a ``FakeAdapter`` returns for one tap.
public typealias FakeTapPlan = @Sendable (LifecycleStep, PushPayload, ReceiptContext) -> TapPlan

/// The one configurable vendor of the tests: its ``profile`` and every hook are set by the test.
///
/// By default it claims any userInfo with a top-level marker key (`fake_id`), owns the categories starting
/// with `<id>.`, and sends one receipt per step (``standardReceipts``). Wire format: `fake_id` (string) is the
/// message id; `link`, `image` (strings), `action` and `buttons` (bridge-form JSON), `tracking` and `ignored`
/// (objects) fill those fields; `aps` goes through ``APSCoding``; every other key is custom data.
///
/// A hook left nil keeps that behaviour; a hook that is set replaces it.
public struct FakeAdapter: VendorAdapter {
    public var profile: VendorProfile
    /// The top-level key whose presence means "mine".
    public var marker: String
    /// Categories starting with this prefix are the fake SDK's own (unless ``ownsCategoryHook`` is set).
    public var ownedCategoryPrefix: String
    public var receiptPlan: FakeReceiptPlan
    public var tapPlanner: FakeTapPlan
    /// Whether ``actionReceipt(for:handled:payload:)`` reports `fake.action.triggered`.
    public var recordsActions: Bool
    /// Whether ``routeReceipt(url:via:payload:)`` reports `fake.deeplink.opened`.
    public var recordsRoutes: Bool
    /// Extra problems ``validationProblems(_:payload:)`` reports when the userInfo has `fake_invalid`.
    public var reportsFakeInvalid: Bool
    /// When set, counts the calls to ``decode(_:)``.
    public var decodes: Locked<Int>?

    /// How strongly the fake claims a userInfo (default: an owner when the marker is there).
    public var claimHook: (@Sendable (JSONObject) -> ClaimStrength?)?
    /// The fake's decode (default: the wire format above).
    public var decodeHook: (@Sendable (JSONObject) -> DecodeResult)?
    /// The fake's encode (default: the wire format above).
    public var encodeHook: (@Sendable (PushPayload, inout LossList) -> JSONObject)?
    /// Which categories the fake's SDK registers itself.
    public var ownsCategoryHook: (@Sendable (String) -> Bool)?
    /// The categories a push needs (default: none).
    public var categoriesHook: (@Sendable (PushPayload) -> [NotificationCategory])?
    /// The HTTP request for a receipt (default: the core's, from the profile's receipt service).
    public var receiptRequestHook: (@Sendable (Receipt, String?) -> ReceiptRequest?)?
    /// The token registration (default: the core's, from the profile's style).
    public var tokenRegistrationHook: (@Sendable (DeviceRegistration) -> TokenRegistrationPlan?)?
    /// The foreground presentation (default: the core's, ``PresentationOptions/all``).
    public var presentationHook: (@Sendable (PushPayload) -> PresentationOptions)?

    /// Creates a fake; `profile` fields beyond these are set on ``profile`` afterwards.
    public init(
        id: String = "fake", name: String = "Fake", marker: String = "fake_id",
        buttonRouting: ButtonRouting = .ownOnly, buttonsNeedServiceExtension: Bool = true,
        receipts: @escaping FakeReceiptPlan = FakeAdapter.standardReceipts,
        tapPlan: @escaping FakeTapPlan = { _, _, _ in .nothing },
        recordsActions: Bool = true, recordsRoutes: Bool = true, reportsFakeInvalid: Bool = true
    ) {
        profile = VendorProfile(
            id: id, name: name,
            capabilities: VendorCapabilities(
                maxButtons: 4, buttonDeepLinks: true, textInput: true, namedActions: true, images: true,
                buttonsNeedServiceExtension: buttonsNeedServiceExtension, buttonRouting: buttonRouting),
            eventTable: [
                EventTableEntry(kind: .delivered, event: "fake.delivered", when: "any arrive", properties: []),
                EventTableEntry(
                    kind: .opened, event: "fake.opened", when: "body or button tap", properties: ["action"]),
                EventTableEntry(kind: .dismissed, event: "fake.dismissed", when: "swipe-away", properties: []),
            ])
        self.marker = marker
        self.ownedCategoryPrefix = id + "."
        self.receiptPlan = receipts
        self.tapPlanner = tapPlan
        self.recordsActions = recordsActions
        self.recordsRoutes = recordsRoutes
        self.reportsFakeInvalid = reportsFakeInvalid
    }

    /// A fake that behaves as `base`: its profile, claims, codec, receipts, taps, categories, receipt requests
    /// and token registration; no action, route or validation receipt. The test then changes one part.
    public init(wrapping base: some VendorAdapter) {
        self.init(
            id: base.id, name: base.name, receipts: { base.receipts(for: $0, payload: $1, context: $2) },
            tapPlan: { base.tapPlan(for: $0, payload: $1, context: $2) }, recordsActions: false,
            recordsRoutes: false, reportsFakeInvalid: false)
        profile = base.profile
        claimHook = { base.claimStrength($0) }
        decodeHook = { base.decode($0) }
        encodeHook = { base.userInfo(for: $0, losses: &$1) }
        ownsCategoryHook = { base.ownsCategory($0) }
        categoriesHook = { base.categories(for: $0) }
        receiptRequestHook = { base.receiptRequest(for: $0, writeKey: $1) }
        tokenRegistrationHook = { base.tokenRegistration(for: $0) }
    }

    /// A fake for the integration tests: it registers the `launch` categories, caps its categories at `limit`,
    /// needs per push (when `perPush`) one category named by the push's `category` (`<id>.derived` when it has
    /// buttons but no category) with one action per button, and registers tokens with `tokenPlan`; it makes no
    /// action, route or validation receipt.
    public static func integration(
        id: String = "fake", marker: String? = nil, launch: [String] = [], limit: Int? = nil, perPush: Bool = true,
        tapPlan: @escaping FakeTapPlan = { _, _, _ in .nothing },
        tokenPlan: @escaping @Sendable (DeviceRegistration) -> TokenRegistrationPlan = { device in
            .register(TokenRegistrationRequest(vendor: "fake", token: device.token))
        }
    ) -> FakeAdapter {
        var fake = FakeAdapter(
            id: id, name: id, marker: marker ?? "\(id)_id", tapPlan: tapPlan, recordsActions: false,
            recordsRoutes: false, reportsFakeInvalid: false)
        fake.profile.categories = CategorySupport(
            launch: launch.map { NotificationCategory(id: $0, owner: id) }, limit: limit)
        fake.profile.tokenRegistration = .token
        fake.tokenRegistrationHook = tokenPlan
        fake.categoriesHook = { payload in
            guard perPush, let category = payload.category ?? (payload.buttons.isEmpty ? nil : "\(id).derived") else {
                return []
            }
            let actions = payload.buttons.map { NotificationAction(id: $0.id, title: $0.title) }
            return [NotificationCategory(id: category, owner: id, actions: actions)]
        }
        return fake
    }

    /// A fake that adds nothing of its own: no receipts, no tap plan, no category, no action, route or validation
    /// receipt, an empty event table. The test sets its claim and codec hooks.
    public static func quiet(id: String, name: String, capabilities: VendorCapabilities) -> FakeAdapter {
        var fake = FakeAdapter(
            id: id, name: name, receipts: { _, _, _ in [] }, recordsActions: false, recordsRoutes: false,
            reportsFakeInvalid: false)
        fake.profile.capabilities = capabilities
        // Taps as the core's default plan reads the bridge form for these capabilities.
        let taps = DefaultTaps(profile: fake.profile)
        fake.tapPlanner = { taps.tapPlan(for: $0, payload: $1, context: $2) }
        fake.profile.eventTable = []
        fake.ownsCategoryHook = { _ in false }
        return fake
    }

    /// One receipt per step: `fake.delivered` on any arrive, `fake.opened` on a tap (with `action` =
    /// the button id for a button), `fake.dismissed`, and a `fake.launch` the bridge must never ask for.
    public static let standardReceipts: FakeReceiptPlan = { step, payload, context in
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

    public func claims(_ userInfo: JSONObject) -> Bool { claimStrength(userInfo) != nil }

    public func claimStrength(_ userInfo: JSONObject) -> ClaimStrength? {
        if let claimHook { return claimHook(userInfo) }
        return userInfo[marker] != nil ? .owner : nil
    }

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        decodes?.withLock { $0 += 1 }
        if let decodeHook { return decodeHook(userInfo) }
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

    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        if let encodeHook { return encodeHook(payload, &losses) }
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

    public func ownsCategory(_ category: String) -> Bool {
        ownsCategoryHook?(category) ?? category.hasPrefix(ownedCategoryPrefix)
    }

    public func categories(for payload: PushPayload) -> [NotificationCategory] { categoriesHook?(payload) ?? [] }

    public func foregroundPresentation(for payload: PushPayload) -> PresentationOptions {
        presentationHook?(payload) ?? .all
    }

    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        if let receiptRequestHook { return receiptRequestHook(receipt, writeKey) }
        return profile.receiptService?.eventRequest(for: receipt, writeKey: writeKey)
    }

    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan? {
        if let tokenRegistrationHook { return tokenRegistrationHook(device) }
        return profile.tokenRegistration.plan(for: device, vendor: id, vendorName: name)
    }

    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        receiptPlan(step, payload, context)
    }

    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        tapPlanner(step, payload, context)
    }

    public func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? {
        guard recordsActions else { return nil }
        return receipt(
            .actionTriggered, "fake.action.triggered", ["name": .string(action.name), "handled": .bool(handled)],
            payload: payload)
    }

    public func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? {
        guard recordsRoutes else { return nil }
        return receipt(
            .deepLinkOpened, "fake.deeplink.opened", ["url": .string(url), "via": .string(via.rawValue)],
            payload: payload)
    }

    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard reportsFakeInvalid, userInfo["fake_invalid"] != nil else { return [] }
        return [Diagnostic(
            .error, code: "fake-invalid", path: "$.fake_invalid", message: "the fake vendor refuses this")]
    }
}

/// An adapter with only a profile: its tap plan is ``VendorAdapter``'s default for the profile's capabilities.
private struct DefaultTaps: VendorAdapter {
    let profile: VendorProfile
    func claims(_ userInfo: JSONObject) -> Bool { false }
    func decode(_ userInfo: JSONObject) -> DecodeResult { DecodeResult(payload: PushPayload(vendor: profile.id)) }
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject { [:] }
}
