import PushBridge

/// The laws checked once per vendor over a whole run, so that what an adapter declares is exercised even when its
/// cases only decode: every row of its event table is sent by something (`law:event-coverage`), and every
/// capability it declares survives `encode` then `decode` or is reported lost (`law:capabilities`).
extension ConformanceSuite {
    /// A button id no vendor uses, so the kit's generated buttons are told apart from a payload's own.
    static let probeButtonPrefix = "pb-probe-"
    /// The image the capability law sends.
    static let probeImageURL = "https://cdn.example.com/pushbridge-probe.png"

    /// The bridge form the vendor-level laws generate pushes from: the first of `cases` whose payload the vendor
    /// claims, decoded (so it carries the vendor's own tracking keys), else a bare push; with a message id, an
    /// alert and a link when it has none, and no buttons or image of its own.
    func probeBase(adapter: any VendorAdapter, cases: [ConformanceCase]) -> PushPayload {
        let claimed = cases.first { ($0.expect.claimedBy ?? "") == adapter.id && adapter.claimStrength($0.payload) != nil }
        var payload = claimed.map { adapter.decodeClaimed($0.payload).payload } ?? PushPayload(vendor: adapter.id)
        if payload.messageId?.isEmpty ?? true { payload.messageId = "pb-probe-message" }
        if !payload.isVisible { payload.alert = PushAlert(title: "Probe", body: "A push the conformance kit made") }
        if payload.deepLink?.isEmpty ?? true { payload.deepLink = "https://example.com/pushbridge-probe" }
        payload.buttons = []
        payload.imageURL = nil
        return payload
    }

    /// `count` buttons the kit makes up: ids `pb-probe-1`…, titles `Probe 1`…, each opening the app.
    static func probeButtons(_ count: Int) -> [PushButton] {
        (0..<max(0, count)).map { PushButton(id: probeButtonPrefix + "\($0 + 1)", title: "Probe \($0 + 1)", foreground: true) }
    }

    // MARK: law:event-coverage

    /// The lifecycles a fresh bridge runs on each payload for the event-table law and the coverage law: every
    /// arrival, a dismissal, a launch and a body tap in one run, then one run per tap on each of the first four
    /// buttons (and on `ACTION_0`), since a vendor that reports one open per push would hide later taps' receipts.
    static func lifecycleRuns(for decoded: PushPayload) -> [[LifecycleStep]] {
        var runs: [[LifecycleStep]] = [
            [.arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .dismiss, .launch, .open]
        ]
        let buttonIDs = decoded.buttons.prefix(4).map(\.id)
        runs += (buttonIDs.contains("ACTION_0") ? buttonIDs : buttonIDs + ["ACTION_0"]).map { [.openAction($0)] }
        return runs
    }

    /// The options the kit's own lifecycles run with: a device token and typed text, so receipts that need
    /// them can be made.
    static func probeOptions(_ adapter: any VendorAdapter) -> SimulationOptions {
        // A time only for a vendor that stamps receipts through its table (`timeProperty`), which the law checks.
        let stamps = adapter.eventTable.contains { $0.timeProperty != nil }
        return SimulationOptions(
            vendor: adapter.id, deviceToken: "5f2c0ad1", userText: "typed text", time: stamps ? probeTime : nil)
    }

    /// The time of the kit's own lifecycles for a vendor that stamps receipts (2026-01-01T00:00:00Z).
    static let probeTime = 1_767_225_600

    /// The receipts `userInfo` makes through a fresh bridge for each of `runs`, in order (with the suite's
    /// registry configured by `options`' vendor settings, as a case's steps run).
    func receipts(
        _ userInfo: JSONObject, runs: [[LifecycleStep]], adapter: any VendorAdapter,
        options: SimulationOptions? = nil
    ) -> [Receipt] {
        let options = options ?? Self.probeOptions(adapter)
        let configured = (try? registry.configured(options.vendorSettings)) ?? registry
        return runs.flatMap { steps in
            Simulation.run(userInfo, steps: steps, options: options, registry: configured)
                .compactMap { effect -> Receipt? in
                    if case .receipt(let receipt) = effect { return receipt } else { return nil }
                }
        }
    }

    /// The lifecycle the kit derives from a trigger, on a payload whose decoded buttons are `buttons`.
    static func lifecycle(for trigger: ReceiptTrigger, buttons: [PushButton]) -> [LifecycleStep] {
        switch trigger {
        case .arriveInServiceExtension: return [.arrive(.serviceExtension)]
        case .arriveInForeground: return [.arrive(.foreground)]
        case .arriveInBackground: return [.arrive(.background)]
        case .bodyTap: return [.open]
        case .buttonTap: return [.openAction(buttons.first?.id ?? "ACTION_0")]
        case .dismiss: return [.dismiss]
        }
    }

