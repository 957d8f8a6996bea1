/// A vendor's wire format and SDK behaviour, plugged into the PushBridge core: the whole contract.
///
/// ## Implementing
/// An adapter implements four requirements; everything else has a default.
/// - ``profile``: what the vendor declares (its id and name, what the wire format carries, its receipt table,
///   its claim keys, and whether its SDK registers categories, registers tokens or takes receipts over HTTP).
///   The core reports every loss the capabilities imply (an image, a named action, a button's link, action or
///   text input) and derives the default ``tapPlan(for:payload:context:)`` from their `buttonRouting`; rows of
///   the event table with `sentOn` are sent by the default ``receipts(for:payload:context:)``.
/// - ``claims(_:)`` is cheap, never throws, and is exclusive: it accepts only payloads that carry the
///   vendor's own marker key, so no two adapters claim the same payload.
/// - ``decode(_:)`` never crashes and never throws: a value of the wrong type becomes a diagnostic (with
///   the JSON path in the wire payload) and is kept where it can be (`data`, `ignored`, `apsExtra`),
///   never silently dropped (``DecodeContext`` keeps and reports it). It is deterministic, and decoding the
///   encoded result again gives the same payload.
/// - ``userInfo(for:losses:)`` writes valid APNs (`aps` through ``APSCoding/encode(_:)``, `mutable-content:
///   1` when an image or buttons need the extension), writes `ignored` back
///   (``JSONPlacement/writeBack(_:into:replacingScalars:creatingObjects:plainKeysAreMembers:reason:)``) and
///   appends to `losses` only what is special to the vendor. Callers use ``encode(_:)``, which adds the losses
///   the capabilities imply and every `tracking` key the userInfo does not carry, and removes (as losses)
///   another vendor's `ignored` keys first.
///
/// The behaviour hooks below have defaults that follow the profile; a vendor whose SDK does more implements
/// them. What a device needs is declared, not guessed: a vendor whose SDK registers categories sets
/// ``VendorProfile/categories`` (and implements ``categories(for:)`` for the ones a push needs), one that
/// registers tokens sets ``VendorProfile/tokenRegistration``, one whose backend takes receipts over HTTP sets
/// ``VendorProfile/receiptService``. The conformance kit fails an adapter that owns a category it never
/// provides.
///
/// An adapter holds no mutable state; it is a value the bridge may call from any thread.
public protocol VendorAdapter: Sendable {
    /// What the vendor declares. Read often: an adapter stores it (or returns a static value), never builds it
    /// per call.
    var profile: VendorProfile { get }

    // MARK: Codec

    /// Whether this userInfo is the vendor's (by its marker key), as an owner or as a carrier.
    func claims(_ userInfo: JSONObject) -> Bool
    /// Wire payload → bridge form.
    func decode(_ userInfo: JSONObject) -> DecodeResult
    /// Bridge form → wire payload, appending the losses special to the vendor (not those its
    /// ``VendorProfile/capabilities`` imply: ``encode(_:collectingLosses:)`` adds them). `losses` skips building
    /// what is appended when nobody reads it; the userInfo is the same either way.
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject

    // MARK: Claims

    /// How strongly the vendor claims `userInfo`, nil when it does not. Default: ``ClaimStrength/owner`` when
    /// ``claims(_:)`` is true. Only a vendor that also carries other vendors' pushes (FCM, Airship's `_`)
    /// implements it.
    func claimStrength(_ userInfo: JSONObject) -> ClaimStrength?
    /// Whether the vendor's owner claim of `userInfo` rests on a message id of its own (OneSignal's `custom.i`,
    /// Iterable's `itbl.messageId`): when two owners claim one payload and exactly one of them claims it by a
    /// message id, that one wins. Default: false.
    func claimsByMessageId(_ userInfo: JSONObject) -> Bool

    // MARK: Receipts and taps

