import PushBridge
import PushBridgeTestSupport

/// The error a ``ThrowingReceiptSink`` throws.
struct SinkFailure: Error, Hashable, CustomStringConvertible {
    var description: String { "disk full" }
}

/// A sink that refuses every receipt, counting the attempts.
struct ThrowingReceiptSink: ReceiptSink {
    let attempts = Recorder<Receipt>()

    func record(_ receipt: Receipt) throws {
        attempts.append(receipt)
        throw SinkFailure()
    }
}
