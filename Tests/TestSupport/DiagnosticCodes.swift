import PushBridge

extension JSONValue {
    /// `code` as the JSON string a diagnostic record carries (`"code": "unknown-key"`).
    public static func code(_ code: DiagnosticCode) -> JSONValue { .string(code.rawValue) }
}
