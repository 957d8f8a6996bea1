/// What a vendor adapter declares: who it is, what its wire format carries, its receipts and claim keys, and
/// what its SDK does on the device (categories, token registration, HTTP receipts). One value, read by the
/// core instead of asking the adapter member by member.
public struct VendorProfile: Sendable, Hashable {
    /// The short id used on the command line and in the bridge form (`zixflow`).
    public var id: String {
        get { box.fields.id }
        set { unique().fields.id = newValue }
    }

    /// The display name (`Zixflow`).
    public var name: String {
        get { box.fields.name }
        set { unique().fields.name = newValue }
    }

    /// What the vendor's wire format and SDK support.
    public var capabilities: VendorCapabilities {
        get { box.fields.capabilities }
        set { unique().fields.capabilities = newValue }
    }

    /// The vendor's receipt table.
    public var eventTable: [EventTableEntry] {
        get { box.fields.eventTable }
        set { unique().fields.eventTable = newValue }
    }

    /// Top-level keys at least one of which every userInfo the vendor claims has (its marker keys), or nil when
    /// it names none. The registry asks ``VendorAdapter/claimStrength(_:)`` only of adapters with a claim key in
    /// the payload (and of every adapter whose claim keys are nil), so detection is one look at the payload's
    /// top-level keys rather than a call to every adapter. The conformance kit checks the promise.
    public var claimKeys: [String]? {
        get { box.fields.claimKeys }
        set { unique().fields.claimKeys = newValue }
    }

    /// Prefixes of top-level keys that mark the vendor's pushes, beside ``claimKeys``: a payload with a top-level
    /// key starting with one (CleverTap's `W$` and `wzrk_`) makes the registry ask the adapter too. A vendor with
    /// claim prefixes and nil ``claimKeys`` is asked only about payloads with such a key. The registry screens
    /// the prefixes on the keys' first bytes, without allocating (docs/WIRE-FORMATS.md §7.11); the conformance kit
    /// checks the promise as for claim keys.
    public var claimKeyPrefixes: [String] {
        get { box.fields.claimKeyPrefixes }
        set { unique().fields.claimKeyPrefixes = newValue }
    }

    /// The categories the vendor's SDK registers, or nil when it registers none.
    public var categories: CategorySupport? {
        get { box.fields.categories }
        set { unique().fields.categories = newValue }
    }

    /// How the vendor's SDK registers the APNs token with its backend.
    public var tokenRegistration: TokenRegistrationStyle {
        get { box.fields.tokenRegistration }
        set { unique().fields.tokenRegistration = newValue }
    }

    /// Where and how the vendor's backend takes receipts over HTTP, or nil when it takes none.
    public var receiptService: ReceiptService? {
        get { box.fields.receiptService }
        set { unique().fields.receiptService = newValue }
    }

    /// `ignored` entries whose value means what leaving the key out means (Braze's `ab_use_webview: false`):
    /// kept for this vendor's own round trip, dropped without a loss when translating to another vendor.
    public var ignoredDefaults: JSONObject {
        get { box.fields.ignoredDefaults }
        set { unique().fields.ignoredDefaults = newValue }
    }

    /// The member path (from the userInfo's top level) of the key where the vendor's payload names its media's
    /// type for the service extension (Klaviyo `["rich-media-type"]`, Braze `["ab", "att", "type"]`), or nil.
    public var attachmentTypeKey: [String]? {
        get { box.fields.attachmentTypeKey }
        set {
            let box = unique()
            box.fields.attachmentTypeKey = newValue
            // Kept under its JSON path, or a top-level key under its own name too.
            box.fields.attachmentTypeNames = newValue.map { key in
                [key.reduce(JSONPath.root) { JSONPath.member($1, of: $0) }] + (key.count == 1 ? key : [])
            } ?? []
        }
    }

    /// The names a decoded payload keeps ``attachmentTypeKey``'s value under in `ignored`: its JSON path, and a
    /// top-level key's own name.
    var attachmentTypeNames: [String] { box.fields.attachmentTypeNames }

    /// Top-level keys the vendor's SDK reads for itself (Airship's legacy in-app message
    /// `com.urbanairship.in_app`, Braze's `appboy_uninstall_tracking`): decoded as custom data so the vendor's own
    /// round trip keeps them, and reported lost, never copied, when translating to another vendor.
    public var internalKeys: Set<String> {
        get { box.fields.internalKeys }
        set { unique().fields.internalKeys = newValue }
    }

    /// The `ignored` key of what ``VendorAdapter/extensionAlert(for:)`` shows instead of `aps.alert` (Airship's
    /// media `content` override): translating, that text becomes the target's alert, so the entry is carried, not
    /// reported lost.
    public var extensionAlertKey: String? {
        get { box.fields.extensionAlertKey }
        set { unique().fields.extensionAlertKey = newValue }
    }

