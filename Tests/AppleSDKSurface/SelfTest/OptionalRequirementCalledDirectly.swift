// expect: fail must be unwrapped
// UNUserNotificationCenterDelegate's methods are optional requirements: a forwarder must call them with `?`.
import UserNotifications

func forward(_ delegate: any UNUserNotificationCenterDelegate, center: UNUserNotificationCenter, notification: UNNotification) {
    delegate.userNotificationCenter(center, willPresent: notification, withCompletionHandler: { _ in })
}
