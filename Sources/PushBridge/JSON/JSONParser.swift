/// Why a JSON text could not be read, with where it happened.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        case empty
        case unexpectedEnd
        case unexpectedCharacter
        case invalidNumber
        case invalidEscape
        case controlCharacterInString
        case invalidUTF8
        case tooDeep(limit: Int)
        case tooLarge(limit: Int)
        case trailingCharacters
    }

    /// What went wrong.
    public let kind: Kind
    /// Byte offset (0-based) into the input.
    public let offset: Int
    /// Line (1-based) of the offset.
    public let line: Int
    /// Column (1-based, in Unicode code points) of the offset.
    public let column: Int
    /// A sentence a person can act on.
    public let message: String

    public var description: String { "\(message) at line \(line), column \(column)" }
}

/// A fast, strict JSON parser (RFC 8259) that keeps numbers exact and never recurses without a limit.
///
/// Rules: input must be valid UTF-8 (a leading byte-order mark is skipped); `NaN`, `Infinity`,
/// comments and trailing characters are rejected; raw control characters inside strings are
/// rejected; lone UTF-16 surrogates in `\u` escapes are rejected; a repeated object key keeps
/// its last value (in the place of its first) and is reported in ``Document/duplicateKeys``. Keys are
/// compared as UTF-8 bytes after unescaping: `"\u00E9"` and `"\u00e9"` are the same key, while the
/// canonically equivalent `"\u00E9"` and `"e\u0301"` are two keys (see ``JSONObject``).
public enum JSONParser {
    /// Limits that keep hostile input cheap.
    public struct Options: Sendable, Hashable {
        /// Deepest nesting of arrays and objects accepted (default 512).
        public var maxDepth: Int
        /// Largest input accepted, in bytes (default 8 MiB).
        public var maxBytes: Int

        /// The default limits.
        public static let `default` = Options()

        public init(maxDepth: Int = 512, maxBytes: Int = 8 * 1024 * 1024) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    /// A parsed text and what the parser noticed on the way.
    public struct Document: Sendable, Hashable {
        /// The value.
        public var value: JSONValue
        /// JSON paths (`$.a.b`) of object keys that appeared more than once; the last value was kept.
        public var duplicateKeys: [String]
    }

    /// Parses a JSON text.
    public static func parse(_ bytes: [UInt8], options: Options = .default) throws(JSONParseError) -> JSONValue {
        try parseDocument(bytes, options: options).value
    }

    /// Parses a JSON text from memory the caller owns (a line of a larger buffer, say), without copying it.
    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, options: Options = .default
    ) throws(JSONParseError) -> JSONValue {
        try parseDocument(bytes, options: options).value
    }

