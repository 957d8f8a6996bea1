import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors

/// The real payloads from public SDKs' fixtures and docs, kept in `Fuzz/corpus-seeds/real/` so CI has
/// them (copied from the shared corpus; `SOURCES.md` there says where each came from).
enum RealPayloads {
    static var directory: String { TestPaths.packageRoot + "/Fuzz/corpus-seeds/real" }

    /// The payload file names, sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// One payload's bytes.
    static func bytes(_ name: String) throws -> [UInt8] { try TestPaths.readBytes(directory + "/" + name) }
}

/// One minimal payload per built-in vendor whose body tap routes `link`.
enum LinkPayloads {
    static func all(link: String) throws -> [(vendor: String, userInfo: JSONObject)] {
        let text = JSONWriter.string(.string(link))
        return [
            ("zixflow", try Fixtures.userInfo(#"""
                {"aps":{"alert":{"title":"t","body":"b"}},"Zixflow-Delivery-ID":"z1",
                 "Zixflow-Delivery-Token":"tok","deeplink_url":\#(text)}
                """#)),
            ("buzzkit", try Fixtures.userInfo(
                #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"b1","deepLink":\#(text)}}"#)),
            ("appdna", try Fixtures.userInfo(#"""
                {"aps":{"alert":"x"},"appdna":{"push_id":"a1","action":{"type":"deep_link","value":\#(text)}}}
                """#)),
            ("pushnotifai", try Fixtures.userInfo(
                #"{"aps":{"alert":"x"},"pna_message_id":"n1","deep_link":\#(text)}"#)),
        ]
    }
}

/// Runs `body` for each of `items` with at most `width` tasks at once.
func forEachConcurrently<Item: Sendable>(
    _ items: [Item], width: Int = 8, _ body: @escaping @Sendable (Item) async -> Void
) async {
    await withTaskGroup(of: Void.self) { group in
        var next = 0
        while next < items.count, next < width {
            let item = items[next]
            group.addTask { await body(item) }
            next += 1
        }
        while await group.next() != nil {
            if next < items.count {
                let item = items[next]
                group.addTask { await body(item) }
                next += 1
            }
        }
    }
}
