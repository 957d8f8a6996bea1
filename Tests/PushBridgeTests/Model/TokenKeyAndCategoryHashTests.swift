import PushBridge
import Testing

@Suite("TokenKey")
struct TokenKeyTests {
    @Test("a key naming a token, in any letter case, matches; others do not")
    func matches() {
        for key in ["Zixflow-Delivery-Token", "deviceToken", "TOKEN", "token", "apns_tOkEn_v2", "xtokenx"] {
            #expect(TokenKey.matches(key), "\(key)")
        }
        for key in ["", "tok", "toke", "tokn", "t0ken", "Zixflow-Delivery-ID", "taken", "to ken", "tokeñ"] {
            #expect(!TokenKey.matches(key), "\(key)")
        }
    }

    @Test("non-ASCII keys follow Unicode lowercasing, as lowercased().contains(\"token\") does")
    func unicodeKeys() {
        // U+212A KELVIN SIGN lowercases to "k".
        for key in ["to\u{212A}en", "émoji-token", "トークンtoken", "TOKEN😀"] {
            #expect(TokenKey.matches(key) == key.lowercased().contains("token"), "\(key)")
            #expect(TokenKey.matches(key), "\(key)")
        }
        for key in ["émoji", "トークン", "to\u{212A}"] {
            #expect(!TokenKey.matches(key), "\(key)")
        }
    }
}

@Suite("CategoryHash")
struct CategoryHashTests {
    @Test("ButtonSetHasher hashes exactly the buttonSetKey its calls describe")
    func streamingMatchesKey() {
        let sets: [[[String]]] = [
            [],
            [[]],
            [[""]],
            [["a"]],
            [["a", "A", "0", "1", "0", ""]],
            [["a", "A", "0", "1", "0", ""], ["b", "Bé 😀", "1", "0", "1", "type here"]],
            [["", ""], [""], ["x", "", "y"]],
            [["\u{1F}", "\u{1E}"], ["one", "two", "three", "four", "five"]],
        ]
        for buttons in sets {
            var hasher = CategoryHash.ButtonSetHasher()
            for fields in buttons {
                hasher.addButton()
                for field in fields { hasher.addField(field) }
            }
            #expect(hasher.hex == CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey(buttons)), "\(buttons)")
        }
    }

    @Test("isCategory matches exactly the prefix followed by the hex digits")
    func isCategory() {
        var hasher = CategoryHash.ButtonSetHasher()
        hasher.addButton()
        hasher.addField("a")
        let category = "appdna_" + hasher.hex
        #expect(hasher.isCategory(category, withPrefix: "appdna_"))
        #expect(!hasher.isCategory(category.uppercased(), withPrefix: "APPDNA_"))
        #expect(!hasher.isCategory("buzzkit." + hasher.hex, withPrefix: "appdna_"))
        #expect(!hasher.isCategory(category + "0", withPrefix: "appdna_"))
        #expect(!hasher.isCategory(String(category.dropLast()), withPrefix: "appdna_"))
        #expect(!hasher.isCategory(String(category.dropLast()) + "x", withPrefix: "appdna_"))
        #expect(hasher.isCategory(hasher.hex, withPrefix: ""))
    }

    @Test("category(withPrefix:) is the prefix followed by the hex digits, for ASCII, non-ASCII and empty prefixes")
    func categoryWithPrefix() {
        var hasher = CategoryHash.ButtonSetHasher()
        hasher.addButton()
        hasher.addField("a")
        for prefix in ["", "bk.", "appdna_", "é_", "категория-", "😀"] {
            let category = hasher.category(withPrefix: prefix)
            #expect(category == prefix + hasher.hex, "\(prefix)")
            #expect(Array(category.utf8) == Array(prefix.utf8) + Array(hasher.hex.utf8), "\(prefix)")
            #expect(category.unicodeScalars.count == prefix.unicodeScalars.count + 16, "\(prefix)")
            #expect(hasher.isCategory(category, withPrefix: prefix), "\(prefix)")
        }
        #expect(hasher.hex.utf8.count == 16)
        #expect(hasher.hex.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
    }

    @Test("addFlag writes the flag field: 1 or 0")
    func flags() {
        var hasher = CategoryHash.ButtonSetHasher()
        hasher.addButton()
        hasher.addField("a")
        hasher.addFlag(true)
        hasher.addFlag(false)
        #expect(hasher.hex == CategoryHash.fnv1a64hex("a\u{1F}1\u{1F}0"))
    }

    @Test("fnv1a64hex keeps its leading zeros and the WIRE-FORMATS §10 vector")
    func hexDigits() {
        #expect(CategoryHash.fnv1a64hex("a") == "af63dc4c8601ec8c")
        #expect(CategoryHash.fnv1a64hex("") == "cbf29ce484222325")
        for text in ["", "a", "b", "buzzkit", "Ω", "0123456789"] {
            let hex = CategoryHash.fnv1a64hex(text)
            #expect(hex.utf8.count == 16 && hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(text)")
        }
    }
}
