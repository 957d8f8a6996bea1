import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors

/// One `simulate` run: push `index` (vendor `index % 4`) arriving in the service extension, then `taps`
/// button taps (`open:b0`, `open:b1`, …), each a distinct receipt under WIRE-FORMATS §6.2 (its own action). So one
/// process records many receipts: Zixflow `Delivered`, `Opened` and one `Push Notification Action Clicked`
/// per tap; BuzzKit a delivered and one opened per tap; AppDNA one `push_tapped` per tap; PushNotifAI one
/// `$notification_tapped` per tap.
struct Batch {
    var prefix: String
    var index: Int
    var taps: Int

    var payload: JSONObject { Payloads.payload(prefix, index) }
    var vendor: String { Payloads.vendors[index % 4] }
    var steps: [LifecycleStep] { [.arrive(.serviceExtension)] + (0..<taps).map { .openAction("b\($0)") } }
    var stepsArgument: String { steps.map(\.description).joined(separator: ",") }
    /// The payload, for stdin.
    var input: String { JSONWriter.string(.object(payload)) }

    /// The receipts the run records, in order.
    var receipts: [Receipt] {
        Simulation.run(payload, steps: steps, options: SimulationOptions(), registry: BuiltInVendors.registry)
            .compactMap { effect -> Receipt? in
                if case .receipt(let receipt) = effect { return receipt }
                return nil
            }
    }

    /// `simulate --outbox DIR --steps … -` plus `extra` options.
    func arguments(outbox: String, _ extra: [String] = []) -> [String] {
        ["simulate", "--outbox", outbox, "--steps", stepsArgument] + extra + ["-"]
    }

    /// One batch per vendor (pushes 0–3).
    static func everyVendor(_ prefix: String, taps: Int) -> [Batch] {
        (0..<4).map { Batch(prefix: prefix, index: $0, taps: taps) }
    }

    /// Runs `simulate --outbox` for each batch, in turn; returns the receipts they record, in order.
    @discardableResult
    static func record(_ batches: [Batch], outbox: String, in scratch: Scratch) throws -> [Receipt] {
        var recorded: [Receipt] = []
        for batch in batches {
            let result = try BridgeCLI.run(batch.arguments(outbox: outbox), in: scratch, stdin: batch.input)
            guard result.status == 0 else { throw HarnessError(description: "simulate failed: \(result)") }
            recorded += batch.receipts
        }
        return recorded
    }

    /// The receipts acknowledged on a `simulate --outbox` stdout (each printed receipt line is on disk), in
    /// the order printed, matched against this batch's receipts by their effect line.
    func acknowledged(_ result: ProcessResult) -> [Receipt] {
        var byLine: [JSONValue: Receipt] = [:]
        for receipt in receipts { byLine[receipt.json] = receipt }
        return result.stdoutJSON.compactMap { byLine[$0] }
    }

    /// The body each vendor's request carries for `receipt`.
    static func expectedBody(_ receipt: Receipt) -> JSONValue {
        ["event": .string(receipt.event), "properties": .object(receipt.properties)]
    }
}
