/// The hash vendors use to derive a category id from a button set (SPEC §3.2, §3.3).
public enum CategoryHash {
    /// 64-bit FNV-1a over the UTF-8 bytes of `text`, as 16 lowercase hex digits
    /// (`fnv1a64hex("a") == "af63dc4c8601ec8c"`).
    public static func fnv1a64hex(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Joins each button's fields with U+001F and the buttons with U+001E: the `buttonSetKey`.
    public static func buttonSetKey(_ buttons: [[String]]) -> String {
        buttons.map { $0.joined(separator: "\u{1F}") }.joined(separator: "\u{1E}")
    }

    /// A boolean as a `buttonSetKey` field: `1` or `0`.
    public static func flag(_ value: Bool) -> String { value ? "1" : "0" }
}
