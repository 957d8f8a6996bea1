/// The switches of `bridge-cli simulate`, as a value.
public struct SimulationOptions: Sendable, Hashable {
    /// The vendor to use instead of detection.
    public var vendor: String?
    /// The cached APNs device token.
    public var deviceToken: String?
    /// Text typed into an input button.
    public var userText: String?
    /// When set, a deep-link delegate is installed that consumes links with these schemes.
    public var delegateAcceptsSchemes: [String]?
    /// Whether a link handler (``DeepLinkRouter/handler``) that consumes every link is installed; its routes
    /// are reported `via: handler`.
    public var linkHandler: Bool
    /// The former name of ``linkHandler``.
    @available(*, deprecated, renamed: "linkHandler")
    public var closure: Bool {
        get { linkHandler }
        set { linkHandler = newValue }
    }
    /// Whether a user-activity handler (``DeepLinkRouter/userActivityHandler``) that consumes every link is
    /// installed; its routes are reported `via: userActivity`.
    public var userActivity: Bool
    /// Whether a web-view presenter (``DeepLinkRouter/webViewPresenter``) that shows every `http`/`https` link is
    /// installed; links a push asks to open in a web view are reported `via: webView`.
    public var webView = false
    /// The platform's notification request identifier (docs/WIRE-FORMATS.md §11.3); nil: derived from the payload
    /// (``NotificationRequestIdentifier/derived(from:)``).
    public var requestIdentifier: String?
    /// Named actions with a registered handler (which consumes the action).
    public var registeredActions: [String]
    /// Steps kept before `configure`.
    public var bufferCapacity: Int
    /// The system route's policy.
    public var linkPolicy: LinkPolicy
    /// Vendor settings as `ID.KEY=VALUE` (`--vendor-config`), applied to the registry with
    /// ``VendorRegistry/configured(_:)``; a list it rejects is not applied (check it first to report why).
    public var vendorSettings: [String]
    /// The time every step happens at, in seconds since the Unix epoch (``StepClock/fixed(_:)``); nil: no time,
    /// so receipts carry none and the output does not change from run to run.
    public var time: Int?
    /// Where the app is when the steps start (default ``AppState/background``); `arrive:foreground` makes it active.
    public var appState: AppState
    /// The vendors whose receipts are off (``NotificationBridge/receiptsOff``).
    public var receiptsOff: Set<String> = []

    /// Creates options.
    public init(
        vendor: String? = nil, deviceToken: String? = nil, userText: String? = nil,
        delegateAcceptsSchemes: [String]? = nil, linkHandler: Bool = false, userActivity: Bool = false,
        requestIdentifier: String? = nil, registeredActions: [String] = [], bufferCapacity: Int = 8,
        linkPolicy: LinkPolicy = .default, vendorSettings: [String] = [], time: Int? = nil,
        appState: AppState = .background
    ) {
        self.vendorSettings = vendorSettings
        self.time = time
        self.appState = appState
        self.userActivity = userActivity
        self.requestIdentifier = requestIdentifier
        self.vendor = vendor
        self.deviceToken = deviceToken
        self.userText = userText
        self.delegateAcceptsSchemes = delegateAcceptsSchemes
        self.linkHandler = linkHandler
        self.registeredActions = registeredActions
        self.bufferCapacity = bufferCapacity
        self.linkPolicy = linkPolicy
    }
}

/// A deep-link delegate that consumes the links whose scheme is in a set.
public struct SchemeDeepLinkDelegate: DeepLinkDelegate {
    /// The schemes it consumes (lowercase).
    public let schemes: Set<String>

    /// Creates a delegate for `schemes` (compared case-insensitively).
    public init(schemes: [String]) { self.schemes = Set(schemes.map { $0.lowercased() }) }

    public func openDeepLink(_ link: DeepLink) -> Bool { schemes.contains(link.scheme) }
}

