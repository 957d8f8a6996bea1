// An app migrating from Zixflow to BuzzKit: both vendors' pushes arrive during the switch, and PushBridge
// handles both through one delegate. Part of an Xcode app target (iOS 18+); not built by SwiftPM.
import Foundation
import PushBridge
import PushBridgeApple
import PushBridgeVendors
import UIKit
@preconcurrency import UserNotifications

/// The vendors this app hears from during the migration.
let migrationVendors = VendorRegistry([ZixflowAdapter(), BuzzKitAdapter()])
/// The app group the app and its Notification Service Extension share.
let appGroup = "group.com.example.gym"

/// The receipt outbox in the app group (the extension records there too); in memory when unavailable.
func makeReceiptSink() -> any ReceiptSink {
    guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup),
          let outbox = try? ReceiptOutbox(directory: folder.appendingPathComponent("receipts").path)
    else { return InMemoryReceiptSink() }
    return outbox
}

@main
final class AppDelegate: UIResponder, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    /// Starts unconfigured: a cold-start tap waits in the buffer until the handlers below are set.
    let bridge = NotificationBridge(
        registry: migrationVendors, configuration: .init(startsConfigured: false), sink: makeReceiptSink(),
        router: DeepLinkRouter(system: UIApplicationURLOpener()))
    lazy var push = PushBridgeNotificationCenterDelegate(
        coordinator: NotificationCenterCoordinator(bridge: bridge),
        categories: CategoryRegistrar(registry: migrationVendors))
    lazy var tokens = TokenRegistrationService(
        registrar: TokenRegistrar(
            registry: migrationVendors, bundleIdentifier: Bundle.main.bundleIdentifier, environment: apnsEnvironment),
        bridge: bridge
    ) { request in
        print("register token:", JSONWriter.string(request.json))  // POST it to the vendor's backend here
    }

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        bridge.router.handler = { link in link.scheme == "gym" }  // open in-app screens here; true = consumed
        bridge.actions.register("show_offer") { action in print("show offer", action.data) }
        push.coordinator.presentation.setShowsInForeground(false, for: "zixflow")  // seed 001's option

        let center = UNUserNotificationCenter.current()
        center.delegate = self  // the app's own delegate: PushBridge forwards every callback to it
        push.install(on: center)
        push.configure(center: center)  // categories of both vendors, then the buffered cold-start tap

        let tokens = self.tokens
        tokens.onPushTokenRegistered = { token in print("new APNs token", token) }
        center.getNotificationSettings { settings in
            tokens.setPermission(AppleConversions.permission(settings.authorizationStatus))
        }
        application.registerForRemoteNotifications()
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
        tokens.receiveToken(Array(token))
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        push.didReceiveRemoteNotification(userInfo, fetchCompletionHandler: completionHandler)
    }

    // The app's own delegate methods keep working for its own (local) notifications.
    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .sound])
    }

    nonisolated func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }
}

#if DEBUG
let apnsEnvironment = APNsEnvironment.sandbox
#else
let apnsEnvironment = APNsEnvironment.production
#endif
