import PushBridge

/// The bridge send form: one backend send request in PushBridge's vendor-neutral model (docs/SEND.md
/// "The send form"): what to show (``content``), to whom (``audience``), when (``schedule``) and the sender's
/// idempotency key.
public struct SendRequest: Sendable, Hashable {
    /// The fields, behind one reference: a form is handed from parser to renderer and checker several times per
    /// request, and copying a reference costs one retain where copying the fields costs one per string, array
    /// and table. A mutation of a shared form copies the fields first. The properties read the fields in place
    /// (`_read`): `form.content.priority` copies neither the content nor its strings.
    final class Storage: @unchecked Sendable {
        // Unchecked: a form mutates its storage only when it holds the sole reference (see `fields`).
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The stored fields of a form, in declaration order (equality and hashing compare them in this order).
    struct Fields: Sendable, Hashable {
        var vendor: String
        var content: SendContent
        var audience: SendAudience
        var schedule: SendSchedule?
        var idempotencyKey: String?
        var template: SendTemplate?
        var paths: SendSourcePaths
        var vendorFields: JSONObject
    }

    private var storage: Storage

    /// The fields, for reading and, copied first when another form shares them, for writing.
    private var fields: Fields {
        get { storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// The id of the vendor whose request this was read from (`onesignal`, `braze`, …), or `bridge`.
    public var vendor: String {
        _read { yield storage.fields.vendor }
        _modify { yield &fields.vendor }
    }
    /// What the device shows and carries.
    public var content: SendContent {
        _read { yield storage.fields.content }
        _modify { yield &fields.content }
    }
    /// Who receives it.
    public var audience: SendAudience {
        _read { yield storage.fields.audience }
        _modify { yield &fields.audience }
    }
    /// When it is sent; nil for now.
    public var schedule: SendSchedule? {
        _read { yield storage.fields.schedule }
        _modify { yield &fields.schedule }
    }
    /// The sender's key that makes a retried request send once (OneSignal `idempotency_key`, Braze `send_id`).
    public var idempotencyKey: String? {
        _read { yield storage.fields.idempotencyKey }
        _modify { yield &fields.idempotencyKey }
    }
    /// The template, campaign or transactional message whose content the vendor's backend sends, when the request
    /// names one instead of carrying its content (Customer.io `transactional_message_id`).
    public var template: SendTemplate? {
        _read { yield storage.fields.template }
        _modify { yield &fields.template }
    }
    /// Where each form field came from in the source request: a form field name (``SendField``) → the JSON path
    /// in the source body (`$.ios_badgeCount`). Losses name these paths.
    public var sourcePaths: [String: String] {
        get { storage.fields.paths.dictionary }
        set { fields.paths = SendSourcePaths(newValue) }
    }
    /// ``sourcePaths`` as the package reads and writes it.
    var paths: SendSourcePaths {
        _read { yield storage.fields.paths }
        _modify { yield &fields.paths }
    }
    /// The source vendor's fields the form has no place for (`app_id`, `campaign_id`, a value of the wrong type),
    /// under their path in the source request; rendering for the same vendor writes them back.
    public var vendorFields: JSONObject {
        _read { yield storage.fields.vendorFields }
        _modify { yield &fields.vendorFields }
    }

    /// Creates a send form.
    public init(
        vendor: String = "bridge", content: SendContent = SendContent(), audience: SendAudience = SendAudience(),
        schedule: SendSchedule? = nil, idempotencyKey: String? = nil, sourcePaths: [String: String] = [:],
        vendorFields: JSONObject = [:]
    ) {
        let paths = sourcePaths.isEmpty ? SendSourcePaths() : SendSourcePaths(sourcePaths)
        storage = Storage(Fields(
            vendor: vendor, content: content, audience: audience, schedule: schedule, idempotencyKey: idempotencyKey,
            template: nil, paths: paths, vendorFields: vendorFields))
    }

    public static func == (lhs: SendRequest, rhs: SendRequest) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { storage.fields.hash(into: &hasher) }
}

extension SendRequest: CustomReflectable {
    /// The fields, as a struct of them prints.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "vendor": vendor, "content": content, "audience": audience, "schedule": schedule as Any,
                "idempotencyKey": idempotencyKey as Any, "template": template as Any, "sourcePaths": sourcePaths,
                "vendorFields": vendorFields,
            ],
            displayStyle: .struct)
    }

    /// The source path of form field `field`, or the field's own path in the form when it has none.
    public func sourcePath(_ field: String) -> String {
        storage.fields.paths[field] ?? JSONPath.member(field, of: "$.form")
    }
}

