/// The members of a JSON object, in the order they were read or added, with keys compared as UTF-8 bytes.
///
/// Reads like a dictionary (`object["aps"]`, `object["aps"] = value`, `keys`, `count`,
/// `removeValue(forKey:)`, a dictionary literal) and iterates its members in input order. Two keys are
/// the same key only when their UTF-8 bytes are equal: `"\u00E9"` and `"e\u0301"` are different keys
/// (a Swift `Dictionary<String, _>` would merge them by canonical equivalence).
///
/// Storage: the members in one array, each with its key's first eight bytes and length beside it, so a
/// lookup in the small objects payloads have is a linear scan of integer comparisons without hashing;
/// objects of more than 64 members also keep a seeded hash table of positions. Equality is
/// order-insensitive (two objects with the same members are equal whatever their order); the canonical
/// writer sorts keys, so the order never shows in canonical output.
public struct JSONObject: Sendable {
    /// One member: its key, its value, and the key's first eight UTF-8 bytes and length.
    @usableFromInline
    struct Member: Sendable {
        @usableFromInline let key: String
        @usableFromInline var value: JSONValue
        @usableFromInline let fingerprint: KeyFingerprint

        @inlinable
        init(key: String, value: JSONValue, fingerprint: KeyFingerprint) {
            self.key = key
            self.value = value
            self.fingerprint = fingerprint
        }
    }

    /// The room an object built member by member gets on its first member.
    @inlinable static var initialCapacity: Int { 8 }

    /// Objects with more members than this keep a hash table of positions; smaller ones are scanned.
    @inlinable static var indexThreshold: Int { 64 }

    @usableFromInline var members: [Member]
    /// Open-addressed table of positions in `members` plus one (0 is an empty slot), for large objects.
    @usableFromInline var table: [Int32]?

    /// An empty object.
    @inlinable
    public init() {
        members = []
        table = nil
    }

    /// An empty object with room for `minimumCapacity` members.
    public init(minimumCapacity: Int) {
        members = []
        members.reserveCapacity(minimumCapacity)
        table = nil
    }

    /// An object of `members`, whose keys the caller knows are distinct.
    init(distinctMembers members: [Member]) {
        self.members = members
        table = nil
        if members.count > Self.indexThreshold { rebuildTable() }
    }

    /// An object of `members`, whose keys are distinct, with their ``positionTable(ofDistinct:)``.
    init(distinctMembers members: [Member], table: [Int32]) {
        self.members = members
        self.table = table
    }

