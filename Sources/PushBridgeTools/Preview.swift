import PushBridge

/// Where a notification preview draws a field, so a field a vendor cannot carry is marked in its place.
public enum PreviewSlot: Sendable, Hashable {
    /// The title line (also the whole alert).
    case title
    /// The subtitle line.
    case subtitle
    /// The body text.
    case body
    /// The image thumbnail.
    case image
    /// The app icon's badge.
    case badge
    /// The sound line.
    case sound
    /// What a body tap runs (the message's deep link and named action).
    case bodyTap
    /// The button at this index (its row, or a ghost row past the ones drawn).
    case button(Int)
    /// The category line.
    case category
    /// Everything with no place on the picture (custom data, tracking, ignored vendor keys, `aps` extras).
    case notCarried

    /// The slot of a bridge-form path (`$.alert.subtitle`, `$.action.data`, `$.buttons[2].deepLink`, `$.buttons[2:]`).
    public init(path: String) {
        let components = JSONPath.components(of: path) ?? []
        switch (components.first, components.dropFirst().first, components.count) {
        case (.member("alert"), nil, _), (.member("alert"), .member("title"), 2): self = .title
        case (.member("alert"), .member("subtitle"), 2): self = .subtitle
        case (.member("alert"), .member("body"), 2): self = .body
        case (.member("imageURL"), _, 1): self = .image
        case (.member("badge"), _, 1): self = .badge
        case (.member("sound"), _, 1): self = .sound
        case (.member("deepLink"), _, 1), (.member("action"), _, _): self = .bodyTap
        case (.member("category"), _, 1): self = .category
        case (.member("buttons"), nil, _): self = .button(0)
        case (.member("buttons"), .index(let index), _), (.member("buttons"), .slice(let index), _):
            self = .button(index)
        default: self = .notCarried
        }
    }
}

/// One tap (body, button or swipe-away) and what the vendor's SDK runs for it, in order.
public struct TapPreview: Sendable, Hashable {
    /// The step simulated (`open`, `open:<id>`, `dismiss`).
    public var step: LifecycleStep
    /// The receipts, the action and the route, as `Simulation` runs them.
    public var effects: [BridgeEffect]
}

/// Which vendor a device gives a column's push to: `VendorRegistry/claimant(of:)` of the userInfo the column
/// draws. A preview draws each column as its vendor, which a device does not: this says when they differ.
public enum DeviceClaim: Sendable, Hashable {
    /// The column's own vendor.
    case own
    /// Another vendor, whose SDK (not the column's) would read the push.
    case other(String)
    /// No vendor: no SDK reads the push, the app gets it as it is.
    case nobody
    /// Two or more vendors claim it (two owners, or two carriers of one rank): a device's bridge takes neither.
    case ambiguous([String])

    /// Whom a device gives `userInfo` to, told against `vendor`, the vendor a column draws it as.
    public init(of userInfo: JSONObject, drawnAs vendor: String, registry: VendorRegistry) {
        do throws(PushBridgeError) {
            guard let claimant = try registry.claimant(of: userInfo) else {
                self = .nobody
                return
            }
            self = claimant.id == vendor ? .own : .other(claimant.id)
        } catch {
            guard case .ambiguousVendor(let ids) = error else {
                self = .nobody
                return
            }
            self = .ambiguous(ids)
        }
    }
}

/// One notification as one vendor would send it, and what iOS and the vendor's SDK do with it.
public struct VendorPreview: Sendable, Hashable {
    /// The vendor's id.
    public var vendor: String
    /// The vendor's display name.
    public var name: String
    /// The translation into the vendor (its userInfo and losses).
    public var translation: Translation
    /// The vendor's userInfo decoded back by the vendor: what its SDK and iOS see.
    public var shown: PushPayload
    /// The alert iOS shows: once the vendor's service extension ran (`VendorAdapter.extensionAlert(for:)`,
    /// Airship's media `content` override), else `shown.alert`.
    public var shownAlert: PushAlert?
    /// The category the vendor's SDK registers for this notification (nil: none, so iOS shows no buttons).
    public var category: NotificationCategory?
    /// Body tap, each button iOS shows (``shownActions``), and the swipe-away when the category reports it.
    public var taps: [TapPreview]
    /// Whom a device would give this column's userInfo to (``DeviceClaim/own`` when to this vendor).
    public var deviceClaim: DeviceClaim

