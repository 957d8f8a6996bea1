/// What the Notification Service Extension does with one notification, decided platform-neutrally.
public struct ServiceExtensionPlan: Sendable, Hashable {
    /// The claiming vendor, nil when no adapter (or more than one) claims the push: then nothing is changed.
    public var vendor: String?
    /// The bridge's effects for `arrive:service-extension` (the delivered receipt, already recorded).
    public var effects: [BridgeEffect]
    /// The text to show (Zixflow's Custom mode puts it at the top level; Airship's media `content` replaces it:
    /// ``VendorAdapter/extensionAlert(for:)``), when there is one.
    public var alert: PushAlert?
    /// The badge to show and keep as the stored count, when the vendor sets one (``BadgeUpdate``).
    public var badge: Int?
    /// The category to set on the content, when the notification has none and its vendor registers one
    /// (a BuzzKit message without `aps.category` uses the category derived from its buttons).
    public var categoryIdentifier: String?
    /// The http(s) image to download and attach.
    public var imageURL: String?
    /// The file extension for the downloaded image as known before the download (the vendor's type key, else
    /// the URL's path, else `jpg`); `UNNotificationAttachment` reads the type from it. The Apple glue names the
    /// file with ``AttachmentType/fileExtension(url:vendorType:suggestedFilename:mimeType:)`` once the response
    /// is in, passing ``imageType``.
    public var imageFileExtension: String?
    /// The vendor's own media type key for the image (Klaviyo's `rich-media-type`, Braze's `ab.att.type`), as sent.
    public var imageType: String?

    /// Creates a plan.
    public init(
        vendor: String? = nil, effects: [BridgeEffect] = [], alert: PushAlert? = nil, badge: Int? = nil,
        categoryIdentifier: String? = nil, imageURL: String? = nil, imageFileExtension: String? = nil
    ) {
        self.vendor = vendor
        self.effects = effects
        self.alert = alert
        self.badge = badge
        self.categoryIdentifier = categoryIdentifier
        self.imageURL = imageURL
        self.imageFileExtension = imageFileExtension
    }
}

/// The platform-neutral half of the Notification Service Extension: it decodes the push, records the
/// delivered receipt through the bridge (and so through the sink: the receipt outbox when the app has
/// one), chooses the image to attach and plans the categories to register.
public final class ServiceExtensionHandler: Sendable {
    /// The extension's bridge; `arrive:service-extension` is never buffered.
    public let bridge: NotificationBridge
    /// The extension process's category planner.
    public let categories: CategoryRegistrar

    /// Creates a handler.
    public init(registry: VendorRegistry, sink: any ReceiptSink, appCategories: [NotificationCategory] = []) {
        bridge = NotificationBridge(registry: registry, sink: sink)
        categories = CategoryRegistrar(registry: registry, appCategories: appCategories)
    }

    /// Handles the arrival of `notification` in the extension. `storedBadge` is the badge count the extension
    /// keeps in the app group (nil: none kept yet, counted as 0); the plan's ``ServiceExtensionPlan/badge`` is
    /// the vendor's ``VendorAdapter/badgeUpdate(for:)`` applied to it, the count to show and keep.
    public func receive(_ notification: DeliveredNotification, storedBadge: Int? = nil) -> ServiceExtensionPlan {
        guard let adapter = (try? bridge.registry.claimant(of: notification.userInfo)) ?? nil else {
            return ServiceExtensionPlan()
        }
        let payload = adapter.decodeClaimed(notification.userInfo).payload
        var plan = ServiceExtensionPlan(
            vendor: adapter.id,
            effects: bridge.handle(
                .arrive(.serviceExtension), userInfo: notification.userInfo, vendor: adapter.id,
                requestIdentifier: notification.requestIdentifier),
            alert: adapter.extensionAlert(for: payload), badge: adapter.badgeUpdate(for: payload)?.applied(to: storedBadge))
        if notification.effectiveCategory == nil {
            plan.categoryIdentifier = Self.categorySet(by: adapter, for: payload)
        }
        if let image = payload.imageURL, let link = DeepLink(image), link.scheme == "https" || link.scheme == "http" {
            plan.imageURL = image
            plan.imageType = adapter.profile.attachmentTypeKey.flatMap { path in
                path.reduce(JSONValue.object(notification.userInfo) as JSONValue?) { $0?[$1] }?.stringValue
            }
            plan.imageFileExtension = AttachmentType.fileExtension(url: image, vendorType: plan.imageType)
        }
        return plan
    }

    /// The category the vendor's service extension sets on a notification that names none (OneSignal's
    /// `__onesignal__dynamic__<id>`, a BuzzKit category derived from its buttons), or nil when it sets none.
    public static func categorySet(by adapter: any VendorAdapter, for payload: PushPayload) -> String? {
        adapter.profile.categories == nil ? nil : adapter.categories(for: payload).first?.id
    }

    /// The categories to register for `notification`, given the ids registered now.
    public func categoryUpdate(
        for notification: DeliveredNotification, existing: [String], delivered: [DeliveredNotification] = []
    ) -> CategorySetUpdate {
        categories.see([notification], existing: existing, delivered: delivered)
    }

    /// The attachment type the URL's path names (`png`, `gif`, `mp4`, …; ``AttachmentType``); `jpg` when it names
    /// none iOS accepts.
    public static func imageFileExtension(_ url: String) -> String {
        AttachmentType.ofURLPath(url) ?? AttachmentType.fallback
    }
}

/// How a service extension sets the app icon's badge, relative to the count it keeps in the app group.
public enum BadgeUpdate: Sendable, Hashable {
    /// Show this count (and keep it).
    case set(Int)
    /// Add this to the kept count (a negative value subtracts; the result is never below 0).
    case increment(Int)

    /// The count to show and keep, given the kept one (nil counts as 0).
    public func applied(to stored: Int?) -> Int {
        switch self {
        case .set(let count): return count
        case .increment(let step):
            let (sum, overflow) = (stored ?? 0).addingReportingOverflow(step)
            return overflow ? (step < 0 ? 0 : Int.max) : max(0, sum)
        }
    }
}