    /// The receipts a step produces, in order. Default: the ``VendorProfile/eventTable`` rows whose `sentOn`
    /// matches (none without a non-empty message id).
    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt]
    /// What a tap runs. Default: derived from ``VendorCapabilities/buttonRouting``.
    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan
    /// The receipt recording that a named action ran (or found no handler). Default: none.
    func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt?
    /// The receipt recording that a deep link was routed. Default: none.
    func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt?
    /// Whether the tap plan also runs for `step`, an arrival or a dismiss (FCM's link when a push arrives in the
    /// foreground, Airship's actions on arrival and its dismiss actions). Default: false: opens and links run only
    /// on taps.
    func runsTapPlan(onArrival step: LifecycleStep) -> Bool
    /// `userInfo` as the vendor's backend delivers it: the keys it adds to every push, with placeholder ids
    /// (`bridge-cli preview --as-delivered`, `simulate --as-delivered`), so a template written or translated
    /// without them is claimed, previewed and simulated as a device receives it. Default:
    /// ``VendorProfile/addingBackendKeys(to:)``.
    func asDelivered(_ userInfo: JSONObject) -> JSONObject
    /// Whether `arrive:background` is the app handing the push to the SDK itself (AppDNA's `handleMessageData`)
    /// rather than iOS waking the app, so it needs no `aps.content-available`
    /// (``LifecycleStep/unmetPrecondition(in:)``). Default: false.
    var takesForwardedArrivals: Bool { get }
    /// The alert iOS shows once the vendor's service extension has run (Airship's media `content` override
    /// replaces the title, subtitle and body). Default: the push's own `alert`.
    func extensionAlert(for payload: PushPayload) -> PushAlert?
    /// How the push is shown while the app is in the foreground: the `presentation` effect of `arrive:foreground`
    /// (docs/WIRE-FORMATS.md §8). Default: ``PresentationOptions/all`` (banner, list, sound and badge).
    func foregroundPresentation(for payload: PushPayload) -> PresentationOptions
    /// Whether `step` is a sighting of the message: the first sighting of a message id (or request identifier)
    /// runs, every later one runs nothing, whichever step it is (FCM's once-per-process `loggedMessageIDs`).
    /// Default: false: each tap step runs once per message.
    func handlesMessageOnce(at step: LifecycleStep) -> Bool
    /// Whether a tap on the message this vendor's last handled tap was on runs nothing (OneSignal's
    /// `checkForProcessedDups:`, which remembers only the last opened id: A, B, A opens A twice). When true,
    /// this replaces the per-step once-only rule for taps. Default: false.
    var ignoresRepeatedTap: Bool { get }
    /// How the vendor's service extension sets the app icon's badge for `payload`, from the count it keeps in
    /// the app group (OneSignal's `badge_inc`, Klaviyo's `badge_config`). Default: the push's own `aps.badge`.
    func badgeUpdate(for payload: PushPayload) -> BadgeUpdate?
    /// This adapter with `configuration`'s values for its ``VendorProfile/settings`` (values already checked
    /// against them; a setting not given keeps this adapter's value). Default: the adapter itself.
    func configured(_ configuration: VendorConfiguration) -> any VendorAdapter
    /// The HTTP request that delivers `receipt` to the vendor's backend, carrying `writeKey` where the vendor
    /// expects it (only in a header marked ``HTTPHeader/isSecret``); nil when the vendor takes no receipts over
    /// HTTP. Pure: the same receipt and key give the same request, byte for byte. A `nil` or empty key sends
    /// the request without the credential header. Default: the `{"event", "properties"}` request the
    /// ``VendorProfile/receiptService`` describes, if any.
    func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest?

    // MARK: Device

    /// Whether `category` is one this vendor's SDK registers itself (not a campaign category).
    /// Default: one of the profile's launch categories.
    func ownsCategory(_ category: String) -> Bool
    /// The categories `payload` needs registered before it is displayed, derived from its bridge form exactly
    /// as the SDK derives them; each is owned by the adapter. Deterministic. Default: none (a vendor whose
    /// categories are all registered at launch).
    func categories(for payload: PushPayload) -> [NotificationCategory]
    /// Whether `category` is an id this vendor derives from its button set with a 64-bit hash, so that two
    /// different button sets under it are a collision, not an update: the planner reports them
    /// (`category-id-collision`) and keeps the first. Default: false.
    func derivesCategoryID(_ category: String) -> Bool
    /// The vendor's registration for `device`, or nil when its SDK registers no token. Pure: when to send it is
    /// decided by ``TokenRegistrar``. Default: what ``VendorProfile/tokenRegistration`` says.
    func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan?

    // MARK: Validation

    /// Vendor rules beyond APNs for `bridge-cli validate` (default: none beyond the decode diagnostics). A
    /// problem with the code and path of a decode diagnostic replaces it, so each is reported once.
    func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic]
}

