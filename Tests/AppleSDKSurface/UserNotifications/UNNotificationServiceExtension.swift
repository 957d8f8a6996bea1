// Stand-in for Apple's UserNotifications: the Notification Service Extension base class. See
// UNUserNotificationCenter.swift for how to read these declarations.
import AppleSDKStandInBase
import Foundation

/// https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension
/// `class UNNotificationServiceExtension : NSObject` — not `@MainActor`, not `Sendable`.
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 6.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationServiceExtension: NSObjectStandIn {
    public override init() { super.init() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension/didreceive(_:withcontenthandler:)
    /// `func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)`
    /// The content handler is NOT `@Sendable` (Apple's page and the header, which has no NS_SWIFT_SENDABLE
    /// on this block, unlike the center's completion handlers): an override that adds `@Sendable` is
    /// reported ("different sendability from any potential overrides"), a warning Xcode shows too.
    @preconcurrency
    open func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension/serviceextensiontimewillexpire()
    @preconcurrency
    open func serviceExtensionTimeWillExpire() { fatalError() }
}