    /// `law:event-coverage`: every row of `adapter`'s event table is sent. A row with `sentOn` is sent on each of its
    /// moments (path `$.eventTable[n].sentOn[k]`): by that moment's lifecycle on a push the kit generates and
    /// encodes with the adapter, else on some case's payload. A row without `sentOn` (the adapter's own receipts)
    /// is sent somewhere (path `$.eventTable[n]`): by some case's steps, by the lifecycles the event-table law runs
    /// on a case's payload, or by any moment's lifecycle on the generated push. An adapter that declares receipts
    /// and sends none, or sends a row on fewer moments than it declares, fails here.
    func eventCoverageFailures(adapter: any VendorAdapter, cases: [ConformanceCase]) -> [ConformanceFailure] {
        let table = adapter.eventTable
        guard !table.isEmpty else { return [] }
        func sends(_ row: EventTableEntry, _ receipts: [Receipt]) -> Bool {
            receipts.contains { $0.vendor == adapter.id && $0.kind == row.kind && $0.event == row.event }
        }
        let generated = ReceiptTrigger.allCases.map { trigger in generatedLifecycle(for: trigger, adapter: adapter, cases: cases) }
        func onGenerated(_ trigger: ReceiptTrigger) -> (userInfo: JSONObject, steps: [LifecycleStep]) {
            generated[ReceiptTrigger.allCases.firstIndex(of: trigger)!]
        }
        // Rows without sentOn: anything any case does counts.
        var caseReceipts: [Receipt]?
        func everyCaseReceipt() -> [Receipt] {
            if let caseReceipts { return caseReceipts }
            var found: [Receipt] = []
            for testCase in cases {
                var options = testCase.options
                options.vendor = adapter.id
                if !testCase.steps.isEmpty {
                    found += receipts(testCase.payload, runs: [testCase.steps], adapter: adapter, options: options)
                }
                let decoded = adapter.decodeClaimed(testCase.payload).payload
                found += receipts(testCase.payload, runs: Self.lifecycleRuns(for: decoded), adapter: adapter)
            }
            caseReceipts = found
            return found
        }
        var failures: [ConformanceFailure] = []
        let source = cases.isEmpty ? "" : ", or on any of its \(cases.count) cases' payloads"
        for (index, row) in table.enumerated() {
            let rowPath = JSONPath.element(index, of: "$.eventTable")
            let shown = "the receipt \(row.kind.rawValue) \"\(row.event)\" (\(row.when))"
            guard !row.sentOn.isEmpty else {
                if sends(row, everyCaseReceipt()) { continue }
                let tried = ReceiptTrigger.allCases.map { trigger -> String in
                    let run = onGenerated(trigger)
                    return sends(row, receipts(run.userInfo, runs: [run.steps], adapter: adapter)) ? "" : Self.show(run.steps)
                }
                guard !tried.contains("") else { continue }
                failures.append(
                    ConformanceFailure(
                        caseID: "", check: .eventCoverage, path: rowPath,
                        expected: "\(shown) sent by some case's steps or payload, or by the kit's lifecycles "
                            + "(\(tried.joined(separator: "; "))) on a push encoded by \(adapter.id)",
                        actual: "never sent: make receipts(for:payload:context:) send it, add a case whose steps send "
                            + "it, or remove the row if the SDK never sends it"))
                continue
            }
            for (position, trigger) in row.sentOn.enumerated() {
                let run = onGenerated(trigger)
                if sends(row, receipts(run.userInfo, runs: [run.steps], adapter: adapter)) { continue }
                let onCases = cases.contains { testCase in
                    var options = testCase.options
                    options.vendor = adapter.id
                    let buttons = adapter.decodeClaimed(testCase.payload).payload.buttons
                    let steps = Self.lifecycle(for: trigger, buttons: buttons)
                    return sends(row, receipts(testCase.payload, runs: [steps], adapter: adapter, options: options))
                }
                if onCases { continue }
                failures.append(
                    ConformanceFailure(
                        caseID: "", check: .eventCoverage,
                        path: JSONPath.element(position, of: JSONPath.member("sentOn", of: rowPath)),
                        expected: "\(shown) sent on \(trigger.rawValue): by \(Self.show(run.steps)) on a push encoded "
                            + "by \(adapter.id)\(source)",
                        actual: "not sent there: send it on that moment from receipts(for:payload:context:) (the default "
                            + "receipts do, with a message id), or remove \(trigger.rawValue) from the row's sentOn"))
            }
        }
        return failures
    }

