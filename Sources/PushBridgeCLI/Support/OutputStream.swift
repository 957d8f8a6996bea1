import PushBridge
import PushBridgeSystem

/// A buffered writer to a file descriptor (stdout or stderr), flushed explicitly and at exit; or a capture
/// that only collects text, for another stream to ``append(_:)`` later.
final class OutputStream {
    /// The descriptor written to, or nil for a capture.
    private let descriptor: Int32?
    private var buffer: [UInt8] = []

    nonisolated(unsafe) static let standardOutput = OutputStream(descriptor: 1)
    nonisolated(unsafe) static let standardError = OutputStream(descriptor: 2)

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    /// A capture: text written to it stays in memory until another stream appends it.
    init(capturing: Void) { descriptor = nil }

    /// Writes what `capture` collected (and empties it, keeping its room for what it collects next).
    func append(_ capture: OutputStream) {
        guard !capture.buffer.isEmpty else { return }
        buffer.append(contentsOf: capture.buffer)
        capture.buffer.removeAll(keepingCapacity: true)
        flushIfFull()
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        flushIfFull()
    }

    /// Writes `value` as one line of canonical JSON; returns the bytes written.
    @discardableResult
    func writeLine(_ value: JSONValue, pretty: Bool = false) -> Int {
        let start = buffer.count
        JSONWriter.write(value, into: &buffer, pretty: pretty)
        buffer.append(UInt8(ascii: "\n"))
        let written = buffer.count - start
        flushIfFull()
        return written
    }

    /// Writes one line whose text `write` appends (canonical JSON written without building a value); returns the
    /// bytes written.
    @discardableResult
    func writeLine(_ write: (inout [UInt8]) -> Void) -> Int {
        let start = buffer.count
        write(&buffer)
        buffer.append(UInt8(ascii: "\n"))
        let written = buffer.count - start
        flushIfFull()
        return written
    }

    /// Writes an object given as its members (distinct keys, any order) as one line of canonical JSON.
    /// Writes `diagnostic` as one line of canonical JSON, with `"line"` when a line is given.
    func writeLine(_ diagnostic: Diagnostic, line: Int?) {
        diagnostic.writeJSON(line: line, into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    func writeLine(members: [(key: String, value: JSONValue)]) {
        JSONWriter.writeObject(members, into: &buffer)
        buffer.append(UInt8(ascii: "\n"))
        flushIfFull()
    }

    /// Drops what has not been flushed yet.
    func discard() { buffer.removeAll(keepingCapacity: true) }

    /// Writes out what is buffered (nothing for a capture).
    func flush() {
        guard let descriptor else { return }
        writeAll(descriptor, buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func flushIfFull() {
        if descriptor != nil, buffer.count >= 1 << 16 { flush() }
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
