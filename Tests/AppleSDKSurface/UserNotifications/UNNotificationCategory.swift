// Stand-in for Apple's UserNotifications: categories and actions. See UNUserNotificationCenter.swift for
// how to read these declarations. The Objective-C factory methods (+categoryWithIdentifier:... and
// +actionWithIdentifier:...) import as `convenience init`, and an NS_OPTIONS parameter named `options`
// gets the default `= []`, as Apple's pages show.
import AppleSDKStandInBase
import Foundation

/// https://developer.apple.com/documentation/usernotifications/unnotificationcategory
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationCategory: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:options:)
    /// `convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], options: UNNotificationCategoryOptions = [])`
    @preconcurrency
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) { self.init(standIn: ()) }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/init(identifier:actions:intentidentifiers:hiddenpreviewsbodyplaceholder:options:)
    @preconcurrency
    @available(iOS 11.0, *)
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) { self.init(standIn: ()) }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/identifier
    @preconcurrency
    open var identifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/actions
    @preconcurrency
    open var actions: [UNNotificationAction] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/intentidentifiers
    @preconcurrency
    open var intentIdentifiers: [String] { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/options
    @preconcurrency
    open var options: UNNotificationCategoryOptions { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationcategory/hiddenpreviewsbodyplaceholder
    @preconcurrency
    @available(iOS 11.0, *)
    open var hiddenPreviewsBodyPlaceholder: String { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/unnotificationaction
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNNotificationAction: SecureCodingStandIn {
    /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/init(identifier:title:options:)
    /// `convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [])`
    @preconcurrency
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(standIn: ())
    }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/identifier
    @preconcurrency
    open var identifier: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/title
    @preconcurrency
    open var title: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/unnotificationaction/options
    @preconcurrency
    open var options: UNNotificationActionOptions { fatalError() }
}

/// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction
@preconcurrency
@available(iOS 10.0, macOS 10.14, watchOS 3.0, visionOS 1.0, *)
@available(tvOS, unavailable)
open class UNTextInputNotificationAction: UNNotificationAction {
    /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction/init(identifier:title:options:textinputbuttontitle:textinputplaceholder:)
    /// `convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String, textInputPlaceholder: String)`
    @preconcurrency
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) { self.init(standIn: ()) }

    /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction/textinputbuttontitle
    @preconcurrency
    open var textInputButtonTitle: String { fatalError() }

    /// https://developer.apple.com/documentation/usernotifications/untextinputnotificationaction/textinputplaceholder
    @preconcurrency
    open var textInputPlaceholder: String { fatalError() }
}
