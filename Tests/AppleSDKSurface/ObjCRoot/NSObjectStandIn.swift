// The Swift side of the stand-in root class: the NSObject members and conformances that Swift code uses
// on UserNotifications and UIKit objects (https://developer.apple.com/documentation/objectivec/nsobject-swift.class:
// Equatable, Hashable, CustomStringConvertible), so that `Set<UNNotificationCategory>`, `==` and
// `content.mutableCopy() as? UNMutableNotificationContent` work as on Apple platforms. Declared here rather
// than in NSObjectStandIn.h because they take or return `Any` (see there). Unlike Apple's, they cannot be
// overridden (extension members); nothing in PushBridge overrides them.
@_exported import AppleSDKStandInObjC

extension NSObjectStandIn {
    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/isequal(_:)
    /// `func isEqual(_ object: Any?) -> Bool`
    public func isEqual(_ object: Any?) -> Bool { fatalError("stand-in SDK: type-checking only") }

    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/hash
    /// `var hash: Int { get }`
    public var hash: Int { fatalError("stand-in SDK: type-checking only") }

    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/copy()
    /// `func copy() -> Any`
    public func copy() -> Any { fatalError("stand-in SDK: type-checking only") }

    /// https://developer.apple.com/documentation/objectivec/nsobject-swift.class/mutablecopy()
    /// `func mutableCopy() -> Any`
    public func mutableCopy() -> Any { fatalError("stand-in SDK: type-checking only") }
}

// `@retroactive`: the class comes from the Clang module above; this Swift module plays its overlay.
extension NSObjectStandIn: @retroactive Hashable {
    public static func == (lhs: NSObjectStandIn, rhs: NSObjectStandIn) -> Bool { lhs.isEqual(rhs) }
    public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension NSObjectStandIn: @retroactive CustomStringConvertible {
    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/description
    public var description: String { fatalError("stand-in SDK: type-checking only") }
}
