import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox

/// The sink `simulate` hands the bridge: it records each receipt where the options say, then prints the
/// receipt's effect line, inside the bridge's own recording. So the bridge alone decides the order (receipt,
/// then `receipt-not-recorded` when it could not be kept), a printed line means the receipt was recorded,
/// and a process killed mid-run leaves at most one receipt recorded without its line.
final class ReceiptLineSink: ReceiptSink {
    /// Where receipts are recorded before their line is printed.
    enum Destination: Sendable {
        /// Nowhere: the line alone.
        case nowhere
        /// Durably in an outbox; a receipt its once-only ledger has seen gets no line, only a note on stderr.
        case outbox(ReceiptOutbox)
        /// Sent at once to the vendor's HTTP API; one that was not delivered gets no line.
        case endpoint(HTTPReceiptSink)
    }

    let destination: Destination

    init(_ destination: Destination) { self.destination = destination }

    func record(_ receipt: Receipt) throws {
        switch destination {
        case .nowhere:
            break
        case .outbox(let outbox):
            if case .alreadyRecorded(let id) = try outbox.append(receipt) {
                printDiagnostics([Diagnostic(
                    .info, code: .receiptAlreadyRecorded,
                    message: "receipt '\(receipt.event)' (\(receipt.vendor), id \(id)) is in the outbox's "
                        + "once-only ledger already: not recorded again")])
                return
            }
        case .endpoint(let sink):
            try sink.record(receipt)
        }
        stdoutStream.writeLine(receipt.json)
        // A durable receipt's line is out as soon as the receipt is on disk.
        if case .outbox = destination { stdoutStream.flush() }
    }
}
