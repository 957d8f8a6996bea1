import PushBridge
import Testing

@testable import PushBridgeConformance

/// Reads one file's text with the runner's reader.
private func read(_ text: String) -> (cases: [ConformanceCase], problems: [ConformanceFailure]) {
    ConformanceCaseFile.read(Array(text.utf8), source: "test.json")
}

/// A file with one case whose fields are `fields` (JSON members, without braces).
private func file(_ fields: String) -> String {
    #"{"description":"test","cases":[{"id":"t-1","description":"a test case","vendor":"zixflow","payload":{"aps":{}},"#
        + fields + "}]}"
}

@Suite("Reading case files")
struct CaseFileReaderTests {
    @Test("a well-formed case is read with its steps, options and expectations")
    func readsCase() throws {
        let read = read(
            file(
                #"""
                "steps":["configure","open:ACTION_1"],
                "options":{"deviceToken":"ab","userText":"hi","delegateAcceptsSchemes":["myapp"],"closure":true,
                           "registeredActions":["OPEN_SALE"],"bufferCapacity":3},
                "knownIssue":{"note":"a bug","checks":["law:round-trip"]},
                "expect":{"claimedBy":null,"bridge":{"badge":null},"effects":[],"effectsIncludeDiagnostics":true,
                          "losses":{"buzzkit":["$.imageURL"]},"translated":{"appdna":{"$.aps.category":null}},
                          "diagnostics":[{"code":"wrong-type","path":"$.x","severity":"warning"}]}
                """#))
        #expect(read.problems == [])
        let testCase = try #require(read.cases.first)
        #expect(testCase.steps == [.configure, .openAction("ACTION_1")])
        #expect(
            testCase.options
                == SimulationOptions(
                    deviceToken: "ab", userText: "hi", delegateAcceptsSchemes: ["myapp"], linkHandler: true,
                    registeredActions: ["OPEN_SALE"], bufferCapacity: 3))
        #expect(testCase.knownIssue == ConformanceCase.KnownIssue(note: "a bug", checks: ["law:round-trip"]))
        #expect(testCase.expect.claimedBy == nil)
        #expect(testCase.expect.bridge == ["badge": .null])
        #expect(testCase.expect.effectsIncludeDiagnostics)
        #expect(testCase.expect.losses == ["buzzkit": ["$.imageURL"]])
        #expect(testCase.expect.translated == ["appdna": ["$.aps.category": .null]])
        #expect(
            testCase.expect.diagnostics == [.init(code: DiagnosticCode.wrongType.rawValue, path: "$.x", severity: .warning)])
        #expect(testCase.source == "test.json")
    }

    @Test("options.appState and expect.effectsIncludePresentation are read; both default as before")
    func appStateAndPresentation() throws {
        let testCase = try #require(
            read(file(#""options":{"appState":"not-running"},"expect":{"effectsIncludePresentation":true}"#)).cases.first)
        #expect(testCase.options.appState == .notRunning)
        #expect(testCase.expect.effectsIncludePresentation)
        let plain = try #require(read(file(#""expect":{}"#)).cases.first)
        #expect(plain.options.appState == .background)
        #expect(!plain.expect.effectsIncludePresentation)
        let bad = read(file(#""options":{"appState":"asleep"},"expect":{}"#))
        #expect(bad.cases.isEmpty)
        #expect(bad.problems.map(\.path) == ["$.cases[0].options.appState"])
        let badLine = read(file(
            #""steps":["arrive:foreground"],"expect":{"effects":[{"type":"presentation","options":["alert"]}]}"#))
        #expect(badLine.problems.map(\.path) == ["$.cases[0].expect.effects[0].options"])
    }

    @Test("claimedBy defaults to the case's vendor")
    func claimedByDefault() throws {
        #expect(try #require(read(file(#""expect":{}"#)).cases.first).expect.claimedBy == "zixflow")
    }

    @Test("an unknown field is a problem naming its path, and the case is not run")
    func unknownField() {
        let read = read(file(#""expect":{"efects":[]}"#))
        #expect(read.cases.isEmpty)
        #expect(read.problems.map(\.path) == ["$.cases[0].expect.efects"])
        #expect(read.problems.first?.caseID == "t-1")
        #expect(read.problems.first?.check == .caseFile)
    }

    @Test("an unknown bridge-form key in expect.bridge is a problem")
    func unknownBridgeKey() {
        #expect(
            read(file(#""expect":{"bridge":{"deeplink":null}}"#)).problems.map(\.path) == [
                "$.cases[0].expect.bridge.deeplink"
            ])
    }

    @Test("wrong types, bad steps, bad ids and long descriptions are problems with their paths")
    func problems() {
        let text = #"""
            {"description":"test","cases":[{"id":"Bad_Id","description":"\#(String(repeating: "x", count: 81))",
              "vendor":"zixflow","payload":[],"steps":["tap"],"options":{"closure":"yes","bufferCapacity":-1},
              "expect":{"effects":[{"type":"route","url":"a:b","via":"sideways"},{"type":"teleport"}],
                        "losses":{"buzzkit":["imageURL"]},"translated":{"appdna":{"aps":1},"pushnotifai":[]},
                        "diagnostics":[{"code":"x","severity":"fatal"}]}}]}
            """#
        let paths = Set(read(text).problems.map(\.path))
        #expect(
            paths == [
                "$.cases[0].id", "$.cases[0].description", "$.cases[0].payload", "$.cases[0].steps[0]",
                "$.cases[0].options.closure", "$.cases[0].options.bufferCapacity", "$.cases[0].expect.effects[0].via",
                "$.cases[0].expect.effects[1].type", "$.cases[0].expect.losses.buzzkit[0]",
                "$.cases[0].expect.translated.appdna.aps", "$.cases[0].expect.translated.pushnotifai",
                "$.cases[0].expect.diagnostics[0].severity",
            ])
    }

    @Test("steps need expected effects, and expected effects need steps")
    func stepsAndEffectsTogether() {
        #expect(read(file(#""steps":["open"],"expect":{}"#)).problems.map(\.path) == ["$.cases[0].expect.effects"])
        #expect(read(file(#""expect":{"effects":[]}"#)).problems.map(\.path) == ["$.cases[0].steps"])
        #expect(read(file(#""steps":[],"expect":{}"#)).problems == [])
    }

    @Test("a file that is not JSON, or has no cases, is one problem for the file")
    func badFiles() {
        #expect(read("{").problems.map(\.caseID) == ["test.json"])
        #expect(read(#"{"description":"x","cases":[]}"#).problems.map(\.path) == ["$.cases"])
        #expect(read(#"{"cases":[]}"#).problems.map(\.path).contains("$.description"))
    }

    @Test("one bad case does not stop the other cases of the file")
    func badCaseIsolated() {
        let text = #"""
            {"description":"test","cases":[
              {"id":"good","description":"fine","vendor":"zixflow","payload":{},"expect":{}},
              {"id":"bad","description":"broken","vendor":"zixflow","payload":{},"expect":{},"extra":1}]}
            """#
        let read = read(text)
        #expect(read.cases.map(\.id) == ["good"])
        #expect(read.problems.map(\.caseID) == ["bad"])
    }

    @Test("ids are lowercase words joined by - or .")
    func idForm() {
        #expect(ConformanceCaseFile.isValidID("zixflow-seed.custom-2"))
        for bad in ["", "-a", "a-", "a--b", "A", "a_b", "a b", "a.-b"] {
            #expect(!ConformanceCaseFile.isValidID(bad), "\(bad)")
        }
    }
}
