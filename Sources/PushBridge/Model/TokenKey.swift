/// Which keys hold a device token: the ones whose value is a secret, reported as `[redacted]`.
public enum TokenKey {
    /// Whether `key` names a token: it contains `token` in any letter case (`Zixflow-Delivery-Token`,
    /// `deviceToken`), as `key.lowercased().contains("token")` decides.
    public static func matches(_ key: String) -> Bool {
        // ASCII keys, nearly all of them, are searched byte by byte; anything else goes through the
        // full Unicode lowercasing (where, say, the Kelvin sign K lowercases to `k`).
        let ascii: Bool? = key.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            guard bytes.count >= 5 else { return false }
            for start in 0...(bytes.count - 5)
            where bytes[start] | 0x20 == UInt8(ascii: "t") && bytes[start + 1] | 0x20 == UInt8(ascii: "o")
                && bytes[start + 2] | 0x20 == UInt8(ascii: "k") && bytes[start + 3] | 0x20 == UInt8(ascii: "e")
                && bytes[start + 4] | 0x20 == UInt8(ascii: "n")
            {
                return true
            }
            return false
        } ?? nil
        return ascii ?? key.lowercased().contains("token")
    }
}
