import PushBridge

/// What a vendor's decoder carries through one decode: the payload so far and what it noticed, with the ways it
/// records a value it cannot use (never dropped: kept in `ignored`, with a diagnostic).
protocol DecodingState {
    /// The bridge form so far.
    var payload: PushPayload { get set }
    /// What was noticed, in order.
    var diagnostics: [Diagnostic] { get set }
}

extension DecodingState {
    /// Keeps `value` in `ignored` under `key` (its wire path, or a top-level key's own name).
    mutating func keep(_ value: JSONValue, at key: String) { payload.ignored[key] = value }

    /// Keeps a value of the wrong type under its path and says so.
    mutating func wrongType(_ value: JSONValue, at path: String, expected: String) {
        keep(value, at: path)
        diagnostics.append(Diagnostic.wrongType(path, expected: expected, value))
    }

    /// Records what was noticed at `path`.
    mutating func note(_ severity: Diagnostic.Severity, _ code: String, at path: String, _ message: String) {
        diagnostics.append(Diagnostic(severity, code: code, path: path, message: message))
    }
}
