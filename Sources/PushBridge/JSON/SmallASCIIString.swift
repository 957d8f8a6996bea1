/// The standard library's small form of a string, made and read directly for ASCII text of up to 15 bytes.
///
/// On 64-bit platforms a `String` of at most 15 UTF-8 bytes holds them in its own two words: the bytes in order
/// from the lowest byte of the first word, and in the top byte of the second a discriminator (`0xE0` for ASCII)
/// OR-ed with the count. The parser makes most keys and short values that way and the writer reads them back
/// without the standard library's calls for each (about 90 instructions a string made, 40 a string read).
///
/// The layout is checked once, against strings the standard library made itself, before it is used
/// (``isAvailable``); on a platform where it differs (32-bit, big-endian, a future layout) every call site takes
/// the standard library's own path.
@usableFromInline
enum SmallASCIIString {
    /// The discriminator of an ASCII small string, in the top byte of its second word.
    @inlinable static var asciiDiscriminator: UInt64 { 0xE0 }

    /// Whether the layout this type writes and reads is the standard library's on this platform.
    @usableFromInline static let isAvailable: Bool = {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        guard MemoryLayout<String>.size == 16 else { return false }
        for sample in ["", "a", "key", "abcdefgh", "abcdefghijklmno"] {
            // Made by the standard library (a literal may be stored differently), then compared bit for bit.
            let made = String(decoding: Array(sample.utf8), as: UTF8.self)
            let words = wordsOf(sample)
            guard unsafeBitCast(made, to: (UInt64, UInt64).self) == (words.0, words.1) else { return false }
            let built = string(words.0, words.1)
            guard built == sample, built.utf8.count == sample.utf8.count, asciiBytes(of: built) == Array(sample.utf8)
            else { return false }
        }
        return true
        #else
        return false
        #endif
    }()

    /// The two words of the small form of ASCII `sample` (at most 15 bytes), built byte by byte.
    private static func wordsOf(_ sample: String) -> (UInt64, UInt64) {
        var low: UInt64 = 0, high: UInt64 = 0
        for (offset, byte) in sample.utf8.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
        return (low, high | (asciiDiscriminator | UInt64(sample.utf8.count)) << 56)
    }

    /// A string of `count` (at most 15) ASCII bytes at `source`. Call only when ``isAvailable``.
    @inline(__always)
    static func make(_ source: UnsafeRawPointer, count: Int) -> String {
        var low: UInt64 = 0, high: UInt64 = 0
        // Two overlapping loads of the part each word holds, shifted into place; bytes past `count` stay zero.
        if count >= 8 {
            low = UInt64(littleEndian: source.loadUnaligned(as: UInt64.self))
            if count > 8 {
                let tail = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
                high = tail >> (8 * (16 - UInt64(count)))
            }
        } else if count >= 4 {
            let head = UInt64(UInt32(littleEndian: source.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            low = head | tail << (8 * (UInt64(count) - 4))
        } else {
            for offset in 0..<count { low |= UInt64(source.load(fromByteOffset: offset, as: UInt8.self)) << (8 * offset) }
        }
        return string(low, high | (asciiDiscriminator | UInt64(count)) << 56)
    }

    /// The string whose two words are `low` and `high`, which must be a small string's. Written over an empty
    /// string in place: a small string holds no reference, so neither value needs a retain or release (a bit cast
    /// would retain its result).
    @inline(__always)
    private static func string(_ low: UInt64, _ high: UInt64) -> String {
        var text = ""
        withUnsafeMutableBytes(of: &text) {
            $0.storeBytes(of: low, as: UInt64.self)
            $0.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
        }
        return text
    }

    /// The bytes of `text` when it is an ASCII string in the small form: its two words (bytes past the count are
    /// zero) and the count. Nil for any other string. Call only when ``isAvailable``.
    @inlinable
    static func words(of text: String) -> (low: UInt64, high: UInt64, count: Int)? {
        // Read in place: a bit cast would copy the string, and so retain a large one.
        let (low, high) = withUnsafeBytes(of: text) {
            ($0.loadUnaligned(as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        let discriminator = high >> 56
        guard discriminator & 0xF0 == asciiDiscriminator else { return nil }
        return (low, high & 0x00FF_FFFF_FFFF_FFFF, Int(discriminator & 0x0F))
    }

    /// The bytes of a small ASCII `text` (nil for another string), for the layout check.
    private static func asciiBytes(of text: String) -> [UInt8]? {
        guard let (low, high, count) = words(of: text) else { return nil }
        return (0..<count).map { UInt8(truncatingIfNeeded: ($0 < 8 ? low >> (8 * $0) : high >> (8 * ($0 - 8)))) }
    }
}
