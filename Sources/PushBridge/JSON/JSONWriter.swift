/// The one canonical JSON writer: object keys sorted by Unicode code point, `/` not escaped,
/// no insignificant whitespace (or two-space indentation when pretty), numbers as their literals.
///
/// Strings escape `"`, `\` and C0 control characters (`\n`, `\t`, … or `\u00XX`), and as `\uXXXX` (a surrogate
/// pair beyond U+FFFF) the scalars a terminal must not get raw: C1 controls, every format character (`Cf`: bidi
/// overrides such as U+202E, zero-width characters, U+FEFF, tag characters), U+2028 and U+2029. Everything else,
/// non-ASCII included, is written as UTF-8.
public enum JSONWriter {
    /// Appends the canonical text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout [UInt8], pretty: Bool = false) {
        if case .string(let text) = value {
            appendString(text, into: &output)
            return
        }
        // Most payloads' text fits the first kilobyte, kept on the stack; a longer one moves to the heap.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteSink.stackCapacity) { stack in
            var sink = ByteSink(stack: stack)
            defer { sink.release() }
            if pretty {
                writePretty(value, into: &sink, indent: 0)
            } else {
                writeCompact(value, into: &sink)
            }
            sink.flush(into: &output)
        }
    }

    /// Appends the canonical text of an object given as members with distinct keys, in any order: the same
    /// bytes as writing `.object` of them, without building the dictionary.
    public static func writeObject(_ members: [(key: String, value: JSONValue)], into output: inout [UInt8]) {
        var sink = ByteSink()
        defer { sink.release() }
        sink.append(UInt8(ascii: "{"))
        withUnsafeTemporaryAllocation(of: SortEntry<Int>.self, capacity: members.count) { entries in
            for (position, member) in members.enumerated() {
                (entries.baseAddress! + position).initialize(to: SortEntry(member.key, at: position))
            }
            sort(entries) { members[$0].key }
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { sink.append(UInt8(ascii: ",")) }
                appendString(members[entry.position].key, into: &sink)
                sink.append(UInt8(ascii: ":"))
                writeCompact(members[entry.position].value, into: &sink)
            }
        }
        sink.append(UInt8(ascii: "}"))
        sink.flush(into: &output)
    }

    /// Appends the text `body` writes to `output` in one copy, through the writer's own sink (on the stack for a
    /// short text): for a record written member by member in key order, as tools print one per diagnostic.
    static func writeRecord(into output: inout [UInt8], _ body: (inout RecordText) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ByteSink.stackCapacity) { stack in
            var text = RecordText(sink: ByteSink(stack: stack))
            defer { text.sink.release() }
            body(&text)
            text.sink.flush(into: &output)
        }
    }

    /// What ``writeRecord(into:_:)`` writes through: JSON text as it is, strings quoted and escaped as the writer
    /// escapes them, and integers.
    struct RecordText {
        fileprivate var sink: ByteSink

        /// Appends `text` (JSON punctuation and keys, which need no escape) as it is.
        mutating func append(literal text: StaticString) { sink.append(ascii: text) }

        /// Appends `text` as a JSON string.
        mutating func append(string text: String) { JSONWriter.appendString(text, into: &sink) }

        /// Appends the decimal digits of `value`.
        mutating func append(integer value: Int) {
            JSONWriter.withDecimalDigits(of: value) { digits in
                if let start = digits.baseAddress { sink.append(start, count: digits.count) }
            }
        }
    }

    /// The canonical text of `value` as bytes.
    public static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output, pretty: pretty)
        return output
    }

    /// The length in bytes of the canonical (compact) text of `value`: `bytes(value).count`, without writing the
    /// text or sorting keys (a key's place does not change the length).
    public static func byteCount(_ value: JSONValue) -> Int {
        var counter = ByteCounter()
        count(value, into: &counter)
        return counter.count
    }

    private static func count(_ value: JSONValue, into counter: inout ByteCounter) {
        withUnsafePointer(to: value) { count(at: $0, into: &counter) }
    }

    /// ``count(_:into:)`` of the value at `pointer`, reading the values inside it where they lie.
    private static func count(at pointer: UnsafePointer<JSONValue>, into counter: inout ByteCounter) {
        switch pointer.pointee {
        case .null: counter.count += 4
        case .bool(let flag): counter.count += flag ? 4 : 5
        case .number(let number): counter.count += number.literal.utf8.count
        case .string(let text): appendString(text, into: &counter)
        case .array(let elements):
            // Brackets, and a comma between two elements.
            counter.count += 2 + max(elements.count - 1, 0)
            elements.withUnsafeBufferPointer { elements in
                guard let base = elements.baseAddress else { return }
                for index in elements.indices { count(at: base + index, into: &counter) }
            }
        case .object(let object):
            // Braces, a colon per member, and a comma between two members.
            counter.count += 2 + object.count + max(object.count - 1, 0)
            object.members.withUnsafeBufferPointer { members in
                for index in members.indices {
                    appendString(members[index].key, into: &counter)
                    count(at: valuePointer(of: members, at: index), into: &counter)
                }
            }
        }
    }

    /// The canonical text of `value`.
    public static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// Object keys in canonical order (Unicode code point order, which is UTF-8 byte order).
    @inlinable
    public static func sortedKeys<Value>(_ object: [String: Value]) -> [String] {
        sortedCanonically(Array(object.keys))
    }

    /// The keys of `object` in canonical order (Unicode code point order, which is UTF-8 byte order).
    public static func sortedKeys(_ object: JSONObject) -> [String] {
        var keys: [String] = []
        keys.reserveCapacity(object.count)
        forEachSortedMember(object) { key, _ in keys.append(key) }
        return keys
    }

    /// The members of `object` in canonical key order.
    public static func sortedMembers(_ object: JSONObject) -> [(key: String, value: JSONValue)] {
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(object.count)
        forEachSortedMember(object) { key, value in members.append((key, value)) }
        return members
    }

    /// `keys` in canonical order (Unicode code point order, which is UTF-8 byte order).
    public static func sortedCanonically(_ keys: [String]) -> [String] {
        var keys = keys
        sortCanonically(&keys)
        return keys
    }

    /// Sorts `keys` by Unicode code point (UTF-8 byte order).
    @usableFromInline
    static func sortCanonically(_ keys: inout [String]) {
        guard keys.count > 1 else { return }
        let unsorted = keys
        withUnsafeTemporaryAllocation(of: SortEntry<Int>.self, capacity: unsorted.count) { entries in
            for (offset, key) in unsorted.enumerated() {
                (entries.baseAddress! + offset).initialize(to: SortEntry(key, at: offset))
            }
            sort(entries) { unsorted[$0] }
            for position in 0..<entries.count { keys[position] = unsorted[entries[position].position] }
        }
    }

    /// Calls `body` with each member of `object` in canonical key order.
    @inline(__always)
    static func forEachSortedMember(
        _ object: JSONObject, _ body: (_ key: String, _ value: JSONValue) -> Void
    ) {
        object.members.withUnsafeBufferPointer { members in
            forEachSortedPosition(members) { position in body(members[position].key, members[position].value) }
        }
    }

    /// Calls `body` with the position of each of `members` in canonical key order.
    @inline(__always)
    static func forEachSortedPosition(
        _ members: UnsafeBufferPointer<JSONObject.Member>, _ body: (_ position: Int) -> Void
    ) {
        if members.count <= 1 {
            for position in members.indices { body(position) }
            return
        }
        withUnsafeTemporaryAllocation(of: SortEntry<Int>.self, capacity: members.count) { entries in
            for position in 0..<members.count {
                (entries.baseAddress! + position).initialize(
                    to: SortEntry(members[position].fingerprint, at: position))
            }
            sort(entries) { members[$0].key }
            for entry in entries { body(entry.position) }
        }
    }

    /// A key's place in a sort: its first eight UTF-8 bytes as a big-endian number (most comparisons are one
    /// integer comparison), its last eight bytes (from which ``second`` reads a key of 9 to 16 bytes past its
    /// eighth, for keys such as `extra_meta_0` and `extra_meta_3` that share their first eight), its length, and
    /// where to find it again.
    struct SortEntry<Position> {
        let prefix: UInt64
        let suffix: UInt64
        let count: Int
        let position: Position

        @inline(__always)
        init(_ fingerprint: KeyFingerprint, at position: Position) {
            self.prefix = fingerprint.prefix
            self.suffix = fingerprint.suffix
            self.count = fingerprint.count
            self.position = position
        }

        /// For a key of 9 to 16 bytes, its bytes from the ninth on as a big-endian number (zero-padded): the
        /// suffix (its last eight bytes, the first of them lowest) shifted down to bytes 8..<count, then
        /// byte-swapped so byte 8 is the highest.
        @inline(__always)
        var second: UInt64 { (UInt64(littleEndian: suffix) >> UInt64(8 * (16 - count))).byteSwapped }

        @inline(__always)
        init(_ key: String, at position: Position) {
            self.init(KeyFingerprint(key), at: position)
        }
    }

    /// Sorts `entries` by key (insertion sort for the small objects payloads have, a merge sort beyond);
    /// `key` gives a key back for the rare tie of two long keys with the same first eight bytes.
    @inline(__always)
    static func sort<Position>(_ entries: UnsafeMutableBufferPointer<SortEntry<Position>>, key: (Position) -> String) {
        @inline(__always)
        func precedes(_ a: SortEntry<Position>, _ b: SortEntry<Position>) -> Bool {
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            // Equal zero-padded words with a key that ends within them: that key is a prefix of the other.
            if a.count <= 8 || b.count <= 8 { return a.count < b.count }
            if a.count <= 16, b.count <= 16 {
                let (first, second) = (a.second, b.second)
                if first != second { return first < second }
                return a.count < b.count
            }
            return utf8Precedes(key(a.position), key(b.position))
        }
        guard entries.count > 1 else { return }
        if entries.count > insertionSortLimit {
            mergeSort(entries, by: precedes)
            return
        }
        insertionSort(entries, from: 0, to: entries.count, by: precedes)
    }

    /// Sorts `entries[start..<end]` in place by insertion.
    @inline(__always)
    static func insertionSort<Element>(
        _ entries: UnsafeMutableBufferPointer<Element>, from start: Int, to end: Int,
        by precedes: (Element, Element) -> Bool
    ) {
        var i = start + 1
        while i < end {
            let entry = entries[i]
            var j = i
            while j > start, precedes(entry, entries[j - 1]) {
                entries[j] = entries[j - 1]
                j -= 1
            }
            entries[j] = entry
            i += 1
        }
    }

    /// Sorts `entries` (an object with much custom data): runs of eight sorted by insertion, then merged in
    /// pairs through a scratch buffer, the comparison inlined (the standard library's sort calls it through a
    /// closure: ~200 instructions a member for 34 keys).
    @inline(__always)
    static func mergeSort<Element>(
        _ entries: UnsafeMutableBufferPointer<Element>, by precedes: (Element, Element) -> Bool
    ) {
        let count = entries.count, run = 8
        var start = 0
        while start < count {
            insertionSort(entries, from: start, to: min(start + run, count), by: precedes)
            start += run
        }
        withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { scratch in
            var source = entries.baseAddress!
            var target = scratch.baseAddress!
            var width = run
            while width < count {
                var low = 0
                while low < count {
                    let middle = min(low + width, count), high = min(low + 2 * width, count)
                    var left = low, right = middle, next = low
                    while left < middle, right < high {
                        if precedes(source[right], source[left]) {
                            (target + next).initialize(to: source[right])
                            right += 1
                        } else {
                            (target + next).initialize(to: source[left])
                            left += 1
                        }
                        next += 1
                    }
                    (target + next).initialize(from: source + left, count: middle - left)
                    next += middle - left
                    (target + next).initialize(from: source + right, count: high - right)
                    low = high
                }
                swap(&source, &target)
                width *= 2
            }
            if source != entries.baseAddress! { entries.baseAddress!.update(from: source, count: count) }
        }
    }

    /// Objects of up to this many members are sorted by insertion alone.
    static let insertionSortLimit = 24

    /// Whether `a` sorts before `b` in UTF-8 byte order (which is Unicode code point order).
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Bool in
                let count = min(left.count, right.count)
                var i = 0
                // Eight bytes at a time: the first word that differs decides, read big-endian (first byte highest).
                if let l = left.baseAddress, let r = right.baseAddress {
                    while i + 8 <= count {
                        let x = UnsafeRawPointer(l + i).loadUnaligned(as: UInt64.self)
                        let y = UnsafeRawPointer(r + i).loadUnaligned(as: UInt64.self)
                        if x != y { return UInt64(bigEndian: x) < UInt64(bigEndian: y) }
                        i += 8
                    }
                }
                while i < count {
                    if left[i] != right[i] { return left[i] < right[i] }
                    i += 1
                }
                return left.count < right.count
            }
        }
        if let result = fast ?? nil { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func writeCompact(_ value: JSONValue, into output: inout ByteSink) {
        withUnsafePointer(to: value) { writeCompact(at: $0, into: &output) }
    }

    /// ``writeCompact(_:into:)`` of the value at `pointer`: the values inside an array or object are read where
    /// they lie, not copied out to be passed on.
    private static func writeCompact(at pointer: UnsafePointer<JSONValue>, into output: inout ByteSink) {
        switch pointer.pointee {
        case .null: output.append(ascii: "null")
        case .bool(let flag): output.append(ascii: flag ? "true" : "false")
        case .number(let number): output.append(text: number.literal)
        case .string(let text): appendString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            elements.withUnsafeBufferPointer { elements in
                guard let base = elements.baseAddress else { return }
                for index in elements.indices {
                    if index > 0 { output.append(UInt8(ascii: ",")) }
                    writeCompact(at: base + index, into: &output)
                }
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                output.append(ascii: "{}")
                return
            }
            object.members.withUnsafeBufferPointer { members in
                var after = UInt8(ascii: "{")
                forEachSortedPosition(members) { position in
                    appendKey(members[position].key, after: after, into: &output)
                    after = UInt8(ascii: ",")
                    writeCompact(at: valuePointer(of: members, at: position), into: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Where the value of `members[position]` lies, to be read in place (loading it from the buffer would copy it).
    @inline(__always)
    private static func valuePointer(
        of members: UnsafeBufferPointer<JSONObject.Member>, at position: Int
    ) -> UnsafePointer<JSONValue> {
        let member = UnsafeRawPointer(members.baseAddress! + position)
        return (member + MemoryLayout<JSONObject.Member>.offset(of: \.value)!).assumingMemoryBound(to: JSONValue.self)
    }

    /// Appends `separator` (the object's `{` or a `,`), a member's key and its colon: a short ASCII key that
    /// needs no escape (most keys) takes one capacity check for all of it.
    @inline(__always)
    private static func appendKey(_ key: String, after separator: UInt8, into output: inout ByteSink) {
        if let (low, high, count) = SmallASCIIString.words(of: key), isClean(low, high, count: count) {
            output.appendQuoted(smallStringWords: low, high, count: count, after: separator, colon: true)
            return
        }
        output.append(separator)
        appendString(key, into: &output)
        output.append(UInt8(ascii: ":"))
    }

    /// Whether the first `count` bytes of a small string's two words need no escape.
    @inline(__always)
    private static func isClean(_ low: UInt64, _ high: UInt64, count: Int) -> Bool {
        // Clean when no byte before the count is flagged: ``escapeMask(_:)``'s lowest bit is exact, so the first
        // flagged byte (the zero just past the end, as a rule) is found from the low word's mask, or the high one's.
        let lowMask = escapeMask(low)
        if lowMask != 0 { return lowMask.trailingZeroBitCount >> 3 >= count }
        return 8 + escapeMask(high).trailingZeroBitCount >> 3 >= count
    }

    private static func writePretty(_ value: JSONValue, into output: inout ByteSink, indent: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output.append(ascii: "[\n")
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(ascii: ",\n") }
                output.append(spaces: indent + 2)
                writePretty(element, into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            output.append(spaces: indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(ascii: "{\n")
            var first = true
            forEachSortedMember(members) { key, member in
                if !first { output.append(ascii: ",\n") }
                first = false
                output.append(spaces: indent + 2)
                appendString(key, into: &output)
                output.append(ascii: ": ")
                writePretty(member, into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            output.append(spaces: indent)
            output.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &output)
        }
    }

    /// Calls `body` with the ASCII decimal digits of `value` (a `-` first when it is negative), made on the stack:
    /// what `String(value)` spells, for the indexes and line numbers written into paths and records.
    static func withDecimalDigits<Result>(of value: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // `Int.min` takes 19 digits and its sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var magnitude = value.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Appends `text` as a JSON string literal.
    public static func writeString(_ text: String, into output: inout [UInt8]) {
        appendString(text, into: &output)
    }

    private static func appendString<Output: ByteOutput>(_ text: String, into output: inout Output) {
        if output.readsSmallStrings, let (low, high, count) = SmallASCIIString.words(of: text),
           isClean(low, high, count: count) {
            // A short ASCII string read from its own two words: checked with two masks, copied in one go.
            output.appendQuoted(smallStringWords: low, high, count: count, after: nil, colon: false)
            return
        }
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { appendQuotedEscaped($0, into: &output) }
        if written == nil {
            var text = text
            text.withUTF8 { appendQuotedEscaped($0, into: &output) }
        }
    }

    /// Appends UTF-8 `bytes` in quotes, with `"`, `\`, control characters and the scalars a terminal must not get
    /// raw (``DisplayEscape``: C1 controls, format characters such as U+202E, U+2028, U+2029) escaped; clean runs
    /// are copied whole, found eight bytes at a time.
    private static func appendQuotedEscaped<Output: ByteOutput>(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            output.append(UInt8(ascii: "\""))
            output.append(UInt8(ascii: "\""))
            return
        }
        let count = bytes.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Most strings need no escape: check them whole, a word at a time (a short one padded, the last word of
        // a long one overlapping the one before), and copy them in one go. Only a string with a byte above 0x7F
        // is then scanned again, for the few lead bytes that can start an escaped scalar.
        if count < 8 {
            let word = loadShortWord(base, count: count)
            if escapeMask(word) == 0, word & highs == 0 || !DisplayEscape.containsEscapedNonASCII(bytes) {
                output.appendQuoted(base, count: count)
                return
            }
        } else {
            var offset = 0
            var seenPairs = SIMD2<UInt64>()
            while offset + 16 <= count {
                let pair = loadWordPair(base + offset)
                guard isZero(escapeMask(pair)) else { break }
                seenPairs |= pair
                offset += 16
            }
            var seen = seenPairs[0] | seenPairs[1]
            while offset + 8 <= count {
                let word = loadWord(base + offset)
                guard escapeMask(word) == 0 else { break }
                seen |= word
                offset += 8
            }
            var clean = offset == count
            if !clean, offset + 8 > count {
                let last = loadWord(base + count - 8)
                seen |= last
                clean = escapeMask(last) == 0
            }
            if clean, seen & highs == 0 || !DisplayEscape.containsEscapedNonASCII(bytes) {
                output.appendQuoted(base, count: count)
                return
            }
        }
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var i = 0
        while i < count {
            if i + 8 <= count {
                // The first byte of the word that may need an escape or starts a non-ASCII scalar: the lowest
                // set bit of either mask is exact, so the scan jumps straight to it.
                let word = loadWord(base + i)
                let flagged = escapeMask(word) | (word & highs)
                if flagged == 0 {
                    i += 8
                    continue
                }
                i += flagged.trailingZeroBitCount >> 3
            }
            let byte = base[i]
            let escape: UInt64
            let length: Int
            if byte >= 0x80 {
                var scalarLength = 0
                guard let scalar = DisplayEscape.escapedScalar(at: base + i, length: &scalarLength) else {
                    i += scalarLength
                    continue
                }
                if scalar >= 0x1_0000 {
                    // A surrogate pair, as JSON writes a scalar beyond the Basic Multilingual Plane.
                    output.append(
                        base + runStart, count: i - runStart,
                        then: unicodeEscape(0xD800 + ((scalar - 0x1_0000) >> 10)), length: 6)
                    runStart = i
                    escape = unicodeEscape(0xDC00 + ((scalar - 0x1_0000) & 0x3FF))
                } else {
                    escape = unicodeEscape(scalar)
                }
                length = 6
                output.append(base + runStart, count: i - runStart, then: escape, length: length)
                i += scalarLength
                runStart = i
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): escape = UInt64(byte) << 8 | 0x5C; length = 2
            case 0x0A: escape = UInt64(UInt8(ascii: "n")) << 8 | 0x5C; length = 2
            case 0x0D: escape = UInt64(UInt8(ascii: "r")) << 8 | 0x5C; length = 2
            case 0x09: escape = UInt64(UInt8(ascii: "t")) << 8 | 0x5C; length = 2
            case 0x08: escape = UInt64(UInt8(ascii: "b")) << 8 | 0x5C; length = 2
            case 0x0C: escape = UInt64(UInt8(ascii: "f")) << 8 | 0x5C; length = 2
            case 0..<0x20: escape = unicodeEscape(UInt32(byte)); length = 6
            default:
                i += 1
                continue
            }
            output.append(base + runStart, count: i - runStart, then: escape, length: length)
            i += 1
            runStart = i
        }
        output.append(base + runStart, count: count - runStart)
        output.append(UInt8(ascii: "\""))
    }

    /// `\u` and the four lowercase hex digits of the UTF-16 code unit `unit`, as the six low bytes of a word
    /// whose lowest byte comes first.
    @inline(__always)
    static func unicodeEscape(_ unit: UInt32) -> UInt64 {
        var word: UInt64 = 0x755C  // "\u"
        for shift in 0..<4 {
            let digit = UInt64((unit >> (12 - 4 * UInt32(shift))) & 0xF)
            word |= (digit < 10 ? 0x30 + digit : 0x57 + digit) << (16 + 8 * UInt64(shift))
        }
        return word
    }

    /// The high bit of each byte of `word` (eight bytes read from memory, first byte lowest: see
    /// ``loadWord(_:)``) that may be `"`, `\` or below 0x20. The lowest set bit is exact: it marks the first
    /// such byte (a borrow only ever runs upwards from a byte that is one), so `trailingZeroBitCount / 8` is
    /// its offset; bits above it may be false positives.
    @inline(__always)
    static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // With bit 1 flipped, a control byte stays below 0x20 and `"` (0x22) becomes 0x20: one test, below 0x21,
        // finds both. A byte of 0x80 or more has its high bit cleared by the `& ~`.
        let flipped = word ^ (ones &* 0x02)
        let belowOrQuote = (flipped &- ones &* 0x21) & ~flipped
        let backslash = word ^ (ones &* 0x5C)
        let zeroBackslash = (backslash &- ones) & ~backslash
        return (belowOrQuote | zeroBackslash) & highs
    }

    /// ``escapeMask(_:)`` of both words of `pair` at once (one vector register: the same bit tricks, lane by lane).
    @inline(__always)
    static func escapeMask(_ pair: SIMD2<UInt64>) -> SIMD2<UInt64> {
        let ones = SIMD2<UInt64>(repeating: 0x0101_0101_0101_0101)
        let flipped = pair ^ (ones &* 0x02)
        let belowOrQuote = (flipped &- ones &* 0x21) & ~flipped
        let backslash = pair ^ (ones &* 0x5C)
        let zeroBackslash = (backslash &- ones) & ~backslash
        return (belowOrQuote | zeroBackslash) & (ones &* 0x80)
    }

    /// Eight bytes at `pointer` as one word whose lowest byte is the first (on any byte order).
    @inline(__always)
    static func loadWord(_ pointer: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }

    /// Sixteen bytes at `pointer` as two words, each as ``loadWord(_:)`` reads it (the first eight bytes in lane 0):
    /// a scan takes sixteen bytes a step where Swift compiles `SIMD2<UInt64>` arithmetic to one vector instruction.
    @inline(__always)
    static func loadWordPair(_ pointer: UnsafeRawPointer) -> SIMD2<UInt64> {
        let pair = pointer.loadUnaligned(as: SIMD2<UInt64>.self)
        #if _endian(little)
        return pair
        #else
        return SIMD2(UInt64(littleEndian: pair[0]), UInt64(littleEndian: pair[1]))
        #endif
    }

    /// Whether both words of `pair` are zero.
    @inline(__always)
    static func isZero(_ pair: SIMD2<UInt64>) -> Bool { pair[0] | pair[1] == 0 }

    /// The first `count` (0–7) bytes at `pointer` as one word, first byte lowest, padded with spaces (which
    /// need no escape): a short string checked with one ``escapeMask(_:)`` without reading past its end.
    @inline(__always)
    static func loadShortWord(_ pointer: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var word: UInt64 = 0x2020_2020_2020_2020
        withUnsafeMutableBytes(of: &word) { $0.baseAddress!.copyMemory(from: pointer, byteCount: count) }
        return UInt64(littleEndian: word)
    }
}

/// Where escaped string bytes go: the writer's own sink, or a caller's array.
protocol ByteOutput {
    mutating func append(_ byte: UInt8)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int)
    /// Whether short ASCII strings are read from their small form (``SmallASCIIString/isAvailable``).
    var readsSmallStrings: Bool { get }
    /// Appends the first `count` bytes of a small string's two words (``SmallASCIIString/words(of:)``), which
    /// need no escape, in quotes, after `separator` when there is one and with a colon after them when `colon`.
    mutating func appendQuoted(
        smallStringWords low: UInt64, _ high: UInt64, count: Int, after separator: UInt8?, colon: Bool)
    /// Appends `count` bytes that need no escape, in quotes.
    mutating func appendQuoted(_ bytes: UnsafePointer<UInt8>, count: Int)
    /// Appends `count` bytes, then the first `length` (at most eight) bytes of `escape`, lowest byte first.
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int, then escape: UInt64, length: Int)
}

extension ByteOutput {
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int, then escape: UInt64, length: Int) {
        append(bytes, count: count)
        withUnsafeBytes(of: escape.littleEndian) { raw in
            raw.withMemoryRebound(to: UInt8.self) { append($0.baseAddress!, count: length) }
        }
    }

    mutating func appendQuoted(_ bytes: UnsafePointer<UInt8>, count: Int) {
        append(UInt8(ascii: "\""))
        append(bytes, count: count)
        append(UInt8(ascii: "\""))
    }

    mutating func appendQuoted(
        smallStringWords low: UInt64, _ high: UInt64, count: Int, after separator: UInt8?, colon: Bool
    ) {
        if let separator { append(separator) }
        append(UInt8(ascii: "\""))
        withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) { raw in
            raw.withMemoryRebound(to: UInt8.self) { append($0.baseAddress!, count: count) }
        }
        append(UInt8(ascii: "\""))
        if colon { append(UInt8(ascii: ":")) }
    }
}

extension Array: ByteOutput where Element == UInt8 {
    var readsSmallStrings: Bool { SmallASCIIString.isAvailable }

    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }
}

