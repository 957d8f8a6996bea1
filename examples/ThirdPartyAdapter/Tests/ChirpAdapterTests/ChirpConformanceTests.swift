import ChirpAdapter
import PushBridge
import PushBridgeConformance
import PushBridgeVendors
import Testing

/// This package's own cases: `Conformance/cases/` beside `Package.swift`.
let chirpCases = ConformanceSuite.directory("../../Conformance/cases")

/// Chirp beside the built-in vendors, so detection is checked exclusive against them too.
let suite = ConformanceSuite(adapters: BuiltInVendors.all + [ChirpAdapter()])

@Suite("Chirp against PushBridge's conformance suite")
struct ChirpConformanceTests {
    @Test("every Chirp case passes, and every law holds on its payloads")
    func conformance() throws {
        let report = try suite.run(casesDirectory: chirpCases, vendor: "chirp")
        #expect(report.results.count >= 8)
        try report.requirePassing()
    }
}