/// Runs a list of lifecycle steps for one payload through a fresh bridge, as `bridge-cli simulate` does.
public enum Simulation {
    /// The effects of `steps` on `userInfo`, in order. A list with no `configure` starts configured.
    ///
    /// - Parameters:
    ///   - userInfo: the push.
    ///   - steps: the lifecycle steps, in order.
    ///   - options: what the simulated app has (device token, typed text, link delegate and handler, actions).
    ///   - registry: the vendors that may claim the push.
    ///   - sink: where the bridge records receipts (default: in memory); `bridge-cli simulate` passes its
    ///     outbox or HTTP sink, so its receipts are recorded exactly as an app's are.
    ///   - onEffect: called with each effect as it happens (see
    ///     ``NotificationBridge/handle(_:userInfo:vendor:userText:requestIdentifier:onEffect:)``).
    public static func run(
        _ userInfo: JSONObject, steps: [LifecycleStep], options: SimulationOptions, registry: VendorRegistry,
        sink: any ReceiptSink = InMemoryReceiptSink(), onEffect: (BridgeEffect) -> Void = { _ in }
    ) -> [BridgeEffect] {
        run(userInfo, decoded: nil, steps: steps, options: options, registry: registry, sink: sink, onEffect: onEffect)
    }

    /// ``run(_:steps:options:registry:sink:onEffect:)`` for a push already decoded: `decoded` is the
    /// ``VendorAdapter/decodeClaimed(_:)`` of `userInfo` by the vendor `decoded.vendor` names, which every step
    /// reads instead of decoding `userInfo` again (`options.vendor` is not used). With `collecting` false the effects
    /// go to `onEffect` only (see ``NotificationBridge/handle(_:userInfo:decoded:vendor:userText:requestIdentifier:collecting:onEffect:)``).
    package static func run(
        _ userInfo: JSONObject, decoded: PushPayload, steps: [LifecycleStep], options: SimulationOptions,
        registry: VendorRegistry, sink: any ReceiptSink = InMemoryReceiptSink(), collecting: Bool = true,
        onEffect: (BridgeEffect) -> Void = { _ in }
    ) -> [BridgeEffect] {
        run(userInfo, decoded: .some(decoded), steps: steps, options: options, registry: registry, sink: sink,
            collecting: collecting, onEffect: onEffect)
    }

    private static func run(
        _ userInfo: JSONObject, decoded: PushPayload?, steps: [LifecycleStep], options: SimulationOptions,
        registry: VendorRegistry, sink: any ReceiptSink, collecting: Bool = true, onEffect: (BridgeEffect) -> Void
    ) -> [BridgeEffect] {
        let router = DeepLinkRouter(bare: options.linkPolicy)
        if let schemes = options.delegateAcceptsSchemes { router.delegate = SchemeDeepLinkDelegate(schemes: schemes) }
        if options.linkHandler { router.handler = { _ in true } }
        if options.userActivity { router.userActivityHandler = { _ in true } }
        if options.webView { router.webViewPresenter = { _ in true } }
        let actions = ActionRegistry()
        for name in options.registeredActions { actions.register(name) { _ in } }
        let registry = (try? registry.configured(options.vendorSettings)) ?? registry
        let bridge = NotificationBridge(
            registry: registry,
            configuration: .init(
                bufferCapacity: options.bufferCapacity, startsConfigured: !steps.contains(.configure),
                deviceToken: options.deviceToken, clock: options.time.map(StepClock.fixed) ?? .none,
                appState: options.appState, receiptsOff: options.receiptsOff),
            sink: sink, router: router, actions: actions)
        // The push decoded once, as the bridge would decode it at every step (the adapter its registry resolves);
        // when no adapter is resolved, each step reports it.
        let resolved = decoded.map { (vendor: $0.vendor, payload: $0) }
            ?? (try? registry.resolve(userInfo, vendor: options.vendor)).map { adapter in
                (vendor: adapter.id, payload: adapter.decodeClaimed(userInfo).payload)
            }
        // The bridge reads a request identifier only for a push without a message id: derive one only for it.
        let requestIdentifier = options.requestIdentifier
            ?? (resolved?.payload.messageId != nil ? nil : NotificationRequestIdentifier.derived(from: userInfo))
        return steps.flatMap { step in
            guard let resolved else {
                return bridge.handle(
                    step, userInfo: userInfo, vendor: options.vendor, userText: options.userText,
                    requestIdentifier: requestIdentifier, onEffect: onEffect)
            }
            return bridge.handle(
                step, userInfo: userInfo, decoded: resolved.payload, vendor: resolved.vendor, userText: options.userText,
                requestIdentifier: requestIdentifier, collecting: collecting, onEffect: onEffect)
        }
    }
}