    /// What the vendor's backend adds to every push it sends and a template does not hold (OneSignal's `custom.i`,
    /// Customer.io's `CIO-Delivery-ID` and token), with placeholder ids: what
    /// ``VendorAdapter/asDelivered(_:)`` adds for `--as-delivered`. Empty when the vendor declares none.
    public var backendKeys: JSONObject {
        get { box.fields.backendKeys }
        set { unique().fields.backendKeys = newValue }
    }

    /// `ignored` keys holding what the sender sets in the send request, which the vendor's backend copies into the
    /// payload (OneSignal's `collapse_id`, the `apns-collapse-id` header), each with what it is: translated, such a
    /// key is a loss whose reason sends the reader to the target's send request, not a gap of the target's.
    /// Keys are matched by their last member name.
    public var sendRequestKeys: [String: String] {
        get { box.fields.sendRequestKeys }
        set { unique().fields.sendRequestKeys = newValue }
    }

    /// Whether the vendor's backend gives each push its message id when it sends it (OneSignal's `custom.i`,
    /// Airship's `_`, Customer.io's `CIO-Delivery-ID`): translating into the vendor, another vendor's id is not
    /// written as this vendor's (``backendKeys`` holds the placeholder `--as-delivered` writes instead).
    public var assignsMessageId: Bool {
        get { box.fields.assignsMessageId }
        set { unique().fields.assignsMessageId = newValue }
    }

    /// The settings the adapter takes from the app's configuration (``VendorAdapter/configured(_:)``), in the
    /// order `bridge-cli vendors --table` lists them; empty for an adapter with none.
    public var settings: [VendorSetting] {
        get { box.fields.settings }
        set { unique().fields.settings = newValue }
    }

    /// The fields, behind one reference: adapters hand their profile out by value through the `VendorAdapter`
    /// existential on every `id`, `name` or `capabilities` read, and a copy then costs one retain, not one per field.
    private var box: Box

    /// Creates a profile; `name` defaults to `id` with a capital first letter.
    public init(
        id: String, name: String? = nil, capabilities: VendorCapabilities, eventTable: [EventTableEntry],
        claimKeys: [String]? = nil, claimKeyPrefixes: [String] = [], categories: CategorySupport? = nil,
        tokenRegistration: TokenRegistrationStyle = .none, receiptService: ReceiptService? = nil,
        settings: [VendorSetting] = []
    ) {
        box = Box(Fields(
            id: id, name: name ?? id.prefix(1).uppercased() + id.dropFirst(), capabilities: capabilities,
            eventTable: eventTable, claimKeys: claimKeys, claimKeyPrefixes: claimKeyPrefixes, categories: categories,
            tokenRegistration: tokenRegistration, receiptService: receiptService, settings: settings))
    }

    /// The stored fields.
    struct Fields: Sendable, Hashable {
        var id: String
        var name: String
        var capabilities: VendorCapabilities
        var eventTable: [EventTableEntry]
        var claimKeys: [String]?
        var claimKeyPrefixes: [String]
        var categories: CategorySupport?
        var tokenRegistration: TokenRegistrationStyle
        var receiptService: ReceiptService?
        var ignoredDefaults: JSONObject = [:]
        var attachmentTypeKey: [String]?
        var attachmentTypeNames: [String] = []
        var internalKeys: Set<String> = []
        var extensionAlertKey: String?
        var backendKeys: JSONObject = [:]
        var assignsMessageId = false
        var sendRequestKeys: [String: String] = [:]
        var settings: [VendorSetting]
    }

    /// The fields' one reference, copied on write.
    private final class Box: @unchecked Sendable {
        var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The box, made this value's own before a write.
    private mutating func unique() -> Box {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
        return box
    }

    public static func == (lhs: VendorProfile, rhs: VendorProfile) -> Bool {
        lhs.box === rhs.box || lhs.box.fields == rhs.box.fields
    }

    public func hash(into hasher: inout Hasher) { box.fields.hash(into: &hasher) }
}

/// The notification categories a vendor's SDK registers.
public struct CategorySupport: Sendable, Hashable {
    /// Categories registered at launch whatever the app receives (Zixflow's `ZX_2BTN`).
    public var launch: [NotificationCategory]
    /// Most of this vendor's categories kept registered, or nil for no cap; past it the planner keeps the new
    /// one, every one still in Notification Centre, then the most recent.
    public var limit: Int?

