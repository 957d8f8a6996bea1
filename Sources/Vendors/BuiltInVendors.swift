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
}
