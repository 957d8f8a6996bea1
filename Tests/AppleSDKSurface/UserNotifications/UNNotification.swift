// Stand-in for Apple's UserNotifications: notifications, requests, content, triggers, sounds, responses,
// settings and attachments. See UNUserNotificationCenter.swift for how to read these declarations.
//
// None of these classes is `Sendable`: Apple's headers mark none of them NS_SWIFT_SENDABLE (objc2's
// translation of the current SDK headers gives them no Send/Sync, where it does give CloudKit's
// CKRecordID one), and Xcode 16+ reports "non-sendable type 'UNNotificationResponse'..." for them.
// Every `init()` the headers mark NS_UNAVAILABLE is `@available(*, unavailable)` here (most inherit it from
// SecureCodingStandIn).
import AppleSDKStandInBase
import Foundation

/// https://developer.apple.com/documentation/usernotifications/unnotification
/// `class UNNotification : NSObject, NSCopying, NSSecureCoding`
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNNotification: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotification/date
    @preconcurrency
    open var date: Date { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotification/request
    /// `@NSCopying var request: UNNotificationRequest { get }`
    @preconcurrency
    open var request: UNNotificationRequest { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationrequest
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNNotificationRequest: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)
    /// `convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?)`
    @preconcurrency
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.init(standIn: ())
    }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/identifier
    @preconcurrency
    open var identifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/content
    /// `@NSCopying var content: UNNotificationContent { get }`
    @preconcurrency
    open var content: UNNotificationContent { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationrequest/trigger
    /// `@NSCopying var trigger: UNNotificationTrigger? { get }`
    @preconcurrency
    open var trigger: UNNotificationTrigger? { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNNotificationTrigger: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationtrigger/repeats
    @preconcurrency
    open var repeats: Bool { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unpushnotificationtrigger
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNPushNotificationTrigger: UNNotificationTrigger {}

/// https://developer.apple.com/documentation/usernotifications/unnotificationcontent
/// `class UNNotificationContent : NSObject, NSCopying, NSMutableCopying, NSSecureCoding`.
/// `mutableCopy()` is NSObject's (`func mutableCopy() -> Any`, here on `NSObjectStandIn`); Foundation on
/// Linux provides the NSMutableCopying protocol (`mutableCopy(with:)`) that it calls.
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNNotificationContent: NSObjectStandIn, NSCopying, NSMutableCopying, NSSecureCoding {
    public override init() { super.init() }
    public required init?(coder: NSCoder) { fatalError() }
    open func encode(with coder: NSCoder) { fatalError() }
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
    open func mutableCopy(with zone: NSZone? = nil) -> Any { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/title
    @preconcurrency
    @available(tvOS, unavailable)
    open var title: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/subtitle
    @preconcurrency
    @available(tvOS, unavailable)
    open var subtitle: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/body
    @preconcurrency
    @available(tvOS, unavailable)
    open var body: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/badge
    /// `@NSCopying var badge: NSNumber? { get }`
    @preconcurrency
    open var badge: NSNumber? { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/sound
    @preconcurrency
    @available(tvOS, unavailable)
    open var sound: UNNotificationSound? { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/userinfo
    /// `var userInfo: [AnyHashable : Any] { get }`
    @preconcurrency
    @available(tvOS, unavailable)
    open var userInfo: [AnyHashable: Any] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier
    @preconcurrency
    @available(tvOS, unavailable)
    open var categoryIdentifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/threadidentifier
    @preconcurrency
    @available(tvOS, unavailable)
    open var threadIdentifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/attachments
    @preconcurrency
    @available(tvOS, unavailable)
    open var attachments: [UNNotificationAttachment] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/targetcontentidentifier
    @preconcurrency
    @available(iOS 13.0, *)
    open var targetContentIdentifier: String? { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcontent/filtercriteria
    /// `var filterCriteria: String? { get }` (iOS 16.0, macOS 13.0, watchOS 9.0, visionOS 1.0).
    @preconcurrency
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, visionOS 1.0, *)
    open var filterCriteria: String? { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent
/// The same properties, settable (`{ get set }`).
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNMutableNotificationContent: UNNotificationContent {
    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title
    @preconcurrency
    @available(tvOS, unavailable)
    open override var title: String { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/subtitle
    @preconcurrency
    @available(tvOS, unavailable)
    open override var subtitle: String { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/body
    @preconcurrency
    @available(tvOS, unavailable)
    open override var body: String { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/badge
    /// `@NSCopying var badge: NSNumber? { get set }`
    @preconcurrency
    open override var badge: NSNumber? { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/sound
    @preconcurrency
    @available(tvOS, unavailable)
    open override var sound: UNNotificationSound? { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/userinfo
    @preconcurrency
    @available(tvOS, unavailable)
    open override var userInfo: [AnyHashable: Any] { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/categoryidentifier
    @preconcurrency
    @available(tvOS, unavailable)
    open override var categoryIdentifier: String { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/threadidentifier
    @preconcurrency
    @available(tvOS, unavailable)
    open override var threadIdentifier: String { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/attachments
    @preconcurrency
    @available(tvOS, unavailable)
    open override var attachments: [UNNotificationAttachment] { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/targetcontentidentifier
    @preconcurrency
    @available(iOS 13.0, *)
    open override var targetContentIdentifier: String? { get { fatalError() } set { fatalError() } }

    /// https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/filtercriteria
    /// `var filterCriteria: String? { get set }`
    @preconcurrency
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, visionOS 1.0, *)
    open override var filterCriteria: String? { get { fatalError() } set { fatalError() } }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationsoundname
/// `struct UNNotificationSoundName : Hashable, Equatable, RawRepresentable, @unchecked Sendable` (NS_TYPED_EXTENSIBLE_ENUM).
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
public struct UNNotificationSoundName: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
    public let rawValue: String
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationsound
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationSound: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/default
    /// `class var `default`: UNNotificationSound { get }`
    @preconcurrency
    open class var `default`: UNNotificationSound { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationsound/init(named:)
    /// `convenience init(named name: UNNotificationSoundName)`
    @preconcurrency
    public convenience init(named name: UNNotificationSoundName) { self.init(standIn: ()) }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationattachment
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationAttachment: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/init(identifier:url:options:)
    /// `convenience init(identifier: String, url URL: URL, options: [AnyHashable : Any]? = nil) throws`
    @preconcurrency
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        self.init(standIn: ())
    }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/identifier
    @preconcurrency
    open var identifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/url
    @preconcurrency
    open var url: URL { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationattachment/type
    @preconcurrency
    open var type: String { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationresponse
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationResponse: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/notification
    /// `@NSCopying var notification: UNNotification { get }`
    @preconcurrency
    open var notification: UNNotification { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationresponse/actionidentifier
    @preconcurrency
    open var actionIdentifier: String { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/untextinputnotificationresponse
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNTextInputNotificationResponse: UNNotificationResponse {
    /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationresponse/usertext
    @preconcurrency
    open var userText: String { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationdefaultactionidentifier
/// `let UNNotificationDefaultActionIdentifier: String`
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// https://developer.apple.com/documentation/usernotifications/unnotificationdismissactionidentifier
/// `let UNNotificationDismissActionIdentifier: String`
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// https://developer.apple.com/documentation/usernotifications/unnotificationsettings
@preconcurrency
@available(iOS 10.0, macOS 10.14, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
open class UNNotificationSettings: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/authorizationstatus
    @preconcurrency
    open var authorizationStatus: UNAuthorizationStatus { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/alertsetting
    @preconcurrency
    @available(tvOS, unavailable)
    open var alertSetting: UNNotificationSetting { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/badgesetting
    @preconcurrency
    open var badgeSetting: UNNotificationSetting { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationsettings/soundsetting
    @preconcurrency
    @available(tvOS, unavailable)
    open var soundSetting: UNNotificationSetting { fatalError() }
}
