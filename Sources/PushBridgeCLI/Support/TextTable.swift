import PushBridge

import PushBridgeSystem

/// Renders rows of cells as a plain-text table with a header rule; the first row is the header and the first
/// column labels the rows. Cells are escaped for a terminal (``Swift/String/escapedForDisplay``: a format or
/// control character in a value or key is written `\u{202e}`).
///
/// A table wider than ``width`` is cut into several tables, one after the other (a blank line between), each
/// with the label column and as many of the other columns as fit, so eleven vendors stay readable in a
/// terminal. Output to a file or a pipe is cut only where the command promises a width (`compare --table`:
/// 100 columns) or `COLUMNS` asks for one.
enum TextTable {
    /// The widest line wanted: `COLUMNS` when it is a number ≥ 40; else 100 on a terminal, `piped` otherwise.
    static func width(piped: Int = Int.max) -> Int {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let columns = Int(text), columns >= 40 {
            return columns
        }
        return isatty(STDOUT_FILENO) == 1 ? 100 : piped
    }

    static func render(_ rows: [[String]], width: Int = TextTable.width()) -> String {
        let rows = rows.map { $0.map(\.escapedForDisplay) }
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        // Column groups after the label column, each as wide as fits next to it (at least one column).
        var groups: [[Int]] = []
        var used = widths.first ?? 0
        for column in widths.indices.dropFirst() {
            let needed = 2 + widths[column]
            if groups.isEmpty || used + needed > width {
                groups.append([column])
                used = (widths.first ?? 0) + needed
            } else {
                groups[groups.count - 1].append(column)
                used += needed
            }
        }
        if groups.isEmpty { groups = [[]] }
        return groups.map { group in
            let columns = [0] + group
            func line(_ row: [String]) -> String {
                var text = ""
                for (position, column) in columns.enumerated() {
                    let cell = column < row.count ? row[column] : ""
                    let isLast = position == columns.count - 1
                    text += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
                }
                return text + "\n"
            }
            var output = line(header)
            output += line(widths.map { String(repeating: "-", count: $0) })
            for row in rows.dropFirst() { output += line(row) }
            return output
        }.joined(separator: "\n")
    }
}
