import FuzzSupport
import PushBridgeOutbox

/// Fuzz target: the outbox journal's frame scanner (`ReceiptOutbox.scanJournal`, what every read of a
/// journal runs).
///
/// Each input is scanned three times: as raw bytes; as a recipe for a journal (``JournalRecipe``), so that
/// valid records, records nested inside other records' claimed lengths and crafted overlapping headers with
/// wrong checksums are common rather than one in 2^32; and as that journal behind three crafted headers that
/// each claim all of it with a wrong checksum, so the scanner is sure to switch to its prefix-state path
/// (it does once failed candidates cost more than the input's length) before it reaches the journal.
/// Invariants: no trap; the scanner finds exactly the records, skipped ranges and valid end that
/// ``ReferenceScanner`` finds (a direct, one-byte-at-a-time scanner with its own bitwise CRC-32, written here
/// independently).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJournalScan(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Fuzz.bytes(data, size)
    let recipe = JournalRecipe.build(input)
    let cases = [
        ("raw input", input), ("recipe", recipe),
        ("recipe behind crafted headers", JournalRecipe.behindCraftedHeaders(recipe)),
    ]
    for (what, journal) in cases {
        let ours = ReceiptOutbox.scanJournal(journal)
        let reference = ReferenceScanner.scan(journal)
        Fuzz.require(ours.records.map(\.frame) == reference.records.map(\.frame), "\(what): different records")
        Fuzz.require(ours.records.map(\.kind) == reference.records.map(\.kind), "\(what): different kinds")
        Fuzz.require(ours.records.map(\.id) == reference.records.map(\.id), "\(what): different ids")
        Fuzz.require(ours.skipped == reference.skipped, "\(what): different skipped ranges")
        Fuzz.require(ours.validEnd == reference.validEnd, "\(what): different valid end")
        for record in ours.records {
            Fuzz.require(record.body.lowerBound == record.frame.lowerBound + 45, "\(what): body not after the id")
            Fuzz.require(record.body.upperBound == record.frame.upperBound, "\(what): body not to the frame's end")
        }
    }
    return 0
}

/// The journal format, written out again from docs/DELIVERY.md: no code shared with the library.
enum JournalFormat {
    static let magic: [UInt8] = [0xFF, 0x50, 0x42, 0x4A]
    static let kinds: [UInt8] = Array("RSDLA".utf8)
    static let maxPayload = 1 << 20

    /// CRC-32 (IEEE, reflected), bit by bit.
    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }

    static func isLowerHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
}

/// The plainest scanner that follows the format: at each offset, check everything directly.
enum ReferenceScanner {
    struct Record {
        var kind: UInt8
        var id: String
        var frame: Range<Int>
    }

    static func scan(_ bytes: [UInt8]) -> (records: [Record], skipped: [Range<Int>], validEnd: Int) {
        var records: [Record] = []
        var skipped: [Range<Int>] = []
        var validEnd = 0
        var offset = 0
        var skipStart: Int?
        while offset < bytes.count {
            if let record = record(bytes, at: offset) {
                if let start = skipStart { skipped.append(start..<offset) }
                skipStart = nil
                records.append(record)
                offset = record.frame.upperBound
                validEnd = offset
                continue
            }
            if skipStart == nil { skipStart = offset }
            var next = offset + 1
            while next + 4 <= bytes.count, Array(bytes[next..<(next + 4)]) != JournalFormat.magic { next += 1 }
            offset = next + 4 <= bytes.count ? next : bytes.count
        }
        if let start = skipStart { skipped.append(start..<bytes.count) }
        return (records, skipped, validEnd)
    }

