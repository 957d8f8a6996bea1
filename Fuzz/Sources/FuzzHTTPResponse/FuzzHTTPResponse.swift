import FuzzSupport
import PushBridgeDelivery

/// Fuzz target: ``HTTPResponseReader`` on any bytes, fed whole, in the pieces the input chooses, and one
/// byte at a time.
///
/// Input layout: byte 0 chooses the limits (bits 0–1: the response cap, 64 B / 512 B / 4 KiB / 1 MiB) and
/// the number of split points (bits 2–4, 0–7); then two bytes per split point (the piece sizes, little
/// endian, taken modulo the bytes left); the rest is the response.
///
/// Invariants: no crash or hang; the result is the same however the bytes are split; a complete response
/// has a final status (200–599) and a body no larger than the cap; never more bytes counted than the cap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Fuzz.bytes(data, size)
    guard let control = input.first else { return 0 }
    let caps = [64, 512, 4 << 10, 1 << 20]
    let limits = HTTPResponseReader.Limits(maxResponseBytes: caps[Int(control & 3)], maxHeadBytes: 2 << 10,
                                           maxHeaderCount: 24, maxInterimResponses: 4)
    let splitCount = Int(control >> 2) & 7
    guard input.count >= 1 + 2 * splitCount else { return 0 }
    let sizes = (0..<splitCount).map { Int(input[1 + 2 * $0]) | Int(input[2 + 2 * $0]) << 8 }
    let response = Array(input[(1 + 2 * splitCount)...])

    let whole = read(response, pieces: [response.count], limits: limits)
    let split = read(response, pieces: sizes, limits: limits)
    Fuzz.require(whole.progress == split.progress, "split \(sizes) gives \(split.progress), whole \(whole.progress)")
    if response.count <= 4096 {
        let bytewise = read(response, pieces: Array(repeating: 1, count: response.count), limits: limits)
        Fuzz.require(whole.progress == bytewise.progress, "byte by byte gives \(bytewise.progress)")
    }
    Fuzz.require(whole.bytesRead <= limits.maxResponseBytes, "read \(whole.bytesRead) bytes past the cap")
    if case .complete(let final) = whole.progress {
        Fuzz.require((200...599).contains(final.status), "a complete response has status \(final.status)")
        Fuzz.require(final.body.count <= limits.maxResponseBytes, "a body of \(final.body.count) bytes passes the cap")
    }
    return 0
}

/// Feeds `bytes` in pieces of the given sizes (taken modulo what is left; the rest in one piece), then
/// closes the connection when the reader still needs more.
func read(_ bytes: [UInt8], pieces: [Int], limits: HTTPResponseReader.Limits) -> HTTPResponseReader {
    var reader = HTTPResponseReader(limits: limits)
    var offset = 0
    for piece in pieces where offset < bytes.count {
        let length = piece % (bytes.count - offset + 1)
        reader.feed(bytes[offset..<(offset + length)])
        offset += length
    }
    if offset < bytes.count { reader.feed(bytes[offset...]) }
    if case .needMore = reader.progress { reader.finish() }
    return reader
}
