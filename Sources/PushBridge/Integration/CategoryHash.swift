/// The hash vendors use to derive a category id from a button set (docs/WIRE-FORMATS.md §10 "Categories
/// derived from buttons").
///
/// FNV-1a 64 is kept only where the vendors' SDKs define an id with it (BuzzKit's `buzzkit.<hash>`, AppDNA's
/// `appdna_<hash>`): two button sets sharing one such id can be found with about 2^32 work, so the category
/// planner reports them (`category-id-collision`). Every other derived identity uses ``IdentityHash``.
public enum CategoryHash {
    /// 64-bit FNV-1a over the UTF-8 bytes of `text`, as 16 lowercase hex digits
    /// (`fnv1a64hex("a") == "af63dc4c8601ec8c"`).
    public static func fnv1a64hex(_ text: String) -> String {
        var hasher = ButtonSetHasher()
        hasher.combine(text)
        return hasher.hex
    }

    /// Joins each button's fields with U+001F and the buttons with U+001E: the `buttonSetKey`.
    public static func buttonSetKey(_ buttons: [[String]]) -> String {
        buttons.map { $0.joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
    }

    /// A boolean as a `buttonSetKey` field: `1` or `0`.
    public static func flag(_ value: Bool) -> String { value ? "1" : "0" }

    /// `fnv1a64hex(buttonSetKey(buttons))` computed as the fields come, without building the key.
    ///
    /// Call ``addButton()`` before each button's first field, then ``addField(_:)`` (or ``addFlag(_:)``)
    /// for each field in order; ``hex`` is the hash of the key those calls describe.
    public struct ButtonSetHasher: Sendable {
        // Inlinable: adapters add a few short fields per button, so the calls cost more than the hashing.
        @usableFromInline var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        @usableFromInline var buttonCount = 0
        @usableFromInline var fieldCount = 0

        /// A hasher over an empty key.
        @inlinable public init() {}

        /// Starts the next button (separated from the one before by U+001E).
        @inlinable public mutating func addButton() {
            if buttonCount > 0 { combine(0x1E) }
            buttonCount += 1
            fieldCount = 0
        }

        /// Adds the next field of the current button (separated from the one before by U+001F).
        @inlinable public mutating func addField(_ field: String) {
            if fieldCount > 0 { combine(0x1F) }
            fieldCount += 1
            combine(field)
        }

        /// Adds a boolean field, as ``CategoryHash/flag(_:)`` writes it.
        @inlinable public mutating func addFlag(_ value: Bool) {
            if fieldCount > 0 { combine(0x1F) }
            fieldCount += 1
            combine(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
        }

        /// The hash as 16 lowercase hex digits.
        public var hex: String {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
                for position in 0..<16 { buffer[position] = digit(position) }
                return JSONParser.string(UnsafeBufferPointer(buffer), isASCII: true)
            }
        }

        /// `prefix` followed by ``hex``, written into one string (no intermediate string for the digits; the bytes
        /// are a string's and hex digits, so the standard library need not check them again).
        public func category(withPrefix prefix: String) -> String {
            var prefix = prefix
            return prefix.withUTF8 { head in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: head.count + 16) { buffer in
                    var high: UInt8 = 0
                    for index in 0..<head.count {
                        buffer[index] = head[index]
                        high |= head[index]
                    }
                    for position in 0..<16 { buffer[head.count + position] = digit(position) }
                    return JSONParser.string(UnsafeBufferPointer(buffer), isASCII: high < 0x80)
                }
            }
        }

        /// Whether `category` is `prefix` followed by ``hex``, found without building either string.
        public func isCategory(_ category: String, withPrefix prefix: String) -> Bool {
            let matched: Bool?? = category.utf8.withContiguousStorageIfAvailable { bytes in
                prefix.utf8.withContiguousStorageIfAvailable { head in
                    guard bytes.count == head.count + 16 else { return false }
                    for index in 0..<head.count where bytes[index] != head[index] { return false }
                    for position in 0..<16 where bytes[head.count + position] != digit(position) { return false }
                    return true
                }
            }
            if let matched = matched ?? nil { return matched }
            return category == prefix + hex
        }

        /// Hex digit `position` (0 is the most significant) of the hash, as an ASCII byte.
        private func digit(_ position: Int) -> UInt8 {
            let nibble = UInt8(truncatingIfNeeded: hash >> (60 - 4 * UInt64(position))) & 0xF
            return nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }

        @inlinable mutating func combine(_ text: String) {
            let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
                for byte in bytes { combine(byte) }
            }
            if hashed != nil { return }
            var text = text
            text.withUTF8 { bytes in
                for byte in bytes { combine(byte) }
            }
        }

        @inlinable @inline(__always) mutating func combine(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
    }
}
