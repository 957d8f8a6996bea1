import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let payload: JSONObject = [
    "aps": ["alert": ["title": "Hi", "body": "There"]], "Zixflow-Delivery-ID": "42", "Zixflow-Delivery-Token": "tok",
    "deeplink_url": "javascript:alert(1)", "large_icon_url": "https://cdn.example.com/i.png",
]
private let opened: JSONValue = [
    "type": "receipt", "vendor": "zixflow", "kind": "opened", "event": "Opened",
    "properties": ["Zixflow-Delivery-ID": "42", "Zixflow-Delivery-Token": "tok"],
]
private let rejected: JSONValue = ["type": "route", "url": "javascript:alert(1)", "via": "rejected"]

/// A Zixflow case over `payload`, laws off unless asked: these tests are about one expectation at a time.
private func check(
    _ expect: ConformanceCase.Expectation, steps: [LifecycleStep] = [], knownIssue: ConformanceCase.KnownIssue? = nil,
    laws: Bool = false
) -> ConformanceCaseResult {
    let suite = ConformanceSuite(adapters: BuiltInVendors.all, options: .init(checksLaws: laws))
    return suite.run(
        ConformanceCase(
            id: "t-1", description: "test", vendor: "zixflow", payload: payload, steps: steps, expect: expect,
            knownIssue: knownIssue))
}

private func expect(
    bridge: JSONObject? = nil, effects: [JSONValue]? = nil, diagnosticsToo: Bool = false,
    losses: [String: [String]]? = nil, translated: [String: JSONObject]? = nil,
    diagnostics: [ConformanceCase.ExpectedDiagnostic]? = nil
) -> ConformanceCase.Expectation {
    .init(
        claimedBy: "zixflow", bridge: bridge, effects: effects, effectsIncludeDiagnostics: diagnosticsToo,
        losses: losses, translated: translated, diagnostics: diagnostics)
}

