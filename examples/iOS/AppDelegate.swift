// An app migrating from Zixflow to BuzzKit: both vendors' pushes arrive during the switch, and PushBridge
// handles both. Part of an Xcode app target; not built by SwiftPM (CI type-checks it against the SDK
// surface in Tests/AppleSDKSurface).
import PushBridge
import PushBridgeApple
import UIKit
import UserNotifications

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    var push: PushBridgeApp?

    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        // PushBridge in ten lines: start, your actions and links, the first screen, then configure.
        let push = PushBridgeApp.start(
            .shared, launchOptions: options, environment: apnsEnvironment, onEffects: { print($0) })
        push.bridge.actions.register("show_offer") { action in print("show offer", action.data) }
        push.bridge.router.handler = { link in link.scheme == "gym" }  // in-app screens; true = handled here
        push.delegate.coordinator.presentation.setShowsInForeground(false, for: "zixflow")
        window = UIWindow()
        window?.rootViewController = UIViewController()
        window?.makeKeyAndVisible()
        push.configure()  // the first screen exists: a tap that launched the app is routed now
        push.requestPermission { granted in print("notifications allowed:", granted) }
        self.push = push
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken token: Data) {
        push?.receiveToken(token)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        push?.failedToRegister(error)
    }

    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        guard let push else { return completionHandler(.noData) }
        push.didReceiveRemoteNotification(userInfo, fetchCompletionHandler: completionHandler)
    }
}

#if DEBUG
let apnsEnvironment = APNsEnvironment.sandbox
#else
let apnsEnvironment = APNsEnvironment.production
#endif
