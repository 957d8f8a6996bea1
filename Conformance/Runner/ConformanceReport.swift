import PushBridge

/// What a conformance check compares: one of a case's expectations, or one of the laws of WIRE-FORMATS §9.
public indirect enum ConformanceCheck: Sendable, Hashable, CustomStringConvertible {
    /// The case file itself (unreadable JSON, an unknown field, a repeated id, …).
    case caseFile
    /// The run as a whole: no case ran, the cases folder holds no case file, or a vendor filter matched no case.
    case run
    /// The case's vendor has no registered adapter, so nothing of the case could be checked.
    case unregisteredVendor
    /// `expect.bridge`: the decoded bridge form. Paths are in the bridge form.
    case bridge
    /// `expect.effects`: what the steps did. Paths are in the effect list (`$[1].event`).
    case effects
    /// `expect.losses`: translating to `target`. Paths are loss paths.
    case losses(target: String)
    /// `expect.translated`: the userInfo translated to `target`. Paths are in that userInfo.
    case translated(target: String)
    /// `expect.diagnostics`: what decoding reported.
    case diagnostics
    /// Law 1: the case's vendor (or `expect.claimedBy`) claims the payload, and no other adapter does; an
    /// adapter that names `VendorAdapter.claimKeys` does not claim the payload with those keys removed.
    case detection
    /// Decoding the same payload twice gives the same result.
    case deterministicDecode
    /// Law 2: `decode(encode(p))` equals `p` apart from the losses `encode` reported. Paths are in the bridge form.
    case roundTrip
    /// A second round trip changes nothing and loses nothing. Paths are in the bridge form.
    case idempotence
    /// `encode(p, collectingLosses: false)` writes the same userInfo as `encode(p)`. Paths are in the wire payload.
    case leanEncode
    /// A category the adapter owns (`VendorAdapter.ownsCategory(_:)`) is one it provides through
    /// `VendorProfile.categories` and `VendorAdapter.categories(for:)`, and every launch category is one it
    /// owns. Path `$.category`.
    case providesCategory
    /// Law 3: the encoded payload is valid APNs; `target` is set for a translation into another vendor.
    case validAPNs(target: String?)
    /// Law 7: a translation into `target` is the target's or nobody's: `VendorRegistry.claimant(of:)` of the
    /// translated userInfo is `target` or no vendor, never another vendor or two — with the payload as it is, and
    /// with every other registered vendor's marker planted in its custom data. Path `$`.
    case translationClaimant(target: String)
    /// Law 5: an adversarial variant of the payload crashed the adapter, gave no result, or lost a value
    /// silently. Paths are in the wire payload.
    case adversarial(variant: String)
    /// Law 5: the adapter crashed while the case's own expectations were checked.
    case neverCrash
    /// Every receipt the adapter makes (in the case's steps, and for every step on the case's payload) is a row
    /// of its `VendorAdapter.eventTable`: the same kind and event name, only the properties the row allows, every
    /// key the row passes through (`EventTableEntry.passThroughPrefixes`) and, with a time known, the time it
    /// stamps (`EventTableEntry.timeProperty`, `Receipt.time`). Paths are in the effect list for the case's
    /// steps, `$` otherwise.
    case eventTable
    /// Every receipt the adapter makes can be delivered: the adapter describes its HTTP request
    /// (`VendorAdapter.receiptRequest(for:writeKey:)`), with a method, a path starting with `/`, no control
    /// character in the path or a header, a JSON body, and the write key only in a header marked secret.
    case receiptRequest
    /// The adapter registers the device token (`VendorProfile.tokenRegistration`): a device that knows
    /// everything gets a registration under the adapter's id with its token. Reported once per vendor, on its
    /// first case.
    case tokenRegistration
    /// A coding law (`law`) checked again on the payload with `aps.mutable-content` removed, so an encoder
    /// that adds `mutable-content` without reporting it as a loss is caught.
    case withoutMutableContent(ConformanceCheck)
    /// Every row of the adapter's `VendorAdapter.eventTable` is sent: by a case's steps, by the lifecycles the
    /// event-table law runs on a case's payload, or by a lifecycle the kit derives from the row's `sentOn` on a push
    /// it generates. Reported once per vendor, on its first case. Paths `$.eventTable[n]`.
    case eventCoverage
    /// What `VendorAdapter.capabilities` declares (`maxButtons` buttons, an image, a text-input button) survives
    /// `encode` then `decode` of a push the kit generates, or is reported lost. Reported once per vendor, on its
    /// first case. Paths in the bridge form.
    case capabilities
    /// The case has a known issue but every check passed: remove `knownIssue`.
    case knownIssueResolved

    public var description: String {
        switch self {
        case .caseFile: return "case-file"
        case .run: return "run"
        case .unregisteredVendor: return "unregistered-vendor"
        case .bridge: return "bridge"
        case .effects: return "effects"
        case .losses(let target): return "losses:\(target)"
        case .translated(let target): return "translated:\(target)"
        case .diagnostics: return "diagnostics"
        case .detection: return "law:detection"
        case .deterministicDecode: return "law:deterministic-decode"
        case .roundTrip: return "law:round-trip"
        case .idempotence: return "law:idempotence"
        case .leanEncode: return "law:lean-encode"
        case .providesCategory: return "law:provides-category"
        case .validAPNs(let target): return target.map { "law:valid-apns:\($0)" } ?? "law:valid-apns"
        case .translationClaimant(let target): return "law:translation-claimant:\(target)"
        case .adversarial(let variant): return "law:adversarial(\(variant))"
        case .neverCrash: return "law:never-crash"
        case .eventTable: return "law:event-table"
        case .receiptRequest: return "law:receipt-request"
        case .tokenRegistration: return "law:token-registration"
        case .eventCoverage: return "law:event-coverage"
        case .capabilities: return "law:capabilities"
        case .withoutMutableContent(let law): return "\(law)(without mutable-content)"
        case .knownIssueResolved: return "known-issue-resolved"
        }
    }
}

