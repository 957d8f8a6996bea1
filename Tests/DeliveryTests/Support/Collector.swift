import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

/// One request the collector saw.
struct CollectedRequest {
    var number: Int
    var time: Double
    var method: String
    var path: String
    var idempotencyKey: String?
    var authorization: String?
    var apiKey: String?
    var body: JSONValue?
    /// What the collector did: `ok`, `500`, `429:N`, `drop`, `stall:S`, `status:CODE`.
    var action: String
    /// The raw log line.
    var line: String

    /// Whether the vendor stored the event: answered 2xx, or closed the connection after taking it (`drop`:
    /// the answer was lost, as when a connection dies after the server committed).
    var accepted: Bool { action == "ok" || action == "drop" }
    /// Whether the client was told it was delivered.
    var acknowledged: Bool { action == "ok" }
}

/// The Python collector (`Tests/DeliveryScripts/collector.py`) on 127.0.0.1, started for one test.
final class Collector: @unchecked Sendable {
    let port: Int
    let logPath: String
    private let process = Process()
    private let input = Pipe()

    /// Starts the collector with `options` (its `--script`, `--fail-rate`, … flags).
    init(_ options: [String] = [], in scratch: Scratch) throws {
        logPath = scratch.file("collector-\(UUID().uuidString.prefix(6)).jsonl")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Paths.collector, "--log", logPath, "--max-seconds", "120"] + options
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let reader = output.fileHandleForReading
        let found = PortBox()
        let ready = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var text = ""
            while !text.contains("\n") {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            found.set(text.split(separator: "\n").first.flatMap { line in
                line.hasPrefix("PORT ") ? Int(line.dropFirst(5)) : nil
            })
            ready.signal()
        }
        guard ready.wait(timeout: .now() + 15) == .success, let port = found.get() else {
            process.terminate()
            throw HarnessError(description: "the collector did not report its port (is python3 installed?)")
        }
        self.port = port
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request so far, in the order logged.
    func requests() throws -> [CollectedRequest] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            let value = try JSONParser.parse(String(line))
            return CollectedRequest(
                number: value["n"]?.intValue ?? 0, time: value["time"]?.numberValue?.doubleValue ?? 0,
                method: value["method"]?.stringValue ?? "", path: value["path"]?.stringValue ?? "",
                idempotencyKey: value["idempotencyKey"]?.stringValue,
                authorization: value["authorization"]?.stringValue,
                apiKey: value["apiKey"]?.stringValue, body: value["body"].flatMap { $0 == .null ? nil : $0 },
                action: value["action"]?.stringValue ?? "", line: String(line))
        }
    }

    /// The raw log.
    func rawLog() throws -> String { try String(contentsOfFile: logPath, encoding: .utf8) }

    /// Stops the collector (closing its stdin ends it; a kill makes sure).
    func stop() {
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            let deadline = monotonicNow() + 2
            while process.isRunning, monotonicNow() < deadline { pause(0.02) }
            if process.isRunning { process.terminate() }
        }
    }

    private final class PortBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Int?
        func set(_ newValue: Int?) { lock.withLock { value = newValue } }
        func get() -> Int? { lock.withLock { value } }
    }
}

/// The figures the delivery tests report (written as JSON Lines to `$PUSHBRIDGE_FIGURES` when set; the
/// figures script sums them).
struct DeliveryFigures {
    var test: String
    var recorded = 0
    var delivered = 0
    var lost = 0
    var duplicates = 0
    var crashIterations = 0
    var deadLetters = 0

    /// Appends the figures to `$PUSHBRIDGE_FIGURES` (one line, one `write`, so parallel tests do not mix).
    func report() {
        guard let path = ProcessInfo.processInfo.environment["PUSHBRIDGE_FIGURES"], !path.isEmpty else { return }
        var line = JSONWriter.bytes(.object([
            "test": .string(test), "recorded": .int(recorded), "delivered": .int(delivered), "lost": .int(lost),
            "duplicates": .int(duplicates), "crashIterations": .int(crashIterations), "deadLetters": .int(deadLetters),
        ]))
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    }
}
