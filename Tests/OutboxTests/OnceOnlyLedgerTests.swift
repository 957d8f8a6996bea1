import Foundation
import PushBridge
@testable import PushBridgeOutbox
import PushBridgeTestSupport
import Testing

/// An Airship `app_foreground` receipt about message `messageId`, or, without one, about request `requestIdentifier`.
private func airshipOpen(messageId: String? = nil, requestIdentifier: String? = nil) -> Receipt {
    Receipt(
        vendor: "airship", kind: .opened, event: "app_foreground",
        properties: ["push_id": .string(messageId ?? "MISSING_SEND_ID")], messageId: messageId,
        requestIdentifier: requestIdentifier)
}

/// A Braze `pushClick` about request `requestIdentifier`.
private func brazeClick(_ requestIdentifier: String) -> Receipt {
    Receipt(
        vendor: "braze", kind: .opened, event: "pushClick", properties: ["campaignId": "NjVhX2NtcA=="], messageId: nil,
        requestIdentifier: requestIdentifier)
}

@Suite("ReceiptOutbox: message ids and request identifiers are separate once-only namespaces")
struct OnceOnlyLedgerTests {
    @Test("a message id that spells a request identifier suppresses nothing, in either order")
    func separateNamespaces() throws {
        let identity = "4a08b088a69310c85ba0af97c88210de"
        let byMessage = airshipOpen(messageId: identity)
        let byRequest = airshipOpen(requestIdentifier: identity)
        #expect(byMessage.idempotencyKey != byRequest.idempotencyKey)
        for order in [[byMessage, byRequest], [byRequest, byMessage]] {
            let scratch = try Scratch()
            let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
            for receipt in order {
                #expect(try outbox.append(receipt) == .appended(id: receipt.idempotencyKey))
            }
            for receipt in order {
                #expect(try outbox.append(receipt) == .alreadyRecorded(id: receipt.idempotencyKey), "each once")
            }
            #expect(try outbox.snapshot().pending.compactMap(\.receipt) == order)
        }
    }

    @Test("the message-id form of the key is the one earlier versions wrote, byte for byte")
    func messageIdKeyUnchanged() {
        let receipt = airshipOpen(messageId: "send-1")
        #expect(receipt.onceOnlyKey == #""airship","send-1","app_foreground","""#)
        #expect(receipt.idempotencyKey == "7d24917107c24b45c0d1cdb8a552615f")
        let byRequest = brazeClick("5E1F0C2A-REQ")
        #expect(byRequest.onceOnlyKey == #""braze","","pushClick","","5E1F0C2A-REQ""#)
        #expect(byRequest.legacyIdempotencyKey == "2b4c90951e0b1f214ef7f746b6d9b8da")
        #expect(receipt.legacyIdempotencyKey == nil)
    }

    @Test("a journal written before the namespaces is read and honoured")
    func oldJournalHonoured() throws {
        let scratch = try Scratch()
        let directory = scratch.file("outbox")
        _ = try ReceiptOutbox(directory: directory)  // the folder, as the outbox makes it
        let fixture = TestPaths.packageRoot + "/Tests/OutboxFixtures/journal-before-namespaces"
        try FileManager.default.copyItem(atPath: fixture, toPath: directory + "/journal")
        let log = DiagnosticLog()
        let outbox = try ReceiptOutbox(directory: directory, diagnostics: log.handler)
        let before = try outbox.snapshot()
        #expect(before.skippedBytes == 0)
        #expect(before.pending.compactMap(\.receipt) == [brazeClick("5E1F0C2A-REQ")])
        #expect(before.pending.map(\.id) == ["2b4c90951e0b1f214ef7f746b6d9b8da"])

        // Message ids: every entry is honoured, sent (its record there) or a bare ledger id.
        let sent = "7d24917107c24b45c0d1cdb8a552615f", ledgerOnly = "eee177ea08ca369cb9d77518e113e032"
        #expect(try outbox.append(airshipOpen(messageId: "send-1")) == .alreadyRecorded(id: sent))
        #expect(try outbox.append(airshipOpen(messageId: "send-2")) == .alreadyRecorded(id: ledgerOnly))
        // Request identifiers: honoured while the journal still holds the receipt, pending or sent.
        let pending = "2b4c90951e0b1f214ef7f746b6d9b8da", sentByRequest = "fb7f9e41e960baf322f3e0c19531e5a7"
        #expect(try outbox.append(brazeClick("5E1F0C2A-REQ")) == .alreadyRecorded(id: pending))
        #expect(try outbox.append(brazeClick("REQ-SENT")) == .alreadyRecorded(id: sentByRequest))
        // A bare ledger id cannot say whether a message id or a request identifier made it: recorded again once.
        let compacted = brazeClick("REQ-COMPACTED")
        #expect(try outbox.append(compacted) == .appended(id: compacted.idempotencyKey))
        #expect(try outbox.snapshot().pending.map(\.id) == [pending, compacted.idempotencyKey])
        #expect(log.codes.isEmpty)
    }

    @Test("an old receipt's record is honoured only for the same receipt: a message id cannot claim it")
    func legacyRecordNeedsItsOwnBody() throws {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        // Written now under its message id: its id is what an old request-identifier receipt of that value had.
        let byMessage = airshipOpen(messageId: "r-1")
        try outbox.record(byMessage)
        let byRequest = airshipOpen(requestIdentifier: "r-1")
        #expect(byRequest.legacyIdempotencyKey == byMessage.idempotencyKey)
        #expect(try outbox.append(byRequest) == .appended(id: byRequest.idempotencyKey))
    }
}
