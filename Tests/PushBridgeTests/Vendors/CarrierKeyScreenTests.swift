@testable import PushBridge
import PushBridgeTestSupport
import Testing

/// ``VendorAdapter/decodeClaimed(_:)`` rules most keys out before comparing them with the carriers' keys; it must
/// set keys aside exactly when ``CarrierEnvelope/delivered(_:)`` (which looks at every key) says a carrier
/// delivered the push.
@Suite("Carrier keys: the quick screen never changes which pushes a carrier delivered")
struct CarrierKeyScreenTests {
    /// Keys near the carriers' own: same first bytes, prefixes cut at a combining mark, canonical equivalents,
    /// non-ASCII and empty keys.
    private static let keys: [String] = [
        "_", "_x", "_\u{301}", "\u{FF3F}", "from", "fro", "fr", "f", "from\u{301}", "fcm_options", "fcm_optionsx",
        "fcm", "fcm_options\u{301}", "g", "gc", "gcm", "gcm.", "gcm.x", "gcm.\u{301}x", "gcm.message_id",
        "gcm.message_id\u{301}", "google.", "google.c.a.e", "googlex", "go", "g\u{301}cm.x", "\u{212A}", "é",
        "e\u{301}", "", "flow_id", "coupon", "\r\n", "gcm.n.e", "ключ", "\u{37E}", "\u{1FEF}x", "\u{212A}ey",
    ]

    private static let values: [JSONValue] = ["1", 1, ["image": "x"]]

    private static func expectSameAsDelivered(_ userInfo: JSONObject, _ note: String) {
        let adapter = FakeAdapter()
        let delivering = CarrierEnvelope.known.filter { $0.vendor != adapter.id && $0.delivered(userInfo) }
        let decoded = adapter.decodeClaimed(userInfo)
        let notes = decoded.diagnostics.filter { $0.diagnosticCode == .carrierKeys }
        #expect(notes.count == (delivering.isEmpty ? 0 : 1), "\(note)")
        if delivering.isEmpty {
            #expect(decoded == adapter.decode(userInfo), "\(note)")
        } else {
            #expect(notes.first?.message.hasPrefix(delivering.map(\.name).joined(separator: " and ")) == true, "\(note)")
        }
    }

    @Test("one key beside the owner's marker: set aside exactly when delivered(_:) says so")
    func oneKey() {
        for key in Self.keys {
            for value in Self.values {
                let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1", key: value]
                Self.expectSameAsDelivered(userInfo, "\(key.unicodeScalars.map { $0.value }) = \(value)")
            }
        }
    }

    @Test("two keys beside the owner's marker: set aside exactly when delivered(_:) says so")
    func twoKeys() {
        for first in Self.keys {
            for second in Self.keys where second != first {
                let userInfo: JSONObject = ["aps": ["alert": "Hi"], "fake_id": "m1", first: "1", second: ["a": 1]]
                Self.expectSameAsDelivered(
                    userInfo, "\(first.unicodeScalars.map { $0.value }) \(second.unicodeScalars.map { $0.value })")
            }
        }
    }

    @Test("a key starting with two ASCII bytes is kept exactly for the carriers with a pattern that may start it")
    func asciiStarts() throws {
        // The known carriers and one with a one-byte pattern and patterns that share first bytes.
        let other = CarrierEnvelope(
            vendor: "other", name: "Other", marker: "~", keys: ["ga", "c2", "zz"], prefixes: ["com.x", "_q"])
        let carriers = CarrierEnvelope.known + [other]
        let screen = try #require(CarrierKeyScreen(carriers))
        for first in UInt8(1)..<0x80 {
            for second in UInt8(1)..<0x80 {
                let key = String(decoding: [first, second, UInt8(ascii: "x")], as: UTF8.self)
                var expected: UInt64 = 0
                for (index, carrier) in carriers.enumerated() {
                    let patterns = [carrier.marker] + Array(carrier.keys) + carrier.prefixes
                    let mayStart = patterns.contains { pattern in
                        let bytes = Array(pattern.utf8)
                        return bytes[0] == first && (bytes.count == 1 || bytes[1] == second)
                    }
                    if mayStart { expected |= 1 << UInt64(index) }
                }
                #expect(screen.carriers(thatMayAdd: key) == expected, "\(key.debugDescription)")
            }
        }
    }

    @Test("a key whose first scalar is not ASCII is ruled out unless that scalar is equivalent to an ASCII one")
    func nonASCIIFirstScalar() throws {
        // A carrier with a pattern for every printable ASCII byte: whatever its patterns, the screen keeps a key
        // whose first scalar may be equivalent to one.
        let printable = (0x21...0x7E).map { String(Unicode.Scalar(UInt8($0))) }
        let carrier = CarrierEnvelope(vendor: "every", name: "Every", marker: "marker", keys: Set(printable))
        let screen = try #require(CarrierKeyScreen([carrier]))
        var equivalentToASCII: [UInt32] = []
        var ruledOut = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let key = String(scalar)
            let kept = screen.carriers(thatMayAdd: key + "x") != 0
            if !kept { ruledOut += 1 }
            // Strings compare by their normalized scalars: one before U+0080 starts with an ASCII scalar.
            if key < "\u{80}" {
                equivalentToASCII.append(value)
                #expect(kept, "U+\(String(value, radix: 16)) may equal an ASCII pattern")
            }
        }
        #expect(equivalentToASCII == [0x37E, 0x1FEF, 0x212A])
        #expect(ruledOut > 1_100_000)
        #expect("\u{212A}" == "K" && "\u{37E}x".hasPrefix(";"))
        #expect(screen.carriers(thatMayAdd: "ключ") == 0)
        #expect(screen.carriers(thatMayAdd: "\u{1FEF}") != 0)
    }
}
