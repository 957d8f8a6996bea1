import PushBridge

/// The shared conformance suite: runs data cases (`Conformance/cases/<vendor>/*.json`) against vendor
/// adapters and checks the laws of WIRE-FORMATS §9 on every case's payload.
///
/// It imports no test framework: a run returns a ``ConformanceReport`` whose failures are values
/// (case id, check, JSON path, expected, actual), so XCTest, Swift Testing and `bridge-cli conformance`
/// all use it the same way.
///
/// ```swift
/// let suite = ConformanceSuite(adapters: BuiltInVendors.all + [AcmeAdapter()])
/// try suite.run(casesDirectory: "Conformance/cases", vendor: "acme").requirePassing()
/// ```
public struct ConformanceSuite: Sendable {
    /// How much the suite does beyond the cases' own expectations.
    public struct Options: Sendable, Hashable {
        /// Whether the laws (detection, round trip, valid APNs, adversarial variants) are checked.
        public var checksLaws: Bool
        /// Most adversarial variants tried per distinct payload (spread evenly when there are more).
        public var maxAdversarialVariants: Int
        /// Whether law 7 also translates the payload with every other vendor's marker planted in its custom data
        /// (off for the coding laws' rerun without `mutable-content`, where it would add nothing).
        var plantsMarkers = true
        /// Folders of other vendors' cases whose payloads every adapter under test must leave to their own vendor
        /// (law 1, `law:detection`, failures named by the other case's id). Default: the built-in vendors' cases
        /// (``ConformanceSuite/builtInCasesDirectory``); add your other adapters' folders; `[]` opts out.
        public var exclusivityCases: [String]

        /// Creates options.
        public init(
            checksLaws: Bool = true, maxAdversarialVariants: Int = 96,
            exclusivityCases: [String] = [ConformanceSuite.builtInCasesDirectory]
        ) {
            self.checksLaws = checksLaws
            self.maxAdversarialVariants = max(0, maxAdversarialVariants)
            self.exclusivityCases = exclusivityCases
        }
    }

    /// Every adapter: the ones under test and the ones detection must stay exclusive against.
    public let registry: VendorRegistry
    /// What the suite checks.
    public let options: Options

    /// Creates a suite over `adapters` (ids must be unique; the first of a repeated id is kept).
    public init(adapters: [any VendorAdapter], options: Options = Options()) {
        self.init(registry: VendorRegistry(adapters), options: options)
    }

    /// Creates a suite over the adapters of `registry`.
    init(registry: VendorRegistry, options: Options) {
        self.registry = registry
        self.options = options
    }

    /// Reads every `*.json` case file under `casesDirectory` (subfolders included) and runs the cases,
    /// only those for `vendor` when it is given.
    ///
    /// The run cannot pass on nothing: a folder with no case file, or a `vendor` that no case is for, is a
    /// ``ConformanceCheck/run`` failure in ``ConformanceReport/runProblems``,
    /// and a case whose vendor has no registered adapter fails with ``ConformanceCheck/unregisteredVendor``.
    ///
    /// - Throws: ``ConformanceLoadError`` when the directory (not a case file in it) cannot be read.
    public func run(casesDirectory: String, vendor: String? = nil) throws(ConformanceLoadError) -> ConformanceReport {
        let files = try CaseDirectory.jsonFiles(under: casesDirectory)
        let loaded = Self.loadCases(files: files)
        let cases = vendor.map { id in loaded.cases.filter { $0.vendor == id } } ?? loaded.cases
        var report = run(cases: cases)
        report.fileProblems = loaded.problems + report.fileProblems
        func runProblem(_ path: String, _ expected: String, _ actual: String) {
            report.runProblems.append(
                ConformanceFailure(caseID: casesDirectory, check: .run, path: path, expected: expected, actual: actual))
        }
        if files.isEmpty {
            runProblem(JSONPath.root, "at least one case file (*.json)", "none under \(casesDirectory)")
        } else if let vendor, cases.isEmpty, !loaded.cases.isEmpty {
            let found = Set(loaded.cases.map(\.vendor)).sorted().joined(separator: ", ")
            runProblem(
                "$.vendor", "cases for vendor '\(vendor)' (the vendor filter)",
                "none: the cases under \(casesDirectory) are for \(found)")
        }
        return report
    }

