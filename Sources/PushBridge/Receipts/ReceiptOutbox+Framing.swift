/// The journal's record framing (docs/DELIVERY.md, "The journal").
///
/// Every record is `magic (4) | length (4, LE) | crc (4, LE) | payload (length)`, where the magic is
/// `FF 50 42 4A` (`\xFFPBJ`; 0xFF never occurs in UTF-8, so never inside a JSON body), the CRC-32 (IEEE)
/// covers the length bytes and the payload, and the payload is `kind (1 ASCII byte) | id (32 ASCII hex)
/// | body`. A record whose header is short, whose length runs past the end of the file or whose CRC does
/// not match is skipped: the scanner looks for the next magic that starts a valid record, so one bad
/// record never hides the good ones after it, and a torn last record is simply not there.
enum OutboxFrame {
    /// What a record says.
    enum Kind: UInt8, Sendable {
        /// A receipt to deliver; the body is ``Receipt/outboxJSON``.
        case receipt = 0x52  // R
        /// The receipt with this id was delivered.
        case sent = 0x53  // S
        /// The receipt with this id was set aside as a dead letter.
        case deadLettered = 0x44  // D
        /// Compacted once-only ledger entry: a receipt with this id was handled before.
        case ledger = 0x4C  // L
    }

    static let magic: [UInt8] = [0xFF, 0x50, 0x42, 0x4A]
    static let headerSize = 12
    static let idLength = 32
    /// No record is larger than this; a header claiming more is corrupt.
    static let maxPayload = 1 << 20

    /// One valid record found by ``scan(_:)``.
    struct Record: Sendable {
        var kind: Kind
        var id: String
        /// The body's bytes in the scanned buffer.
        var body: Range<Int>
        /// The whole frame's bytes in the scanned buffer.
        var frame: Range<Int>
    }

    /// The outcome of reading a journal.
    struct Scan: Sendable {
        var records: [Record] = []
        /// Where the last valid record ends: anything after it is a torn or corrupt tail.
        var validEnd = 0
        /// Byte ranges that were skipped because they held no valid record, in order.
        var skipped: [Range<Int>] = []
    }

    /// Encodes one record.
    static func encode(_ kind: Kind, id: String, body: [UInt8] = []) -> [UInt8] {
        var payload: [UInt8] = [kind.rawValue]
        payload.append(contentsOf: id.utf8)
        payload.append(contentsOf: body)
        var frame = magic
        frame.reserveCapacity(headerSize + payload.count)
        let length = UInt32(payload.count)
        let lengthBytes = littleEndian(length)
        var crc = CRC32()
        crc.update(lengthBytes)
        crc.update(payload)
        frame.append(contentsOf: lengthBytes)
        frame.append(contentsOf: littleEndian(crc.value))
        frame.append(contentsOf: payload)
        return frame
    }

    /// Reads every valid record of `bytes` in order, skipping corrupt regions.
    static func scan(_ bytes: [UInt8]) -> Scan {
        var result = Scan()
        var offset = 0
        var skipStart: Int?
        while offset < bytes.count {
            if let record = record(in: bytes, at: offset) {
                if let start = skipStart {
                    result.skipped.append(start..<offset)
                    skipStart = nil
                }
                result.records.append(record)
                offset = record.frame.upperBound
                result.validEnd = offset
            } else {
                if skipStart == nil { skipStart = offset }
                offset = nextMagic(in: bytes, after: offset) ?? bytes.count
            }
        }
        if let start = skipStart { result.skipped.append(start..<bytes.count) }
        return result
    }

    /// The valid record that starts at `offset`, if one does.
    private static func record(in bytes: [UInt8], at offset: Int) -> Record? {
        guard bytes.count - offset >= headerSize,
              bytes[offset] == magic[0], bytes[offset + 1] == magic[1], bytes[offset + 2] == magic[2],
              bytes[offset + 3] == magic[3]
        else { return nil }
        let length = Int(readLittleEndian(bytes, at: offset + 4))
        let storedCRC = readLittleEndian(bytes, at: offset + 8)
        let payloadStart = offset + headerSize
        guard length >= 1 + idLength, length <= maxPayload, length <= bytes.count - payloadStart else { return nil }
        var crc = CRC32()
        crc.update(bytes[(offset + 4)..<(offset + 8)])
        crc.update(bytes[payloadStart..<(payloadStart + length)])
        guard crc.value == storedCRC, let kind = Kind(rawValue: bytes[payloadStart]) else { return nil }
        let idBytes = bytes[(payloadStart + 1)..<(payloadStart + 1 + idLength)]
        guard idBytes.allSatisfy({ isHexDigit($0) }) else { return nil }
        return Record(
            kind: kind, id: String(decoding: idBytes, as: UTF8.self),
            body: (payloadStart + 1 + idLength)..<(payloadStart + length), frame: offset..<(payloadStart + length))
    }

    private static func nextMagic(in bytes: [UInt8], after offset: Int) -> Int? {
        var index = offset + 1
        while index + magic.count <= bytes.count {
            if bytes[index] == magic[0], bytes[index + 1] == magic[1], bytes[index + 2] == magic[2],
               bytes[index + 3] == magic[3]
            {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
    }

    /// Whether `id` can name a record (32 lowercase hex digits).
    static func isValidID(_ id: String) -> Bool {
        id.utf8.count == idLength && id.utf8.allSatisfy(isHexDigit)
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
         UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 24)]
    }

    private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zlib computes it.
struct CRC32: Sendable {
    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private var state: UInt32 = 0xFFFF_FFFF

    /// Adds `bytes` to the checksum.
    mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        let table = Self.table
        var crc = state
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        state = crc
    }

    /// The checksum of everything added so far.
    var value: UInt32 { state ^ 0xFFFF_FFFF }
}
