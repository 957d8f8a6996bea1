#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import UIKit

/// The router's system route on iOS: `UIApplication.open`. The link has already passed the router's
/// ``LinkPolicy``. Opening is asynchronous, so a link `URL` accepts counts as opened.
@available(iOSApplicationExtension, unavailable)
public struct UIApplicationURLOpener: SystemURLOpener {
    /// Creates the opener.
    public init() {}

    public func open(_ link: DeepLink) -> Bool {
        guard let url = URL(string: link.string) else { return false }
        Task { @MainActor in _ = await UIApplication.shared.open(url) }
        return true
    }
}
#endif
