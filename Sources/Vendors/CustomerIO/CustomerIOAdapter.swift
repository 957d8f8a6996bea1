import PushBridge

/// Customer.io (customerio/customerio-ios, `docs/vendors/customerio.md`): a flat userInfo with
/// `CIO-Delivery-ID` and `CIO-Delivery-Token` beside `aps`, and the push's link and image inside
/// `CIO.push`. No buttons and no categories of its own; the service extension reports `delivered`, a body tap
/// reports `opened`, both as the SDK's `Report Delivery Event` with a `metric` property.
public struct CustomerIOAdapter: VendorAdapter {
    /// The vendor id and name (``id`` and ``name``, without reading the profile).
    static let vendorID = "customerio", vendorName = "Customer.io"

    /// Top-level keys and the members of `CIO.push`.
    enum Key {
        static let deliveryID = "CIO-Delivery-ID"
        static let deliveryToken = "CIO-Delivery-Token"
        static let vendorObject = "CIO"
        static let push = "push"
        static let link = "link"
        static let image = "image"
    }

    /// JSON paths in the wire payload.
    enum Path {
        static let aps = "$.aps"
        static let vendorObject = JSONPath.member(Key.vendorObject, of: JSONPath.root)
        static let push = JSONPath.member(Key.push, of: vendorObject)
        static let link = JSONPath.member(Key.link, of: push)
        static let image = JSONPath.member(Key.image, of: push)
        static let deliveryID = JSONPath.member(Key.deliveryID, of: JSONPath.root)
        static let deliveryToken = JSONPath.member(Key.deliveryToken, of: JSONPath.root)
    }

    /// The receipt property names (the SDK's `Report Delivery Event` properties, `RichPushDeliveryTracker.swift`).
    enum Property {
        static let deliveryID = "deliveryId"
        static let metric = "metric"
        static let recipient = "recipient"
        /// The identified person an `opened` sent through the pipeline is about, and when the tap happened: moved
        /// out of the properties to the pipeline event's `userId` and `timestamp` by the receipt request.
        static let userId = "userId", timestamp = "timestamp"
    }

    /// The metric names (`Sources/Common/Service/Request/PushMetric.swift`); each is also the receipt's event.
    enum Metric {
        static let delivered = "delivered"
        static let opened = "opened"
    }

    /// Whether only a body tap (the default action) counts: the SDK's behaviour, so the default. When false,
    /// a tap on an app category's button on a Customer.io push also sends `opened` and routes the push's link.
    public let defaultActionOnly: Bool

    /// The identified person (`CustomerIO.shared.identify(userId:)`), or nil when none is. With one, an
    /// `opened` goes where the SDK sends it: through the Data Pipeline's batch upload under that person, with
    /// the tap's time (customerio/customerio-ios:Sources/DataPipeline/DataPipelineImplementation.swift@8b9ee362);
    /// without one, in the extension's `/track` form. `delivered` is the extension's either way.
    public let identifier: String?

    /// What the adapter declares.
    public let profile: VendorProfile

    /// Creates the adapter.
    ///
    /// - Parameters:
    ///   - defaultActionOnly: only a body tap counts (the SDK's behaviour).
    ///   - identifier: the identified person's id, whom `opened` is sent under.
    public init(defaultActionOnly: Bool = true, identifier: String? = nil) {
        self.defaultActionOnly = defaultActionOnly
        self.identifier = identifier
        var profile = VendorProfile(
            id: Self.vendorID, name: Self.vendorName, capabilities: Self.capabilities,
            eventTable: Self.eventTable(defaultActionOnly: defaultActionOnly), claimKeys: [Key.deliveryID],
            tokenRegistration: .token, receiptService: ReceiptService(), settings: Self.settings)
        profile.assignsMessageId = true
        profile.backendKeys = [
            Key.deliveryID: "placeholder-delivery-id",
            Key.deliveryToken: .string(String(repeating: "0", count: 64)),
        ]
        self.profile = profile
    }

    /// The settings `--vendor-config customerio.NAME=VALUE` takes.
    enum Setting {
        static let identifier = "identifier", defaultActionOnly = "defaultActionOnly"
    }

    static let settings = [
        VendorSetting(
            Setting.identifier, .text, "the identified person: opened goes through the pipeline (/b) under them"),
        VendorSetting(Setting.defaultActionOnly, .flag, "only a body tap sends opened (default true, as the SDK)"),
    ]

