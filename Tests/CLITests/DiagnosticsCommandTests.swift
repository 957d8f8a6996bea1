import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli diagnostics")
struct DiagnosticsCommandTests {
    @Test("prints one JSON line per catalogued code: the code, its severities and its meaning")
    func listsEveryCode() throws {
        let lines = try CLI.jsonLines(["diagnostics"])
        #expect(lines.count == DiagnosticCatalog.entries.count)
        for (line, entry) in zip(lines, DiagnosticCatalog.entries) {
            #expect(line["code"]?.stringValue == entry.code.rawValue)
            #expect(line["severities"]?.arrayValue?.compactMap(\.stringValue) == entry.severities.map(\.rawValue))
            #expect(line["meaning"]?.stringValue == entry.meaning)
        }
        let unknownKey = try #require(lines.first { $0["code"]?.stringValue == DiagnosticCode.unknownKey.rawValue })
        #expect(unknownKey["severities"] == ["info", "warning"])
    }

    @Test("--markdown prints the reference page, byte for byte what the catalogue generates")
    func printsMarkdown() throws {
        let result = try CLI.run(["diagnostics", "--markdown"])
        #expect(result.status == 0)
        #expect(result.stdout == DiagnosticCatalog.markdown)
        #expect(result.stdout.hasPrefix("# Diagnostics\n"))
        #expect(result.stdout.contains("| `wrong-type` | warning | "))
    }

    @Test("--help names the --markdown option; an input file is a usage error (exit 2)")
    func helpAndUsage() throws {
        let help = try CLI.run(["diagnostics", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: bridge-cli diagnostics [--markdown]"))
        #expect(try CLI.run(["--help"]).stdoutLines.contains { $0.hasPrefix("  diagnostics ") })
        let extra = try CLI.run(["diagnostics", "payload.json"])
        #expect(extra.status == 2)
        #expect(extra.stderr.contains("diagnostics takes no input"))
    }
}
