// expect: fail 'setBadgeCount' is introduced in iOS 16, above the iOS 15 floor, without an availability guard
// setBadgeCount(_:) is iOS 16+; PushBridge's floor is iOS 15, so an unguarded call fails as in Xcode.
import UserNotifications

func clearBadge() async throws {
    try await UNUserNotificationCenter.current().setBadgeCount(0)
}
