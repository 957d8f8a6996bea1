import PushBridge
import PushBridgeTestSupport
import Testing

/// A send request of the corpus (Tests/SendTests/Corpus).
private func corpus(_ name: String) -> String { TestPaths.packageRoot + "/Tests/SendTests/Corpus/" + name }

@Suite("bridge-cli send")
struct SendCommandTests {
    @Test("send vendors lists the send vendor ids")
    func vendors() throws {
        let result = try CLI.run(["send", "vendors"])
        #expect(result.status == 0)
        let ids = try result.stdoutLines.map { try JSONParser.parse($0)["id"]?.stringValue ?? "" }
        #expect(ids == ["onesignal", "braze", "airship", "fcm", "apns", "iterable", "customerio", "klaviyo"])
    }

    @Test("send translate into Customer.io names the transactional message to create; send provision lists it")
    func provision() throws {
        let translated = try CLI.run(["send", "translate", "--from", "onesignal", "--to", "customerio", corpus("onesignal-4.json")])
        #expect(translated.status == 0, "\(translated)")
        let output = try translated.stdoutJSON()
        let step = try #require(output["provision"]?.arrayValue?.first)
        #expect(step["kind"] == "transactional_message")
        #expect(step["vendor"] == "customerio")
        #expect(step["content"]?["message"] == "English Message")
        let placeholder = try #require(step["placeholder"]?.stringValue)
        #expect(output["requests"]?.arrayValue?.first?["body"]?["transactional_message_id"]?.stringValue == placeholder)
        let listed = try CLI.run(["send", "provision", "--from", "onesignal", "--to", "customerio", corpus("onesignal-4.json")])
        #expect(listed.status == 0)
        #expect(listed.stdoutLines.count == 1)
        #expect(listed.stdout.hasPrefix("1. [ ] create a transactional message in customerio"), "\(listed)")
        #expect(listed.stdout.contains(placeholder) && listed.stdout.contains("English Message"))
        // Between two inline vendors nothing is created first, and translate prints no provision member.
        let inline = try CLI.run(["send", "provision", "--from", "onesignal", "--to", "braze", corpus("onesignal-4.json")])
        #expect(inline.stdout == "nothing to create in Braze first\n")
        let plain = try CLI.run(["send", "translate", "--from", "onesignal", "--to", "braze", corpus("onesignal-4.json")])
        #expect(try plain.stdoutJSON()["provision"] == nil)
    }

    @Test("a Customer.io send that only names its transactional message reports the template's content as lost")
    func templateContentLost() throws {
        let result = try CLI.run(["send", "translate", "--from", "customerio", "--to", "braze", "--report", corpus("customerio-1.json")])
        #expect(result.status == 0)
        let losses = try result.stderrRecords(type: "loss")
        let loss = try #require(losses.first { $0["path"] == "$.transactional_message_id" })
        #expect(loss["value"] == "3")
        #expect(loss["reason"]?.stringValue?.contains("Customer.io transactional message '3'") == true)
        #expect(losses.contains { $0["path"] == "$.message_data" })
    }

    @Test("send translate prints {requests:[…]} and, with --report, one loss line per field at its source path")
    func translate() throws {
        let result = try CLI.run(["send", "translate", "--from", "onesignal", "--to", "braze", "--report", corpus("onesignal-1.json")])
        #expect(result.status == 0)
        let output = try result.stdoutJSON()
        let request = try #require(output["requests"]?.arrayValue?.first)
        #expect(request["method"] == "POST")
        #expect(request["path"] == "/messages/send")
        #expect(request["body"]?["messages"]?["apple_push"]?["alert"] == "English Message")
        let losses = try result.stderrLines.map { try JSONParser.parse($0) }
        #expect(losses.contains { $0["type"] == "loss" && $0["path"] == "$.included_segments" })
    }

