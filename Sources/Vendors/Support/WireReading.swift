import PushBridge

extension WireDecoding {
    /// `value` as a string; otherwise it is kept under `path` as the wrong type and the result is nil. The path
    /// is built only then.
    mutating func readString(_ value: JSONValue, at path: @autoclosure () -> String) -> String? {
        guard let text = value.stringValue else {
            wrongType(value, at: path(), expected: "a string")
            return nil
        }
        return text
    }

    /// `value` as an object; otherwise it is kept under `path` as the wrong type and the result is nil. The path
    /// is built only then.
    mutating func readObject(_ value: JSONValue, at path: @autoclosure () -> String) -> JSONObject? {
        guard let object = value.objectValue else {
            wrongType(value, at: path(), expected: "an object")
            return nil
        }
        return object
    }

    /// Keeps `value` in `ignored` under its wire path, with a diagnostic.
    mutating func keep(_ value: JSONValue, at path: String, _ diagnostic: Diagnostic) {
        keep(value, at: path)
        diagnostics.append(diagnostic)
    }
}
