#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import UIKit
@preconcurrency import UserNotifications

/// Work the app or another SDK does for `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
public typealias RemoteNotificationHandler =
    ([AnyHashable: Any], @escaping @Sendable (UIBackgroundFetchResult) -> Void) -> Void

/// The `UNUserNotificationCenterDelegate` that feeds PushBridge: every callback goes to the
/// ``NotificationCenterCoordinator`` (which handles claimed pushes and forwards every callback to the app's
/// delegate and the other SDKs' delegates, calling the system completion once), and every notification seen
/// refreshes the registered categories.
///
/// Keep a strong reference (the center holds its delegate weakly). Set ``appDelegate``,
/// ``otherDelegates`` and ``remoteNotificationHandlers`` before ``install(on:)``.
public final class PushBridgeNotificationCenterDelegate: NSObject, UNUserNotificationCenterDelegate,
    @unchecked Sendable
{
    /// The platform-neutral coordinator.
    public let coordinator: NotificationCenterCoordinator
    /// The app process's category planner.
    public let categories: CategoryRegistrar
    /// The app's own delegate: every callback reaches it, untouched.
    public weak var appDelegate: (any UNUserNotificationCenterDelegate)?
    /// Other SDKs' delegates: every callback reaches them after the app's.
    public var otherDelegates: [any UNUserNotificationCenterDelegate] = []
    /// Who else handles `didReceiveRemoteNotification` (the app's own work, other SDKs).
    public var remoteNotificationHandlers: [RemoteNotificationHandler] = []

    /// Creates the delegate.
    public init(coordinator: NotificationCenterCoordinator, categories: CategoryRegistrar) {
        self.coordinator = coordinator
        self.categories = categories
    }

    /// Becomes the center's delegate; a delegate already set there becomes ``appDelegate``.
    public func install(on center: UNUserNotificationCenter = .current()) {
        if let current = center.delegate, current !== self { appDelegate = current }
        center.delegate = self
    }

    /// At launch, once the app's handlers are set: registers the launch categories and those of the
    /// notifications in Notification Centre, and configures the bridge (buffered cold-start taps run now).
    public func configure(center: UNUserNotificationCenter = .current()) {
        let categories = self.categories
        CategoryWriter.refresh(center) { categories.configure(existing: $0, delivered: $1) }
        coordinator.configure()
    }

    /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        let handler = UncheckedSendable(value: completionHandler)
        coordinator.didReceiveRemoteNotification(
            DeliveredNotification(userInfo: AppleConversions.userInfo(userInfo)),
            forwardingTo: remoteNotificationHandlers.map { RemoteReceiver(handler: $0, userInfo: userInfo) }
        ) { handler.value(AppleConversions.fetchResult($0)) }
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        let event = AppleConversions.notification(notification)
        coordinator.willPresent(event, forwardingTo: receivers(center, notification: notification)) {
            completionHandler(AppleConversions.presentationOptions($0))
        }
        see(event, center: center)
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        let event = AppleConversions.response(response)
        coordinator.didReceive(event, forwardingTo: receivers(center, response: response)) { completionHandler() }
        see(event.notification, center: center)
    }

    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?
    ) {
        for delegate in forwardees { delegate.userNotificationCenter?(center, openSettingsFor: notification) }
    }

    private var forwardees: [any UNUserNotificationCenterDelegate] {
        [appDelegate].compactMap { $0 } + otherDelegates
    }

    private func receivers(
        _ center: UNUserNotificationCenter, notification: UNNotification? = nil, response: UNNotificationResponse? = nil
    ) -> [any NotificationCallbackReceiver] {
        forwardees.map {
            DelegateReceiver(delegate: $0, center: center, notification: notification, response: response)
        }
    }

    private func see(_ notification: DeliveredNotification, center: UNUserNotificationCenter) {
        let categories = self.categories
        CategoryWriter.refresh(center) { categories.see([notification], existing: $0, delivered: $1) }
    }
}

/// Another `UNUserNotificationCenterDelegate` as a receiver of one callback.
struct DelegateReceiver: NotificationCallbackReceiver {
    let delegate: any UNUserNotificationCenterDelegate
    let center: UNUserNotificationCenter
    let notification: UNNotification?
    let response: UNNotificationResponse?

    func willPresent(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (PresentationOptions) -> Void
    ) -> Bool {
        guard let original = self.notification else { return false }
        return delegate.userNotificationCenter?(center, willPresent: original, withCompletionHandler: {
            completion(AppleConversions.presentationOptions($0))
        }) != nil
    }

    func didReceive(_ response: NotificationResponse, completion: @escaping @Sendable () -> Void) -> Bool {
        guard let original = self.response else { return false }
        return delegate.userNotificationCenter?(center, didReceive: original, withCompletionHandler: {
            completion()
        }) != nil
    }
}

/// A ``RemoteNotificationHandler`` as a receiver of one callback.
struct RemoteReceiver: NotificationCallbackReceiver {
    let handler: RemoteNotificationHandler
    let userInfo: [AnyHashable: Any]

    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool {
        handler(userInfo) { completion(AppleConversions.fetchResult($0)) }
        return true
    }
}
#endif
