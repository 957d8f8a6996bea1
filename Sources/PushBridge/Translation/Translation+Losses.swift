/// Which bridge-form fields a translation lost: one rule for every view of a translation (`compare --table`,
/// the preview), so none counts a loss differently.
extension Translation {
    /// Whether the bridge-form field at `path` (`$.buttons[2].title`) did not reach the target: a loss is
    /// reported at `path` itself or at a field that holds it (`$.buttons[2]`, `$.buttons`).
    public func loses(_ path: String) -> Bool {
        losses.contains { loss in
            guard path.hasPrefix(loss.path) else { return false }
            let rest = path.utf8.dropFirst(loss.path.utf8.count)
            return rest.isEmpty || rest.first == UInt8(ascii: ".") || rest.first == UInt8(ascii: "[")
        }
    }
}
