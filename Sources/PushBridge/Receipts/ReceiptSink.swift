import PushBridgeSystem

/// Where receipts go: memory, a file, a vendor's HTTP API, a durable outbox.
///
/// ## Implementation requirements
/// - ``record(_:)`` is the one requirement. It may be called from any thread, so a sink is `Sendable`
///   and guards its own state.
/// - It throws only when the receipt could not be kept; the bridge reports the error as a diagnostic.
/// - It never drops a receipt silently and never reorders receipts it is handed.
public protocol ReceiptSink: Sendable {
    /// Keeps one receipt.
    func record(_ receipt: Receipt) throws
}

/// Keeps receipts in memory, in order: for tests and previews.
public final class InMemoryReceiptSink: ReceiptSink {
    private let storage = Locked<[Receipt]>([])

    /// Creates an empty sink.
    public init() {}

    public func record(_ receipt: Receipt) { storage.withLock { $0.append(receipt) } }

    /// The receipts recorded so far, in order.
    public var receipts: [Receipt] { storage.withLock { $0 } }

    /// Forgets every receipt.
    public func removeAll() { storage.withLock { $0.removeAll() } }
}

/// Writes each receipt as one line of canonical JSON (the `receipt` effect line) to a file descriptor.
public final class JSONLinesReceiptSink: ReceiptSink {
    /// Why a line could not be written.
    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The `errno` value.
        public let code: Int32
        public var description: String { "could not write a receipt line (errno \(code))" }
    }

    private let descriptor: Int32
    private let closesOnDeinit: Bool
    /// How many lines were written; the lock keeps concurrent lines whole.
    private let linesWritten = Locked(0)

    /// Writes to an open file descriptor (not closed by the sink).
    public init(fileDescriptor: Int32) {
        descriptor = fileDescriptor
        closesOnDeinit = false
    }

    /// Appends to the file at `path`, creating it with mode 0600.
    public init(path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw WriteError(code: errno) }
        descriptor = fd
        closesOnDeinit = true
    }

    deinit { if closesOnDeinit { close(descriptor) } }

    public func record(_ receipt: Receipt) throws {
        var line = JSONWriter.bytes(receipt.json)
        line.append(UInt8(ascii: "\n"))
        try linesWritten.withLock { count in
            try line.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw WriteError(code: errno)
                    }
                    offset += written
                }
            }
            count += 1
        }
    }
}

/// Hands every receipt to several sinks, in order; one sink failing does not stop the others.
public struct MultiplexReceiptSink: ReceiptSink {
    /// The sinks.
    public let sinks: [any ReceiptSink]

    /// Creates a multiplexer.
    public init(_ sinks: [any ReceiptSink]) { self.sinks = sinks }

    /// Records to every sink; rethrows the first error after all have been tried.
    public func record(_ receipt: Receipt) throws {
        var firstError: (any Error)?
        for sink in sinks {
            do { try sink.record(receipt) } catch { if firstError == nil { firstError = error } }
        }
        if let firstError { throw firstError }
    }
}

/// A sink that keeps nothing, for when only the effects matter.
public struct DiscardingReceiptSink: ReceiptSink {
    /// Creates the sink.
    public init() {}
    public func record(_ receipt: Receipt) {}
}