    /// Parses a JSON text given as a Swift string.
    public static func parse(_ text: String, options: Options = .default) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parseDocument(buffer, options: options, knownValidUTF8: true) }
        }
        return try result.get().value
    }

    /// Parses a JSON text and reports duplicate keys.
    public static func parseDocument(_ bytes: [UInt8], options: Options = .default) throws(JSONParseError) -> Document {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONParseError) in try parseDocument(buffer, options: options) }
        }
        return try result.get()
    }

    /// Parses the JSON text in `buffer` and reports duplicate keys; `knownValidUTF8` skips the UTF-8 check
    /// (for the bytes of a Swift string).
    static func parseDocument(
        _ buffer: UnsafeBufferPointer<UInt8>, options: Options, knownValidUTF8: Bool = false
    ) throws(JSONParseError) -> Document {
        // The path to each value is kept only to name a repeated key; the first pass does without it, and a
        // text that has a repeated key (rare) is read again, this time with the path.
        var parser = Parser(buffer: buffer, options: options, tracksPath: false)
        defer { parser.release() }
        parser.checksUTF8 = !knownValidUTF8
        let document = try parser.parseWhole()
        guard parser.foundDuplicate else { return document }
        var tracking = Parser(buffer: buffer, options: options, tracksPath: true)
        defer { tracking.release() }
        tracking.checksUTF8 = false
        return try tracking.parseWhole()
    }

    /// Scans a JSON number starting at `index`; leaves `index` after it (bounds are checked).
    @inline(__always)
    static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let end = bytes.count
        var i = index
        if i < end, base[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end else { return false }
        if base[i] == UInt8(ascii: "0") {
            i += 1
        } else if base[i] >= UInt8(ascii: "1"), base[i] <= UInt8(ascii: "9") {
            i = endOfDigits(base, from: i + 1, end: end)
        } else {
            return false
        }
        if i < end, base[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end, isDigit(base[i]) else { return false }
            i = endOfDigits(base, from: i + 1, end: end)
        }
        if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end, base[i] == UInt8(ascii: "+") || base[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, isDigit(base[i]) else { return false }
            i = endOfDigits(base, from: i + 1, end: end)
        }
        index = i
        return true
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Where the run of ASCII digits from `start` (before `end`) ends: eight bytes at a time while there are eight.
    @inline(__always)
    static func endOfDigits(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        // A one-digit number (a badge, a flag) ends at once.
        guard start < end, isDigit(base[start]) else { return start }
        var i = start + 1
        while i + 8 <= end {
            // Each byte less 0x30 is a digit when it is at most 9: adding 0x76 to its low seven bits sets the top
            // bit from 10 on (never carrying into the next byte), and a byte of 0x80 or more has it set already.
            let offsets = JSONWriter.loadWord(base + i) ^ 0x3030_3030_3030_3030
            let notDigits = ((offsets & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | offsets) & 0x8080_8080_8080_8080
            if notDigits != 0 { return i + notDigits.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < end, isDigit(base[i]) { i += 1 }
        return i
    }

    /// A string of the UTF-8 `bytes`, which the caller has checked (or built) as valid UTF-8, made without the
    /// standard library validating them again; `isASCII` must say exactly whether every byte is below 0x80.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        if isASCII, bytes.count <= 15, SmallASCIIString.isAvailable, let source = bytes.baseAddress {
            return SmallASCIIString.make(UnsafeRawPointer(source), count: bytes.count)
        }
        if isASCII, bytes.count <= 15 {
            // The small form, written in place: the standard library checks no ASCII string of up to 15 bytes made
            // this way, and two overlapping word copies are cheaper than its byte loop.
            let count = bytes.count
            guard count > 0, let source = bytes.baseAddress.map(UnsafeRawPointer.init) else { return "" }
            return String(unsafeUninitializedCapacity: count) { buffer in
                let target = UnsafeMutableRawPointer(buffer.baseAddress!)
                if count >= 8 {
                    target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                    target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
                                      toByteOffset: count - 8, as: UInt64.self)
                } else if count >= 4 {
                    target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
                    target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self),
                                      toByteOffset: count - 4, as: UInt32.self)
                } else {
                    for offset in 0..<count { buffer[offset] = bytes[offset] }
                }
                return count
            }
        }
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            return String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: isASCII))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Returns the offset of the first byte that is not valid UTF-8, or nil when all is valid. (The offset is where
    /// the sequence that is invalid, cut short or overlong begins, or of a byte that cannot begin one.)
    static func firstInvalidUTF8Offset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while i < n {
            let lead = base[i]
            if lead < 0x80 {
                // ASCII: eight bytes at a time from here, then straight to the first byte that is not (a sequence
                // after a sequence, or after one ASCII byte, is read without trying).
                i += 1
                if i < n, base[i] >= 0x80 { continue }
                ascii: do {
                    // Sixteen bytes a step, then eight.
                    while i + 16 <= n {
                        let high = JSONWriter.loadWordPair(base + i) & SIMD2(repeating: 0x8080_8080_8080_8080)
                        if !JSONWriter.isZero(high) {
                            i += high[0] != 0 ? high[0].trailingZeroBitCount >> 3 : 8 + high[1].trailingZeroBitCount >> 3
                            break ascii
                        }
                        i += 16
                    }
                    while i + 8 <= n {
                        let high = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                            & 0x8080_8080_8080_8080
                        if high != 0 {
                            i += high.trailingZeroBitCount >> 3
                            break
                        }
                        i += 8
                    }
                }
            } else if lead < 0xE0 {
                // Runs of two-byte sequences (Cyrillic, Greek, …) four at a time: each 16-bit lane a lead 110xxxxx
                // of at least C2 (its bits 1-4 not all clear) and a continuation 10xxxxxx.
                if i + 8 <= n {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    let leadBits = word & 0x001E_001E_001E_001E
                    if word & 0xC0E0_C0E0_C0E0_C0E0 == 0x80C0_80C0_80C0_80C0,
                       (leadBits &+ 0x7FFF_7FFF_7FFF_7FFF) & 0x8000_8000_8000_8000 == 0x8000_8000_8000_8000
                    {
                        i += 8
                        continue
                    }
                }
                // Two bytes; C0 and C1 could only begin an overlong form.
                guard lead >= 0xC2, i + 1 < n, isContinuation(base[i + 1]) else { return i }
                i += 2
            } else if lead < 0xF0 {
                // Runs of three-byte sequences (CJK, Indic scripts, Thai, …) two at a time: each a lead 1110xxxx
                // and two continuations, the second byte at least A0 after E0 and below A0 after ED.
                if i + 8 <= n {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    @inline(__always) func secondFits(_ lead: UInt64, _ next: UInt64) -> Bool {
                        lead == 0xE0 ? next >= 0xA0 : lead != 0xED || next < 0xA0
                    }
                    if word & 0xC0C0_F0C0_C0F0 == 0x8080_E080_80E0,
                       secondFits(word & 0xFF, word >> 8 & 0xFF), secondFits(word >> 24 & 0xFF, word >> 32 & 0xFF)
                    {
                        i += 6
                        continue
                    }
                }
                // Three bytes; after E0 the second is at least A0 (no overlong form), after ED below A0 (no surrogate).
                guard i + 2 < n else { return i }
                let second = base[i + 1]
                guard isContinuation(second), isContinuation(base[i + 2]) else { return i }
                if lead == 0xE0 ? second < 0xA0 : lead == 0xED && second >= 0xA0 { return i }
                i += 3
            } else {
                // Four bytes, up to F4; after F0 the second is at least 90 (no overlong form), after F4 below 90
                // (nothing beyond U+10FFFF).
                guard lead <= 0xF4, i + 3 < n else { return i }
                let second = base[i + 1]
                guard isContinuation(second), isContinuation(base[i + 2]), isContinuation(base[i + 3]) else {
                    return i
                }
                if lead == 0xF0 ? second < 0x90 : lead == 0xF4 && second >= 0x90 { return i }
                i += 4
            }
        }
        return nil
    }

    /// Each byte's value as a hex digit, 0xFF for a byte that is not one. A literal, so the table is static data
    /// (nothing to initialise on first use); any byte is an index within its 256 entries.
    static let hexDigitValues: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    ]

    /// The value of the four hex digits at `position` (before `end`), each looked up in ``hexDigitValues``;
    /// above 0xFFFF when they are not four hex digits.
    @inline(__always)
    static func hexValue(_ base: UnsafePointer<UInt8>, at position: Int, end: Int) -> UInt32 {
        guard position + 4 <= end else { return .max }
        let a = hexDigitValues[Int(base[position])], b = hexDigitValues[Int(base[position + 1])]
        let c = hexDigitValues[Int(base[position + 2])], d = hexDigitValues[Int(base[position + 3])]
        guard (a | b | c | d) & 0xF0 == 0 else { return .max }
        return UInt32(a) << 12 | UInt32(b) << 8 | UInt32(c) << 4 | UInt32(d)
    }

    /// Stores the UTF-8 of `scalar` (at most U+10FFFF, not a surrogate) at `target`, which has room for four bytes
    /// (stored whole); returns how many of them are its encoding.
    @inline(__always)
    static func storeUTF8(of scalar: UInt32, at target: UnsafeMutableRawPointer) -> Int {
        switch scalar {
        case 0..<0x80:
            target.storeBytes(of: UInt8(truncatingIfNeeded: scalar), as: UInt8.self)
            return 1
        case 0x80..<0x800:
            target.storeBytes(of: UInt16(truncatingIfNeeded: 0x80C0 | scalar >> 6 | (scalar & 0x3F) << 8).littleEndian,
                              as: UInt16.self)
            return 2
        case 0x800..<0x10000:
            let encoded = 0x80_80E0 | scalar >> 12 | (scalar >> 6 & 0x3F) << 8 | (scalar & 0x3F) << 16
            target.storeBytes(of: encoded.littleEndian, as: UInt32.self)
            return 3
        default:
            let encoded = 0x8080_80F0 | scalar >> 18 | (scalar >> 12 & 0x3F) << 8
                | (scalar >> 6 & 0x3F) << 16 | (scalar & 0x3F) << 24
            target.storeBytes(of: encoded.littleEndian, as: UInt32.self)
            return 4
        }
    }

    /// One step of the path to the value being parsed; turned into text only for a duplicate key.
    private enum PathStep {
        case key(String)
        case index(Int)
    }


    private struct Parser {
        let buffer: UnsafeBufferPointer<UInt8>
        let options: Options
        var index = 0
        var depth = 0
        /// Whether the input still has to be checked for invalid UTF-8.
        var checksUTF8 = true
        /// Duplicate keys found so far, with the offset where the repeated member's value ends (the order
        /// they are reported in).
        var duplicates: [(end: Int, path: String)] = []
        /// Whether ``path`` is kept (and repeated keys are reported with theirs).
        let tracksPath: Bool
        /// The path to the array or object being parsed, when ``tracksPath``.
        var path: [PathStep] = []
        /// Whether a repeated key was met (reported in ``duplicates`` only when ``tracksPath``).
        var foundDuplicate = false
        /// Members of the objects being parsed, innermost last; an object is built once its `}` is read,
        /// with exactly the capacity it needs, its members moved (not copied) out of the stack.
        var memberStack: ParseStack<JSONObject.Member>
        /// Offsets just past each value of ``memberStack``, when ``tracksPath`` (duplicates are reported in
        /// this order).
        var memberEnds: [Int] = []
        /// Elements of the arrays being parsed, innermost last.
        var elementStack: ParseStack<JSONValue>
        /// Where escaped strings are unescaped (see ``scratch(capacity:)``), and how many bytes it holds.
        var scratchBuffer: UnsafeMutablePointer<UInt8>?
        var scratchCapacity = 0
        /// ``SmallASCIIString/isAvailable``, read once a parse rather than once a string.
        let makesSmallStrings = SmallASCIIString.isAvailable

        init(buffer: UnsafeBufferPointer<UInt8>, options: Options, tracksPath: Bool) {
            self.buffer = buffer
            self.options = options
            self.tracksPath = tracksPath
            // Room for a payload's members up front, so the stack rarely grows while parsing: a member takes at
            // least 6 bytes (`"k":1,`), a payload's about 24 on average; at most 128 (8 KiB) before it grows.
            let expected = min(16, buffer.count / 6)
            memberStack = ParseStack(capacity: min(128, max(expected, buffer.count / 24)))
            elementStack = ParseStack(capacity: min(16, expected))
            if tracksPath { path.reserveCapacity(8) }
        }

        mutating func parseWhole() throws(JSONParseError) -> Document {
            if buffer.count > options.maxBytes {
                throw error(.tooLarge(limit: options.maxBytes), at: 0,
                            "input is \(buffer.count) bytes, more than the limit of \(options.maxBytes)")
            }
            // Invalid UTF-8 anywhere is the error, whatever else is wrong. Only strings can hold bytes above 0x7F
            // (anywhere else one is a syntax error), so a text that parses is checked once its strings are: each
            // one that is not ASCII is checked as it is read, and a text that fails is checked whole.
            let value: JSONValue
            do throws(JSONParseError) {
                value = try parseText()
            } catch {
                if checksUTF8, let bad = JSONParser.firstInvalidUTF8Offset(buffer) { throw invalidUTF8(at: bad) }
                throw error
            }
            // Members are inserted when their object closes, so a duplicate in a later sibling's value can be
            // found before an earlier one: report them in the order their values end, as a reader meets them.
            let ordered = duplicates.count > 1
                ? duplicates.enumerated().sorted { ($0.element.end, $0.offset) < ($1.element.end, $1.offset) }
                    .map(\.element.path)
                : duplicates.map(\.path)
            return Document(value: value, duplicateKeys: ordered)
        }

        /// The JSON value that is the whole text (after a byte-order mark and whitespace).
        mutating func parseText() throws(JSONParseError) -> JSONValue {
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { index = 3 }
            skipWhitespace()
            if index >= buffer.count { throw error(.empty, at: index, "empty input: expected a JSON value") }
            let value = try parseValue()
            skipWhitespace()
            if index < buffer.count {
                throw error(.trailingCharacters, at: index,
                            "unexpected \(describe(buffer[index])) after the JSON value")
            }
            return value
        }

        /// The error for invalid UTF-8 at `offset`.
        func invalidUTF8(at offset: Int) -> JSONParseError {
            error(.invalidUTF8, at: offset, "invalid UTF-8 at byte offset \(offset)")
        }

        /// Checks the UTF-8 of a string that is not ASCII, its bytes in the input from `start` to `end`, when
        /// ``checksUTF8``. Everything before `start` has been checked, so when the string is invalid, the first
        /// invalid byte in it is the first in the input.
        @inline(__always)
        func checkUTF8(from start: Int, to end: Int) throws(JSONParseError) {
            guard checksUTF8,
                  let bad = JSONParser.firstInvalidUTF8Offset(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            else { return }
            throw invalidUTF8(at: start + bad)
        }

        @inline(__always) mutating func skipWhitespace() {
            while index < buffer.count {
                switch buffer[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func parseValue() throws(JSONParseError) -> JSONValue {
            guard index < buffer.count else { throw error(.unexpectedEnd, at: index, "unexpected end of input") }
            switch buffer[index] {
            case UInt8(ascii: "{"): return try parseObject()
            case UInt8(ascii: "["): return try parseArray()
            case UInt8(ascii: "\""): return .string(try parseString())
            case UInt8(ascii: "t"): try expectWord(0x6575_7274, count: 4); return .bool(true)  // "true"
            case UInt8(ascii: "f"): try expectWord(0x65_736C_6166, count: 5); return .bool(false)  // "false"
            case UInt8(ascii: "n"): try expectWord(0x6C6C_756E, count: 4); return .null  // "null"
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
            case let byte:
                if byte == UInt8(ascii: "N") || byte == UInt8(ascii: "I") {
                    throw error(.unexpectedCharacter, at: index, "NaN and Infinity are not JSON numbers")
                }
                throw error(.unexpectedCharacter, at: index, "unexpected \(describe(byte)): expected a JSON value")
            }
        }

        /// Reads a number at ``index``. Not inlined: `parseValue`, which every value passes through, stays small.
        @inline(never)
        mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
            let start = index
            guard JSONParser.scanNumber(buffer, &index) else {
                throw error(.invalidNumber, at: start, "invalid number")
            }
            // A number is followed by a comma (most often), a bracket, a brace or space, never by a word byte.
            if index < buffer.count, buffer[index] != UInt8(ascii: ","), isWordByte(buffer[index]) {
                throw error(.invalidNumber, at: start, "invalid number")
            }
            // A number's literal is ASCII, and short as a rule: made in the small form in place.
            let literal = makesSmallStrings && index - start <= 15
                ? SmallASCIIString.make(UnsafeRawPointer(buffer.baseAddress! + start), count: index - start)
                : JSONParser.string(UnsafeBufferPointer(rebasing: buffer[start..<index]), isASCII: true)
            return JSONNumber(uncheckedLiteral: literal)
        }

        func isWordByte(_ byte: UInt8) -> Bool {
            JSONParser.isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }

        /// Reads `true`, `false` or `null`: the `count` bytes of `word` (first byte lowest), compared as one word
        /// of the input, not followed by a letter, digit or number sign. Not inlined: `parseValue`, which every
        /// value passes through, stays small.
        @inline(never)
        mutating func expectWord(_ word: UInt64, count: Int) throws(JSONParseError) {
            let start = index
            if start + count <= buffer.count, let base = buffer.baseAddress {
                let text = start + 8 <= buffer.count
                    ? JSONWriter.loadWord(base + start) : JSONWriter.loadShortWord(base + start, count: count)
                if text & (UInt64.max >> (64 - 8 * UInt64(count))) == word,
                   start + count == buffer.count || !isWordByte(buffer[start + count]) {
                    index += count
                    return
                }
            }
            throw error(.unexpectedCharacter, at: start, "unexpected \(describe(buffer[start])): expected a JSON value")
        }

        mutating func enter() throws(JSONParseError) {
            depth += 1
            if depth > options.maxDepth {
                throw error(.tooDeep(limit: options.maxDepth), at: index,
                            "nesting deeper than the limit of \(options.maxDepth)")
            }
        }

        mutating func parseArray() throws(JSONParseError) -> JSONValue {
            try enter()
            index += 1
            skipWhitespace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array([])
            }
            let start = elementStack.count
            if tracksPath { path.append(.index(0)) }
            while true {
                skipWhitespace()
                if tracksPath { path[path.count - 1] = .index(elementStack.count - start) }
                elementStack.append(try parseValue())
                skipWhitespace()
                guard index < buffer.count else { throw error(.unexpectedEnd, at: index, "unexpected end of input in an array") }
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == UInt8(ascii: "]") { break }
                throw error(.unexpectedCharacter, at: index - 1, "unexpected \(describe(byte)) in an array: expected ',' or ']'")
            }
            if tracksPath { path.removeLast() }
            let elements = elementStack.moveTail(from: start)
            depth -= 1
            return .array(elements)
        }

        mutating func parseObject() throws(JSONParseError) -> JSONValue {
            try enter()
            index += 1
            skipWhitespace()
            if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object([:])
            }
            let start = memberStack.count
            while true {
                skipWhitespace()
                guard index < buffer.count else { throw error(.unexpectedEnd, at: index, "unexpected end of input in an object") }
                guard buffer[index] == UInt8(ascii: "\"") else {
                    throw error(.unexpectedCharacter, at: index, "unexpected \(describe(buffer[index])) in an object: expected a key in double quotes")
                }
                let keyStart = index + 1
                let key = try parseString()
                // A key as long as its text between the quotes had no escape: its fingerprint comes from the input.
                let fingerprint = index - 1 - keyStart == key.utf8.count
                    ? KeyFingerprint(bytes: UnsafeBufferPointer(rebasing: buffer[keyStart..<(index - 1)]))
                    : KeyFingerprint(key)
                skipWhitespace()
                guard index < buffer.count else { throw error(.unexpectedEnd, at: index, "unexpected end of input in an object") }
                guard buffer[index] == UInt8(ascii: ":") else {
                    throw error(.unexpectedCharacter, at: index, "unexpected \(describe(buffer[index])) after a key: expected ':'")
                }
                index += 1
                skipWhitespace()
                if tracksPath { path.append(.key(key)) }
                let value = try parseValue()
                if tracksPath { path.removeLast() }
                memberStack.append(JSONObject.Member(key: key, value: value, fingerprint: fingerprint))
                if tracksPath { memberEnds.append(index) }
                skipWhitespace()
                guard index < buffer.count else { throw error(.unexpectedEnd, at: index, "unexpected end of input in an object") }
                let byte = buffer[index]
                index += 1
                if byte == UInt8(ascii: ",") { continue }
                if byte == UInt8(ascii: "}") { break }
                throw error(.unexpectedCharacter, at: index - 1, "unexpected \(describe(byte)) in an object: expected ',' or '}'")
            }
            let count = memberStack.count - start
            let parsed = UnsafeBufferPointer(start: memberStack.base + start, count: count)
            // No repeated key (nearly always): the members move into the object as they are. A large object's
            // table of positions is built while its keys are checked.
            if count > JSONObject.indexThreshold, let table = JSONObject.positionTable(ofDistinct: parsed) {
                if tracksPath { memberEnds.removeSubrange(start...) }
                depth -= 1
                return .object(JSONObject(distinctMembers: memberStack.moveTail(from: start), table: table))
            }
            if count <= JSONObject.indexThreshold, !JSONObject.hasRepeatedKey(parsed) {
                if tracksPath { memberEnds.removeSubrange(start...) }
                depth -= 1
                return .object(JSONObject(distinctMembers: memberStack.moveTail(from: start)))
            }
            var members = JSONObject(minimumCapacity: count)
            for position in start..<memberStack.count where members.parsedMember(memberStack[position]) {
                foundDuplicate = true
                if tracksPath {
                    duplicates.append((memberEnds[position], pathText(appending: memberStack[position].key)))
                }
            }
            memberStack.removeTail(from: start)
            if tracksPath { memberEnds.removeSubrange(start...) }
            depth -= 1
            return .object(members)
        }

        /// The JSON path (`$.a[2].b`) of member `key` of the object being parsed.
        func pathText(appending key: String) -> String {
            var text = "$"
            for step in path {
                switch step {
                case .key(let name): text += JSONPath.member(name)
                case .index(let position): text += "[\(position)]"
                }
            }
            return text + JSONPath.member(key)
        }

        mutating func parseString() throws(JSONParseError) -> String {
            let open = index
            let start = index + 1
            // The scan runs on locals (the parser's own fields would be stored and reloaded at every step).
            let end = buffer.count
            guard let base = buffer.baseAddress else { throw error(.unexpectedEnd, at: open, "unterminated string") }
            var cursor = start
            // Fast path: no escapes. A word at a time while none can be a quote, backslash or control; the first
            // word that has one says where it is. A short string (most keys) ends in its first eight bytes; a longer
            // one goes on sixteen bytes a step. `bits` gathers the bytes read, so the string knows whether it is
            // ASCII without another pass.
            var bits: UInt64 = 0
            scan: if cursor + 8 <= end {
                let word = JSONWriter.loadWord(base + cursor)
                let mask = JSONWriter.escapeMask(word)
                if mask != 0 {
                    bits = word & ((mask & (0 &- mask)) &- 1)  // the bytes before the one that stopped the scan
                    cursor += mask.trailingZeroBitCount >> 3
                    break scan
                }
                bits = word
                cursor += 8
                var pairBits = SIMD2<UInt64>()
                while cursor + 16 <= end {
                    let pair = JSONWriter.loadWordPair(base + cursor)
                    let masks = JSONWriter.escapeMask(pair)
                    if JSONWriter.isZero(masks) {
                        pairBits |= pair
                        cursor += 16
                        continue
                    }
                    bits |= pairBits[0] | pairBits[1]
                    if masks[0] != 0 {
                        bits |= pair[0] & ((masks[0] & (0 &- masks[0])) &- 1)
                        cursor += masks[0].trailingZeroBitCount >> 3
                    } else {
                        bits |= pair[0] | pair[1] & ((masks[1] & (0 &- masks[1])) &- 1)
                        cursor += 8 + masks[1].trailingZeroBitCount >> 3
                    }
                    break scan
                }
                bits |= pairBits[0] | pairBits[1]
                while cursor + 8 <= end {
                    let word = JSONWriter.loadWord(base + cursor)
                    let mask = JSONWriter.escapeMask(word)
                    if mask == 0 {
                        bits |= word
                        cursor += 8
                        continue
                    }
                    bits |= word & ((mask & (0 &- mask)) &- 1)
                    cursor += mask.trailingZeroBitCount >> 3
                    break
                }
            }
            while cursor < end {
                let byte = base[cursor]
                if byte == UInt8(ascii: "\"") {
                    index = cursor
                    let isASCII = bits & 0x8080_8080_8080_8080 == 0
                    if !isASCII { try checkUTF8(from: start, to: cursor) }
                    index = cursor + 1
                    if isASCII, cursor - start <= 15, makesSmallStrings {
                        return SmallASCIIString.make(UnsafeRawPointer(base + start), count: cursor - start)
                    }
                    return JSONParser.string(UnsafeBufferPointer(start: base + start, count: cursor - start), isASCII: isASCII)
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 {
                    index = cursor
                    throw error(.controlCharacterInString, at: cursor,
                                "raw control character U+\(hex4(UInt16(byte))) in a string: escape it")
                }
                bits |= UInt64(byte)
                cursor += 1
            }
            index = cursor
            guard index < buffer.count else { throw error(.unexpectedEnd, at: open, "unterminated string") }
            // Escaped: unescape into the scratch buffer up to the closing quote (unescaped text is never longer than
            // escaped), then make the string of it, checked already.
            let clean = index - start
            let output = scratch(capacity: buffer.count - start)
            output.update(from: buffer.baseAddress! + start, count: clean)
            let (count, restBits, decodesNonASCII) = try unescape(into: output, after: clean, open: open)
            // Escapes decode to valid UTF-8 (surrogates come paired), so only input bytes above 0x7F are checked.
            let inputIsASCII = (bits | restBits) & 0x8080_8080_8080_8080 == 0
            if !inputIsASCII { try checkUTF8(from: start, to: index - 1) }
            return JSONParser.string(UnsafeBufferPointer(start: output, count: count),
                                     isASCII: inputIsASCII && !decodesNonASCII)
        }

        /// The scratch buffer escaped strings are unescaped into, with room for `capacity` bytes and eight more (so
        /// a word can be stored at any byte in it). Allocated on the first escaped string; ``releaseScratch()``
        /// frees it.
        mutating func scratch(capacity: Int) -> UnsafeMutablePointer<UInt8> {
            if let scratch = scratchBuffer, capacity <= scratchCapacity { return scratch }
            if let scratchBuffer { BufferMemory.release(scratchBuffer) }
            scratchCapacity = capacity
            let scratch = BufferMemory.allocate(UInt8.self, capacity: capacity + 8)
            scratchBuffer = scratch
            return scratch
        }

        /// Frees the scratch buffer.
        func releaseScratch() { if let scratchBuffer { BufferMemory.release(scratchBuffer) } }

        /// Frees what the parse allocated for itself: the scratch buffer and the stacks (with any values a failed
        /// parse left on them).
        func release() {
            releaseScratch()
            memberStack.release()
            elementStack.release()
        }

        /// Unescapes the rest of a string, from the backslash at ``index`` to the closing quote, into `output` after
        /// the `written` bytes already there; leaves ``index`` after the quote. Returns how many bytes `output`
        /// holds, the input bytes it copied OR-ed together (a high bit set: not ASCII) and whether a `\u` escape
        /// decoded to a scalar above U+007F. `open` is where the string began.
        /// `output` has room for the rest of the input and eight bytes more: words are stored whole.
        mutating func unescape(
            into output: UnsafeMutablePointer<UInt8>, after written: Int, open: Int
        ) throws(JSONParseError) -> (count: Int, bits: UInt64, decodesNonASCII: Bool) {
            guard let base = buffer.baseAddress else { throw error(.unexpectedEnd, at: open, "unterminated string") }
            // The scan runs on locals (the parser's own fields would be stored and reloaded at every step); ``index``
            // is set from `cursor` when it returns or throws.
            let end = buffer.count
            var cursor = index
            defer { index = cursor }
            let target = UnsafeMutableRawPointer(output)
            var count = written
            var bits: UInt64 = 0
            /// The scalars of the `\u` escapes OR-ed together.
            var decoded: UInt32 = 0
            while true {
                // Clean bytes a word at a time: each word is stored whole, and the count moves past its clean bytes
                // only (what follows them is overwritten next). The word's lowest mask bit marks the byte to read.
                // A backslash right after an escape (as in a run of `\u` escapes) goes straight to the next one.
                if cursor < end, base[cursor] != UInt8(ascii: "\\") {
                    while cursor + 8 <= end {
                        let raw = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                        target.storeBytes(of: raw, toByteOffset: count, as: UInt64.self)
                        let word = UInt64(littleEndian: raw)
                        let mask = JSONWriter.escapeMask(word)
                        if mask == 0 {
                            bits |= word
                            cursor += 8
                            count += 8
                            continue
                        }
                        bits |= word & ((mask & (0 &- mask)) &- 1)
                        let clean = mask.trailingZeroBitCount >> 3
                        cursor += clean
                        count += clean
                        break
                    }
                }
                guard cursor < end else { break }
                let byte = base[cursor]
                if byte == UInt8(ascii: "\\") {
                    var escapeStart = cursor
                    guard cursor + 1 < end else { break }
                    let escaped = base[cursor + 1]
                    cursor += 2
                    if escaped == UInt8(ascii: "u") {
                        // A run of `\u` escapes is read straight through.
                        while true {
                            var scalar = JSONParser.hexValue(base, at: cursor, end: end)
                            guard scalar <= 0xFFFF else {
                                throw error(.invalidEscape, at: escapeStart, "\\u must be followed by four hex digits")
                            }
                            cursor += 4
                            if scalar & 0xF800 == 0xD800 {
                                // A surrogate: a high one followed by `\u` and a low one, read as one scalar.
                                guard scalar < 0xDC00, cursor + 2 <= end,
                                      UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt16.self)
                                          == UInt16(0x755C).littleEndian  // `\u`
                                else {
                                    throw error(.invalidEscape, at: escapeStart, "lone UTF-16 surrogate in a \\u escape")
                                }
                                let low = JSONParser.hexValue(base, at: cursor + 2, end: end)
                                guard low <= 0xFFFF else {
                                    throw error(.invalidEscape, at: escapeStart, "\\u must be followed by four hex digits")
                                }
                                guard low & 0xFC00 == 0xDC00 else {
                                    throw error(.invalidEscape, at: escapeStart, "lone UTF-16 surrogate in a \\u escape")
                                }
                                cursor += 6
                                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                            }
                            decoded |= scalar
                            count += JSONParser.storeUTF8(of: scalar, at: target + count)
                            guard cursor + 2 <= end,
                                  UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt16.self)
                                      == UInt16(0x755C).littleEndian  // `\u`
                            else { break }
                            escapeStart = cursor
                            cursor += 2
                        }
                        continue
                    }
                    let unescaped: UInt8
                    switch escaped {
                    case UInt8(ascii: "\""): unescaped = UInt8(ascii: "\"")
                    case UInt8(ascii: "\\"): unescaped = UInt8(ascii: "\\")
                    case UInt8(ascii: "/"): unescaped = UInt8(ascii: "/")
                    case UInt8(ascii: "b"): unescaped = 0x08
                    case UInt8(ascii: "f"): unescaped = 0x0C
                    case UInt8(ascii: "n"): unescaped = 0x0A
                    case UInt8(ascii: "r"): unescaped = 0x0D
                    case UInt8(ascii: "t"): unescaped = 0x09
                    default:
                        throw error(.invalidEscape, at: escapeStart,
                                    "invalid escape \\\(Character(Unicode.Scalar(escaped)))")
                    }
                    output[count] = unescaped
                    count += 1
                    continue
                }
                if byte == UInt8(ascii: "\"") {
                    cursor += 1
                    return (count, bits, decoded >= 0x80)
                }
                if byte < 0x20 {
                    throw error(.controlCharacterInString, at: cursor,
                                "raw control character U+\(hex4(UInt16(byte))) in a string: escape it")
                }
                // A clean byte among the input's last seven.
                output[count] = byte
                count += 1
                bits |= UInt64(byte)
                cursor += 1
            }
            throw error(.unexpectedEnd, at: open, "unterminated string")
        }

        func hex4(_ value: UInt16) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }

        func describe(_ byte: UInt8) -> String {
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        func error(_ kind: JSONParseError.Kind, at offset: Int, _ message: String) -> JSONParseError {
            var line = 1
            var column = 1
            var i = 0
            let end = min(offset, buffer.count)
            while i < end {
                let byte = buffer[i]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                i += 1
            }
            return JSONParseError(kind: kind, offset: offset, line: line, column: column, message: message)
        }
    }
}

