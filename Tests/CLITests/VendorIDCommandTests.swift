import PushBridgeTestSupport
import Testing

@Suite("Vendor ids on the command line")
struct VendorIDCommandTests {
    private let onesignal = Fixtures.payloadPath("onesignal.json")

    @Test("vendor ids match in any case: --vendor, --from, --to, --vendors and send's print what the lower-case id prints",
          arguments: [
              (["detect", "--vendor", "OneSignal"], ["detect", "--vendor", "onesignal"]),
              (["normalize", "--vendor", "ONESIGNAL"], ["normalize", "--vendor", "onesignal"]),
              (["translate", "--from", "OneSignal", "--to", "Braze"], ["translate", "--from", "onesignal", "--to", "braze"]),
              (["compare", "--vendors", "Braze,FCM"], ["compare", "--vendors", "braze,fcm"]),
              (["events", "--vendor", "Klaviyo"], ["events", "--vendor", "klaviyo"]),
          ] as [([String], [String])])
    func anyCase(mixed: [String], lower: [String]) throws {
        let input = mixed[0] == "events" ? [] : [onesignal]
        let result = try CLI.run(mixed + input)
        #expect(result.status == 0, "\(mixed): \(result)")
        let expected = try CLI.run(lower + input)
        #expect(result.stdout == expected.stdout && !result.stdout.isEmpty, "\(mixed)")
        #expect(result.stderr == expected.stderr, "\(mixed)")
    }

    @Test("send vendor ids match in any case")
    func sendAnyCase() throws {
        let request = #"{"method":"POST","url":"https://api.onesignal.com/notifications","body":{"app_id":"a","contents":{"en":"hi"},"include_aliases":{"external_id":["u1"]},"target_channel":"push"}}"#
        let upper = try CLI.run(["send", "normalize", "--from", "OneSignal", "-"], stdin: request)
        let lower = try CLI.run(["send", "normalize", "--from", "onesignal", "-"], stdin: request)
        #expect(upper.status == 0, "\(upper)")
        #expect(upper.stdout == lower.stdout && upper.stderr == lower.stderr, "\(upper)")
    }

    @Test("--vendor-config takes the vendor id in any case: the setting is found, or its vendor's keys are named")
    func vendorConfigAnyCase() throws {
        let set = try CLI.run(["simulate", "--steps", "open", "--vendor-config", "OneSignal.appId=app-1", onesignal])
        #expect(set.status == 0, "\(set)")
        let unknownKey = try CLI.run(["simulate", "--steps", "open", "--vendor-config", "OneSignal.nope=1", onesignal])
        #expect(unknownKey.status == 2)
        #expect(unknownKey.stderr.contains("onesignal.appId") && !unknownKey.stderr.contains("unknown vendor"), "\(unknownKey)")
    }

    @Test("an unknown id a typo away is exit 2 with a suggestion; one far from every id gets none",
          arguments: [
              (["detect", "--vendor", "onesignl"], "onesignal"), (["translate", "--to", "Brazee"], "braze"),
              (["compare", "--vendors", "braze,airshp"], "airship"), (["send", "normalize", "--from", "klavyio"], "klaviyo"),
              (["detect", "--vendor", "nope"], nil), (["send", "normalize", "--from", "nope"], nil),
          ] as [([String], String?)])
    func suggestion(arguments: [String], suggested: String?) throws {
        let result = try CLI.run(arguments + [onesignal])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.contains("unknown"), "\(result)")
        if let suggested {
            #expect(result.stderr.hasSuffix("; did you mean '\(suggested)'?\n"), "\(result)")
        } else {
            #expect(!result.stderr.contains("did you mean"), "\(result)")
        }
    }
}
