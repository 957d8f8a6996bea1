import PushBridge

/// Running one case: its own expectations first, then the laws (shared by every case with the same payload).
extension ConformanceSuite {
    func run(_ testCase: ConformanceCase, lawCache: inout [String: [ConformanceFailure]]) -> ConformanceCaseResult {
        func result(_ status: ConformanceCaseResult.Status, _ failures: [ConformanceFailure]) -> ConformanceCaseResult {
            ConformanceCaseResult(
                caseID: testCase.id, description: testCase.description, vendor: testCase.vendor,
                source: testCase.source, status: status, failures: failures)
        }
        guard let adapter = registry.adapter(id: testCase.vendor) else {
            let registered = registry.ids.isEmpty ? "none" : registry.ids.joined(separator: ", ")
            let unregistered = ConformanceFailure(
                caseID: testCase.id, check: .unregisteredVendor, path: "$.vendor",
                expected: "an adapter registered for '\(testCase.vendor)' (registered: \(registered))",
                actual: "none, so nothing was checked: add the adapter to ConformanceSuite(adapters:)")
            return result(.failed, [unregistered])
        }
        var failures: [ConformanceFailure] = []
        let (found, crashes) = SimulatedCrash.capture { expectationFailures(testCase, adapter: adapter) }
        failures += found
        failures += crashes.map {
            ConformanceFailure(
                caseID: testCase.id, check: .neverCrash, path: "$", expected: "no crash", actual: "crashed: \($0)")
        }
        if options.checksLaws {
            failures += detectionFailures(testCase)
            let key = [adapter.id, testCase.expect.claimedBy ?? "", JSONWriter.string(.object(testCase.payload))]
                .joined(separator: "\u{1F}")
            let laws: [ConformanceFailure]
            if let cached = lawCache[key] {
                laws = cached
            } else {
                let claimedBy = testCase.expect.claimedBy
                laws = lawFailures(testCase.payload, adapter: adapter, claimedBy: claimedBy)
                    + eventTableFailures(testCase.payload, adapter: adapter)
                    + mutableContentFailures(testCase.payload, adapter: adapter, claimedBy: claimedBy)
                lawCache[key] = laws
            }
            // Once per vendor (the law does not depend on the payload): on its first case.
            let tokenKey = "\u{1F}token-registration\u{1F}" + adapter.id
            let perVendor = lawCache[tokenKey] == nil ? tokenRegistrationFailures(adapter) : []
            lawCache[tokenKey] = []
            failures += (laws + perVendor).map { failure in
                var failure = failure
                failure.caseID = testCase.id
                return failure
            }
        }
        if let issue = testCase.knownIssue {
            let known = failures.filter(issue.explains)
            let others = failures.filter { !issue.explains($0) }
            if !others.isEmpty { return result(.failed, others) }
            if known.isEmpty {
                let resolved = ConformanceFailure(
                    caseID: testCase.id, check: .knownIssueResolved, path: "$.knownIssue",
                    expected: "a failing check (the case documents a known issue: \(issue.note))",
                    actual: "every check passed; remove knownIssue")
                return result(.failed, [resolved])
            }
            return result(.knownIssue(issue.note), known)
        }
        return result(failures.isEmpty ? .passed : .failed, failures)
    }

    /// The case's own expectations: bridge form, effects, losses, diagnostics; with the laws on, the event-table
    /// law on the effects of the case's steps.
    private func expectationFailures(_ testCase: ConformanceCase, adapter: any VendorAdapter) -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        func fail(_ check: ConformanceCheck, _ path: String, _ expected: String, _ actual: String) {
            failures.append(
                ConformanceFailure(caseID: testCase.id, check: check, path: path, expected: expected, actual: actual))
        }
        func fail(_ check: ConformanceCheck, _ differences: [JSONDifference]) {
            for difference in differences {
                fail(
                    check, difference.path, JSONDifference.show(difference.expected),
                    JSONDifference.show(difference.actual))
            }
        }
        let expect = testCase.expect
        let decoded = adapter.decodeClaimed(testCase.payload)

        if let bridge = expect.bridge {
            let actual = decoded.payload.bridgeJSON.objectValue ?? [:]
            for key in JSONWriter.sortedKeys(bridge) {
                let path = JSONPath.member(key, of: JSONPath.root)
                if bridge[key] == .null {
                    if let value = actual[key] { fail(.bridge, path, "(absent)", JSONDifference.show(value)) }
                } else {
                    fail(.bridge, JSONDifference.between(bridge[key], actual[key], at: path))
                }
            }
        }

        let checksEventTable = options.checksLaws && !testCase.steps.isEmpty
        if expect.effects != nil || checksEventTable {
            var simulation = testCase.options
            simulation.vendor = testCase.vendor
            // The case's vendor settings (`options.vendorConfig`) configure the adapters the steps run with.
            var configured = registry
            do throws(PushBridgeError) {
                configured = try registry.configured(simulation.vendorSettings)
            } catch {
                failures.append(ConformanceFailure(
                    caseID: testCase.id, check: .effects, path: "$.options.vendorConfig",
                    expected: "settings the vendors declare", actual: error.description))
            }
            let effects = Simulation.run(
                testCase.payload, steps: testCase.steps, options: simulation, registry: configured)
            if let expected = expect.effects {
                let actual = effects.filter { effect in
                    switch effect {
                    case .diagnostic: return expect.effectsIncludeDiagnostics
                    case .presentation: return expect.effectsIncludePresentation
                    default: return true
                    }
                }.map(\.json)
                failures += effectFailures(expected: expected, actual: actual, caseID: testCase.id)
            }
            if checksEventTable {
                failures += eventTableFailures(
                    effects: effects, adapter: configured.adapter(id: adapter.id) ?? adapter, caseID: testCase.id,
                    userInfo: testCase.payload, time: simulation.time)
            }
        }

