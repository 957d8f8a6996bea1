import Foundation
import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A BuzzKit push with a named action and a deep link, so an open runs every stage of WIRE-FORMATS §7.
private func buzzkitPush(_ index: Int) -> JSONObject {
    [
        "aps": ["alert": "x", "mutable-content": 1],
        "buzzkit": [
            "messageId": .string("m\(index)"), "deepLink": .string("gym://class/\(index)"),
            "action": ["name": "show_offer", "data": ["i": .int(index)]],
        ],
    ]
}

/// A Zixflow push: one `Delivered` receipt per arrival (content-available, so iOS wakes the app for it).
private func zixflowPush(_ index: Int) -> JSONObject {
    ["aps": ["alert": "x", "content-available": 1], "Zixflow-Delivery-ID": .string("z\(index)"), "Zixflow-Delivery-Token": "t"]
}

/// Counts calls from any thread.
private final class Counter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A bridge over the built-in vendors that is not configured yet and buffers up to `bufferCapacity` steps, with
/// its sink.
private func unconfiguredBridge(bufferCapacity: Int) -> (NotificationBridge, InMemoryReceiptSink) {
    let sink = InMemoryReceiptSink()
    let bridge = NotificationBridge(
        registry: BuiltInVendors.registry,
        configuration: .init(bufferCapacity: bufferCapacity, startsConfigured: false), sink: sink)
    return (bridge, sink)
}

@Suite("Hostile input: thread safety")
struct ConcurrencyTests {
    @Test("parses on many threads at once each read exactly their own keys and values")
    func concurrentParsesKeepTheirKeys() async {
        let failures = Counter()
        await forEachConcurrently(Array(0..<400), width: 8) { index in
            // Keys unique to this document, a key every document shares, and a long key.
            var members: JSONObject = ["aps": ["alert": "x"], "shared_key": .int(index)]
            for k in 0..<24 { members["k\(index)_\(k)"] = .int(k) }
            members[String(repeating: "long", count: 9) + "\(index)"] = true
            guard let parsed = try? JSONParser.parse(JSONWriter.bytes(.object(members))), parsed == .object(members)
            else { return failures.increment() }
        }
        #expect(failures.count == 0)
    }

    @Test("concurrent opens of the same messages from many tasks: one receipt, one action and one route per message")
    func onceOnlyUnderConcurrency() async {
        let messages = 100
        let sink = InMemoryReceiptSink()
        let opener = RecordingOpener()
        let ran = Counter()
        let actions = ActionRegistry()
        actions.register("show_offer") { _ in ran.increment() }
        let bridge = NotificationBridge(
            registry: BuiltInVendors.registry, sink: sink, router: DeepLinkRouter(system: opener), actions: actions)
        let work = (0..<messages).flatMap { index in Array(repeating: index, count: 4) }.shuffled()
        await forEachConcurrently(work) { index in
            let push = buzzkitPush(index)
            _ = bridge.handle(.arrive(.serviceExtension), userInfo: push)
            _ = bridge.handle(.open, userInfo: push)
        }
        let receipts = sink.receipts
        let opened = receipts.filter { $0.kind == .opened }
        #expect(opened.count == messages)
        #expect(Set(opened.compactMap(\.messageId)).count == messages)
        #expect(receipts.filter { $0.kind == .delivered }.count == messages)
        #expect(receipts.filter { $0.kind == .deepLinkOpened }.count == messages)
        #expect(receipts.filter { $0.kind == .actionTriggered }.count == messages)
        #expect(Set(receipts.map(\.onceOnlyKey)).count == receipts.count)
        #expect(ran.count == messages)
        #expect(opener.seen.count == messages)
        #expect(Set(opener.seen.all.map(\.string)).count == messages)
    }

    @Test("steps racing for the pre-configure buffer: exactly its capacity is kept, the rest are dropped at once")
    func bufferUnderConcurrency() async {
        let (bridge, sink) = unconfiguredBridge(bufferCapacity: 16)
        let dropped = Counter()
        let other = Counter()
        await forEachConcurrently(Array(0..<64)) { index in
            for effect in bridge.handle(.arrive(.foreground), userInfo: zixflowPush(index)) {
                if case .dropped = effect { dropped.increment() } else { other.increment() }
            }
        }
        #expect(dropped.count == 48)
        #expect(other.count == 0)
        #expect(sink.receipts.isEmpty)
        let replayed = bridge.configure()
        #expect(replayed.receipts.count == 16)
        #expect(sink.receipts.count == 16)
    }

