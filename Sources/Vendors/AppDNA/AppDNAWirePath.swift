import PushBridge

/// How the AppDNA adapter keys `ignored`: a top-level key under its own name, anything else under its JSON
/// path in the wire payload (`$.appdna.actions[1].type`). A top-level key that itself starts with `$` is stored
/// as its path (`$["$key"]`), so the two forms never collide.
enum AppDNAWirePath {
    /// One step of a path (never a slice here).
    typealias Step = JSONPath.Component

    /// The `ignored` key for a non-object `aps`.
    static let aps = APSCoding.nonObjectAPSKey

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
}
