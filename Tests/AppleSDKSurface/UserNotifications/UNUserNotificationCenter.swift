// Stand-in for Apple's UserNotifications: UNUserNotificationCenter and its delegate protocol.
//
// How to read these files: every declaration reproduces the Swift declaration Apple's SDK gives
// (the Swift interface of the iOS 26 SDK, as shown on the developer.apple.com page cited above it):
// labels, types, optionality, `throws`, `async` variants, `@Sendable`, isolation and availability.
// Bodies are `fatalError()`: the module is only type-checked against, never linked or run.
//
// Deliberate, documented deviations (see ../README.md):
// - `@preconcurrency` on each declaration: Swift treats every declaration it imports from an
//   Objective-C header as `@preconcurrency` (swift/lib/AST/Decl.cpp, `Decl::preconcurrency()`:
//   "Imported C declarations always predate concurrency"), which is why, for example, an override that
//   adds `@Sendable` is a warning rather than an error in Xcode. Writing it here gives the same diagnostics.
// - Classes derive from `NSObjectStandIn` (an Objective-C root class), not Foundation's NSObject, and
//   `UNUserNotificationCenterDelegate` cannot refine `NSObjectProtocol`: on Linux neither Foundation type is
//   Objective-C, and `@objc` signatures need Objective-C classes (see ../ObjCRoot/NSObjectStandIn.h).
// - `async` alternatives of `@objc optional` requirements get their own selector here; Apple's share the
//   completion-handler selector, so implementing both forms is an error only in Xcode.
// - `@available(iOS ...)` is written as Apple has it. Swift on Linux does not evaluate iOS availability;
//   check.sh maps introduced versions above PushBridge's floor and `iOSApplicationExtension, unavailable`
//   onto custom availability domains that it does evaluate (../availability.py).
@_exported import AppleSDKStandInBase
@_exported import Foundation
@_exported import UserNotificationsC

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter
/// Not `Sendable` (Apple's header has no NS_SWIFT_SENDABLE on the class; objc2's translation of the
/// current SDK headers gives it no Send/Sync either).
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNUserNotificationCenter: NSObjectStandIn {
    /// `init()` is NS_UNAVAILABLE: use `current()`.
    @available(*, unavailable)
    public override init() { fatalError() }
    init(standIn: Void) { super.init() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/current()
    @preconcurrency
    open class func current() -> UNUserNotificationCenter { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/delegate
    /// `weak var delegate: (any UNUserNotificationCenterDelegate)? { get set }`
    @preconcurrency
    weak open var delegate: (any UNUserNotificationCenterDelegate)?

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/supportscontentextensions
    @preconcurrency
    open var supportsContentExtensions: Bool { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/requestauthorization(options:completionhandler:)
    @preconcurrency
    open func requestAuthorization(
        options: UNAuthorizationOptions = [],
        completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) { fatalError() }

    /// The async alternative of the method above (same page, "Concurrency Note").
    /// `func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool`
    @preconcurrency
    open func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setnotificationcategories(_:)
    @preconcurrency
    open func setNotificationCategories(_ categories: Set<UNNotificationCategory>) { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationcategories(completionhandler:)
    @preconcurrency
    open func getNotificationCategories(
        completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void
    ) { fatalError() }

    /// Async alternative: `func notificationCategories() async -> Set<UNNotificationCategory>`
    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationcategories(completionhandler:)
    @preconcurrency
    open func notificationCategories() async -> Set<UNNotificationCategory> { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)
    @preconcurrency
    open func getNotificationSettings(
        completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void
    ) { fatalError() }

    /// Async alternative: `func notificationSettings() async -> UNNotificationSettings`
    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getnotificationsettings(completionhandler:)
    @preconcurrency
    open func notificationSettings() async -> UNNotificationSettings { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/add(_:withcompletionhandler:)
    @preconcurrency
    open func add(
        _ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) { fatalError() }

    /// Async alternative: `func add(_ request: UNNotificationRequest) async throws`
    @preconcurrency
    open func add(_ request: UNNotificationRequest) async throws { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getpendingnotificationrequests(completionhandler:)
    @preconcurrency
    open func getPendingNotificationRequests(
        completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void
    ) { fatalError() }

    /// Async alternative: `func pendingNotificationRequests() async -> [UNNotificationRequest]`
    @preconcurrency
    open func pendingNotificationRequests() async -> [UNNotificationRequest] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removependingnotificationrequests(withidentifiers:)
    @preconcurrency
    open func removePendingNotificationRequests(withIdentifiers identifiers: [String]) { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
    /// `func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void)`
    @preconcurrency
    @available(tvOS, unavailable)
    open func getDeliveredNotifications(completionHandler: @escaping @Sendable ([UNNotification]) -> Void) {
        fatalError()
    }

    /// Async alternative: `func deliveredNotifications() async -> [UNNotification]`
    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/getdeliverednotifications(completionhandler:)
    @preconcurrency
    @available(tvOS, unavailable)
    open func deliveredNotifications() async -> [UNNotification] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removedeliverednotifications(withidentifiers:)
    @preconcurrency
    @available(tvOS, unavailable)
    open func removeDeliveredNotifications(withIdentifiers identifiers: [String]) { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removealldeliverednotifications()
    @preconcurrency
    @available(tvOS, unavailable)
    open func removeAllDeliveredNotifications() { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/setbadgecount(_:withcompletionhandler:)
    @preconcurrency
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    open func setBadgeCount(
        _ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil
    ) { fatalError() }

    /// Async alternative: `func setBadgeCount(_ newBadgeCount: Int) async throws`
    @preconcurrency
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    open func setBadgeCount(_ newBadgeCount: Int) async throws { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
/// Apple: `protocol UNUserNotificationCenterDelegate : NSObjectProtocol` — not `@MainActor`, every
/// requirement `optional`. (No NSObjectProtocol refinement here: see the file comment.)
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
@objc public protocol UNUserNotificationCenterDelegate {
    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
    /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)`
    @preconcurrency
    @objc optional func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// Async alternative (same page):
    /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async -> UNNotificationPresentationOptions`
    @preconcurrency
    @objc optional func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)
    /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse, withCompletionHandler completionHandler: @escaping @Sendable () -> Void)`
    /// Unavailable on tvOS.
    @preconcurrency
    @available(tvOS, unavailable)
    @objc optional func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

    /// Async alternative (same page):
    /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async`
    @preconcurrency
    @available(tvOS, unavailable)
    @objc optional func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async

    /// https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:opensettingsfor:)
    /// `optional func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)`
    @preconcurrency
    @available(iOS 12.0, macOS 10.14, *)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    @objc optional func userNotificationCenter(
        _ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?)
}
