/// A JSON value that keeps what it was given: integers of any size stay exact, `true` is never `1`.
///
/// Numbers are stored as their literal text (see ``JSONNumber``), objects as ``JSONObject``s (members in
/// input order, keys compared as bytes; the canonical writer sorts keys by Unicode code point).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type name of this value, as used in diagnostics (`"string"`, `"object"`, …).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The type name with its article, for a sentence ("an object", "a number").
    public var typeNameWithArticle: String {
        switch self {
        case .array, .object: return "an " + typeName
        default: return "a " + typeName
        }
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The integer, when this is a number whose literal is an integer that fits `Int`.
    public var intValue: Int? {
        if case .number(let number) = self { return number.intValue }
        return nil
    }

    /// The number, when this is a number.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member named `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// A number value holding an integer.
    public static func int(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The canonical JSON text of this value.
    public var description: String { JSONWriter.string(self) }
}

/// A JSON number kept as its literal text, so no precision is lost between parse and write.
///
/// Two numbers are equal when their literals are equal: `1` and `1.0` are different values.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number exactly as written in JSON (`-12`, `3.5e10`, `12345678901234567890`).
    public let literal: String

    /// Wraps a literal the caller has already checked against the JSON number grammar.
    init(uncheckedLiteral: String) { self.literal = uncheckedLiteral }

    /// A number from a Swift integer.
    public init(_ value: Int) { self.literal = String(value) }

    /// A number from a finite Swift double (non-finite values become `0`).
    public init(_ value: Double) {
        if value.isFinite {
            if value == value.rounded(), abs(value) < 1e15 {
                self.literal = String(Int(value))
            } else {
                self.literal = "\(value)"
            }
        } else {
            self.literal = "0"
        }
    }

    /// A number from a literal, when the literal is valid JSON number syntax.
    public init?(literal: String) {
        guard JSONNumber.isValidLiteral(literal) else { return nil }
        self.literal = literal
    }

    /// The value as `Int`, when the literal is an integer (no fraction, no exponent) that fits.
    public var intValue: Int? { Int(literal) }

    /// Whether the literal is an integer (no fraction or exponent), whatever its size.
    public var isInteger: Bool { !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") } }

    /// The value as `Double` (may round).
    public var doubleValue: Double? { Double(literal) }

    public var description: String { literal }

    static func isValidLiteral(_ text: String) -> Bool { isValidLiteralBytes(text) }
}
