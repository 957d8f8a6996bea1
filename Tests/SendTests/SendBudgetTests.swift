import PushBridge
import PushBridgeSend
import Testing

/// Each vendor's size budgets, the delivered payload measured with the keys that vendor adds (docs/SEND.md
/// "Size budgets").
@Suite("Send size budgets")
struct SendBudgetTests {
    func adapter(_ id: String) throws -> any SendAdapter { try #require(SendVendors.adapter(id: id)) }

    /// A request of `vendor` whose body is `template` with `@` replaced by `count` letters.
    func padded(_ vendor: String, _ template: String, _ count: Int, headers: [String: String] = [:]) throws -> SendHTTPRequest {
        let body = template.split(separator: "@", omittingEmptySubsequences: false)
            .joined(separator: String(repeating: "x", count: max(count, 0)))
        return SendHTTPRequest(path: try adapter(vendor).primaryPath, headers: headers, body: try JSONParser.parse(body))
    }

    /// `template` padded so that `measure` gives exactly `bytes` (each letter adds one byte).
    func sized(
        _ bytes: Int, _ vendor: String, _ template: String, headers: [String: String] = [:],
        _ measure: (SendHTTPRequest) throws -> Int
    ) throws -> SendHTTPRequest {
        let base = try measure(try padded(vendor, template, 0, headers: headers))
        let request = try padded(vendor, template, bytes - base, headers: headers)
        try #require(try measure(request) == bytes)
        return request
    }

    /// The bytes of what `vendor`'s backend delivers for `request`.
    func delivered(_ vendor: String) throws -> (SendHTTPRequest) throws -> Int {
        let adapter = try adapter(vendor)
        return { JSONWriter.bytes(.object(adapter.deliver(adapter.parse($0).request))).count }
    }

    /// The bytes of the body member at `steps`.
    func member(_ steps: String...) -> (SendHTTPRequest) throws -> Int {
        { request in
            var value = request.body
            for step in steps { value = try #require(value[step]) }
            return JSONWriter.bytes(value).count
        }
    }

    /// `validate`'s `payload-too-large` problems for `request`.
    func sizeProblems(_ vendor: String, _ request: SendHTTPRequest) throws -> [Diagnostic] {
        try adapter(vendor).validate(request).filter { $0.diagnosticCode == .payloadTooLarge }
    }

    /// Checks that a request measuring `limit` bytes has no size problem and one measuring a byte more has one
    /// problem, at `severity` and `path`.
    func expectBoundary(
        _ vendor: String, _ template: String, limit: Int, severity: Diagnostic.Severity, path: String,
        headers: [String: String] = [:], _ measure: (SendHTTPRequest) throws -> Int
    ) throws {
        let fits = try sized(limit, vendor, template, headers: headers, measure)
        #expect(try sizeProblems(vendor, fits).isEmpty, "\(vendor) at \(limit)")
        let over = try sized(limit + 1, vendor, template, headers: headers, measure)
        let problems = try sizeProblems(vendor, over)
        #expect(problems.count == 1, "\(vendor) at \(limit + 1): \(problems)")
        #expect(problems.first?.severity == severity)
        #expect(problems.first?.path == path)
        #expect(problems.first?.message.contains(String(limit + 1)) == true)
    }

    static let oneSignal = #"{"app_id":"a","include_aliases":{"external_id":["u"]},"target_channel":"push","contents":{"en":"@"}}"#
    static let braze = #"{"broadcast":true,"messages":{"apple_push":{"alert":"@"}}}"#
    static let airship = #"{"audience":"all","device_types":["ios"],"notification":{"ios":{"alert":"@"}}}"#
    /// The Android part makes the message larger than what reaches an iOS device.
    static let fcm = #"{"message":{"token":"t","notification":{"title":"x","body":"y"},"android":{"notification":{"body":"@"}}}}"#
    static let apns = #"{"aps":{"alert":"@"}}"#
    static let apnsHeaders = ["apns-push-type": "alert", "apns-topic": "t"]

    @Test("OneSignal: a delivered payload over 3500 bytes is a warning, data over 2048 bytes an error")
    func oneSignal() throws {
        try expectBoundary("onesignal", Self.oneSignal, limit: 3500, severity: .warning, path: "$", try delivered("onesignal"))
        let data = #"{"app_id":"a","include_aliases":{"external_id":["u"]},"target_channel":"push","contents":{"en":"x"},"data":{"k":"@"}}"#
        try expectBoundary("onesignal", data, limit: 2048, severity: .error, path: "$.data", member("data"))
    }

    @Test("Braze: apple_push over 1912 bytes and a delivered payload over 3807 are warnings")
    func braze() throws {
        try expectBoundary("braze", Self.braze, limit: 1912, severity: .warning, path: "$.messages.apple_push", member("messages", "apple_push"))
        // Past 1912 bytes of apple_push, the delivered payload's 3807 is a second warning.
        let braze = try adapter("braze")
        let measure = try delivered("braze")
        for (size, count) in [(3807, 1), (3808, 2)] {
            let request = try sized(size, "braze", Self.braze, measure)
            let problems = try sizeProblems("braze", request)
            #expect(problems.count == count, "\(size): \(problems)")
            #expect(problems.allSatisfy { $0.severity == .warning && $0.path == "$.messages.apple_push" })
            let overflows = braze.budgetOverflows(request, form: braze.parse(request).request)
            #expect(overflows.contains { $0.budget.part == .delivered } == (size > 3807))
        }
    }

    @Test("FCM: a message over 4096 bytes is an error at $.message")
    func fcm() throws {
        try expectBoundary("fcm", Self.fcm, limit: 4096, severity: .error, path: "$.message", member("message"))
    }

    @Test("Airship: an iOS override over 4096 bytes is a warning; what it delivers over 4096, APNs' error")
    func airship() throws {
        let airship = try adapter("airship")
        let override = try sized(4097, "airship", Self.airship, member("notification", "ios"))
        let overflows = airship.budgetOverflows(override, form: airship.parse(override).request)
        #expect(overflows.contains { $0.path == "$.notification.ios" && $0.budget.severity == .warning })
        // Airship's `_` send id makes the delivered payload larger than the override, so it fails APNs first.
        try expectBoundary("airship", Self.airship, limit: 4096, severity: .error, path: "$", try delivered("airship"))
        let scheduled = #"{"schedule":{"scheduled_time":"2030-01-01T00:00:00"},"push":{"audience":"all","device_types":["ios"],"notification":{"ios":{"alert":"@"}}}}"#
        let inSchedule = try sized(4097, "airship", scheduled, member("push", "notification", "ios"))
        #expect(airship.budgetOverflows(inSchedule, form: airship.parse(inSchedule).request).contains { $0.path == "$.push.notification.ios" })
    }

    @Test("APNs: a payload over 4096 bytes is an error; a VoIP push may take 5120")
    func apnsAndVoIP() throws {
        try expectBoundary("apns", Self.apns, limit: 4096, severity: .error, path: "$", headers: Self.apnsHeaders, try delivered("apns"))
        let voip = ["apns-push-type": "voip", "apns-topic": "t.voip"]
        try expectBoundary("apns", Self.apns, limit: 5120, severity: .error, path: "$", headers: voip, try delivered("apns"))
        // A OneSignal VoIP push is held to 5120 too, and to OneSignal's own advice.
        let oneSignalVoIP = #"{"app_id":"a","include_aliases":{"external_id":["u"]},"target_channel":"push","apns_push_type_override":"voip","contents":{"en":"@"}}"#
        let request = try sized(4500, "onesignal", oneSignalVoIP, try delivered("onesignal"))
        let problems = try sizeProblems("onesignal", request)
        #expect(problems.map(\.severity) == [.warning], "\(problems)")
    }

    @Test("every vendor is held to APNs' limit on what it delivers, its own keys counted")
    func everyVendorAPNsLimit() throws {
        let fcmAlert = #"{"message":{"token":"t","notification":{"title":"x","body":"@"}}}"#
        for (vendor, template) in [("onesignal", Self.oneSignal), ("braze", Self.braze), ("airship", Self.airship), ("fcm", fcmAlert)] {
            let request = try sized(4097, vendor, template, try delivered(vendor))
            let problems = try sizeProblems(vendor, request)
            #expect(problems.contains { $0.severity == .error && $0.message.contains("APNs accepts 4096") }, "\(vendor): \(problems)")
        }
    }

    @Test("a payload that fits the source but not the target because of the target's keys is reported on translation")
    func translationOverflow() throws {
        let apns = try adapter("apns")
        let measure = try delivered("apns")
        // 4090 bytes fit APNs; Airship adds its send id `_`, OneSignal `custom` and the notification id.
        let request = try sized(4090, "apns", #"{"aps":{"alert":"x"},"note":"@"}"#, headers: Self.apnsHeaders, measure)
        let form = apns.parse(request).request
        #expect(apns.budgetOverflows(request, form: form).isEmpty)
        for target in ["airship", "onesignal"] {
            let targetAdapter = try adapter(target)
            let rendered = targetAdapter.render(form, options: SendRenderOptions()).requests
            let problems = SendVendors.budgetOverflows(of: rendered, to: targetAdapter, translating: request, form: form, from: apns)
            #expect(problems.contains { $0.severity == .error && $0.diagnosticCode == .payloadTooLarge && $0.path == "$" }, "\(target): \(problems)")
            #expect(problems.allSatisfy { $0.message.hasPrefix("translated for \(targetAdapter.name)") })
        }
        // The same request into APNs stays silent, and so does one already over the source's limit.
        let same = SendVendors.budgetOverflows(of: apns.render(form, options: SendRenderOptions()).requests, to: apns, translating: request, form: form, from: apns)
        #expect(same.isEmpty)
        let over = try sized(4097, "apns", #"{"aps":{"alert":"x"},"note":"@"}"#, headers: Self.apnsHeaders, measure)
        let overForm = apns.parse(over).request
        let airship = try adapter("airship")
        #expect(SendVendors.budgetOverflows(of: airship.render(overForm, options: SendRenderOptions()).requests, to: airship, translating: over, form: overForm, from: apns).isEmpty)
    }

    @Test("a OneSignal payload within its advice, translated into Braze, is over Braze's 1912 bytes: a warning")
    func oneSignalIntoBraze() throws {
        let oneSignal = try adapter("onesignal")
        let braze = try adapter("braze")
        let request = try sized(3400, "onesignal", Self.oneSignal, try delivered("onesignal"))
        let form = oneSignal.parse(request).request
        #expect(oneSignal.budgetOverflows(request, form: form).isEmpty)
        let rendered = braze.render(form, options: SendRenderOptions()).requests
        let problems = SendVendors.budgetOverflows(of: rendered, to: braze, translating: request, form: form, from: oneSignal)
        #expect(problems.map(\.severity) == [.warning], "\(problems)")
        #expect(problems.first?.message.contains("$.messages.apple_push") == true)
    }
}
