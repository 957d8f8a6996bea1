import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Runs `cases` with the flawed Zixflow adapter in place of the real one, beside the other built-ins.
private func report(
    _ flaw: FlawedZixflowAdapter.Flaw, _ cases: [ConformanceCase], laws: Bool = true, variants: Int = 96,
    exclusivityCases: [String] = [ConformanceSuite.builtInCasesDirectory]
) -> ConformanceReport {
    let adapters: [any VendorAdapter] = [
        FlawedZixflowAdapter(flaw: flaw), BuzzKitAdapter(), AppDNAAdapter(), PushNotifAIAdapter(),
    ]
    let options = ConformanceSuite.Options(
        checksLaws: laws, maxAdversarialVariants: variants, exclusivityCases: exclusivityCases)
    return ConformanceSuite(adapters: adapters, options: options).run(cases: cases)
}

/// A flaw, the built-in case it is run on, and the failures (check, path, expected, actual) its report must
/// contain for that case.
struct FlawExpectation: Sendable, CustomTestStringConvertible {
    var flaw: FlawedZixflowAdapter.Flaw
    var caseID: String
    /// Whether every built-in case is run, not only `caseID`.
    var allCases = false
    var laws = true
    var variants = 0
    var failures: [(check: ConformanceCheck, path: String, expected: String, actual: String)]

    var testDescription: String { "\(flaw)" }
}

@Suite("The suite catches deliberately broken adapters")
struct FlawedAdapterTests {
    @Test("the cases used here pass with the real adapter (so each failure below is the flaw's)")
    func controlPasses() {
        let cases = BuiltInCases.named(
            "zixflow-seed-custom-extension-then-body-tap", "zixflow-seed-native-tap-button-0",
            "zixflow-click-action-unhandled", "zixflow-seed-custom-decode")
        #expect(cases.count == 4)
        let report = ConformanceSuite(adapters: BuiltInVendors.all, options: .init(maxAdversarialVariants: 10_000)).run(
            cases: cases)
        #expect(report.isPassing, "\(report)")
    }

    @Test("a flaw is reported as exactly the failures it causes, each with its case id, check and path", arguments: [
        FlawExpectation(
            flaw: .wrongEventName, caseID: "zixflow-seed-custom-extension-then-body-tap", allCases: true, laws: false,
            variants: 96, failures: [(.effects, "$[1].event", "\"Opened\"", "\"Open\"")]),
        // Receipts in the wrong order are reported where Opened should come first.
        FlawExpectation(
            flaw: .receiptsInWrongOrder, caseID: "zixflow-seed-native-tap-button-0", laws: false, variants: 96,
            failures: [(.effects, "$[1].event", "\"Opened\"", "\"Push Notification Action Clicked\"")]),
        // Claim keys that are not the keys it claims on fail law:detection, naming them; the registry, asking
        // only adapters with a claim key in the payload, never asked it.
        FlawExpectation(
            flaw: .namesWrongClaimKey, caseID: "zixflow-seed-custom-decode",
            failures: [
                (.detection, "$", "zixflow claims no payload without its claim keys (zixflow_id)",
                 "with them removed, zixflow still claims it as owner"),
                (.detection, "$", "claimed by zixflow only", "claimed by zixflow; resolved to no vendor"),
            ]),
        // A round trip that silently loses a field is reported at the field's bridge path.
        FlawExpectation(
            flaw: .losesImageSilently, caseID: "zixflow-seed-custom-decode",
            failures: [(.roundTrip, "$.imageURL", "\"https://cdn.yourapp.com/banner.png\"", "(absent)")]),
    ])
    func reportedFailures(_ expectation: FlawExpectation) {
        let cases = expectation.allCases ? BuiltInCases.loaded.cases : BuiltInCases.named(expectation.caseID)
        let report = report(expectation.flaw, cases, laws: expectation.laws, variants: expectation.variants)
        for (check, path, expected, actual) in expectation.failures {
            let failure = ConformanceFailure(
                caseID: expectation.caseID, check: check, path: path, expected: expected, actual: actual)
            #expect(report.failures.contains(failure), "\(report)")
        }
        #expect(!report.isPassing)
    }

