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

    /// Every byte left in `descriptor`, read 64 KiB at a time and retried on `EINTR`; fails once more than
    /// `limit` bytes have come.
    package static func readToEnd(_ descriptor: Int32, limit: Int = .max) throws(Failure) -> [UInt8] {
        var bytes: [UInt8] = []
        // Not zeroed: a read fills what is used, so a small input touches only the pages it needs.
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
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
        }
    }

    /// The text `strerror` gives for `code`.
    package static func describe(errno code: Int32) -> String { String(cString: strerror(code)) }
}
