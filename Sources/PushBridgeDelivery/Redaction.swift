import PushBridge

/// Takes write keys, credential headers and device tokens out of text that may be shown (a response body,
/// an error, a `Location`), matching bytes, not `Character`s.
///
/// The secrets are every form a credential travels in (``forms(ofKey:)``, ``forms(ofHeaderValue:)``): a write
/// key, and its base64 alone or as HTTP Basic's `key:` or `:key`; the value of every header marked
/// ``HTTPHeader/isSecret`` as sent, its credential after the scheme (`Basic `, `Bearer `), and what that
/// credential decodes to when it is base64 (Customer.io's `Basic base64("key:")`); base64 in the standard and
/// the URL-safe alphabet, with and without its padding. Device tokens are secrets as they are.
///
/// A secret is replaced by `[redacted]` wherever one of these shows it:
/// - its UTF-8 bytes, whatever follows them (a combining mark after a key does not hide it, and is
///   redacted with it);
/// - an escaped form: percent-encoding (`%41`, either case), the same with `+` for a space (a query string,
///   `Basic+Y2Rw…`) and JSON string escapes (`\u0041`, surrogate pairs, `\/`, `\\`, `\"`, `\n`…), alone or
///   mixed with plain bytes (one level of escaping);
/// - a cut-off form: at least ``minimumEdgeFragment`` (4) bytes of its start ending the text, or of its
///   end starting the text (a snippet cut in the middle of a key);
/// - a fragment: any run of at least ``minimumFragment`` (8) consecutive bytes of it, anywhere.
/// Shorter pieces in the middle of the text are left (too short to matter, and too likely to be chance).
public struct Redaction: Sendable {
    /// The shortest piece of a secret redacted anywhere in the text, in bytes.
    public static let minimumFragment = 8
    /// The shortest start (or end) of a secret redacted where the text ends (or starts), in bytes.
    public static let minimumEdgeFragment = 4
    /// How much of a response body ``snippet(_:)`` looks at, in bytes.
    static let snippetScanBytes = 8 << 10

    private let secrets: [[UInt8]]
    /// Every `minimumFragment`-byte window of every secret, packed into a `UInt64`.
    private let fragmentWindows: Set<UInt64>

