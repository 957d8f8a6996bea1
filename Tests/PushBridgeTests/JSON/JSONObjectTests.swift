import PushBridge
import Testing

@Suite("JSONObject")
struct JSONObjectTests {
    /// Keys of every length from 0 to 40, sharing long prefixes, with non-ASCII and characters that need escaping.
    static func sampleKeys(_ count: Int) -> [String] {
        (0..<count).map { index in
            let stem = String(repeating: "k", count: index % 41)
            switch index % 4 {
            case 0: return stem + "\(index)"
            case 1: return "é\(stem)\(index)"
            case 2: return "\(stem)\"\\\n\(index)"
            default: return "中\(index)\(stem)😀"
            }
        }
    }

    @Test("members iterate in the order they were added; a replaced value keeps its place")
    func insertionOrder() {
        var object: JSONObject = ["z": 1, "a": 2, "m": 3]
        object["b"] = 4
        object["a"] = 20
        #expect(Array(object.keys) == ["z", "a", "m", "b"])
        #expect(object.map(\.value) == [1, 20, 3, 4])
        #expect(Array(object.values) == [1, 20, 3, 4])
        object["z"] = nil
        #expect(Array(object.keys) == ["a", "m", "b"])
        #expect(object.removeValue(forKey: "m") == 3)
        #expect(object.removeValue(forKey: "m") == nil)
        #expect(Array(object.keys) == ["a", "b"])
    }

