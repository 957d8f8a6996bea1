#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import UIKit
@preconcurrency import UserNotifications

/// Work the app or another SDK does for `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
public typealias RemoteNotificationHandler =
    ([AnyHashable: Any], @escaping @Sendable (UIBackgroundFetchResult) -> Void) -> Void

extension CompletionExecutor {
    /// Runs each completion on the main thread: at once when already there, else on the main queue.
    public static let mainThread = CompletionExecutor { work in
        if Thread.isMainThread { work() } else { DispatchQueue.main.async(execute: work) }
    }
}

/// The `UNUserNotificationCenterDelegate` that feeds PushBridge: every callback goes to the
/// ``NotificationCenterCoordinator`` (which handles claimed pushes and forwards every callback to the app's
/// delegate and the other SDKs' delegates, calling the system completion once), and every notification seen
/// refreshes the registered categories.
///
/// Keep a strong reference (the center holds its delegate weakly). Set ``appDelegate``,
/// ``otherDelegates`` and ``remoteNotificationHandlers`` before ``install(on:)``. Create the coordinator with
/// `completionExecutor: .mainThread`: UIKit wants completion handlers on the main thread.
///
/// **Staying attached.** When the app or another SDK sets the center's delegate after ``install(on:)``,
/// PushBridge notices at the next callback it receives and on every return to the foreground
/// (``DelegateAttachment``): it reports a `delegate-replaced` warning once, takes the delegate back and
/// forwards every callback to the object that took it (``attachment`` policy `.reattach`, the default).
public final class PushBridgeNotificationCenterDelegate: NSObject, UNUserNotificationCenterDelegate,
    @unchecked Sendable
{
    /// The platform-neutral coordinator.
    public let coordinator: NotificationCenterCoordinator
    /// The app process's category planner.
    public let categories: CategoryRegistrar
    /// What happens when another object takes the center's delegate.
    public let attachment: DelegateAttachment
    /// The app's own delegate: every callback reaches it, untouched.
    public weak var appDelegate: (any UNUserNotificationCenterDelegate)?
    /// Other SDKs' delegates: every callback reaches them after the app's.
    public var otherDelegates: [any UNUserNotificationCenterDelegate] {
        get { lock.withLock { storedOthers } }
        set { lock.withLock { storedOthers = newValue } }
    }
    /// Who else handles `didReceiveRemoteNotification` (the app's own work, other SDKs).
    public var remoteNotificationHandlers: [RemoteNotificationHandler] = []

    private let lock = NSLock()
    private var storedOthers: [any UNUserNotificationCenterDelegate] = []
    private var foregroundObserver: (any NSObjectProtocol)?

    /// Creates the delegate.
    public init(
        coordinator: NotificationCenterCoordinator, categories: CategoryRegistrar,
        attachment: DelegateAttachment = DelegateAttachment()
    ) {
        self.coordinator = coordinator
        self.categories = categories
        self.attachment = attachment
    }

    deinit {
        if let foregroundObserver { NotificationCenter.default.removeObserver(foregroundObserver) }
    }

    /// Becomes the center's delegate; a delegate already set there becomes ``appDelegate`` (when none is
    /// set). Installing again changes nothing. From then on PushBridge checks that it is still the
    /// delegate on every return to the foreground.
    public func install(on center: UNUserNotificationCenter = .current()) {
        if let current = center.delegate, current !== self, appDelegate == nil,
           !otherDelegates.contains(where: { $0 === current })
        {
            appDelegate = current
        }
        ensureAttached(to: center)
        guard lock.withLock({ foregroundObserver == nil }) else { return }
        let box = UncheckedSendable(value: center)
        let observer = NotificationCenter.default.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { [weak self] _ in self?.ensureAttached(to: box.value) }
        lock.withLock { foregroundObserver = observer }
    }

    /// Takes the center's delegate back when another object took it (see "Staying attached").
    public func ensureAttached(to center: UNUserNotificationCenter) {
        let outcome = attachment.reconcile(
            current: center.delegate, own: self, forwardees: forwardees.map { $0 as AnyObject })
        if let diagnostic = outcome.diagnostic { coordinator.report(diagnostic) }
        if let added = outcome.newForwardee as? any UNUserNotificationCenterDelegate {
            lock.withLock { storedOthers.append(added) }
        }
        if outcome.takeSlot { center.delegate = self }
    }

    /// At launch, once the app's handlers are set: registers the launch categories and those of the
    /// notifications in Notification Centre, and configures the bridge (buffered cold-start taps run now).
    public func configure(center: UNUserNotificationCenter = .current()) {
        let categories = self.categories
        CategoryWriter.refresh(center) { categories.configure(existing: $0, delivered: $1) }
        coordinator.configure()
    }

    /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`; the handler runs
    /// once, on the main thread.
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
        ensureAttached(to: center)
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
        ensureAttached(to: center)
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
