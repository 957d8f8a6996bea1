import PushBridge

/// The event-table law: every receipt an adapter makes is a row of its own ``VendorAdapter/eventTable``, so an
/// event renamed only in the table, or only in the code that makes receipts, fails.
extension ConformanceSuite {
    /// The receipts among `effects` (the lines of a case's steps) that are not rows of `adapter`'s event table;
    /// paths are in the effect list (`$[1].event`).
    func eventTableFailures(
        effects: [BridgeEffect], adapter: any VendorAdapter, caseID: String
    ) -> [ConformanceFailure] {
        effects.enumerated().flatMap { index, effect -> [ConformanceFailure] in
            guard case .receipt(let receipt) = effect else { return [] }
            return Self.eventTableFailures(
                receipt, adapter: adapter, at: JSONPath.element(index, of: JSONPath.root), caseID: caseID)
        }
    }

    /// The receipts `payload` makes through a fresh bridge — every arrival, a dismissal, a launch, a body tap and
    /// a tap on each of its buttons (and on `ACTION_0`), with an action handler and a link delegate that each
    /// decline — that are not rows of `adapter`'s event table. The failures carry no case id yet.
    func eventTableFailures(_ payload: JSONObject, adapter: any VendorAdapter) -> [ConformanceFailure] {
        let decoded = adapter.decodeClaimed(payload).payload
        let options = SimulationOptions(vendor: adapter.id, deviceToken: "5f2c0ad1", userText: "typed text")
        // One run per tap: a vendor that reports one open per push would hide every later tap's receipts.
        var runs: [[LifecycleStep]] = [
            [.arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .dismiss, .launch, .open]
        ]
        let buttonIDs = decoded.buttons.prefix(4).map(\.id)
        runs += (buttonIDs.contains("ACTION_0") ? buttonIDs : buttonIDs + ["ACTION_0"]).map { [.openAction($0)] }
        var failures: [ConformanceFailure] = []
        var seen: Set<Receipt> = []
        for steps in runs {
            let effects = Simulation.run(payload, steps: steps, options: options, registry: registry)
            for case .receipt(let receipt) in effects where seen.insert(receipt).inserted {
                failures += Self.eventTableFailures(receipt, adapter: adapter, at: JSONPath.root, caseID: "")
            }
        }
        return failures
    }

    /// Whether `receipt` is a row of `adapter`'s event table: the same kind and event name, and only the
    /// properties that row lists.
    static func eventTableFailures(
        _ receipt: Receipt, adapter: any VendorAdapter, at path: String, caseID: String
    ) -> [ConformanceFailure] {
        let table = adapter.eventTable
        func failure(_ path: String, _ expected: String, _ actual: String) -> ConformanceFailure {
            ConformanceFailure(caseID: caseID, check: .eventTable, path: path, expected: expected, actual: actual)
        }
        guard let row = table.first(where: { $0.kind == receipt.kind && $0.event == receipt.event }) else {
            let rows = table.isEmpty ? "it has none" : table.map { "\($0.kind.rawValue) \"\($0.event)\"" }
                .joined(separator: ", ")
            return [
                failure(
                    JSONPath.member("event", of: path), "a row of \(adapter.id)'s eventTable (\(rows))",
                    "\(receipt.kind.rawValue) \"\(receipt.event)\": "
                        + "rename the event in eventTable or in the code that makes the receipt")
            ]
        }
        let listed = Set(row.properties)
        return JSONWriter.sortedKeys(receipt.properties).filter { !listed.contains($0) }.map { key in
            failure(
                JSONPath.member(key, of: JSONPath.member("properties", of: path)),
                "only the properties eventTable lists for \"\(row.event)\" (\(row.properties.joined(separator: ", ")))",
                "\"\(key)\": add it to the row's properties or stop sending it")
        }
    }
}
