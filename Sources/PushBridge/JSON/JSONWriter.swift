/// The one canonical JSON writer: object keys sorted by Unicode code point, `/` not escaped,
/// no insignificant whitespace (or two-space indentation when pretty), numbers as their literals.
///
/// Strings escape `"`, `\` and control characters (`\n`, `\t`, … or `\u00XX`); everything else,
/// non-ASCII included, is written as UTF-8.
public enum JSONWriter {
    /// Appends the canonical text of `value` to `output`.
    public static func write(_ value: JSONValue, into output: inout [UInt8], pretty: Bool = false) {
        if pretty {
            writePretty(value, into: &output, indent: 0)
        } else {
            writeCompact(value, into: &output)
        }
    }

    /// The canonical text of `value` as bytes.
    public static func bytes(_ value: JSONValue, pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, into: &output, pretty: pretty)
        return output
    }

    /// The canonical text of `value`.
    public static func string(_ value: JSONValue, pretty: Bool = false) -> String {
        String(decoding: bytes(value, pretty: pretty), as: UTF8.self)
    }

    /// Object keys in canonical order (Unicode code point order, which is UTF-8 byte order).
    public static func sortedKeys<Value>(_ object: [String: Value]) -> [String] {
        object.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func writeCompact(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.literal.utf8)
        case .string(let text): writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            for key in sortedKeys(members) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(members[key]!, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writePretty(_ value: JSONValue, into output: inout [UInt8], indent: Int) {
        switch value {
        case .array(let elements) where !elements.isEmpty:
            output.append(contentsOf: "[\n".utf8)
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(contentsOf: ",\n".utf8) }
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
                writePretty(element, into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(contentsOf: "{\n".utf8)
            var first = true
            for key in sortedKeys(members) {
                if !first { output.append(contentsOf: ",\n".utf8) }
                first = false
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
                writeString(key, into: &output)
                output.append(contentsOf: ": ".utf8)
                writePretty(members[key]!, into: &output, indent: indent + 2)
            }
            output.append(UInt8(ascii: "\n"))
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &output)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string literal.
    public static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                runStart = i + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    output.append(contentsOf: "u00".utf8)
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
        }
        output.append(UInt8(ascii: "\""))
    }
}
