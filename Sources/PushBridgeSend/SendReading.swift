import PushBridge

/// Reads the members of a send request body, noting each value of the wrong type (kept in ``kept`` under its
/// path, so rendering for the same vendor writes it back) and marking what was read.
struct SendReader {
    /// The body being read.
    let body: JSONObject
    /// The path of the body in the request (`$`, `$.message`, `$.messages.apple_push`).
    let path: String
    /// What was noticed.
    var diagnostics: [Diagnostic] = []
    /// Values the form has no field for, under their path in the request.
    var kept = JSONObject()
    /// Bit `n` set: the member at position `n` was read (the first 64 members).
    private var readPositions: UInt64 = 0
    /// The keys read that the body has at position 64 or later (a body that large is rare).
    private var readLater: [String] = []

    /// The paths of the members a parser names most, made once for ``path``.
    private let memberPaths: MemberPaths?

    /// Bit `n` set when the body has a member whose key is `n` UTF-8 bytes long (bit 63: 63 or more): a parser
    /// asks for a few dozen keys, most absent, and most absent ones are ruled out by their length alone.
    private let keyLengths: UInt64
    /// The byte counts of the first sixteen members' keys plus one (at most 255), a byte each, eight to a word:
    /// a key asked for is compared only with the members of its length, without reading their strings.
    private let memberLengths: (UInt64, UInt64)

    init(_ body: JSONObject, at path: String, memberPaths: MemberPaths? = nil) {
        self.body = body
        self.path = path
        self.memberPaths = memberPaths
        var lengths: UInt64 = 0
        var low: UInt64 = 0, high: UInt64 = 0
        for (position, key) in body.keys.enumerated() {
            let count = key.utf8.count
            lengths |= 1 &<< UInt64(min(count, 63))
            if position < 8 {
                low |= Self.lengthTag(count) &<< UInt64(8 * position)
            } else if position < 16 {
                high |= Self.lengthTag(count) &<< UInt64(8 * (position - 8))
            }
        }
        keyLengths = lengths
        memberLengths = (low, high)
    }

    /// Whether `value` is `null`, by its case alone (`!= .null` calls the enum's equality).
    @inline(__always)
    private static func isNull(_ value: JSONValue) -> Bool {
        if case .null = value { return true }
        return false
    }

    @inline(__always)
    private static func lengthTag(_ count: Int) -> UInt64 { UInt64(min(count + 1, 255)) }

    @inline(__always)
    private static func lengthBit(_ key: String) -> UInt64 { 1 &<< UInt64(min(key.utf8.count, 63)) }

    /// Whether the body has member `key` (not marked as read).
    func has(_ key: String) -> Bool { position(of: key) != nil }

    /// The raw value of `key`, not marked as read.
    func peek(_ key: String) -> JSONValue? { position(of: key).map { body.values[$0] } }

    /// The position of member `key` in the body: a key of a length no member has is ruled out at once, the others
    /// compared with the members of their length. Parsers ask for ASCII names, which equal a key of as many bytes
    /// only when its bytes are theirs (the body's keys are compared as bytes).
    @inline(__always)
    private func position(of key: String) -> Int? {
        guard keyLengths & Self.lengthBit(key) != 0 else { return nil }
        let count = key.utf8.count
        let tag = Self.lengthTag(count)
        let members = body.count
        if let position = position(of: key, tag: tag, in: memberLengths.0, from: 0, members: members) { return position }
        if members > 8, let position = position(of: key, tag: tag, in: memberLengths.1, from: 8, members: members) {
            return position
        }
        guard members > 16 else { return nil }
        let keys = body.keys
        for position in 16..<members {
            let candidate = keys[position]
            if candidate.utf8.count == count, candidate == key { return position }
        }
        return nil
    }

    /// The position of member `key` among the eight whose length tags `word` holds, the first at `first`.
    @inline(__always)
    private func position(of key: String, tag: UInt64, in word: UInt64, from first: Int, members: Int) -> Int? {
        // A high bit for each byte that may equal `tag` (every one that does, and at most a few more above it).
        let spread = word ^ (tag &* 0x0101_0101_0101_0101)
        var candidates = (spread &- 0x0101_0101_0101_0101) & ~spread & 0x8080_8080_8080_8080
        while candidates != 0 {
            let position = first + candidates.trailingZeroBitCount / 8
            if position < members, body.keys[position] == key { return position }
            candidates &= candidates &- 1
        }
        return nil
    }

