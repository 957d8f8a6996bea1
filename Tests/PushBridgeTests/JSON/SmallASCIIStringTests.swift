@testable import PushBridge
import Testing

/// Short ASCII strings are made and read in the standard library's small form directly (`SmallASCIIString`).
@Suite("JSON: short ASCII strings in their small form")
struct SmallASCIIStringTests {
    /// Every length the small form holds, with bytes from across the ASCII range.
    static let samples: [String] = (0...15).flatMap { count -> [String] in
        let printable = (0..<count).map { Character(Unicode.Scalar(UInt8(0x21 + ($0 * 7) % 94))) }
        let edges = (0..<count).map { Character(Unicode.Scalar(UInt8($0 % 2 == 0 ? 0x7F : 0x20))) }
        return [String(printable), String(edges)]
    }

    @Test("the layout is the standard library's on this platform, so the fast paths run")
    func availableHere() {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        #expect(SmallASCIIString.isAvailable)
        #endif
    }

    @Test("a string made from its bytes is the standard library's, whatever its length up to 15")
    func makeMatchesStandardLibrary() {
        guard SmallASCIIString.isAvailable else { return }
        for sample in Self.samples {
            let bytes = Array(sample.utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]  // bytes past the end
            let made = bytes.withUnsafeBytes { SmallASCIIString.make($0.baseAddress!, count: sample.utf8.count) }
            #expect(made == sample)
            #expect(Array(made.utf8) == Array(sample.utf8))
            #expect(made.hashValue == sample.hashValue)
            #expect(made + "!" == sample + "!")
            let words = SmallASCIIString.words(of: made)
            #expect(words?.count == sample.utf8.count)
        }
    }

    @Test("a key's fingerprint read from its small form is the one read from its bytes")
    func fingerprintsAgree() {
        for sample in Self.samples + ["aps", "alert", "mutable-content", "appdna", "é", "日本語のキー", "a-key-of-twenty-bytes"] {
            let fromBytes = Array(sample.utf8).withUnsafeBufferPointer { KeyFingerprint(bytes: $0) }
            #expect(KeyFingerprint(sample) == fromBytes, "\(sample.debugDescription)")
            #expect(KeyFingerprint(String(decoding: Array(sample.utf8), as: UTF8.self)) == fromBytes)
        }
    }

    @Test("a long, non-ASCII or bridged-looking string is not read as a small ASCII one")
    func otherStringsNotRead() {
        guard SmallASCIIString.isAvailable else { return }
        #expect(SmallASCIIString.words(of: String(repeating: "a", count: 16)) == nil)
        #expect(SmallASCIIString.words(of: "é") == nil)
        #expect(SmallASCIIString.words(of: "日本") == nil)
    }

    /// `text` as a JSON string literal, escaped byte by byte as the writer escapes.
    static func escaped(_ text: String) -> [UInt8] {
        var output: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case 0x22: output += Array(#"\""#.utf8)
            case 0x5C: output += Array(#"\\"#.utf8)
            case 0x0A: output += Array(#"\n"#.utf8)
            case 0x0D: output += Array(#"\r"#.utf8)
            case 0x09: output += Array(#"\t"#.utf8)
            case 0x08: output += Array(#"\b"#.utf8)
            case 0x0C: output += Array(#"\f"#.utf8)
            case ..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: output.append(byte)
            }
        }
        return output + [0x22]
    }

    @Test("parsed and written back: every length, with and without a character that needs escaping, at every place")
    func parseAndWriteRoundTrip() throws {
        var texts = Self.samples
        for count in 1...15 {
            for place in 0..<count {
                for special: Character in ["\"", "\\", "\u{01}", "\n", "\u{1F}"] {
                    var characters = Array(repeating: Character("k"), count: count)
                    characters[place] = special
                    texts.append(String(characters))
                }
            }
        }
        for text in texts {
            let written = JSONWriter.bytes(.object([text: .string(text)]))
            let parsed = try JSONParser.parse(written)
            #expect(parsed == .object([text: .string(text)]), "\(text.debugDescription)")
            #expect(parsed.objectValue?.keys.first == text)
            #expect(JSONWriter.bytes(.string(text)) == Self.escaped(text), "\(text.debugDescription)")
        }
        // The escapes are the writer's usual ones.
        #expect(String(decoding: JSONWriter.bytes(.string("a\"b\\c\n\u{01}")), as: UTF8.self) == #""a\"b\\c\n\u0001""#)
    }
}
