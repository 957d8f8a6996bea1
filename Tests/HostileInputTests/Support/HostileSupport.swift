import Foundation
import PushBridge
import PushBridgeVendors

/// The package root, found from this file's path (Tests/HostileInputTests/Support/…).
func packageRoot(filePath: String = #filePath) -> String {
    var components = filePath.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(4)
    return components.joined(separator: "/")
}

/// Reads a whole file (tests only).
func readBytes(_ path: String) throws -> [UInt8] {
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        var description: String { "cannot read \(path)" }
    }
    guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(path: path) }
    return [UInt8](data)
}

/// The real payloads from public SDKs' fixtures and docs, kept in `Fuzz/corpus-seeds/real/` so CI has
/// them (copied from the shared corpus; `SOURCES.md` there says where each came from).
enum RealPayloads {
    static var directory: String { packageRoot() + "/Fuzz/corpus-seeds/real" }

    /// The payload file names, sorted.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// One payload's bytes.
    static func bytes(_ name: String) throws -> [UInt8] { try readBytes(directory + "/" + name) }
}

/// A userInfo from JSON text (a test failure shows up as an empty object).
func userInfo(_ text: String) -> [String: JSONValue] {
    (try? VendorRegistry.parseUserInfo(Array(text.utf8))) ?? [:]
}

/// The error `text` fails to parse with, or nil when it parses.
func parseError(_ bytes: [UInt8], options: JSONParser.Options = .default) -> JSONParseError? {
    do {
        _ = try JSONParser.parseDocument(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// The error `text` fails to parse with, or nil when it parses.
func parseError(_ text: String, options: JSONParser.Options = .default) -> JSONParseError? {
    parseError(Array(text.utf8), options: options)
}

/// The processor time `body` takes on the calling thread, in seconds: unlike wall-clock time, it does
/// not grow when other tests or other processes share the machine's cores.
func seconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// Whether the process runs under ThreadSanitizer (`swift test --sanitize=thread`), which slows code
/// down many times: time bounds are multiplied by 20 there.
let underThreadSanitizer: Bool = {
    #if canImport(Glibc)
    return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    #else
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
    #endif
}()

/// A thread-safe list that test doubles append to.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    init() {}

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

/// A system route that records every link it is asked to open.
struct RecordingOpener: SystemURLOpener {
    let seen = Recorder<String>()

    func open(_ link: DeepLink) -> Bool {
        seen.append(link.string)
        return true
    }
}

/// A delegate that records every link and consumes those whose scheme is in `consumes`.
struct RecordingDelegate: DeepLinkDelegate {
    let seen = Recorder<String>()
    var consumes: Set<String>

    func openDeepLink(_ link: DeepLink) -> Bool {
        seen.append(link.string)
        return consumes.contains(link.scheme)
    }
}

extension Array where Element == BridgeEffect {
    /// The receipts among the effects.
    var receipts: [Receipt] {
        compactMap { if case .receipt(let receipt) = $0 { return receipt } else { return nil } }
    }

    /// The routes among the effects.
    var routes: [(url: String, via: RouteVia)] {
        compactMap { if case .route(let url, let via) = $0 { return (url, via) } else { return nil } }
    }

    /// The diagnostics among the effects.
    var diagnostics: [Diagnostic] {
        compactMap { if case .diagnostic(let diagnostic) = $0 { return diagnostic } else { return nil } }
    }

    /// The named actions among the effects.
    var actionNames: [String] {
        compactMap { if case .action(let name, _, _) = $0 { return name } else { return nil } }
    }
}

/// One minimal payload per built-in vendor whose body tap routes `link`.
enum LinkPayloads {
    static func all(link: String) -> [(vendor: String, userInfo: [String: JSONValue])] {
        let text = JSONWriter.string(.string(link))
        return [
            ("zixflow", userInfo(#"""
                {"aps":{"alert":{"title":"t","body":"b"}},"Zixflow-Delivery-ID":"z1",
                 "Zixflow-Delivery-Token":"tok","deeplink_url":\#(text)}
                """#)),
            ("buzzkit", userInfo(#"{"aps":{"alert":"x"},"buzzkit":{"messageId":"b1","deepLink":\#(text)}}"#)),
            ("appdna", userInfo(#"""
                {"aps":{"alert":"x"},"appdna":{"push_id":"a1","action":{"type":"deep_link","value":\#(text)}}}
                """#)),
            ("pushnotifai", userInfo(#"{"aps":{"alert":"x"},"pna_message_id":"n1","deep_link":\#(text)}"#)),
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
