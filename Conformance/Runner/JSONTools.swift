import PushBridge

/// The JSON paths PushBridge writes (`$`, `$.a.b`, `$["Zixflow-Delivery-ID"]`, `$.buttons[2]`), as steps.
enum JSONPathSteps {
    /// One step of a path.
    enum Step: Hashable, Comparable {
        case member(String)
        case index(Int)

        static func < (lhs: Step, rhs: Step) -> Bool {
            switch (lhs, rhs) {
            case (.index(let a), .index(let b)): return a < b
            case (.member(let a), .member(let b)): return a.utf8.lexicographicallyPrecedes(b.utf8)
            case (.index, .member): return true
            case (.member, .index): return false
            }
        }
    }

    /// Parses a path; nil when it is not one PushBridge writes.
    static func parse(_ path: String) -> [Step]? {
        guard let components = JSONPath.components(of: path) else { return nil }
        var steps: [Step] = []
        for component in components {
            switch component {
            case .member(let key): steps.append(.member(key))
            case .index(let index): steps.append(.index(index))
            case .slice: return nil
            }
        }
        return steps
    }

    /// The text of `steps` under `root`, written as the core writes paths.
    static func render(_ steps: some Sequence<Step>, root: String = JSONPath.root) -> String {
        var path = root
        for step in steps {
            switch step {
            case .member(let key): path = JSONPath.member(key, of: path)
            case .index(let index): path = JSONPath.element(index, of: path)
            }
        }
        return path
    }

    /// The value at `steps` inside `value`, or nil when there is none.
    static func value(at steps: [Step], in value: JSONValue) -> JSONValue? {
        var current = value
        for step in steps {
            switch (step, current) {
            case (.member(let key), .object(let members)):
                guard let member = members[key] else { return nil }
                current = member
            case (.index(let index), .array(let elements)):
                guard elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// `value` with the value at `steps` removed (an array element is taken out, so later ones move up).
    /// Containers left empty by the removal are removed too, as the bridge form omits empty collections.
    static func removing(_ steps: ArraySlice<Step>, from value: JSONValue) -> JSONValue? {
        guard let first = steps.first else { return nil }
        let rest = steps.dropFirst()
        switch (first, value) {
        case (.member(let key), .object(var members)):
            guard let member = members[key] else { return value }
            if rest.isEmpty {
                members[key] = nil
            } else {
                members[key] = removing(rest, from: member)
            }
            return members.isEmpty ? .none : .some(.object(members))
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index) else { return value }
            if rest.isEmpty {
                elements.remove(at: index)
            } else if let replacement = removing(rest, from: elements[index]) {
                elements[index] = replacement
            } else {
                elements.remove(at: index)
            }
            return elements.isEmpty ? .none : .some(.array(elements))
        default:
            return value
        }
    }

    /// `value` with every path in `paths` removed, deepest and last first so that indices stay right.
    static func removing(_ paths: [String], from value: JSONValue) -> JSONValue {
        let parsed = paths.compactMap(parse).filter { !$0.isEmpty }
        let ordered = parsed.sorted { $0.lexicographicallyPrecedes($1) }.reversed()
        var result = value
        for steps in ordered {
            result = removing(steps[...], from: result) ?? .object([:])
        }
        return result
    }
}

/// Where two JSON values differ.
struct JSONDifference: Sendable, Hashable {
    /// The path of the difference.
    var path: String
    /// The expected value there (nil: absent).
    var expected: JSONValue?
    /// The actual value there (nil: absent).
    var actual: JSONValue?

    /// The differences between `expected` and `actual` under `path`, at most `limit` of them.
    static func between(
        _ expected: JSONValue?, _ actual: JSONValue?, at path: String, limit: Int = 8
    ) -> [JSONDifference] {
        var found: [JSONDifference] = []
        collect(expected, actual, path, limit, &found)
        return found
    }

    private static func collect(
        _ expected: JSONValue?, _ actual: JSONValue?, _ path: String, _ limit: Int, _ found: inout [JSONDifference]
    ) {
        guard found.count < limit, expected != actual else { return }
        switch (expected, actual) {
        case (.object(let left)?, .object(let right)?):
            for key in JSONWriter.sortedKeys(left.merging(right) { first, _ in first }) {
                collect(left[key], right[key], JSONPath.member(key, of: path), limit, &found)
            }
        case (.array(let left)?, .array(let right)?) where left.count == right.count:
            for index in left.indices {
                collect(left[index], right[index], JSONPath.element(index, of: path), limit, &found)
            }
        default:
            found.append(JSONDifference(path: path, expected: expected, actual: actual))
        }
    }

    /// A short printable form of a value: its canonical JSON (cut to 240 characters), or `(absent)`.
    static func show(_ value: JSONValue?) -> String {
        guard let value else { return "(absent)" }
        let text = JSONWriter.string(value)
        return text.count > 240 ? String(text.prefix(240)) + "…" : text
    }
}
