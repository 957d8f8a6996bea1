#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
@preconcurrency import UserNotifications

/// A Notification Service Extension base class: it decodes the push, records the delivered receipt through
/// the handler's sink (the receipt outbox when the app has one), applies the text, badge and category the
/// core chose, attaches the image and registers the categories, then hands the content back; on
/// `serviceExtensionTimeWillExpire` it hands back the best attempt so far. Each happens exactly once.
///
/// Subclass it as the extension's principal class and override ``handler`` to return a
/// ``ServiceExtensionHandler`` kept in a static property (one per extension process).
open class PushBridgeNotificationService: UNNotificationServiceExtension, @unchecked Sendable {
    private static let inactive = ServiceExtensionHandler(registry: VendorRegistry([]), sink: DiscardingReceiptSink())
    private let lock = NSLock()
    private var finish: OnceOnlyCompletion<Void>?

    /// The extension process's handler (default: one with no vendors, which changes nothing).
    open var handler: ServiceExtensionHandler { PushBridgeNotificationService.inactive }

    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping @Sendable (UNNotificationContent) -> Void
    ) {
        let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
        let best = UncheckedSendable(value: content)
        let finish = OnceOnlyCompletion<Void> { _ in contentHandler(best.value) }
        lock.withLock { self.finish = finish }

        let handler = self.handler
        let notification = AppleConversions.notification(request)
        let plan = handler.receive(notification)
        if let title = plan.alert?.title { content.title = title }
        if let subtitle = plan.alert?.subtitle { content.subtitle = subtitle }
        if let body = plan.alert?.body { content.body = body }
        if let badge = plan.badge { content.badge = NSNumber(value: badge) }
        if let category = plan.categoryIdentifier { content.categoryIdentifier = category }

        let group = DispatchGroup()
        if let image = plan.imageURL, let url = URL(string: image) {
            group.enter()
            let target = UncheckedSendable(value: content)
            PushBridgeNotificationService.attach(url, fileExtension: plan.imageFileExtension ?? "jpg", to: target) {
                group.leave()
            }
        }
        group.enter()
        CategoryWriter.refresh(.current()) {
            handler.categoryUpdate(for: notification, existing: $0, delivered: $1)
        } done: {
            group.leave()
        }
        group.notify(queue: .global()) { finish(()) }
    }

    open override func serviceExtensionTimeWillExpire() {
        lock.withLock { finish }?.callAsFunction(())
    }

    private static func attach(
        _ url: URL, fileExtension: String, to content: UncheckedSendable<UNMutableNotificationContent>,
        done: @escaping @Sendable () -> Void
    ) {
        URLSession.shared.downloadTask(with: url) { location, _, _ in
            defer { done() }
            guard let location else { return }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                .appendingPathExtension(fileExtension)
            guard (try? FileManager.default.moveItem(at: location, to: file)) != nil,
                  let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil)
            else { return }
            content.value.attachments = [attachment]
        }.resume()
    }
}
#endif
