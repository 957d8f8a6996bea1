/// A vendor adapter that registers notification categories, the way its SDK does.
///
/// ## Implementation requirements
/// - ``launchCategories`` are the categories the SDK registers at launch whatever it receives
///   (Zixflow's `ZX_2BTN`, PushNotifAI's `pushnotifai`); empty by default.
/// - ``categories(for:)`` returns the categories one notification needs registered before it is shown,
///   derived from its bridge form exactly as the SDK derives them (ids, titles, options); empty when it
///   needs none (the default, for a vendor whose categories are all registered at launch). It never crashes
///   and is deterministic: the same payload gives the same categories.
/// - Every category returned is owned by the adapter (``NotificationCategory/owner`` is its
///   ``VendorAdapter/id``).
/// - Every category the adapter owns (``VendorAdapter/ownsCategory(_:)``, which defaults to the launch
///   categories) and sends is provided here; the conformance law `law:provides-category` checks it.
/// - ``categoryLimit`` caps how many of the vendor's categories stay registered (nil: no cap); past it
///   the planner keeps the new one, every one still in Notification Centre, then the most recent.
/// - ``derivesCategoryID(_:)`` is true for the ids the vendor computes from a button set with a hash that
///   can collide (the seeds' 64-bit FNV-1a: BuzzKit's `buzzkit.<hash>`, AppDNA's `appdna_<hash>`); false by
///   default.
public protocol CategoryProviding: VendorAdapter {
    /// Categories registered at launch.
    var launchCategories: [NotificationCategory] { get }
    /// The categories `payload` needs registered before it is displayed.
    func categories(for payload: PushPayload) -> [NotificationCategory]
    /// Most of this vendor's categories kept registered, or nil for no cap.
    var categoryLimit: Int? { get }
    /// Whether `category` is an id this vendor derives from its button set with a 64-bit hash, so that two
    /// different button sets under it are a collision, not an update: the planner reports them
    /// (`category-id-collision`) and keeps the first.
    func derivesCategoryID(_ category: String) -> Bool
}

extension CategoryProviding {
    public var launchCategories: [NotificationCategory] { [] }
    public func categories(for payload: PushPayload) -> [NotificationCategory] { [] }
    public var categoryLimit: Int? { nil }
    public func derivesCategoryID(_ category: String) -> Bool { false }

    /// Whether `category` is one of the ``launchCategories`` (the default for a vendor that registers categories;
    /// chosen over ``VendorAdapter``'s, which owns none, without a dynamic cast per call).
    public func ownsCategory(_ category: String) -> Bool {
        launchCategories.contains { $0.id == category }
    }
}