    @Test("configure racing with arriving steps loses none: each is replayed or handled, exactly once")
    func configureRace() async {
        let (bridge, sink) = unconfiguredBridge(bufferCapacity: 1000)
        let returned = Counter()
        await forEachConcurrently(Array(0..<200)) { index in
            if index == 100 {
                for effect in bridge.configure() { if case .receipt = effect { returned.increment() } }
            }
            for effect in bridge.handle(.arrive(.background), userInfo: zixflowPush(index)) {
                if case .receipt = effect { returned.increment() }
            }
        }
        for effect in bridge.configure() { if case .receipt = effect { returned.increment() } }
        #expect(sink.receipts.count == 200)
        #expect(returned.count == 200)
        #expect(Set(sink.receipts.compactMap(\.messageId)).count == 200)
    }

    @Test("the device token can change while pushes are handled; every receipt carries one of the tokens set")
    func deviceTokenRace() async {
        let sink = InMemoryReceiptSink()
        let bridge = NotificationBridge(
            registry: BuiltInVendors.registry, configuration: .init(deviceToken: "aa"), sink: sink)
        await forEachConcurrently(Array(0..<200)) { index in
            if index % 3 == 0 { bridge.deviceToken = index % 2 == 0 ? "aa" : "bb" }
            let payload: JSONObject = ["aps": ["alert": "x"], "Zixflow-Delivery-ID": .string("z\(index)")]
            _ = bridge.handle(.arrive(.foreground), userInfo: payload)
        }
        let tokens = Set(sink.receipts.compactMap { $0.properties["Zixflow-Delivery-Token"]?.stringValue })
        #expect(sink.receipts.count == 200)
        #expect(tokens.isSubset(of: ["aa", "bb"]))
    }

    @Test("ActionRegistry: concurrent register, unregister, run and names stay consistent")
    func actionRegistry() async {
        let registry = ActionRegistry()
        let ran = Counter()
        let handled = Counter()
        await forEachConcurrently(Array(0..<2000)) { index in
            let name = "a\(index % 10)"
            switch index % 4 {
            case 0: registry.register(name) { _ in ran.increment() }
            case 1: registry.unregister(name)
            case 2: if registry.run(PushAction(name: name)) { handled.increment() }
            default: _ = registry.names
            }
        }
        #expect(ran.count == handled.count)
        #expect(registry.names == registry.names.sorted())
        #expect(Set(registry.names).isSubset(of: Set((0..<10).map { "a\($0)" })))
    }

    @Test("DeepLinkRouter: routing while the delegate, closure and policy change never opens a refused link")
    func routerRace() async {
        let opener = RecordingOpener()
        let router = DeepLinkRouter(system: opener)
        let systemRoutes = Counter()
        let links = ["javascript:alert(1)", "https://example.com/", "gym://x", "mailto:a@b.c", " bad"]
        await forEachConcurrently(Array(0..<1000)) { index in
            switch index % 7 {
            case 0: router.delegate = RecordingDelegate(consumingSchemes: ["gym"])
            case 1: router.delegate = nil
            case 2: router.handler = { $0.scheme == "mailto" }
            case 3: router.policy = index % 2 == 0 ? .default : LinkPolicy(allowedSchemes: ["https"])
            default:
                if router.route(links[index % links.count]).via == .system { systemRoutes.increment() }
            }
        }
        #expect(opener.seen.count == systemRoutes.count)
        #expect(!opener.seen.all.map(\.string).contains { $0.lowercased().hasPrefix("javascript") || $0.hasPrefix(" ") })
    }

    @Test("sinks under concurrent writers: memory keeps every receipt, JSON Lines never interleaves a line")
    func sinks() async throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("hostile-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let memory = InMemoryReceiptSink()
        let lines = try JSONLinesReceiptSink(path: path)
        let both = MultiplexReceiptSink([memory, lines])
        let long = String(repeating: "x", count: 70_000)
        await forEachConcurrently(Array(0..<400)) { index in
            let receipt = Receipt(
                vendor: "buzzkit", kind: .opened, event: "$notification.opened",
                properties: ["i": .int(index), "pad": .string(index % 50 == 0 ? long : "")], messageId: "m\(index)")
            try? both.record(receipt)
        }
        #expect(memory.receipts.count == 400)
        #expect(Set(memory.receipts.compactMap(\.messageId)).count == 400)
        let text = try TestPaths.readBytes(path)
        let written = text.split(separator: UInt8(ascii: "\n"))
        #expect(written.count == 400)
        var indices = Set<Int>()
        for line in written {
            let value = try JSONParser.parse(Array(line))
            if let index = value["properties"]?["i"]?.intValue { indices.insert(index) }
        }
        #expect(indices.count == 400)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }
}
