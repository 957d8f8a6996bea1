import PushBridge

/// How the AppDNA adapter keys `ignored`: a top-level key under its own name, anything else under its JSON
/// path in the wire payload (`$.appdna.actions[1].type`). A top-level key that itself starts with `$` is stored
/// as its path (`$["$key"]`), so the two forms never collide.
enum AppDNAWirePath {
    /// One step of a path (never a slice here).
    typealias Step = JSONPath.Component

    /// The `ignored` key for a non-object `aps`.
    static let aps = "$.aps"

    /// The `ignored` key for top-level `key`.
    static func ignoredKey(forTopLevel key: String) -> String {
        key.hasPrefix("$") ? JSONPath.member(key, of: JSONPath.root) : key
    }

    /// The steps of a path written by ``JSONPath`` (`$`, `.name`, `["name"]`, `[3]`); nil when it is not one.
    static func parse(_ path: String) -> [Step]? {
        guard let steps = JSONPath.components(of: path),
              !steps.contains(where: { if case .slice = $0 { true } else { false } })
        else { return nil }
        return steps
    }

    /// `node` with `value` placed at `steps`: missing objects are created, an existing scalar is replaced,
    /// an element is reached only inside an existing array. Nil when `value` cannot be placed without
    /// replacing an object or array, or the path leads through a value of another shape.
    static func placing(_ value: JSONValue, at steps: ArraySlice<Step>, in node: JSONValue?) -> JSONValue? {
        guard let step = steps.first else {
            switch node {
            case .object?, .array?: return nil
            default: return value
            }
        }
        switch step {
        case .member(let key):
            var members: JSONObject
            switch node {
            case nil: members = [:]
            case .object(let existing)?: members = existing
            default: return nil
            }
            guard let child = placing(value, at: steps.dropFirst(), in: members[key]) else { return nil }
            members[key] = child
            return .object(members)
        case .slice:
            return nil
        case .index(let index):
            guard case .array(var elements)? = node, index < elements.count,
                  let child = placing(value, at: steps.dropFirst(), in: elements[index])
            else { return nil }
            elements[index] = child
            return .array(elements)
        }
    }
}
