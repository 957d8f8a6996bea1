import PushBridge

/// How the AppDNA adapter keys `ignored`: a top-level key under its own name, anything else under its JSON
/// path in the wire payload (`$.appdna.actions[1].type`). A top-level key that itself starts with `$` is stored
/// as its path (`$["$key"]`), so the two forms never collide.
enum AppDNAWirePath {
    /// One step of a path.
    enum Step: Hashable {
        case member(String)
        case element(Int)
    }

    /// The `ignored` key for a non-object `aps`.
    static let aps = "$.aps"

    /// The `ignored` key for top-level `key`.
    static func ignoredKey(forTopLevel key: String) -> String {
        key.hasPrefix("$") ? JSONPath.member(key, of: JSONPath.root) : key
    }

    /// The steps of a path written by ``JSONPath`` (`$`, `.name`, `["name"]`, `[3]`); nil when it is not one.
    static func parse(_ path: String) -> [Step]? {
        let bytes = Array(path.utf8)
        guard bytes.first == UInt8(ascii: "$") else { return nil }
        var steps: [Step] = []
        var index = 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "."):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "."), bytes[end] != UInt8(ascii: "[") { end += 1 }
                guard end > index + 1 else { return nil }
                steps.append(.member(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)))
                index = end
            case UInt8(ascii: "[") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
                var end = index + 2
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "]"),
                      let key = try? JSONParser.parse(Array(bytes[(index + 1)...end])).stringValue
                else { return nil }
                steps.append(.member(key))
                index = end + 2
            case UInt8(ascii: "["):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "]") { end += 1 }
                guard end < bytes.count, let number = Int(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)),
                      number >= 0
                else { return nil }
                steps.append(.element(number))
                index = end + 1
            default:
                return nil
            }
        }
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
            var members: [String: JSONValue]
            switch node {
            case nil: members = [:]
            case .object(let existing)?: members = existing
            default: return nil
            }
            guard let child = placing(value, at: steps.dropFirst(), in: members[key]) else { return nil }
            members[key] = child
            return .object(members)
        case .element(let index):
            guard case .array(var elements)? = node, index < elements.count,
                  let child = placing(value, at: steps.dropFirst(), in: elements[index])
            else { return nil }
            elements[index] = child
            return .array(elements)
        }
    }
}
