
/// What to write with `setNotificationCategories`, which replaces the whole set: the planned categories,
/// and which of the categories registered now must go.
///
/// Apply it to the set registered now (read with `getNotificationCategories`) by keeping every existing
/// category for which ``keeps(_:)`` is true, untouched, and adding ``added``. A category already registered
/// under a planned id is left as registered (its id names its buttons), so a category the app wrote itself
/// is never rewritten.
public struct CategorySetUpdate: Sendable, Hashable {
    /// The planned set: the app's given categories first, then the vendors' in registration order.
    public var categories: [NotificationCategory]
    /// Vendor categories to drop from the registered set (a vendor's cap), in the order they were dropped.
    public var removed: [String]
    /// The planned categories that are not registered yet (or whose buttons changed since this planner
    /// registered them): the ones to write, and the ones a ``CategoryReadback`` checks for.
    public var added: [NotificationCategory]
    /// Whether writing changes the registered set (something added or dropped).
    public var needsWrite: Bool
    /// Conflicts refused and categories dropped, for the log.
    public var diagnostics: [Diagnostic]

    /// Creates an update.
    public init(
        categories: [NotificationCategory], removed: [String] = [], added: [NotificationCategory] = [],
        needsWrite: Bool = true, diagnostics: [Diagnostic] = []
    ) {
        self.categories = categories
        self.removed = removed
        self.added = added
        self.needsWrite = needsWrite
        self.diagnostics = diagnostics
    }

    /// Whether a category registered now with this id stays as it is: it is neither dropped nor replaced
    /// by one of ``added``. The app's own categories are always kept.
    public func keeps(_ existingID: String) -> Bool {
        !removed.contains(existingID) && !added.contains { $0.id == existingID }
    }

    /// `{"categories": [...], "removed": [...]}`.
    public var json: JSONValue {
        .object(["categories": .array(categories.map(\.json)), "removed": .array(removed.map { .string($0) })])
    }
}

/// Plans the category set to register, as each vendor's SDK would, without ever dropping or changing
/// one of the app's own categories (docs/WIRE-FORMATS.md §3.1–§3.4, each vendor's "Categories").
///
/// It is a value holding this process's registration order ("most recently registered" is per
/// process: the app and its service extension each keep their own). Each
/// ``plan(existing:appCategories:inNotificationCentre:seen:)`` registers the vendors' launch categories,
/// then the categories of each notification seen, in order, applying each vendor's cap after every
/// registration: the new category, every category of a notification still in Notification Centre (even
/// past the cap), then the most recently registered, up to the cap.
///
/// Rules where the spec is silent:
/// - A registered category that no vendor owns and this planner did not register is the app's: kept
///   untouched. A vendor category with the id of an app category is refused with a diagnostic (the app
///   wins), as is a category already registered under the same id by another vendor (the first wins).
/// - A vendor category whose id the vendor derives from its buttons (``VendorAdapter/derivesCategoryID(_:)``)
///   that comes again with different buttons is a hash collision, not an update: reported as
///   `category-id-collision`, and the first registration is kept.
/// - Vendor categories found registered that this planner did not register (another process's) count as
///   registered before all of this process's, so a cap drops them first.
public struct CategoryPlanner: Sendable {
    struct Entry: Sendable, Hashable {
        var id: String
        var owner: String
        /// Nil for a vendor category found registered whose buttons this planner does not know.
        var category: NotificationCategory?
    }

    /// The vendors that register categories (whose profile has ``VendorProfile/categories``).
    public let providers: [any VendorAdapter]
    private var entries: [Entry] = []

    /// Creates a planner for those of these vendors that register categories.
    public init(providers: [any VendorAdapter]) {
        self.providers = providers.filter { $0.profile.categories != nil }
    }

    /// Creates a planner for every adapter of `registry` that provides categories.
    public init(registry: VendorRegistry) {
        self.init(providers: registry.adapters)
    }

    /// This process's vendor categories with their buttons, oldest registration first.
    public var registered: [NotificationCategory] { entries.compactMap(\.category) }

    /// Every vendor category id counted as registered, oldest first (including other processes' ones).
    public var registeredIDs: [String] { entries.map(\.id) }