/// An output that only counts what it is given (``JSONWriter/byteCount(_:)``).
private struct ByteCounter: ByteOutput {
    var count = 0
    var readsSmallStrings: Bool { SmallASCIIString.isAvailable }
    mutating func append(_ byte: UInt8) { count += 1 }
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int) { self.count += count }
    mutating func appendQuoted(
        smallStringWords low: UInt64, _ high: UInt64, count: Int, after separator: UInt8?, colon: Bool
    ) {
        self.count += count + 2 + (separator == nil ? 0 : 1) + (colon ? 1 : 0)
    }
    mutating func appendQuoted(_ bytes: UnsafePointer<UInt8>, count: Int) { self.count += count + 2 }
    mutating func append(_ bytes: UnsafePointer<UInt8>, count: Int, then escape: UInt64, length: Int) {
        self.count += count + length
    }
}

/// A growable byte buffer written through a pointer: the writer's output before it is copied, once, into the
/// caller's array (cheaper than thousands of checked `Array.append` calls).
private struct ByteSink: ByteOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether `base` is the sink's own heap memory (else the caller's stack buffer, never freed here).
    private var ownsBase: Bool
    /// ``SmallASCIIString/isAvailable``, read once a write rather than once a string.
    let readsSmallStrings = SmallASCIIString.isAvailable

    /// The size of the stack buffer ``JSONWriter/write(_:into:pretty:)`` starts in: the most
    /// `withUnsafeTemporaryAllocation` keeps on the stack here (4 KiB measured as a heap allocation every write).
    static let stackCapacity = 1024

    init(capacity: Int = 4096) {
        self.capacity = capacity
        base = BufferMemory.allocate(UInt8.self, capacity: capacity)
        ownsBase = true
    }

    /// A sink that starts in `stack` (the caller's, alive until ``release()``) and moves to the heap if it grows.
    init(stack: UnsafeMutableBufferPointer<UInt8>) {
        capacity = stack.count
        base = stack.baseAddress!
        ownsBase = false
    }

    func release() { if ownsBase { BufferMemory.release(base) } }

    /// Appends what was written to `output`.
    func flush(into output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(extra)
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        // Out of the stack buffer, straight to four times its size (a large payload's text).
        let newCapacity = max(capacity * (ownsBase ? 2 : 4), count + extra)
        let newBase = BufferMemory.allocate(UInt8.self, capacity: newCapacity)
        newBase.update(from: base, count: count)
        if ownsBase { BufferMemory.release(base) }
        ownsBase = true
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count extra: Int) {
        guard extra > 0 else { return }
        reserve(extra)
        (base + count).update(from: bytes, count: extra)
        count += extra
    }

    /// One capacity check for the bytes and the escape, stored as one word (the room for all eight is reserved).
    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, count extra: Int, then escape: UInt64, length: Int) {
        reserve(extra + 8)
        if extra > 0 { (base + count).update(from: bytes, count: extra) }
        UnsafeMutableRawPointer(base + count + extra).storeBytes(of: escape.littleEndian, as: UInt64.self)
        count += extra + length
    }

    /// One capacity check for the quotes and the bytes.
    @inline(__always)
    mutating func appendQuoted(_ bytes: UnsafePointer<UInt8>, count extra: Int) {
        reserve(extra + 2)
        base[count] = UInt8(ascii: "\"")
        (base + count + 1).update(from: bytes, count: extra)
        base[count + extra + 1] = UInt8(ascii: "\"")
        count += extra + 2
    }

    /// One capacity check for the punctuation and the string; both words stored whole (room for sixteen bytes is
    /// made), the closing quote written over what lies past the string's own bytes.
    @inline(__always)
    mutating func appendQuoted(
        smallStringWords low: UInt64, _ high: UInt64, count extra: Int, after separator: UInt8?, colon: Bool
    ) {
        reserve(20)
        var end = count
        if let separator {
            base[end] = separator
            end += 1
        }
        base[end] = UInt8(ascii: "\"")
        let target = UnsafeMutableRawPointer(base + end + 1)
        target.storeBytes(of: low.littleEndian, as: UInt64.self)
        target.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
        end += extra + 1
        base[end] = UInt8(ascii: "\"")
        end += 1
        if colon {
            base[end] = UInt8(ascii: ":")
            end += 1
        }
        count = end
    }

    mutating func append(ascii text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    @inline(__always)
    mutating func append(text: String) {
        // A short ASCII text (a number's literal, as a rule) is stored from its two words at once.
        if readsSmallStrings, let (low, high, count) = SmallASCIIString.words(of: text) {
            reserve(16)
            UnsafeMutableRawPointer(base + self.count).storeBytes(of: low.littleEndian, as: UInt64.self)
            UnsafeMutableRawPointer(base + self.count + 8).storeBytes(of: high.littleEndian, as: UInt64.self)
            self.count += count
            return
        }
        appendBytes(of: text)
    }

    /// ``append(text:)`` for a text that is not a small ASCII string.
    @inline(never)
    private mutating func appendBytes(of text: String) {
        let written: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let start = bytes.baseAddress { append(start, count: bytes.count) }
        }
        if written == nil { for byte in text.utf8 { append(byte) } }
    }

    mutating func append(spaces: Int) {
        reserve(spaces)
        (base + count).initialize(repeating: UInt8(ascii: " "), count: spaces)
        count += spaces
    }
}
