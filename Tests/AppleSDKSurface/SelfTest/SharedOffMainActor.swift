// expect: fail main actor-isolated class property 'shared' can not be referenced from a nonisolated context
// UIApplication is @MainActor: its `shared` cannot be read from nonisolated code.
import UIKit

func openSettings(_ url: URL) {
    UIApplication.shared.open(url)
}
