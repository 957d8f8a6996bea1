import Foundation
import PushBridgeTestSupport
import Testing

/// Runs the built `bridge-cli` (found beside the test binary, or at `$BRIDGE_CLI`) in the package root.
private func bridgeCLI(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let executable = try #require(
        TestPaths.bridgeCLI, "bridge-cli was not found beside \(CommandLine.arguments[0]); set BRIDGE_CLI")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: Paths.packageRoot)
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let stdout = output.fileHandleForReading.readDataToEndOfFile()
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

private func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

/// What `bridge-cli conformance` prints (exit codes and errors are covered in CLITests).
@Suite("bridge-cli conformance output")
struct ConformanceCommandOutputTests {
    @Test("with no options it runs Conformance/cases from the current directory and every case passes")
    func defaultDirectoryPasses() throws {
        let result = try bridgeCLI(["conformance"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let last = try #require(lines(result.stdout).last)
        #expect(last.hasSuffix(" passed, 0 failed"))
        #expect(Int(last.prefix { $0 != " " }).map { $0 >= 25 } == true)
    }

    @Test("a failing case prints one line naming case, check, path, expected and actual, then the summary")
    func failureLines() throws {
        let folder = try Scratch("conformance")
        try folder.write(
            "zixflow/bad.json",
            #"""
            {"description":"one wrong expectation","cases":[{"id":"wrong-badge","description":"expects a missing badge",
              "vendor":"zixflow","payload":{"aps":{"alert":"Hi"},"Zixflow-Delivery-ID":"1"},
              "expect":{"bridge":{"badge":7}}}]}
            """#)
        let result = try bridgeCLI(["conformance", "--cases", folder.path])
        #expect(result.status == 1)
        #expect(
            lines(result.stdout) == ["wrong-badge [bridge] at $.badge: expected 7, got (absent)", "0 passed, 1 failed"])
    }

    @Test("known issues are listed before the summary and do not fail the run")
    func knownIssueLines() throws {
        let folder = try Scratch("conformance")
        try folder.write("zixflow/known.json", #"""
            {"description":"a known issue","cases":[{"id":"known-badge","description":"badge known to be wrong",
              "vendor":"zixflow","payload":{"aps":{"alert":"Hi"},"Zixflow-Delivery-ID":"1"},
              "knownIssue":{"note":"badge not yet supported","checks":["bridge"]},
              "expect":{"bridge":{"badge":7}}}]}
            """#)
        let result = try bridgeCLI(["conformance", "--cases", folder.path])
        #expect(result.status == 0)
        #expect(lines(result.stdout).contains { $0.hasPrefix("known issue: known-badge: ") })
        #expect(lines(result.stdout).last?.hasSuffix(" 0 failed") == true)
    }

    // Replaces "--vendor with no cases for that vendor passes with 0 cases and says so on stderr" (issue 13).
    @Test("--vendor with no cases for that vendor fails: the failure line says why, then '0 passed, 1 failed'")
    func vendorWithoutCases() throws {
        let folder = try Scratch("conformance")
        try folder.write(
            "zixflow/one.json",
            #"""
            {"description":"one case","cases":[{"id":"one","description":"one case",
              "vendor":"zixflow","payload":{"aps":{"alert":"Hi"},"Zixflow-Delivery-ID":"1"},"expect":{}}]}
            """#)
        let result = try bridgeCLI(["conformance", "--vendor", "pushnotifai", "--cases", folder.path])
        #expect(result.status == 1)
        #expect(
            lines(result.stdout) == [
                "\(folder.path) [run] at $.vendor: expected cases for vendor 'pushnotifai' (the vendor filter), "
                    + "got none: the cases under \(folder.path) are for zixflow",
                "0 passed, 1 failed",
            ])
        #expect(result.stderr.isEmpty)
    }

    @Test("cases for a vendor bridge-cli does not know fail, one line each, with a hint on stderr; exit 1")
    func casesForUnknownVendor() throws {
        let result = try bridgeCLI(["conformance", "--cases", Paths.exampleCases])
        #expect(result.status == 1)
        let output = lines(result.stdout)
        let failed = output.dropLast()
        #expect(!failed.isEmpty)
        #expect(
            failed.allSatisfy {
                $0.contains(" [unregistered-vendor] at $.vendor: expected an adapter registered for 'chirp' ")
            }, "\(result.stdout)")
        #expect(output.last == "0 passed, \(failed.count) failed")
        #expect(
            result.stderr == "bridge-cli conformance: bridge-cli runs the built-in vendors only "
                + "(zixflow, buzzkit, appdna, pushnotifai); run another adapter's cases with ConformanceSuite(adapters:) "
                + "from its package's tests\n")
    }
}