    /// The path of member `key`.
    func path(_ key: String) -> String { memberPaths?.path(key) ?? JSONPath.member(key, of: path) }

    /// The paths of members of one object, made once: a parser names a few dozen members of a body on every
    /// request, and writing each path out (and checking that its key needs no quoting) costs more than finding it.
    final class MemberPaths: Sendable {
        private let keys: KeyTable
        private let paths: [String]

        /// The paths of `keys` as members of the object at `path`.
        init(_ keys: [String], of path: String) {
            self.keys = KeyTable(keys)
            paths = keys.map { JSONPath.member($0, of: path) }
        }

        /// The path of `key`, when it is one of the keys.
        func path(_ key: String) -> String? { keys.position(of: key).map { paths[$0] } }
    }

    /// The raw value of `key`, marked as read.
    mutating func value(_ key: String) -> JSONValue? {
        guard let position = position(of: key) else { return nil }
        if position < 64 { readPositions |= 1 &<< UInt64(position) } else { readLater.append(key) }
        return body.values[position]
    }

    /// A string member; another type is kept with a `wrong-type` diagnostic.
    mutating func string(_ key: String) -> String? { typed(key, "a string", \.stringValue) }

    /// The member `key` as `extract` reads it; absent or `null` is nil, another type is kept with a `wrong-type`
    /// diagnostic naming what was `expected`.
    private mutating func typed<Value>(_ key: String, _ expected: String, _ extract: (JSONValue) -> Value?) -> Value? {
        guard let value = value(key), !Self.isNull(value) else { return nil }
        if let typed = extract(value) { return typed }
        wrongType(key, expected, value)
        return nil
    }

    /// An integer member, also read from a string of digits (`"10"`), which is noted.
    mutating func int(_ key: String) -> Int? {
        guard let value = value(key), !Self.isNull(value) else { return nil }
        if let number = value.intValue { return number }
        if case .string(let text) = value, let number = Int(text) {
            diagnostics.append(Diagnostic(
                .warning, code: .wrongType, path: path(key), message: "expected a number, found the string \"\(text)\""))
            return number
        }
        wrongType(key, "an integer", value)
        return nil
    }

    /// A boolean member, also read from `0`/`1` and `"true"`/`"false"`, which is noted.
    mutating func bool(_ key: String) -> Bool? {
        guard let value = value(key), !Self.isNull(value) else { return nil }
        switch value {
        case .bool(let flag): return flag
        case .number(let number) where number.intValue == 0 || number.intValue == 1: return number.intValue == 1
        case .string("true"), .string("false"):
            diagnostics.append(Diagnostic(
                .warning, code: .wrongType, path: path(key),
                message: "expected a boolean, found the string \(JSONWriter.string(value)); read as a boolean"))
            return value == .string("true")
        default:
            wrongType(key, "a boolean", value)
            return nil
        }
    }

    /// An object member.
    mutating func object(_ key: String) -> JSONObject? { typed(key, "an object", \.objectValue) }

    /// An array member.
    mutating func array(_ key: String) -> [JSONValue]? { typed(key, "an array", \.arrayValue) }

