// expect: pass
// target: extension
// Extension code may use extension-unavailable API inside a declaration it marks unavailable in extensions
// (as PushBridgeApp and UIApplicationURLOpener are): such code cannot be called from the extension.
import UIKit

@available(iOSApplicationExtension, unavailable)
@MainActor final class AppOnlyHelper {
    func applicationState() -> UIApplication.State { UIApplication.shared.applicationState }
    func open(_ url: URL) async -> Bool { await UIApplication.shared.open(url) }
}
