// expect: fail 'alert' is deprecated
// UNNotificationPresentationOptions.alert is deprecated since iOS 14 (below PushBridge's iOS 15 floor).
import UserNotifications

let options: UNNotificationPresentationOptions = [.alert, .sound]
