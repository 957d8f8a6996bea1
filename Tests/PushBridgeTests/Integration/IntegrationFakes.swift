import PushBridge

/// A vendor for the integration tests: a ``FakeAdapter`` (claimed by its marker key) that registers the
/// categories it is given and tokens the way it is told.
struct FakeIntegrationVendor: CategoryProviding, TokenRegistering {
    var base: FakeAdapter
    var launchCategories: [NotificationCategory]
    var categoryLimit: Int?
    /// The categories a push needs: one named by its `category` (`fake.derived` when it has buttons but no
    /// category), with one button per bridge-form button.
    var perPush: Bool
    /// What a token registration carries.
    var tokenPlan: @Sendable (DeviceRegistration) -> TokenRegistrationPlan
    /// When set, counts the calls to ``decode(_:)``.
    var decodes: Locked<Int>?

    init(
        id: String = "fake", marker: String? = nil, launch: [String] = [], limit: Int? = nil, perPush: Bool = true,
        tapPlan: @escaping FakeTapPlan = { _, _, _ in .nothing },
        tokenPlan: @escaping @Sendable (DeviceRegistration) -> TokenRegistrationPlan = { device in
            .register(TokenRegistrationRequest(vendor: "fake", token: device.token))
        }
    ) {
        base = FakeAdapter(id: id, name: id, marker: marker ?? "\(id)_id", tapPlan: tapPlan)
        launchCategories = launch.map { NotificationCategory(id: $0, owner: id) }
        categoryLimit = limit
        self.perPush = perPush
        self.tokenPlan = tokenPlan
    }

    var id: String { base.id }
    var name: String { base.name }
    var capabilities: VendorCapabilities { base.capabilities }
    var eventTable: [EventTableEntry] { base.eventTable }
    func claims(_ userInfo: JSONObject) -> Bool { base.claims(userInfo) }
    func decode(_ userInfo: JSONObject) -> DecodeResult {
        decodes?.withLock { $0 += 1 }
        return base.decode(userInfo)
    }
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        base.userInfo(for: payload, losses: &losses)
    }
    func ownsCategory(_ category: String) -> Bool { base.ownsCategory(category) }
    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        base.receipts(for: step, payload: payload, context: context)
    }
    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        base.tapPlan(for: step, payload: payload, context: context)
    }

    func categories(for payload: PushPayload) -> [NotificationCategory] {
        guard perPush, let category = payload.category ?? (payload.buttons.isEmpty ? nil : "\(id).derived") else {
            return []
        }
        let actions = payload.buttons.map { NotificationAction(id: $0.id, title: $0.title) }
        return [NotificationCategory(id: category, owner: id, actions: actions)]
    }

    func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan { tokenPlan(device) }
}

/// The bridge form of a push of vendor `vendor` whose category is `category`, with one button.
func pushNeeding(_ category: String, vendor: String = "fake", button: String = "ok") -> PushPayload {
    PushPayload(vendor: vendor, messageId: "m-\(category)", category: category,
                buttons: [PushButton(id: button, title: button.uppercased())])
}

/// `fake.0`, `fake.1`, … : category ids the fake vendor owns.
func fakeCategories(_ range: Range<Int>, vendor: String = "fake") -> [String] {
    range.map { "\(vendor).\($0)" }
}