    /// Runs `cases` in order. A repeated id or description is a problem of the later case, which is not run.
    /// No case at all is a failing report (see ``ConformanceReport/nothingRan``).
    ///
    /// With the laws on, each vendor of `cases` is also checked once over the whole run, its failures on its first
    /// case: ``ConformanceCheck/eventCoverage``, ``ConformanceCheck/capabilities``, and detection on the other
    /// vendors' cases under ``Options/exclusivityCases`` (a folder that cannot be read is one of
    /// ``ConformanceReport/runProblems``).
    public func run(cases: [ConformanceCase]) -> ConformanceReport {
        var ids: [String: String] = [:]
        var descriptions: [String: String] = [:]
        var problems: [ConformanceFailure] = []
        var results: [ConformanceCaseResult] = []
        var ran: [ConformanceCase] = []
        var lawCache: [String: [ConformanceFailure]] = [:]
        for testCase in cases {
            let source = testCase.source.isEmpty ? "an earlier case" : testCase.source
            if let first = ids[testCase.id] {
                problems.append(
                    ConformanceFailure(
                        caseID: testCase.id, check: .caseFile, path: "$.id",
                        expected: "an id used once (first used in \(first))", actual: "a repeated id in \(source)"))
                continue
            }
            ids[testCase.id] = source
            if let first = descriptions[testCase.description] {
                problems.append(
                    ConformanceFailure(
                        caseID: testCase.id, check: .caseFile, path: "$.description",
                        expected: "a description used once (first used by \(first))",
                        actual: "\"\(testCase.description)\" again"))
                continue
            }
            descriptions[testCase.description] = testCase.id
            results.append(run(testCase, lawCache: &lawCache))
            ran.append(testCase)
        }
        guard options.checksLaws else { return ConformanceReport(results: results, fileProblems: problems) }
        addingVendorLaws(to: &results, cases: ran)
        let exclusivity = exclusivityFailures(cases: ran)
        var added: Set<String> = []
        for index in results.indices where added.insert(results[index].vendor).inserted {
            guard let found = exclusivity.byVendor[results[index].vendor], !found.isEmpty else { continue }
            results[index].failures += found
            results[index].status = .failed
        }
        return ConformanceReport(results: results, fileProblems: problems, runProblems: exclusivity.problems)
    }

    /// Runs one case.
    public func run(_ testCase: ConformanceCase) -> ConformanceCaseResult {
        var lawCache: [String: [ConformanceFailure]] = [:]
        return run(testCase, lawCache: &lawCache)
    }

    /// Reads every case file under `directory`: the cases that could be read, and the problems of the rest.
    public static func loadCases(
        directory: String
    ) throws(ConformanceLoadError) -> (cases: [ConformanceCase], problems: [ConformanceFailure]) {
        loadCases(files: try CaseDirectory.jsonFiles(under: directory))
    }

    /// Reads the case files at `files`: the cases that could be read, and the problems of the rest.
    static func loadCases(files: [String]) -> (cases: [ConformanceCase], problems: [ConformanceFailure]) {
        var cases: [ConformanceCase] = []
        var problems: [ConformanceFailure] = []
        for path in files {
            do throws(ConformanceLoadError) {
                let read = ConformanceCaseFile.read(try CaseDirectory.readFile(path), source: path)
                cases += read.cases
                problems += read.problems
            } catch {
                problems.append(
                    ConformanceFailure(
                        caseID: path, check: .caseFile, path: "$", expected: "a readable file", actual: error.reason))
            }
        }
        return (cases, problems)
    }

    /// A directory given relative to a source file: `ConformanceSuite.directory("../../Conformance/cases")`
    /// from a test file finds the cases however the package is checked out.
    public static func directory(_ relativePath: String, relativeTo file: StaticString = #filePath) -> String {
        var components = "\(file)".split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        components.removeLast()
        for component in relativePath.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": if components.count > 1 { components.removeLast() }
            default: components.append(String(component))
            }
        }
        return components.joined(separator: "/")
    }
}
