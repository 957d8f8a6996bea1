/// The state of one adapter's decode: the payload so far and what was noticed, with the ways every adapter
/// keeps what it cannot read (never dropped, always diagnosed).
///
/// Most decoders use ``DecodeContext``; one that carries more state while it decodes (a hasher, the format it
/// found) conforms its own type.
public protocol WireDecoding {
    /// The bridge form so far.
    var payload: PushPayload { get set }
    /// What decoding noticed, in order.
    var diagnostics: [Diagnostic] { get set }
}

extension WireDecoding {
    /// The payload and diagnostics, moved out of the finished decode (which is left empty): swapped for an
    /// empty payload, not copied.
    public mutating func takeResult() -> DecodeResult {
        var result = DecodeResult(payload: PushPayload.empty)
        swap(&result.payload, &payload)
        swap(&result.diagnostics, &diagnostics)
        return result
    }

    /// Keeps `value` in `ignored` under its wire path.
    public mutating func keep(_ value: JSONValue, at path: String) { payload.ignored[path] = value }

    /// Keeps a value of the wrong type and says so.
    public mutating func wrongType(_ value: JSONValue, at path: String, expected: String) {
        keep(value, at: path)
        diagnostics.append(Diagnostic.wrongType(path, expected: expected, value))
    }

    /// Adds a diagnostic with a catalogued code at `path` (docs/DIAGNOSTICS.md).
    public mutating func note(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, at path: String, _ message: String
    ) {
        diagnostics.append(Diagnostic(severity, code: code, path: path, message: message))
    }

    /// Adds a diagnostic with an adapter's own code at `path`.
    public mutating func note(_ severity: Diagnostic.Severity, _ code: String, at path: String, _ message: String) {
        diagnostics.append(Diagnostic(severity, code: code, path: path, message: message))
    }
}

/// The state of one decode for `Adapter`: the payload so far and what was noticed.
///
/// `Adapter` only tells one vendor's decode from another's, so each adapter adds its own steps in an
/// `extension DecodeContext where Adapter == MyAdapter` without clashing with another vendor's.
public struct DecodeContext<Adapter>: WireDecoding, Sendable {
    public var payload: PushPayload
    public var diagnostics: [Diagnostic]

    /// Starts a decode with `payload` (usually an empty one for the vendor).
    public init(payload: PushPayload, diagnostics: [Diagnostic] = []) {
        self.payload = payload
        self.diagnostics = diagnostics
    }
}

extension PushPayload {
    /// A payload with nothing in it, for a decoder to swap its finished payload out for (no copy).
    static let empty = PushPayload(vendor: "")

    /// An empty payload for `vendor` to decode a wire payload into, its objects made with `JSONObject()`
    /// rather than from `[:]` literals (cheaper on the decode path).
    public static func decoding(vendor: String) -> PushPayload {
        PushPayload(
            vendor: vendor, data: JSONObject(), tracking: JSONObject(), ignored: JSONObject(), apsExtra: JSONObject())
    }
}
