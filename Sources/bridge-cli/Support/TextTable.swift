/// Renders rows of cells as a plain-text table with a header rule; the first row is the header.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func line(_ row: [String]) -> String {
            var text = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                text += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            return text + "\n"
        }
        var output = line(header)
        output += line(widths.map { String(repeating: "-", count: $0) })
        for row in rows.dropFirst() { output += line(row) }
        return output
    }
}
