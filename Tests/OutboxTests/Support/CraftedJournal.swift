import PushBridge
@testable import PushBridgeOutbox

/// A journal's bytes, record by record: each receipt `R` frame and any marks, in the order given.
struct CraftedJournal {
    var bytes: [UInt8] = []
    /// Each record's frame in `bytes`, with its kind and id.
    var frames: [(kind: OutboxFrame.Kind, id: String, range: Range<Int>)] = []

    mutating func add(_ kind: OutboxFrame.Kind, _ receipt: Receipt, body: [UInt8]? = nil) {
        let frameBody = body ?? (kind == .receipt ? JSONWriter.bytes(receipt.outboxJSON) : [])
        let frame = OutboxFrame.encode(kind, id: receipt.idempotencyKey, body: frameBody)
        frames.append((kind, receipt.idempotencyKey, bytes.count..<(bytes.count + frame.count)))
        bytes += frame
    }
}
