// expect: fail missing argument for parameter 'coder' in call
// UNNotification's `init` is NS_UNAVAILABLE (the system makes notifications, an app never does): the compiler skips
// it and names the one initializer left.
import UserNotifications

let notification = UNNotification()
