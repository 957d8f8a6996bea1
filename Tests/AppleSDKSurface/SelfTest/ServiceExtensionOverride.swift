// expect: pass
// The correct override: the handler exactly as Apple declares it, carried across threads in a box.
import UserNotifications

struct Box<Value>: @unchecked Sendable { let value: Value }

final class Service: UNNotificationServiceExtension, @unchecked Sendable {
    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
        content.title = "title"
        content.badge = NSNumber(value: 1)
        if let attachment = try? UNNotificationAttachment(identifier: "image", url: URL(fileURLWithPath: "/tmp/x.jpg")) {
            content.attachments = [attachment]
        }
        let box = Box(value: (contentHandler, content))
        DispatchQueue.global().async { box.value.0(box.value.1) }
    }

    override func serviceExtensionTimeWillExpire() {}
}