    /// An object of `members` in the given order; a repeated key keeps its first position and its last value.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init(minimumCapacity: members.underestimatedCount)
        for (key, value) in members { self[key] = value }
    }

    /// An object of `members` in the given order; a repeated key keeps its first position and its last value.
    public init(members: [(key: String, value: JSONValue)]) {
        self.init(minimumCapacity: members.count)
        for member in members { self[member.key] = member.value }
    }

    /// The number of members.
    @inlinable public var count: Int { members.count }

    /// Whether the object has no members.
    @inlinable public var isEmpty: Bool { members.isEmpty }

    /// The keys, in member order (a view: nothing is copied).
    public var keys: Keys { Keys(members: members) }

    /// The values, in member order (a view: nothing is copied).
    public var values: Values { Values(members: members) }

    /// The keys of an object, in member order.
    public struct Keys: RandomAccessCollection, Sendable {
        @usableFromInline let members: [Member]
        @usableFromInline init(members: [Member]) { self.members = members }
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { members.count }
        /// The key of member `position`.
        @inlinable public subscript(position: Int) -> String { members[position].key }
    }

    /// The values of an object, in member order.
    public struct Values: RandomAccessCollection, Sendable {
        @usableFromInline let members: [Member]
        @usableFromInline init(members: [Member]) { self.members = members }
        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { members.count }
        /// The value of member `position`.
        @inlinable public subscript(position: Int) -> JSONValue { members[position].value }
    }

    /// Room for `minimumCapacity` members without growing.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        members.reserveCapacity(minimumCapacity)
    }

    /// The value of the member named `key`; setting `nil` removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        @inline(__always) get {
            guard let position = position(ofKey: key) else { return nil }
            return members[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// The value of the member named `key`, or `defaultValue` (which a mutation through this subscript adds).
    public subscript(key: String, default defaultValue: @autoclosure () -> JSONValue) -> JSONValue {
        get { self[key] ?? defaultValue() }
        set { updateValue(newValue, forKey: key) }
    }

    /// Sets the value of `key` (appending a new member, or replacing in place); returns the value replaced.
    @discardableResult
    public mutating func updateValue(_ value: consuming JSONValue, forKey key: String) -> JSONValue? {
        let fingerprint = KeyFingerprint(key)
        if let position = position(ofKey: key, fingerprint: fingerprint) {
            swap(&members[position].value, &value)
            return value
        }
        append(Member(key: key, value: value, fingerprint: fingerprint))
        return nil
    }

    /// Removes the member named `key`, keeping the others in order; returns its value.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> JSONValue? {
        guard let position = position(ofKey: key) else { return nil }
        let removed = members.remove(at: position).value
        rebuildTable()
        return removed
    }

    /// Whether a member is named `key`.
    public func contains(key: String) -> Bool { position(ofKey: key) != nil }

    /// An object with the same keys in the same order and each value transformed.
    public func mapValues(_ transform: (JSONValue) throws -> JSONValue) rethrows -> JSONObject {
        var result = self
        for position in result.members.indices {
            result.members[position].value = try transform(result.members[position].value)
        }
        return result
    }

    /// The members for which `isIncluded` is true, in order.
    public func filter(
        _ isIncluded: (_ member: (key: String, value: JSONValue)) throws -> Bool
    ) rethrows -> JSONObject {
        var result = JSONObject(minimumCapacity: count)
        for member in members where try isIncluded((member.key, member.value)) { result.append(member) }
        return result
    }

    /// Adds the members of `other`: a key already present keeps its place and takes `combine(old, new)`.
    public mutating func merge(
        _ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows {
        reserveCapacity(count + other.count)
        for member in other.members {
            if let position = position(ofKey: member.key, fingerprint: member.fingerprint) {
                members[position].value = try combine(members[position].value, member.value)
            } else {
                append(member)
            }
        }
    }

    /// This object with the members of `other` added as ``merge(_:uniquingKeysWith:)`` adds them.
    public func merging(
        _ other: JSONObject, uniquingKeysWith combine: (JSONValue, JSONValue) throws -> JSONValue
    ) rethrows -> JSONObject {
        var result = self
        try result.merge(other, uniquingKeysWith: combine)
        return result
    }

    /// Appends a member whose key the caller knows is not present yet.
    @inlinable
    mutating func append(_ member: consuming Member) {
        // An object built member by member starts with room for a few: growing one at a time from nothing
        // would allocate and move the members at 1, 2 and 4.
        if members.capacity == 0 { members.reserveCapacity(Self.initialCapacity) }
        members.append(member)
        if table != nil {
            insertIntoTable(position: members.count - 1)
        } else if members.count > Self.indexThreshold {
            rebuildTable()
        }
    }

    /// Appends `key`, which the caller knows is not present yet (no lookup; checked in debug builds): for the
    /// core's encoders, which write a fixed set of distinct keys, and the package's decoders, which copy an
    /// object's distinct keys.
    /// Inlinable: the encoders and decoders of other modules call it for most members they write.
    @inlinable
    package mutating func appendNew(_ key: String, _ value: consuming JSONValue) {
        assert(position(ofKey: key) == nil, "appendNew: '\(key)' is already a member")
        append(Member(key: key, value: value, fingerprint: KeyFingerprint(key)))
    }

    /// Appends member `position` of `other`, whose key the caller knows is not present yet, with the fingerprint
    /// its key already has: for decoders that copy a userInfo's members into custom data.
    @inlinable
    package mutating func appendMember(at position: Int, of other: JSONObject) {
        assert(self.position(ofKey: other.members[position].key) == nil, "appendMember: the key is already a member")
        append(other.members[position])
    }

    /// Calls `body` with the position of each member in canonical key order, as ``membersInCanonicalOrder`` lists
    /// them but without making that array (the order is sorted in a buffer on the stack): for decoders that read
    /// an object's members in the order they report what they notice.
    package func forEachPositionInCanonicalOrder(_ body: (_ position: Int) -> Void) {
        members.withUnsafeBufferPointer { JSONWriter.forEachSortedPosition($0, body) }
    }

    /// Adds `member` from the parser: returns whether its key was already present (the value is then replaced).
    mutating func parsedMember(_ member: Member) -> Bool {
        if let position = position(ofKey: member.key, fingerprint: member.fingerprint) {
            members[position].value = member.value
            return true
        }
        append(member)
        return false
    }

    /// Whether two of `members` have the same key, for as many members as a small object has (at most
    /// ``indexThreshold``): fingerprints compared pairwise, bytes only when they match.
    static func hasRepeatedKey(_ members: UnsafeBufferPointer<Member>) -> Bool {
        guard members.count > 1 else { return false }
        if members.count > 8 { return hasRepeatedKeyHashed(members) }
        // Each fingerprint sets one bit of 128: members whose bits all differ have different keys (most objects),
        // and the pairwise comparison below runs only when two bits meet.
        var low: UInt64 = 0
        var high: UInt64 = 0
        var bitsMeet = false
        for member in members {
            let mixed = member.fingerprint.mixedBits
            let bit: UInt64 = 1 &<< (mixed >> 58)
            if mixed & (1 << 57) == 0 {
                if low & bit != 0 { bitsMeet = true; break }
                low |= bit
            } else {
                if high & bit != 0 { bitsMeet = true; break }
                high |= bit
            }
        }
        guard bitsMeet else { return false }
        for i in 1..<members.count {
            let fingerprint = members[i].fingerprint
            for j in 0..<i where members[j].fingerprint == fingerprint {
                if fingerprint.isWholeKey || KeyFingerprint.bytesEqual(members[j].key, members[i].key) { return true }
            }
        }
        return false
    }

    /// ``hasRepeatedKey(_:)`` for more than eight members: each fingerprint goes into a small table on the
    /// stack (linear probing), so a member is compared only with those whose fingerprints hash alike instead
    /// of with every earlier one.
    private static func hasRepeatedKeyHashed(_ members: UnsafeBufferPointer<Member>) -> Bool {
        var capacity = 16
        while capacity < members.count * 2 { capacity *= 2 }
        let mask = capacity - 1
        let shift = KeyFingerprint.slotShift(forCapacity: capacity)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { table -> Bool in
            table.initialize(repeating: -1)
            for index in members.indices {
                let fingerprint = members[index].fingerprint
                var slot = fingerprint.slot(shiftedBy: shift)
                while table[slot] >= 0 {
                    let other = members[Int(table[slot])]
                    if other.fingerprint == fingerprint,
                       fingerprint.isWholeKey || KeyFingerprint.bytesEqual(other.key, members[index].key)
                    {
                        return true
                    }
                    slot = (slot + 1) & mask
                }
                table[slot] = Int32(index)
            }
            return false
        }
    }

    // MARK: Lookup

    /// The position of the member named `key`.
    @inline(__always) @usableFromInline
    func position(ofKey key: String) -> Int? {
        // An empty object (a payload's `ignored` or `tracking`, most of the time) answers before the key is read.
        if members.isEmpty { return nil }
        return position(ofKey: key, fingerprint: KeyFingerprint(key))
    }

    @inline(__always)
    func position(ofKey key: String, fingerprint: KeyFingerprint) -> Int? {
        if let table { return position(ofKey: key, fingerprint: fingerprint, in: table) }
        return members.withUnsafeBufferPointer { buffer -> Int? in
            for position in 0..<buffer.count where buffer[position].fingerprint == fingerprint {
                if fingerprint.isWholeKey || KeyFingerprint.bytesEqual(buffer[position].key, key) { return position }
            }
            return nil
        }
    }

    private func position(ofKey key: String, fingerprint: KeyFingerprint, in table: [Int32]) -> Int? {
        let mask = table.count - 1
        var slot = Self.hash(key, fingerprint) & mask
        while true {
            let entry = Int(table[slot])
            if entry == 0 { return nil }
            let member = members[entry - 1]
            if member.fingerprint == fingerprint,
               fingerprint.isWholeKey || KeyFingerprint.bytesEqual(member.key, key)
            {
                return entry - 1
            }
            slot = (slot + 1) & mask
        }
    }

    /// A seeded hash of the key's bytes for the position table: ``KeyFingerprint/seededHash(of:)``.
    @inline(__always)
    private static func hash(_ key: String, _ fingerprint: KeyFingerprint) -> Int {
        Int(truncatingIfNeeded: fingerprint.seededHash(of: key))
    }

    @usableFromInline
    mutating func insertIntoTable(position: Int) {
        guard var table, (members.count) * 2 <= table.count else {
            rebuildTable()
            return
        }
        self.table = nil  // keeps the array uniquely referenced while it is written
        let mask = table.count - 1
        var slot = Self.hash(members[position].key, members[position].fingerprint) & mask
        while table[slot] != 0 { slot = (slot + 1) & mask }
        table[slot] = Int32(position + 1)
        self.table = table
    }

    /// For more members than ``indexThreshold``: the table of their positions, built in one pass that also finds
    /// a repeated key (each key hashed once; the hash is seeded, so no choice of keys can aim at a slot); nil when
    /// two of `members` have the same key. The parser keeps it with the members it checked.
    static func positionTable(ofDistinct members: UnsafeBufferPointer<Member>) -> [Int32]? {
        // A power of two, at least four slots a member.
        var capacity = 64
        while capacity < members.count * 4 { capacity *= 2 }
        var table = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        let repeated = table.withUnsafeMutableBufferPointer { slots -> Bool in
            for position in members.indices {
                let fingerprint = members[position].fingerprint
                var slot = hash(members[position].key, fingerprint) & mask
                while slots[slot] != 0 {
                    let other = Int(slots[slot]) - 1
                    if members[other].fingerprint == fingerprint,
                       fingerprint.isWholeKey || KeyFingerprint.bytesEqual(members[other].key, members[position].key)
                    {
                        return true
                    }
                    slot = (slot + 1) & mask
                }
                slots[slot] = Int32(position + 1)
            }
            return false
        }
        return repeated ? nil : table
    }

    /// Builds the table afresh (or drops it for a small object). An object's keys are distinct, so
    /// ``positionTable(ofDistinct:)`` always gives one.
    @usableFromInline
    mutating func rebuildTable() {
        guard members.count > Self.indexThreshold else {
            table = nil
            return
        }
        table = members.withUnsafeBufferPointer { Self.positionTable(ofDistinct: $0) }
    }
}

