#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeURLSession
import UIKit
@preconcurrency import UserNotifications

/// PushBridge in an app, set up in one call:
///
/// ```swift
/// let push = PushBridgeApp.start(.shared, launchOptions: launchOptions)   // in didFinishLaunching
/// push.bridge.actions.register("show_offer") { … }          // your named actions
/// push.bridge.router.handler = { link in … }                // your in-app links
/// push.configure()                                          // once the first screen exists
/// push.requestPermission()                                  // when it suits the app
/// // didRegisterForRemoteNotificationsWithDeviceToken: push.receiveToken(token)
/// ```
///
/// `start` opens the receipt outbox in the app group (without one, receipts wait in memory), makes the bridge
/// (a tap that launched the app waits until ``configure()``), installs the notification-center delegate
/// (keeping any delegate already set as the app's, and taking the delegate back if another SDK replaces it
/// later), registers for remote notifications and sends the receipts at launch, on every return to the
/// foreground and after each tap, each flush inside a background task.
///
/// **Threads** (docs/APPLE.md "Threads"): a delegate callback on the main thread decodes the push and queues
/// its receipts; the disk append, its sync and every HTTP request happen on background queues. Another
/// delegate that never calls its completion handler is given 5 s (25 s for a background fetch,
/// ``NotificationCenterCoordinator/receiverDeadline``).
///
/// **The launch tap**: when the tap that launched the app went to a delegate another SDK set during launch,
/// PushBridge handles it from `launchOptions` (or from ``launched(by:)``) once, a moment after the app
/// becomes active.
@available(iOSApplicationExtension, unavailable)
@MainActor
public final class PushBridgeApp {
    /// The configuration shared with the Notification Service Extension.
    public let configuration: PushBridgeConfiguration
    /// The outbox, the HTTP sender and what was noticed while starting.
    public let runtime: PushBridgeRuntime
    /// The bridge: register actions and the in-app link handler on it.
    public let bridge: NotificationBridge
    /// The notification-center delegate PushBridge installed.
    public let delegate: PushBridgeNotificationCenterDelegate
    /// Token registration with the vendors.
    public let tokens: TokenRegistrationService
    /// Sends the receipts: the outbox's, or those waiting in memory without an app group.
    public let flushes: ReceiptFlushScheduler
    /// Seconds after the app first becomes active before a launch tap that never reached PushBridge's delegate
    /// is handled from the launch options (default 2).
    nonisolated public static let launchRecoveryDelay: Double = 2
    private var observers: [any NSObjectProtocol] = []

    /// Starts PushBridge for this app.
    ///
    /// - Parameters:
    ///   - configuration: the vendors, app group and endpoints (shared with the extension).
    ///   - launchOptions: `didFinishLaunching`'s options: a launch by a notification tap is handled once
    ///     even if another delegate took the tap.
    ///   - environment: the APNs environment of this build (`.sandbox` for debug builds), for vendors whose
    ///     token registration names it.
    ///   - registerToken: sends one vendor's token registration to its backend (default: none is sent;
    ///     the requests are still computed and the bridge's device token kept).
    ///   - onEffects: every receipt, action, route and diagnostic, for logging (default: none).
    public static func start(
        _ configuration: PushBridgeConfiguration, launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil,
        environment: APNsEnvironment? = nil,
        registerToken: @escaping @Sendable (TokenRegistrationRequest) -> Void = { _ in },
        onEffects: (@Sendable ([BridgeEffect]) -> Void)? = nil
    ) -> PushBridgeApp {
        let app = PushBridgeApp(configuration, environment: environment, registerToken: registerToken, onEffects: onEffects)
        if let userInfo = launchOptions?[.remoteNotification] as? [AnyHashable: Any] {
            app.delegate.coordinator.noteLaunchResponse(
                NotificationResponse(
                    notification: DeliveredNotification(userInfo: AppleConversions.userInfo(userInfo)),
                    actionIdentifier: LifecycleStep.defaultActionIdentifier),
                actionKnown: false)
        }
        return app
    }

