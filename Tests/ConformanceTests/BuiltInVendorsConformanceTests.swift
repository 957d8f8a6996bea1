import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

@Suite("The built-in vendors against Conformance/cases")
struct BuiltInVendorsConformanceTests {
    @Test("every case of every built-in vendor passes, and every law holds on its payload")
    func allCasesPass() throws {
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: Paths.cases)
        #expect(report.isPassing, "\(report)")
        #expect(report.passedCount + report.knownIssueCount == report.results.count)
    }

    @Test("Zixflow has at least 25 cases, and every Zixflow case runs")
    func zixflowCaseCount() throws {
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(
            casesDirectory: Paths.cases, vendor: "zixflow")
        #expect(report.results.count >= 25)
        #expect(report.results.allSatisfy { $0.vendor == "zixflow" })
        #expect(report.isPassing, "\(report)")
    }

    @Test("the two example payloads of Zixflow's tracking guide are cases, byte for byte")
    func seedExamplesAreCases() throws {
        for name in ["zixflow-custom.json", "zixflow-native.json"] {
            let example = try Fixtures.payload(name)
            #expect(BuiltInCases.loaded.cases.contains { $0.payload == example }, "\(name) is not a case payload")
        }
    }

    @Test("each vendor folder holds only that vendor's cases")
    func foldersMatchVendors() {
        for testCase in BuiltInCases.loaded.cases {
            #expect(testCase.source.contains("/cases/\(testCase.vendor)/"), "\(testCase.id) is in \(testCase.source)")
        }
    }
}
