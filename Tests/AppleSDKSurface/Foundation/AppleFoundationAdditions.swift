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
