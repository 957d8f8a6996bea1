#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
import PushBridgeURLSession
@preconcurrency import UserNotifications

/// A Notification Service Extension base class: it decodes the push, records the delivered receipt in
/// the app group's outbox, applies the text, badge and category the core chose, attaches the image,
/// registers the categories and sends what the outbox holds (within ``sendBudget``), then hands the
/// content back; on `serviceExtensionTimeWillExpire` it hands back the best attempt so far. Each happens
/// exactly once.
///
/// Make it the extension's principal class with one line, sharing the app's configuration:
///
/// ```swift
/// nonisolated final class NotificationService: PushBridgeNotificationService, @unchecked Sendable {
///     override class var configuration: PushBridgeConfiguration? { .shared }
/// }
/// ```
///
/// (`nonisolated` keeps the class off the main actor under Xcode's "Default Actor Isolation: MainActor":
/// the system calls the extension off the main thread.) Overriding ``handler`` instead still works.
open class PushBridgeNotificationService: UNNotificationServiceExtension, @unchecked Sendable {
    private static let inactive = ServiceExtensionHandler(registry: VendorRegistry([]), sink: DiscardingReceiptSink())
    /// One runtime and handler per extension process, made from ``configuration`` on first use.
    private static let shared = Locked<(runtime: PushBridgeRuntime, handler: ServiceExtensionHandler)?>(nil)
    private let lock = NSLock()
    private var finish: OnceOnlyCompletion<Void>?

    /// The configuration shared with the app (default nil: override ``handler`` instead).
    open class var configuration: PushBridgeConfiguration? { nil }

    /// The app-group defaults key of the badge count the extension keeps.
    static let badgeKey = "PushBridge.badgeCount"

    /// Seconds the extension spends sending receipts before it hands the content back (default 3).
    open class var sendBudget: Double { 3 }

    /// The extension process's handler (default: the one made from ``configuration``; with neither, one
    /// with no vendors, which changes nothing).
    open var handler: ServiceExtensionHandler {
        Self.sharedRuntime()?.handler ?? PushBridgeNotificationService.inactive
    }

    /// The runtime made from ``configuration`` and its handler, once per process.
    private static func sharedRuntime() -> (runtime: PushBridgeRuntime, handler: ServiceExtensionHandler)? {
        guard let configuration else { return nil }
        return shared.withLock { shared in
            if let shared { return shared }
            let runtime = PushBridgeRuntime(
                configuration: configuration, directory: configuration.outboxDirectory,
                transport: URLSessionTransport())
            let made = (runtime: runtime, handler: runtime.makeServiceExtensionHandler())
            shared = made
            return made
        }
    }

    open override func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
        let best = UncheckedSendable(value: content)
        let handOver = UncheckedSendable(value: contentHandler)
        let finish = OnceOnlyCompletion<Void> { _ in handOver.value(best.value) }
        lock.withLock { self.finish = finish }

        let handler = self.handler
        let notification = AppleConversions.notification(request)
        // The badge count the extension keeps in the app group, for vendors that count up (OneSignal's
        // `badge_inc`, Klaviyo's `badge_config`).
        let badgeStore = type(of: self).configuration?.appGroup.flatMap { UserDefaults(suiteName: $0) }
        let plan = handler.receive(notification, storedBadge: badgeStore?.object(forKey: Self.badgeKey) as? Int)
        if let badge = plan.badge { badgeStore?.set(badge, forKey: Self.badgeKey) }
        if let title = plan.alert?.title { content.title = title }
        if let subtitle = plan.alert?.subtitle { content.subtitle = subtitle }
        if let body = plan.alert?.body { content.body = body }
        if let badge = plan.badge { content.badge = NSNumber(value: badge) }
        if let category = plan.categoryIdentifier { content.categoryIdentifier = category }

        let group = DispatchGroup()
        if let image = plan.imageURL, let url = URL(string: image) {
            group.enter()
            let target = UncheckedSendable(value: content)
            PushBridgeNotificationService.attach(url, vendorType: plan.imageType, to: target) {
                group.leave()
            }
        }
        if let runtime = Self.sharedRuntime()?.runtime, let outbox = runtime.outbox {
            let flusher = OutboxFlusher(
                outbox: outbox, sink: runtime.sender, options: OutboxFlushOptions(maxDuration: Self.sendBudget))
            group.enter()
            DispatchQueue.global(qos: .utility).async {
                _ = try? flusher.flush()
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

    /// Downloads `url` and attaches it, the file named for its type (``AttachmentType``: the vendor's type key,
    /// then the response's suggested file name and MIME type, then the URL's path).
    private static func attach(
        _ url: URL, vendorType: String?, to content: UncheckedSendable<UNMutableNotificationContent>,
        done: @escaping @Sendable () -> Void
    ) {
        URLSession.shared.downloadTask(with: url) { location, response, _ in
            defer { done() }
            guard let location else { return }
            let fileExtension = AttachmentType.fileExtension(
                url: url.absoluteString, vendorType: vendorType, suggestedFilename: response?.suggestedFilename,
                mimeType: response?.mimeType)
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