    /// This adapter with the given settings (docs/vendors/customerio.md "Configuration").
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter {
        CustomerIOAdapter(
            defaultActionOnly: configuration.flag(Setting.defaultActionOnly) ?? defaultActionOnly,
            identifier: configuration.values[Setting.identifier] == nil
                ? identifier : configuration.text(Setting.identifier))
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: true,
            buttonsNeedServiceExtension: false, buttonRouting: .nothing)
    }

    static func eventTable(defaultActionOnly: Bool) -> [EventTableEntry] {
        let properties = [Property.deliveryID, Property.metric, Property.recipient]
        return [
            EventTableEntry(
                kind: .delivered, event: Metric.delivered,
                when: "arrive:service-extension (kept in the outbox until sent)", properties: properties),
            EventTableEntry(
                kind: .opened, event: Metric.opened,
                when: (defaultActionOnly ? "body tap (the default action) only" : "body or button tap")
                    + "; userId and timestamp when a person is identified (sent through the pipeline, /b)",
                properties: properties + [Property.userId, Property.timestamp]),
        ]
    }

    /// Both `CIO-Delivery-ID` and `CIO-Delivery-Token` are non-empty strings (WIRE-FORMATS §11.1; the SDK's
    /// `cioDelivery` needs both strings, `Sources/MessagingPush/Type/PushNotification.swift`).
    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let id = userInfo[Key.deliveryID]?.stringValue, !id.isEmpty,
              let token = userInfo[Key.deliveryToken]?.stringValue, !token.isEmpty
        else { return false }
        return true
    }

    /// Always by a message id (`CIO-Delivery-ID`): Customer.io wins over a second owner (WIRE-FORMATS §11.1).
    public func claimsByMessageId(_ userInfo: JSONObject) -> Bool { claims(userInfo) }

    // MARK: Receipts and taps

    /// `delivered` from the service extension, `opened` on a body tap; each carries `deliveryId`, `metric` and
    /// `recipient` (the push's delivery token); an `opened` also the ``identifier`` as `userId` and the tap's
    /// time as `timestamp` when a person is identified. Nothing without a non-empty delivery id and token: the SDK's
    /// `cioDelivery` is nil then and it tracks nothing.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let deliveryID = payload.messageId, !deliveryID.isEmpty,
              let token = payload.tracking[Key.deliveryToken]?.stringValue, !token.isEmpty
        else { return [] }
        func metric(_ kind: ReceiptKind, _ name: String) -> Receipt {
            var properties: JSONObject = [
                Property.deliveryID: .string(deliveryID), Property.metric: .string(name),
                Property.recipient: .string(token),
            ]
            if kind == .opened, let identifier, !identifier.isEmpty {
                properties[Property.userId] = .string(identifier)
                if let time = context.time {
                    properties[Property.timestamp] = .string(UTCTimestamp.iso8601(time, milliseconds: true))
                }
            }
            return receipt(kind, name, properties, payload: payload)
        }
        switch step {
        case .arrive(.serviceExtension):
            return [metric(.delivered, Metric.delivered)]
        case .open:
            return [metric(.opened, Metric.opened)]
        case .openAction where !defaultActionOnly:
            return [metric(.opened, Metric.opened)]
        default:
            return []
        }
    }

    /// A body tap routes `CIO.push.link`; a button tap or a swipe-away does nothing
    /// (`ManualPushHandling+UserNotifications.swift`: only `didClickOnPush`).
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return linkPlan(payload.deepLink)
        case .openAction where !defaultActionOnly:
            return linkPlan(payload.deepLink)
        default:
            return .nothing
        }
    }

    /// The push's link: the app's callback first, then, for http(s), the app's user-activity handler
    /// (`continueUserActivity`), then the system opener (`Sources/Common/Util/DeepLinkUtil.swift`).
    private func linkPlan(_ link: String?) -> TapPlan {
        guard let link, !link.isEmpty else { return .nothing }
        return TapPlan(deepLink: link, linkGate: .userActivityFirst)
    }

    /// Customer.io's documents ask for an https image. (A missing delivery key is already decode's
    /// `delivery-key-missing` warning, which `validate` reports.)
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        guard let image = payload.imageURL, !Self.isHTTPS(image) else { return [] }
        return [Diagnostic(
            .warning, code: .imageNotHTTPS, path: Path.image,
            message: "Customer.io images must be https URLs; '\(image)' may not be shown")]
    }

    /// Whether `url` starts with `https:` (scheme compared case-insensitively).
    static func isHTTPS(_ url: String) -> Bool {
        url.utf8.count > 6 && url.prefix(6).lowercased() == "https:"
    }
}
