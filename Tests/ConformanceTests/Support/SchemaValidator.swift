import Foundation
import PushBridge

/// A small validator for the subset of JSON Schema (draft 2020-12) that `Conformance/case-schema.json`
/// uses. A keyword it does not know is reported by ``unknownKeywords()``, so the schema cannot quietly
/// rely on a rule nobody checks.
struct SchemaValidator {
    /// One way an instance breaks the schema.
    struct Violation: Hashable, CustomStringConvertible {
        var path: String
        var message: String
        var description: String { "\(path): \(message)" }
    }

    /// The keywords this validator applies (or, for annotations, knowingly ignores).
    static let keywords: Set<String> = [
        "$schema", "$defs", "$ref", "title", "description", "type", "properties", "required", "additionalProperties",
        "items", "minItems", "uniqueItems", "minLength", "maxLength", "minimum", "pattern", "enum", "const", "oneOf",
        "propertyNames",
    ]

    let root: JSONValue

    /// Every violation of `instance`.
    func validate(_ instance: JSONValue) -> [Violation] {
        var violations: [Violation] = []
        validate(instance, against: root, at: "$", into: &violations)
        return violations
    }

    /// Keywords used anywhere in the schema that ``keywords`` does not cover, with their paths.
    func unknownKeywords() -> [String] {
        var unknown: [String] = []
        func walk(_ schema: JSONValue, _ path: String) {
            guard let members = schema.objectValue else { return }
            for key in members.keys.sorted() {
                if !Self.keywords.contains(key) { unknown.append(path + "/" + key) }
            }
            for (key, value) in members {
                switch key {
                case "properties", "$defs":
                    for (name, child) in value.objectValue ?? [:] { walk(child, "\(path)/\(key)/\(name)") }
                case "items", "additionalProperties", "propertyNames":
                    walk(value, "\(path)/\(key)")
                case "oneOf":
                    for (index, child) in (value.arrayValue ?? []).enumerated() {
                        walk(child, "\(path)/oneOf/\(index)")
                    }
                default:
                    break
                }
            }
        }
        walk(root, "#")
        return unknown
    }

    /// The schema a local `$ref` (`#/$defs/case`) points to.
    func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/") else { return nil }
        var current: JSONValue? = root
        for step in reference.dropFirst(2).split(separator: "/") { current = current?[String(step)] }
        return current
    }

    private func validate(
        _ instance: JSONValue, against schema: JSONValue, at path: String, into violations: inout [Violation]
    ) {
        func fail(_ message: String) { violations.append(Violation(path: path, message: message)) }
        if let reference = schema["$ref"]?.stringValue {
            guard let target = resolve(reference) else { return fail("unresolvable $ref \(reference)") }
            validate(instance, against: target, at: path, into: &violations)
        }
        if let type = schema["type"] {
            let allowed = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue ?? ""]
            if !allowed.contains(where: { Self.matches(instance, type: $0) }) {
                return fail("expected \(allowed.joined(separator: " or ")), found \(instance.typeName)")
            }
        }
        if let constant = schema["const"], instance != constant { fail("expected \(constant), found \(instance)") }
        if let options = schema["enum"]?.arrayValue, !options.contains(instance) {
            fail("expected one of \(JSONWriter.string(.array(options))), found \(instance)")
        }
        if case .string(let text) = instance {
            let length = text.unicodeScalars.count
            if let minimum = schema["minLength"]?.intValue, length < minimum {
                fail("shorter than \(minimum) characters")
            }
            if let maximum = schema["maxLength"]?.intValue, length > maximum {
                fail("\(length) characters, more than \(maximum)")
            }
            if let pattern = schema["pattern"]?.stringValue, !Self.matches(text, pattern: pattern) {
                fail("\"\(text)\" does not match \(pattern)")
            }
        }
        if case .number(let number) = instance, let minimum = schema["minimum"]?.numberValue?.doubleValue,
            let value = number.doubleValue, value < minimum
        {
            fail("\(number) is less than \(minimum)")
        }
        if case .array(let elements) = instance {
            if let minimum = schema["minItems"]?.intValue, elements.count < minimum {
                fail("fewer than \(minimum) items")
            }
            if schema["uniqueItems"] == true, Set(elements).count != elements.count { fail("items are not unique") }
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    validate(element, against: items, at: "\(path)[\(index)]", into: &violations)
                }
            }
        }
        if case .object(let members) = instance {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[key] == nil {
                fail("missing required \"\(key)\"")
            }
            if let names = schema["propertyNames"] {
                for key in members.keys.sorted() {
                    validate(.string(key), against: names, at: JSONPath.member(key, of: path), into: &violations)
                }
            }
            for key in members.keys.sorted() {
                let childPath = JSONPath.member(key, of: path)
                if let property = properties[key] {
                    validate(members[key]!, against: property, at: childPath, into: &violations)
                } else if let additional = schema["additionalProperties"] {
                    if additional == false {
                        violations.append(Violation(path: childPath, message: "unknown field \"\(key)\""))
                    } else if additional.objectValue != nil {
                        validate(members[key]!, against: additional, at: childPath, into: &violations)
                    }
                }
            }
        }
        if let branches = schema["oneOf"]?.arrayValue {
            let outcomes = branches.map { branch -> [Violation] in
                var found: [Violation] = []
                validate(instance, against: branch, at: path, into: &found)
                return found
            }
            let matching = outcomes.filter(\.isEmpty).count
            if matching > 1 { fail("matches \(matching) branches of oneOf") }
            if matching == 0 {
                // Report the branch meant by the instance's "type" constant, else the closest one.
                let meant = branches.firstIndex { $0["properties"]?["type"]?["const"] == instance["type"] }
                violations += outcomes[meant ?? outcomes.indices.min { outcomes[$0].count < outcomes[$1].count }!]
            }
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            return true
        case ("integer", .number(let number)):
            return number.isInteger
        default:
            return false
        }
    }

    private static func matches(_ text: String, pattern: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return false }
        return expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
