/// Characters that must not reach a person's terminal as they are: they reorder the text around them (bidi
/// controls such as U+202E, the Trojan Source trick), hide in it (U+200B, U+00AD, U+FEFF, tag characters) or
/// break a line (U+2028, U+2029, control characters). PushBridge escapes them in every message it writes for
/// a person (``Swift/String/escapedForDisplay``) and in every JSON text (``JSONWriter``, as `\uXXXX`): see
/// docs/HOSTILE-INPUT.md "Text on a terminal".
enum DisplayEscape {
    /// Whether the scalar `value` is escaped for display: a control character (`Cc`: U+0000–U+001F,
    /// U+007F–U+009F), a format character (`Cf`, as this toolchain's Unicode data lists them — a test checks
    /// the whole category against `Unicode.Scalar.Properties.generalCategory`), U+2028 or U+2029.
    @inline(__always)
    static func isEscaped(_ value: UInt32) -> Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F,  // Cc
            0xAD, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x890...0x891, 0x8E2, 0x180E,  // Cf
            0x200B...0x200F, 0x2028...0x202E,  // Cf, U+2028 (Zl) and U+2029 (Zp), the embeddings and overrides (Cf)
            0x2060...0x2064, 0x2066...0x206F, 0xFEFF, 0xFFF9...0xFFFB,  // Cf
            0x110BD, 0x110CD, 0x13430...0x1343F, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0001, 0xE0020...0xE007F:
            return true
        default:
            return false
        }
    }

    /// Whether the scalar whose valid UTF-8 sequence starts at `bytes` (a byte of 0x80 or more) may be escaped,
    /// judged from its first two bytes (three after E2): only C2 (C1 controls, U+00AD), D8, DB, DC (Arabic and
    /// Syriac marks), E0 (U+0890, U+0891, U+08E2), E1 (U+180E), E2 (U+2028 and the General Punctuation controls,
    /// not the dashes, quotation marks and ellipsis beside them), EF (U+FEFF, U+FFF9–FFFB), F0 and F3 (tag
    /// characters) lead one, each with one or a few second bytes. Every other sequence — most of the text of any
    /// script: Arabic and Indic letters, Thai, Vietnamese, emoji — is passed over without decoding. The bytes after
    /// the first are read only after one of those leads, within its sequence, so the end of a buffer is never read
    /// past.
    @inline(__always)
    static func mayStartEscaped(at bytes: UnsafePointer<UInt8>) -> Bool {
        switch bytes[0] {
        case 0xC2: return bytes[1] <= 0x9F || bytes[1] == 0xAD  // U+0080–U+009F, U+00AD
        case 0xD8: return bytes[1] <= 0x85 || bytes[1] == 0x9C  // U+0600–U+0605, U+061C
        case 0xDB: return bytes[1] == 0x9D  // U+06DD
        case 0xDC: return bytes[1] == 0x8F  // U+070F
        case 0xE0: return bytes[1] == 0xA2 || bytes[1] == 0xA3  // U+0890, U+0891, U+08E2
        case 0xE1: return bytes[1] == 0xA0  // U+180E
        case 0xE2:  // U+200B–U+200F, U+2028–U+202E, U+2060–U+206F: typographic punctuation around them is not
            switch bytes[1] {
            case 0x80: return (0x8B...0x8F).contains(bytes[2]) || (0xA8...0xAE).contains(bytes[2])
            case 0x81: return (0xA0...0xAF).contains(bytes[2])
            default: return false
            }
        case 0xEF: return bytes[1] == 0xBB || bytes[1] == 0xBF  // U+FEFF, U+FFF9–U+FFFB
        case 0xF0:  // U+110BD, U+110CD, U+13430–U+1343F, U+1BCA0–U+1BCA3, U+1D173–U+1D17A
            return bytes[1] == 0x91 || bytes[1] == 0x93 || bytes[1] == 0x9B || bytes[1] == 0x9D
        case 0xF3: return bytes[1] == 0xA0  // U+E0001, U+E0020–U+E007F
        default: return false
        }
    }

    /// The number of bytes of the UTF-8 sequence that starts with `lead` (0xC2 or more).
    @inline(__always)
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The scalar value of the (valid) UTF-8 sequence of `length` bytes at `bytes`.
    @inline(__always)
    static func decode(_ bytes: UnsafePointer<UInt8>, length: Int) -> UInt32 {
        let lead = UInt32(bytes[0])
        switch length {
        case 2: return (lead & 0x1F) << 6 | UInt32(bytes[1] & 0x3F)
        case 3: return (lead & 0x0F) << 12 | UInt32(bytes[1] & 0x3F) << 6 | UInt32(bytes[2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(bytes[1] & 0x3F) << 12 | UInt32(bytes[2] & 0x3F) << 6
                | UInt32(bytes[3] & 0x3F)
        }
    }

    /// The value of the scalar starting at `bytes` (valid UTF-8, lead byte 0x80 or more) when it is escaped,
    /// else nil; `length` is set to its byte count either way.
    @inline(__always)
    static func escapedScalar(at bytes: UnsafePointer<UInt8>, length: inout Int) -> UInt32? {
        let lead = bytes[0]
        length = sequenceLength(lead)
        guard mayStartEscaped(at: bytes) else { return nil }
        let value = decode(bytes, length: length)
        return isEscaped(value) ? value : nil
    }

    /// Whether valid UTF-8 `bytes` hold an escaped scalar of 0x80 or more (the caller checks ASCII itself): eight
    /// bytes at a time through ``possibleLeads(_:)``, decoding only at a lead byte it marks.
    static func containsEscapedNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        guard count >= 8 else {
            for position in 0..<count where base[position] >= 0x80 {
                var length = 0
                if escapedScalar(at: base + position, length: &length) != nil { return true }
            }
            return false
        }
        var i = 0
        // Sixteen bytes a step while none can lead an escaped scalar (most text); a pair that has one is decoded
        // word by word.
        while i + 16 <= count {
            if !JSONWriter.isZero(possibleLeads(JSONWriter.loadWordPair(base + i))),
               holdsEscaped(base + i) || holdsEscaped(base + i + 8) {
                return true
            }
            i += 16
        }
        while i + 8 <= count {
            if holdsEscaped(base + i) { return true }
            i += 8
        }
        // The last word, overlapping the one before.
        return i < count && holdsEscaped(base + count - 8)
    }

    /// Whether one of the eight bytes at `word` starts an escaped scalar (its sequence may run past them).
    @inline(__always)
    private static func holdsEscaped(_ word: UnsafePointer<UInt8>) -> Bool {
        let bytes = UInt64(littleEndian: UnsafeRawPointer(word).loadUnaligned(as: UInt64.self))
        var leads = possibleLeads(bytes)
        // Two leads or more (a script whose every character one marks): those their next byte rules out are dropped
        // at once; a lone one (a dash or quotation mark in Latin text, an emoji) is ruled out by its own bytes.
        if leads.nonzeroBitCount > 1 { leads &= ~leadsOfPlainText(bytes) }
        while leads != 0 {
            var length = 0
            if escapedScalar(at: word + leads.trailingZeroBitCount / 8, length: &length) != nil { return true }
            leads &= leads &- 1
        }
        return false
    }

    /// The top bit of each of the first seven bytes of `word` (first byte lowest) that leads a sequence
    /// ``possibleLeads(_:)`` marks and ``mayStartEscaped(at:)`` rules out by its next byte, for the scripts whose
    /// every character it would mark: E0 followed by other than A2 or A3 (U+0900–U+0FFF: Indic scripts, Thai, Lao,
    /// Tibetan), E1 followed by other than A0 (U+1000–U+1FFF: Vietnamese, Georgian, Khmer, Greek Extended) and F0
    /// followed by 9F (U+1F000–U+1FFFF: emoji). The last byte's successor is in the next word: not marked. Exact,
    /// byte by byte (each zero test adds 7F to seven bits of a byte, which cannot carry out of it).
    @inline(__always)
    static func leadsOfPlainText(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows = ones &* 0x7F
        let highs = ones &* 0x80
        @inline(__always)
        func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & lows) &+ lows) | x) & highs }
        @inline(__always)
        func bytes(_ byte: UInt64) -> UInt64 { ones &* byte }
        let next = word >> 8
        let e0BeforeOther = zeroBytes(word ^ bytes(0xE0)) & ~zeroBytes((next & bytes(0xFE)) ^ bytes(0xA2))
        let e1BeforeOther = zeroBytes(word ^ bytes(0xE1)) & ~zeroBytes(next ^ bytes(0xA0))
        let f0Before9F = zeroBytes(word ^ bytes(0xF0)) & zeroBytes(next ^ bytes(0x9F))
        return (e0BeforeOther | e1BeforeOther | f0Before9F) & 0x0080_8080_8080_8080
    }

    /// The top bit of each byte of `word` (first byte lowest) that is C2, D8–E2 or EF–F3: ``mayStartEscaped(at:)``'s
    /// ten lead bytes, with DD–DF, F1 and F2 marked too. Exact, byte by byte: range tests on the bytes with their
    /// top bit flipped, in which no byte borrows from or carries into another, and ASCII drops out.
    @inline(__always)
    static func possibleLeads(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let flipped = word ^ (ones &* 0x80)  // a byte of 0x80 or more becomes 0x00–0x7F; ASCII gets its top bit
        let low = flipped & (ones &* 0x7F)
        // The top bit of a byte whose `low` is strictly between m and n (both at most 0x80).
        @inline(__always)
        func between(_ m: UInt64, _ n: UInt64) -> UInt64 {
            (ones &* (127 + n) &- low) & (low &+ ones &* (127 - m))
        }
        // C2 → 0x42, D8–E2 → 0x58–0x62, EF–F3 → 0x6F–0x73 once flipped.
        return (between(0x41, 0x43) | between(0x57, 0x63) | between(0x6E, 0x74)) & ~flipped & (ones &* 0x80)
    }

    /// ``possibleLeads(_:)`` of both words of `pair` at once (lane by lane, as ``JSONWriter/escapeMask(_:)-(SIMD2<UInt64>)``).
    @inline(__always)
    static func possibleLeads(_ pair: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let flipped = pair ^ (ones &* 0x80)
        let low = flipped & (ones &* 0x7F)
        @inline(__always)
        func between(_ m: UInt64, _ n: UInt64) -> SIMD2<UInt64> {
            (ones &* (127 + n) &- low) & (low &+ ones &* (127 - m))
        }
        return (between(0x41, 0x43) | between(0x57, 0x63) | between(0x6E, 0x74)) & ~flipped & (ones &* 0x80)
    }

    /// Whether `text` holds a scalar that ``Swift/String/escapedForDisplay`` escapes: ASCII eight bytes at a time,
    /// then ``containsEscapedNonASCII(_:)`` when a byte is above 0x7F.
    static func needsEscape(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let base = bytes.baseAddress else { return false }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs = ones &* 0x80
            var seen: UInt64 = 0
            var i = 0
            while i + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // A byte below 0x20, or DEL (zero once XORed with 0x7F); exact as a yes or no.
                let del = word ^ (ones &* 0x7F)
                if ((word &- ones &* 0x20) & ~word | (del &- ones) & ~del) & highs != 0 { return true }
                seen |= word
                i += 8
            }
            for byte in bytes[i...] {
                if byte < 0x20 || byte == 0x7F { return true }
                seen |= UInt64(byte)
            }
            return seen & highs != 0 && containsEscapedNonASCII(bytes)
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        var text = text
        return text.withUTF8(scan)
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is written escaped wherever PushBridge shows text to a person or writes JSON: a
    /// control character (`Cc`), a format character (`Cf`: bidi embeddings, overrides and isolates, zero-width
    /// characters, U+00AD, U+FEFF, tag characters, …), U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR.
    public var isEscapedForDisplay: Bool { DisplayEscape.isEscaped(value) }
}

extension String {
    /// The text as a person may safely read it in a terminal: each scalar that ``Unicode/Scalar/isEscapedForDisplay``
    /// written as a Swift escape in lowercase hex (`\u{202e}`, `\u{a}`, `\u{e0001}`), everything else as it is.
    /// Every diagnostic message, loss reason and `bridge-cli` error and table passes through it; text with
    /// nothing to escape is returned as it is, after one scan.
    public var escapedForDisplay: String {
        guard DisplayEscape.needsEscape(self) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            if DisplayEscape.isEscaped(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
