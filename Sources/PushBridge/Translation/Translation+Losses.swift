/// Which bridge-form fields a translation lost: one rule for every view of a translation (`compare --table`,
/// the preview), so none counts a loss differently.
extension Translation {
    /// Whether the bridge-form field at `path` (`$.buttons[2].title`) did not reach the target: a loss is
    /// reported at `path` itself or at a field that holds it (`$.buttons[2]`, `$.buttons`). The loss at `$` that says
    /// only that the target does not claim the push as written (its value null: `Translator.reportUnclaimed`) loses
    /// no field: each reaches the target, which sends no receipt for it until its backend adds its keys.
    public func loses(_ path: String) -> Bool {
        losses.contains { loss in
            if loss.path == JSONPath.root, loss.value == .null { return false }
            guard path.hasPrefix(loss.path) else { return false }
            let rest = path.utf8.dropFirst(loss.path.utf8.count)
            return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
        }
    }
}
