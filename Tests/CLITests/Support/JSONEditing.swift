import PushBridge

/// The canonical one-line JSON text of `value`.
func jsonText(_ value: JSONValue) -> String {
    JSONWriter.string(value)
}

extension JSONValue {
    /// A copy with `value` set at `path` (object keys), creating objects on the way.
    func setting(_ path: [String], to value: JSONValue?) -> JSONValue {
        guard let key = path.first else { return value ?? .null }
        var members = objectValue ?? [:]
        if path.count == 1 {
            members[key] = value
        } else {
            members[key] = (members[key] ?? .object([:])).setting(Array(path.dropFirst()), to: value)
        }
        return .object(members)
    }
}

extension JSONObject {
    /// A copy with `value` set at `path` (object keys), creating objects on the way; nil removes.
    func setting(_ path: String..., to value: JSONValue?) -> JSONObject {
        JSONValue.object(self).setting(path, to: value).objectValue ?? [:]
    }
}
