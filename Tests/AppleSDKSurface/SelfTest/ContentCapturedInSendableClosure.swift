// expect: fail non-Sendable type 'UNMutableNotificationContent'
// Notification content is not Sendable: it cannot be captured by the center's @Sendable completion handlers.
import UserNotifications

func refresh(_ content: UNMutableNotificationContent) {
    UNUserNotificationCenter.current().getDeliveredNotifications { notifications in
        content.badge = NSNumber(value: notifications.count)
    }
}
