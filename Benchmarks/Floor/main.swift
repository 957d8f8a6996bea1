// The parse+write floor of PushBridge's own JSON core: each line of FILE parsed with `JSONParser` and
// written back with `JSONWriter` (canonical, one line each), nothing else. run.sh compiles it together
// with Sources/PushBridge (one module, `swiftc -O -wmo`), so it runs the same code `translate` does.
//
// Usage: floor FILE > out.jsonl
import PushBridgeSystem

guard CommandLine.arguments.count == 2, let file = fopen(CommandLine.arguments[1], "rb") else {
    let usage = Array("usage: floor FILE\n".utf8)
    _ = write(2, usage, usage.count)
    exit(2)
}
var input: [UInt8] = []
var chunk = [UInt8](repeating: 0, count: 1 << 16)
while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    input.append(contentsOf: chunk[0..<count])
}
fclose(file)

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
input.withUnsafeBufferPointer { bytes in
    var start = 0
    while start < bytes.count {
        // Lines found with memchr, as bridge-cli's LineReader finds them.
        let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start)
        let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(bytes.baseAddress!) } ?? bytes.count
        if end > start {
            do {
                let value = try JSONParser.parse(Array(bytes[start..<end]))
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
}
writeAll(output)
exit(failures == 0 ? 0 : 1)
