// The parse+write floor of PushBridge's own JSON core: each line of FILE parsed with `JSONParser` and
// written back with `JSONWriter` (canonical, one line each), nothing else. run.sh compiles it together
// with Sources/PushBridge (one module, `swiftc -O -wmo`), so it runs the same code `translate` does.
//
// It reads as bridge-cli's line reader does: 64 KiB at a time into one reused buffer, each complete line parsed
// where it lies (no copy per line); a line longer than the buffer grows it. (Reading the whole file into one buffer
// first would add a page fault per 4 KiB of input to the floor's system time, which bridge-cli does not pay.)
//
// Usage: floor FILE > out.jsonl
import PushBridgeSystem

/// Writes `message` to standard error and exits with status 2.
func fail(_ message: String) -> Never {
    let bytes = Array(message.utf8)
    _ = write(2, bytes, bytes.count)
    exit(2)
}

guard CommandLine.arguments.count == 2 else { fail("usage: floor FILE\n") }
let descriptor = open(CommandLine.arguments[1], O_RDONLY)
guard descriptor >= 0 else { fail("floor: cannot open \(CommandLine.arguments[1])\n") }

/// Writes `bytes` to standard output.
func writeAll(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count) }
        if count <= 0 { exit(1) }
        written += count
    }
}

var output: [UInt8] = []
output.reserveCapacity(1 << 17)
var failures = 0

/// Parses `line` where it lies and writes it back to `output`, one line (a line that is not JSON counts as a failure).
func floorLine(_ line: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], failures: inout Int) {
    guard !line.isEmpty else { return }
    do {
        let value = try JSONParser.parse(line)
        JSONWriter.write(value, into: &output)
        output.append(0x0A)
    } catch {
        failures += 1
    }
    if output.count >= 1 << 16 {
        writeAll(output)
        output.removeAll(keepingCapacity: true)
    }
}

var capacity = 1 << 16
var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
var filled = 0
var atEnd = false
while !atEnd {
    let count = read(descriptor, buffer + filled, capacity - filled)
    if count < 0 { fail("floor: cannot read \(CommandLine.arguments[1])\n") }
    if count == 0 { atEnd = true } else { filled += count }
    // The complete lines, found with memchr as bridge-cli's LineReader finds them; at the end, the last one too.
    var start = 0
    while start < filled, let newline = memchr(buffer + start, 0x0A, filled - start) {
        let end = UnsafeMutableRawPointer(newline) - UnsafeMutableRawPointer(buffer)
        floorLine(UnsafeBufferPointer(start: buffer + start, count: end - start), into: &output, failures: &failures)
        start = end + 1
    }
    if atEnd {
        floorLine(UnsafeBufferPointer(start: buffer + start, count: filled - start), into: &output, failures: &failures)
        break
    }
    // The start of the next line moves to the front; a line that fills the buffer doubles it.
    let rest = filled - start
    if start > 0 {
        memmove(buffer, buffer + start, rest)
    } else if rest == capacity {
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: buffer, count: rest)
        buffer.deallocate()
        buffer = grown
        capacity *= 2
    }
    filled = rest
}
close(descriptor)
writeAll(output)
buffer.deallocate()
exit(failures == 0 ? 0 : 1)