@Suite("Expectations of a case")
struct ExpectationTests {
    @Test("bridge: only the keys given are compared, and a difference names its path")
    func bridgeSubset() {
        #expect(
            check(expect(bridge: ["messageId": "42", "alert": ["title": "Hi", "body": "There"]])).status == .passed)
        let failures = check(expect(bridge: ["alert": ["title": "Hello", "body": "There"]])).failures
        #expect(
            failures == [
                ConformanceFailure(
                    caseID: "t-1", check: .bridge, path: "$.alert.title", expected: "\"Hello\"", actual: "\"Hi\"")
            ])
    }

    @Test("bridge: a null expectation means the key must be absent")
    func bridgeNullMeansAbsent() {
        #expect(check(expect(bridge: ["badge": .null])).status == .passed)
        let failures = check(expect(bridge: ["messageId": .null])).failures
        #expect(failures.map(\.path) == ["$.messageId"])
        #expect(failures.first?.expected == "(absent)")
    }

    @Test("effects: compared in order, diagnostics left out unless the case opts in")
    func effectsWithoutDiagnostics() {
        #expect(check(expect(effects: [opened, rejected]), steps: [.open]).status == .passed)
        let withDiagnostics = expect(
            effects: [opened, rejected, ["type": "diagnostic", "code": .code(.linkRejected)]], diagnosticsToo: true)
        #expect(check(withDiagnostics, steps: [.open]).status == .passed)
        let wrongCode = expect(
            effects: [opened, rejected, ["type": "diagnostic", "code": "other"]], diagnosticsToo: true)
        #expect(check(wrongCode, steps: [.open]).failures.map(\.path) == ["$[2].code"])
    }

    @Test("effects: a wrong field, a missing line and an extra line are reported with their index")
    func effectDifferences() {
        var renamed = opened.objectValue!
        renamed["event"] = "Open"
        let wrong = check(expect(effects: [.object(renamed), rejected]), steps: [.open]).failures
        #expect(
            wrong == [
                ConformanceFailure(
                    caseID: "t-1", check: .effects, path: "$[0].event", expected: "\"Open\"", actual: "\"Opened\"")
            ])

        let missing = check(expect(effects: [opened]), steps: [.open]).failures
        #expect(missing.map(\.path) == ["$[1]", "$"])
        #expect(missing.last?.actual == "2 effects: receipt Opened, route javascript:alert(1) (rejected)")

        let extra = check(expect(effects: [opened, rejected, rejected]), steps: [.open]).failures
        #expect(extra.first?.path == "$[2]")
        #expect(extra.first?.actual == "(absent)")
    }

    @Test("losses: compared as sets per target, naming missing and unexpected paths")
    func losses() {
        let exact = ["$.ignored.large_icon_url", "$.tracking[\"Zixflow-Delivery-Token\"]"]
        #expect(check(expect(losses: ["buzzkit": exact.reversed(), "zixflow": []])).status == .passed)
        let failures = check(expect(losses: ["buzzkit": Array(exact.dropFirst()) + ["$.imageURL"]])).failures
        #expect(Set(failures.map(\.path)) == ["$.imageURL", "$.ignored.large_icon_url"])
        #expect(failures.allSatisfy { $0.check == .losses(target: "buzzkit") })
        #expect(failures.first { $0.path == "$.ignored.large_icon_url" }?.expected == "no loss")
    }

    @Test("losses into a vendor that is not registered are a failure, not skipped silently")
    func unknownTarget() {
        #expect(check(expect(losses: ["acme": []])).failures.map(\.check) == [.losses(target: "acme")])
    }

    @Test("translated: each path given is looked up in the translated userInfo; null means absent")
    func translated() {
        let holds = expect(translated: [
            "pushnotifai": [
                "$.aps.alert": ["title": "Hi", "body": "There"], "$.pna_message_id": "42", "$.deeplink_url": .null,
            ]
        ])
        #expect(check(holds).status == .passed)
        let wrong = expect(translated: ["buzzkit": ["$.buzzkit.messageId": "7", "$.aps.category": .null, "$.x": 1]])
        let failures = check(wrong).failures
        #expect(
            failures == [
                ConformanceFailure(
                    caseID: "t-1", check: .translated(target: "buzzkit"), path: "$.buzzkit.messageId",
                    expected: "\"7\"",
                    actual: "\"42\""),
                ConformanceFailure(
                    caseID: "t-1", check: .translated(target: "buzzkit"), path: "$.x", expected: "1", actual: "(absent)"
                ),
            ])
        #expect(check(expect(translated: ["acme": [:]])).failures.map(\.check) == [.translated(target: "acme")])
    }

    @Test("diagnostics: each expected one must be reported, with its path and severity when given")
    func diagnostics() {
        let code = DiagnosticCode.noIOSMeaning.rawValue
        #expect(check(expect(diagnostics: [.init(code: code, path: "$.large_icon_url", severity: .info)])).status == .passed)
        let failures = check(expect(diagnostics: [.init(code: code, path: "$.sticky")])).failures
        #expect(failures.map(\.path) == ["$.sticky"])
        #expect(failures.first?.actual.contains("no-ios-meaning at $.large_icon_url") == true)
    }

    @Test("detection: a payload claimed by the wrong vendor is reported")
    func detection() {
        var wrong = expect()
        wrong.claimedBy = nil
        #expect(
            check(wrong, laws: true).failures.contains {
                $0.check == .detection && $0.expected == "claimed by no vendor" && $0.actual == "claimed by zixflow"
            })
    }
}

@Suite("Known issues, runs that check nothing, and the report")
struct ReportTests {
    @Test("a failing check listed in knownIssue makes the case a known issue, not a failure")
    func knownIssue() {
        let issue = ConformanceCase.KnownIssue(note: "renamed", checks: ["bridge"])
        let result = check(expect(bridge: ["messageId": "other"]), knownIssue: issue)
        #expect(result.status == .knownIssue("renamed"))
        #expect(ConformanceReport(results: [result]).isPassing)
    }