    /// An array of strings; other elements are noted and skipped.
    mutating func strings(_ key: String) -> [String] {
        guard let elements = array(key) else { return [] }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            if case .string(let text) = element { strings.append(text); continue }
            diagnostics.append(.wrongType(JSONPath.element(index, of: path(key)), expected: "a string", element))
        }
        return strings
    }

    /// Reads a template reference into `form.template`: its id from `idKey` (a number or a string) and the per-send
    /// merge data from the object `mergeKey`, each noted at its path.
    mutating func template(
        _ idKey: String, merge mergeKey: String, kind: SendProvision.Kind, vendor: String, into form: inout SendRequest
    ) {
        if let value = value(idKey), value != .null {
            if let id = value.stringValue ?? value.numberValue.map(\.description) {
                form.template = SendTemplate(vendor: vendor, kind: kind, id: id)
                form.paths[SendField.template] = path(idKey)
            } else {
                wrongType(idKey, "an id (a string or a number)", value)
            }
        }
        if let mergeData = object(mergeKey) {
            if form.template == nil { form.template = SendTemplate(vendor: vendor, kind: kind, id: "") }
            form.template?.mergeData = mergeData
            form.paths["template.mergeData"] = path(mergeKey)
        }
    }

    /// Adds the strings of the array `key` to the audience list `list` (`userIds`, `deviceTokens`) of `form`, with
    /// `key`'s path as the list's source path; an absent or empty array changes nothing.
    mutating func audience(_ key: String, into list: AudienceList, of form: inout SendRequest) {
        let ids = strings(key)
        guard !ids.isEmpty else { return }
        switch list {
        case .userIds: form.audience.userIds += ids
        case .deviceTokens: form.audience.deviceTokens += ids
        }
        form.paths[slot: list.slot] = path(key)
    }

    /// A list of ``SendAudience`` a request names members of (a case, not a key path: one is made on every call).
    enum AudienceList {
        case userIds, deviceTokens

        /// The slot of the list's source path.
        var slot: SendSourcePaths.Slot {
            switch self {
            case .userIds: .userIds
            case .deviceTokens: .deviceTokens
            }
        }
    }

    /// Keeps `value` of `key` with a `wrong-type` diagnostic.
    mutating func wrongType(_ key: String, _ expected: String, _ value: JSONValue) {
        diagnostics.append(.wrongType(path(key), expected: expected, value))
        kept[path(key)] = value
    }

    /// The custom data in `data` (the object at `dataPath`) for `adapter`, which delivers it at the root of the
    /// userInfo: a member under a key the adapter reserves (``SendAdapter/reservesDataKey(_:)``) is kept as sent
    /// with a `reserved-key` warning, or the diagnostic `reserved` gives; without one `data` is returned as it is.
    mutating func customData(
        _ data: JSONObject, at dataPath: String, for adapter: some SendAdapter,
        reserved: (_ key: String, _ path: String) -> Diagnostic? = { _, _ in nil }
    ) -> JSONObject {
        guard data.keys.contains(where: { adapter.reservesDataKey($0) }) else { return data }
        var custom = JSONObject()
        for (key, value) in data {
            guard adapter.reservesDataKey(key) else {
                // The data's keys are distinct: each is added without looking for it.
                custom.appendNew(key, value)
                continue
            }
            let keyPath = JSONPath.member(key, of: dataPath)
            kept[keyPath] = value
            diagnostics.append(reserved(key, keyPath) ?? Diagnostic(
                .warning, code: .reservedKey, path: keyPath,
                message: "\(adapter.name) writes '\(key)' at the root of the push or its SDK reads it as its own: "
                    + "not the app's data; kept as sent"))
        }
        return custom
    }

    /// Keeps every member not read yet under its path; `known` members are kept silently (vendor fields the form
    /// has no place for), the rest with an `unknown-key` note. `known` is a set or, for a few names, an array
    /// (a set literal would be built and hashed on every request).
    mutating func keepUnread<Known: Collection<String>>(known: Known) { keepUnread { key, _, _ in known.contains(key) } }

    /// ``keepUnread(known:)`` with the known members in a key table (no hashing of each unread key: the table
    /// looks up the fingerprint each member keeps).
    mutating func keepUnread(known: KeyTable) {
        keepUnread { _, position, body in known.position(ofMemberAt: position, of: body) != nil }
    }

    /// Keeps each unread member; `isKnown` tells whether one (its key, its position in the body) is a known one.
    private mutating func keepUnread(isKnown: (_ key: String, _ position: Int, _ body: JSONObject) -> Bool) {
        // Members read already (most) are passed over by their bit, without copying them out.
        for position in body.indices {
            if position < 64 {
                if readPositions & (1 &<< UInt64(position)) != 0 { continue }
            } else if readLater.contains(body.keys[position]) {
                continue
            }
            let (key, value) = body[position]
            kept[path(key)] = value
            if !isKnown(key, position, body) {
                diagnostics.append(Diagnostic(
                    .info, code: .unknownKey, path: path(key), message: "not a documented field of this request; kept as sent"))
            }
        }
    }
}

