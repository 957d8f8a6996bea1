@testable import PushBridge
import PushBridgeTestSupport
import Testing

/// `KeyTable`: the fixed key sets the adapters look their wire keys up in, compared as bytes.
@Suite("JSON: key tables")
struct KeyTableTests {
    /// Keys of every length class the fingerprint treats differently: empty, short, eight, sixteen, longer
    /// ones that differ only in the middle, non-ASCII and canonically-equivalent spellings.
    static let keys = [
        "", "_", "^d", "aps", "abcdefgh", "abcdefghijklmnop", "com.urbanairship.metadata",
        "com.urbanairship.media_attachment", "com.urbanairship.mediX_attachment", "gcm.message_id",
        "google.c.a.e", "\u{00E9}", "e\u{0301}", "日本語のキー", "🙂",
    ]

    @Test("every key is found at its position; a repeated key answers with its first")
    func positions() {
        let table = KeyTable(Self.keys + ["aps", "com.urbanairship.metadata"])
        for (position, key) in Self.keys.enumerated() {
            #expect(table.position(of: key) == position, "\(key)")
            #expect(table.contains(key))
        }
    }

    @Test("a member's key is found by the fingerprint it keeps, parsed or added, as its string is")
    func memberPositions() throws {
        let table = KeyTable(Self.keys)
        // Parsed members (their fingerprints made from the input's bytes), escaped or not, and members added by
        // key: every table key, keys one byte off, and custom keys of the same lengths.
        let others = ["apt", "abcdefgX", "abcdefghijklmnoP", "com.urbanairship.metadatA", "\u{00E8}", "e\u{0300}", "x"]
        var added = JSONObject()
        for key in Self.keys + others { added[key] = .null }
        let text = JSONWriter.string(.object(added))
        // Keys spelt with escapes: the fingerprint is made from the unescaped bytes.
        let escaped = #"{"\u00e9":1,"ap\u0073":2,"com.urbanairship.metadat\u0061":3,"e\u0301":4,"\ud83d\ude42":5,"ap\u0074":6}"#
        for object in [added, try JSONParser.parse(text).objectValue!, try JSONParser.parse(escaped).objectValue!] {
            for position in object.indices {
                let key = object.keys[position]
                #expect(table.position(ofMemberAt: position, of: object) == table.position(of: key), "\(key)")
            }
        }
    }

    @Test("keys that differ only in their first or last bytes spread over a table's slots")
    func slotsSpread() {
        // Numbered keys differ in their last bytes, the high bytes of the fingerprint's words: a slot taken from
        // the mixed word's middle bits put all of them in one slot (each probe then passed every earlier key).
        let families: [[String]] = [
            (0..<64).map { "analytics_property_name_number_\($0 + 100)" },
            (0..<64).map { "item_\($0 + 10)" },
            (0..<64).map { "\($0 + 10)_item_property" },
            (0..<64).map { "key" + String(repeating: "x", count: $0) },
        ]
        for keys in families {
            let shift = KeyFingerprint.slotShift(forCapacity: 128)
            let slots = Set(keys.map { KeyFingerprint($0).slot(shiftedBy: shift) })
            #expect(slots.count >= 40, "\(keys[0]): \(slots.count) slots of 128 for 64 keys")
            #expect(slots.allSatisfy { (0..<128).contains($0) })
        }
        #expect(KeyFingerprint("item_10").slot(shiftedBy: KeyFingerprint.slotShift(forCapacity: 2)) < 2)
    }

    /// Key families a large object's position table must spread: numbered keys, keys of one long stem that differ
    /// only in the middle (equal first and last eight bytes, equal length), only in length, or only in one byte.
    static let largeObjectKeyFamilies: [[String]] = [
        (0..<1_000).map { "item_\($0)" },
        (0..<1_000).map { "campaign_" + String($0, radix: 2) + "_property" },
        (0..<1_000).map { "analytics_prop_\(10_000_000 + $0)_end_____" },
        (0..<1_000).map { String(repeating: "x", count: $0 + 1) },
        (0..<1_000).map { "k" + String(repeating: "é", count: 20) + "\($0)" },
    ]