    /// The push the kit generates for `trigger` (see ``probeBase(adapter:cases:)``, with up to two buttons,
    /// `mutable-content` for the service extension and `content-available` for a background arrival), encoded by
    /// `adapter`, and the lifecycle that is the trigger on it.
    func generatedLifecycle(
        for trigger: ReceiptTrigger, adapter: any VendorAdapter, cases: [ConformanceCase]
    ) -> (userInfo: JSONObject, steps: [LifecycleStep]) {
        var probe = probeBase(adapter: adapter, cases: cases)
        probe.buttons = Self.probeButtons(min(adapter.capabilities.maxButtons, 2))
        if trigger == .arriveInServiceExtension { probe.mutableContent = true }
        if trigger == .arriveInBackground { probe.contentAvailable = true }
        let userInfo = adapter.encode(probe, collectingLosses: false).userInfo
        return (userInfo, Self.lifecycle(for: trigger, buttons: adapter.decodeClaimed(userInfo).payload.buttons))
    }

    /// `open, open:pb-probe-1`: steps as case files write them.
    static func show(_ steps: [LifecycleStep]) -> String { steps.map(\.description).joined(separator: ", ") }

    // MARK: law:capabilities

    /// `law:capabilities`: what ``VendorAdapter/capabilities`` declares survives `encode` then `decode` of a push
    /// the kit generates, or is reported lost by `encode`, never dropped silently: `maxButtons` buttons with their ids
    /// and titles, an image when `images`, a text-input button when `textInput`. Paths in the bridge form.
    func capabilityFailures(adapter: any VendorAdapter, cases: [ConformanceCase]) -> [ConformanceFailure] {
        let capabilities = adapter.capabilities
        let base = probeBase(adapter: adapter, cases: cases)
        var failures: [ConformanceFailure] = []
        func check(_ probe: PushPayload, declared: String, kept: (PushPayload) -> [(path: String, what: String, kept: Bool)]) {
            let encoded = adapter.encode(probe)
            let decoded = adapter.decodeClaimed(encoded.userInfo).payload
            for item in kept(decoded) where !item.kept {
                guard !encoded.losses.contains(where: { Self.isRelated($0.path, item.path) }) else { continue }
                failures.append(
                    ConformanceFailure(
                        caseID: "", check: .capabilities, path: item.path,
                        expected: "\(item.what) carried by encode then decode, or reported as a loss (\(declared))",
                        actual: "dropped silently: decode(encode(p)) has "
                            + JSONWriter.string(decoded.bridgeJSON["buttons"] ?? .array([])) + " as buttons and "
                            + (decoded.imageURL.map { "\"\($0)\"" } ?? "no") + " image, and encode reported no loss "
                            + "there: write it, report it lost, or declare less in capabilities"))
            }
        }
        if capabilities.maxButtons > 0 {
            var probe = base
            probe.buttons = Self.probeButtons(capabilities.maxButtons)
            check(probe, declared: "capabilities.maxButtons is \(capabilities.maxButtons)") { decoded in
                probe.buttons.enumerated().map { index, button in
                    (JSONPath.element(index, of: "$.buttons"), "button '\(button.id)' titled \"\(button.title)\"",
                     decoded.buttons.contains { $0.id == button.id && $0.title == button.title })
                }
            }
        }
        if capabilities.images {
            var probe = base
            probe.imageURL = Self.probeImageURL
            check(probe, declared: "capabilities.images is true") { decoded in
                [("$.imageURL", "the image \(Self.probeImageURL)", decoded.imageURL == Self.probeImageURL)]
            }
        }
        if capabilities.textInput, capabilities.maxButtons > 0 {
            var probe = base
            var button = Self.probeButtons(1)[0]
            button.input = true
            button.placeholder = "Reply"
            probe.buttons = [button]
            check(probe, declared: "capabilities.textInput is true") { decoded in
                [("$.buttons[0].input", "the text-input button '\(button.id)'",
                  decoded.buttons.contains { $0.input && $0.title == button.title })]
            }
        }
        return failures
    }

    /// The vendor-level laws for every vendor of `cases` with a registered adapter, added to its first result
    /// (with that case's id), which then fails.
    func addingVendorLaws(to results: inout [ConformanceCaseResult], cases: [ConformanceCase]) {
        var done: Set<String> = []
        for index in results.indices where done.insert(results[index].vendor).inserted {
            let vendor = results[index].vendor
            guard let adapter = registry.adapter(id: vendor) else { continue }
            let own = cases.filter { $0.vendor == vendor }
            var found: [ConformanceFailure] = []
            let (_, crashes) = SimulatedCrash.capture {
                found = eventCoverageFailures(adapter: adapter, cases: own) + capabilityFailures(adapter: adapter, cases: own)
            }
            found += crashes.map {
                ConformanceFailure(caseID: "", check: .neverCrash, path: "$", expected: "no crash", actual: "crashed: \($0)")
            }
            guard !found.isEmpty else { continue }
            results[index].failures += found.map { failure in
                var failure = failure
                failure.caseID = results[index].caseID
                return failure
            }
            results[index].status = .failed
        }
    }
}
