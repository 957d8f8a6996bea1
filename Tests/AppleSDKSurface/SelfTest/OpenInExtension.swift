// expect: fail 'open(_:options:completionHandler:)' is unavailable in app extensions
// target: extension
// UIApplication.open is NS_EXTENSION_UNAVAILABLE too, even on an application obtained without `shared`.
import UIKit

@MainActor func open(_ url: URL, with application: UIApplication) {
    application.open(url, options: [:], completionHandler: nil)
}
