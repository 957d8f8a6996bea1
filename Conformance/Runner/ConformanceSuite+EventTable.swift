import PushBridge

/// The event-table law: every receipt an adapter makes is a row of its own ``VendorAdapter/eventTable``, so an
/// event renamed only in the table, or only in the code that makes receipts, fails.
extension ConformanceSuite {
    /// The receipts among `effects` (the lines of a case's steps) that are not rows of `adapter`'s event table;
    /// paths are in the effect list (`$[1].event`).
    func eventTableFailures(
        effects: [BridgeEffect], adapter: any VendorAdapter, caseID: String, userInfo: JSONObject? = nil,
        time: Int? = nil
    ) -> [ConformanceFailure] {
        effects.enumerated().flatMap { index, effect -> [ConformanceFailure] in
            guard case .receipt(let receipt) = effect else { return [] }
            return Self.eventTableFailures(
                receipt, adapter: adapter, at: JSONPath.element(index, of: JSONPath.root), caseID: caseID,
                userInfo: userInfo, time: time)
        }
    }

    /// The receipts `payload` makes through a fresh bridge — every arrival, a dismissal, a launch, a body tap and
    /// a tap on each of its buttons (and on `ACTION_0`), with an action handler and a link delegate that each
    /// decline — that are not rows of `adapter`'s event table. The failures carry no case id yet.
    func eventTableFailures(_ payload: JSONObject, adapter: any VendorAdapter) -> [ConformanceFailure] {
        let decoded = adapter.decodeClaimed(payload).payload
        var failures: [ConformanceFailure] = []
        var seen: Set<Receipt> = []
        let options = Self.probeOptions(adapter)
        for receipt in receipts(payload, runs: Self.lifecycleRuns(for: decoded), adapter: adapter, options: options)
        where seen.insert(receipt).inserted {
            failures += Self.eventTableFailures(
                receipt, adapter: adapter, at: JSONPath.root, caseID: "", userInfo: payload, time: options.time)
            failures += Self.receiptRequestFailures(receipt, adapter: adapter)
        }
        return failures
    }

    /// Whether `receipt` is a row of `adapter`'s event table: the same kind and event name, and only the
    /// properties that row allows (``EventTableEntry/allows(_:)``). With the push's `userInfo`, a row with
    /// pass-through prefixes must carry each of its keys with such a prefix, value for value; with the step's
    /// `time`, a row with a time property must carry it there and in ``Receipt/time``.
    static func eventTableFailures(
        _ receipt: Receipt, adapter: any VendorAdapter, at path: String, caseID: String,
        userInfo: JSONObject? = nil, time: Int? = nil
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
        let propertiesPath = JSONPath.member("properties", of: path)
        var failures = JSONWriter.sortedKeys(receipt.properties).filter { !row.allows($0) }.map { key in
            failure(
                JSONPath.member(key, of: propertiesPath),
                "only the properties eventTable lists for \"\(row.event)\" (\(row.properties.joined(separator: ", ")))",
                "\"\(key)\": add it to the row's properties or stop sending it")
        }
        if !row.passThroughPrefixes.isEmpty, let userInfo {
            let prefixes = row.passThroughPrefixes.joined(separator: ", ")
            for (key, value) in userInfo.membersInCanonicalOrder
            where row.passThroughPrefixes.contains(where: { key.hasPrefix($0) }) && receipt.properties[key] != value {
                failures.append(failure(
                    JSONPath.member(key, of: propertiesPath),
                    "the push's \"\(key)\" passed through (\"\(row.event)\" passes every top-level key starting "
                        + "with \(prefixes)): \(JSONWriter.string(value))",
                    receipt.properties[key].map { JSONWriter.string($0) + ": send the push's value" }
                        ?? "(absent): add it (EventTableEntry.addContextProperties(to:context:) does)"))
            }
        }
        if let timeProperty = row.timeProperty, let time {
            if receipt.properties[timeProperty] != .int(time) {
                failures.append(failure(
                    JSONPath.member(timeProperty, of: propertiesPath),
                    "the step's time \(time) (\"\(row.event)\"'s timeProperty)",
                    receipt.properties[timeProperty].map { JSONWriter.string($0) } ?? "(absent)"))
            }
            if receipt.time != time {
                failures.append(failure(
                    JSONPath.member("time", of: path), "the step's time \(time) in Receipt.time",
                    receipt.time.map(String.init) ?? "(absent)"))
            }
        }
        return failures
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
