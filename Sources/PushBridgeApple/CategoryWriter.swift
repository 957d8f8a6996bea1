#if canImport(UserNotifications) && canImport(UIKit) && !os(tvOS) && !os(watchOS)
import Foundation
import PushBridge
@preconcurrency import UserNotifications

/// Reads the notification center's categories and delivered notifications, asks the core for a
/// ``CategorySetUpdate``, writes it and checks it by reading back (``CategoryReadback``).
public enum CategoryWriter {
    /// Plans with what is registered and delivered now, then writes; `done` runs once at the end.
    public static func refresh(
        _ center: UNUserNotificationCenter,
        plan: @escaping @Sendable (_ existing: [String], _ delivered: [DeliveredNotification]) -> CategorySetUpdate,
        done: @escaping @Sendable () -> Void = {}
    ) {
        let box = UncheckedSendable(value: center)
        center.getDeliveredNotifications { notifications in
            let delivered = notifications.map(AppleConversions.notification)
            box.value.getNotificationCategories { existing in
                write(plan(existing.map(\.identifier), delivered), to: box.value, done: done)
            }
        }
    }

    /// Keeps every registered category the update keeps (untouched), adds the new ones, then reads the
    /// set back and writes again while the read-back check asks for it; `done` runs once at the end.
    public static func write(
        _ update: CategorySetUpdate, to center: UNUserNotificationCenter, done: @escaping @Sendable () -> Void = {}
    ) {
        guard update.needsWrite else { return done() }
        write(update, readback: CategoryReadback(update), center: UncheckedSendable(value: center), done: done)
    }

    private static func write(
        _ update: CategorySetUpdate, readback: CategoryReadback, center: UncheckedSendable<UNUserNotificationCenter>,
        done: @escaping @Sendable () -> Void
    ) {
        center.value.getNotificationCategories { existing in
            let kept = existing.filter { update.keeps($0.identifier) }
            center.value.setNotificationCategories(kept.union(update.added.map(AppleConversions.category)))
            center.value.getNotificationCategories { after in
                var readback = readback
                switch readback.check(readBack: after.map(\.identifier)) {
                case .done, .gaveUp: done()
                case .registerAgain(let retry): write(retry, readback: readback, center: center, done: done)
                }
            }
        }
    }
}
#endif
