/// Builds the JSON paths used in diagnostics and losses: `$`, `$.aps.alert`, `$.buttons[2]`,
/// `$["Zixflow-Delivery-ID"]` (bracket form for keys that are not plain identifiers).
public enum JSONPath {
    /// The root path, `$`.
    public static let root = "$"

    /// The path of member `key` under `parent` (`parent.key`, or `parent["key"]` when `key` is not an
    /// identifier); with no parent, the step alone.
    public static func member(_ key: String, of parent: String = "") -> String {
        guard isIdentifier(key) else {
            // A printable ASCII key without a quote or backslash (`com.urbanairship.metadata`) is its own JSON string.
            if writesUnescaped(key) { return joined(parent, "[\"", key, "\"]") }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(parent.utf8.count + key.utf8.count + 6)
            bytes.append(contentsOf: parent.utf8)
            bytes.append(UInt8(ascii: "["))
            JSONWriter.writeString(key, into: &bytes)
            bytes.append(UInt8(ascii: "]"))
            return String(decoding: bytes, as: UTF8.self)
        }
        return joined(parent, ".", key, "")
    }

    /// The path of element `index` under `parent`.
    public static func element(_ index: Int, of parent: String) -> String {
        JSONWriter.withDecimalDigits(of: index) { joined(parent, "[", $0, "]") }
    }

    /// The path of the elements of the array `parent` from index `start` on: `parent[start:]`.
    public static func slice(from start: Int, of parent: String) -> String {
        JSONWriter.withDecimalDigits(of: start) { joined(parent, "[", $0, ":]") }
    }

    /// `parent`, `opening`, `step` and `closing` in one string, written straight into its storage (paths are
    /// built for every diagnostic and loss: appending piece by piece cost several times more).
    private static func joined(_ parent: String, _ opening: StaticString, _ step: String, _ closing: StaticString)
        -> String
    {
        KeyFingerprint.withBytes(of: step) { joined(parent, opening, $0, closing) }
    }

    /// ``joined(_:_:_:_:)`` with the step given as its UTF-8 bytes.
    private static func joined(
        _ parent: String, _ opening: StaticString, _ stepBytes: UnsafeBufferPointer<UInt8>, _ closing: StaticString
    ) -> String {
        KeyFingerprint.withBytes(of: parent) { parentBytes in
            let count = parentBytes.count + opening.utf8CodeUnitCount + stepBytes.count + closing.utf8CodeUnitCount
            return String(unsafeUninitializedCapacity: count) { buffer in
                var position = 0
                func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
                    (buffer.baseAddress! + position).initialize(from: source, count: bytes.count)
                    position += bytes.count
                }
                copy(parentBytes)
                copy(UnsafeBufferPointer(start: opening.utf8Start, count: opening.utf8CodeUnitCount))
                copy(stepBytes)
                copy(UnsafeBufferPointer(start: closing.utf8Start, count: closing.utf8CodeUnitCount))
                return position
            }
        }
    }

    /// Whether `path` is `ancestor` or a path inside it (`$.buttons[1].input` is inside `$.buttons[1]`).
    public static func isSameOrInside(_ path: String, _ ancestor: String) -> Bool {
        guard path.hasPrefix(ancestor) else { return false }
        let rest = path.utf8.dropFirst(ancestor.utf8.count)
        return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
    }

    /// One step of a path.
    public enum Component: Sendable, Hashable {
        /// An object member.
        case member(String)
        /// An array element.
        case index(Int)
        /// The array elements from an index on (`[4:]`).
        case slice(Int)
    }

    /// The steps of a path this type writes (`$`, `.name`, `["any key"]`, `[3]`, `[3:]`); nil when `path` is
    /// not one.
    public static func components(of path: String) -> [Component]? {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "$") else { return nil }
        var components: [Component] = []
        var position = 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "."):
                let start = position + 1
                var end = start
                while end < bytes.count, isIdentifierByte(bytes[end], first: end == start) { end += 1 }
                guard end > start else { return nil }
                components.append(.member(String(decoding: bytes[start..<end], as: UTF8.self)))
                position = end
            case UInt8(ascii: "[") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "\""):
                let start = position + 1
                var end = start + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "]"),
                      case .string(let key)? = try? JSONParser.parse(Array(bytes[start...end]))
                else { return nil }
                components.append(.member(key))
                position = end + 2
            case UInt8(ascii: "["):
                let start = position + 1
                var end = start
                while end < bytes.count, JSONParser.isDigit(bytes[end]) { end += 1 }
                guard end > start, end - start <= 9, end < bytes.count,
                      let index = Int(String(decoding: bytes[start..<end], as: UTF8.self))
                else { return nil }
                if bytes[end] == UInt8(ascii: "]") {
                    components.append(.index(index))
                    position = end + 1
                } else if bytes[end] == UInt8(ascii: ":"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "]") {
                    components.append(.slice(index))
                    position = end + 2
                } else {
                    return nil
                }
            default:
                return nil
            }
        }
        return components
    }

    /// Whether `key` is a letter or `_`, then letters, digits or `_` (written as `.key`).
    private static func isIdentifier(_ key: String) -> Bool {
        func check(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard !bytes.isEmpty else { return false }
            for offset in 0..<bytes.count where !isIdentifierByte(bytes[offset], first: offset == 0) { return false }
            return true
        }
        if let result = key.utf8.withContiguousStorageIfAvailable(check) { return result }
        return Array(key.utf8).withUnsafeBufferPointer(check)
    }

    /// Whether `key` is printable ASCII without `"` or `\\`: the JSON string of it is the key between quotes.
    private static func writesUnescaped(_ key: String) -> Bool {
        KeyFingerprint.withBytes(of: key) { bytes in
            for byte in bytes where byte < 0x20 || byte > 0x7E || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            return true
        }
    }

    @inline(__always)
    private static func isIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        let isLetter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
        return isLetter || (!first && JSONParser.isDigit(byte))
    }
}