    /// Creates a description.
    public init(launch: [NotificationCategory] = [], limit: Int? = nil) {
        self.launch = launch
        self.limit = limit
    }
}

/// How a vendor's SDK registers the APNs token with its backend; the default
/// ``VendorAdapter/tokenRegistration(for:)`` builds the request from it.
public enum TokenRegistrationStyle: Sendable, Hashable {
    /// The SDK registers no token.
    case none
    /// The token alone.
    case token
    /// The token and the notification permission.
    case tokenAndPermission
    /// The token with the bundle id as its topic and the APNs environment; not ready while either is missing.
    case tokenTopicAndEnvironment
    /// The token, the APNs environment (when known) and the notification permission.
    case tokenEnvironmentAndPermission

    /// The plan for `device` in this style, for the vendor `vendor` (display name `vendorName`); nil for `none`.
    public func plan(for device: DeviceRegistration, vendor: String, vendorName: String) -> TokenRegistrationPlan? {
        switch self {
        case .none:
            return nil
        case .token:
            return .register(TokenRegistrationRequest(vendor: vendor, token: device.token))
        case .tokenAndPermission:
            return .register(
                TokenRegistrationRequest(vendor: vendor, token: device.token, permission: device.permission))
        case .tokenEnvironmentAndPermission:
            return .register(TokenRegistrationRequest(
                vendor: vendor, token: device.token, environment: device.environment, permission: device.permission))
        case .tokenTopicAndEnvironment:
            guard let topic = device.bundleIdentifier, !topic.isEmpty else {
                return .notReady(Diagnostic(
                    .warning, code: .tokenTopicMissing,
                    message: "\(vendorName) needs the bundle id as the token's topic; the token is not registered"))
            }
            guard let environment = device.environment else {
                return .notReady(Diagnostic(
                    .warning, code: .tokenEnvironmentMissing,
                    message: "\(vendorName) needs the APNs environment (sandbox or production); "
                        + "the token is not registered"))
            }
            return .register(
                TokenRegistrationRequest(vendor: vendor, token: device.token, topic: topic, environment: environment))
        }
    }
}

/// Where a vendor's backend takes receipts over HTTP, and, for a backend that takes a plain
/// `{"event", "properties"}` JSON event at one path, that request.
public struct ReceiptService: Sendable, Hashable {
    /// The vendor's public ingestion base URL when its documents give one (`https://events.zixflow.in`), else
    /// nil (the app must configure one).
    public var defaultBaseURL: String?
    /// Whether the requests go to the vendor's event API or to the app's own collector.
    public var destination: ReceiptDestination
    /// The path of a plain `{"event", "properties"}` event
    /// (``ReceiptRequest/event(path:event:properties:credential:)``), or nil when the adapter builds its own
    /// requests in ``VendorAdapter/receiptRequest(for:writeKey:)``.
    public var eventPath: String?
    /// The `Authorization` scheme the event request puts before the write key (`Bearer`).
    public var authorizationScheme: String

    /// Creates a description.
    public init(
        defaultBaseURL: String? = nil, destination: ReceiptDestination = .vendorAPI, eventPath: String? = nil,
        authorizationScheme: String = "Bearer"
    ) {
        self.defaultBaseURL = defaultBaseURL
        self.destination = destination
        self.eventPath = eventPath
        self.authorizationScheme = authorizationScheme
    }

    /// The app's own collector at `path`: for a vendor whose SDK reports through a private, batched endpoint
    /// that PushBridge does not imitate. No default host; `Authorization: Bearer <write key>`.
    public static func appCollector(path: String) -> ReceiptService {
        ReceiptService(destination: .appCollector, eventPath: path)
    }

    /// `POST <eventPath>` with body `{"event": receipt.event, "properties": receipt.properties}` and
    /// `Authorization: <scheme> <writeKey>` when a key is given; nil without an ``eventPath``.
    public func eventRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        guard let eventPath else { return nil }
        let credential = HTTPHeader.credential("Authorization", prefix: authorizationScheme + " ", key: writeKey)
        return .event(path: eventPath, event: receipt.event, properties: receipt.properties, credential: credential)
    }
}

extension VendorProfile {
    /// `userInfo` with each of ``backendKeys`` it lacks: a member `userInfo` has is kept as it is, and an object
    /// both have gets the missing members inside it, so nothing the template says is replaced.
    public func addingBackendKeys(to userInfo: JSONObject) -> JSONObject {
        Self.adding(backendKeys, to: userInfo)
    }

    private static func adding(_ keys: JSONObject, to object: JSONObject) -> JSONObject {
        var result = object
        for (key, value) in keys {
            switch (result[key], value) {
            case (nil, _):
                result[key] = value
            case (.object(let present)?, .object(let inner)):
                result[key] = .object(adding(inner, to: present))
            default:
                continue
            }
        }
        return result
    }
}