extension JSONNumber {
    static func isValidLiteralBytes(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            return JSONParser.scanNumber(buffer, &index) && index == buffer.count
        }
    }
}

/// A stack the parser keeps its values on until their object or array closes, in a buffer it manages itself:
/// a closed object's members are moved out and the stack cut back by setting its count (`Array.removeSubrange`
/// took ~290 instructions an object). The owner calls ``release()`` once, when the parse is over.
struct ParseStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 4)
        base = BufferMemory.allocate(Element.self, capacity: self.capacity)
    }

    /// Destroys what is left on the stack (a failed parse leaves values) and frees it.
    func release() {
        base.deinitialize(count: count)
        BufferMemory.release(base)
    }

    @inline(__always)
    mutating func append(_ element: __owned Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = BufferMemory.allocate(Element.self, capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        BufferMemory.release(base)
        base = newBase
        capacity = newCapacity
    }

    subscript(position: Int) -> Element { base[position] }

    /// The elements from `start` on, moved (not copied) into an array of their own; the stack ends at `start`.
    mutating func moveTail(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let tail = Array(MovedElements(base: base + start, count: moved))
        count = start
        return tail
    }

    /// Destroys the elements from `start` on.
    mutating func removeTail(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }
}

/// Elements moved out of memory the parser owns, for `Array.init`: the array is allocated by code specialised
/// for `Element` (`Array(unsafeUninitializedCapacity:)` allocates through a generic runtime entry that looks up
/// the array type's metadata on every call, ~4 % of a translation), and the elements are moved in with one
/// `moveInitialize`, never copied. After `Array.init` the memory at `base` is uninitialized: the caller fills
/// it again before anything reads it.
struct MovedElements<Element>: RandomAccessCollection {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> Element { base[position] }

    /// Reads the elements from `position` on (not used for moving: ``_copyContents(initializing:)`` moves).
    struct Iterator: IteratorProtocol {
        let base: UnsafeMutablePointer<Element>
        var position: Int
        let end: Int

        mutating func next() -> Element? {
            guard position < end else { return nil }
            defer { position += 1 }
            return base[position]
        }
    }

    func makeIterator() -> Iterator { Iterator(base: base, position: 0, end: count) }

    /// Moves the elements into `target` (what `Array.init` calls); the iterator returned is at the end.
    func _copyContents(initializing target: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
        let moved = Swift.min(count, target.count)
        if moved > 0 { target.baseAddress!.moveInitialize(from: base, count: moved) }
        return (Iterator(base: base, position: moved, end: count), moved)
    }
}
