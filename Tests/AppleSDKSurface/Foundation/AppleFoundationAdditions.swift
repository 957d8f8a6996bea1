// Foundation API that Apple's Foundation has and swift-corelibs-foundation (Linux) lacks, for the glue
// and the example. check.sh imports this module implicitly into them (with FoundationNetworking, where
// Linux keeps URLSession), so that they see the Foundation an iOS build sees. Type-checking only.
import Foundation

extension FileManager {
    /// https://developer.apple.com/documentation/foundation/filemanager/containerurl(forsecurityapplicationgroupidentifier:)
    /// `func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL?`
    @preconcurrency
    @available(iOS 7.0, macOS 10.8, *)
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? {
        fatalError("stand-in SDK: type-checking only")
    }
}

/// https://developer.apple.com/documentation/objectivec/selector
/// `struct Selector`: the Objective-C runtime's `SEL`, which Apple's Foundation re-exports from ObjectiveC.
public struct Selector: Hashable, @unchecked Sendable {
    fileprivate init() {}
}

/// https://developer.apple.com/documentation/foundation/nsselectorfromstring(_:)
/// `func NSSelectorFromString(_ aSelectorName: String) -> Selector`
@available(iOS 2.0, macOS 10.0, *)
public func NSSelectorFromString(_ aSelectorName: String) -> Selector {
    fatalError("stand-in SDK: type-checking only")
}

extension NSObject {
    /// https://developer.apple.com/documentation/objectivec/nsobjectprotocol/responds(to:)
    /// `func responds(to aSelector: Selector!) -> Bool` (NSObjectProtocol; NSObject conforms).
    public func responds(to aSelector: Selector!) -> Bool {
        fatalError("stand-in SDK: type-checking only")
    }
}
