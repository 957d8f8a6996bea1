import Foundation
import PushBridge
import PushBridgeSystem
import PushBridgeTestSupport
import Testing

/// Where things are.
enum Paths {
    /// The collector script.
    static let collector = TestPaths.packageRoot + "/Tests/DeliveryScripts/collector.py"
}

/// How a child process ended.
struct ProcessResult: CustomStringConvertible {
    var status: Int32
    var signaled: Bool
    var stdout: String
    var stderr: String

    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// The stdout lines parsed as JSON (lines that are not JSON, such as a torn last line, are skipped).
    var stdoutJSON: [JSONValue] { stdoutLines.compactMap { try? JSONParser.parse($0) } }

    var description: String {
        "exit \(status)\(signaled ? " (signal)" : "")\n--- stdout\n\(stdout.suffix(3_000))\n--- stderr\n"
            + "\(stderr.suffix(3_000))"
    }
}

/// One running child, its output going to files so it never blocks on a pipe.
final class Child: @unchecked Sendable {
    let process = Process()
    let command: String
    private let stdoutPath: String
    private let stderrPath: String
    private let finished = DispatchSemaphore(value: 0)
    private let input = Pipe()

    /// Starts `executable arguments…` with `environment` added to this process's.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], in scratch: Scratch,
        stdin: String? = nil
    ) throws {
        _ = ignoreSIGPIPE
        command = ([URL(fileURLWithPath: executable).lastPathComponent] + arguments).joined(separator: " ")
        let name = UUID().uuidString.prefix(8)
        stdoutPath = scratch.file("child-\(name).out")
        stderrPath = scratch.file("child-\(name).err")
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged.removeValue(forKey: "PUSHBRIDGE_WRITE_KEY")
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: stdoutPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        process.standardInput = input
        let finished = self.finished
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let writer = input.fileHandleForWriting
        if let stdin { try? writer.write(contentsOf: Data(stdin.utf8)) }
        try? writer.close()
    }

    /// Kills the child with SIGKILL (a crash: no cleanup runs).
    func killHard() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Waits for the child to end (killing it after `timeout` seconds, which is then recorded as an issue).
    @discardableResult
    func wait(timeout: Double = 30) -> ProcessResult {
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            Issue.record("\(command) did not finish within \(timeout) s")
            killHard()
            _ = finished.wait(timeout: .now() + 5)
        }
        return ProcessResult(
            status: process.isRunning ? -1 : process.terminationStatus,
            signaled: !process.isRunning && process.terminationReason == .uncaughtSignal,
            stdout: (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "")
    }

    private let ignoreSIGPIPE: Void = { _ = signal(SIGPIPE, SIG_IGN) }()
}

/// Runs the built `bridge-cli`.
enum BridgeCLI {
    static func executable() throws -> String {
        guard let path = TestPaths.bridgeCLI else {
            throw HarnessError(description: "bridge-cli was not found beside the tests; set BRIDGE_CLI to its path")
        }
        return path
    }

    /// Starts `bridge-cli arguments…` in the background.
    static func start(
        _ arguments: [String], environment: [String: String] = [:], in scratch: Scratch, stdin: String? = nil
    ) throws -> Child {
        try Child(try executable(), arguments, environment: environment, in: scratch, stdin: stdin)
    }

    /// Runs `bridge-cli arguments…` to the end; a crash (signal) is recorded as an issue.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], in scratch: Scratch, stdin: String? = nil,
        timeout: Double = 30
    ) throws -> ProcessResult {
        let result = try start(arguments, environment: environment, in: scratch, stdin: stdin).wait(timeout: timeout)
        if result.signaled { Issue.record("bridge-cli \(arguments.joined(separator: " ")) crashed:\n\(result)") }
        return result
    }
}
