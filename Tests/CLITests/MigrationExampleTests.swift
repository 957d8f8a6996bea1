import Foundation
import PushBridge
import PushBridgeTestSupport
import Testing

/// `examples/migration/run.sh` (docs/MIGRATION.md) run with the `bridge-cli` the tests use (`BRIDGE_CLI`, so it
/// does not build), and its output checked against what `bridge-cli` itself says of the same templates.
@Suite(.serialized)
struct MigrationExampleTests {
    static let example = TestPaths.packageRoot + "/examples/migration"
    static let script = example + "/run.sh"
    /// The moves the walkthrough makes: source vendor, target vendor.
    static let moves = [("onesignal", "klaviyo"), ("iterable", "customerio"), ("fcm", "braze")]

    /// One run of the walkthrough, shared by the tests that read its output.
    static let walkthrough: Result<(result: CLIResult, tmp: String), HarnessError> = {
        do {
            let tmp = try Scratch("migration-tmp")
            let result = try runScript(cli: TestPaths.bridgeCLI ?? "", tmp: tmp.path)
            let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? []
            withExtendedLifetime(tmp) {}
            return .success((result, left.joined(separator: ", ")))
        } catch {
            return .failure(HarnessError(description: "\(error)"))
        }
    }()

    /// Runs the script with `BRIDGE_CLI=cli` and `TMPDIR=tmp`.
    static func runScript(cli: String, tmp: String) throws -> CLIResult {
        try Subprocess.run(
            "/usr/bin/env", ["BRIDGE_CLI=\(cli)", "TMPDIR=\(tmp)", "bash", script], timeout: 120)
    }

    static func output() throws -> (lines: [String], tmpLeft: String) {
        let run = try walkthrough.get()
        #expect(run.result.status == 0, "\(run.result)")
        return (run.result.stdoutLines, run.tmp)
    }

    /// The template files of `vendor`, sorted by name.
    static func templates(_ vendor: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: example + "/templates/" + vendor)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// The lines of one move's section: from its `--- source → target` heading to its TOTAL line.
    static func section(_ lines: [String], source: String, target: String) -> [String] {
        guard let start = lines.firstIndex(of: "--- \(source) → \(target)") else { return [] }
        let rest = lines[start...]
        guard let end = rest.firstIndex(where: { $0.hasPrefix("  TOTAL \(source) → \(target):") }) else { return [] }
        return Array(lines[start...end])
    }

    /// The lines of one template's summary inside a move's section.
    static func summary(_ section: [String], template: String) -> [String] {
        guard let start = section.firstIndex(where: { $0.hasPrefix("  \(template) ") }) else { return [] }
        let rest = section[(start + 1)...]
        let end = rest.firstIndex { !$0.hasPrefix("      ") } ?? section.endIndex
        return Array(section[start..<end])
    }

    @Test func exitsZeroAndCleansUp() throws {
        let run = try Self.walkthrough.get()
        #expect(run.result.status == 0, "\(run.result)")
        #expect(run.result.stdoutLines.last == "migration walkthrough: ok")
        #expect(run.tmp.isEmpty, "the walkthrough left files in its TMPDIR: \(run.tmp)")
    }

    @Test(arguments: moves)
    func everyTemplateIsTranslatedAndEveryLossNamed(source: String, target: String) throws {
        let lines = try Self.output().lines
        let section = Self.section(lines, source: source, target: target)
        let templates = try Self.templates(source)
        #expect(templates.count >= 3)
        #expect(!section.isEmpty, "no section for \(source) → \(target)")
        var total = 0
        for template in templates {
            // What bridge-cli itself reports for this template: the summary must name each loss at its path.
            let file = Self.example + "/templates/\(source)/\(template)"
            let translated = try CLI.run(["translate", "--to", target, "--report", file])
            #expect(translated.status == 0, "\(translated)")
            let paths = try translated.stderrRecords(type: "loss").compactMap { $0["path"]?.stringValue }
            total += paths.count
            let summary = Self.summary(section, template: template)
            #expect(!summary.isEmpty, "\(template) has no summary under \(source) → \(target)")
            guard let headline = summary.first else { continue }
            let noun = paths.count == 1 ? "loss" : "losses"
            #expect(headline.contains(" \(paths.count) \(noun)"), "\(headline) (bridge-cli reports \(paths.count))")
            let named = summary.compactMap { line -> String? in
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                return trimmed.hasPrefix("at $") ? String(trimmed.dropFirst(3)) : nil
            }
            #expect(named == paths, "\(template): the summary names \(named), bridge-cli reports \(paths)")
            #expect(summary.contains { $0.contains("result") && $0.contains("validate:") })
        }
        let totalLine = try #require(section.last)
        #expect(totalLine.contains(": \(templates.count) templates translated, \(total) losses"), "\(totalLine)")
    }

    @Test func theSummariesReadTheLossesTheyName() throws {
        let lines = try Self.output().lines
        // A button lost to Customer.io is named by its title; an action by its name; a OneSignal id as the message id.
        let iterable = Self.section(lines, source: "iterable", target: "customerio")
        #expect(iterable.contains { $0.contains("button") && $0.contains("\"Check out\"") })
        #expect(iterable.contains { $0.contains("named action") && $0.contains("openBriefing") })
        let oneSignal = Self.section(lines, source: "onesignal", target: "klaviyo")
        #expect(oneSignal.contains { $0.contains("vendor-only key") && $0.contains("badge_inc") })
        #expect(oneSignal.contains { $0.contains("message id") })
        let fcm = Self.section(lines, source: "fcm", target: "braze")
        #expect(fcm.contains { $0.contains("tracking") && $0.contains("google.c.a.c_id") })
    }

