/// Writes a value back at a JSON path (`$.buzzkit.actions[1].foreground`, `$.appdna.data`, `$.list[4:]`): how
/// an adapter returns what `decode` kept in ``PushPayload/ignored`` under its wire path to where it was sent.
public enum JSONPlacement {
    /// Places `value` at `path` (a path ``JSONPath`` writes) inside `root`; returns why not, or nil when placed.
    ///
    /// Missing arrays on the way are created, and missing objects when `creatingObjects` is true (a vendor
    /// whose decoder keeps only values found inside existing objects says false). The last step sets an absent
    /// member, inserts an element at its index (up to the array's end), or appends a slice's elements to an
    /// array of exactly `start` elements. A value already at a member is kept (the bridge form's own fields win) unless it is
    /// a scalar and `replacingScalars` is true; an object or array there is never replaced.
    public static func place(
        _ value: JSONValue, at path: String, in root: inout JSONObject, replacingScalars: Bool = false,
        creatingObjects: Bool = true
    ) -> String? {
        guard let steps = JSONPath.components(of: path), !steps.isEmpty else {
            return "'\(path)' is not a JSON path into the payload"
        }
        var node: JSONValue? = .object(root)
        let failure = place(
            value, at: steps[...], in: &node, replacingScalars: replacingScalars, creatingObjects: creatingObjects)
        if let failure { return failure }
        root = node?.objectValue ?? root
        return nil
    }

    /// ``place(_:at:in:replacingScalars:creatingObjects:)`` on parsed steps, inside `node` (nil: nothing there yet).
    public static func place(
        _ value: JSONValue, at steps: ArraySlice<JSONPath.Component>, in node: inout JSONValue?,
        replacingScalars: Bool = false, creatingObjects: Bool = true
    ) -> String? {
        func place(_ value: JSONValue, at steps: ArraySlice<JSONPath.Component>, in node: inout JSONValue?) -> String? {
            Self.place(
                value, at: steps, in: &node, replacingScalars: replacingScalars, creatingObjects: creatingObjects)
        }
        guard let step = steps.first else {
            switch node {
            case nil: node = value
            case .object?, .array?: return "the payload already has an object or array there"
            case _? where replacingScalars: node = value
            case _?: return "the payload already has a value there"
            }
            return nil
        }
        let rest = steps.dropFirst()
        switch (step, node) {
        case (.member(let key), nil), (.member(let key), .object?):
            var members = node?.objectValue ?? [:]
            var child = members[key]
            if child == nil, !creatingObjects, case .member? = rest.first { return "its parent '\(key)' is missing" }
            if let failure = place(value, at: rest, in: &child) { return failure }
            members[key] = child
            node = .object(members)
        case (.index(let index), nil), (.index(let index), .array?):
            var elements = node?.arrayValue ?? []
            if rest.isEmpty {
                guard index <= elements.count else { return "element \(index) is past the end of the array" }
                elements.insert(value, at: index)
            } else {
                guard index < elements.count else { return "element \(index) is missing" }
                var child: JSONValue? = elements[index]
                if let failure = place(value, at: rest, in: &child) { return failure }
                elements[index] = child ?? .null
            }
            node = .array(elements)
        case (.slice(let start), nil), (.slice(let start), .array?):
            let elements = node?.arrayValue ?? []
            guard rest.isEmpty, case .array(let tail) = value else { return "a slice holds an array of elements" }
            guard elements.count == start else { return "the array does not have exactly \(start) elements before it" }
            node = .array(elements + tail)
        case (.member, _?): return "its parent is not an object"
        case (.index, _?), (.slice, _?): return "its parent is not an array"
        }
        return nil
    }
}

extension JSONPlacement {
    /// Writes each entry of `ignored` back into `userInfo` at the wire path decoding kept it under, and returns a
    /// loss (at `$.ignored.<key>`) for each that no longer fits.
    ///
    /// Whole array elements go back first, in ascending index order, then slices, then members, so the array
    /// positions decoding saw are the positions written. A key that is not a path (`sticky`) names a top-level
    /// member when `plainKeysAreMembers` is true, and is otherwise a loss. `replacingScalars` and
    /// `creatingObjects` are those of `place(_:at:in:replacingScalars:creatingObjects:)`; `reason` words a
    /// loss from the key and why it did not fit.
    public static func writeBack(
        _ ignored: JSONObject, into userInfo: inout JSONObject, replacingScalars: Bool = false,
        creatingObjects: Bool = true, plainKeysAreMembers: Bool = false,
        reason: (_ key: String, _ failure: String) -> String = { "could not be written back: \($1)" }
    ) -> [Loss] {
        var losses: [Loss] = []
        func lose(_ key: String, _ value: JSONValue, _ failure: String) {
            losses.append(Loss(path: JSONPath.member(key, of: "$.ignored"), value: value, reason: reason(key, failure)))
        }
        var entries: [(key: String, value: JSONValue, steps: [JSONPath.Component])] = []
        for (key, value) in ignored.membersInCanonicalOrder {
            let steps = plainKeysAreMembers && !key.hasPrefix("$") ? [.member(key)] : JSONPath.components(of: key)
            guard let steps, !steps.isEmpty else {
                lose(key, value, "'\(key)' is not a JSON path into the payload")
                continue
            }
            entries.append((key, value, steps))
        }
        func rank(_ step: JSONPath.Component?) -> (Int, Int) {
            switch step {
            case .index(let index)?: return (0, index)
            case .slice(let start)?: return (1, start)
            case .member?, nil: return (2, 0)
            }
        }
        let ordered = entries.enumerated().sorted { lhs, rhs in
            let (left, right) = (rank(lhs.element.steps.last), rank(rhs.element.steps.last))
            return left != right ? left < right : lhs.offset < rhs.offset
        }
        for (_, entry) in ordered {
            var node: JSONValue? = .object(userInfo)
            if let failure = place(
                entry.value, at: entry.steps[...], in: &node, replacingScalars: replacingScalars,
                creatingObjects: creatingObjects)
            {
                lose(entry.key, entry.value, failure)
            } else if let placed = node?.objectValue {
                userInfo = placed
            }
        }
        return losses
    }
}