    /// Plans one registration.
    ///
    /// - Parameters:
    ///   - existing: the ids registered now (`getNotificationCategories`); those no vendor owns are the app's.
    ///   - appCategories: the app's own categories, when the app hands them to PushBridge; written as given.
    ///   - inNotificationCentre: the category ids of the notifications still in Notification Centre.
    ///   - seen: the notifications seen since the last plan, oldest first (bridge forms).
    public mutating func plan(
        existing: [String] = [], appCategories: [NotificationCategory] = [], inNotificationCentre: [String] = [],
        seen: [PushPayload] = []
    ) -> CategorySetUpdate {
        let existingIDs = Set(existing)
        let centre = Set(inNotificationCentre)
        let before = Dictionary(entries.compactMap { entry in entry.category.map { (entry.id, $0) } }) { old, _ in old }
        var appIDs = Set(appCategories.map(\.id))
        var diagnostics: [Diagnostic] = []
        var removed: [String] = []

        var known = Set(entries.map(\.id))
        var adopted: [Entry] = []
        for id in existing where !known.contains(id) && !appIDs.contains(id) {
            if let owner = providers.first(where: { $0.ownsCategory(id) }) {
                adopted.append(Entry(id: id, owner: owner.id, category: nil))
                known.insert(id)
            } else {
                appIDs.insert(id)
            }
        }
        entries = adopted + entries.filter { entry in
            guard appIDs.contains(entry.id) else { return true }
            diagnostics.append(Self.appWins(entry.id, owner: entry.owner))
            return false
        }

        func register(_ proposed: NotificationCategory, by provider: any VendorAdapter) {
            var category = proposed
            category.owner = provider.id
            if appIDs.contains(category.id) {
                diagnostics.append(Self.appWins(category.id, owner: provider.id))
                return
            }
            if let index = entries.firstIndex(where: { $0.id == category.id }) {
                guard entries[index].owner == provider.id else {
                    diagnostics.append(Diagnostic(
                        .warning, code: .categoryConflict,
                        message: "\(provider.id) needs category '\(category.id)', which \(entries[index].owner) "
                            + "already registers; the first registration is kept"))
                    return
                }
                if let registered = entries[index].category, registered != category,
                   provider.derivesCategoryID(category.id) {
                    diagnostics.append(
                        Self.idCollision(category.id, owner: provider.id, first: registered, second: category))
                    return
                }
                entries.remove(at: index)
            }
            entries.append(Entry(id: category.id, owner: provider.id, category: category))
            removed.removeAll { $0 == category.id }
            guard let limit = provider.profile.categories?.limit else { return }
            for id in Self.overLimit(entries.filter { $0.owner == provider.id }.map(\.id), new: category.id,
                                     inNotificationCentre: centre, limit: limit) {
                entries.removeAll { $0.id == id }
                removed.append(id)
                diagnostics.append(Diagnostic(
                    .info, code: .categoryDropped,
                    message: "\(provider.id) keeps at most \(limit) categories registered; '\(id)' was dropped"))
            }
        }

        for provider in providers {
            for category in provider.profile.categories?.launch ?? [] { register(category, by: provider) }
        }
        for payload in seen {
            guard let provider = providers.first(where: { $0.id == payload.vendor }) else { continue }
            for category in provider.categories(for: payload) { register(category, by: provider) }
        }
        for id in inNotificationCentre where !known.contains(id) && !entries.contains(where: { $0.id == id }) {
            guard let owner = providers.first(where: { $0.ownsCategory(id) }), !appIDs.contains(id) else { continue }
            known.insert(id)
            diagnostics.append(Diagnostic(
                .info, code: .categoryUnknown,
                message: "a notification in Notification Centre uses \(owner.id) category '\(id)', but no notification "
                    + "seen defines its buttons; it is registered when one is seen"))
        }

        let written = appCategories + entries.compactMap(\.category)
        let added = written.filter { category in
            !existingIDs.contains(category.id) || (before[category.id].map { $0 != category } ?? false)
        }
        var reported = Set<Diagnostic>()
        return CategorySetUpdate(
            categories: written, removed: removed, added: added,
            needsWrite: !added.isEmpty || removed.contains(where: existingIDs.contains),
            diagnostics: diagnostics.filter { reported.insert($0).inserted })
    }

    /// One plan with a fresh planner: what `bridge-cli categories` prints.
    public static func plan(
        providers: [any VendorAdapter], appCategories: [NotificationCategory] = [],
        inNotificationCentre: [String] = [], seen: [PushPayload] = []
    ) -> CategorySetUpdate {
        var planner = CategoryPlanner(providers: providers)
        return planner.plan(appCategories: appCategories, inNotificationCentre: inNotificationCentre, seen: seen)
    }

    /// The ids to drop so that at most `limit` stay (AppDNA's cap, docs/WIRE-FORMATS.md §3.3): `new`, every id
    /// in Notification Centre (even past the limit), then the most recent of `ids` (oldest first) up to `limit`.
    public static func overLimit(
        _ ids: [String], new: String, inNotificationCentre: Set<String>, limit: Int
    ) -> [String] {
        guard ids.count > limit else { return [] }
        var keep: Set<String> = [new]
        for id in ids where inNotificationCentre.contains(id) { keep.insert(id) }
        for id in ids.reversed() where keep.count < limit { keep.insert(id) }
        return ids.filter { !keep.contains($0) }
    }