/// One way a case failed: which case, which check, where, and what was expected against what came out.
///
/// `expected` and `actual` are short texts, usually JSON (`"Opened"`, `{"type":"route",…}`) or `(absent)`.
public struct ConformanceFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The case's id (or the file's path, for a file that could not be read).
    public var caseID: String
    /// What was checked.
    public var check: ConformanceCheck
    /// JSON path of the difference, in the document the check compares (see ``ConformanceCheck``).
    public var path: String
    /// What the case or the law expects.
    public var expected: String
    /// What the adapter produced.
    public var actual: String

    /// Creates a failure.
    public init(caseID: String, check: ConformanceCheck, path: String, expected: String, actual: String) {
        self.caseID = caseID
        self.check = check
        self.path = path
        self.expected = expected
        self.actual = actual
    }

    /// `zixflow-tap [effects] at $[1].event: expected "Push Notification Action Clicked", got "Clicked"`.
    public var description: String {
        "\(caseID) [\(check)] at \(path): expected \(expected), got \(actual)"
    }
}

/// The outcome of one case.
public struct ConformanceCaseResult: Sendable, Hashable {
    /// How the case ended.
    public enum Status: Sendable, Hashable {
        /// Every check passed.
        case passed
        /// At least one check failed.
        case failed
        /// The case has a `knownIssue` and failed as documented (its failures are in ``failures``).
        case knownIssue(String)
    }

    /// The case's id.
    public var caseID: String
    /// The case's description.
    public var description: String
    /// The case's vendor.
    public var vendor: String
    /// The file it came from.
    public var source: String
    /// How it ended.
    public var status: Status
    /// Every failed check (also for a known issue, where they do not count as failures of the suite).
    public var failures: [ConformanceFailure]
}

/// Everything a run of the suite found: one result per case, plus problems reading case files and problems
/// of the run as a whole.
///
/// A report cannot pass on nothing: when no case ran, ``failures`` holds a ``ConformanceCheck/run`` failure
/// saying so, and ``isPassing`` is false.
public struct ConformanceReport: Sendable, Hashable, CustomStringConvertible {
    /// A run that failed, thrown by ``requirePassing()``: its description lists every failure.
    public struct Failed: Error, Sendable, CustomStringConvertible {
        /// The report.
        public var report: ConformanceReport
        public var description: String { report.description }
    }

    /// The case id of a failure that belongs to no case: `(no cases)`.
    public static let noCaseID = "(no cases)"

    /// One result per case, in the order the cases were read.
    public var results: [ConformanceCaseResult]
    /// Problems that kept cases (or whole files) from being read; each counts as a failed case.
    public var fileProblems: [ConformanceFailure]
    /// Problems of the run as a whole (an empty cases folder, a vendor filter that matched no case); each
    /// counts as one failure.
    public var runProblems: [ConformanceFailure]

    /// Creates a report.
    public init(
        results: [ConformanceCaseResult], fileProblems: [ConformanceFailure] = [],
        runProblems: [ConformanceFailure] = []
    ) {
        self.results = results
        self.fileProblems = fileProblems
        self.runProblems = runProblems
    }

    /// Cases whose every check passed.
    public var passedCount: Int { results.filter { $0.status == .passed }.count }
    /// Failed cases, plus one for each distinct case or file that could not be read, plus one for each problem
    /// of the run (``nothingRan`` included).
    public var failedCount: Int {
        results.filter { $0.status == .failed }.count + Set(fileProblems.map(\.caseID)).count
            + wholeRunProblems.count
    }
    /// Cases that failed as their `knownIssue` documents.
    public var knownIssueCount: Int {
        results.filter { if case .knownIssue = $0.status { return true } else { return false } }.count
    }

    /// The failure of a run in which no case ran and nothing else explains why; nil when a case ran.
    public var nothingRan: ConformanceFailure? {
        guard results.isEmpty, fileProblems.isEmpty, runProblems.isEmpty else { return nil }
        return ConformanceFailure(
            caseID: Self.noCaseID, check: .run, path: JSONPath.root, expected: "at least one case to run",
            actual: "no case ran: a run that checks nothing cannot pass")
    }

    /// ``runProblems``, or ``nothingRan`` when no case ran.
    private var wholeRunProblems: [ConformanceFailure] { runProblems + (nothingRan.map { [$0] } ?? []) }

    /// Every failure that fails the suite: problems of the run, file problems, then each failed case's, in order.
    public var failures: [ConformanceFailure] {
        wholeRunProblems + fileProblems + results.filter { $0.status == .failed }.flatMap(\.failures)
    }

    /// Whether something ran and nothing failed (known issues do not fail a run).
    public var isPassing: Bool { failedCount == 0 }

    /// `N passed, N failed`.
    public var summary: String { "\(passedCount) passed, \(failedCount) failed" }

    /// Throws ``Failed`` unless the run passed (at least one case ran, and nothing failed): the one call a test
    /// needs.
    public func requirePassing() throws(Failed) {
        guard isPassing else { throw Failed(report: self) }
    }

    /// One line per failure, one per known issue, then the summary.
    public var description: String {
        var lines = failures.map(\.description)
        for result in results {
            if case .knownIssue(let note) = result.status {
                lines.append("known issue: \(result.caseID): \(note) (\(result.failures.count) failing checks)")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }
}