    @Test("the parser keeps members in input order, a repeated key in the place of its first")
    func parsedOrder() throws {
        let value = try JSONParser.parse(#"{"zeta":1,"alpha":{"y":1,"x":2},"mid":3,"zeta":4}"#)
        let object = try #require(value.objectValue)
        #expect(Array(object.keys) == ["zeta", "alpha", "mid"])
        #expect(object["zeta"] == 4)
        #expect(object["alpha"]?.objectValue.map { Array($0.keys) } == ["y", "x"])
    }

    @Test("lookup finds every key and only those keys, in small objects and in large ones",
          arguments: [0, 1, 8, 24, 32, 33, 300])
    func lookup(count: Int) {
        let keys = Self.sampleKeys(count)
        var object = JSONObject()
        for (index, key) in keys.enumerated() { object[key] = .int(index) }
        #expect(object.count == count)
        for (index, key) in keys.enumerated() {
            #expect(object[key] == .int(index), "key \(key.debugDescription)")
            #expect(object.contains(key: key))
            #expect(object[key + "x"] == nil)
        }
        #expect(object["absent"] == nil)
        #expect(Array(object.keys) == keys)
    }

    @Test("a parsed large object finds every key of a family sharing its first and last bytes, and a repeated one")
    func parsedLargeObjectWithLongKeys() throws {
        let keys = (0..<400).map { "analytics_prop_\(1_000 + $0)_end_of_the_key" }
        let text = "{" + keys.enumerated().map { "\"\($0.element)\":\($0.offset)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(text).objectValue)
        #expect(object.count == 400)
        for (index, key) in keys.enumerated() { #expect(object[key] == .int(index), "\(key)") }
        #expect(object["analytics_prop_1400_end_of_the_key"] == nil)
        #expect(object["analytics_prop_0999_end_of_the_key"] == nil)
        // The same key again, last: the parser keeps the first place and the last value.
        let again = String(text.dropLast()) + #","analytics_prop_1017_end_of_the_key":"again"}"#
        let repeated = try #require(try JSONParser.parse(again).objectValue)
        #expect(repeated.count == 400)
        #expect(repeated["analytics_prop_1017_end_of_the_key"] == "again")
        #expect(repeated.keys[17] == "analytics_prop_1017_end_of_the_key")
    }

    @Test("removing members from a large object keeps the rest findable and in order")
    func removalFromLargeObject() {
        let keys = Self.sampleKeys(100)
        var object = JSONObject()
        for (index, key) in keys.enumerated() { object[key] = .int(index) }
        for (index, key) in keys.enumerated() where index % 3 == 0 {
            #expect(object.removeValue(forKey: key) == .int(index))
        }
        let kept = keys.enumerated().filter { $0.offset % 3 != 0 }
        #expect(Array(object.keys) == kept.map(\.element))
        for (index, key) in kept { #expect(object[key] == .int(index)) }
        for (index, key) in keys.enumerated() where index % 3 == 0 { #expect(object[key] == nil) }
        object[keys[0]] = "back"
        #expect(object.keys.last == keys[0])
        #expect(object[keys[0]] == "back")
    }

    @Test("keys are compared as UTF-8 bytes: canonically equivalent keys differ, escaped and raw spellings agree")
    func byteComparedKeys() throws {
        var object = JSONObject()
        object["\u{E9}"] = 1
        object["e\u{301}"] = 2
        #expect(object.count == 2)
        #expect(object["\u{E9}"] == 1)
        #expect(object["e\u{301}"] == 2)
        // Keys longer than eight bytes that differ only after their first eight bytes.
        object["prefix-12345678\u{E9}"] = 3
        object["prefix-12345678e\u{301}"] = 4
        #expect(object["prefix-12345678\u{E9}"] == 3)
        #expect(object["prefix-12345678e\u{301}"] == 4)
        // A key escaped in the text is the same key as its unescaped spelling.
        let parsed = try #require(try JSONParser.parse(#"{"\u00e9\n\"\u4e2d\ud83d\ude00":1,"a\u0000b":2}"#).objectValue)
        #expect(parsed["é\n\"中😀"] == 1)
        #expect(parsed["a\u{0}b"] == 2)
        #expect(parsed["a"] == nil)
        #expect(parsed["ab"] == nil)
    }

    @Test("equality and hashing ignore member order but not keys or values")
    func equality() {
        let keys = Self.sampleKeys(40)
        var forward = JSONObject()
        var backward = JSONObject()
        for (index, key) in keys.enumerated() { forward[key] = .int(index) }
        for (index, key) in keys.enumerated().reversed() { backward[key] = .int(index) }
        #expect(forward == backward)
        #expect(forward.hashValue == backward.hashValue)
        #expect(JSONValue.object(forward) == JSONValue.object(backward))
        let small: JSONObject = ["a": 1, "b": [1, 2]]
        #expect(small == ["b": [1, 2], "a": 1])
        #expect(small != ["a": 1, "b": [2, 1]])
        #expect(small != ["a": 1, "c": [1, 2]])
        #expect(small != ["a": 1])
        let decomposed: JSONObject = ["e\u{301}": 1]
        #expect(decomposed != ["\u{E9}": 1])
    }

    @Test("forEachPositionInCanonicalOrder visits each position once, in the order membersInCanonicalOrder lists",
          arguments: [0, 1, 2, 8, 9, 17, 33, 70])
    func positionsInCanonicalOrder(count: Int) {
        // Keys added in a scrambled order (a stride through them), so insertion order is not key order.
        let keys = Self.sampleKeys(count)
        var object = JSONObject()
        for offset in 0..<count { object[keys[(offset * 7) % max(count, 1)]] = .int(offset) }
        if count % 7 == 0 { for key in keys { object[key] = .string(key) } }
        var positions: [Int] = []
        object.forEachPositionInCanonicalOrder { positions.append($0) }
        #expect(positions.sorted() == Array(0..<object.count))
        let visited = positions.map { object[$0].key }
        #expect(visited == object.membersInCanonicalOrder.map(\.key))
        #expect(visited == object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(positions.map { object[$0].value } == object.membersInCanonicalOrder.map(\.value))
    }

    @Test("canonical output is the same whatever the member order: keys sorted by code point")
    func canonicalOutput() {
        let keys = Self.sampleKeys(60) + ["", "a", "B", "\u{FF5E}", "\u{1F600}", "10", "9"]
        var forward = JSONObject()
        var backward = JSONObject()
        for key in keys { forward[key] = .string(key) }
        for key in keys.reversed() { backward[key] = .string(key) }
        let sorted = keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var expected: [UInt8] = [UInt8(ascii: "{")]
        for (offset, key) in sorted.enumerated() {
            if offset > 0 { expected.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(key, into: &expected)
            expected.append(UInt8(ascii: ":"))
            JSONWriter.writeString(key, into: &expected)
        }
        expected.append(UInt8(ascii: "}"))
        #expect(JSONWriter.bytes(.object(forward)) == expected)
        #expect(JSONWriter.bytes(.object(backward)) == expected)
        #expect(JSONWriter.sortedKeys(forward) == sorted)
    }

    @Test("merge, filter and mapValues keep member order")
    func derivedObjects() {
        var object: JSONObject = ["c": 1, "a": 2]
        object.merge(["b": 3, "c": 10]) { old, new in .int((old.intValue ?? 0) + (new.intValue ?? 0)) }
        #expect(Array(object.keys) == ["c", "a", "b"])
        #expect(object["c"] == 11)
        #expect(Array(object.filter { $0.key != "a" }.keys) == ["c", "b"])
        #expect(Array(object.mapValues { _ in .null }.keys) == ["c", "a", "b"])
        #expect(object.mapValues { _ in .null }["b"] == .null)
    }
}