    /// Redacts `secrets` (write keys) in every form of ``forms(ofKey:)``, the value of every header of
    /// `headers` marked ``HTTPHeader/isSecret`` in every form of ``forms(ofHeaderValue:)`` (pass the request's
    /// headers as sent), and every device token the receipt carries (any string property whose name contains
    /// `token`, such as `Zixflow-Delivery-Token`).
    public init(secrets: [String], receipt: Receipt? = nil, headers: [HTTPHeader] = []) {
        var all = secrets.flatMap(Self.forms(ofKey:))
        for header in headers where header.isSecret {
            all += Self.forms(ofHeaderValue: header.value, name: header.name)
        }
        if let receipt {
            for (name, value) in receipt.properties where TokenKey.matches(name) {
                if let token = value.stringValue, !token.isEmpty { all.append(token) }
            }
        }
        let byteForms = Set(all.filter { !$0.isEmpty }.map { Array($0.utf8) }).sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
        }
        self.secrets = byteForms
        var windows = Set<UInt64>()
        for secret in byteForms where secret.count > Self.minimumFragment {
            var window: UInt64 = 0
            for (index, byte) in secret.enumerated() {
                window = window << 8 | UInt64(byte)
                if index + 1 >= Self.minimumFragment { windows.insert(window) }
            }
        }
        fragmentWindows = windows
    }

    /// The texts a write key travels in: the key, and the base64 of the key, of `key:` (HTTP Basic with an
    /// empty password, as Customer.io sends it) and of `:key`, each in the standard and the URL-safe alphabet,
    /// with and without padding. Empty for an empty key.
    public static func forms(ofKey key: String) -> [String] {
        guard !key.isEmpty else { return [] }
        var forms = [key]
        for bytes in [Array(key.utf8), Array((key + ":").utf8), Array((":" + key).utf8)] {
            forms += base64Forms(bytes)
        }
        return forms
    }

    /// The texts the value of a secret header travels in. Its credential is the value after an
    /// authentication scheme (`Basic `, `Bearer `, either case, in any header; any `<scheme> ` in an
    /// `Authorization` or `Proxy-Authorization` header), else the whole value. The forms are the credential's
    /// (``forms(ofKey:)``) and, when the credential is base64 (either alphabet, padded or not) of text without
    /// control bytes, that text, its base64 forms, and each side of its first `:` (Basic's user and password)
    /// of at least ``minimumEdgeFragment`` bytes with its forms.
    public static func forms(ofHeaderValue value: String, name: String = "Authorization") -> [String] {
        let credential = Self.credential(in: value, headerName: name)
        var forms = Self.forms(ofKey: credential)
        if let decoded = Base64.decode(credential), !decoded.isEmpty,
           !decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }),
           case let text = String(decoding: decoded, as: UTF8.self), text.utf8.elementsEqual(decoded)
        {
            forms.append(text)
            forms += base64Forms(decoded)
            if let colon = text.firstIndex(of: ":") {
                for side in [text[..<colon], text[text.index(after: colon)...]]
                where side.utf8.count >= minimumEdgeFragment {
                    forms += Self.forms(ofKey: String(side))
                }
            }
        }
        return forms
    }

    /// The value after its authentication scheme, or the whole value.
    private static func credential(in value: String, headerName: String) -> String {
        let bytes = Array(value.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), space > 0 else { return value }
        let scheme = String(decoding: bytes[..<space], as: UTF8.self).lowercased()
        let isAuthorization = ["authorization", "proxy-authorization"].contains(headerName.lowercased())
        guard scheme == "basic" || scheme == "bearer"
            || (isAuthorization && bytes[..<space].allSatisfy(HTTPFieldBytes.isTokenByte))
        else { return value }
        let rest = bytes[space...].drop { $0 == UInt8(ascii: " ") }
        return rest.isEmpty ? value : String(decoding: rest, as: UTF8.self)
    }

    /// `bytes` in base64, both alphabets, with and without padding.
    private static func base64Forms(_ bytes: [UInt8]) -> [String] {
        [(false, true), (false, false), (true, true), (true, false)].map { urlSafe, padded in
            Base64.encode(bytes, urlSafe: urlSafe, padded: padded)
        }
    }

    /// `text` with every secret, escaped form, cut-off form and fragment replaced by `[redacted]`.
    public func redact(_ text: String) -> String {
        String(decoding: redact(bytes: Array(text.utf8)), as: UTF8.self)
    }

    /// `bytes` with every secret, escaped form, cut-off form and fragment replaced by `[redacted]`.
    ///
    /// - Complexity: O(n × the secrets' total length).
    public func redact(bytes: [UInt8]) -> [UInt8] {
        guard !secrets.isEmpty, !bytes.isEmpty else { return bytes }
        var marked = [Bool](repeating: false, count: bytes.count)
        let plain = DecodedView(plain: bytes)
        let decoded = DecodedView(unescaping: bytes, plusIsSpace: false)
        let formDecoded = DecodedView(unescaping: bytes, plusIsSpace: true)
        for view in [plain, decoded, formDecoded] { mark(in: view, &marked) }
        Self.extendOverCombiningMarks(bytes, &marked)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if marked[index] {
                output += Array("[redacted]".utf8)
                while index < bytes.count, marked[index] { index += 1 }
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    /// The first 200 characters of a response body on one line, redacted before it is cut.
    public func snippet(_ body: [UInt8]) -> String {
        let text = String(decoding: redact(bytes: Array(body.prefix(Self.snippetScanBytes))), as: UTF8.self)
        let oneLine = String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        return oneLine.count > 200 ? String(oneLine.prefix(200)) + "…" : oneLine
    }

    /// Marks the combining marks (any grapheme-extending scalar) right after a marked run: they belong to the
    /// secret's last character, and left alone they would fuse with the `]` of `[redacted]`.
    private static func extendOverCombiningMarks(_ bytes: [UInt8], _ marked: inout [Bool]) {
        var index = 1
        while index < bytes.count {
            guard marked[index - 1], !marked[index] else {
                index += 1
                continue
            }
            var decoder = UTF8()
            var iterator = bytes[index...].makeIterator()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator),
                  scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark
            else {
                index += 1
                continue
            }
            let length = UTF8.width(scalar)
            for position in index..<min(bytes.count, index + length) { marked[position] = true }
            index += length
        }
    }

    private func mark(in view: DecodedView, _ marked: inout [Bool]) {
        let bytes = view.bytes
        guard !bytes.isEmpty else { return }
        for secret in secrets {
            // Whole occurrences.
            if secret.count <= bytes.count {
                for start in 0...(bytes.count - secret.count)
                where bytes[start] == secret[0] && bytes[start..<(start + secret.count)].elementsEqual(secret) {
                    view.mark(start..<(start + secret.count), &marked)
                }
            }
            // Cut-off forms at the edges.
            let longestEdge = min(secret.count - 1, bytes.count)
            if longestEdge >= Self.minimumEdgeFragment {
                for length in stride(from: longestEdge, through: Self.minimumEdgeFragment, by: -1) {
                    if bytes.suffix(length).elementsEqual(secret.prefix(length)) {
                        view.mark((bytes.count - length)..<bytes.count, &marked)
                        break
                    }
                }
                for length in stride(from: longestEdge, through: Self.minimumEdgeFragment, by: -1) {
                    if bytes.prefix(length).elementsEqual(secret.suffix(length)) {
                        view.mark(0..<length, &marked)
                        break
                    }
                }
            }
        }
        // Fragments: every window of `minimumFragment` bytes that is also a window of a secret.
        guard !fragmentWindows.isEmpty, bytes.count >= Self.minimumFragment else { return }
        var window: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            window = window << 8 | UInt64(byte)
            if index + 1 >= Self.minimumFragment, fragmentWindows.contains(window) {
                view.mark((index + 1 - Self.minimumFragment)..<(index + 1), &marked)
            }
        }
    }
}

