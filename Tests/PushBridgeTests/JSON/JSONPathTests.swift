import PushBridge
import Testing

@Suite("JSONPath")
struct JSONPathTests {
    @Test("identifiers are dotted; any other key is a quoted, escaped bracket step")
    func memberForms() {
        #expect(JSONPath.member("aps", of: "$") == "$.aps")
        #expect(JSONPath.member("_a1", of: "$.x") == "$.x._a1")
        #expect(JSONPath.member("title") == ".title")
        #expect(JSONPath.member("Zixflow-Delivery-ID", of: "$") == #"$["Zixflow-Delivery-ID"]"#)
        #expect(JSONPath.member("1abc", of: "$") == #"$["1abc"]"#)
        #expect(JSONPath.member("", of: "$") == #"$[""]"#)
        #expect(JSONPath.member(#"a"b\c"#, of: "$") == #"$["a\"b\\c"]"#)
        #expect(JSONPath.member("line\nbreak", of: "$") == #"$["line\nbreak"]"#)
        #expect(JSONPath.member("clé", of: "$.data") == #"$.data["clé"]"#)
        #expect(JSONPath.member("😀") == #"["😀"]"#)
        // Every key that is not an identifier is written in brackets as the canonical writer writes its string.
        for key in ["com.urbanairship.metadata", "gcm.n.e", "a b", "\u{7F}", "tab\there", "~!@#$%^&*()", "\u{202E}x",
                    "a-very-long-key-with-dashes-and.dots.well.past.sixteen.bytes"] {
            #expect(JSONPath.member(key, of: "$.x") == "$.x[" + JSONWriter.string(.string(key)) + "]", "\(key)")
        }
        #expect(JSONPath.element(3, of: "$.buttons") == "$.buttons[3]")
        #expect(JSONPath.slice(from: 4, of: "$.a") == "$.a[4:]")
        // Indexes are spelled as `String(index)` spells them, at every number of digits and either sign.
        var indexes = [0, 9, 10, 99, 100, -1, -10, Int.max, Int.min, Int.min + 1]
        var power = 1
        while power <= Int.max / 10 { power *= 10; indexes += [power - 1, power, power + 1] }
        for index in indexes {
            #expect(JSONPath.element(index, of: "$.é") == "$.é[\(index)]")
            #expect(JSONPath.slice(from: index, of: "$") == "$[\(index):]")
        }
        #expect(JSONPath.element(12, of: "") == "[12]")
    }

    @Test("every path built here reads back as its steps")
    func roundTrip() {
        let keys = ["aps", "Zixflow-Delivery-ID", "", #"q"uote"#, "back\\slash", "clé", "😀", "a.b", "[0]", "x y"]
        for key in keys {
            let path = JSONPath.element(2, of: JSONPath.member(key, of: JSONPath.member("data", of: "$")))
            #expect(JSONPath.components(of: path) == [.member("data"), .member(key), .index(2)], "\(key)")
        }
        #expect(JSONPath.components(of: JSONPath.slice(from: 5, of: "$.buttons")) == [.member("buttons"), .slice(5)])
        #expect(JSONPath.components(of: "no dollar") == nil)
    }
}
