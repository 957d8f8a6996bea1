import PushBridge

/// Checks a request's header names and values as bytes before they go on the wire.
///
/// A value may hold HTAB, SP, visible ASCII and non-ASCII bytes; never CR, LF, NUL, another control
/// byte or DEL (so a value can neither end the request head early nor inject a header). A name is a
/// token (RFC 9110 §5.1). Bytes are compared, never `Character`s: `"\r\n"` is one `Character`.
public enum HTTPFieldCheck {
    /// Why `header` cannot be sent, naming the header but never showing its value; nil when it can.
    public static func problem(_ header: HTTPHeader) -> String? {
        let name = Array(header.name.utf8)
        guard !name.isEmpty, name.allSatisfy(HTTPFieldBytes.isTokenByte) else {
            return "a header name is empty or holds a byte a header name cannot (a space, a colon, a control byte)"
        }
        if let problem = valueProblem(Array(header.value.utf8)) {
            return "the \(header.name) header's value \(problem)"
        }
        return nil
    }

    /// The first of `headers` that cannot be sent, as ``problem(_:)`` says; nil when all can.
    public static func firstProblem(_ headers: [HTTPHeader]) -> String? {
        headers.lazy.compactMap(problem).first
    }

    /// What is wrong with the bytes of a header value ("contains a line feed (LF)"), or nil.
    static func valueProblem(_ value: [UInt8]) -> String? {
        guard let index = value.firstIndex(where: { !HTTPFieldBytes.isFieldValueByte($0) }) else { return nil }
        let what: String
        switch value[index] {
        case 0x0D: what = "a carriage return (CR)"
        case 0x0A: what = "a line feed (LF)"
        case 0x00: what = "a NUL byte"
        case 0x7F: what = "a DEL byte"
        case let byte: what = "a control byte (0x\(String(byte, radix: 16, uppercase: true)))"
        }
        return (index == value.count - 1 ? "ends with " : "contains ") + what
            + "; header values cannot hold CR, LF, NUL or other control bytes"
    }
}

/// Byte classes of HTTP fields (RFC 9110 §5), shared by the response reader and the request checks.
enum HTTPFieldBytes {
    /// Whether `byte` may appear in a field name (a `token`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// Whether `byte` may appear in a field value: HTAB, SP, visible ASCII and obs-text (0x80–0xFF);
    /// never NUL, CR, LF, another control byte or DEL.
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
    }

    /// `bytes` without leading and trailing SP and HTAB.
    static func trimmingWhitespace(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