/// Text bytes with escapes decoded, each decoded byte remembering the original bytes it came from.
private struct DecodedView {
    var bytes: [UInt8] = []
    /// `origins[i]`: the range of original bytes that decoded byte `i` came from.
    var origins: [Range<Int>] = []

    /// The bytes as they are.
    init(plain: [UInt8]) {
        bytes = plain
        origins = plain.indices.map { $0..<($0 + 1) }
    }

    /// The bytes with percent-escapes and JSON string escapes decoded (one level); with `plusIsSpace`, a `+`
    /// is a space too, as in a query string (`application/x-www-form-urlencoded`).
    init(unescaping original: [UInt8], plusIsSpace: Bool) {
        var index = 0
        while index < original.count {
            if plusIsSpace, original[index] == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
                origins.append(index..<(index + 1))
                index += 1
            } else if let (decoded, length) = Self.escape(in: original, at: index) {
                for byte in decoded {
                    bytes.append(byte)
                    origins.append(index..<(index + length))
                }
                index += length
            } else {
                bytes.append(original[index])
                origins.append(index..<(index + 1))
                index += 1
            }
        }
    }

    /// Marks the original bytes behind decoded bytes `range`.
    func mark(_ range: Range<Int>, _ marked: inout [Bool]) {
        guard !range.isEmpty else { return }
        for original in origins[range.lowerBound].lowerBound..<origins[range.upperBound - 1].upperBound {
            marked[original] = true
        }
    }

    /// The bytes an escape at `index` stands for, and the escape's length; nil when there is none.
    private static func escape(in bytes: [UInt8], at index: Int) -> ([UInt8], Int)? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
           let high = ASCIIDigits.hex(bytes[index + 1]), let low = ASCIIDigits.hex(bytes[index + 2])
        {
            return ([UInt8(high * 16 + low)], 3)
        }
        guard byte == UInt8(ascii: "\\"), index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return ([bytes[index + 1]], 2)
        case UInt8(ascii: "n"): return ([0x0A], 2)
        case UInt8(ascii: "r"): return ([0x0D], 2)
        case UInt8(ascii: "t"): return ([0x09], 2)
        case UInt8(ascii: "b"): return ([0x08], 2)
        case UInt8(ascii: "f"): return ([0x0C], 2)
        case UInt8(ascii: "u"):
            guard let unit = codeUnit(bytes, index + 2) else { return nil }
            if (0xD800...0xDBFF).contains(unit), index + 11 < bytes.count,
               bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
               let low = codeUnit(bytes, index + 8), (0xDC00...0xDFFF).contains(low)
            {
                let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                return Unicode.Scalar(UInt32(scalar)).map { (Array(String($0).utf8), 12) }
            }
            return Unicode.Scalar(UInt32(unit)).map { (Array(String($0).utf8), 6) }
        default:
            return nil
        }
    }

    /// Four hex digits at `start` as a UTF-16 code unit.
    private static func codeUnit(_ bytes: [UInt8], _ start: Int) -> Int? {
        guard start + 4 <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = ASCIIDigits.hex(byte) else { return nil }
            value = value * 16 + digit
        }
        return value
    }
}
