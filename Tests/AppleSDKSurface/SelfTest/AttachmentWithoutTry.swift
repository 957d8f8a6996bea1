// expect: fail call can throw, but it is not marked with 'try'
// UNNotificationAttachment's initializer throws.
import UserNotifications

func attachment(_ url: URL) -> UNNotificationAttachment {
    UNNotificationAttachment(identifier: "image", url: url, options: nil)
}
