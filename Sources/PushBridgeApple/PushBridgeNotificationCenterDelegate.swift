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
/// **Staying attached** (``DelegateAttachment``). PushBridge checks that it still holds the center's delegate at
/// ``install(on:)``, at ``configure(center:)``, whenever the app becomes active (a cold launch too) and on every
/// return to the foreground — never from inside a callback. When the app or another SDK set the delegate
/// since, PushBridge reports `delegate-replaced` once, takes the slot back and forwards every callback to the
/// object that took it (policy `.reattach`, the default). When an SDK keeps the slot however it is set (it
/// swizzles the setter and passes callbacks on, as Customer.io's does), PushBridge reports `delegate-slot-kept`
/// and leaves it there. When an SDK injected its handlers into this class (OneSignal's), it reports
/// `delegate-methods-injected`. docs/APPLE.md has a table per SDK.
public final class PushBridgeNotificationCenterDelegate: NSObject, UNUserNotificationCenterDelegate,
    @unchecked Sendable
{
    /// The platform-neutral coordinator.
    public let coordinator: NotificationCenterCoordinator
    /// The app process's category planner.
    public let categories: CategoryRegistrar
    /// What happens when another object takes the center's delegate.
    public let attachment: DelegateAttachment
    /// The app's own delegate: every callback reaches it, untouched (held weakly, as the center holds it).
    public var appDelegate: (any UNUserNotificationCenterDelegate)? {
        get { lock.withLock { storedApp.value } }
        set { lock.withLock { storedApp = WeakDelegate(value: newValue) } }
    }
    /// Other SDKs' delegates: every callback reaches them after the app's.
    public var otherDelegates: [any UNUserNotificationCenterDelegate] {
        get { lock.withLock { storedOthers } }
        set { lock.withLock { storedOthers = newValue } }
    }
    /// Who else handles `didReceiveRemoteNotification` (the app's own work, other SDKs).
    public var remoteNotificationHandlers: [RemoteNotificationHandler] {
        get { lock.withLock { storedHandlers } }
        set { lock.withLock { storedHandlers = newValue } }
    }

    private struct WeakDelegate {
        weak var value: (any UNUserNotificationCenterDelegate)?
    }

    private let lock = NSLock()
    private var storedApp = WeakDelegate()
    private var storedOthers: [any UNUserNotificationCenterDelegate] = []
    private var storedHandlers: [RemoteNotificationHandler] = []
    private var observers: [any NSObjectProtocol] = []

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
        for observer in observers { NotificationCenter.default.removeObserver(observer) }
    }

    /// Becomes the center's delegate; a delegate already set there becomes ``appDelegate`` (when none is
    /// set). Installing again changes nothing. From then on PushBridge checks that it is still the
    /// delegate whenever the app becomes active and on every return to the foreground.
    public func install(on center: UNUserNotificationCenter = .current()) {
        if let current = center.delegate, current !== self, appDelegate == nil,
           !otherDelegates.contains(where: { $0 === current })
        {
            appDelegate = current
        }
        ensureAttached(to: center)
        guard lock.withLock({ observers.isEmpty }) else { return }
        let box = UncheckedSendable(value: center)
        let added = [UIApplication.willEnterForegroundNotification, UIApplication.didBecomeActiveNotification].map {
            NotificationCenter.default.addObserver(forName: $0, object: nil, queue: .main) { [weak self] _ in
                self?.ensureAttached(to: box.value)
            }
        }
        lock.withLock { observers = added }
    }

    /// Makes sure PushBridge receives the center's callbacks (see "Staying attached").
    public func ensureAttached(to center: UNUserNotificationCenter) {
        let outcome = attachment.ensureAttached(
            slot: CenterDelegateSlot(center: center), own: self, forwardees: forwardees.map { $0 as AnyObject })
        if let diagnostic = outcome.diagnostic { coordinator.report(diagnostic) }
        if let dropped = outcome.droppedForwardee {
            lock.withLock {
                if storedApp.value === dropped { storedApp = WeakDelegate() }
                storedOthers.removeAll { $0 === dropped }
            }
        }
        if let added = outcome.newForwardee as? any UNUserNotificationCenterDelegate {
            lock.withLock { storedOthers.append(added) }
        }
        let injectedBy = DelegateAttachment.injectedSelectors.filter { responds(to: NSSelectorFromString($0.selector)) }
        if let first = injectedBy.first,
           let diagnostic = attachment.methodsInjected(into: String(describing: type(of: self)), by: first.sdk)
        {
            coordinator.report(diagnostic)
        }
    }

    /// At launch, once the app's handlers are set: takes the delegate back if another SDK set it during
    /// launch (so the tap that launched the app reaches PushBridge), registers the launch categories and those
    /// of the notifications in Notification Centre, and configures the bridge (buffered cold-start taps run now).
    public func configure(center: UNUserNotificationCenter = .current()) {
        ensureAttached(to: center)
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

    var receiverName: String { String(describing: type(of: delegate)) }

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

/// `UNUserNotificationCenter.delegate` as the slot ``DelegateAttachment`` reads and sets.
final class CenterDelegateSlot: NotificationDelegateSlot {
    let center: UNUserNotificationCenter

    init(center: UNUserNotificationCenter) { self.center = center }

    var occupant: AnyObject? { center.delegate }

    func place(_ object: AnyObject) {
        if let delegate = object as? any UNUserNotificationCenterDelegate { center.delegate = delegate }
    }
}

/// A ``RemoteNotificationHandler`` as a receiver of one callback.
struct RemoteReceiver: NotificationCallbackReceiver {
    let handler: RemoteNotificationHandler
    let userInfo: [AnyHashable: Any]

    var receiverName: String { "a didReceiveRemoteNotification handler" }

    func didReceiveRemoteNotification(
        _ notification: DeliveredNotification, completion: @escaping @Sendable (BackgroundFetchResult) -> Void
    ) -> Bool {
        handler(userInfo) { completion(AppleConversions.fetchResult($0)) }
        return true
    }
}
#endif
