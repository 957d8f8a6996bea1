// expect: pass
// A tour of the declarations PushBridge uses, each used as Apple's SDK allows in Swift 6.
import UIKit
import UserNotifications

final class Forwarder: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    weak var next: (any UNUserNotificationCenterDelegate)?

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let forwarded: Void? = next?.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: completionHandler)
        if forwarded == nil { completionHandler([.banner, .list, .sound, .badge]) }
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let text = (response as? UNTextInputNotificationResponse)?.userText
        _ = (text, response.actionIdentifier == UNNotificationDefaultActionIdentifier, response.notification.request.identifier)
        completionHandler()
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        next?.userNotificationCenter?(center, openSettingsFor: notification)
    }

    func install() {
        let center = UNUserNotificationCenter.current()
        if let current = center.delegate, current !== self { next = current }
        center.delegate = self
    }
}

func registerCategories() {
    let center = UNUserNotificationCenter.current()
    center.getNotificationCategories { existing in
        // Categories are not Sendable: build them inside the @Sendable handler, not outside it.
        let reply = UNTextInputNotificationAction(
            identifier: "reply", title: "Reply", options: [.authenticationRequired], textInputButtonTitle: "Send",
            textInputPlaceholder: "Message")
        let open = UNNotificationAction(identifier: "open", title: "Open", options: [.foreground])
        let category = UNNotificationCategory(
            identifier: "chat", actions: [reply, open], intentIdentifiers: [], options: [.customDismissAction])
        UNUserNotificationCenter.current().setNotificationCategories(existing.union([category]))
    }
    center.getNotificationSettings { settings in
        switch settings.authorizationStatus {
        case .authorized, .provisional, .ephemeral: print("granted")
        case .denied, .notDetermined: print("not granted")
        @unknown default: print("unknown")
        }
    }
    center.requestAuthorization(options: [.alert, .badge, .sound]) { granted, error in _ = (granted, error) }
}

func permissionAsync() async throws -> Bool {
    let center = UNUserNotificationCenter.current()
    let delivered = await center.deliveredNotifications()
    let categories = await center.notificationCategories()
    _ = (delivered.map(\.date), categories.map(\.identifier))
    return try await center.requestAuthorization(options: [.badge])
}

/// Background tasks and lifecycle notifications are usable off the main actor (Apple marks them nonisolated).
func flushInBackgroundTask(_ application: UIApplication) {
    let task = application.beginBackgroundTask(withName: "flush") {
        MainActor.assumeIsolated { _ = UIApplication.shared.applicationState }
    }
    if task != .invalid { application.endBackgroundTask(task) }
    _ = NotificationCenter.default.addObserver(
        forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
    ) { _ in }
}

@MainActor
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = UIViewController()
        window?.makeKeyAndVisible()
        application.registerForRemoteNotifications()
        if application.applicationState == .active, let url = URL(string: "https://example.com") {
            Task { @MainActor in _ = await UIApplication.shared.open(url) }
            application.open(url, options: [:]) { opened in _ = opened }
        }
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {}

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {}

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
}
