@testable import PushBridge
@testable import PushBridgeOutbox
import PushBridgeSystem
import PushBridgeTestSupport
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

    @Test("a receipt's idempotency key is 32 hex digits, stable, and shared by receipts the same under WIRE-FORMATS §6.2")
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

    @Test("a receipt survives its outbox serialisation, message id, action and time included")
    func outboxJSONRoundTrip() {
        let receipts = [
            Receipt(vendor: "keyfamily", kind: .opened, event: "Notification Clicked",
                    properties: ["wzrk_id": "k", "wzrk_cts": 1_800_000_000], messageId: "k", time: 1_800_000_000),
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
            #expect(json["time"]?.intValue == receipt.time)
        }
        #expect(Receipt(outboxJSON: ["vendor": "x", "kind": "nope", "event": "e"]) == nil)
        #expect(Receipt(outboxJSON: ["kind": "opened", "event": "e"]) == nil)
    }

    @Test("the outbox form keeps the request identifier, so the ledger knows the receipt after a restart")
    func outboxRoundTrip() {
        let receipt = Receipt(
            vendor: "klaviyo", kind: .opened, event: "$opened_push", properties: [:], messageId: nil,
            requestIdentifier: "req-9")
        let back = Receipt(outboxJSON: receipt.outboxJSON)
        #expect(back == receipt)
        #expect(back?.onceOnlyKey == receipt.onceOnlyKey)
        #expect(receipt.onceOnlyKey.contains("req-9"))
    }

    @Test("a CRC state shifted through n zero bytes equals the state after n zero bytes, for lengths up to 1 MiB")
    func crcShift() {
        var generator = SplitMix64(seed: 7)
        for count in [0, 1, 2, 3, 7, 8, 255, 256, 4_095, 65_537, 1 << 20] {
            let register = UInt32(truncatingIfNeeded: generator.next())
            var direct = register
            let zeros = [UInt8](repeating: 0, count: count)
            let prefix = zeros.withUnsafeBufferPointer { CRC32.prefixRegisters($0) }
            // prefixRegisters starts from 0, so the state from `register` is shift(register) ^ prefix (linear).
            direct = CRC32.shift(register, byZeroBytes: count) ^ prefix[count]
            var reference = register
            for _ in 0..<count { reference = (reference >> 8) ^ crcTableEntry(reference & 0xFF) }
            #expect(direct == reference, "\(count) zero bytes")
        }
    }

    @Test("the prefix-state path finds exactly the records the direct path finds, on damaged and crafted journals")
    func prefixPathAgrees() {
        var generator = SplitMix64(seed: 19)
        let id = String(repeating: "5a", count: 16)
        for round in 0..<300 {
            var bytes: [UInt8] = []
            for piece in 0..<(1 + Int(generator.next() % 6)) {
                switch generator.next() % 4 {
                case 0: bytes += OutboxFrame.encode(.receipt, id: id, body: Array("{\"n\":\(piece)}".utf8))
                case 1: bytes += OutboxFrame.encode(.sent, id: id)
                case 2: bytes += (0..<Int(generator.next() % 40)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
                default:
                    // A header claiming the rest, with a CRC that is right or wrong.
                    bytes += OutboxFrame.magic + [60, 0, 0, 0] + [0, 0, 0, 0]
                }
            }
            if !bytes.isEmpty, generator.next() % 2 == 0 {
                bytes[Int(generator.next() % UInt64(bytes.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
            }
            let direct = OutboxFrame.scan(bytes)
            let viaPrefix = bytes.withUnsafeBufferPointer { OutboxFrame.scan($0, directCheckBudget: -1) }
            #expect(direct.records.map(\.frame) == viaPrefix.records.map(\.frame), "round \(round)")
            #expect(direct.skipped == viaPrefix.skipped, "round \(round)")
            #expect(direct.validEnd == viaPrefix.validEnd, "round \(round)")
        }
    }

    @Test("2 MiB of overlapping headers, each claiming most of the file with a bad CRC, scan in well under a second")
    func craftedHeadersScanInLinearTime() {
        let id = String(repeating: "c3", count: 16)
        let good = OutboxFrame.encode(.receipt, id: id, body: Array("{}".utf8))
        let bytes = OutboxFrame.craftedOverlappingHeaders(count: 2 << 20) + good
        var scan = OutboxFrame.Scan()
        let elapsed = processorSeconds { scan = OutboxFrame.scan(bytes) }
        #expect(scan.records.map(\.id) == [id], "the valid record after the crafted ones is still found")
        #expect(scan.skipped == [0..<(bytes.count - good.count)])
        // CPU time of this thread, so machines busy with other work do not make it flaky; the quadratic
        // scanner took minutes here, the linear one well under a second (20 times that under TSan).
        #expect(elapsed < (underThreadSanitizer ? 20 : 1), "took \(elapsed) s of CPU")
    }
}

/// One entry of the CRC-32 table, computed bit by bit (a reference independent of ``CRC32``).
func crcTableEntry(_ index: UInt32) -> UInt32 {
    var value = index
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
}
