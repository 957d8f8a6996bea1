// The Notification Service Extension's principal class: one line, the app's configuration
// (PushBridgeSetup.swift is in this target too). Records BuzzKit's `$notification.delivered` and
// Zixflow's `Delivered` in the app group's outbox and sends them, attaches images and registers both
// vendors' categories before the notification is shown. Not built by SwiftPM (CI type-checks it).
import PushBridge
import PushBridgeApple
import PushBridgeDelivery

nonisolated final class NotificationService: PushBridgeNotificationService, @unchecked Sendable {
    override class var configuration: PushBridgeConfiguration? { .shared }
}
