import PushBridge
import PushBridgeSystem

/// The journal's record framing (docs/DELIVERY.md, "The journal").
///
/// Every record is `magic (4) | length (4, LE) | crc (4, LE) | payload (length)`, where the magic is
/// `FF 50 42 4A` (`\xFFPBJ`; 0xFF never occurs in UTF-8, so never inside a JSON body), the CRC-32 (IEEE)
/// covers the length bytes and the payload, and the payload is `kind (1 ASCII byte) | id (32 ASCII hex)
/// | body`. A record whose header is short, whose length runs past the end of the file or whose CRC does
/// not match is skipped: the scanner looks for the next magic that starts a valid record, so one bad
/// record never hides the good ones after it, and a torn last record is simply not there.
package enum OutboxFrame {
    /// What a record says.
    package enum Kind: UInt8, Sendable {
        /// A receipt to deliver; the body is `Receipt/outboxJSON`.
        case receipt = 0x52  // R
        /// The receipt with this id was delivered.
        case sent = 0x53  // S
        /// The receipt with this id was set aside as a dead letter.
        case deadLettered = 0x44  // D
        /// Compacted once-only ledger entry: a receipt with this id was handled before.
        case ledger = 0x4C  // L
        /// A flush handed the receipt with this id out; the body is how many flushes have (ASCII decimal).
        /// Written before the sender runs, so a flush that dies while sending still counts.
        case attempted = 0x41  // A
    }

    /// The four bytes every record starts with.
    package static let magic: [UInt8] = [0xFF, 0x50, 0x42, 0x4A]
    /// Magic, length and CRC-32: the bytes before a record's kind.
    package static let headerSize = 12
    /// The hex digits of a record's id.
    package static let idLength = 32
    /// No record is larger than this; a header claiming more is corrupt.
    package static let maxPayload = 1 << 20

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
    ///
    /// - Complexity: O(n) in the length of `bytes`, whatever they hold (see ``CRCChecker``).
    static func scan(_ bytes: [UInt8]) -> Scan {
        bytes.withUnsafeBufferPointer { buffer in scan(buffer, directCheckBudget: buffer.count) }
    }

    /// ``scan(_:)`` with the number of bytes candidate records that fail their CRC may cost before the scan
    /// switches to prefix CRC states (tests pass 0 to check that path on small inputs).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, directCheckBudget: Int) -> Scan {
        var result = Scan()
        var checker = CRCChecker(bytes: bytes, directCheckBudget: directCheckBudget)
        var offset = 0
        var skipStart: Int?
        while offset < bytes.count {
            if let record = record(in: bytes, at: offset, checker: &checker) {
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

    /// The valid record that starts at `offset`, if one does. The cheap checks (magic, length, kind, id) come
    /// before the checksum, so only a well-formed candidate costs a CRC.
    private static func record(
        in bytes: UnsafeBufferPointer<UInt8>, at offset: Int, checker: inout CRCChecker
    ) -> Record? {
        guard bytes.count - offset >= headerSize,
              bytes[offset] == magic[0], bytes[offset + 1] == magic[1], bytes[offset + 2] == magic[2],
              bytes[offset + 3] == magic[3]
        else { return nil }
        let length = Int(readLittleEndian(bytes, at: offset + 4))
        let storedCRC = readLittleEndian(bytes, at: offset + 8)
        let payloadStart = offset + headerSize
        guard length >= 1 + idLength, length <= maxPayload, length <= bytes.count - payloadStart,
              let kind = Kind(rawValue: bytes[payloadStart])
        else { return nil }
        let idRange = (payloadStart + 1)..<(payloadStart + 1 + idLength)
        guard allHexDigits(bytes, idRange),
              checker.matches(lengthAt: offset + 4, payload: payloadStart..<(payloadStart + length), crc: storedCRC)
        else { return nil }
        return Record(
            kind: kind, id: String(decoding: bytes[idRange], as: UTF8.self),
            body: (payloadStart + 1 + idLength)..<(payloadStart + length), frame: offset..<(payloadStart + length))
    }

    /// Where the next magic after `offset` starts (`memchr` for its first byte, 0xFF, which is rare in a journal).
    private static func nextMagic(in bytes: UnsafeBufferPointer<UInt8>, after offset: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var index = offset + 1
        while index + magic.count <= bytes.count {
            guard let found = memchr(base + index, 0xFF, bytes.count - magic.count + 1 - index) else { return nil }
            index = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if base[index + 1] == 0x50, base[index + 2] == 0x42, base[index + 3] == 0x4A { return index }
            index += 1
        }
        return nil
    }

    /// Whether `bytes[range]` are all lowercase hex digits.
    private static func allHexDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        for index in range where !isHexDigit(bytes[index]) { return false }
        return true
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

    private static func readLittleEndian(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

/// Checks candidate records' CRCs during one scan, in O(n) total whatever the bytes.
///
/// A candidate costs a CRC over its claimed length. Checked directly, crafted overlapping headers (each
/// claiming most of the file) would make a scan quadratic. So once the candidates that failed have cost more
/// than `directCheckBudget` bytes (the file's length), the checker builds the raw CRC state after every prefix
/// of the file (O(n), once) and from then on checks any candidate in O(log n): the state after `length ‖
/// payload` is the state after the 4 length bytes shifted through the payload's length in zero bytes (a
/// multiplication by x^(8·length) mod P, as zlib's `crc32_combine` does), xor the payload's own contribution,
/// `prefix[end] ^ shift(prefix[start], length)`. Records that pass never overlap, so checking them directly
/// costs at most n; a valid journal never leaves the direct path.
struct CRCChecker {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var budget: Int
    /// `prefix[i]`: the raw CRC register (initial 0, no final xor) after `bytes[0..<i]`, once built.
    private var prefix: [UInt32]?

    init(bytes: UnsafeBufferPointer<UInt8>, directCheckBudget: Int) {
        self.bytes = bytes
        budget = directCheckBudget
    }

    /// Whether the CRC-32 of the 4 bytes at `lengthAt` followed by `payload` is `crc`.
    mutating func matches(lengthAt: Int, payload: Range<Int>, crc: UInt32) -> Bool {
        var head = CRC32()
        head.update(UnsafeBufferPointer(rebasing: bytes[lengthAt..<(lengthAt + 4)]))
        if let prefix {
            let state = CRC32.shift(head.register ^ prefix[payload.lowerBound], byZeroBytes: payload.count)
                ^ prefix[payload.upperBound]
            return state ^ 0xFFFF_FFFF == crc
        }
        head.update(UnsafeBufferPointer(rebasing: bytes[payload]))
        if head.value == crc { return true }
        budget -= payload.count
        if budget < 0 { prefix = CRC32.prefixRegisters(bytes) }
        return false
    }
}

/// CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320), as zlib computes it.
struct CRC32: Sendable {
    private static let polynomial: UInt32 = 0xEDB8_8320

    private static let table: [UInt32] = (0..<256).map { index -> UInt32 in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? polynomial ^ (value >> 1) : value >> 1 }
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

    /// Adds the bytes of a buffer to the checksum (the scanner's path: no generic iteration).
    mutating func update(_ buffer: UnsafeBufferPointer<UInt8>) {
        var crc = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in buffer { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        state = crc
    }

    /// The checksum of everything added so far.
    var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// The raw register (before the final xor).
    var register: UInt32 { state }

    /// The raw register (initial 0, no final xor) after each prefix of `bytes`: `count + 1` values.
    static func prefixRegisters(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var registers = [UInt32](repeating: 0, count: bytes.count + 1)
        table.withUnsafeBufferPointer { table in
            registers.withUnsafeMutableBufferPointer { output in
                var crc: UInt32 = 0
                for index in 0..<bytes.count {
                    crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    output[index + 1] = crc
                }
            }
        }
        return registers
    }

    /// `register` after `count` zero bytes: `register · x^(8·count) mod P`, in O(log count) table lookups.
    static func shift(_ register: UInt32, byZeroBytes count: Int) -> UInt32 {
        precondition(count >= 0 && count < 1 << shiftLevels, "a CRC shift longer than any record")
        var value = register
        var remaining = count
        var level = 0
        shiftTables.withUnsafeBufferPointer { tables in
            while remaining > 0 {
                if remaining & 1 == 1 {
                    let base = level * 1024
                    value = tables[base + Int(value & 0xFF)] ^ tables[base + 256 + Int((value >> 8) & 0xFF)]
                        ^ tables[base + 512 + Int((value >> 16) & 0xFF)] ^ tables[base + 768 + Int(value >> 24)]
                }
                remaining >>= 1
                level += 1
            }
        }
        return value
    }

    /// Shifts of up to 2^shiftLevels − 1 bytes are supported (records are at most 1 MiB).
    private static let shiftLevels = 24

    /// For each level k, the linear map "multiply by x^(8·2^k) mod P" as four 256-entry tables, one per byte
    /// of the register.
    private static let shiftTables: [UInt32] = {
        // x^(2^n) mod P for n = 0…31, as zlib's x2n_table (x^0 is bit 31 in the reflected representation).
        var powers: [UInt32] = []
        var power: UInt32 = 1 << 30  // x^1
        for _ in 0..<32 {
            powers.append(power)
            power = multiply(power, power)
        }
        var tables: [UInt32] = []
        tables.reserveCapacity(shiftLevels * 1024)
        for level in 0..<shiftLevels {
            let factor = powers[level + 3]  // x^(8·2^level) = x^(2^(level+3))
            for byteIndex in 0..<4 {
                for byte in 0..<256 { tables.append(multiply(factor, UInt32(byte) << UInt32(8 * byteIndex))) }
            }
        }
        return tables
    }()

    /// `a · b mod P` on reflected polynomials (zlib's `multmodp`).
    static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        var mask: UInt32 = 1 << 31
        var product: UInt32 = 0
        var b = b
        while mask != 0 {
            if a & mask != 0 { product ^= b }
            mask >>= 1
            b = b & 1 == 1 ? (b >> 1) ^ polynomial : b >> 1
        }
        return product
    }
}
