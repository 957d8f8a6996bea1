// The Notification Service Extension's principal class. Link PushBridge, PushBridgeVendors and
// PushBridgeApple to the extension target; not built by SwiftPM.
import Foundation
import PushBridge
import PushBridgeApple
import PushBridgeVendors
@preconcurrency import UserNotifications

final class NotificationService: PushBridgeNotificationService {
    /// One handler per extension process: it records BuzzKit's `$notification.delivered` and Zixflow's
    /// `Delivered` in the app group's outbox (the app sends them), attaches images and registers both
    /// vendors' categories before the notification is shown.
    static let shared = ServiceExtensionHandler(registry: migrationVendors, sink: makeReceiptSink())

    override var handler: ServiceExtensionHandler { Self.shared }
}

/// The same vendors and outbox as the app (AppDelegate.swift is not in this target).
let migrationVendors = VendorRegistry([ZixflowAdapter(), BuzzKitAdapter()])

func makeReceiptSink() -> any ReceiptSink {
    guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.gym"),
          let outbox = try? ReceiptOutbox(directory: folder.appendingPathComponent("receipts").path)
    else { return InMemoryReceiptSink() }
    return outbox
}
