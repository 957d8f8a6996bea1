import PushBridge

/// The vendors PushBridge ships with, in registration order: the seed vendors, then the real vendors in the order
/// docs/WIRE-FORMATS.md §12 names them. Adding a vendor adds one entry here.
public enum BuiltInVendors {
    /// Every built-in adapter.
    public static let all: [any VendorAdapter] = [
        ZixflowAdapter(), BuzzKitAdapter(), AppDNAAdapter(), PushNotifAIAdapter(),
        OneSignalAdapter(), BrazeAdapter(), AirshipAdapter(), IterableAdapter(), CustomerIOAdapter(), FCMAdapter(),
        KlaviyoAdapter(),
    ]

    /// A registry of every built-in adapter.
    public static var registry: VendorRegistry { VendorRegistry(all) }

    /// The ids of the seed vendors: the four whose wire formats docs/WIRE-FORMATS.md §3 specifies, not a
    /// shipping SDK.
    public static let seedIDs: Set<String> = ["zixflow", "buzzkit", "appdna", "pushnotifai"]

    /// `adapters` with the real vendors first and the seed vendors (``seedIDs``) after them, each group in its
    /// given order: the order tables show vendors in (`bridge-cli vendors --table`, `events --table`,
    /// `compare --table`), so the vendors a migration uses come first. JSON output keeps registration order.
    public static func realFirst(_ adapters: [any VendorAdapter]) -> [any VendorAdapter] {
        adapters.filter { !seedIDs.contains($0.id) } + adapters.filter { seedIDs.contains($0.id) }
    }
}
