@testable import PushBridge
import Testing

@Suite("Outbox records: framing, checksums and receipt identity")
struct FramingTests {
    @Test("CRC-32 matches the IEEE check value")
    func crcCheckValue() {
        var crc = CRC32()
        crc.update(Array("123456789".utf8))
        #expect(crc.value == 0xCBF4_3926)
    }

    @Test("SHA-256 matches the FIPS 180-4 examples, across block boundaries")
    func sha256Vectors() {
        #expect(SHA256.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(SHA256.hash(Array("abc".utf8)))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex(SHA256.hash([UInt8](repeating: 0x61, count: 1_000)))
            == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    @Test("records read back in order with their kind, id and body")
    func roundTrip() {
        let id = String(repeating: "ab", count: 16)
        let bytes = OutboxFrame.encode(.receipt, id: id, body: Array("{\"a\":1}".utf8))
            + OutboxFrame.encode(.sent, id: id)
        let scan = OutboxFrame.scan(bytes)
        #expect(scan.records.map(\.kind) == [.receipt, .sent])
        #expect(scan.records.map(\.id) == [id, id])
        #expect(Array(bytes[scan.records[0].body]) == Array("{\"a\":1}".utf8))
        #expect(scan.records[1].body.isEmpty)
        #expect(scan.validEnd == bytes.count)
        #expect(scan.skipped.isEmpty)
    }

    @Test("a record whose length, checksum, kind or id is wrong is skipped and the next valid one is found")
    func resynchronises() {
        let id = String(repeating: "0f", count: 16)
        let good = OutboxFrame.encode(.ledger, id: id)
        for damage in [4, 8, 12, 13, 20] {
            var bad = OutboxFrame.encode(.sent, id: id)
            bad[damage] ^= 0x01
            let scan = OutboxFrame.scan(good + bad + good)
            #expect(scan.records.count == 2, "damage at \(damage)")
            #expect(scan.skipped == [good.count..<(good.count + bad.count)], "damage at \(damage)")
            #expect(scan.validEnd == good.count * 2 + bad.count)
        }
    }

    @Test("a receipt's idempotency key is 32 hex digits, stable, and shared by receipts the same under SPEC §6")
    func idempotencyKey() {
        let receipt = Receipt(
            vendor: "zixflow", kind: .delivered, event: "Delivered",
            properties: ["Zixflow-Delivery-ID": "d", "Zixflow-Delivery-Token": "t1"], messageId: "d")
        var sameByRule = receipt
        sameByRule.properties["Zixflow-Delivery-Token"] = "t2"
        #expect(OutboxFrame.isValidID(receipt.idempotencyKey))
        #expect(receipt.idempotencyKey == sameByRule.idempotencyKey)
        #expect(receipt.idempotencyKey == SHA256.hex(SHA256.hash(Array(receipt.onceOnlyKey.utf8)).prefix(16)))
        var opened = receipt
        opened.event = "Opened"
        #expect(receipt.idempotencyKey != opened.idempotencyKey)
    }

    @Test("a receipt survives its outbox serialisation, message id and action included")
    func outboxJSONRoundTrip() {
        let receipts = [
            Receipt(vendor: "buzzkit", kind: .opened, event: "$notification.opened",
                    properties: ["messageId": "m", "action": "confirm", "input": "hi"], messageId: "m"),
            Receipt(vendor: "pushnotifai", kind: .opened, event: "$notification_tapped",
                    properties: ["message_id": "n", "action_identifier": "b1"], messageId: "n", action: "b1"),
            Receipt(vendor: "zixflow", kind: .delivered, event: "Delivered", properties: [:], messageId: nil),
        ]
        for receipt in receipts {
            let json = receipt.outboxJSON
            #expect(json["type"] == "receipt")
            #expect(Receipt(outboxJSON: json) == receipt)
        }
        #expect(Receipt(outboxJSON: ["vendor": "x", "kind": "nope", "event": "e"]) == nil)
        #expect(Receipt(outboxJSON: ["kind": "opened", "event": "e"]) == nil)
    }
}
