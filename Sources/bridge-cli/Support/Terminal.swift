#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import PushBridge

/// The exit codes of SPEC §8, in one place.
enum ExitCode: Int32 {
    case success = 0
    case problems = 1
    case usage = 2
    case noVendor = 3
    case invalidInput = 65
    case unreadableInput = 66
}

/// A failure that ends the command with an exit code and one line on stderr.
struct CLIError: Error {
    let code: ExitCode
    let message: String

    static func usage(_ message: String) -> CLIError { CLIError(code: .usage, message: message) }

    /// Maps a library error to its exit code.
    init(_ error: PushBridgeError) {
        switch error {
        case .invalidJSON, .notAnObject: self.init(code: .invalidInput, message: error.description)
        case .unknownVendor: self.init(code: .usage, message: error.description)
        case .noVendorClaims, .ambiguousVendor: self.init(code: .noVendor, message: error.description)
        }
    }

    init(code: ExitCode, message: String) {
        self.code = code
        self.message = message
    }
}

/// A buffered writer to a file descriptor (stdout or stderr), flushed explicitly and at exit.
final class OutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    nonisolated(unsafe) static let standardOutput = OutputStream(descriptor: 1)
    nonisolated(unsafe) static let standardError = OutputStream(descriptor: 2)

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes `value` as one line of canonical JSON.
    func writeLine(_ value: JSONValue, pretty: Bool = false) {
        JSONWriter.write(value, into: &buffer, pretty: pretty)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes an object given as its members (distinct keys, any order) as one line of canonical JSON.
    func writeLine(members: [(key: String, value: JSONValue)]) {
        JSONWriter.writeObject(members, into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Drops what has not been flushed yet.
    func discard() { buffer.removeAll(keepingCapacity: true) }

    func flush() {
        writeAll(descriptor, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Writes every byte to `descriptor`, retrying on interruption; on a failure (a closed pipe, a full disk) it
/// stops and returns the `errno`, which callers writing to stdout or stderr ignore.
@discardableResult
func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    bytes.withUnsafeBytes { raw -> Int32? in
        var offset = 0
        while offset < raw.count {
            let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}

var stdoutStream: OutputStream { OutputStream.standardOutput }
var stderrStream: OutputStream { OutputStream.standardError }

/// Reads a whole input: a file path, or `-` for standard input.
func readInput(_ path: String) throws(CLIError) -> [UInt8] {
    let descriptor: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
        throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(FileReading.describe(errno: errno))")
    }
    defer { if descriptor != 0 { close(descriptor) } }
    do throws(FileReading.Failure) {
        return try FileReading.readToEnd(descriptor, limit: JSONParser.Options.default.maxBytes)
    } catch {
        switch error {
        case .system(let code):
            throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(FileReading.describe(errno: code))")
        case .tooLarge(let limit):
            throw CLIError(code: .invalidInput, message: "'\(path)' is larger than the input limit of \(limit) bytes")
        }
    }
}

/// Reads lines from a file path or `-`, one at a time, without holding the whole input.
final class LineReader {
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var finished = false

    init(path: String) throws(CLIError) {
        descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    deinit { if descriptor != 0 { close(descriptor) } }

    /// The next line without its newline (and without a `\r` before it), or nil at the end of input.
    ///
    /// A line longer than the input limit is cut to one byte past the limit (the rest up to its newline
    /// is read and dropped), so memory stays bounded and parsing reports it as too large.
    func nextLine() -> [UInt8]? {
        let limit = JSONParser.Options.default.maxBytes + 1
        var line: [UInt8] = []
        while true {
            if start < end {
                let newline: Int? = buffer.withUnsafeBufferPointer { pointer in
                    let from = pointer.baseAddress! + start
                    guard let found = memchr(from, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
                    return start + from.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                if let newline {
                    if line.isEmpty {
                        line = Array(buffer[start..<newline])
                    } else {
                        line.append(contentsOf: buffer[start..<min(newline, start + max(0, limit - line.count))])
                    }
                    start = newline + 1
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    return line
                }
                line.append(contentsOf: buffer[start..<min(end, start + max(0, limit - line.count))])
                start = end
            }
            if finished { return line.isEmpty ? nil : line }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                finished = true
                continue
            }
            start = 0
            end = count
        }
    }
}

/// Prints diagnostics to stderr as JSON Lines, optionally tagged with the input line.
func printDiagnostics(_ diagnostics: [Diagnostic], line: Int? = nil) {
    printToStandardError(diagnostics.map(\.jsonMembers), line: line)
}

/// Prints losses to stderr as JSON Lines, optionally tagged with the input line.
func printLosses(_ losses: [Loss], line: Int? = nil) {
    printToStandardError(losses.map(\.jsonMembers), line: line)
}

/// Prints JSON objects to stderr, one per line, each with `"line": N` when a line is given.
private func printToStandardError(_ objects: [[(key: String, value: JSONValue)]], line: Int?) {
    for var members in objects {
        if let line { members.append(("line", .int(line))) }
        stderrStream.writeLine(members: members)
    }
}