    private static func idCollision(
        _ id: String, owner: String, first: NotificationCategory, second: NotificationCategory
    ) -> Diagnostic {
        func titles(_ category: NotificationCategory) -> String {
            JSONWriter.string(.array(category.actions.map { .string($0.title) }))
        }
        return Diagnostic(
            .warning, code: .categoryIDCollision,
            message: "\(owner) derives category '\(id)' for two different button sets, \(titles(first)) and "
                + "\(titles(second)) (its 64-bit hash collides): the first registration is kept, so a push with the "
                + "second set would show the first set's buttons")
    }

    private static func appWins(_ id: String, owner: String) -> Diagnostic {
        Diagnostic(
            .warning, code: .categoryOwnedByApp,
            message: "the app registers category '\(id)' itself; \(owner)'s category of that id is not registered "
                + "and the app's is kept unchanged")
    }
}

/// The read-back check after a registration (docs/vendors/appdna.md): the extension and the app register in separate
/// processes and each write replaces the whole set, so one can wipe the other's new category. After
/// writing, read the set back; while a wanted category is missing, add it again to what was read back,
/// up to ``maxRetries`` times.
public struct CategoryReadback: Sendable, Hashable {
    /// What to do after a read-back.
    public enum Decision: Sendable, Hashable {
        /// Every wanted category is registered.
        case done
        /// Write again: keep what was read back and add these (apply the update to the read-back set).
        case registerAgain(CategorySetUpdate)
        /// Still missing after every retry; registered again the next time a notification needs them.
        case gaveUp(missing: [String])
    }

    /// How many times a missing category is added again.
    public static let maxRetries = 3

    /// The categories the registration must see registered.
    public let wanted: [NotificationCategory]
    /// How many times it has written again so far.
    public private(set) var retries = 0

    /// Checks for `wanted`.
    public init(wanted: [NotificationCategory]) {
        self.wanted = wanted
    }

    /// Checks for the categories `update` added.
    public init(_ update: CategorySetUpdate) {
        self.init(wanted: update.added)
    }

    /// Decides from the ids read back after a write.
    public mutating func check(readBack ids: [String]) -> Decision {
        let present = Set(ids)
        let missing = wanted.filter { !present.contains($0.id) }
        if missing.isEmpty { return .done }
        guard retries < Self.maxRetries else { return .gaveUp(missing: missing.map(\.id)) }
        retries += 1
        return .registerAgain(CategorySetUpdate(categories: missing, added: missing))
    }
}

/// The category planner of one process, shared by the app's notification-center delegate or the service
/// extension: it decodes notifications through the registry and plans with this process's state.
public final class CategoryRegistrar: Sendable {
    /// The vendors.
    public let registry: VendorRegistry
    /// The app's own categories, when it hands them to PushBridge (written as given, never changed).
    public let appCategories: [NotificationCategory]
    private let planner: Locked<CategoryPlanner>

    /// Creates a registrar.
    public init(registry: VendorRegistry, appCategories: [NotificationCategory] = []) {
        self.registry = registry
        self.appCategories = appCategories
        planner = Locked(CategoryPlanner(registry: registry))
    }

    /// At configure: the launch categories and those of the notifications still in Notification Centre.
    ///
    /// - Parameters:
    ///   - existing: the category ids registered now.
    ///   - delivered: the notifications in Notification Centre.
    public func configure(existing: [String], delivered: [DeliveredNotification]) -> CategorySetUpdate {
        plan(seen: delivered, existing: existing, delivered: delivered)
    }

    /// When notifications are seen (the service extension, a foreground arrival, a tap).
    public func see(
        _ notifications: [DeliveredNotification], existing: [String], delivered: [DeliveredNotification] = []
    ) -> CategorySetUpdate {
        plan(seen: notifications, existing: existing, delivered: delivered)
    }

    private func plan(
        seen: [DeliveredNotification], existing: [String], delivered: [DeliveredNotification]
    ) -> CategorySetUpdate {
        let payloads = seen.compactMap { notification -> PushPayload? in
            guard let adapter = try? registry.resolve(notification.userInfo) else { return nil }
            return adapter.decodeClaimed(notification.userInfo).payload
        }
        let centre = delivered.compactMap(\.effectiveCategory)
        return planner.withLock {
            $0.plan(existing: existing, appCategories: appCategories, inNotificationCentre: centre, seen: payloads)
        }
    }
}