    private init(
        _ configuration: PushBridgeConfiguration, environment: APNsEnvironment?,
        registerToken: @escaping @Sendable (TokenRegistrationRequest) -> Void,
        onEffects: (@Sendable ([BridgeEffect]) -> Void)?
    ) {
        self.configuration = configuration
        runtime = PushBridgeRuntime(
            configuration: configuration, directory: configuration.outboxDirectory,
            transport: URLSessionTransport())
        bridge = runtime.makeBridge(router: DeepLinkRouter(system: UIApplicationURLOpener()))
        let coordinator = NotificationCenterCoordinator(
            bridge: bridge, presentation: configuration.presentation, completionExecutor: .mainThread,
            receiverDeadline: .dispatch())
        coordinator.onEffects = onEffects
        delegate = PushBridgeNotificationCenterDelegate(
            coordinator: coordinator, categories: CategoryRegistrar(registry: configuration.registry))
        tokens = TokenRegistrationService(
            registrar: TokenRegistrar(
                registry: configuration.registry, bundleIdentifier: Bundle.main.bundleIdentifier,
                environment: environment),
            bridge: bridge, send: registerToken)
        let flushes = runtime.makeFlushScheduler(backgroundTasks: UIKitBackgroundTasks())
        self.flushes = flushes
        runtime.recorder.onRecorded = { flushes.flushSoon() }
        runtime.recorder.onDiagnostic = { coordinator.report($0) }
        flushes.onReport = { report in
            for diagnostic in report.diagnostics { coordinator.report(diagnostic) }
        }
        for diagnostic in runtime.diagnostics { coordinator.report(diagnostic) }

        let center = UNUserNotificationCenter.current()
        delegate.install(on: center)
        trackAppState()
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
        ) { _ in flushes.flushSoon() })
        flushes.flushSoon()
        let tokens = self.tokens
        center.getNotificationSettings { settings in
            tokens.setPermission(AppleConversions.permission(settings.authorizationStatus))
        }
        UIApplication.shared.registerForRemoteNotifications()
    }

    /// Call once the app's first screen exists and its handlers are set: takes the delegate back if another
    /// SDK set it during launch, registers the categories and runs a tap that launched the app (buffered until
    /// now).
    public func configure() {
        delegate.configure(center: .current())
    }

    /// For a scene-based app: call from `scene(_:willConnectTo:options:)` with the connection options'
    /// `notificationResponse`, so a launch tap that another delegate took is still handled once (with the
    /// button tapped, which `launchOptions` do not tell).
    public func launched(by response: UNNotificationResponse?) {
        guard let response else { return }
        delegate.coordinator.noteLaunchResponse(AppleConversions.response(response), actionKnown: true)
    }

    /// Keeps ``NotificationBridge/appState`` (docs/WIRE-FORMATS.md §5): `not-running` from a launch until the
    /// app first becomes active (a tap answered before then launched it), `background` for a launch into the
    /// background, then `active` and `background` as the app moves. iOS answers a tap before the app becomes
    /// active, so a tap from the background is handled while the state is still `background`.
    private func trackAppState() {
        let bridge = self.bridge
        bridge.appState = UIApplication.shared.applicationState == .background ? .background : .notRunning
        let coordinator = delegate.coordinator
        let recovery = OnceOnlyCompletion<Void> { _ in
            DispatchQueue.main.asyncAfter(deadline: .now() + PushBridgeApp.launchRecoveryDelay) {
                coordinator.recoverLaunchResponse()
            }
        }
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didBecomeActiveNotification, object: nil, queue: .main
        ) { _ in
            bridge.appState = .active
            recovery(())
        })
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { _ in bridge.appState = .background })
    }

    /// Asks for permission to show notifications (alert, sound, badge); `completion` gets the answer.
    public func requestPermission(
        options: UNAuthorizationOptions = [.alert, .sound, .badge],
        completion: @escaping @Sendable (Bool) -> Void = { _ in }
    ) {
        let tokens = self.tokens
        UNUserNotificationCenter.current().requestAuthorization(options: options) { granted, _ in
            UNUserNotificationCenter.current().getNotificationSettings { settings in
                tokens.setPermission(AppleConversions.permission(settings.authorizationStatus))
                completion(granted)
            }
        }
    }

    /// Call from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public func receiveToken(_ token: Data) {
        tokens.receiveToken(Array(token))
    }

    /// Call from `application(_:didFailToRegisterForRemoteNotificationsWithError:)`: reported as a
    /// `token-registration-failed` diagnostic (the simulator, a missing entitlement, no network).
    public func failedToRegister(_ error: any Error) {
        delegate.coordinator.report(Diagnostic(
            .warning, code: .tokenRegistrationFailed,
            message: "APNs registration failed: \(error.localizedDescription); pushes cannot reach this device "
                + "until it succeeds (registration is tried again at the next launch)"))
    }

    /// Call from `application(_:didReceiveRemoteNotification:fetchCompletionHandler:)`.
    public func didReceiveRemoteNotification(
        _ userInfo: [AnyHashable: Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) {
        delegate.didReceiveRemoteNotification(userInfo, fetchCompletionHandler: completionHandler)
    }

}

extension PushBridgeConfiguration {
    /// The outbox directory inside the app group's container (nil without an app group or container).
    public var outboxDirectory: String? {
        guard let appGroup,
              let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup)
        else { return nil }
        return container.appendingPathComponent("PushBridge/receipts", isDirectory: true).path
    }
}

/// Background tasks through `UIApplication.beginBackgroundTask`, begun and ended on the calling thread (both
/// are `nonisolated`: Apple says they may be called from any thread); each task is ended once. Ending on the
/// calling thread matters: the expiration handler runs on the main thread and must end the task before it
/// returns.
@available(iOSApplicationExtension, unavailable)
final class UIKitBackgroundTasks: BackgroundTaskRunning {
    private let application: UncheckedSendable<UIApplication>
    private let ended = Locked<Set<Int>>([])

    @MainActor
    init() { application = UncheckedSendable(value: UIApplication.shared) }

    func begin(name: String, expired: @escaping @Sendable () -> Void) -> Int {
        application.value.beginBackgroundTask(withName: name, expirationHandler: expired).rawValue
    }

    func end(_ token: Int) {
        let identifier = UIBackgroundTaskIdentifier(rawValue: token)
        guard identifier != .invalid, ended.withLock({ $0.insert(token).inserted }) else { return }
        application.value.endBackgroundTask(identifier)
    }
}
#endif
