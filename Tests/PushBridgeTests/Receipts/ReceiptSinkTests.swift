import PushBridge
import PushBridgeSystem
import PushBridgeTestSupport
import Testing

/// A fresh temporary directory, removed (with the files the test named) by ``remove(_:)``.
private struct TempDir {
    let path: String

    init() throws {
        var template = Array("/tmp/pushbridge-core-tests-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard let made else { throw SinkFailure() }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove(_ names: [String]) {
        for name in names { unlink(file(name)) }
        rmdir(path)
    }
}

/// The whole content of the file at `path`.
private func readFile(_ path: String) -> String {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count <= 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The permission bits of the file at `path`, or nil when it cannot be stat'ed.
private func permissions(_ path: String) -> UInt32? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return UInt32(info.st_mode) & 0o777
}

private func receipt(_ event: String, id: String = "m1", properties: JSONObject = [:]) -> Receipt {
    Receipt(vendor: "fake", kind: .opened, event: event, properties: properties, messageId: id)
}

@Suite("Receipt sinks")
struct ReceiptSinkTests {
    @Test("the in-memory sink keeps receipts in the order it was handed them, and forgets them on removeAll")
    func inMemoryOrder() {
        let sink = InMemoryReceiptSink()
        let events = ["c", "a", "b", "a"]
        for event in events { sink.record(receipt(event)) }
        #expect(sink.receipts.map(\.event) == events)
        sink.removeAll()
        #expect(sink.receipts.isEmpty)
    }

    @Test("the JSON Lines sink writes one canonical receipt line per receipt to a new 0600 file")
    func jsonLinesFile() throws {
        let dir = try TempDir()
        defer { dir.remove(["receipts.jsonl"]) }
        let path = dir.file("receipts.jsonl")
        let first = receipt("Opened", properties: ["b": 2, "a": "x/y"])
        let second = receipt("Delivered", id: "m2")
        do {
            let sink = try JSONLinesReceiptSink(path: path)
            try sink.record(first)
            try sink.record(second)
        }
        #expect(permissions(path) == 0o600)
        let text = readFile(path)
        #expect(text == """
            {"event":"Opened","kind":"opened","properties":{"a":"x/y","b":2},"type":"receipt","vendor":"fake"}
            {"event":"Delivered","kind":"opened","properties":{},"type":"receipt","vendor":"fake"}

            """)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(try lines.map { try JSONParser.parse($0) } == [first.json, second.json])
    }

    @Test("a second JSON Lines sink on the same path appends rather than truncating")
    func jsonLinesAppends() throws {
        let dir = try TempDir()
        defer { dir.remove(["r.jsonl"]) }
        let path = dir.file("r.jsonl")
        try JSONLinesReceiptSink(path: path).record(receipt("one"))
        try JSONLinesReceiptSink(path: path).record(receipt("two"))
        let events = try readFile(path).split(separator: "\n").map { try JSONParser.parse(String($0))["event"] }
        #expect(events == ["one", "two"])
    }

    @Test("a JSON Lines sink on a path that cannot be created throws")
    func jsonLinesBadPath() throws {
        let dir = try TempDir()
        defer { dir.remove([]) }
        #expect(throws: JSONLinesReceiptSink.WriteError.self) {
            _ = try JSONLinesReceiptSink(path: dir.file("missing/dir/r.jsonl"))
        }
    }

    @Test("a JSON Lines sink on a bad file descriptor throws instead of dropping the receipt silently")
    func jsonLinesBadDescriptor() {
        let sink = JSONLinesReceiptSink(fileDescriptor: -1)
        let error = #expect(throws: JSONLinesReceiptSink.WriteError.self) { try sink.record(receipt("x")) }
        #expect(error?.code == EBADF)
    }

    @Test("concurrent writers to one JSON Lines sink produce only whole lines", .timeLimit(.minutes(1)))
    func jsonLinesConcurrent() async throws {
        let dir = try TempDir()
        defer { dir.remove(["c.jsonl"]) }
        let path = dir.file("c.jsonl")
        let sink = try JSONLinesReceiptSink(path: path)
        let writers = 8
        let perWriter = 60
        let padding = String(repeating: "p", count: 3_000)  // long lines make torn writes visible
        let failures = await withTaskGroup(of: Int.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    var failures = 0
                    for index in 0..<perWriter {
                        let props: JSONObject = [
                            "writer": .int(writer), "index": .int(index), "pad": .string(padding),
                        ]
                        do {
                            try sink.record(receipt("e", id: "w\(writer)", properties: props))
                        } catch {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
        let lines = readFile(path).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == writers * perWriter)
        var seen = Set<String>()
        var perWriterOrder: [Int: [Int]] = [:]
        for line in lines {
            let value = try JSONParser.parse(String(line))
            let writer = value["properties"]?["writer"]?.intValue ?? -1
            let index = value["properties"]?["index"]?.intValue ?? -1
            #expect(value["properties"]?["pad"]?.stringValue == padding)
            seen.insert("\(writer)/\(index)")
            perWriterOrder[writer, default: []].append(index)
        }
        #expect(seen.count == writers * perWriter)
        // Each writer's own receipts keep their order.
        for (_, order) in perWriterOrder { #expect(order == Array(0..<perWriter)) }
    }

    @Test("the multiplex sink forwards every receipt to every sink, in order")
    func multiplexForwards() throws {
        let a = InMemoryReceiptSink()
        let b = InMemoryReceiptSink()
        let sink = MultiplexReceiptSink([a, b])
        try sink.record(receipt("1"))
        try sink.record(receipt("2"))
        #expect(a.receipts.map(\.event) == ["1", "2"])
        #expect(b.receipts.map(\.event) == ["1", "2"])
    }

    @Test("the multiplex sink still reaches later sinks when an earlier one throws, then rethrows")
    func multiplexSurvivesFailure() {
        let failing = ThrowingReceiptSink()
        let before = InMemoryReceiptSink()
        let after = InMemoryReceiptSink()
        let sink = MultiplexReceiptSink([before, failing, after])
        #expect(throws: SinkFailure.self) { try sink.record(receipt("x")) }
        #expect(before.receipts.map(\.event) == ["x"])
        #expect(failing.attempts.count == 1)
        #expect(after.receipts.map(\.event) == ["x"])
    }

    @Test("a multiplex sink of two failing sinks rethrows the first error after trying both")
    func multiplexFirstError() {
        struct Other: Error {}
        struct OtherSink: ReceiptSink {
            let attempts = Recorder<Receipt>()
            func record(_ receipt: Receipt) throws {
                attempts.append(receipt)
                throw Other()
            }
        }
        let second = OtherSink()
        #expect(throws: SinkFailure.self) {
            try MultiplexReceiptSink([ThrowingReceiptSink(), second]).record(receipt("x"))
        }
        #expect(second.attempts.count == 1)
    }
}
