/// The vendors' write keys. Their descriptions never show them.
///
/// A key goes into a header value as is, so it must be bytes a header value may hold: no CR, LF, NUL or
/// other control byte (HTAB aside), and no space or tab at either end (a server would strip it). Check
/// keys where they come in with ``init(validating:byVendor:)`` (or ``validate()``); ``HTTPReceiptSink``
/// checks again before every request and refuses to send one whose credential header fails, rather than
/// dropping the header.
public struct ReceiptCredentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// Why a write key cannot be used. The message says which key and what is wrong, never the key.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The vendor whose own key is wrong; nil for the key every vendor shares.
        public var vendor: String?
        /// What is wrong, without the key.
        public var message: String

        public var description: String { message }
    }

    private let defaultKey: String?
    private let keysByVendor: [String: String]

    /// One key for every vendor (`--write-key`, `PUSHBRIDGE_WRITE_KEY`), with per-vendor overrides; empty
    /// keys count as none. Nothing is checked: see ``init(validating:byVendor:)``.
    public init(writeKey: String? = nil, byVendor: [String: String] = [:]) {
        defaultKey = writeKey.flatMap { $0.isEmpty ? nil : $0 }
        keysByVendor = byVendor.filter { !$0.value.isEmpty }
    }

    /// Like ``init(writeKey:byVendor:)``, but throws a ``Problem`` when a key cannot go into a header.
    public init(validating writeKey: String?, byVendor: [String: String] = [:]) throws(Problem) {
        self.init(writeKey: writeKey, byVendor: byVendor)
        try validate()
    }

    /// No keys.
    public static let none = ReceiptCredentials()

    /// The key for `vendor`.
    public func writeKey(for vendor: String) -> String? { keysByVendor[vendor] ?? defaultKey }

    /// Throws a ``Problem`` for the first key that cannot go into a header value.
    public func validate() throws(Problem) {
        if let defaultKey, let problem = Self.problem(defaultKey) {
            throw Problem(vendor: nil, message: "the write key \(problem)")
        }
        for vendor in keysByVendor.keys.sorted() {
            if let problem = problem(forVendor: vendor) { throw problem }
        }
    }

    /// Why the key `vendor`'s requests would carry cannot go into a header value, or nil.
    func problem(forVendor vendor: String) -> Problem? {
        if let key = keysByVendor[vendor] {
            return Self.problem(key).map { Problem(vendor: vendor, message: "the write key for '\(vendor)' \($0)") }
        }
        return defaultKey.flatMap(Self.problem).map { Problem(vendor: nil, message: "the write key \($0)") }
    }

    /// What is wrong with `key` as bytes of a header value, or nil.
    private static func problem(_ key: String) -> String? {
        let bytes = Array(key.utf8)
        if let problem = HTTPFieldCheck.valueProblem(bytes) { return problem }
        let blank: Set<UInt8> = [0x20, 0x09]
        if let first = bytes.first, let last = bytes.last, blank.contains(first) || blank.contains(last) {
            return "starts or ends with a space or tab, which a server would strip"
        }
        return nil
    }

    /// Every key, for redaction.
    var allKeys: [String] { Array(Set(keysByVendor.values).union(defaultKey.map { [$0] } ?? [])) }

    public var description: String {
        let count = allKeys.count
        return "ReceiptCredentials(\(count) key\(count == 1 ? "" : "s"), [redacted])"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror { Mirror(self, children: ["description": description], displayStyle: .struct) }
}
