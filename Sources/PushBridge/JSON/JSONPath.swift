/// Builds the JSON paths used in diagnostics and losses: `$`, `$.aps.alert`, `$.buttons[2]`,
/// `$["Zixflow-Delivery-ID"]` (bracket form for keys that are not plain identifiers).
public enum JSONPath {
    /// The root path, `$`.
    public static let root = "$"

    /// The path of member `key` under `parent`.
    public static func member(_ key: String, of parent: String = "") -> String {
        parent + member(key)
    }

    /// The path of element `index` under `parent`.
    public static func element(_ index: Int, of parent: String) -> String {
        parent + "[\(index)]"
    }

    /// The path step for member `key`: `.key`, or `["key"]` when `key` is not an identifier.
    static func member(_ key: String) -> String {
        var plain = !key.isEmpty
        for (offset, byte) in key.utf8.enumerated() {
            let isLetter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            if !(isLetter || (offset > 0 && JSONParser.isDigit(byte))) { plain = false; break }
        }
        return plain ? "." + key : "[" + JSONWriter.string(.string(key)) + "]"
    }
}
