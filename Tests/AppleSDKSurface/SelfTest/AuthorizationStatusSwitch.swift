// expect: fail may have additional unknown values
// UNAuthorizationStatus is a non-frozen NS_ENUM: an exhaustive switch still needs `@unknown default`.
import UserNotifications

func granted(_ status: UNAuthorizationStatus) -> Bool {
    switch status {
    case .authorized, .provisional, .ephemeral: return true
    case .denied, .notDetermined: return false
    }
}
