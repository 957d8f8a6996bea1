import PushBridge

/// Law 1 beyond the run's own cases: an adapter under test leaves every other vendor's case payloads to that
/// vendor, the built-in vendors' `Conformance/cases` included, so a third-party adapter that over-claims fails
/// without its author running anyone else's cases.
extension ConformanceSuite {
    /// This package's `Conformance/cases` as this file was compiled: the built-in vendors' cases, which
    /// ``Options/exclusivityCases`` holds by default. In a package that depends on PushBridge it is inside
    /// PushBridge's checkout.
    public static let builtInCasesDirectory = directory("../cases", relativeTo: #filePath)

    /// The detection failures of the adapters under test (the vendors of `cases`) on every case under
    /// ``Options/exclusivityCases`` that is another vendor's and not among `cases`: the adapter must not take that
    /// case's payload (claim it as owner, or be the vendor the registry resolves it to) unless the case expects it
    /// to. Each failure carries the other case's id; a folder that cannot be read is a problem of the run.
    func exclusivityFailures(
        cases: [ConformanceCase]
    ) -> (byVendor: [String: [ConformanceFailure]], problems: [ConformanceFailure]) {
        let tested = Set(cases.map(\.vendor)).sorted().compactMap(registry.adapter(id:))
        guard !tested.isEmpty, !options.exclusivityCases.isEmpty else { return ([:], []) }
        let ran = Set(cases.map(\.id))
        var byVendor: [String: [ConformanceFailure]] = [:]
        var problems: [ConformanceFailure] = []
        var checked: Set<String> = []
        for folder in options.exclusivityCases {
            let loaded: [ConformanceCase]
            do throws(ConformanceLoadError) {
                loaded = try Self.loadCases(directory: folder).cases
            } catch {
                problems.append(
                    ConformanceFailure(
                        caseID: folder, check: .run, path: "$.exclusivityCases",
                        expected: "other vendors' cases to check detection against (Options.exclusivityCases)",
                        actual: "\(error.reason): pass the folder that holds them, or exclusivityCases: [] to opt out"))
                continue
            }
            for other in loaded where !ran.contains(other.id) && checked.insert(other.id).inserted {
                for adapter in tested where other.vendor != adapter.id && other.expect.claimedBy != adapter.id {
                    guard let failure = exclusivityFailure(adapter, on: other, folder: folder) else { continue }
                    byVendor[adapter.id, default: []].append(failure)
                }
            }
        }
        return (byVendor, problems)
    }

    /// Whether `adapter` takes the payload of `other`, a case of another vendor.
    private func exclusivityFailure(
        _ adapter: any VendorAdapter, on other: ConformanceCase, folder: String
    ) -> ConformanceFailure? {
        let strength = adapter.claimStrength(other.payload)
        var resolved: String?
        do throws(PushBridgeError) {
            resolved = try registry.claimant(of: other.payload)?.id
        } catch {
            resolved = nil
        }
        guard strength == .owner || (strength != nil && resolved == adapter.id) else { return nil }
        let owner = other.expect.claimedBy.map { "claimed by \($0) only" } ?? "claimed by no vendor"
        let how = strength == .owner ? "as owner" : "as carrier, and the registry gives it to \(adapter.id)"
        return ConformanceFailure(
            caseID: other.id, check: .detection, path: JSONPath.root,
            expected: "\(owner) (\(other.vendor)'s case, under \(folder))",
            actual: "claimed by \(adapter.id) \(how): its claims(_:) accepts another vendor's payload")
    }
}
