// expect: fail sendability of function types in instance method 'application(_:didReceiveRemoteNotification:fetchCompletionHandler:)'
// The example's bug of issue 14 (item 4): Apple's fetchCompletionHandler is not @Sendable.
import UIKit

final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping @Sendable (UIBackgroundFetchResult) -> Void
    ) {
        completionHandler(.noData)
    }
}
