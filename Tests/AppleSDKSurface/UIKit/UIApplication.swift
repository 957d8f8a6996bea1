// Stand-in for Apple's UIKit: UIApplication, its delegate protocol and the types around them. See
// ../UserNotifications/UNUserNotificationCenter.swift for how to read these declarations.
//
// Deviation: Apple's UIApplicationDelegate is an `@objc` protocol whose requirements are all `optional`.
// On Linux its requirements cannot be `@objc` (their `[AnyHashable: Any]`, `Data` and `Error` parameters
// have no Objective-C representation without Apple's Foundation), so here it is a Swift protocol whose
// requirements have default implementations. Implementing one with the wrong sendability or isolation is
// still reported; implementing one with a wrong label or parameter type is not (Xcode warns "nearly
// matches optional requirement"), and nothing here calls the delegate, so `?`-calls are not modelled.
import AppleSDKStandInBase
import Foundation

/// https://developer.apple.com/documentation/uikit/uiapplication
/// `@MainActor class UIApplication : UIResponder`
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/shared
    /// `class var shared: UIApplication { get }`, NS_EXTENSION_UNAVAILABLE_IOS("Use view controller based
    /// solutions where appropriate instead."): unavailable in app extensions (check.sh maps
    /// `iOSApplicationExtension, unavailable` onto a domain it disables for extension code; see availability.py).
    @preconcurrency
    @available(iOSApplicationExtension, unavailable)
    open class var shared: UIApplication { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/delegate
    /// `unowned(unsafe) var delegate: (any UIApplicationDelegate)? { get set }`
    @preconcurrency
    unowned(unsafe) open var delegate: (any UIApplicationDelegate)?

    /// https://developer.apple.com/documentation/uikit/uiapplication/open(_:options:completionhandler:)
    /// `func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey : Any] = [:], completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil)`
    /// NS_EXTENSION_UNAVAILABLE_IOS: Xcode reports "'open(_:options:completionHandler:)' is unavailable in
    /// application extensions for iOS" (OAuthSwift/OAuthSwift#669 quotes it).
    @preconcurrency
    @available(iOS 10.0, *)
    @available(iOSApplicationExtension, unavailable)
    open func open(
        _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) { fatalError() }

    /// Async alternative (same page, "Concurrency Note"):
    /// `func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey : Any] = [:]) async -> Bool`
    @preconcurrency
    @available(iOS 10.0, *)
    @available(iOSApplicationExtension, unavailable)
    open func open(_ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]) async -> Bool {
        fatalError()
    }

    /// https://developer.apple.com/documentation/uikit/uiapplication/canopenurl(_:)
    @preconcurrency
    open func canOpenURL(_ url: URL) -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/registerforremotenotifications()
    @preconcurrency
    @available(iOS 8.0, *)
    open func registerForRemoteNotifications() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/unregisterforremotenotifications()
    @preconcurrency
    open func unregisterForRemoteNotifications() { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/isregisteredforremotenotifications
    @preconcurrency
    @available(iOS 8.0, *)
    open var isRegisteredForRemoteNotifications: Bool { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/applicationstate
    /// `var applicationState: UIApplication.State { get }` (main-actor isolated, like the class).
    @preconcurrency
    @available(iOS 4.0, *)
    open var applicationState: UIApplication.State { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/backgroundtimeremaining
    @preconcurrency
    @available(iOS 4.0, *)
    open var backgroundTimeRemaining: TimeInterval { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)
    /// `nonisolated func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier`
    @preconcurrency
    @available(iOS 4.0, *)
    nonisolated open func beginBackgroundTask(
        expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
    /// `nonisolated func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier`
    /// UNCERTAIN: this page was not in the reference corpus. Taken from its sibling
    /// beginBackgroundTask(expirationHandler:) (same header block), whose page shows `nonisolated` and the
    /// `@MainActor @Sendable` handler; endBackgroundTask(_:) is `nonisolated` too ("can be safely called on a
    /// non-main thread"), and Xamarin's binding marks both begin overloads [ThreadSafe].
    @preconcurrency
    @available(iOS 7.0, *)
    nonisolated open func beginBackgroundTask(
        withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
    /// `nonisolated func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier)`
    @preconcurrency
    @available(iOS 4.0, *)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { fatalError() }

    /// https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    /// `nonisolated class let willEnterForegroundNotification: NSNotification.Name`
    @preconcurrency
    @available(iOS 4.0, *)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")

    /// https://developer.apple.com/documentation/uikit/uiapplication/didbecomeactivenotification
    /// `nonisolated class let didBecomeActiveNotification: NSNotification.Name`
    @preconcurrency
    nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
        "UIApplicationDidBecomeActiveNotification")

    /// https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    /// `nonisolated class let didEnterBackgroundNotification: NSNotification.Name`
    @preconcurrency
    @available(iOS 4.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")

    /// https://developer.apple.com/documentation/uikit/uiapplication/willresignactivenotification
    /// `nonisolated class let willResignActiveNotification: NSNotification.Name`
    @preconcurrency
    nonisolated public static let willResignActiveNotification = NSNotification.Name(
        "UIApplicationWillResignActiveNotification")
}

extension UIApplication {
    /// https://developer.apple.com/documentation/uikit/uiapplication/state
    /// `enum State : Int, @unchecked Sendable` (NS_ENUM: non-frozen). Declared in UIKitC.h as
    /// `UIApplicationState`; a C enum cannot be nested into this Swift class, hence the typealias.
    public typealias State = UIApplicationState

    /// https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey
    /// `struct OpenExternalURLOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`
    @preconcurrency
    @available(iOS 10.0, *)
    public struct OpenExternalURLOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
        public let rawValue: String

        /// https://developer.apple.com/documentation/uikit/uiapplication/openexternalurloptionskey/universallinksonly
        @preconcurrency
        public static let universalLinksOnly = OpenExternalURLOptionsKey("UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey
    /// `struct LaunchOptionsKey : Hashable, Equatable, RawRepresentable, @unchecked Sendable`
    @preconcurrency
    public struct LaunchOptionsKey: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
        public init(_ rawValue: String) { self.rawValue = rawValue }
        public init(rawValue: String) { self.rawValue = rawValue }
        public let rawValue: String

        /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey/remotenotification
        /// `static let remoteNotification: UIApplication.LaunchOptionsKey`. Deprecated in the iOS 26 SDK
        /// ("Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:)
        /// to process silent remote notifications after scene connection.", the message objc2 translates from the
        /// current header). UNCERTAIN: the deprecation version is inferred as 26.0, the release in which the same
        /// header deprecates application(_:open:options:) (its page: "iOS 9.0–26.0"). Above PushBridge's floor,
        /// so Xcode does not warn for an iOS 15 target and Linux does not either.
        @preconcurrency
        @available(iOS, introduced: 3.0, deprecated: 26.0, message: "Continue using UIApplicationDelegate's application(_:didReceiveRemoteNotification:fetchCompletionHandler:) to process silent remote notifications after scene connection.")
        public static let remoteNotification = LaunchOptionsKey("UIApplicationLaunchOptionsRemoteNotificationKey")

        /// https://developer.apple.com/documentation/uikit/uiapplication/launchoptionskey/url
        @preconcurrency
        public static let url = LaunchOptionsKey("UIApplicationLaunchOptionsURLKey")
    }
}

/// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier
/// `struct UIBackgroundTaskIdentifier : Hashable, Equatable, RawRepresentable, @unchecked Sendable` (NS_TYPED_ENUM).
@preconcurrency
@available(iOS 4.0, *)
public struct UIBackgroundTaskIdentifier: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(rawValue: Int) { self.rawValue = rawValue }
    public let rawValue: Int

    /// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid
    /// `static let invalid: UIBackgroundTaskIdentifier`
    @preconcurrency
    public static let invalid = UIBackgroundTaskIdentifier(0)
}

/// https://developer.apple.com/documentation/uikit/uiapplicationdelegate
/// `@MainActor protocol UIApplicationDelegate : NSObjectProtocol`; every requirement is `optional`
/// (modelled by the default implementations below; see the file comment).
@preconcurrency
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
public protocol UIApplicationDelegate: AnyObject {
    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/window
    /// `optional var window: UIWindow? { get set }`
    @preconcurrency
    @available(iOS 5.0, *)
    var window: UIWindow? { get set }

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willfinishlaunchingwithoptions:)
    @preconcurrency
    @available(iOS 6.0, *)
    func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfinishlaunchingwithoptions:)
    /// `optional func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil) -> Bool`
    /// (a protocol requirement cannot carry the `= nil` default in Swift source; only callers see it).
    @preconcurrency
    @available(iOS 3.0, *)
    func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didregisterforremotenotificationswithdevicetoken:)
    /// `optional func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)`
    @preconcurrency
    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data)

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didfailtoregisterforremotenotificationswitherror:)
    /// `optional func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)`
    @preconcurrency
    @available(iOS 3.0, *)
    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error)

    /// https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:didreceiveremotenotification:fetchcompletionhandler:)
    /// `optional func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any], fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)`
    /// The completion handler is NOT `@Sendable` (the page; objc2 translates this block as a plain `Block`
    /// where it translates the center's NS_SWIFT_SENDABLE blocks as `SendableBlock`).
    @preconcurrency
    @available(iOS 7.0, *)
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void)

    /// Async alternative (same page):
    /// `optional func application(_ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable : Any]) async -> UIBackgroundFetchResult`
    @preconcurrency
    @available(iOS 7.0, *)
    func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult
}

/// Default implementations standing in for `optional` (never called; see the file comment).
extension UIApplicationDelegate {
    public var window: UIWindow? { get { nil } set {} }
    public func application(
        _ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { fatalError() }
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { fatalError() }
    public func application(
        _ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data
    ) { fatalError() }
    public func application(
        _ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error
    ) { fatalError() }
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any],
        fetchCompletionHandler completionHandler: @escaping (UIBackgroundFetchResult) -> Void
    ) { fatalError() }
    public func application(
        _ application: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]
    ) async -> UIBackgroundFetchResult { fatalError() }
}

/// `@main` on a UIApplicationDelegate: UIKit's Swift overlay gives the protocol a `main()` that calls
/// UIApplicationMain (https://developer.apple.com/documentation/uikit/uiapplicationmain(_:_:_:_:)-1yub7).
/// Declared so that an `@main` app delegate type-checks; never run.
@available(iOS 14.0, tvOS 14.0, *)
extension UIApplicationDelegate {
    @MainActor public static func main() { fatalError() }
}