    private static func record(_ bytes: [UInt8], at offset: Int) -> Record? {
        guard bytes.count - offset >= 12, Array(bytes[offset..<(offset + 4)]) == JournalFormat.magic else { return nil }
        let length = Int(JournalFormat.readLittleEndian(bytes, at: offset + 4))
        guard length >= 33, length <= JournalFormat.maxPayload, offset + 12 + length <= bytes.count else { return nil }
        let checked = Array(bytes[(offset + 4)..<(offset + 8)]) + bytes[(offset + 12)..<(offset + 12 + length)]
        let stored = JournalFormat.readLittleEndian(bytes, at: offset + 8)
        guard JournalFormat.crc(checked[...]) == stored else { return nil }
        let kind = bytes[offset + 12]
        let id = bytes[(offset + 13)..<(offset + 45)]
        guard JournalFormat.kinds.contains(kind), id.allSatisfy(JournalFormat.isLowerHex) else { return nil }
        return Record(kind: kind, id: String(decoding: id, as: UTF8.self), frame: offset..<(offset + 12 + length))
    }
}

/// Reads an input as instructions for building a journal, one instruction per byte (the bytes after it are
/// its operands; a short input simply ends the journal):
/// 0 raw bytes · 1 a valid record · 2 a header whose right CRC covers the next N bytes built (so records
/// nest) · 3 a header with a wrong CRC claiming N bytes · 4 a bare magic · 5 a copy of an earlier stretch.
enum JournalRecipe {
    static func build(_ input: [UInt8]) -> [UInt8] {
        var reader = Reader(bytes: input)
        var journal: [UInt8] = []
        var wrappers: [(header: Int, claimed: Int)] = []
        while let instruction = reader.next() {
            switch instruction % 6 {
            case 0:
                journal += reader.take(Int(reader.next() ?? 0) % 64)
            case 1:
                let kindChoice = Int(reader.next() ?? 0)
                let kind = kindChoice % 7 < 5 ? JournalFormat.kinds[kindChoice % 7 % 5] : UInt8(kindChoice)
                let id = (0..<32).map { _ in Array("0123456789abcdef".utf8)[Int(reader.next() ?? 0) % 16] }
                let payload = [kind] + id + reader.take(Int(reader.next() ?? 0) % 48)
                let lengthBytes = JournalFormat.littleEndian(UInt32(payload.count))
                journal += JournalFormat.magic + lengthBytes
                journal += JournalFormat.littleEndian(JournalFormat.crc((lengthBytes + payload)[...])) + payload
            case 2, 3:
                let claimed = 33 + Int(reader.next() ?? 0) * 2
                if instruction % 6 == 2 { wrappers.append((journal.count, claimed)) }
                journal += JournalFormat.magic + JournalFormat.littleEndian(UInt32(claimed)) + [0, 0, 0, 0]
            case 4:
                journal += JournalFormat.magic
            default:
                guard !journal.isEmpty else { continue }
                let start = Int(reader.next() ?? 0) % journal.count
                journal += journal[start..<min(journal.count, start + Int(reader.next() ?? 0))]
            }
        }
        // Right CRCs for the wrapping headers, innermost (latest) first, so an outer one covers the patched inner.
        for (header, claimed) in wrappers.reversed() where header + 12 + claimed <= journal.count {
            let covered = Array(journal[(header + 4)..<(header + 8)]) + journal[(header + 12)..<(header + 12 + claimed)]
            let crc = JournalFormat.littleEndian(JournalFormat.crc(covered[...]))
            journal.replaceSubrange((header + 8)..<(header + 12), with: crc)
        }
        return journal
    }

    /// `journal` behind three 45-byte candidates, each claiming everything after its header (at most 1 MiB),
    /// with a valid kind and id and a wrong CRC.
    static func behindCraftedHeaders(_ journal: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for unit in 0..<3 {
            let claimed = min(JournalFormat.maxPayload, max(33, (2 - unit) * 45 + 33 + journal.count))
            bytes += JournalFormat.magic + JournalFormat.littleEndian(UInt32(claimed)) + [0, 0, 0, 0]
            bytes += Array("R".utf8) + [UInt8](repeating: 0x30, count: 32)
        }
        return bytes + journal
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func next() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func take(_ count: Int) -> [UInt8] {
            let end = min(bytes.count, position + count)
            defer { position = end }
            return Array(bytes[position..<end])
        }
    }
}