/// What a send puts on the device: the bridge form's fields plus what only a send has.
public struct SendContent: Sendable, Hashable {
    /// The notification in the bridge form: alert (in ``defaultLanguage``), sound, category, thread, flags,
    /// image, link, buttons, custom data and other `aps` keys. Its `badge` is unused (see ``badge``) and its
    /// `vendor` names the source.
    public var payload: PushPayload
    /// The alert per language (`en`, `es`, `zh-Hans`), when the request carries more than one.
    public var localized: [String: PushAlert]
    /// The language whose text ``payload`` holds (OneSignal's fallback is `en`).
    public var defaultLanguage: String?
    /// The badge.
    public var badge: SendBadge?
    /// The `apns-collapse-id`.
    public var collapseId: String?
    /// When the push stops being worth delivering.
    public var expiry: SendExpiry?
    /// The APNs priority (10 immediate, 5 power-aware, 1 lowest), or another vendor's number kept as sent.
    public var priority: Int?
    /// `aps.interruption-level`.
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`, 0 to 1, as its literal.
    public var relevanceScore: JSONNumber?
    /// The `apns-push-type` (`alert`, `background`, `voip`, …).
    public var pushType: String?
    /// Whether a web link opens inside the app (Braze `use_webview`); nil when the request does not say.
    public var openLinkInApp: Bool?

    /// The default payload, made once: a form's content is made before its parser has a payload for it, and a
    /// copy of this one allocates nothing.
    @usableFromInline static let bridgePayload = PushPayload(vendor: "bridge")

    /// Creates content.
    public init(
        payload: PushPayload = SendContent.bridgePayload, localized: [String: PushAlert] = [:],
        defaultLanguage: String? = nil, badge: SendBadge? = nil, collapseId: String? = nil,
        expiry: SendExpiry? = nil, priority: Int? = nil, interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: JSONNumber? = nil, pushType: String? = nil, openLinkInApp: Bool? = nil
    ) {
        self.payload = payload
        self.localized = localized
        self.defaultLanguage = defaultLanguage
        self.badge = badge
        self.collapseId = collapseId
        self.expiry = expiry
        self.priority = priority
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.pushType = pushType
        self.openLinkInApp = openLinkInApp
    }
}

/// Content kept in the vendor's backend (a template, a campaign, a transactional message) that a send names by id
/// (docs/SEND.md "Templates and provisioning").
public struct SendTemplate: Sendable, Hashable {
    /// The vendor whose backend holds it.
    public var vendor: String
    /// What it is.
    public var kind: SendProvision.Kind
    /// Its id as the request names it.
    public var id: String
    /// The per-send values its text is merged with (Customer.io `message_data`, Iterable `dataFields`).
    public var mergeData: JSONObject
    /// Whether the form's content holds the template's whole content (a bundle gave it); when false, the form
    /// holds only what the request itself overrides, and the rest lives in the vendor's backend.
    public var contentKnown: Bool

    /// Creates a reference.
    public init(vendor: String, kind: SendProvision.Kind, id: String, mergeData: JSONObject = [:], contentKnown: Bool = false) {
        self.vendor = vendor
        self.kind = kind
        self.id = id
        self.mergeData = mergeData
        self.contentKnown = contentKnown
    }

    /// How a report names it: `Customer.io transactional message '3'`.
    func described(vendorName: String) -> String { "\(vendorName) \(kind.described) '\(id)'" }
}

/// How a send changes the app icon badge.
public enum SendBadge: Sendable, Hashable {
    /// Set to this number (`aps.badge`).
    case set(Int)
    /// Add this number (negative: subtract) to what the device shows; applied by the vendor's SDK or server.
    case increment(Int)
    /// Set from this profile property of the recipient (Klaviyo `set_property`).
    case fromProperty(String)
}

/// When a push expires.
public enum SendExpiry: Sendable, Hashable {
    /// At this instant, in seconds since 1970-01-01 UTC (APNs `apns-expiration`, Braze `expiry`).
    case at(epochSeconds: Int)
    /// This many seconds after it is sent (OneSignal `ttl`); 0: deliver now or never (APNs `apns-expiration: 0`).
    case after(seconds: Int)
}

/// `aps.interruption-level`, whatever a vendor calls it.
public enum InterruptionLevel: String, Sendable, Hashable, CaseIterable {
    /// Added to the list quietly.
    case passive
    /// Shown at once (the default).
    case active
    /// Shown at once, through Focus.
    case timeSensitive = "time-sensitive"
    /// Shown at once, through Focus and silent mode (needs Apple's entitlement).
    case critical

    /// Reads Apple's spelling or OneSignal's (`time_sensitive`).
    public init?(spelling: String) {
        if spelling == "time_sensitive" { self = .timeSensitive } else { self.init(rawValue: spelling) }
    }
}

/// Who receives a send.
public struct SendAudience: Sendable, Hashable {
    /// The app's own user ids (OneSignal `external_id` alias, Braze `external_user_ids`, Airship named users).
    public var userIds: [String]
    /// APNs device tokens (hex).
    public var deviceTokens: [String]
    /// Topics (FCM `topic`).
    public var topics: [String]
    /// Targeting that only its vendor understands (segments, filters, aliases, subscription ids, FCM tokens),
    /// kept whole.
    public var vendorTargeting: [VendorTargeting]

    /// Creates an audience.
    public init(
        userIds: [String] = [], deviceTokens: [String] = [], topics: [String] = [],
        vendorTargeting: [VendorTargeting] = []
    ) {
        self.userIds = userIds
        self.deviceTokens = deviceTokens
        self.topics = topics
        self.vendorTargeting = vendorTargeting
    }

    /// Whether it names nobody.
    public var isEmpty: Bool { userIds.isEmpty && deviceTokens.isEmpty && topics.isEmpty && vendorTargeting.isEmpty }
}

/// One vendor's targeting member, kept as sent.
public struct VendorTargeting: Sendable, Hashable {
    /// The vendor whose request it came from.
    public var vendor: String
    /// Its key in that request (`included_segments`, `filters`, `audience`).
    public var key: String
    /// The value as sent.
    public var value: JSONValue

    /// Creates a targeting member.
    public init(vendor: String, key: String, value: JSONValue) {
        self.vendor = vendor
        self.key = key
        self.value = value
    }
}

/// When a send goes out.
public struct SendSchedule: Sendable, Hashable {
    /// The instant, seconds since 1970 UTC; with ``recipientLocal`` the wall-clock time read as UTC.
    public var at: Int?
    /// The time as sent when it could not be read as an instant.
    public var text: String?
    /// Whether ``at`` is each recipient's local time.
    public var recipientLocal: Bool
    /// Whether the vendor picks each recipient's best time.
    public var optimal: Bool

    /// Creates a schedule.
    public init(at: Int? = nil, text: String? = nil, recipientLocal: Bool = false, optimal: Bool = false) {
        self.at = at
        self.text = text
        self.recipientLocal = recipientLocal
        self.optimal = optimal
    }
}

/// The names of the form's fields, as ``SendRequest/sourcePaths`` and ``SendLoss/field`` use them; content
/// fields are the bridge form's names (`alert`, `imageURL`, `deepLink`, `buttons`, `data`, …).
public enum SendField {
    /// `alert`.
    public static let alert = "alert"
    /// `localized`.
    public static let localized = "localized"
    /// `badge`.
    public static let badge = "badge"
    /// `sound`.
    public static let sound = "sound"
    /// `category`.
    public static let category = "category"
    /// `threadId`.
    public static let threadId = "threadId"
    /// `mutableContent`.
    public static let mutableContent = "mutableContent"
    /// `contentAvailable`.
    public static let contentAvailable = "contentAvailable"
    /// `imageURL`.
    public static let imageURL = "imageURL"
    /// `deepLink`.
    public static let deepLink = "deepLink"
    /// `buttons`.
    public static let buttons = "buttons"
    /// `data`.
    public static let data = "data"
    /// `apsExtra`.
    public static let apsExtra = "apsExtra"
    /// `collapseId`.
    public static let collapseId = "collapseId"
    /// `expiry`.
    public static let expiry = "expiry"
    /// `priority`.
    public static let priority = "priority"
    /// `interruptionLevel`.
    public static let interruptionLevel = "interruptionLevel"
    /// `relevanceScore`.
    public static let relevanceScore = "relevanceScore"
    /// `pushType`.
    public static let pushType = "pushType"
    /// `openLinkInApp`.
    public static let openLinkInApp = "openLinkInApp"
    /// `audience`.
    public static let audience = "audience"
    /// `schedule`.
    public static let schedule = "schedule"
    /// `idempotencyKey`.
    public static let idempotencyKey = "idempotencyKey"
    /// `template`.
    public static let template = "template"
    /// `vendorFields`.
    public static let vendorFields = "vendorFields"
}
