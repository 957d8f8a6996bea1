import Foundation
import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors

/// Where the package's conformance files are, under ``TestPaths/packageRoot``.
enum Paths {
    /// `Conformance/cases`.
    static let cases = TestPaths.packageRoot + "/Conformance/cases"
    /// `Conformance/case-schema.json`.
    static let schema = TestPaths.packageRoot + "/Conformance/case-schema.json"
    /// The third-party example's cases.
    static let exampleCases = TestPaths.packageRoot + "/examples/ThirdPartyAdapter/Conformance/cases"

    /// Every `*.json` file under `directory`, sorted.
    static func jsonFiles(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            if relative.hasSuffix(".json") { files.append(directory + "/" + relative) }
        }
        return files.sorted()
    }

    /// The parsed JSON of a file.
    static func json(_ path: String) throws -> JSONValue {
        try JSONParser.parse(try TestPaths.readBytes(path))
    }
}

/// The built-in cases, read once.
enum BuiltInCases {
    static let loaded: (cases: [ConformanceCase], problems: [ConformanceFailure]) = {
        (try? ConformanceSuite.loadCases(directory: Paths.cases)) ?? ([], [])
    }()

    /// The built-in cases with these ids, in the order given.
    static func named(_ ids: String...) -> [ConformanceCase] {
        ids.compactMap { id in loaded.cases.first { $0.id == id } }
    }
}