extension VendorAdapter {
    /// The short id (``VendorProfile/id``).
    public var id: String { profile.id }
    /// The display name (``VendorProfile/name``).
    public var name: String { profile.name }
    /// What the vendor supports (``VendorProfile/capabilities``).
    public var capabilities: VendorCapabilities { profile.capabilities }
    /// The vendor's receipt table (``VendorProfile/eventTable``).
    public var eventTable: [EventTableEntry] { profile.eventTable }
    /// The vendor's marker keys (``VendorProfile/claimKeys``).
    public var claimKeys: [String]? { profile.claimKeys }
    /// The vendor's marker key prefixes (``VendorProfile/claimKeyPrefixes``).
    public var claimKeyPrefixes: [String] { profile.claimKeyPrefixes }

    public func claimStrength(_ userInfo: JSONObject) -> ClaimStrength? { claims(userInfo) ? .owner : nil }

    /// False: the claim rests on a marker, not a message id.
    public func claimsByMessageId(_ userInfo: JSONObject) -> Bool { false }

    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return [] }
        let button = step.buttonIdentifier
        return eventTable.compactMap { row in
            guard row.sentOn.contains(where: { $0.matches(step) }) else { return nil }
            var properties: JSONObject = [:]
            if let idProperty = row.messageIdProperty { properties[idProperty] = .string(messageId) }
            if let button, let buttonProperty = row.buttonProperty { properties[buttonProperty] = .string(button) }
            row.addContextProperties(to: &properties, context: context)
            var made = receipt(row.kind, row.event, properties, payload: payload, action: button)
            if row.timeProperty != nil { made.time = context.time }
            return made
        }
    }

    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        func link(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }
        let carriesActions = capabilities.namedActions
        switch step {
        case .open:
            return TapPlan(action: carriesActions ? payload.action : nil, deepLink: link(payload.deepLink))
        case .openAction(let id):
            let button = payload.buttons.first { $0.id == id }
            switch capabilities.buttonRouting {
            case .ownOnly:
                return TapPlan(action: carriesActions ? button?.action : nil, deepLink: link(button?.deepLink))
            case .ownThenMessage:
                return TapPlan(deepLink: link(button?.deepLink) ?? link(payload.deepLink))
            case .messageWhenForeground:
                guard let button, button.foreground, !button.destructive else { return .nothing }
                return TapPlan(action: carriesActions ? payload.action : nil, deepLink: link(payload.deepLink))
            case .nothing:
                return .nothing
            }
        default:
            return .nothing
        }
    }

    public func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? { nil }
    public func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? { nil }
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] { [] }


    public func runsTapPlan(onArrival step: LifecycleStep) -> Bool { false }
    public var takesForwardedArrivals: Bool { false }
    public func asDelivered(_ userInfo: JSONObject) -> JSONObject { profile.addingBackendKeys(to: userInfo) }
    public func extensionAlert(for payload: PushPayload) -> PushAlert? { payload.alert }
    public func foregroundPresentation(for payload: PushPayload) -> PresentationOptions { .all }
    public func handlesMessageOnce(at step: LifecycleStep) -> Bool { false }
    public var ignoresRepeatedTap: Bool { false }
    public func badgeUpdate(for payload: PushPayload) -> BadgeUpdate? { payload.badge.map(BadgeUpdate.set) }
    public func configured(_ configuration: VendorConfiguration) -> any VendorAdapter { self }

    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        profile.receiptService?.eventRequest(for: receipt, writeKey: writeKey)
    }

    public func ownsCategory(_ category: String) -> Bool {
        profile.categories?.launch.contains { $0.id == category } ?? false
    }

    public func categories(for payload: PushPayload) -> [NotificationCategory] { [] }
    public func derivesCategoryID(_ category: String) -> Bool { false }

    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan? {
        profile.tokenRegistration.plan(for: device, vendor: id, vendorName: name)
    }

    /// Bridge form → wire payload with every loss: another vendor's `ignored` keys (removed before
    /// ``userInfo(for:losses:)`` sees the payload), those the ``VendorProfile/capabilities`` imply (computed
    /// once, here), those `userInfo(for:losses:)` reports, and each `tracking` key the userInfo does not carry.
    public func encode(_ payload: PushPayload) -> EncodeResult { encode(payload, collectingLosses: true) }

    /// ``encode(_:)``; with `collectingLosses` false the losses are left empty and never built (for callers
    /// that do not read them). The userInfo is the same either way.
    public func encode(_ payload: PushPayload, collectingLosses: Bool) -> EncodeResult {
        let profile = profile
        var losses = LossList(collecting: collectingLosses)
        var payload = payload
        // Another vendor's carrier keys set aside by ``decodeClaimed(_:)`` go back where they were, for this
        // vendor only: the adapter never sees them.
        let isOwn = payload.vendor == profile.id  // compared once
        let carried = isOwn ? CarrierEnvelope.setAside(from: &payload.ignored, decodingVendor: profile.id) : [:]
        // Another vendor's ignored keys are paths into its wire format: nothing this vendor can place.
        let foreign = isOwn ? [] : Translator.dropIgnored(
            from: &payload, sourceName: payload.vendor, targetName: profile.name, collectingLosses: collectingLosses)
        var userInfo = userInfo(for: payload, losses: &losses)
        for (key, value) in carried where userInfo[key] == nil { userInfo[key] = value }
        guard collectingLosses else { return EncodeResult(userInfo: userInfo) }
        let special = foreign + losses.collected
        // What the capabilities imply, and a kept `aps` member a typed field was written over: each unless the
        // adapter reported it already.
        let implied = (profile.capabilities.losses(of: payload, vendorName: profile.name)
            + APSCoding.extrasWrittenOver(payload.apsExtra, in: userInfo["aps"])).filter { loss in
            !special.contains { JSONPath.isSameOrInside(loss.path, $0.path) }
        }
        // Tracking keys are top-level wire keys in every format: one the userInfo does not carry is lost.
        let tracking = payload.tracking.membersInCanonicalOrder.filter { userInfo[$0.key] == nil }.map {
            Loss.tracking($0.key, $0.value, reason: "\(profile.name) has no field for the tracking key '\($0.key)'")
        }
        return EncodeResult(userInfo: userInfo, losses: implied + special + tracking)
    }

    /// The receipt table as JSON: `{"vendor": id, "name": …, "events": [...]}`.
    public var eventTableJSON: JSONValue {
        .object(["vendor": .string(id), "name": .string(name), "events": .array(eventTable.map(\.json))])
    }

    /// A receipt from this vendor; `action` is the tapped button's id when the receipt is about one.
    public func receipt(
        _ kind: ReceiptKind, _ event: String, _ properties: JSONObject, payload: PushPayload,
        action: String? = nil
    ) -> Receipt {
        Receipt(vendor: id, kind: kind, event: event, properties: properties, messageId: payload.messageId, action: action)
    }
}