    /// Translates `userInfo` from `source` into `target` (with the keys `target`'s backend adds when
    /// `asDelivered`: `VendorAdapter.asDelivered(_:)`), decodes the translation once as `target`, and simulates
    /// the taps iOS offers on that one decoding.
    init(_ userInfo: JSONObject, from source: any VendorAdapter, to target: any VendorAdapter,
         registry: VendorRegistry, asDelivered: Bool = false) {
        var translation = Translator.translate(userInfo, from: source, to: target, registry: registry)
        if asDelivered { translation.userInfo = target.asDelivered(translation.userInfo) }
        let shown = target.decodeClaimed(translation.userInfo).payload
        // The vendor's service extension acts only on a push iOS hands it and its SDK takes as its own; then it may
        // set the category (OneSignal's dynamic one) and replace the text.
        let deviceClaim = DeviceClaim(of: translation.userInfo, drawnAs: target.id, registry: registry)
        let extensionRuns = deviceClaim == .own
            && LifecycleStep.arrive(.serviceExtension).unmetPrecondition(in: translation.userInfo) == nil
        var category: NotificationCategory?
        let categoryID = shown.category ?? (extensionRuns ? ServiceExtensionHandler.categorySet(by: target, for: shown) : nil)
        if target.profile.categories != nil, let id = categoryID {
            category = CategoryPlanner.plan(providers: [target], seen: [shown]).categories.first { $0.id == id }
        }
        shownAlert = extensionRuns ? target.extensionAlert(for: shown) : shown.alert
        let shownActions = (category?.actions ?? []).prefix(NotificationPreview.shownButtonLimit)
        var steps: [LifecycleStep] = [.open] + shownActions.map { .openAction($0.id) }
        if category?.options.contains(.customDismissAction) == true { steps.append(.dismiss) }
        // One request identifier for every tap, as `simulate` derives it (it reads the whole userInfo).
        let options = SimulationOptions(
            vendor: target.id, deviceToken: NotificationPreview.assumedDeviceToken,
            requestIdentifier: NotificationRequestIdentifier.derived(from: translation.userInfo))
        taps = steps.map { step in
            TapPreview(step: step, effects: Simulation.run(
                translation.userInfo, decoded: shown, steps: [step], options: options, registry: registry))
        }
        vendor = target.id
        name = target.name
        self.translation = translation
        self.shown = shown
        self.category = category
        self.deviceClaim = deviceClaim
    }

    /// The category's buttons iOS shows: the first ``NotificationPreview/shownButtonLimit``.
    public var shownActions: ArraySlice<NotificationAction> {
        (category?.actions ?? []).prefix(NotificationPreview.shownButtonLimit)
    }

    /// How many of the category's buttons iOS does not show (those past ``NotificationPreview/shownButtonLimit``).
    public var hiddenActionCount: Int {
        max(0, (category?.actions.count ?? 0) - NotificationPreview.shownButtonLimit)
    }

    /// The losses drawn at `slot`, in the translation's order.
    public func losses(at slot: PreviewSlot) -> [Loss] {
        translation.losses.filter { PreviewSlot(path: $0.path) == slot }
    }

    /// Every loss by the slot it is drawn at, each list in the translation's order (one pass over the losses).
    public var lossesBySlot: [PreviewSlot: [Loss]] {
        Dictionary(grouping: translation.losses) { PreviewSlot(path: $0.path) }
    }

    /// The indexes of button slots with losses, ascending.
    public var lostButtonIndexes: [Int] {
        let indexes = translation.losses.compactMap { loss -> Int? in
            if case .button(let index) = PreviewSlot(path: loss.path) { return index }
            return nil
        }
        return Array(Set(indexes)).sorted()
    }
}

/// One notification under several vendors, for `bridge-cli preview`: the translations, categories and tap
/// plans the library already decides, gathered for drawing (see ``PreviewPage``).
///
/// The work is linear in the payload: each column translates once, decodes its translation once, and
/// simulates the body tap, the buttons iOS shows (at most ``shownButtonLimit``) and the swipe-away on that
/// one decoding, however many buttons the payload or its category has.
public struct NotificationPreview: Sendable, Hashable {
    /// The vendor that claimed the payload.
    public var source: String
    /// The payload in bridge form.
    public var payload: PushPayload
    /// One column per target vendor, in the order given.
    public var columns: [VendorPreview]

    /// A device token the taps assume the app has cached (receipts need one when the payload carries none).
    public static let assumedDeviceToken = "00000000000000000000000000000000"

    /// The buttons of a category iOS shows in a notification's expanded view; a preview draws and taps these
    /// and counts the rest.
    public static let shownButtonLimit = 4

    /// Translates `userInfo` from `source` into each of `targets` and simulates every tap iOS offers through
    /// `registry`, as an app with no action handler and no deep-link delegate or closure (links go to the
    /// system route). With `asDelivered`, each column's push gets the keys its vendor's backend adds, with
    /// placeholder ids (`VendorAdapter.asDelivered(_:)`), so a template is drawn and tapped as a device gets it.
    public init(
        _ userInfo: JSONObject, from source: any VendorAdapter, to targets: [any VendorAdapter],
        registry: VendorRegistry, asDelivered: Bool = false
    ) {
        self.source = source.id
        self.payload = source.decodeClaimed(userInfo).payload
        self.columns = targets.map {
            VendorPreview(userInfo, from: source, to: $0, registry: registry, asDelivered: asDelivered)
        }
    }
}