    @Test("the seeded hash of large objects' tables spreads keys sharing their first and last bytes, whatever the seed")
    func seededHashSpreads() {
        // The process's own seeds, and 48 more from a fixed generator: a weakness shows with some seeds only.
        var generator = SplitMix64(seed: 0x5EED)
        let seedPairs = [KeyFingerprint.hashSeeds] + (0..<48).map { _ in (generator.next(), generator.next()) }
        for seeds in seedPairs {
            for keys in Self.largeObjectKeyFamilies {
                let slots = Set(keys.map { KeyFingerprint($0).seededHash(of: $0, seeds: seeds) & 4_095 })
                // Random slots give ~887 distinct of 4,096 for 1,000 keys (σ ≈ 10); a weak mix gave ~360.
                #expect(slots.count >= 800, "\(keys[0]), seeds \(seeds): \(slots.count) slots of 4,096 for 1,000 keys")
            }
        }
        // Equal keys hash alike however their strings were made (small, native, bridged from bytes).
        for key in ["item_7", "campaign_1010_property_and_more", "k\u{00E9}\u{00E9}"] {
            let rebuilt = String(decoding: Array(key.utf8), as: UTF8.self)
            #expect(KeyFingerprint(key).seededHash(of: key) == KeyFingerprint(rebuilt).seededHash(of: rebuilt))
        }
    }

    @Test("a key given as bytes (a slice of a larger text) is found as its string is")
    func positionsOfBytes() {
        let table = KeyTable(Self.keys)
        for key in Self.keys + ["ap", "abcdefghijklmnoq", "com.urbanairship.mediY_attachment", "e", "🙃"] {
            // The key in the middle of other bytes, so only the slice's own bytes may count.
            let text = Array(("<" + key + ">").utf8)
            let found = text.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[1..<(text.count - 1)]) }
                .withMemoryRebound(to: UInt8.self) { table.position(ofBytes: $0) }
            #expect(found == table.position(of: key), "\(key)")
        }
    }

    @Test("keys not in the table are not found, however close their bytes")
    func absentKeys() {
        let table = KeyTable(Self.keys)
        let near = [
            "ap", "apss", "Aps", "abcdefgi", "abcdefghijklmnoq", "com.urbanairship.metadatA",
            "com.urbanairship.media_attachmenT", "com.urbanairship.medib_attachment", "gcm.message_iD", "e",
            "\u{0065}\u{0302}", "日本語のキ", "🙃", " aps", "aps ",
        ]
        for key in near {
            #expect(table.position(of: key) == nil, "\(key)")
            #expect(!table.contains(key))
        }
        // A key built at run time (a large string, not a literal) is found as its literal is.
        let built = String(decoding: Array("com.urbanairship.media_attachment".utf8), as: UTF8.self)
        #expect(table.position(of: built) == 7)
    }

    @Test("a large table holds all its keys and none of their neighbours")
    func largeTable() {
        let keys = (0..<500).map { "key-\($0)-" + String(repeating: "x", count: $0 % 23) }
        let table = KeyTable(keys)
        for (position, key) in keys.enumerated() { #expect(table.position(of: key) == position) }
        for key in keys { #expect(table.position(of: key + "!") == nil) }
        #expect(KeyTable([]).position(of: "") == nil)
    }

    @Test("a prefix is compared as bytes")
    func prefixes() {
        #expect(KeyTable.key("google.c.a.e", startsWith: "google.c.a."))
        #expect(KeyTable.key("google.c.a.", startsWith: "google.c.a."))
        #expect(!KeyTable.key("google.c.a", startsWith: "google.c.a."))
        #expect(!KeyTable.key("google.c.cm.x", startsWith: "google.c.a."))
        #expect(KeyTable.key("anything", startsWith: ""))
        #expect(KeyTable.key("日本語", startsWith: "日本"))
        #expect(!KeyTable.key("e\u{0301}x", startsWith: "\u{00E9}"), "canonical equivalence is not byte equality")
    }
}
