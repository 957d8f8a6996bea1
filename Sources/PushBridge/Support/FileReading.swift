import PushBridgeSystem

/// Reading a file descriptor to its end: the one loop the CLI's input and the conformance case files share.
package enum FileReading {
    /// Why reading stopped.
    package enum Failure: Error, Sendable, Hashable {
        /// A read failed with this `errno`.
        case system(errno: Int32)
        /// More than the limit's bytes came.
        case tooLarge(limit: Int)
    }

    /// Every byte left in `descriptor`, read in chunks of up to 64 KiB and retried on `EINTR`; fails once more than
    /// `limit` bytes have come.
    package static func readToEnd(_ descriptor: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        // Not zeroed: a read fills what is used. The first chunk is 4 KiB, so a small input (one payload) takes
        // no large block the allocator would grow the heap for and give back; after a full chunk, 64 KiB.
        var chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 12, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = read(descriptor, chunk.baseAddress!, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(errno: errno)
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            if bytes.count > limit { throw .tooLarge(limit: limit) }
            if count == chunk.count, chunk.count < 1 << 16 {
                chunk.deallocate()
                chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
            }
        }
    }

    /// The text `strerror` gives for `code`.
    package static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }
}
