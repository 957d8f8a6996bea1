
/// APNs device tokens as vendors expect them.
public enum DeviceToken {
    /// The token bytes as lowercase hex, two digits per byte (Zixflow's `String(format: "%02.2hhx", $0)`).
    public static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var output: [UInt8] = []
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// The APNs environment a build talks to: development-signed builds use `sandbox`.
public enum APNsEnvironment: String, Sendable, Hashable, CaseIterable {
    case sandbox
    case production
}

/// The person's notification permission (`UNAuthorizationStatus`).
public enum PushPermission: String, Sendable, Hashable, CaseIterable {
    case notDetermined
    case denied
    case granted
    case provisional
    case ephemeral

    /// Whether notifications may be shown (granted, provisional or ephemeral).
    public var allowsNotifications: Bool {
        switch self {
        case .granted, .provisional, .ephemeral: return true
        case .notDetermined, .denied: return false
        }
    }
}

/// What the device knows when a token is registered.
public struct DeviceRegistration: Sendable, Hashable {
    /// The APNs token, lowercase hex.
    public var token: String
    /// The app's bundle identifier (the APNs topic).
    public var bundleIdentifier: String?
    /// The APNs environment of this build.
    public var environment: APNsEnvironment?
    /// The notification permission.
    public var permission: PushPermission

    /// Creates a description.
    public init(
        token: String, bundleIdentifier: String? = nil, environment: APNsEnvironment? = nil,
        permission: PushPermission = .notDetermined
    ) {
        self.token = token
        self.bundleIdentifier = bundleIdentifier
        self.environment = environment
        self.permission = permission
    }
}

/// One vendor's token registration: what its backend is told.
public struct TokenRegistrationRequest: Sendable, Hashable {
    /// The vendor id.
    public var vendor: String
    /// The APNs token, lowercase hex.
    public var token: String
    /// The APNs topic (bundle id), for vendors that send it.
    public var topic: String?
    /// The APNs environment, for vendors that send it.
    public var environment: APNsEnvironment?
    /// The notification permission, for vendors that send it.
    public var permission: PushPermission?

    /// Creates a request.
    public init(
        vendor: String, token: String, topic: String? = nil, environment: APNsEnvironment? = nil,
        permission: PushPermission? = nil
    ) {
        self.vendor = vendor
        self.token = token
        self.topic = topic
        self.environment = environment
        self.permission = permission
    }

    /// `{"vendor", "token", "topic"?, "environment"?, "permission"?}`: also how it is persisted.
    public var json: JSONValue {
        var members: JSONObject = ["vendor": .string(vendor), "token": .string(token)]
        if let topic { members["topic"] = .string(topic) }
        if let environment { members["environment"] = .string(environment.rawValue) }
        if let permission { members["permission"] = .string(permission.rawValue) }
        return .object(members)
    }

    /// Reads a request back from ``json``; nil when it is not one.
    public init?(json: JSONValue) {
        guard let vendor = json["vendor"]?.stringValue, let token = json["token"]?.stringValue else { return nil }
        self.init(
            vendor: vendor, token: token, topic: json["topic"]?.stringValue,
            environment: json["environment"]?.stringValue.flatMap(APNsEnvironment.init(rawValue:)),
            permission: json["permission"]?.stringValue.flatMap(PushPermission.init(rawValue:)))
    }
}

/// A vendor's answer to "register this device".
public enum TokenRegistrationPlan: Sendable, Hashable {
    /// Send this request.
    case register(TokenRegistrationRequest)
    /// Not possible yet (a bundle id or environment is missing), and why.
    case notReady(Diagnostic)
}

/// What one token event led to.
public struct TokenRegistrationOutcome: Sendable, Hashable {
    /// The requests to send, in vendor order.
    public var requests: [TokenRegistrationRequest]
    /// The token to announce with `onPushTokenRegistered`: set when a token different from the last one
    /// registered (or the first) was registered.
    public var newToken: String?
    /// Vendors that could not register, and ignored input.
    public var diagnostics: [Diagnostic]

    /// Creates an outcome.
    public init(requests: [TokenRegistrationRequest] = [], newToken: String? = nil, diagnostics: [Diagnostic] = []) {
        self.requests = requests
        self.newToken = newToken
        self.diagnostics = diagnostics
    }
}

/// When to register the APNs token with each vendor, as a value: one instance per launch.
///
/// A vendor's request is sent when it differs from the last one sent to that vendor (a new token, a
/// changed permission, topic or environment: change detection, persisted across launches through
/// ``lastSent``), and once per launch for every vendor while notifications are permitted (re-registration
/// on every launch, so tokens never go stale; docs/vendors/pushnotifai.md).
public struct TokenRegistrar: Sendable {
    /// The vendors that register tokens.
    public let vendors: [any VendorAdapter]
    /// The app's bundle identifier.
    public let bundleIdentifier: String?
    /// The APNs environment of this build.
    public let environment: APNsEnvironment?
    /// The current token (lowercase hex), once known.
    public private(set) var token: String?
    /// The current permission.
    public private(set) var permission: PushPermission
    /// The last request sent to each vendor (persist it between launches).
    public private(set) var lastSent: [String: TokenRegistrationRequest]
    /// The last token announced with `onPushTokenRegistered` (persist it between launches).
    public private(set) var lastRegisteredToken: String?
    private var sentThisLaunch: Set<String> = []