    @Test("a crash on a value of the wrong type is reported with the variant that caused it")
    func crashOnWrongType() throws {
        let report = report(.crashesOnWrongType, BuiltInCases.named("zixflow-click-action-unhandled"), variants: 10_000)
        let crash = try #require(
            report.failures.first { $0.path == "$.deeplink_url" && $0.actual.hasPrefix("crashed") })
        #expect(crash.caseID == "zixflow-click-action-unhandled")
        #expect(crash.check == .adversarial(variant: "$.deeplink_url replaced by null"))
        #expect(crash.actual == "crashed: userInfo[\"deeplink_url\"] as! String: the value is a null")
        #expect(
            report.failures.allSatisfy {
                if case .adversarial = $0.check { return true } else { return false }
            }, "the payload itself is fine: only variants crash")
    }

    @Test("an adapter that owns a category it never provides fails law:provides-category, saying what to add")
    func ownsCategoryItNeverProvides() throws {
        let report = report(.providesNoCategory, BuiltInCases.named("zixflow-seed-native-tap-button-0"), variants: 0)
        let failure = try #require(report.failures.first { $0.check == .providesCategory })
        #expect(failure.caseID == "zixflow-seed-native-tap-button-0")
        #expect(failure.path == "$.category")
        #expect(failure.expected.contains("'ZX_2BTN'"))
        #expect(failure.actual.contains("NotificationCategory(id: \"ZX_2BTN\", owner: \"zixflow\")"))
        #expect(report.failures.allSatisfy { $0.check == .providesCategory }, "the flaw is the only failure")
        #expect(ConformanceCheck.providesCategory.description == "law:provides-category")
    }

    @Test("an encode that writes something else when not collecting losses is reported at the field's wire path")
    func leanEncodeDiffers() {
        let report = report(.leanEncodeDropsDeepLink, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        #expect(
            report.failures.contains {
                $0.caseID == "zixflow-seed-custom-decode" && $0.check == .leanEncode && $0.path == "$.deeplink_url"
                    && $0.actual == "(absent)"
            }, "\(report)")
        // Adapted (issue 13): the lean-encode law now also runs on the payload without mutable-content.
        #expect(
            report.failures.allSatisfy { $0.check == .leanEncode || $0.check == .withoutMutableContent(.leanEncode) })
    }

    @Test("an adapter that claims another vendor's payload is reported on that vendor's case")
    func claimsOthers() throws {
        let buzzkit = try Fixtures.payload("buzzkit.json")
        let buzzkitCase = ConformanceCase(
            id: "buzzkit-example", description: "BuzzKit's example", vendor: "buzzkit", payload: buzzkit)
        let report = report(.claimsBuzzKitPayloads, [buzzkitCase], variants: 8)
        #expect(
            report.failures.contains(
                ConformanceFailure(
                    caseID: "buzzkit-example", check: .detection, path: "$", expected: "claimed by buzzkit only",
                    actual: "claimed by zixflow and buzzkit")))
        #expect(
            report.failures.contains {
                if case .adversarial = $0.check {
                    return $0.actual.hasPrefix("claimed by zixflow")
                } else {
                    return false
                }
            })
    }

    @Test("an adapter that claims another vendor's translations fails law:translation-claimant for that target")
    func claimsOthersTranslations() throws {
        let report = report(.claimsBuzzKitPayloads, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        let failure = try #require(report.failures.first { $0.check == .translationClaimant(target: "buzzkit") })
        #expect(failure.caseID == "zixflow-seed-custom-decode")
        #expect(failure.actual.contains("zixflow and buzzkit"), "\(failure)")
        #expect(!report.failures.contains { $0.check == .translationClaimant(target: "appdna") })
    }

    @Test("an encoding without aps.alert is reported as invalid APNs, also when a Custom-mode title hides it")
    func dropsAlert() {
        let custom = report(.dropsAlertWhenEncoding, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        #expect(
            custom.failures.contains {
                $0.caseID == "zixflow-seed-custom-decode" && $0.check == .validAPNs(target: nil)
                    && $0.path == "$.aps.alert" && $0.expected == "no alert-missing"
            })
        let native = report(.dropsAlertWhenEncoding, BuiltInCases.named("zixflow-seed-native-decode"), variants: 0)
        #expect(
            native.failures.contains {
                $0.caseID == "zixflow-seed-native-decode" && $0.check == .validAPNs(target: nil)
                    && $0.path == "$.aps.alert"
            })
    }

    @Test("a decode that differs from one call to the next is reported as not deterministic")
    func nondeterministicDecode() {
        let report = report(.decodesDifferentlyEachTime, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        #expect(report.failures.contains { $0.check == .deterministicDecode && $0.path == "$.data.decoded" })
    }

    @Test("an event renamed only in the receipt code fails the event-table law, even in a case with no steps")
    func eventRenamedInCodeOnly() {
        let report = report(.wrongEventName, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        let failure = report.failures.first { $0.check == .eventTable }
        #expect(failure?.caseID == "zixflow-seed-custom-decode")
        #expect(failure?.path == "$.event")
        #expect(failure?.actual.hasPrefix("opened \"Open\"") == true, "\(report)")
        #expect(!report.isPassing)
    }

    @Test("an event renamed only in eventTable fails the event-table law, at the effect of the case's steps")
    func eventRenamedInTableOnly() {
        let report = report(
            .renamesEventInTableOnly, BuiltInCases.named("zixflow-seed-custom-extension-then-body-tap"), variants: 0)
        #expect(
            report.failures.contains {
                $0.caseID == "zixflow-seed-custom-extension-then-body-tap" && $0.check == .eventTable
                    && $0.path == "$[1].event" && $0.expected.contains("opened \"Open\"")
                    && $0.actual.hasPrefix("opened \"Opened\"")
            }, "\(report)")
        // Adapted (issue 34): the renamed row is never sent, so law:event-coverage reports it too.
        #expect(
            report.failures.allSatisfy { $0.check == .eventTable || $0.check == .eventCoverage },
            "only the table is wrong: \(report)")
        #expect(report.failures.contains { $0.check == .eventCoverage && $0.path == "$.eventTable[1]" })
        #expect(!report.isPassing)
    }

    @Test("a receipt property the event table does not list fails the event-table law at the property")
    func unlistedProperty() {
        let report = report(.sendsUnlistedProperty, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0)
        #expect(
            report.failures.contains {
                $0.check == .eventTable && $0.path == "$.properties.campaign"
            }, "\(report)")
    }

    @Test("an encoder that adds mutable-content without reporting it fails the round trip without mutable-content")
    func addsMutableContentSilently() throws {
        let cases = BuiltInCases.named("zixflow-seed-custom-decode")
        let payload = try #require(cases.first?.payload)
        #expect(payload["aps"]?["mutable-content"] == 1, "the case must carry mutable-content for this test")
        let report = report(.addsMutableContentSilently, cases, variants: 0)
        #expect(
            report.failures.contains(
                ConformanceFailure(
                    caseID: "zixflow-seed-custom-decode", check: .withoutMutableContent(.roundTrip),
                    path: "$.mutableContent", expected: "false", actual: "true")), "\(report)")
        #expect(
            report.failures.allSatisfy {
                if case .withoutMutableContent = $0.check { return true } else { return false }
            }, "the payload as sent carries mutable-content, so only the variant without it can fail: \(report)")
        #expect(
            report.failures.first { $0.check == .withoutMutableContent(.roundTrip) }?.description.contains(
                "[law:round-trip(without mutable-content)]") == true)
    }

    @Test("receipts with no request to deliver them are reported once per receipt, on the law-checked case")
    func undeliverableReceipts() {
        let adapters: [any VendorAdapter] = [
            undeliverableZixflowAdapter(), BuzzKitAdapter(), AppDNAAdapter(), PushNotifAIAdapter(),
        ]
        let suite = ConformanceSuite(adapters: adapters, options: .init(maxAdversarialVariants: 0))
        let report = suite.run(cases: BuiltInCases.named("zixflow-seed-native-tap-button-0"))
        let failures = report.failures.filter { $0.check == .receiptRequest }
        #expect(!failures.isEmpty, "\(report)")
        #expect(failures.allSatisfy { $0.actual.contains("describes no receipt request") })
        let tokens = report.failures.filter { $0.check == .tokenRegistration }
        #expect(tokens.count == 1, "once per vendor: \(report)")
        #expect(tokens.first?.actual.contains("registers no token") == true)
        #expect(report.failures.allSatisfy { [.receiptRequest, .tokenRegistration].contains($0.check) }, "\(report)")
    }

    @Test("a write key outside the secret header is reported")
    func writeKeyInBody() {
        let report = report(.putsWriteKeyInBody, BuiltInCases.named("zixflow-seed-native-tap-button-0"), variants: 0)
        #expect(
            report.failures.contains {
                $0.check == .receiptRequest && $0.path == "$.headers" && $0.expected.contains("isSecret")
            }, "\(report)")
        #expect(report.failures.allSatisfy { $0.check == .receiptRequest })
        #expect(report.failures.map(\.check.description).contains("law:receipt-request"))
    }

    @Test("an adapter that declares an event table and sends no receipt fails law:event-coverage, row by row")
    func sendsNoReceipts() throws {
        let cases = BuiltInCases.named("zixflow-seed-custom-decode")
        #expect(cases.first?.steps.isEmpty == true, "a decode-only case: nothing but the new law runs a tap")
        let report = report(.sendsNoReceipts, cases, variants: 0)
        let rows = ZixflowAdapter().eventTable
        let failures = report.failures.filter { $0.check == .eventCoverage }
        #expect(failures.map(\.path) == rows.indices.map { "$.eventTable[\($0)]" }, "\(report)")
        let first = try #require(failures.first)
        #expect(first.caseID == "zixflow-seed-custom-decode")
        #expect(first.expected.contains("\"\(rows[0].event)\""))
        #expect(first.actual.hasPrefix("never sent"))
        #expect(first.description.contains("[law:event-coverage]"))
        #expect(report.failures.allSatisfy { $0.check == .eventCoverage }, "only the new law sees it: \(report)")
    }

    @Test("a row sent on fewer moments than its sentOn declares fails law:event-coverage at the missing moment")
    func buttonTapNotSent() throws {
        let cases = BuiltInCases.named("pushnotifai-seed-spec-example-decode")
        #expect(cases.count == 1)
        let others = BuiltInVendors.all.filter { $0.id != "pushnotifai" }
        let options = ConformanceSuite.Options(maxAdversarialVariants: 0)
        let control = ConformanceSuite(adapters: BuiltInVendors.all, options: options).run(cases: cases)
        #expect(control.isPassing, "\(control)")
        let report = ConformanceSuite(adapters: others + [buttonTapSilentPushNotifAIAdapter()], options: options)
            .run(cases: cases)
        let row = PushNotifAIAdapter().eventTable[0]
        #expect(row.sentOn == [.bodyTap, .buttonTap], "the row this test is about")
        let failure = try #require(report.failures.first { $0.check == .eventCoverage })
        #expect(failure.path == "$.eventTable[0].sentOn[1]")
        #expect(failure.expected.contains("sent on buttonTap"), "\(failure)")
        #expect(failure.actual.contains("remove buttonTap from the row's sentOn"))
        #expect(report.failures.allSatisfy { $0.check == .eventCoverage }, "only the new law sees it: \(report)")
    }

    @Test("an adapter that declares two buttons and drops them silently fails law:capabilities at each button")
    func dropsButtonsSilently() {
        let cases = BuiltInCases.named("zixflow-other-keys-are-data")
        #expect(cases.first?.payload["action_buttons"] == nil, "a case without buttons: no other law sees them")
        let report = report(.dropsButtonsSilently, cases, variants: 0)
        let failures = report.failures.filter { $0.check == .capabilities }
        #expect(failures.map(\.path) == ["$.buttons[0]", "$.buttons[1]"], "\(report)")
        #expect(failures.first?.expected.contains("capabilities.maxButtons is 2") == true)
        #expect(failures.first?.actual.hasPrefix("dropped silently") == true)
        #expect(report.failures.allSatisfy { $0.check == .capabilities }, "only the new law sees it: \(report)")
    }

    @Test("an adapter that claims OneSignal's payloads fails on OneSignal's built-in cases it never ran")
    func claimsOneSignalPayloads() throws {
        let cases = BuiltInCases.named("zixflow-seed-custom-decode")
        let report = report(.claimsOneSignalPayloads, cases, variants: 0)
        let failures = report.failures.filter { $0.caseID.hasPrefix("onesignal-") }
        #expect(!failures.isEmpty, "\(report)")
        let first = try #require(failures.first)
        #expect(first.check == .detection)
        #expect(first.expected.hasPrefix("claimed by onesignal only (onesignal's case, under "))
        #expect(first.actual.hasPrefix("claimed by zixflow as owner"))
        #expect(report.failures.allSatisfy { $0.check == .detection }, "\(report)")
        // The opt-out: without other vendors' cases (and with OneSignal unregistered) nothing else sees it.
        let optedOut = self.optedOut(.claimsOneSignalPayloads, cases)
        #expect(optedOut.isPassing, "\(optedOut)")
    }

    @Test("a folder of other vendors' cases that cannot be read fails the run, saying how to opt out")
    func unreadableExclusivityFolder() {
        let report = report(
            .claimsOneSignalPayloads, BuiltInCases.named("zixflow-seed-custom-decode"), variants: 0,
            exclusivityCases: ["/nonexistent/cases"])
        #expect(report.runProblems.first?.check == .run)
        #expect(report.runProblems.first?.actual.contains("exclusivityCases: []") == true, "\(report)")
        #expect(!report.isPassing)
    }

    private func optedOut(_ flaw: FlawedZixflowAdapter.Flaw, _ cases: [ConformanceCase]) -> ConformanceReport {
        report(flaw, cases, variants: 0, exclusivityCases: [])
    }
}