    @Test("a known issue whose checks pass fails the case until the note is removed")
    func knownIssueResolved() {
        let result = check(expect(bridge: ["messageId": "42"]), knownIssue: .init(note: "fixed", checks: ["bridge"]))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.check) == [.knownIssueResolved])
    }

    @Test("a failure of a check the known issue does not list still fails the case")
    func knownIssueOtherCheck() {
        let result = check(
            expect(bridge: ["messageId": "other"]), knownIssue: .init(note: "x", checks: ["losses:buzzkit"]))
        #expect(result.status == .failed)
        #expect(result.failures.map(\.check) == [.bridge])
    }

    // Replaces "a case for a vendor with no registered adapter is skipped" (issue 13: the kit must not pass
    // on nothing).
    @Test("a case for a vendor with no registered adapter fails, naming the adapters that are registered")
    func unregisteredVendor() {
        let suite = ConformanceSuite(adapters: [ZixflowAdapter()])
        let report = suite.run(cases: [ConformanceCase(id: "b-1", description: "x", vendor: "buzzkit", payload: [:])])
        #expect(report.results.first?.status == .failed)
        #expect(
            report.failures == [
                ConformanceFailure(
                    caseID: "b-1", check: .unregisteredVendor, path: "$.vendor",
                    expected: "an adapter registered for 'buzzkit' (registered: zixflow)",
                    actual: "none, so nothing was checked: add the adapter to ConformanceSuite(adapters:)")
            ])
        #expect(report.summary == "0 passed, 1 failed")
        #expect(throws: ConformanceReport.Failed.self) { try report.requirePassing() }
    }

    @Test("a run of no cases fails: the report says no case ran, and requirePassing throws")
    func nothingRan() {
        let report = ConformanceSuite(adapters: BuiltInVendors.all).run(cases: [])
        #expect(!report.isPassing)
        #expect(
            report.description == """
                (no cases) [run] at $: expected at least one case to run, got no case ran: a run that checks \
                nothing cannot pass
                0 passed, 1 failed
                """)
        #expect(throws: ConformanceReport.Failed.self) { try report.requirePassing() }
        #expect(!ConformanceReport(results: []).isPassing, "a report built by hand cannot pass on nothing either")
    }

    @Test("a repeated id is a failure of the later case, which is not run")
    func repeatedID() {
        let suite = ConformanceSuite(adapters: BuiltInVendors.all, options: .init(checksLaws: false))
        let one = ConformanceCase(id: "same", description: "one", vendor: "zixflow", payload: payload, source: "a.json")
        let two = ConformanceCase(id: "same", description: "two", vendor: "zixflow", payload: payload, source: "b.json")
        let report = suite.run(cases: [one, two])
        #expect(report.results.count == 1)
        #expect(report.failures.map(\.check) == [.caseFile])
        #expect(report.failures.first?.expected == "an id used once (first used in a.json)")
        #expect(report.summary == "1 passed, 1 failed")
    }

    @Test("a repeated description is a failure of the later case, which is not run")
    func repeatedDescription() {
        let suite = ConformanceSuite(adapters: BuiltInVendors.all, options: .init(checksLaws: false))
        let one = ConformanceCase(id: "one", description: "same words", vendor: "zixflow", payload: payload)
        let two = ConformanceCase(id: "two", description: "same words", vendor: "zixflow", payload: payload)
        let report = suite.run(cases: [one, two])
        #expect(report.results.map(\.caseID) == ["one"])
        #expect(report.failures.map(\.caseID) == ["two"])
        #expect(report.failures.first?.expected == "a description used once (first used by one)")
    }

    @Test("the report prints one line per failure and ends with N passed, N failed")
    func description() throws {
        let result = check(expect(bridge: ["badge": 3]))
        let report = ConformanceReport(results: [result, check(expect())])
        #expect(
            report.description == """
                t-1 [bridge] at $.badge: expected 3, got (absent)
                1 passed, 1 failed
                """)
        #expect(throws: ConformanceReport.Failed.self) { try report.requirePassing() }
        do {
            try report.requirePassing()
        } catch {
            #expect(error.description.hasSuffix("1 passed, 1 failed"))
        }
    }
}