// MARK: - Collection

extension JSONObject: RandomAccessCollection {
    /// A member: its key and its value.
    public typealias Element = (key: String, value: JSONValue)

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { members.count }

    /// The member at `position` (0 is the first read or added).
    @inlinable
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        let member = members[position]
        return (member.key, member.value)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object of the literal's members, in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        // `[:]` (every default argument and empty start) needs no loop over the literal.
        guard !elements.isEmpty else {
            self.init()
            return
        }
        self.init(elements)
    }
}

extension JSONObject: Hashable {
    /// Equal when both have the same keys (as bytes) with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (position, member) in lhs.members.enumerated() {
            // Same order (the common case) needs no lookup.
            if position < rhs.members.count, rhs.members[position].fingerprint == member.fingerprint,
               KeyFingerprint.bytesEqual(rhs.members[position].key, member.key)
            {
                guard rhs.members[position].value == member.value else { return false }
                continue
            }
            guard let other = rhs.position(ofKey: member.key, fingerprint: member.fingerprint),
                  rhs.members[other].value == member.value
            else { return false }
        }
        return true
    }

    /// Hashes the members independently of their order.
    public func hash(into hasher: inout Hasher) {
        var combined: UInt = 0
        for member in members {
            var memberHasher = Hasher()
            KeyFingerprint.withBytes(of: member.key) { memberHasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            memberHasher.combine(member.value)
            combined &+= UInt(bitPattern: memberHasher.finalize())
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The canonical JSON text of this object.
    public var description: String { JSONWriter.string(.object(self)) }
}

// MARK: - Key fingerprint

/// A key's length in bytes, its first eight UTF-8 bytes as a big-endian number and its last eight bytes:
/// equal fingerprints of keys of up to sixteen bytes mean equal keys, most different keys differ in one of
/// the three, and `prefix` orders keys as their bytes do (the writer's sort).
@usableFromInline
struct KeyFingerprint: Sendable, Equatable {
    @usableFromInline let prefix: UInt64
    @usableFromInline let suffix: UInt64
    @usableFromInline let count: Int

    @inlinable
    init(prefix: UInt64, suffix: UInt64, count: Int) {
        self.prefix = prefix
        self.suffix = suffix
        self.count = count
    }

    /// Inlinable, with ``JSONObject/appendNew(_:_:)``: the encoders of other modules make one for most members.
    @inlinable
    init(_ key: String) {
        if SmallASCIIString.isAvailable, let (low, high, count) = SmallASCIIString.words(of: key) {
            // The same words ``init(bytes:)`` loads, from the string's own (bytes past the count are zero).
            let suffix = count >= 8 ? low >> (8 * (count - 8)) | high << (8 * (16 - count)) : 0
            self.init(prefix: low.byteSwapped, suffix: suffix, count: count)
            return
        }
        self.init(largeKey: key)
    }

    /// The fingerprint of a key that is not a small ASCII string, read from its bytes.
    @usableFromInline
    init(largeKey key: String) {
        self = KeyFingerprint.withBytes(of: key) { KeyFingerprint(bytes: $0) }
    }

    @inline(__always)
    init(bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            self.init(prefix: 0, suffix: 0, count: 0)
            return
        }
        if bytes.count >= 8 {
            let raw = UnsafeRawPointer(base)
            self.init(
                prefix: UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)),
                suffix: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self), count: bytes.count)
            return
        }
        // The bytes in the highest places of the word, as big-endian reading puts a long key's first eight:
        // byte i at bit 56 - 8i. Loads that overlap put equal bytes in equal places, so no loop is needed.
        let count = bytes.count
        let raw = UnsafeRawPointer(base)
        let prefix: UInt64
        if count >= 4 {
            let head = UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self)))
            let tail = UInt64(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            prefix = head << 32 | tail << (64 - 8 * UInt64(count))
        } else {
            let middle = count / 2
            prefix = UInt64(base[0]) << 56 | UInt64(base[middle]) << (56 - 8 * UInt64(middle))
                | UInt64(base[count - 1]) << (64 - 8 * UInt64(count))
        }
        self.init(prefix: prefix, suffix: 0, count: count)
    }

    /// The words mixed into one, its high bits spread over every byte of the key it holds (for the
    /// repeated-key checks' filter and table, and ``KeyTable``'s slots). Only the high bits: a product carries
    /// a difference upwards only, so keys that differ in their last bytes (`item_01`, `item_02`) share low bits.
    @inline(__always)
    var mixedBits: UInt64 {
        (prefix ^ suffix &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(count))) &* 0xBF58_476D_1CE4_E5B9
    }

    /// The shift that takes the top bits of ``mixedBits`` for a slot among `capacity` slots (a power of two, at
    /// least 2): computed once per table, see ``slot(shiftedBy:)``.
    @inline(__always)
    static func slotShift(forCapacity capacity: Int) -> UInt64 {
        UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// The key's slot in an open-addressed table whose ``slotShift(forCapacity:)`` is `shift`: the top bits of
    /// ``mixedBits``.
    @inline(__always)
    func slot(shiftedBy shift: UInt64) -> Int {
        Int(truncatingIfNeeded: mixedBits &>> shift)
    }

    /// A hash of `key` (whose fingerprint this is) under this process's random seed, for the position tables of
    /// large objects: keys chosen to collide would have to be chosen knowing the seed. A folded multiply (the
    /// 128-bit product's halves XOR-ed) of the fingerprint's words for a key of up to 16 bytes, chained over
    /// 16-byte chunks for a longer one, then multiplied once more so its low bits (a table's slot) are the middle
    /// bits of a product, which every bit reaches: about a tenth of the instructions of the standard library's
    /// SipHash.
    @inline(__always)
    func seededHash(of key: String) -> UInt64 { seededHash(of: key, seeds: KeyFingerprint.hashSeeds) }

    /// ``seededHash(of:)`` under `seeds` (the tests' way to try many).
    @inline(__always)
    func seededHash(of key: String, seeds: (UInt64, UInt64)) -> UInt64 {
        let folded: UInt64
        if isWholeKey {
            folded = seededWordsHash(seeds)
        } else {
            folded = KeyFingerprint.withBytes(of: key) { bytes -> UInt64 in
                // More than 16 bytes (the fingerprint is the key's), so every load below lies within the key;
                // checked all the same, as a fingerprint made from other bytes must not make it read past them.
                guard bytes.count > 16, let base = bytes.baseAddress else {
                    return KeyFingerprint(bytes: bytes).seededWordsHash(seeds)
                }
                let raw = UnsafeRawPointer(base)
                let count = bytes.count
                var accumulated = seeds.0 ^ UInt64(count)
                var offset = 0
                while count - offset > 16 {
                    accumulated = KeyFingerprint.foldedMultiply(
                        raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ seeds.1,
                        raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self) ^ accumulated)
                    offset += 16
                }
                // The last sixteen bytes (overlapping the chunk before when the count is not a multiple of 16).
                return KeyFingerprint.foldedMultiply(
                    raw.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self) ^ seeds.1,
                    raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) ^ accumulated ^ seeds.0)
            }
        }
        // A fold's low bits follow few bits of a key that differs in a few middle bytes (numbered keys): with some
        // seeds a thousand such keys took a third of the slots they should. The product's bits 32–63, rotated down.
        let mixed = folded &* 0x9E37_79B9_7F4A_7C15
        return mixed >> 32 | mixed << 32
    }

    /// The fold of a key of up to 16 bytes under `seeds`: the fingerprint's words.
    @inline(__always)
    private func seededWordsHash(_ seeds: (UInt64, UInt64)) -> UInt64 {
        KeyFingerprint.foldedMultiply(prefix ^ seeds.0, suffix ^ seeds.1 ^ UInt64(count))
    }

    /// Two random words for ``seededHash(of:)``, drawn once per process from the standard library's seeded
    /// `Hasher` (so `SWIFT_DETERMINISTIC_HASHING` fixes them too, as it fixes every `Set` and `Dictionary`).
    static let hashSeeds: (UInt64, UInt64) = {
        var first = Hasher()
        first.combine(0x5B1D_6E3A as UInt64)
        var second = Hasher()
        second.combine(0xA4E2_91C7 as UInt64)
        return (UInt64(truncatingIfNeeded: first.finalize()), UInt64(truncatingIfNeeded: second.finalize()))
    }()

    /// The high and low halves of the full product of `a` and `b`, XOR-ed. Its low bits are not mixed enough to
    /// be a slot on their own (keys differing in a few middle bytes collide under some seeds): seededHash(of:)
    /// multiplies the fold once more.
    @inline(__always)
    static func foldedMultiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// Whether the fingerprint holds every byte of the key (the first and last eight bytes overlap or meet).
    @inlinable var isWholeKey: Bool { count <= 16 }

    /// Calls `body` with the UTF-8 bytes of `key`.
    @inline(__always)
    static func withBytes<R>(of key: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = key.utf8.withContiguousStorageIfAvailable(body) { return result }
        var key = key
        return key.withUTF8(body)
    }

    /// Whether two keys have the same UTF-8 bytes.
    @inline(__always)
    static func bytesEqual(_ a: String, _ b: String) -> Bool {
        withBytes(of: a) { left in
            withBytes(of: b) { right in
                guard left.count == right.count else { return false }
                guard let l = left.baseAddress, let r = right.baseAddress else { return true }
                var i = 0
                while i + 8 <= left.count {
                    if UnsafeRawPointer(l + i).loadUnaligned(as: UInt64.self)
                        != UnsafeRawPointer(r + i).loadUnaligned(as: UInt64.self) { return false }
                    i += 8
                }
                while i < left.count {
                    if l[i] != r[i] { return false }
                    i += 1
                }
                return true
            }
        }
    }
}

extension JSONObject {
    /// The keys in canonical order (UTF-8 byte order), as the canonical writer writes them: for reporting
    /// diagnostics and losses in an order that never depends on the input's.
    public var keysInCanonicalOrder: [String] { JSONWriter.sortedKeys(self) }

    /// The members in canonical key order (see ``keysInCanonicalOrder``).
    public var membersInCanonicalOrder: [(key: String, value: JSONValue)] { JSONWriter.sortedMembers(self) }
}