        for target in JSONWriter.sortedKeys(expect.losses ?? [:]) {
            let expected = Set(expect.losses![target]!)
            guard let targetAdapter = registry.adapter(id: target) else {
                fail(
                    .losses(target: target), "$", "an adapter registered for '\(target)'",
                    "none (registered: \(registry.ids.joined(separator: ", ")))")
                continue
            }
            let translation = Translator.translate(testCase.payload, from: adapter, to: targetAdapter, registry: registry)
            var actual: [String: Loss] = [:]
            for loss in translation.losses where actual[loss.path] == nil { actual[loss.path] = loss }
            for path in expected.sorted() where actual[path] == nil {
                fail(.losses(target: target), path, "a loss", "no loss")
            }
            for path in JSONWriter.sortedKeys(actual) where !expected.contains(path) {
                fail(.losses(target: target), path, "no loss", "a loss (\(actual[path]!.reason))")
            }
        }

        for target in JSONWriter.sortedKeys(expect.translated ?? [:]) {
            guard let targetAdapter = registry.adapter(id: target) else {
                fail(
                    .translated(target: target), "$", "an adapter registered for '\(target)'",
                    "none (registered: \(registry.ids.joined(separator: ", ")))")
                continue
            }
            let userInfo = JSONValue.object(
                Translator.translate(testCase.payload, from: adapter, to: targetAdapter, registry: registry).userInfo)
            let assertions = expect.translated![target]!
            for wirePath in JSONWriter.sortedKeys(assertions) {
                let actual = JSONPathSteps.parse(wirePath).flatMap { JSONPathSteps.value(at: $0, in: userInfo) }
                let expected: JSONValue? = assertions[wirePath] == .null ? .none : assertions[wirePath]
                fail(.translated(target: target), JSONDifference.between(expected, actual, at: wirePath))
            }
        }

        for diagnostic in expect.diagnostics ?? [] where !decoded.diagnostics.contains(where: diagnostic.matches) {
            let reported = decoded.diagnostics.map { "\($0.code) at \($0.path)" }
            fail(
                .diagnostics, diagnostic.path ?? "$", "a diagnostic \(diagnostic)",
                reported.isEmpty ? "no diagnostics" : reported.joined(separator: "; "))
        }
        return failures
    }

    /// Compares effect lines in order: exactly, except expected diagnostic lines, which compare only their keys.
    private func effectFailures(expected: [JSONValue], actual: [JSONValue], caseID: String) -> [ConformanceFailure] {
        var failures: [ConformanceFailure] = []
        for index in 0..<max(expected.count, actual.count) {
            let path = JSONPath.element(index, of: JSONPath.root)
            // `.none`, not `nil`: JSONValue is ExpressibleByNilLiteral, so `nil` here would be `.null`.
            let want: JSONValue? = index < expected.count ? .some(expected[index]) : .none
            var got: JSONValue? = index < actual.count ? .some(actual[index]) : .none
            if let want, want["type"] == "diagnostic", let line = got?.objectValue, line["type"] == "diagnostic" {
                got = .object(line.filter { want[$0.key] != nil })
            }
            let differences = JSONDifference.between(want, got, at: path)
            guard !differences.isEmpty else { continue }
            // A missing or extra line shifts every later one: report the first place in full, then stop.
            for difference in differences {
                failures.append(
                    ConformanceFailure(
                        caseID: caseID, check: .effects, path: difference.path,
                        expected: JSONDifference.show(difference.expected),
                        actual: JSONDifference.show(difference.actual)))
            }
            if expected.count != actual.count {
                failures.append(
                    ConformanceFailure(
                        caseID: caseID, check: .effects, path: JSONPath.root, expected: "\(expected.count) effects",
                        actual: "\(actual.count) effects: " + actual.map(Self.summary).joined(separator: ", ")))
            }
            break
        }
        return failures
    }

    /// `receipt Opened`, `route https://x (system)`: one effect line in a few words.
    static func summary(_ line: JSONValue) -> String {
        switch line["type"]?.stringValue {
        case "receipt": return "receipt " + (line["event"]?.stringValue ?? "?")
        case "action": return "action " + (line["name"]?.stringValue ?? "?")
        case "route": return "route \(line["url"]?.stringValue ?? "?") (\(line["via"]?.stringValue ?? "?"))"
        case "dropped": return "dropped " + (line["step"]?.stringValue ?? "?")
        case "diagnostic": return "diagnostic " + (line["code"]?.stringValue ?? "?")
        case "presentation":
            let options = (line["options"]?.arrayValue ?? []).compactMap(\.stringValue)
            return "presentation [" + options.joined(separator: ", ") + "]"
        default: return JSONWriter.string(line)
        }
    }
}