@Suite("Case directories")
struct CaseDirectoryTests {
    // Replaces "an empty folder gives an empty, passing report" (issue 13: the kit must not pass on nothing).
    @Test("an empty folder fails: no case file under it")
    func emptyFolder() throws {
        let folder = try Scratch("conformance")
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: folder.path)
        #expect(report.results.isEmpty)
        #expect(!report.isPassing)
        #expect(
            report.failures == [
                ConformanceFailure(
                    caseID: folder.path, check: .run, path: "$", expected: "at least one case file (*.json)",
                    actual: "none under \(folder.path)")
            ])
        #expect(report.summary == "0 passed, 1 failed")
    }

    @Test("a case file that holds no case fails as a case-file problem")
    func fileWithoutCases() throws {
        let folder = try Scratch("conformance")
        try folder.write("zixflow/none.json", #"{"description":"nothing yet","cases":[]}"#)
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: folder.path)
        #expect(report.failures.map(\.check) == [.caseFile])
        #expect(report.summary == "0 passed, 1 failed")
    }

    @Test("a vendor filter that matches no case fails, naming the vendors the cases are for")
    func unmatchedVendorFilter() throws {
        let suite = ConformanceSuite(adapters: BuiltInVendors.all)
        let report = try suite.run(casesDirectory: Paths.cases + "/pushnotifai", vendor: "zixflow")
        #expect(report.results.isEmpty)
        #expect(
            report.failures == [
                ConformanceFailure(
                    caseID: Paths.cases + "/pushnotifai", check: .run, path: "$.vendor",
                    expected: "cases for vendor 'zixflow' (the vendor filter)",
                    actual: "none: the cases under \(Paths.cases)/pushnotifai are for pushnotifai")
            ])
        #expect(throws: ConformanceReport.Failed.self) { try report.requirePassing() }
    }

    @Test("cases for a vendor whose adapter is not registered fail, each naming the vendor")
    func casesForUnregisteredVendor() throws {
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: Paths.exampleCases)
        #expect(report.passedCount == 0)
        #expect(report.failedCount == report.results.count && report.failedCount > 0, "\(report)")
        #expect(report.failures.allSatisfy { $0.check == .unregisteredVendor && $0.path == "$.vendor" })
    }

    @Test("a folder that does not exist is an error naming it")
    func missingFolder() {
        #expect(throws: ConformanceLoadError.self) {
            try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: "/nonexistent/cases")
        }
    }

    @Test("case files are found in subfolders, other files are ignored, and --vendor filters by case vendor")
    func nestedFolders() throws {
        let folder = try Scratch("conformance")
        let zixflow = #"""
            {"description":"z","cases":[{"id":"z-1","description":"z","vendor":"zixflow",
              "payload":{"Zixflow-Delivery-ID":"1","aps":{"alert":"x"}},"expect":{}}]}
            """#
        let other = #"""
            {"description":"a","cases":[{"id":"a-1","description":"a","vendor":"acme","payload":{},
              "expect":{"claimedBy":null}}]}
            """#
        try folder.write("zixflow/one.json", zixflow)
        try folder.write("acme/deeper/two.json", other)
        try folder.write("zixflow/README.md", "not a case")
        try folder.write("buzzkit/.gitkeep", "")
        let suite = ConformanceSuite(adapters: BuiltInVendors.all)
        #expect(try suite.run(casesDirectory: folder.path).results.map(\.caseID) == ["a-1", "z-1"])
        #expect(try suite.run(casesDirectory: folder.path, vendor: "zixflow").results.map(\.caseID) == ["z-1"])
    }

    @Test("an unreadable case file is reported and the other files still run")
    func brokenFile() throws {
        let folder = try Scratch("conformance")
        try folder.write("a.json", "{ not json")
        try folder.write(
            "b.json",
            #"""
            {"description":"b","cases":[{"id":"b-1","description":"b","vendor":"zixflow",
              "payload":{"Zixflow-Delivery-ID":"1","aps":{"alert":"x"}},"expect":{}}]}
            """#)
        let report = try ConformanceSuite(adapters: BuiltInVendors.all).run(casesDirectory: folder.path)
        #expect(report.summary == "1 passed, 1 failed")
        #expect(report.failures.first?.caseID.hasSuffix("a.json") == true)
    }

    @Test("directory(_:relativeTo:) resolves a path against a source file's folder")
    func relativeDirectory() {
        #expect(ConformanceSuite.directory("../cases", relativeTo: "/repo/Tests/X/File.swift") == "/repo/Tests/cases")
        #expect(ConformanceSuite.directory("./a/b", relativeTo: "/repo/File.swift") == "/repo/a/b")
    }
}