    @Test("send translate tells on stderr when the target's delivered payload is over a budget the source's fits")
    func translateOverBudget() throws {
        // 4050 bytes of custom data fit APNs; Airship adds its send id and OneSignal its `custom` object.
        let body = #"{"aps":{"alert":"x"},"note":""# + String(repeating: "x", count: 4050) + #""}"#
        for target in ["airship", "onesignal"] {
            let result = try CLI.run(["send", "translate", "--from", "apns", "--to", target, "-"], stdin: body)
            #expect(result.status == 0)
            let diagnostics = try result.stderrLines.map { try JSONParser.parse($0) }
            #expect(diagnostics.contains { $0["code"] == .code(.payloadTooLarge) && $0["severity"] == "error" }, "\(target): \(result.stderr)")
        }
        let same = try CLI.run(["send", "translate", "--from", "apns", "--to", "apns", "-"], stdin: body)
        #expect(!same.stderr.contains(DiagnosticCode.payloadTooLarge.rawValue))
    }

    @Test("send validate reports a OneSignal payload over its 3500-byte advice as a warning, valid still")
    func validateBudgetWarning() throws {
        let body = #"{"app_id":"a","included_segments":["All"],"contents":{"en":""# + String(repeating: "x", count: 3500) + #""}}"#
        let result = try CLI.run(["send", "validate", "--vendor", "onesignal", "-"], stdin: body)
        #expect(result.status == 0)
        #expect(try result.stdoutJSON()["valid"] == true)
        let diagnostics = try result.stderrLines.map { try JSONParser.parse($0) }
        #expect(diagnostics.contains { $0["code"] == .code(.payloadTooLarge) && $0["severity"] == "warning" && $0["path"] == "$" })
    }

    @Test("send translate exits 1 for a body that is not the source's request, 65 for bad JSON, 2 for usage")
    func translateExitCodes() throws {
        #expect(try CLI.run(["send", "translate", "--from", "fcm", "--to", "apns", "-"], stdin: "[1]").status == 1)
        #expect(try CLI.run(["send", "translate", "--from", "fcm", "--to", "apns", "-"], stdin: "[1").status == 65)
        #expect(try CLI.run(["send", "translate", "--from", "nobody", "--to", "apns", "-"], stdin: "{}").status == 2)
        #expect(try CLI.run(["send"]).status == 2)
    }

    @Test("send validate reports the 1970 expiry of an envelope and exits 1; a valid request exits 0")
    func validate() throws {
        let envelope = #"{"method":"POST","path":"/3/device/ab","headers":{"apns-expiration":"300","apns-push-type":"alert","apns-topic":"t"},"body":{"aps":{"alert":"x"}}}"#
        let bad = try CLI.run(["send", "validate", "--vendor", "apns", "-"], stdin: envelope)
        #expect(bad.status == 1)
        let report = try bad.stdoutJSON()
        #expect(report["vendor"] == "apns")
        #expect(report["valid"] == false)
        #expect(report["problems"]?.arrayValue?.first?["code"] == .code(.expiryInvalid))
        let good = try CLI.run(["send", "validate", "--vendor", "onesignal", corpus("onesignal-3.json")])
        #expect(good.status == 0)
        #expect(try good.stdoutJSON() == ["vendor": "onesignal", "valid": true, "problems": []])
    }

    @Test("send deliver prints a userInfo that detect claims as the vendor")
    func deliver() throws {
        for (vendor, file) in [("braze", "braze-2.json"), ("onesignal", "onesignal-4.json"), ("fcm", "fcm-2.json"), ("klaviyo", "klaviyo-1.json")] {
            let delivered = try CLI.run(["send", "deliver", "--vendor", vendor, corpus(file)])
            #expect(delivered.status == 0)
            let detected = try CLI.run(["detect", "-"], stdin: delivered.stdout)
            #expect(detected.stdout.contains(vendor), "\(vendor): \(detected)")
        }
    }

    @Test("send normalize prints the send form; --jsonl reads one request per line")
    func normalize() throws {
        let result = try CLI.run(["send", "normalize", "--from", "braze", corpus("braze-2.json")])
        #expect(result.status == 0)
        let form = try result.stdoutJSON()
        #expect(form["vendor"] == "braze")
        #expect(form["audience"]?["userIds"] == ["YOUR_EXTERNAL_USER_ID"])
        let log = "{\"app_id\":\"a\",\"contents\":{\"en\":\"one\"}}\n{\"app_id\":\"a\",\"contents\":{\"en\":\"two\"}}\n"
        let lines = try CLI.run(["send", "translate", "--from", "onesignal", "--to", "apns", "--jsonl", "-"], stdin: log)
        #expect(lines.status == 0)
        #expect(lines.stdoutLines.count == 2)
    }
}
