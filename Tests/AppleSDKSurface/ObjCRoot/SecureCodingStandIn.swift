// The members every NSCopying and NSSecureCoding class of the stand-in SDK declares, written once: the
// UserNotifications classes derive from this instead of NSObjectStandIn (Apple's derive from NSObject and
// declare the same members; see each class's doc comment for its Apple declaration).
import Foundation

/// An NSCopying and NSSecureCoding stand-in class whose `init()` Apple's headers mark NS_UNAVAILABLE. A subclass
/// that declares no designated initializer of its own inherits all of these, the unavailable `init()` included.
open class SecureCodingStandIn: NSObjectStandIn, NSCopying, NSSecureCoding {
    @available(*, unavailable)
    public override init() { fatalError() }
    /// Builds an object for the stand-in modules' own factory initializers; not part of Apple's SDK, so `package`:
    /// only the stand-in modules (built with one package name by check.sh) see it.
    package init(standIn: Void) { super.init() }
    public required init?(coder: NSCoder) { fatalError() }
    open func encode(with coder: NSCoder) { fatalError() }
    open class var supportsSecureCoding: Bool { true }
    open func copy(with zone: NSZone? = nil) -> Any { fatalError() }
}
