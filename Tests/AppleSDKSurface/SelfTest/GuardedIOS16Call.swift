// expect: pass
// The same iOS 16 call behind each kind of guard: `if #available`, `guard #available`, `@available` on the
// function and on its type, and a guard for a later version, which implies iOS 16.
import UserNotifications

func clearBadge(_ center: UNUserNotificationCenter) {
    if #available(iOS 16.0, *) {
        center.setBadgeCount(0)
    }
    if #available(iOS 17, macOS 14, *) {
        center.setBadgeCount(0) { _ in }
    }
}

func clearBadgeOrReturn(_ center: UNUserNotificationCenter) {
    guard #available(iOS 16, *) else { return }
    center.setBadgeCount(0)
}

@available(iOS 16, *)
func clearBadgeAsync() async throws {
    try await UNUserNotificationCenter.current().setBadgeCount(0)
}

@available(iOS, introduced: 16.0)
struct BadgeClearer {
    func clear() async throws { try await UNUserNotificationCenter.current().setBadgeCount(0) }
}

@available(iOS 16.0, *)
extension UNUserNotificationCenter {
    func clearBadgeFromExtension() { setBadgeCount(0) }
}

func focusFilter(of content: UNMutableNotificationContent) -> String? {
    var result: String?
    [content].forEach { item in
        if #available(iOS 16, *) { result = item.filterCriteria }
    }
    while #available(iOS 16, *) { content.filterCriteria = nil; break }
    return result
}
