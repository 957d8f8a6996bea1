#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import UIKit
@preconcurrency import UserNotifications

/// A value the glue hands across threads that the SDK does not mark `Sendable` (completion handlers,
/// notification content). Each is used by one callback at a time.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}

/// Conversions between UserNotifications/UIKit types and PushBridge's platform-neutral values.
public enum AppleConversions {
    /// A userInfo as JSON values (APNs userInfo is JSON); empty when it is not JSON.
    public static func userInfo(_ userInfo: [AnyHashable: Any]) -> JSONObject {
        guard JSONSerialization.isValidJSONObject(userInfo),
              let data = try? JSONSerialization.data(withJSONObject: userInfo)
        else { return [:] }
        return (try? VendorRegistry.parseUserInfo(Array(data))) ?? [:]
    }

    /// A delivered notification.
    public static func notification(_ notification: UNNotification) -> DeliveredNotification {
        DeliveredNotification(
            identifier: notification.request.identifier, userInfo: userInfo(notification.request.content.userInfo),
            categoryIdentifier: notification.request.content.categoryIdentifier)
    }

    /// A notification request (the service extension's input).
    public static func notification(_ request: UNNotificationRequest) -> DeliveredNotification {
        DeliveredNotification(
            identifier: request.identifier, userInfo: userInfo(request.content.userInfo),
            categoryIdentifier: request.content.categoryIdentifier)
    }

    /// A response, with the typed text of a text-input button.
    public static func response(_ response: UNNotificationResponse) -> NotificationResponse {
        NotificationResponse(
            notification: notification(response.notification), actionIdentifier: response.actionIdentifier,
            userText: (response as? UNTextInputNotificationResponse)?.userText)
    }

    /// A planned category as iOS registers it.
    public static func category(_ category: NotificationCategory) -> UNNotificationCategory {
        UNNotificationCategory(
            identifier: category.id, actions: category.actions.map(action), intentIdentifiers: [],
            options: categoryOptions(category.options))
    }

    /// A planned button: `UNTextInputNotificationAction` for text input, else `UNNotificationAction`.
    public static func action(_ action: NotificationAction) -> UNNotificationAction {
        guard let textInput = action.textInput else {
            return UNNotificationAction(
                identifier: action.id, title: action.title, options: actionOptions(action.options))
        }
        return UNTextInputNotificationAction(
            identifier: action.id, title: action.title, options: actionOptions(action.options),
            textInputButtonTitle: textInput.buttonTitle, textInputPlaceholder: textInput.placeholder)
    }

    /// Button options.
    public static func actionOptions(_ options: NotificationAction.Options) -> UNNotificationActionOptions {
        var result: UNNotificationActionOptions = []
        if options.contains(.foreground) { result.insert(.foreground) }
        if options.contains(.destructive) { result.insert(.destructive) }
        if options.contains(.authenticationRequired) { result.insert(.authenticationRequired) }
        return result
    }

    /// Category options.
    public static func categoryOptions(_ options: NotificationCategory.Options) -> UNNotificationCategoryOptions {
        var result: UNNotificationCategoryOptions = []
        if options.contains(.customDismissAction) { result.insert(.customDismissAction) }
        if options.contains(.allowInCarPlay) { result.insert(.allowInCarPlay) }
        if options.contains(.hiddenPreviewsShowTitle) { result.insert(.hiddenPreviewsShowTitle) }
        if options.contains(.hiddenPreviewsShowSubtitle) { result.insert(.hiddenPreviewsShowSubtitle) }
        return result
    }

    /// Presentation options. ``PresentationOptions`` uses the bit values of `UNNotificationPresentationOptions`
    /// (badge 1, sound 2, list 8, banner 16), so an option PushBridge has no name for (the deprecated alert)
    /// passes through a receiver's answer unchanged.
    public static func presentationOptions(_ options: PresentationOptions) -> UNNotificationPresentationOptions {
        UNNotificationPresentationOptions(rawValue: UInt(options.rawValue))
    }

    /// A receiver's presentation options as PushBridge's.
    public static func presentationOptions(_ options: UNNotificationPresentationOptions) -> PresentationOptions {
        PresentationOptions(rawValue: Int(options.rawValue))
    }

    /// A background fetch result.
    public static func fetchResult(_ result: BackgroundFetchResult) -> UIBackgroundFetchResult {
        switch result {
        case .newData: return .newData
        case .noData: return .noData
        case .failed: return .failed
        }
    }

    /// A receiver's background fetch result.
    public static func fetchResult(_ result: UIBackgroundFetchResult) -> BackgroundFetchResult {
        switch result {
        case .newData: return .newData
        case .failed: return .failed
        default: return .noData
        }
    }

    /// The notification permission.
    public static func permission(_ status: UNAuthorizationStatus) -> PushPermission {
        switch status {
        case .authorized: return .granted
        case .denied: return .denied
        case .provisional: return .provisional
        case .ephemeral: return .ephemeral
        default: return .notDetermined
        }
    }
}
#endif
