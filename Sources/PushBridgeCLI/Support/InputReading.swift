import PushBridge
import PushBridgeSystem

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
    private let path: String
    private let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0
    private var finished = false

    init(path: String) throws(CLIError) {
        self.path = path
        descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(FileReading.describe(errno: errno))")
        }
    }

    deinit { if descriptor != 0 { close(descriptor) } }

    /// The next line without its newline (and without a `\r` before it), or nil at the end of input.
    ///
    /// A line longer than the input limit is cut to one byte past the limit (the rest up to its newline
    /// is read and dropped), so memory stays bounded and parsing reports it as too large. An input that cannot
    /// be read (a directory, an I/O error) throws: it is not an empty or shorter batch.
    func nextLine() throws(CLIError) -> [UInt8]? {
        var line: [UInt8]?
        _ = try withNextLine { line = Array($0) }
        return line
    }

    /// Calls `body` with the next line (as ``nextLine()`` gives it) and returns true, or returns false at the
    /// end of input. A line within one read is passed in place, not copied; the bytes are valid only in `body`.
    func withNextLine(_ body: (UnsafeBufferPointer<UInt8>) -> Void) throws(CLIError) -> Bool {
        let limit = JSONParser.Options.default.maxBytes + 1
        // A line that spans reads is gathered here (up to the limit).
        var line: [UInt8] = []
        while true {
            if start < end {
                let newline: Int? = buffer.withUnsafeBufferPointer { pointer in
                    let from = pointer.baseAddress! + start
                    guard let found = memchr(from, Int32(UInt8(ascii: "\n")), end - start) else { return nil }
                    return start + from.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                if let newline {
                    let from = start
                    start = newline + 1
                    if line.isEmpty {
                        var lineEnd = newline
                        if lineEnd > from, buffer[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                        buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[from..<lineEnd])) }
                        return true
                    }
                    line.append(contentsOf: buffer[from..<min(newline, from + max(0, limit - line.count))])
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    line.withUnsafeBufferPointer(body)
                    return true
                }
                line.append(contentsOf: buffer[start..<min(end, start + max(0, limit - line.count))])
                start = end
            }
            if finished {
                guard !line.isEmpty else { return false }
                line.withUnsafeBufferPointer(body)
                return true
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count < 0 {
                throw CLIError(code: .unreadableInput, message: "cannot read '\(path)': \(FileReading.describe(errno: errno))")
            }
            if count == 0 {
                finished = true
                continue
            }
            start = 0
            end = count
        }
    }
}

/// Reads and parses one userInfo from a path or `-`.
func loadUserInfo(_ path: String) throws(CLIError) -> (bytes: Int, userInfo: JSONObject) {
    let bytes = try readInput(path)
    return (bytes.count, try parseUserInfo(bytes))
}

/// Parses one userInfo (a whole input or one JSON Lines line).
func parseUserInfo(_ bytes: [UInt8]) throws(CLIError) -> JSONObject {
    do throws(PushBridgeError) {
        return try VendorRegistry.parseUserInfo(bytes)
    } catch {
        throw CLIError(error)
    }
}

/// Parses one JSON Lines line, in place.
func parseUserInfo(_ bytes: UnsafeBufferPointer<UInt8>) throws(CLIError) -> JSONObject {
    do throws(PushBridgeError) {
        return try VendorRegistry.parseUserInfo(bytes)
    } catch {
        throw CLIError(error)
    }
}