    /// Starts a launch.
    ///
    /// - Parameters:
    ///   - vendors: the adapters that register tokens, in the order their requests are sent.
    ///   - bundleIdentifier: the app's bundle identifier (the APNs topic).
    ///   - environment: the APNs environment of this build.
    ///   - permission: the notification permission read at launch.
    ///   - lastSent: what the previous launches sent, by vendor id.
    ///   - lastRegisteredToken: the token the previous launches announced.
    public init(
        vendors: [any VendorAdapter], bundleIdentifier: String?, environment: APNsEnvironment?,
        permission: PushPermission = .notDetermined, lastSent: [String: TokenRegistrationRequest] = [:],
        lastRegisteredToken: String? = nil
    ) {
        self.vendors = vendors
        self.bundleIdentifier = bundleIdentifier
        self.environment = environment
        self.permission = permission
        self.lastSent = lastSent
        self.lastRegisteredToken = lastRegisteredToken
    }

    /// Starts a launch for every adapter of `registry` that registers tokens.
    public init(
        registry: VendorRegistry, bundleIdentifier: String?, environment: APNsEnvironment?,
        permission: PushPermission = .notDetermined, lastSent: [String: TokenRegistrationRequest] = [:],
        lastRegisteredToken: String? = nil
    ) {
        self.init(
            vendors: registry.adapters.filter { $0.profile.tokenRegistration != .none },
            bundleIdentifier: bundleIdentifier,
            environment: environment, permission: permission, lastSent: lastSent,
            lastRegisteredToken: lastRegisteredToken)
    }

    /// `didRegisterForRemoteNotificationsWithDeviceToken`: the token bytes.
    public mutating func receiveToken<Bytes: Sequence>(_ bytes: Bytes) -> TokenRegistrationOutcome
    where Bytes.Element == UInt8 {
        let hex = DeviceToken.hex(bytes)
        guard !hex.isEmpty else {
            return TokenRegistrationOutcome(diagnostics: [Diagnostic(
                .warning, code: .tokenEmpty, message: "an empty APNs device token was ignored")])
        }
        token = hex
        return evaluate()
    }

    /// The notification permission changed (or was read at launch).
    public mutating func setPermission(_ permission: PushPermission) -> TokenRegistrationOutcome {
        self.permission = permission
        return evaluate()
    }

    private mutating func evaluate() -> TokenRegistrationOutcome {
        guard let token else { return TokenRegistrationOutcome() }
        let device = DeviceRegistration(
            token: token, bundleIdentifier: bundleIdentifier, environment: environment, permission: permission)
        var outcome = TokenRegistrationOutcome()
        for vendor in vendors {
            switch vendor.tokenRegistration(for: device) {
            case nil:
                continue
            case .notReady(let diagnostic)?:
                outcome.diagnostics.append(diagnostic)
            case .register(let request)?:
                let changed = lastSent[vendor.id] != request
                let launchRefresh = permission.allowsNotifications && !sentThisLaunch.contains(vendor.id)
                guard changed || launchRefresh else { continue }
                outcome.requests.append(request)
                lastSent[vendor.id] = request
                sentThisLaunch.insert(vendor.id)
            }
        }
        if !outcome.requests.isEmpty, lastRegisteredToken != token {
            lastRegisteredToken = token
            outcome.newToken = token
        }
        return outcome
    }
}

/// The token registrar of the app process: it keeps the ``TokenRegistrar`` behind a lock, sends the
/// requests, keeps the bridge's cached device token current and calls ``onPushTokenRegistered``.
public final class TokenRegistrationService: Sendable {
    private let registrar: Locked<TokenRegistrar>
    private let callback = Locked<(@Sendable (String) -> Void)?>(nil)
    private let send: @Sendable (TokenRegistrationRequest) -> Void
    /// The bridge whose cached device token is kept current.
    public let bridge: NotificationBridge?

    /// Creates a service.
    ///
    /// - Parameters:
    ///   - registrar: this launch's registrar.
    ///   - bridge: the bridge whose cached device token is kept current, if any.
    ///   - send: delivers one request to its vendor's backend (called outside the lock).
    public init(
        registrar: TokenRegistrar, bridge: NotificationBridge? = nil,
        send: @escaping @Sendable (TokenRegistrationRequest) -> Void
    ) {
        self.registrar = Locked(registrar)
        self.bridge = bridge
        self.send = send
    }

    /// Called with the token whenever a new token is registered (or a change is detected), like AppDNA's
    /// `onPushTokenRegistered(token:)`.
    public var onPushTokenRegistered: (@Sendable (String) -> Void)? {
        get { callback.withLock { $0 } }
        set { callback.withLock { $0 = newValue } }
    }

    /// The last request sent to each vendor, to persist between launches.
    public var lastSent: [String: TokenRegistrationRequest] { registrar.withLock { $0.lastSent } }

    /// `didRegisterForRemoteNotificationsWithDeviceToken`.
    @discardableResult
    public func receiveToken(_ bytes: [UInt8]) -> TokenRegistrationOutcome {
        let outcome = registrar.withLock { $0.receiveToken(bytes) }
        if let bridge, !bytes.isEmpty { bridge.deviceToken = DeviceToken.hex(bytes) }
        return deliver(outcome)
    }

    /// The permission was read or changed.
    @discardableResult
    public func setPermission(_ permission: PushPermission) -> TokenRegistrationOutcome {
        deliver(registrar.withLock { $0.setPermission(permission) })
    }

    private func deliver(_ outcome: TokenRegistrationOutcome) -> TokenRegistrationOutcome {
        for request in outcome.requests { send(request) }
        if let token = outcome.newToken, let callback = onPushTokenRegistered { callback(token) }
        return outcome
    }
}
