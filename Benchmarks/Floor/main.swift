// The parse+write floor of PushBridge's own JSON core: each line of FILE parsed with `JSONParser` and
// written back with `JSONWriter` (canonical, one line each), nothing else. run.sh compiles it together
// with Sources/PushBridge (one module, `swiftc -O -wmo`), so it runs the same code `translate` does.
//
// Like bridge-cli's line reader, it parses each line where it lies in the input buffer (no copy per line);
// the file is read into one buffer of its size first, so reading costs one allocation, not a growing array.
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
let fileSize = Int(lseek(descriptor, 0, SEEK_END))
_ = lseek(descriptor, 0, SEEK_SET)
guard fileSize >= 0 else { fail("floor: cannot size \(CommandLine.arguments[1])\n") }
let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(fileSize, 1))
var filled = 0
while filled < fileSize {
    let count = read(descriptor, input.baseAddress! + filled, fileSize - filled)
    if count <= 0 { break }
    filled += count
}
close(descriptor)

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
let bytes = UnsafeBufferPointer(rebasing: input[0..<filled])
var start = 0
while start < bytes.count {
    // Lines found with memchr, as bridge-cli's LineReader finds them.
    let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start)
    let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? bytes.count
    if end > start {
        do {
            let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            JSONWriter.write(value, into: &output)
            output.append(0x0A)
        } catch {
            failures += 1
        }
    }
    if output.count >= 1 << 16 {
        writeAll(output)
        output.removeAll(keepingCapacity: true)
    }
    start = end + 1
}
writeAll(output)
input.deallocate()
exit(failures == 0 ? 0 : 1)
