/// Base64 (RFC 4648): the standard alphabet (§4, `+/`) for HTTP Basic credentials, and the URL-safe one
/// (§5, `-_`) among the forms `Redaction` (PushBridgeDelivery) looks for.
public enum Base64 {
    private static let standard = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlSafe = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` as base64 text: the standard alphabet unless `urlSafe`, `=`-padded to a multiple of 4 unless
    /// `padded` is false.
    public static func encode(_ bytes: [UInt8], urlSafe: Bool = false, padded: Bool = true) -> String {
        let alphabet = urlSafe ? Self.urlSafe : standard
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                if position <= count {
                    output.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3f)])
                } else if padded {
                    output.append(UInt8(ascii: "="))
                }
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` encodes, in either alphabet (not mixed), with or without its padding; nil when it is
    /// not base64 (another byte, a length that no encoding has, padding in the middle, non-zero spare bits).
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var digits = Array(text.utf8)
        while digits.last == UInt8(ascii: "=") { digits.removeLast() }
        let padding = text.utf8.count - digits.count
        guard !digits.isEmpty, digits.count % 4 != 1, padding == 0 || (digits.count + padding) % 4 == 0,
              padding <= 2
        else { return nil }
        let usesStandard = digits.contains { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") }
        let usesURLSafe = digits.contains { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard !(usesStandard && usesURLSafe) else { return nil }
        let alphabet = usesURLSafe ? Self.urlSafe : standard
        var values: [UInt8] = []
        values.reserveCapacity(digits.count)
        for digit in digits {
            guard let value = alphabet.firstIndex(of: digit) else { return nil }
            values.append(UInt8(value))
        }
        var output: [UInt8] = []
        output.reserveCapacity(values.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for value in values {
            accumulator = accumulator << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        return accumulator == 0 ? output : nil
    }
}
