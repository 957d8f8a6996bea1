import PushBridge

/// One notification as every vendor would send it, as table rows: one row per bridge-form field, one column
/// per vendor, each cell the value the vendor's own payload carries (decoded back), `✗ lost` where
/// translation reported a loss, `—` where the field is absent. Cells are escaped for a terminal and, unless the
/// caller asks for them whole (`bridge-cli compare --table --wide`), clipped so four vendors fit in 100 columns;
/// laying the rows out is the caller's (`bridge-cli compare --table`).
public enum ComparisonTable {
    /// The width of the field column.
    public static let fieldWidth = 24
    /// The width of each vendor's column.
    public static let cellWidth = 16

    /// The header row (`field` and each translation's target) followed by one row per field. The fields are
    /// those of the first translation's source payload, then any a vendor's decoded payload adds, in order
    /// of first appearance; `$.vendor` is left out. Each translation's target is decoded back with its
    /// adapter in `registry` (a target it does not know shows every field as absent). Field names are clipped
    /// to ``fieldWidth`` and cells to ``cellWidth`` characters unless `whole` is true.
    public static func rows(_ translations: [Translation], registry: VendorRegistry, whole: Bool = false) -> [[String]] {
        guard let first = translations.first else { return [] }
        let sourceFields = flatten(first.payload.bridgeJSON, prefix: JSONPath.root)
        var columns: [[String: String]] = []
        var order = sourceFields.map(\.0)
        for translation in translations {
            let carried = registry.adapter(id: translation.target).map {
                flatten($0.decodeClaimed(translation.userInfo).payload.bridgeJSON, prefix: JSONPath.root)
            } ?? []
            for (path, _) in carried where !order.contains(path) { order.append(path) }
            columns.append(Dictionary(carried, uniquingKeysWith: { first, _ in first }))
        }
        var rows = [["field"] + translations.map(\.target)]
        for path in order where path != "$.vendor" {
            let field = String(path.dropFirst(2))
            var cells = [whole ? field.escapedForDisplay : clipMiddle(field, to: fieldWidth)]
            for (translation, column) in zip(translations, columns) {
                let value = column[path] ?? "—"
                cells.append(translation.loses(path) ? "✗ lost" : whole ? value.escapedForDisplay : clip(value, to: cellWidth))
            }
            rows.append(cells)
        }
        return rows
    }

    /// Leaf values of a JSON value with their JSON paths (`$.alert.title`, `$.buttons[0].id`), the same
    /// form losses use, in canonical order.
    public static func flatten(_ value: JSONValue, prefix: String) -> [(String, String)] {
        switch value {
        case .object(let members) where !members.isEmpty:
            return JSONWriter.sortedKeys(members).flatMap { key in
                flatten(members[key]!, prefix: JSONPath.member(key, of: prefix))
            }
        case .array(let elements) where !elements.isEmpty:
            return elements.enumerated().flatMap { flatten($1, prefix: prefix + "[\($0)]") }
        case .string(let text):
            return [(prefix, text)]
        default:
            return [(prefix, JSONWriter.string(value))]
        }
    }

    /// `text` escaped for a terminal (the escapes counted in its width), then clipped.
    private static func clip(_ text: String, to width: Int) -> String {
        let text = text.escapedForDisplay
        return text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// Clips in the middle, so two long paths that differ only at the end stay apart.
    private static func clipMiddle(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        let head = (width - 1) / 2
        return String(text.prefix(head)) + "…" + String(text.suffix(width - 1 - head))
    }
}
