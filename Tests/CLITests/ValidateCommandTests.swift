import PushBridge
import PushBridgeTestSupport
import Testing

/// The `code` of each problem in a validate report, in order.
private func problemCodes(_ report: JSONValue) -> [String] {
    report["problems"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
}

@Suite("bridge-cli validate")
struct ValidateCommandTests {
    @Test("a valid seed exits 0 with {vendor, valid: true, bytes: file size, problems: []} and nothing on stderr",
          arguments: Fixtures.zixflowSeeds)
    func validSeed(seed: String) throws {
        let result = try CLI.run(["validate", Fixtures.payloadPath(seed)])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines.count == 1)
        let report = try result.stdoutJSON()
        #expect(report == [
            "vendor": "zixflow", "valid": true, "bytes": .int(try Fixtures.payloadBytes(seed).count), "problems": [],
        ])
    }

    @Test("a non-integer Custom badge: exit 1, the report on stdout, a one-line summary on stderr",
          arguments: ["five" as JSONValue, "", "5.5", true])
    func badBadge(badge: JSONValue) throws {
        let payload = try Fixtures.payload("zixflow-custom.json").setting("badge", to: badge)
        let text = jsonText(.object(payload))
        let result = try CLI.run(["validate", "-"], stdin: text)
        #expect(result.status == 1)
        let report = try result.stdoutJSON()
        #expect(report["vendor"] == "zixflow")
        #expect(report["valid"] == false)
        #expect(report["bytes"] == .int(text.utf8.count))
        let problems = try #require(report["problems"]?.arrayValue)
        #expect(problems.contains { $0["code"] == .code(.badgeNotInteger) && $0["path"] == "$.badge" })
        for problem in problems {
            #expect(problem.objectValue.map { Set($0.keys) } == ["code", "path", "message"])
        }
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(DiagnosticCode.badgeNotInteger.rawValue))
    }

    @Test("a payload over 4096 bytes: exit 1 with payload-too-large and the byte count")
    func tooLarge() throws {
        let payload = try Fixtures.payload("zixflow-native.json")
            .setting("note", to: .string(String(repeating: "x", count: 4_000)))
        let text = jsonText(.object(payload))
        #expect(text.utf8.count > 4096)
        let result = try CLI.run(["validate", "-"], stdin: text)
        #expect(result.status == 1)
        let report = try result.stdoutJSON()
        #expect(report["valid"] == false)
        #expect(report["bytes"] == .int(text.utf8.count))
        #expect(problemCodes(report).contains(DiagnosticCode.payloadTooLarge.rawValue))
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(DiagnosticCode.payloadTooLarge.rawValue))
    }

    @Test("exactly 4096 bytes is within the APNs limit")
    func exactlyAtLimit() throws {
        let base = try Fixtures.payload("zixflow-native.json").setting("note", to: "")
        let padding = 4096 - jsonText(.object(base)).utf8.count
        let text = jsonText(.object(base.setting("note", to: .string(String(repeating: "x", count: padding)))))
        #expect(text.utf8.count == 4096)
        let result = try CLI.run(["validate", "-"], stdin: text)
        #expect(result.status == 0, "\(result)")
        #expect(try result.stdoutJSON()["valid"] == true)
    }

    @Test("a payload no vendor claims is a problem, unclaimed, checked against APNs, with vendor null",
          arguments: [
              (#"{"aps":{"alert":"Hi"}}"#, [DiagnosticCode.unclaimed]),
              (#"{"note":"no aps"}"#, [DiagnosticCode.unclaimed, .apsMissing]),
          ])
    func unclaimed(text: String, codes: [DiagnosticCode]) throws {
        let result = try CLI.run(["validate", "-"], stdin: text)
        #expect(result.status == 1)
        let report = try result.stdoutJSON()
        #expect(report["vendor"] == .null)
        #expect(report["valid"] == false)
        #expect(problemCodes(report) == codes.map(\.rawValue))
    }

    @Test("APNs problems are reported with their codes",
          arguments: [
              ("zixflow-native.json", ["aps", "alert"], nil as JSONValue?, DiagnosticCode.alertMissing),
              ("zixflow-custom.json", ["aps", "mutable-content"], nil, DiagnosticCode.mutableContentMissing),
              ("zixflow-native.json", ["aps", "sound"], "notification_tone", DiagnosticCode.soundWithoutExtension),
          ])
    func apnsProblems(seed: String, path: [String], value: JSONValue?, code: DiagnosticCode) throws {
        let payload = JSONValue.object(try Fixtures.payload(seed)).setting(path, to: value)
        let result = try CLI.run(["validate", "-"], stdin: jsonText(payload))
        #expect(result.status == 1)
        let codes = problemCodes(try result.stdoutJSON())
        #expect(codes.contains(code.rawValue), "\(codes)")
    }

    @Test("--vendor zixflow on a payload without a delivery id reports delivery-id-missing")
    func zixflowRules() throws {
        let result = try CLI.run(["validate", "--vendor", "zixflow", "-"], stdin: #"{"aps":{"alert":"Hi"}}"#)
        #expect(result.status == 1)
        #expect(try result.stdoutJSON()["vendor"] == "zixflow")
        #expect(problemCodes(try result.stdoutJSON()).contains(DiagnosticCode.deliveryIDMissing.rawValue))
    }

    @Test("each problem is named once: a vendor's own rule and its decode diagnostic at one path are one problem",
          arguments: [
              "zixflow", "buzzkit", "appdna", "pushnotifai", "onesignal", "braze", "airship", "iterable", "customerio",
              "fcm", "klaviyo",
          ])
    func problemsNamedOnce(vendor: String) throws {
        let result = try CLI.run(["validate", "--vendor", vendor, "-"], stdin: #"{"aps":{"alert":"Hi"}}"#)
        let problems = try #require(try result.stdoutJSON()["problems"]?.arrayValue)
        let keys = problems.map { "\($0["code"]?.stringValue ?? "") at \($0["path"]?.stringValue ?? "")" }
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(result.status == (problems.isEmpty ? 0 : 1))
    }

    @Test("Custom mode still needs aps.alert: iOS shows nothing on the lock screen without it (WIRE-FORMATS §3.1)")
    func customModeNeedsApsAlert() throws {
        let payload = try Fixtures.payload("zixflow-custom.json").setting("aps", "alert", to: nil)
        let result = try CLI.run(["validate", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 1, "\(result)")
        #expect(problemCodes(try result.stdoutJSON()).contains(DiagnosticCode.alertMissing.rawValue))
    }

    @Test("a payload two vendors claim is exit 3, not a report")
    func ambiguous() throws {
        let payload = try Fixtures.payload("zixflow-native.json").setting("pna_message_id", to: "ntf_1")
        let result = try CLI.run(["validate", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
