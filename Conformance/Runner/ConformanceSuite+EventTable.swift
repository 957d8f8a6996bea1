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
        var failures: [ConformanceFailure] = []
        var seen: Set<Receipt> = []
        for receipt in receipts(payload, runs: Self.lifecycleRuns(for: decoded), adapter: adapter)
        where seen.insert(receipt).inserted {
            failures += Self.eventTableFailures(receipt, adapter: adapter, at: JSONPath.root, caseID: "")
            failures += Self.receiptRequestFailures(receipt, adapter: adapter)
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

    /// The key the receipt-request law builds requests with: it must show up only in a secret header.
    static let probeWriteKey = "pbk_conformance_probe_7f3a"

    /// Whether `receipt` can be delivered by `adapter`'s ``VendorAdapter/receiptRequest(for:writeKey:)`` (the
    /// receipt-request law).
    static func receiptRequestFailures(_ receipt: Receipt, adapter: any VendorAdapter) -> [ConformanceFailure] {
        func failure(_ path: String, _ expected: String, _ actual: String) -> ConformanceFailure {
            ConformanceFailure(caseID: "", check: .receiptRequest, path: path, expected: expected, actual: actual)
        }
        guard let request = adapter.receiptRequest(for: receipt, writeKey: probeWriteKey) else {
            return [
                failure(
                    "$.event", "an HTTP request for \(adapter.id)'s receipt \"\(receipt.event)\"",
                    "\(adapter.id) describes no receipt request (receiptRequest(for:writeKey:) is nil), so flush "
                        + "cannot deliver its receipts")
            ]
        }
        var failures: [ConformanceFailure] = []
        let shown = "\(receipt.event): \(request)"
        let token = request.method.utf8.allSatisfy { (0x41...0x5A).contains($0) }
        if request.method.isEmpty || !token { failures.append(failure("$.method", "an HTTP method (POST)", shown)) }
        func hasControl(_ text: String) -> Bool { text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        if !request.path.hasPrefix("/") || hasControl(request.path) || request.path.contains(" ") {
            failures.append(failure("$.path", "a path starting with / and no space or control character", shown))
        }
        for header in request.headers where hasControl(header.name) || hasControl(header.value) || header.name.isEmpty {
            failures.append(failure("$.headers", "header names and values without control characters", shown))
        }
        if !request.body.isEmpty, (try? JSONParser.parse(request.body)) == nil {
            failures.append(failure("$.body", "a JSON body", shown))
        }
        let key = Array(probeWriteKey.utf8)
        let leaks = request.path.contains(probeWriteKey) || request.body.firstRange(of: key) != nil
            || request.headers.contains { !$0.isSecret && $0.value.contains(probeWriteKey) }
        if leaks {
            failures.append(failure("$.headers", "the write key only in a header marked isSecret", shown))
        }
        return failures
    }
}
