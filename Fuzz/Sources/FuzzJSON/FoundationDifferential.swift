import Foundation
import PushBridge

/// Compares a `JSONParser` result with Foundation's `JSONSerialization` on the same text.
///
/// Known, intended differences that are not reported:
/// - a number whose magnitude is beyond `Double` (`1e400`): PushBridge keeps the literal, Foundation
///   refuses the whole document ("not representable");
/// - Foundation on Linux drops a raw U+FEFF at the start of a string or key, and right after an
///   escape sequence (it decodes each run between escapes separately); PushBridge keeps every one, so
///   strings are compared with U+FEFF removed when the scalar-exact comparison fails;
/// - numbers are compared by value (`Int64`/`UInt64` exactly, otherwise as `Double` within 1e-9
///   relative), since Foundation keeps no literal;
/// - strings are compared scalar by scalar (Swift `String ==` is canonical equivalence, too lenient).
public enum FoundationDifferential {
    /// A description of the first difference, or nil when Foundation agrees with `ours` on `bytes`.
    public static func difference(_ bytes: [UInt8], ours: JSONValue) -> String? {
        let theirs: Any
        do {
            theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            if containsNumberBeyondDouble(ours) { return nil }
            return "Foundation rejects a text PushBridge accepts: \(error)"
        }
        return difference(ours, theirs, path: "$")
    }

    static func containsNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): return !(Double(number.literal)?.isFinite ?? false)
        case .array(let elements): return elements.contains(where: containsNumberBeyondDouble)
        case .object(let members): return members.values.contains(where: containsNumberBeyondDouble)
        default: return false
        }
    }

    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c"
    }

    static func difference(_ ours: JSONValue, _ theirs: Any, path: String) -> String? {
        switch ours {
        case .null:
            return theirs is NSNull ? nil : "\(path): null here, \(type(of: theirs)) in Foundation"
        case .bool(let flag):
            guard let number = theirs as? NSNumber, isBoolean(number), number.boolValue == flag else {
                return "\(path): \(flag) here, \(theirs) in Foundation"
            }
            return nil
        case .number(let number):
            guard let other = theirs as? NSNumber, !isBoolean(other) else {
                return "\(path): number \(number.literal) here, \(type(of: theirs)) in Foundation"
            }
            if numbersAgree(number.literal, other) { return nil }
            return "\(path): \(number.literal) here, \(other) in Foundation"
        case .string(let text):
            guard let other = theirs as? String else {
                return "\(path): string here, \(type(of: theirs)) in Foundation"
            }
            if sameScalars(text, other) { return nil }
            return "\(path): strings differ: \(scalars(text)) here, \(scalars(other)) in Foundation"
        case .array(let elements):
            guard let other = theirs as? [Any] else { return "\(path): array here, \(type(of: theirs)) in Foundation" }
            guard other.count == elements.count else {
                return "\(path): \(elements.count) elements here, \(other.count) in Foundation"
            }
            for (index, element) in elements.enumerated() {
                if let found = difference(element, other[index], path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            guard let other = theirs as? [String: Any] else {
                return "\(path): object here, \(type(of: theirs)) in Foundation"
            }
            let bomKeys = members.keys.contains { $0.unicodeScalars.contains("\u{FEFF}") }
            if other.count != members.count, !bomKeys {
                return "\(path): \(members.count) members here, \(other.count) in Foundation"
            }
            // Keys that only differ by U+FEFF may become one key in Foundation: their values are not compared.
            var strippedCounts: [String: Int] = [:]
            if bomKeys { for key in members.keys { strippedCounts[withoutBOM(key), default: 0] += 1 } }
            let stripped = bomKeys ? Dictionary(other.map { (withoutBOM($0.key), $0.value) }) { _, last in last } : [:]
            for key in JSONWriter.sortedKeys(members) {
                let child = JSONPath.member(key, of: path)
                guard let otherValue = other[key] ?? stripped[withoutBOM(key)] else {
                    return "\(child): missing in Foundation"
                }
                if bomKeys, strippedCounts[withoutBOM(key), default: 0] > 1 { continue }
                if let found = difference(members[key]!, otherValue, path: child) { return found }
            }
            return nil
        }
    }

    static func withoutBOM(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    static func sameScalars(_ ours: String, _ theirs: String) -> Bool {
        if ours.unicodeScalars.elementsEqual(theirs.unicodeScalars) { return true }
        return withoutBOM(ours).unicodeScalars.elementsEqual(withoutBOM(theirs).unicodeScalars)
    }

    static func scalars(_ text: String) -> String {
        text.unicodeScalars.prefix(40).map { "U+" + String($0.value, radix: 16, uppercase: true) }
            .joined(separator: " ")
    }

    static func numbersAgree(_ literal: String, _ theirs: NSNumber) -> Bool {
        let isInteger = !literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        if isInteger, let exact = Int64(literal), theirs.int64Value == exact { return true }
        if isInteger, let exact = UInt64(literal), theirs.uint64Value == exact { return true }
        guard let ours = Double(literal) else { return false }
        let other = theirs.doubleValue
        if ours == other { return true }
        let scale = max(abs(ours), abs(other))
        if scale < 1e-300 { return true }
        return abs(ours - other) <= 1e-9 * scale
    }
}
