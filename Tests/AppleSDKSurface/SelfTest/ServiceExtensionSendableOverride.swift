// expect: fail different sendability from any potential overrides
// The bug of issue 14 (item 4): Apple's didReceive(_:withContentHandler:) content handler is not @Sendable,
// so an override that adds @Sendable does not override cleanly (a warning in Xcode, an error here).
import UserNotifications

final class Service: UNNotificationServiceExtension, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }
}
