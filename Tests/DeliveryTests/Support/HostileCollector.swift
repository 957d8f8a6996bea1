import Foundation
import PushBridge
import PushBridgeTestSupport

/// `Tests/DeliveryScripts/hostile_collector.py` on 127.0.0.1: a server that answers each case's requests
/// (`/case/<name>/…`) with the bytes its script says. It stops by itself after `maxSeconds`; the test
/// stops it sooner when the value goes away.
final class HostileCollector: @unchecked Sendable {
    static let script = TestPaths.packageRoot + "/Tests/DeliveryScripts/hostile_collector.py"

    let port: Int
    let logPath: String
    private let child: Child

    init(in scratch: Scratch, maxSeconds: Double = 90) throws {
        logPath = scratch.file("hostile-\(UUID().uuidString.prefix(6)).jsonl")
        let portFile = scratch.file("hostile-\(UUID().uuidString.prefix(6)).port")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        child = try Child(
            "/usr/bin/env",
            ["python3", Self.script, "--log", logPath, "--port-file", portFile, "--max-seconds", "\(Int(maxSeconds))"],
            in: scratch)
        let deadline = monotonicNow() + 15
        var found: Int?
        while found == nil, monotonicNow() < deadline, child.process.isRunning {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8))
                .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if found == nil { pause(0.02) }
        }
        guard let found else {
            child.killHard()
            throw HarnessError(description: "the hostile collector did not report its port (is python3 installed?)")
        }
        port = found
    }

    deinit { child.killHard() }

    /// The endpoint of case `name`: `http://127.0.0.1:<port>/case/<name>`.
    func endpoint(_ name: String) -> String { "http://127.0.0.1:\(port)/case/\(name)" }

    /// The requests logged so far for case `name` (every case when nil), in order.
    func requests(_ name: String? = nil) throws -> [JSONValue] {
        let text = try String(contentsOfFile: logPath, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser.parse(String($0)) }
            .filter { name == nil || $0["case"]?.stringValue == name }
    }
}
