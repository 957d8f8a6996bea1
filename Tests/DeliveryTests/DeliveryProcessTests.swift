import Foundation
import PushBridge
import PushBridgeOutbox
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Real `bridge-cli` processes against the Python collector. Every loop is bounded in count and time.
@Suite("Receipt delivery with real processes and a real server")
struct DeliveryProcessTests {
    @Test("simulate --outbox records durably; flush delivers each receipt to its vendor's path with its credential")
    func recordThenFlush() throws {
        let scratch = try Scratch()
        let collector = try Collector([], in: scratch)
        let outbox = scratch.file("outbox")
        let key = "wk_happy_\(UUID().uuidString.prefix(8))"
        var expected: [Receipt] = []
        for batch in Batch.everyVendor("happy", taps: 2) {
            let simulate = try BridgeCLI.run(batch.arguments(outbox: outbox), in: scratch, stdin: batch.input)
            #expect(simulate.status == 0, "\(simulate)")
            #expect(batch.acknowledged(simulate) == batch.receipts)
            expected += batch.receipts
        }
        #expect(expected.count == 11)
        #expect(try collector.requests().isEmpty, "simulate without --endpoint sends nothing")

        let flush = try BridgeCLI.run(
            flushArguments(outbox, collector), environment: ["PUSHBRIDGE_WRITE_KEY": key], in: scratch)
        #expect(flush.status == 0, "\(flush)")
        let lines = flush.stdoutJSON
        #expect(lines.filter { $0["type"] == "delivered" }.compactMap { $0["id"]?.stringValue }
            == expected.map(\.idempotencyKey))
        #expect(lines.last == ["type": "flush", "delivered": .int(expected.count), "deadLettered": 0, "deferred": 0,
                               "remaining": 0, "busy": false])

        let tally = Tally(requests: try collector.requests())
        tally.checkBodies(against: expected)
        let sent = tally.requests.filter(\.accepted).compactMap(\.idempotencyKey)
        #expect(sent == expected.map(\.idempotencyKey), "each sent once, in recorded order")
        for request in tally.requests where request.accepted {
            let vendor = expected.first { $0.idempotencyKey == request.idempotencyKey }?.vendor ?? ""
            switch vendor {
            case "zixflow": #expect(request.authorization == "Basic \(key)")
            case "appdna": #expect(request.apiKey == key && request.authorization == nil)
            default: #expect(request.authorization == "Bearer \(key)")
            }
        }
        #expect(try ReceiptOutbox(directory: outbox).snapshot().pending.isEmpty)

        let again = try BridgeCLI.run(flushArguments(outbox, collector), in: scratch)
        #expect(again.status == 0)
        #expect(try collector.requests().count == tally.requests.count, "nothing is sent again")
    }

    @Test("a receipt the outbox's once-only ledger has seen is not recorded or printed again by a later process")
    func onceOnlyAcrossProcesses() throws {
        let scratch = try Scratch()
        let outbox = scratch.file("outbox")
        let batch = Batch(prefix: "once", index: 1, taps: 2)
        let first = try BridgeCLI.run(batch.arguments(outbox: outbox), in: scratch, stdin: batch.input)
        let second = try BridgeCLI.run(batch.arguments(outbox: outbox), in: scratch, stdin: batch.input)
        #expect(first.status == 0 && second.status == 0)
        #expect(batch.acknowledged(first) == batch.receipts)
        #expect(batch.receipts.count == 3)
        #expect(second.stdoutJSON.filter { $0["type"] == "receipt" }.isEmpty)
        #expect(second.stderr.components(separatedBy: DiagnosticCode.receiptAlreadyRecorded.rawValue).count - 1 == 3)
        #expect(try ReceiptOutbox(directory: outbox).snapshot().pending.count == 3)
    }

    @Test("two processes appending while a third flushes: every record intact, every receipt delivered once, in order")
    func concurrentAppendersAndFlusher() throws {
        let scratch = try Scratch()
        let collector = try Collector([], in: scratch)
        let outbox = scratch.file("outbox")
        let batchA = Batch(prefix: "a", index: 0, taps: 60)
        let batchB = Batch(prefix: "b", index: 1, taps: 60)
        let expectedA = batchA.receipts
        let expectedB = batchB.receipts
        let appenderA = try BridgeCLI.start(batchA.arguments(outbox: outbox), in: scratch, stdin: batchA.input)
        let appenderB = try BridgeCLI.start(batchB.arguments(outbox: outbox), in: scratch, stdin: batchB.input)
        var flushes = 0
        let deadline = monotonicNow() + 20
        while !FileManager.default.fileExists(atPath: outbox + "/journal"), monotonicNow() < deadline { pause(0.01) }
        while (appenderA.process.isRunning || appenderB.process.isRunning), flushes < 40, monotonicNow() < deadline {
            let flush = try BridgeCLI.run(flushArguments(outbox, collector), in: scratch)
            #expect(!flush.signaled && [0, 1].contains(flush.status), "\(flush)")
            flushes += 1
        }
        let resultA = appenderA.wait()
        let resultB = appenderB.wait()
        #expect(resultA.status == 0, "\(resultA)")
        #expect(resultB.status == 0, "\(resultB)")
        #expect(flushes >= 1)
        #expect(batchA.acknowledged(resultA) == expectedA)
        #expect(batchB.acknowledged(resultB) == expectedB)
        #expect(try ReceiptOutbox(directory: outbox).snapshot().skippedBytes == 0, "no record was torn or interleaved")

        _ = try flushUntilEmpty(outbox, collector, in: scratch)
        let tally = Tally(requests: try collector.requests())
        tally.checkBodies(against: expectedA + expectedB)
        #expect(tally.acknowledgedKeys == Set((expectedA + expectedB).map(\.idempotencyKey)))
        #expect(tally.duplicates == 0, "one flush at a time and no failures: nothing is sent twice")
        let order = tally.firstAcceptedOrder
        #expect(order.filter(Set(expectedA.map(\.idempotencyKey)).contains) == expectedA.map(\.idempotencyKey))
        #expect(order.filter(Set(expectedB.map(\.idempotencyKey)).contains) == expectedB.map(\.idempotencyKey))
        DeliveryFigures(
            test: "two appenders and a flusher", recorded: expectedA.count + expectedB.count,
            delivered: tally.acknowledgedKeys.count, lost: (expectedA + expectedB).count - tally.acknowledgedKeys.count,
            duplicates: tally.duplicates
        ).report()
    }

    @Test("SIGKILL mid-append and mid-flush, 20 times: every recorded receipt is delivered, and nothing else")
    func killedMidAppendAndMidFlush() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--delay", "0.004"], in: scratch)
        let outbox = scratch.file("outbox")
        var generator = SystemRandomNumberGenerator()
        var recorded: [Receipt] = []
        var allowed: [Receipt] = []
        var everything: [Receipt] = []
        _ = try ReceiptOutbox(directory: outbox)
        var kills = 0
        var iterations = 0
        let deadline = monotonicNow() + 30
        for iteration in 0..<20 where monotonicNow() < deadline {
            iterations += 1
            let batch = Batch(prefix: "k\(iteration)", index: iteration, taps: 30)
            let expected = batch.receipts
            everything += expected
            let appender = try BridgeCLI.start(batch.arguments(outbox: outbox), in: scratch, stdin: batch.input)
            pause(Double.random(in: 0.03...0.3, using: &generator))
            appender.killHard()
            let appended = appender.wait()
            if appended.signaled { kills += 1 } else { #expect(appended.status == 0, "\(appended)") }
            let acknowledged = batch.acknowledged(appended)
            #expect(acknowledged == Array(expected.prefix(acknowledged.count)), "receipts are recorded in order")
            recorded += acknowledged
            // The one receipt being appended when the kill came may be on disk without its line printed.
            allowed += expected.prefix(acknowledged.count + 1)

            let flusher = try BridgeCLI.start(flushArguments(outbox, collector), in: scratch)
            pause(Double.random(in: 0.02...0.2, using: &generator))
            flusher.killHard()
            let flushed = flusher.wait()
            if flushed.signaled { kills += 1 } else { #expect([0, 1].contains(flushed.status), "\(flushed)") }
        }
        #expect(iterations == 20, "the iterations did not fit in the time allowed")
        #expect(kills >= iterations, "most kills should land while a process is working")

        _ = try flushUntilEmpty(outbox, collector, in: scratch)
        let snapshot = try ReceiptOutbox(directory: outbox).snapshot()
        #expect(snapshot.pending.isEmpty)
        #expect(snapshot.skippedBytes == 0)
        let tally = Tally(requests: try collector.requests())
        tally.checkBodies(against: everything)
        let recordedIDs = Set(recorded.map(\.idempotencyKey))
        let missing = recordedIDs.subtracting(tally.acknowledgedKeys)
        #expect(missing.isEmpty, "\(missing.count) recorded receipts were never delivered")
        let unexpected = tally.allKeys.subtracting(allowed.map(\.idempotencyKey))
        #expect(unexpected.isEmpty, "\(unexpected.count) receipts reached the collector that were never recorded")
        DeliveryFigures(
            test: "SIGKILL mid-append and mid-flush", recorded: recordedIDs.count,
            delivered: recordedIDs.intersection(tally.acknowledgedKeys).count, lost: missing.count,
            duplicates: tally.duplicates, crashIterations: iterations
        ).report()
    }

    @Test("a flaky collector (30% 500s, 10% drops): repeated flushes deliver every receipt; duplicates are counted")
    func flakyCollector() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--fail-rate", "0.3", "--drop-rate", "0.1", "--seed", "7"], in: scratch)
        let outbox = scratch.file("outbox")
        let expected = try Batch.record(Batch.everyVendor("flaky", taps: 22), outbox: outbox, in: scratch)
        #expect(expected.count == 91)
        let runs = try flushUntilEmpty(outbox, collector, in: scratch, maxRuns: 10)

        let tally = Tally(requests: try collector.requests())
        tally.checkBodies(against: expected)
        let recordedIDs = Set(expected.map(\.idempotencyKey))
        #expect(tally.acknowledgedKeys == recordedIDs, "every recorded receipt is delivered at least once")
        #expect(tally.allKeys == recordedIDs, "the distinct idempotency keys are exactly the recorded receipts")
        #expect(tally.requests.contains { $0.action == "500" } && tally.drops > 0, "the schedule did fail requests")
        // A dropped connection loses an answer the collector had stored: each one costs at least one duplicate
        // (more only if a request also timed out after the collector stored it).
        #expect(tally.duplicates >= tally.drops)
        DeliveryFigures(
            test: "flaky collector (30% 500, 10% drop)", recorded: expected.count,
            delivered: tally.acknowledgedKeys.count, lost: recordedIDs.subtracting(tally.acknowledgedKeys).count,
            duplicates: tally.duplicates
        ).report()
        #expect(runs.count >= 1)
    }

    @Test("a permanent 4xx becomes a visible dead letter with a diagnostic and is not retried")
    func permanentRefusal() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--path-status", "/v1/push/events=403", "--echo"], in: scratch)
        let outbox = scratch.file("outbox")
        let key = "wk_dead_\(UUID().uuidString.prefix(8))"
        let expected = try Batch.record(Batch.everyVendor("dead", taps: 2), outbox: outbox, in: scratch)
        let refused = expected.filter { $0.vendor == "appdna" }
        #expect(refused.count == 2)
        let flush = try BridgeCLI.run(flushArguments(outbox, collector, ["--write-key", key]), in: scratch)
        #expect(flush.status == 0, "dead letters are not left for a later flush: \(flush)")
        let deadLines = flush.stdoutJSON.filter { $0["type"] == "dead-letter" }
        #expect(deadLines.compactMap { $0["id"]?.stringValue } == refused.map(\.idempotencyKey))
        // A request whose body FoundationNetworking never sent (a rare libcurl stall under load) times out
        // and is retried before the 403 arrives; the 403 itself is never retried.
        #expect(deadLines.allSatisfy { $0["status"] == 403 && ($0["attempts"]?.intValue ?? 0) >= 1 })
        #expect(flush.stderr.components(separatedBy: "\"code\":\"receipt-dead-lettered\"").count - 1 == 2)

        let letters = try ReceiptOutbox(directory: outbox).deadLetters()
        #expect(letters.compactMap(\.receipt) == refused)
        #expect(letters.allSatisfy { $0.status == 403 && $0.reason.hasPrefix("HTTP 403") })
        #expect(try mode(outbox + "/dead-letters.jsonl") == 0o600)
        let file = try String(contentsOfFile: outbox + "/dead-letters.jsonl", encoding: .utf8)
        #expect(!file.contains(key), "the echoed write key is redacted from the kept reason")
        #expect(!flush.stderr.contains(key) && !flush.stdout.contains(key))

        let tally = Tally(requests: try collector.requests())
        for receipt in refused {
            let answered = tally.requests.filter { $0.idempotencyKey == receipt.idempotencyKey && $0.action != "incomplete" }
            #expect(answered.count == 1, "the refused receipt was answered 403 once and never sent again")
        }
        let again = try BridgeCLI.run(flushArguments(outbox, collector, ["--write-key", key]), in: scratch)
        #expect(again.status == 0)
        #expect(try collector.requests().count == tally.requests.count, "dead letters are never sent again")
        DeliveryFigures(
            test: "permanent 4xx", recorded: expected.count, delivered: tally.acknowledgedKeys.count,
            lost: expected.count - tally.acknowledgedKeys.count - letters.count, deadLetters: letters.count
        ).report()
    }

    @Test("the write key never shows in stdout, stderr, outbox files or the collector's URLs; tokens are redacted")
    func writeKeyNeverShown() throws {
        let scratch = try Scratch()
        let collector = try Collector(
            ["--script", "500,429:0,drop,status:400,500", "--path-status", "/v1/push/events=401", "--echo"],
            in: scratch)
        let outbox = scratch.file("outbox")
        let key = "wk_secret_\(UUID().uuidString.prefix(12))"
        var expected: [Receipt] = []
        var outputs: [ProcessResult] = []
        for batch in Batch.everyVendor("key", taps: 2) {
            let options = ["--endpoint", collector.baseURL, "--write-key", key, "--base-delay", "0.01"]
            let simulate = try BridgeCLI.run(batch.arguments(outbox: outbox, options), in: scratch, stdin: batch.input)
            #expect(simulate.status == 0, "\(simulate)")
            outputs.append(simulate)
            expected += batch.receipts
        }
        outputs += try flushUntilEmpty(outbox, collector, in: scratch, environment: ["PUSHBRIDGE_WRITE_KEY": key])
        let direct = Batch(prefix: "key-direct", index: 2, taps: 1)
        expected += direct.receipts
        outputs.append(try BridgeCLI.run(
            ["simulate", "--endpoint", collector.baseURL, "--write-key", key, "--steps", direct.stepsArgument, "-"],
            in: scratch, stdin: direct.input))
        outputs.append(try BridgeCLI.run(["flush", "--outbox", outbox, "--write-key", key], in: scratch))
        #expect(outputs.last?.status == 2)

        for output in outputs {
            #expect(!output.stdout.contains(key) && !output.stderr.contains(key), "\(output)")
            #expect(!output.stderr.contains(Payloads.token("key", 0)), "device tokens are redacted in diagnostics")
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: outbox) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: outbox + "/" + name))
            #expect(bytes.range(of: Data(key.utf8)) == nil, "\(name) holds the write key")
        }
        let requests = try collector.requests()
        #expect(requests.allSatisfy { !$0.path.contains(key) })
        #expect(requests.contains { $0.authorization == "Basic \(key)" })
        #expect(requests.contains { $0.apiKey == key })
        #expect(Set(requests.compactMap(\.idempotencyKey)).isSubset(of: expected.map(\.idempotencyKey)))
        #expect(try ReceiptOutbox(directory: outbox).deadLetters().count >= 2, "the 400 and the AppDNA 401s")
    }

    @Test("429 with Retry-After is waited for and a stalled request times out and is retried, with the same key")
    func retryAfterAndStall() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--script", "429:1,stall:4"], in: scratch)
        let outbox = scratch.file("outbox")
        try Batch.record([Batch(prefix: "ra", index: 0, taps: 0)], outbox: outbox, in: scratch)
        let started = monotonicNow()
        let flush = try BridgeCLI.run(flushArguments(outbox, collector, ["--request-timeout", "0.5"]), in: scratch)
        #expect(flush.status == 0, "\(flush)")
        #expect(monotonicNow() - started < 3.5, "the stall was not waited out")
        let requests = try collector.requests()
        #expect(requests.map(\.action) == ["429:1", "stall:4", "ok"])
        #expect(Set(requests.compactMap(\.idempotencyKey)).count == 1)
        if requests.count == 3 { #expect(requests[1].time - requests[0].time >= 0.95, "Retry-After: 1 was honoured") }
        #expect(flush.stdoutJSON.first?["attempts"] == 3)
    }

    @Test("flush exits 1 and keeps every receipt when the endpoint cannot be reached")
    func unreachable() throws {
        let scratch = try Scratch()
        let outbox = scratch.file("outbox")
        let recorded = try Batch.record(Batch.everyVendor("down", taps: 1), outbox: outbox, in: scratch)
        let flush = try BridgeCLI.run(
            ["flush", "--outbox", outbox, "--endpoint", "http://127.0.0.1:1", "--max-attempts", "2", "--base-delay",
             "0.01"], in: scratch)
        #expect(flush.status == 1, "\(flush)")
        let summary = flush.stdoutJSON.last
        #expect(summary?["type"] == "flush")
        #expect(summary?["remaining"] == .int(recorded.count))
        #expect(summary?["deferred"] == 4, "one receipt tried per vendor; the rest wait behind it")
        let pending = try ReceiptOutbox(directory: outbox).snapshot().pending
        #expect(pending.map(\.id) == recorded.map(\.idempotencyKey))
    }

    @Test("usage errors: flush needs --outbox and --endpoint, an existing outbox, and takes no file")
    func usageErrors() throws {
        let scratch = try Scratch()
        let missing = scratch.file("missing")
        let cases: [([String], Int32)] = [
            (["flush", "--endpoint", "http://127.0.0.1:1"], 2),
            (["flush", "--outbox", missing], 2),
            (["flush", "--outbox", missing, "--endpoint", "ftp://x"], 2),
            (["flush", "--outbox", missing, "--endpoint", "http://127.0.0.1:1", "--max-attempts", "0"], 2),
            (["flush", "--outbox", missing, "--endpoint", "http://127.0.0.1:1", "extra"], 2),
            (["flush", "--outbox", missing, "--endpoint", "http://127.0.0.1:1"], 66),
            (["simulate", "--steps", "open", "--write-key", "k", "-"], 2),
        ]
        for (arguments, status) in cases {
            let input = JSONWriter.string(.object(Payloads.payload("u", 0)))
            let result = try BridgeCLI.run(arguments, in: scratch, stdin: input)
            #expect(result.status == status, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.hasPrefix("bridge-cli "), "one clear line on stderr")
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "flush never creates an outbox")
    }

    @Test("simulate --outbox exits 1, printing receipt-not-recorded instead of the line of a receipt it cannot write")
    func recordFailure() throws {
        let scratch = try Scratch()
        let outbox = scratch.file("outbox")
        try FileManager.default.createDirectory(atPath: outbox + "/journal", withIntermediateDirectories: true)
        let result = try BridgeCLI.run(
            ["simulate", "--outbox", outbox, "--steps", "open", "-"], in: scratch,
            stdin: JSONWriter.string(.object(Payloads.payload("fail", 1))))
        #expect(result.status == 1, "\(result)")
        let lines = result.stdoutJSON
        #expect(lines.map { $0["type"] } == ["diagnostic"], "no receipt line for a receipt that is not on disk")
        #expect(lines.first?["code"] == .code(.receiptNotRecorded))
        #expect(lines.first?["message"]?.stringValue?.contains("is a directory") == true, "\(result)")
    }

    @Test("flush --help documents the options and the exit codes")
    func flushHelp() throws {
        let scratch = try Scratch()
        let result = try BridgeCLI.run(["flush", "--help"], in: scratch)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: bridge-cli flush --outbox DIR --endpoint URL"))
        for option in ["--write-key", "PUSHBRIDGE_WRITE_KEY", "--max-attempts", "--request-timeout", "--max-time"] {
            #expect(result.stdout.contains(option))
        }
        let overview = try BridgeCLI.run(["--help"], in: scratch)
        #expect(overview.stdout.contains("  flush "))
    }

    @Test("simulate --endpoint without an outbox sends each receipt once and exits 1 when one was not delivered")
    func directSend() throws {
        let scratch = try Scratch()
        let collector = try Collector(["--path-status", "/v1/events=422"], in: scratch)
        let zixflow = try BridgeCLI.run(
            ["simulate", "--endpoint", collector.baseURL, "--steps", "arrive:service-extension,open", "-"], in: scratch,
            stdin: JSONWriter.string(.object(Payloads.payload("direct", 0))))
        #expect(zixflow.status == 0, "\(zixflow)")
        let buzzkit = try BridgeCLI.run(
            ["simulate", "--endpoint", collector.baseURL, "--steps", "open", "-"], in: scratch,
            stdin: JSONWriter.string(.object(Payloads.payload("direct", 1))))
        #expect(buzzkit.status == 1)
        // Adapted (issue 13): simulate records through the bridge's own sink, so the receipt that was not
        // delivered is the bridge's `receipt-not-recorded` line on stdout, in place of its receipt line, no
        // longer a `receipt-not-delivered` line on stderr beside a printed receipt line.
        #expect(buzzkit.stdoutJSON.map { $0["code"] } == [.code(.receiptNotRecorded)], "\(buzzkit)")
        #expect(buzzkit.stdoutJSON.first?["message"]?.stringValue?.contains("was not delivered") == true)
        #expect(try collector.requests().map(\.action) == ["ok", "ok", "status:422"])
    }
}