extension SendRequest {
    /// Keeps a member of `vendor`'s request that targets devices its own way (segments, filters, aliases) as sent:
    /// `key` and `value` in ``SendAudience/vendorTargeting``, `path` as the source path of `audience.<key>`.
    mutating func addVendorTargeting(vendor: String, key: String, value: JSONValue, path: String) {
        audience.vendorTargeting.append(VendorTargeting(vendor: vendor, key: key, value: value))
        paths["audience." + key] = path
    }

    /// Puts the `content` and `payload` a reader built into the form, `payload` as the content's: moved, not copied
    /// (a copy the reader still held would make the next change to the form's payload copy every field). Both are
    /// left holding what they replaced; a reader's closures may capture them, so they cannot be consumed.
    mutating func takeContent(_ content: inout SendContent, payload: inout PushPayload) {
        swap(&content.payload, &payload)
        swap(&self.content, &content)
    }
}

/// Dates in send requests: ISO-8601 and the free forms vendors document, as seconds since 1970 UTC.
enum SendTime {
    /// Seconds since 1970 of `text`: `2026-01-02T03:04:05Z`, with a fraction, an offset (`+02:00`, `-0700`,
    /// `GMT-0700`, `UTC`) or a space instead of `T`; a date alone is midnight. Without a zone the wall-clock time
    /// is read as UTC and `hasZone` is false. Nil when it is none of these.
    static func parse(_ text: String) -> (seconds: Int, hasZone: Bool)? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = CivilDate.days(year: year, month: month, day: day) * 86_400
        if index == bytes.count { return (seconds, false) }
        guard skip(UInt8(ascii: "T")) || skip(UInt8(ascii: " ")), let hour = number(2), skip(UInt8(ascii: ":")),
            let minute = number(2), hour < 24, minute < 60
        else { return nil }
        seconds += hour * 3600 + minute * 60
        if skip(UInt8(ascii: ":")) {
            guard let second = number(2), second < 61 else { return nil }
            seconds += second
        }
        if skip(UInt8(ascii: ".")) {
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
        }
        _ = skip(UInt8(ascii: " "))
        if index == bytes.count { return (seconds, false) }
        let rest = String(decoding: bytes[index...], as: UTF8.self)
        if rest == "Z" || rest == "UTC" || rest == "GMT" { return (seconds, true) }
        if rest.hasPrefix("GMT") || rest.hasPrefix("UTC") { index += 3 }
        let sign: Int
        if skip(UInt8(ascii: "+")) { sign = 1 } else if skip(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let offsetHours = number(2) else { return nil }
        _ = skip(UInt8(ascii: ":"))
        let offsetMinutes = index == bytes.count ? 0 : number(2)
        guard let offsetMinutes, index == bytes.count else { return nil }
        return (seconds - sign * (offsetHours * 3600 + offsetMinutes * 60), true)
    }

    /// `seconds` as `2026-01-02T03:04:05Z`, or without the `Z` for a recipient-local wall-clock time.
    static func iso8601(_ seconds: Int, zone: Bool = true) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let time = seconds - days * 86_400
        let (year, month, day) = CivilDate.date(days: days)
        if (0...9999).contains(year) {
            // Twenty bytes at most, written in place (interpolating six numbers cost more than the rest of a
            // rendering's schedule).
            return String(unsafeUninitializedCapacity: 20) { text in
                var count = 0
                func digits(_ value: Int, _ width: Int) {
                    var rest = value
                    for offset in stride(from: width - 1, through: 0, by: -1) {
                        text[count + offset] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                        rest /= 10
                    }
                    count += width
                }
                func byte(_ ascii: Unicode.Scalar) { text[count] = UInt8(ascii: ascii); count += 1 }
                digits(year, 4); byte("-"); digits(month, 2); byte("-"); digits(day, 2); byte("T")
                digits(time / 3600, 2); byte(":"); digits(time / 60 % 60, 2); byte(":"); digits(time % 60, 2)
                if zone { byte("Z") }
                return count
            }
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return "\(yearText)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60))"
            + (zone ? "Z" : "")
    }

    /// The earliest absolute expiry taken at face value (2001-09-09, 10⁹ s): a smaller APNs epoch is a TTL
    /// written by mistake, a date in 1970 that makes the push expire before it is sent.
    static let plausibleEpoch = 1_000_000_000
}
