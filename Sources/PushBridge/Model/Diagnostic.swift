/// Something an adapter, the bridge or a validator noticed about a payload: structured, never an ad-hoc string.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much it matters.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Recorded for the record (an ignored key, a dropped value kept elsewhere).
        case info
        /// The payload works but not as its sender probably meant.
        case warning
        /// The payload breaks a rule (APNs or the vendor's).
        case error

        private var rank: Int { self == .info ? 0 : self == .warning ? 1 : 2 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// How much it matters.
    public var severity: Severity
    /// A stable machine-readable code, such as `badge-not-integer`.
    public var code: String
    /// JSON path of the value concerned (`$.aps.badge`), or `$` for the whole payload.
    public var path: String
    /// A sentence a person can act on, with any wire text it quotes escaped for a terminal
    /// (`String.escapedForDisplay`: `\u{202e}`).
    public var message: String

    /// Creates a diagnostic; control and format characters in `message` (a key, a category, a title it quotes)
    /// are written escaped (`String.escapedForDisplay`).
    public init(_ severity: Severity, code: String, path: String = JSONPath.root, message: String) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message.escapedForDisplay
    }

    /// A `wrong-type` warning: the value at `path` is not `expected` (a phrase: "a string", "an array of
    /// objects") and was kept as sent (in `ignored`, `data` or `apsExtra`).
    public static func wrongType(_ path: String, expected: String, _ value: JSONValue) -> Diagnostic {
        Diagnostic(
            .warning, code: .wrongType, path: path,
            message: "expected \(expected), found \(value.typeNameWithArticle); kept as sent")
    }

    /// The diagnostic as a JSON object (`type`, `severity`, `code`, `path`, `message`).
    public var json: JSONValue { .object(JSONObject(members: jsonMembers)) }

    /// The members of ``json``, for writing it without building the dictionary (``JSONWriter/writeObject(_:into:)``).
    public var jsonMembers: [(key: String, value: JSONValue)] {
        [
            ("type", "diagnostic"), ("severity", .string(severity.rawValue)), ("code", .string(code)),
            ("path", .string(path)), ("message", .string(message)),
        ]
    }

    /// Appends the canonical text of ``json``, with `"line": line` when a line is given, to `output`: the bytes
    /// ``JSONWriter`` writes for that object, written member by member in key order (no members array, no sort),
    /// as tools print one per diagnostic.
    public func writeJSON(line: Int? = nil, into output: inout [UInt8]) {
        JSONWriter.writeRecord(into: &output) { text in
            text.append(literal: #"{"code":"#)
            text.append(string: code)
            if let line {
                text.append(literal: #","line":"#)
                text.append(integer: line)
            }
            text.append(literal: #","message":"#)
            text.append(string: message)
            text.append(literal: #","path":"#)
            text.append(string: path)
            switch severity {
            case .error: text.append(literal: #","severity":"error","type":"diagnostic"}"#)
            case .warning: text.append(literal: #","severity":"warning","type":"diagnostic"}"#)
            case .info: text.append(literal: #","severity":"info","type":"diagnostic"}"#)
            }
        }
    }

    public var description: String { "\(severity.rawValue): \(code) at \(path): \(message)" }
}

/// What the members of an object noticed, read in the dictionary's order (cheaper than sorting the
/// members) but reported in key order (UTF-8 byte order), so diagnostics never depend on how a dictionary
/// happens to order its keys.
///
/// For each member: note `diagnostics.count`, read the member, then ``setAside(_:from:since:)``; after the
/// last member, ``append(to:)``.
public struct DiagnosticsByKey: Sendable {
    /// What was set aside, each with its key, in the order it was set aside (copied out, so removing it from the
    /// caller's array copies nothing else).
    private var aside: [(key: String, diagnostic: Diagnostic)] = []

    /// Nothing set aside yet.
    public init() {}

    /// Moves what was appended to `diagnostics` since `start` aside, under `key`.
    public mutating func setAside(_ key: String, from diagnostics: inout [Diagnostic], since start: Int) {
        guard diagnostics.count > start else { return }
        for diagnostic in diagnostics[start...] { aside.append((key, diagnostic)) }
        diagnostics.removeSubrange(start...)
    }

    /// Appends everything set aside to `diagnostics`, in key order (the sort is stable: a key's own keep the
    /// order they were noticed in).
    @inline(__always)
    public func append(to diagnostics: inout [Diagnostic]) {
        // Nothing set aside (most decodes): no call.
        guard !aside.isEmpty else { return }
        appendSetAside(to: &diagnostics)
    }

    @inline(never)
    private func appendSetAside(to diagnostics: inout [Diagnostic]) {
        diagnostics.reserveCapacity(diagnostics.count + aside.count)
        // Set aside in key order already (one key, most of the time): appended as it is.
        if !aside.indices.dropFirst().contains(where: { Self.precedes(aside[$0].key, aside[$0 - 1].key) }) {
            for entry in aside { diagnostics.append(entry.diagnostic) }
            return
        }
        for entry in aside.sorted(by: { Self.precedes($0.key, $1.key) }) { diagnostics.append(entry.diagnostic) }
    }

    /// Whether `a` comes before `b` in UTF-8 byte order.
    private static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }
}

/// A field that a translation could not carry into the target vendor.
public struct Loss: Sendable, Hashable, CustomStringConvertible {
    /// JSON path of the field in the bridge form (`$.buttons[2]`, `$.ignored.large_icon_url`).
    public var path: String
    /// The value that was lost.
    public var value: JSONValue
    /// Why the target cannot carry it, with any wire text it quotes escaped for a terminal
    /// (`String.escapedForDisplay`).
    public var reason: String

    /// Creates a loss; control and format characters in `reason` are written escaped
    /// (`String.escapedForDisplay`).
    public init(path: String, value: JSONValue, reason: String) {
        self.path = path
        self.value = value
        self.reason = reason.escapedForDisplay
    }

    /// The loss as a JSON object (`type`, `path`, `value`, `reason`).
    public var json: JSONValue { .object(JSONObject(members: jsonMembers)) }

    /// The members of ``json``, for writing it without building the dictionary (``JSONWriter/writeObject(_:into:)``).
    public var jsonMembers: [(key: String, value: JSONValue)] {
        [("type", "loss"), ("path", .string(path)), ("value", value), ("reason", .string(reason))]
    }

    public var description: String { "\(path): \(reason)" }
}

extension Loss {
    /// The loss of the tracking key `key`; the value of a key naming a token (a device token) is shown as
    /// `[redacted]`.
    public static func tracking(_ key: String, _ value: JSONValue, reason: String) -> Loss {
        Loss(
            path: JSONPath.member(key, of: "$.tracking"), value: TokenKey.matches(key) ? "[redacted]" : value,
            reason: reason)
    }
}

extension Loss {
    /// The loss of another vendor's `ignored` entry `key`: a key or path of the source's wire format.
    public static func ignored(_ key: String, _ value: JSONValue, sourceName: String, targetName: String) -> Loss {
        Loss(
            path: JSONPath.member(key, of: "$.ignored"), value: value,
            reason: "\(targetName) has no field for \(sourceName)'s '\(key)'")
    }
}

/// The losses an encoder finds, or none at all when its caller will not read them.
///
/// `append` takes its loss as an autoclosure: when the list is not collecting, the path, value and reason
/// are never built. Keep side effects out of what is appended.
public struct LossList: Sendable {
    /// Whether losses are kept.
    public let isCollecting: Bool
    /// The losses appended so far (always empty when not collecting).
    public private(set) var collected: [Loss] = []

    /// An empty list that keeps what is appended, or (with `collecting: false`) drops it unbuilt.
    public init(collecting: Bool = true) { self.isCollecting = collecting }

    /// Appends `loss` when collecting.
    public mutating func append(_ loss: @autoclosure () -> Loss) {
        if isCollecting { collected.append(loss()) }
    }

    /// Appends `losses` when collecting.
    public mutating func append(contentsOf losses: @autoclosure () -> [Loss]) {
        if isCollecting { collected.append(contentsOf: losses()) }
    }
}
