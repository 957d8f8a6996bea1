import PushBridge
import PushBridgeTestSupport
import Testing

/// The send requests under Tests/SendTests/Corpus (provenance in its SOURCES.md).
enum SendCorpus {
    /// The folder.
    static let folder = TestPaths.packageRoot + "/Tests/SendTests/Corpus"

    /// The body of `name` (`onesignal-1.json`).
    static func body(_ name: String) throws -> JSONValue {
        try JSONParser.parse(try TestPaths.readBytes(folder + "/" + name))
    }
}
