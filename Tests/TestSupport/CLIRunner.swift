import Foundation
import PushBridge
import PushBridgeSystem
import Testing

/// What one run of the built `bridge-cli` produced.
public struct CLIResult: Sendable, CustomStringConvertible {
    /// The exit status (or the signal number when ``crashed``).
    public var status: Int32
    /// Whether the process ended on a signal (a crash) instead of exiting.
    public var crashed: Bool
    /// Whether the run was killed for taking longer than its timeout.
    public var timedOut: Bool
    /// Everything written to stdout.
    public var stdoutBytes: [UInt8]
    /// Everything written to stderr.
    public var stderrBytes: [UInt8]

    /// Stdout as UTF-8 text.
    public var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    /// Stderr as UTF-8 text.
    public var stderr: String { String(decoding: stderrBytes, as: UTF8.self) }

    /// Stdout split into lines (without the final empty piece after the last newline).
    public var stdoutLines: [String] { Self.lines(stdout) }
    /// Stderr split into lines.
    public var stderrLines: [String] { Self.lines(stderr) }

    /// Stdout parsed as one JSON value.
    public func stdoutJSON() throws -> JSONValue { try parseJSON(stdout) }
    /// Every stdout line parsed as JSON.
    public func stdoutJSONLines() throws -> [JSONValue] { try stdoutLines.map(parseJSON) }
    /// Every stderr line parsed as JSON.
    public func stderrJSONLines() throws -> [JSONValue] { try stderrLines.map(parseJSON) }
    /// The stderr lines tagged `{"type": type}` (diagnostic, loss), parsed.
    public func stderrRecords(type: String) throws -> [JSONValue] {
        try stderrJSONLines().filter { $0["type"]?.stringValue == type }
    }

    public var description: String {
        "exit \(status)\(crashed ? " (signal)" : "")\(timedOut ? " (timed out)" : "")\n"
            + "--- stdout\n\(stdout.prefix(2_000))\n--- stderr\n\(stderr.prefix(2_000))"
    }

    /// `text` split at newlines, without the empty piece after a final newline.
    public static func lines(_ text: String) -> [String] {
        var pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if pieces.last == "" { pieces.removeLast() }
        return pieces
    }
}

/// Spawns the `bridge-cli` that `swift test` built, with a timeout so no test can hang.
public enum CLI {
    /// The built executable (see ``TestPaths/bridgeCLI``).
    public static var executable: String? { TestPaths.bridgeCLI }

    /// Runs `bridge-cli arguments…` (in `directory` when given), feeding `stdin` through a pipe when given (else
    /// stdin is empty). Output goes to files, so a large output never blocks the child.
    public static func run(
        _ arguments: [String], stdin: [UInt8]? = nil, in directory: String? = nil, timeout: TimeInterval = 30
    ) throws -> CLIResult {
        guard let executable else {
            throw HarnessError(
                description: "bridge-cli was not found beside \(CommandLine.arguments[0]); set BRIDGE_CLI to its path")
        }
        return try Subprocess.run(executable, arguments, stdin: stdin, in: directory, timeout: timeout)
    }

    /// Runs `bridge-cli arguments…`, expects it to succeed with nothing on stderr, and gives its stdout lines
    /// parsed as JSON.
    public static func jsonLines(
        _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [JSONValue] {
        let result = try run(arguments)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        return try result.stdoutJSONLines()
    }

    /// Runs with `text` on stdin.
    public static func run(_ arguments: [String], stdin text: String, timeout: TimeInterval = 30) throws -> CLIResult {
        try run(arguments, stdin: Array(text.utf8), timeout: timeout)
    }
}

/// Spawns a program with a timeout, so no test can hang; records an issue when it times out or crashes.
public enum Subprocess {
    /// Runs `executable arguments…` (in `directory` when given), feeding `stdin` through a pipe when given (else
    /// stdin is empty). Output goes to files, so a large output never blocks the child.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: [UInt8]? = nil, in directory: String? = nil,
        timeout: TimeInterval = 30
    ) throws -> CLIResult {
        _ = ignoreSIGPIPE
        let name = executable.split(separator: "/").last.map(String.init) ?? executable
        let scratch = try Scratch()
        let stdoutURL = scratch.url("stdout")
        let stderrURL = scratch.url("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        let stdoutHandle = try FileHandle(forWritingTo: stdoutURL)
        let stderrHandle = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdoutHandle.close()
            try? stderrHandle.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        let inputPipe = Pipe()
        process.standardInput = inputPipe

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        // Feed stdin on another thread: a child that stops reading (an error) must not block the test.
        let writer = inputPipe.fileHandleForWriting
        let input = Data(stdin ?? [])
        let fed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if !input.isEmpty { try? writer.write(contentsOf: input) }
            try? writer.close()
            fed.signal()
        }

        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                _ = finished.wait(timeout: .now() + 5)
            }
        }
        _ = fed.wait(timeout: .now() + 5)
        try? inputPipe.fileHandleForReading.close()

        let result = CLIResult(
            status: process.isRunning ? -1 : process.terminationStatus,
            crashed: !process.isRunning && process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdoutBytes: [UInt8](try Data(contentsOf: stdoutURL)),
            stderrBytes: [UInt8](try Data(contentsOf: stderrURL)))
        if timedOut { Issue.record("\(name) \(arguments.joined(separator: " ")) timed out after \(timeout)s") }
        if result.crashed { Issue.record("\(name) \(arguments.joined(separator: " ")) crashed:\n\(result)") }
        return result
    }

    /// A write to a pipe whose reader has exited must fail with EPIPE, not kill the test process.
    private static let ignoreSIGPIPE: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()
}

