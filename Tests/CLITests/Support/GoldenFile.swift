import PushBridgeTestSupport
import Testing

/// The files under `Tests/CLIGolden/`: what `bridge-cli` prints, byte for byte. `Tests/CLIGolden/regenerate.sh`
/// writes them all again from the built tool; a change to a command's output is a change to its golden.
enum GoldenFile {
    /// The folder, from the package root.
    static let folder = "Tests/CLIGolden"
    /// The script that writes every golden again.
    static let script = folder + "/regenerate.sh"

    /// The golden at `name` (a path below the folder), or nil when there is none.
    static func bytes(_ name: String) -> [UInt8]? {
        try? TestPaths.readBytes(TestPaths.packageRoot + "/" + folder + "/" + name)
    }

    /// Records an issue unless `actual` is the golden at `name` byte for byte: a missing golden, or a diff of the
    /// two texts (golden `-`, actual `+`) that names `command` and the script to run when the change is meant.
    static func expect(
        _ actual: [UInt8], equals name: String, from command: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let golden = bytes(name) else {
            Issue.record(
                "\(folder)/\(name) is missing: run \(script) to write what `\(command)` prints",
                sourceLocation: sourceLocation)
            return
        }
        guard actual != golden else { return }
        let message = "`\(command)` differs from \(folder)/\(name) (- golden, + actual); if the change is meant, "
            + "run \(script)\n" + lineDiff(golden, actual)
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Runs `bridge-cli arguments…` and expects exit 0 and, on stdout, the golden at `name` byte for byte.
    @discardableResult
    static func expectRun(
        _ arguments: [String], prints name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CLIResult {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        expect(
            result.stdoutBytes, equals: name, from: "bridge-cli \(arguments.joined(separator: " "))",
            sourceLocation: sourceLocation)
        return result
    }

    /// A line diff of two texts: kept lines with two spaces, `-` lines only in `old`, `+` lines only in `new`; or, when
    /// every line is the same, the first byte offset where they differ (a line ending, a final newline).
    static func lineDiff(_ old: [UInt8], _ new: [UInt8]) -> String {
        let before = CLIResult.lines(String(decoding: old, as: UTF8.self))
        let after = CLIResult.lines(String(decoding: new, as: UTF8.self))
        guard before != after else {
            let offset = zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(old.count, new.count)
            return "the lines are the same; the bytes differ at offset \(offset) (golden \(old.count) bytes, "
                + "actual \(new.count))"
        }
        // Longest common subsequence, from the end, then a walk from the start.
        var common = Array(repeating: Array(repeating: 0, count: after.count + 1), count: before.count + 1)
        for i in stride(from: before.count - 1, through: 0, by: -1) {
            for j in stride(from: after.count - 1, through: 0, by: -1) {
                common[i][j] = before[i] == after[j]
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: [String] = []
        var (i, j) = (0, 0)
        while i < before.count || j < after.count {
            if i < before.count, j < after.count, before[i] == after[j] {
                lines.append("  " + before[i])
                (i, j) = (i + 1, j + 1)
            } else if i < before.count, j == after.count || common[i + 1][j] >= common[i][j + 1] {
                lines.append("- " + before[i])
                i += 1
            } else {
                lines.append("+ " + after[j])
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
