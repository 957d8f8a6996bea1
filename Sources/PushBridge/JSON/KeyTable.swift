/// A fixed set of keys, for the keys a wire format reads itself: a lookup compares a key's ``KeyFingerprint``
/// (its length and first and last eight bytes) with those of a few entries, and its bytes only when it is
/// longer than sixteen bytes. A `Set<String>` or `Dictionary` hashes the whole string with SipHash (about 400
/// instructions for a short key); this takes a few dozen, for every key of every payload.
///
/// ``position(of:)`` answers with the key's place in the array the table was made from, so a caller keeps what
/// each key means in an array beside it. Keys are compared as UTF-8 bytes (as ``JSONObject`` compares them).
/// The table is at most a quarter full and its keys are fixed, so a key looked up that is not in it probes at
/// most as far as the longest run of occupied slots, which the known keys alone decide: no input makes a
/// lookup slow.
package struct KeyTable: Sendable {
    /// One slot of the open-addressed table: a key's fingerprint and its position plus one (0: an empty slot).
    private struct Slot: Sendable {
        var fingerprint = KeyFingerprint(prefix: 0, suffix: 0, count: 0)
        var entry: Int = 0
    }

    private let keys: [String]
    private let slots: [Slot]
    private let mask: Int
    /// ``KeyFingerprint/slotShift(forCapacity:)`` of the table.
    private let shift: UInt64
    /// Bit `n` set when a key is `n` UTF-8 bytes long (bit 63: 63 or more), so most keys not in the table (a
    /// payload's custom data) are ruled out by their length before any slot is read.
    private let lengths: UInt64

    /// A table of `keys`; a repeated key answers with its first position.
    package init(_ keys: [String]) {
        var capacity = 16
        while capacity < keys.count * 4 { capacity *= 2 }
        var slots = [Slot](repeating: Slot(), count: capacity)
        let mask = capacity - 1
        let shift = KeyFingerprint.slotShift(forCapacity: capacity)
        var lengths: UInt64 = 0
        for (position, key) in keys.enumerated() {
            let fingerprint = KeyFingerprint(key)
            lengths |= Self.lengthBit(fingerprint)
            var slot = fingerprint.slot(shiftedBy: shift)
            var repeated = false
            while slots[slot].entry != 0 {
                let other = slots[slot].entry - 1
                if slots[slot].fingerprint == fingerprint, KeyFingerprint.bytesEqual(keys[other], key) {
                    repeated = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !repeated { slots[slot] = Slot(fingerprint: fingerprint, entry: position + 1) }
        }
        self.keys = keys
        self.slots = slots
        self.mask = mask
        self.shift = shift
        self.lengths = lengths
    }

    /// The position of `key` in the array the table was made from, or nil when the table does not hold it.
    package func position(of key: String) -> Int? {
        position(of: key, fingerprint: KeyFingerprint(key))
    }

    /// ``position(of:)`` for a key whose fingerprint is at hand (an object member's, made when it was parsed).
    @inline(__always)
    func position(of key: String, fingerprint: KeyFingerprint) -> Int? {
        probe(fingerprint) { KeyFingerprint.bytesEqual($0, key) }
    }

    /// ``position(of:)`` for the key of member `position` of `object`, with the fingerprint the member keeps (made
    /// when it was parsed or added): a decoder walking an object's members does not measure each key again.
    package func position(ofMemberAt position: Int, of object: JSONObject) -> Int? {
        object.members.withUnsafeBufferPointer { members in
            probe(members[position].fingerprint) { KeyFingerprint.bytesEqual($0, members[position].key) }
        }
    }

    /// ``position(of:)`` for a key given as its UTF-8 bytes (a slice of a larger text, without making a string).
    package func position(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        probe(KeyFingerprint(bytes: bytes)) { candidate in
            KeyFingerprint.withBytes(of: candidate) { $0.elementsEqual(bytes) }
        }
    }

    /// The position of the key with `fingerprint` for which `sameBytes` (asked only of a key longer than the
    /// fingerprint holds) is true.
    @inline(__always)
    private func probe(_ fingerprint: KeyFingerprint, sameBytes: (String) -> Bool) -> Int? {
        guard lengths & Self.lengthBit(fingerprint) != 0 else { return nil }
        var slot = fingerprint.slot(shiftedBy: shift)
        while true {
            let candidate = slots[slot]
            if candidate.entry == 0 { return nil }
            if candidate.fingerprint == fingerprint, fingerprint.isWholeKey || sameBytes(keys[candidate.entry - 1]) {
                return candidate.entry - 1
            }
            slot = (slot + 1) & mask
        }
    }

    /// Whether the table holds `key`.
    package func contains(_ key: String) -> Bool {
        // Most keys not in the table have a length none of its keys has: ruled out before the fingerprint is made.
        guard lengths & Self.lengthBit(count: key.utf8.count) != 0 else { return false }
        return position(of: key) != nil
    }

    /// Whether the UTF-8 bytes of `key` start with those of `prefix` (compared as bytes, as the SDKs' `hasPrefix:`
    /// compares an ASCII prefix), without the generic walk of `String.UTF8View.starts(with:)`.
    package static func key(_ key: String, startsWith prefix: String) -> Bool {
        KeyFingerprint.withBytes(of: key) { keyBytes in
            KeyFingerprint.withBytes(of: prefix) { prefixBytes in
                guard keyBytes.count >= prefixBytes.count else { return false }
                for index in prefixBytes.indices where keyBytes[index] != prefixBytes[index] { return false }
                return true
            }
        }
    }

    @inline(__always)
    private static func lengthBit(_ fingerprint: KeyFingerprint) -> UInt64 { lengthBit(count: fingerprint.count) }

    @inline(__always)
    private static func lengthBit(count: Int) -> UInt64 { 1 &<< UInt64(min(count, 63)) }
}
