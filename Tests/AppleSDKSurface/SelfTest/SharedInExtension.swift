// expect: fail 'shared' is unavailable in app extensions
// target: extension
// UIApplication.shared is NS_EXTENSION_UNAVAILABLE: extension code (here, a service extension's helper) fails.
import UIKit

@MainActor func applicationState() -> UIApplication.State {
    UIApplication.shared.applicationState
}
