#if canImport(XCTest)
    import ChirpAdapter
    import PushBridgeConformance
    import PushBridgeVendors
    import XCTest

    /// The same run from XCTest: one assertion per failure, each naming its case, check and path.
    final class ChirpConformanceXCTests: XCTestCase {
        func testEveryChirpCasePasses() throws {
            let report = try suite.run(casesDirectory: chirpCases, vendor: "chirp")
            XCTAssertFalse(report.results.isEmpty)
            for failure in report.failures { XCTFail(failure.description) }
        }
    }
#endif
