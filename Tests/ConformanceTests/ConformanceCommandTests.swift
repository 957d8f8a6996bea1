import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Runs the built `bridge-cli` in the package root.
/// Runs bridge-cli from the package root. Every built-in vendor's cases with every law take seconds alone and
/// far longer beside the rest of the suite on a small machine: the timeout only stops a hang.
private func bridgeCLI(_ arguments: [String]) throws -> CLIResult {
    try CLI.run(arguments, in: TestPaths.packageRoot, timeout: 300)
}

/// A folder holding one case file with one Zixflow case over a minimal payload; `fields` are the case's
/// members beside `id`, `description`, `vendor` and `payload` (JSON text, `"expect":{…}` at least).
private func folderWithOneZixflowCase(id: String, description: String, fields: String) throws -> Scratch {
    let folder = try Scratch("conformance")
    try folder.write(
        "zixflow/\(id).json",
        #"{"description":"one case","cases":[{"id":"\#(id)","description":"\#(description)","vendor":"zixflow","#
            + #""payload":{"aps":{"alert":"Hi"},"Zixflow-Delivery-ID":"1"},\#(fields)}]}"#)
    return folder
}

/// What `bridge-cli conformance` prints (exit codes and errors are covered in CLITests).
@Suite("bridge-cli conformance output")
struct ConformanceCommandOutputTests {
    @Test("with no options it runs Conformance/cases from the current directory and every case passes")
    func defaultDirectoryPasses() throws {
        let result = try bridgeCLI(["conformance"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let last = try #require(result.stdoutLines.last)
        #expect(last.hasSuffix(" passed, 0 failed"))
        #expect(Int(last.prefix { $0 != " " }).map { $0 >= 25 } == true)
    }

    @Test("a failing case prints one line naming case, check, path, expected and actual, then the summary")
    func failureLines() throws {
        let folder = try folderWithOneZixflowCase(
            id: "wrong-badge", description: "expects a missing badge", fields: #""expect":{"bridge":{"badge":7}}"#)
        let result = try bridgeCLI(["conformance", "--cases", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stdoutLines == ["wrong-badge [bridge] at $.badge: expected 7, got (absent)", "0 passed, 1 failed"])
    }

    @Test("known issues are listed before the summary and do not fail the run")
    func knownIssueLines() throws {
        let folder = try folderWithOneZixflowCase(
            id: "known-badge", description: "badge known to be wrong",
            fields: #""knownIssue":{"note":"badge not yet supported","checks":["bridge"]},"#
                + #""expect":{"bridge":{"badge":7}}"#)
        let result = try bridgeCLI(["conformance", "--cases", folder.path])
        #expect(result.status == 0)
        #expect(result.stdoutLines.contains { $0.hasPrefix("known issue: known-badge: ") })
        #expect(result.stdoutLines.last?.hasSuffix(" 0 failed") == true)
    }

    // Replaces "--vendor with no cases for that vendor passes with 0 cases and says so on stderr" (issue 13).
    @Test("--vendor with no cases for that vendor fails: the failure line says why, then '0 passed, 1 failed'")
    func vendorWithoutCases() throws {
        let folder = try folderWithOneZixflowCase(id: "one", description: "one case", fields: #""expect":{}"#)
        let result = try bridgeCLI(["conformance", "--vendor", "pushnotifai", "--cases", folder.path])
        #expect(result.status == 1)
        #expect(
            result.stdoutLines == [
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
        let output = result.stdoutLines
        let failed = output.dropLast()
        #expect(!failed.isEmpty)
        #expect(
            failed.allSatisfy {
                $0.contains(" [unregistered-vendor] at $.vendor: expected an adapter registered for 'chirp' ")
            }, "\(result.stdout)")
        #expect(output.last == "0 passed, \(failed.count) failed")
        #expect(
            result.stderr == "bridge-cli conformance: this bridge-cli runs the vendors it was built with "
                + "(\(BuiltInVendors.all.map(\.id).joined(separator: ", "))); register another adapter in a tool of "
                + "your own, BridgeCLI.main(vendors:), or run its cases with ConformanceSuite(adapters:) "
                + "from its package's tests\n")
    }
}
