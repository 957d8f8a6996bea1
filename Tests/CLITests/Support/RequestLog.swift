import Foundation
import PushBridge
import PushBridgeTestSupport

/// An HTTP server on 127.0.0.1 that records every request it gets: the delivery tests' collector
/// (`Tests/DeliveryScripts/collector.py`), here as the host that hostile image and style URLs point to, so a
/// test can tell whether a page made a request at all.
final class RequestLog: @unchecked Sendable {
    /// The port it listens on.
    let port: Int
    private let logPath: String
    private let process = Process()
    private let input = Pipe()

    /// Starts the server; it stops when this value goes away (or after two minutes).
    init(in scratch: Scratch) throws {
        logPath = scratch.file("requests.jsonl")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", TestPaths.packageRoot + "/Tests/DeliveryScripts/collector.py", "--log", logPath,
            "--max-seconds", "120",
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // The collector's first line is "PORT <n>".
        var firstLine = ""
        let deadline = Date().addingTimeInterval(15)
        while !firstLine.contains("\n"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine += String(decoding: chunk, as: UTF8.self)
        }
        guard firstLine.hasPrefix("PORT "), let port = Int(firstLine.dropFirst(5).prefix { $0.isNumber }) else {
            process.terminate()
            throw HarnessError(
                description: "the request log server did not start (is python3 installed?): \(firstLine)")
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// `http://127.0.0.1:<port>`.
    var origin: String { "http://127.0.0.1:\(port)" }

    /// The path of every request received so far, in order.
    func requestedPaths() throws -> [String] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser.parse(String($0))["path"]?.stringValue ?? "?" }
    }
}
