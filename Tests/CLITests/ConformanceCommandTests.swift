import PushBridgeTestSupport
import Testing

@Suite("bridge-cli conformance")
struct ConformanceCommandTests {
    // Replaces "an empty cases directory ends with the line '0 passed, 0 failed' and exits 0" (issue 13: a run
    // that checks nothing is a failure).
    @Test("an empty cases directory fails: a line saying there is no case file, '0 passed, 1 failed', exit 1")
    func emptyCases() throws {
        let scratch = try Scratch()
        let result = try CLI.run(["conformance", "--cases", scratch.directory.path])
        #expect(result.status == 1, "\(result)")
        #expect(
            result.stdoutLines == [
                "\(scratch.path) [run] at $: expected at least one case file (*.json), got none under \(scratch.path)",
                "0 passed, 1 failed",
            ])
    }

    @Test("the repository's cases end with 'N passed, N failed'; the exit code is 1 exactly when N failed > 0")
    func summaryLine() throws {
        let cases = TestPaths.packageRoot + "/Conformance/cases"
        let result = try CLI.run(["conformance", "--cases", cases, "--vendor", "zixflow"])
        let last = try #require(result.stdoutLines.last)
        let words = last.split(separator: " ")
        try #require(words.count == 4 && words[1] == "passed," && words[3] == "failed", "\(last)")
        let passed = try #require(Int(words[0]))
        let failed = try #require(Int(words[2]))
        #expect(passed + failed > 0)
        #expect(result.status == (failed == 0 ? 0 : 1), "\(result)")
    }

    @Test("without --cases it runs the package's cases from any working directory, the same as --cases with their path")
    func casesFromThePackage() throws {
        let elsewhere = try Scratch("conformance-cwd")
        let fromElsewhere = try CLI.run(["conformance", "--vendor", "zixflow"], in: elsewhere.path)
        #expect(fromElsewhere.status == 0, "\(fromElsewhere)")
        let explicit = try CLI.run(["conformance", "--vendor", "zixflow", "--cases", TestPaths.packageRoot + "/Conformance/cases"])
        #expect(fromElsewhere.stdout == explicit.stdout)
        let last = try #require(fromElsewhere.stdoutLines.last)
        #expect(last.hasSuffix(" passed, 0 failed") && !last.hasPrefix("0 "), "\(last)")
    }

    @Test("a cases directory that cannot be read is exit 66; an unknown vendor or an input file exit 2",
          arguments: [(["--cases", "/nonexistent/cases"], 66), (["--vendor", "nosuch"], 2), (["cases.json"], 2)]
              as [([String], Int32)])
    func errors(arguments: [String], status: Int32) throws {
        let result = try CLI.run(["conformance"] + arguments)
        #expect(result.status == status)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
