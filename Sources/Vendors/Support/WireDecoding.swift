import PushBridge

/// The state of one adapter's decode: the payload so far and what was noticed, with the ways every adapter
/// keeps what it cannot read (docs/WIRE-FORMATS.md §3: never dropped, always diagnosed).
protocol WireDecoding {
    /// The bridge form so far.
    var payload: PushPayload { get set }
    /// What decoding noticed, in order.
    var diagnostics: [Diagnostic] { get set }
}

extension WireDecoding {
    /// The payload and diagnostics, moved out of the finished decode (which is left empty): swapped for an
    /// empty payload, not copied.
    mutating func takeResult() -> DecodeResult {
        var result = DecodeResult(payload: PushPayload.empty)
        swap(&result.payload, &payload)
        swap(&result.diagnostics, &diagnostics)
        return result
    }

    /// Keeps `value` in `ignored` under its wire path.
    mutating func keep(_ value: JSONValue, at path: String) { payload.ignored[path] = value }

    /// Keeps a value of the wrong type and says so.
    mutating func wrongType(_ value: JSONValue, at path: String, expected: String) {
        keep(value, at: path)
        diagnostics.append(Diagnostic.wrongType(path, expected: expected, value))
    }

    /// Adds a diagnostic at `path`.
    mutating func note(_ severity: Diagnostic.Severity, _ code: DiagnosticCode, at path: String, _ message: String) {
        diagnostics.append(Diagnostic(severity, code: code, path: path, message: message))
    }
}

extension PushPayload {
    /// A payload with nothing in it, for a decoder to swap its finished payload out for (no copy).
    static let empty = PushPayload(vendor: "")
}
