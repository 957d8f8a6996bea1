import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

/// The checked-in plans of examples/migration/plans (written by its regenerate.sh) are what `migrate` writes
/// today, byte for byte.
@Suite("bridge-cli migrate: the checked-in plans")
struct MigratePlanGoldenTests {
    static let plans = TestPaths.packageRoot + "/examples/migration/plans/"

    @Test("OneSignal → Braze and Airship → Customer.io: plan.json, plan.md and plan.html are as checked in",
          arguments: [
              ("onesignal-braze", ["--from", "onesignal", "--to", "braze", "--payloads", "examples/migration/templates/onesignal",
                                   "--sends", "examples/send/onesignal-log.jsonl"]),
              ("airship-customerio", ["--from", "airship", "--to", "customerio", "--payloads",
                                      "examples/migration/templates/airship"]),
          ])
    func matchesGolden(_ pair: String, _ arguments: [String]) throws {
        let scratch = try Scratch("migrate-golden")
        let result = try CLI.run(["migrate"] + arguments + ["--out", scratch.file(pair)], in: TestPaths.packageRoot)
        #expect(result.status == 0, "\(result)")
        for name in ["plan.json", "plan.md", "plan.html"] {
            let written = try String(contentsOfFile: scratch.file(pair + "/" + name), encoding: .utf8)
            let golden = try String(contentsOfFile: Self.plans + pair + "/" + name, encoding: .utf8)
            #expect(written == golden, "\(pair)/\(name) differs: run examples/migration/plans/regenerate.sh")
        }
    }
}
