// expect: pass
// The same use of UIApplication.shared in app code passes.
import UIKit

@MainActor func applicationState() -> UIApplication.State {
    UIApplication.shared.applicationState
}
