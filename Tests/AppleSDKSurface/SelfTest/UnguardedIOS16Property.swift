// expect: fail 'filterCriteria' is introduced in iOS 16, above the iOS 15 floor, without an availability guard
// target: extension
// UNNotificationContent.filterCriteria is iOS 16+: a guard for iOS 15 is not enough (here in extension code).
import UserNotifications

func focusFilter(of content: UNNotificationContent) -> String? {
    if #available(iOS 15, *) { return content.filterCriteria }
    return nil
}