    @Test func eachPushIsClaimedByItsOwnerAndCarriersStepAside() throws {
        let lines = try Self.output().lines
        let claims = lines.filter { $0.hasPrefix("    ") && !$0.hasPrefix("     ") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(claims.contains { $0.hasPrefix("customerio ") && $0.contains("through FCM") })
        #expect(claims.contains { $0.hasPrefix("fcm ") && $0.contains("match-update") })
        // Two owners: the one that alone claims by a message id wins (WIRE-FORMATS §11.1), else nobody.
        #expect(claims.contains { $0.hasPrefix("onesignal ") && $0.contains("Klaviyo's body._k added") })
        #expect(claims.contains { $0.hasPrefix("none ") && $0.contains("onesignal and iterable") })
        // The Customer.io push that FCM delivered is reported to Customer.io, its FCM keys set aside.
        #expect(lines.contains { $0.contains(DiagnosticCode.carrierKeys.rawValue) && $0.contains("gcm.message_id") })
    }

    @Test func eachVendorsReceiptsReachTheirOwnPathOnce() throws {
        let lines = try Self.output().lines
        guard let header = lines.firstIndex(where: { $0.hasPrefix("  vendor ") && $0.contains("method path") }) else {
            Issue.record("no request table in the output")
            return
        }
        let rows = lines[(header + 1)...].prefix { !$0.hasPrefix("  per vendor:") }
            .map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(!rows.isEmpty)
        var byVendor: [String: [(event: String, method: String, path: String)]] = [:]
        for row in rows where row.count >= 4 {
            byVendor[row[0], default: []].append((row[1], row[2], row[3]))
            #expect(!row.joined(separator: " ").contains("[NOT "), "\(row.joined(separator: " "))")
        }
        // OneSignal's open goes to its notification, once; no report_received, as Confirmed Deliveries are off
        // (the SDK's default) in the walkthrough.
        let flashSale = try parseJSON(String(
            decoding: try TestPaths.readBytes(Self.example + "/templates/onesignal/flash-sale.json"), as: UTF8.self))
        let notification = try #require(flashSale["custom"]?["i"]?.stringValue)
        let oneSignal = byVendor["onesignal"] ?? []
        #expect(oneSignal.map(\.event) == ["opened"])
        #expect(oneSignal.map(\.method) == ["PUT"])
        #expect(oneSignal.map(\.path) == ["/notifications/\(notification)"])
        // Klaviyo's open goes to its client events API, once.
        let klaviyo = byVendor["klaviyo"] ?? []
        #expect(klaviyo.map(\.event) == ["$opened_push"])
        #expect(klaviyo.allSatisfy { $0.method == "POST" && $0.path.hasPrefix("/client/events") })
        #expect((byVendor["iterable"] ?? []).map(\.path) == ["/api/events/trackPushOpen"])
        #expect((byVendor["customerio"] ?? []).map(\.event) == ["delivered", "opened"])
        #expect((byVendor["customerio"] ?? []).allSatisfy { $0.path == "/track" })
        // No vendor's path is another's.
        let paths = Dictionary(grouping: rows.filter { $0.count >= 4 }, by: { $0[3] })
        for (path, users) in paths { #expect(Set(users.map { $0[0] }).count == 1, "\(path) used by \(users)") }
        #expect(lines.contains("  every receipt reached its own vendor's path exactly once"))
        // The second tap on the OneSignal push records nothing; the next flush sends nothing again.
        #expect(lines.contains { $0.contains(DiagnosticCode.receiptAlreadyRecorded.rawValue) && $0.contains("onesignal") })
        #expect(lines.contains { $0.hasPrefix("  a second flush") && $0.contains("\"delivered\":0,") })
    }

    @Test func aFailingStepFailsTheWalkthroughAndLeavesNothingBehind() throws {
        let cli = try #require(TestPaths.bridgeCLI)
        let scratch = try Scratch("migration-fail")
        let tmp = scratch.file("tmp")
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: true)
        // A bridge-cli whose flush fails (an unusable outbox, exit 66) once the collector is running.
        let wrapper = try scratch.write("bridge-cli", """
            #!/usr/bin/env bash
            if [ "$1" = flush ] && [ "${2:-}" != --help ]; then echo 'flush: refused for the test' >&2; exit 66; fi
            exec '\(cli)' "$@"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
        let result = try Self.runScript(cli: wrapper, tmp: tmp)
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("flush exited 66"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "temporary files left behind")
        // The collector the script started is gone: no process still has the script's temporary folder open.
        #if os(Linux)
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in processes where pid.allSatisfy(\.isNumber) {
            guard let bytes = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            let commandLine = String(decoding: bytes.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            #expect(!commandLine.contains(tmp), "process \(pid) is still running: \(commandLine)")
        }
        #endif
    }

    @Test func aMissingBridgeCLIIsAClearError() throws {
        let scratch = try Scratch("migration-missing")
        let result = try Self.runScript(cli: scratch.file("no-such-bridge-cli"), tmp: scratch.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not an executable file"), "\(result)")
        #expect(result.stdout.isEmpty)
    }
}
