import PushBridgeSystem

/// Memory for the buffers the parser and the writer make for themselves on every call (their stacks, the
/// unescape scratch, the output sink), straight from `malloc`.
///
/// `UnsafeMutablePointer.allocate` asks the Swift runtime for memory of "default" alignment, which on Linux
/// it serves with `posix_memalign`: about 300 instructions where `malloc` takes a few dozen for a small
/// buffer (thread cache), three times a translation. `malloc`'s 16-byte alignment covers every element
/// stored here. Memory from ``allocate(_:capacity:)`` is freed with ``release(_:)`` only.
enum BufferMemory {
    /// Uninitialized room for `capacity` values of `type`; traps when the system has no memory left (as
    /// `UnsafeMutablePointer.allocate` does).
    @inline(__always)
    static func allocate<Element>(_ type: Element.Type, capacity: Int) -> UnsafeMutablePointer<Element> {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        let bytes = Swift.max(1, MemoryLayout<Element>.stride * capacity)
        guard MemoryLayout<Element>.alignment <= 16, let raw = malloc(bytes) else {
            preconditionFailure("BufferMemory: cannot allocate \(bytes) bytes")
        }
        return raw.bindMemory(to: Element.self, capacity: capacity)
        #else
        return UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        #endif
    }

    /// Frees memory from ``allocate(_:capacity:)`` (its values already deinitialized or trivial).
    @inline(__always)
    static func release<Element>(_ pointer: UnsafeMutablePointer<Element>) {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        free(UnsafeMutableRawPointer(pointer))
        #else
        pointer.deallocate()
        #endif
    }
}
