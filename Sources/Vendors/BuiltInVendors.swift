import PushBridge

/// The vendors PushBridge ships with, in registration order. Adding a vendor adds one line here.
public enum BuiltInVendors {
    /// Every built-in adapter.
    public static let all: [any VendorAdapter] = [
        ZixflowAdapter(), BuzzKitAdapter(), AppDNAAdapter(), PushNotifAIAdapter(),
        OneSignalAdapter(), BrazeAdapter(), AirshipAdapter(), IterableAdapter(), CustomerIOAdapter(), KlaviyoAdapter(),
        FCMAdapter(),
    ]

    /// A registry of every built-in adapter.
    public static var registry: VendorRegistry { VendorRegistry(all) }
}
