#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox
import PushBridgeURLSession
@preconcurrency import UserNotifications

/// A Notification Service Extension base class: it decodes the push, records the delivered receipt (in the
/// app group's outbox, or in memory without one), applies the text, badge and category the core chose, and —
/// at the same time — downloads and attaches the image, registers the categories and sends the waiting
/// receipts (within ``sendBudget``), then hands the content back. At `serviceExtensionTimeWillExpire` it cancels
/// the download and the sending and hands back the content as it is: each request's content is handed back
/// exactly once and never changed afterwards (``ServiceExtensionRun``).
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
    /// Serialises the badge count's read and write across this process's requests.
    private static let badgeLock = NSLock()
    private let lock = NSLock()
    private var runs: [ServiceExtensionRun<UNMutableNotificationContent>] = []

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
        let handOver = UncheckedSendable(value: contentHandler)
        let run = ServiceExtensionRun(content: content) { handOver.value($0) }
        lock.withLock {
            runs.removeAll { $0.isHandedOver }
            runs.append(run)
        }

        let handler = self.handler
        let notification = AppleConversions.notification(request)
        // The badge count the extension keeps in the app group, for vendors that count up (OneSignal's
        // `badge_inc`, Klaviyo's `badge_config`): read, applied and written back as one step.
        let badgeStore = type(of: self).configuration?.appGroup.flatMap { UserDefaults(suiteName: $0) }
        let plan = Self.badgeLock.withLock {
            let plan = handler.receive(notification, storedBadge: badgeStore?.object(forKey: Self.badgeKey) as? Int)
            if let badge = plan.badge { badgeStore?.set(badge, forKey: Self.badgeKey) }
            return plan
        }
        run.change { content in
            if let title = plan.alert?.title { content.title = title }
            if let subtitle = plan.alert?.subtitle { content.subtitle = subtitle }
            if let body = plan.alert?.body { content.body = body }
            if let badge = plan.badge { content.badge = NSNumber(value: badge) }
            if let category = plan.categoryIdentifier { content.categoryIdentifier = category }
        }

        if let image = plan.imageURL, let url = URL(string: image) {
            Self.attach(url, vendorType: plan.imageType, in: run)
        }
        if let runtime = Self.sharedRuntime()?.runtime {
            let stop = FlushStopSignal()
            let done = run.beginWork { stop.requestStop() }
            let options = OutboxFlushOptions(maxDuration: Self.sendBudget, stop: stop)
            DispatchQueue.global(qos: .utility).async {
                _ = runtime.flush(options: options)
                done()
            }
        }
        let categoriesDone = run.beginWork {}
        CategoryWriter.refresh(.current()) {
            handler.categoryUpdate(for: notification, existing: $0, delivered: $1)
        } done: {
            categoriesDone()
        }
        run.allStarted()
    }

    /// Cancels what is still going and hands back each request's content as it is now.
    open override func serviceExtensionTimeWillExpire() {
        for run in lock.withLock({ runs }) { run.expire() }
    }

    /// Downloads `url` and attaches it to the run's content, the file named for its type (``AttachmentType``:
    /// the vendor's type key, then the response's suggested file name and MIME type, then the URL's path). An
    /// HTTP error, a response that is not media, an empty file or one too large for iOS is left off
    /// (``AttachmentType/rejection(status:mimeType:byteCount:fileExtension:)``).
    private static func attach(
        _ url: URL, vendorType: String?, in run: ServiceExtensionRun<UNMutableNotificationContent>
    ) {
        let task = Locked<UncheckedSendable<URLSessionDownloadTask>?>(nil)
        let done = run.beginWork { task.withLock { $0 }?.value.cancel() }
        let download = URLSession.shared.downloadTask(with: url) { location, response, _ in
            defer { done() }
            guard let location else { return }
            let fileExtension = AttachmentType.fileExtension(
                url: url.absoluteString, vendorType: vendorType, suggestedFilename: response?.suggestedFilename,
                mimeType: response?.mimeType)
            let size = (try? FileManager.default.attributesOfItem(atPath: location.path)[.size] as? Int) ?? 0
            let status = (response as? HTTPURLResponse)?.statusCode
            guard AttachmentType.rejection(
                status: status, mimeType: response?.mimeType, byteCount: size, fileExtension: fileExtension) == nil
            else { return }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
                .appendingPathExtension(fileExtension)
            guard (try? FileManager.default.moveItem(at: location, to: file)) != nil,
                  let attachment = try? UNNotificationAttachment(identifier: "image", url: file, options: nil)
            else { return }
            run.change { $0.attachments = [attachment] }
        }
        task.withLock { $0 = UncheckedSendable(value: download) }
        // Time may have run out meanwhile: then the download is not started at all.
        if run.isHandedOver { download.cancel() } else { download.resume() }
    }
}
#endif
