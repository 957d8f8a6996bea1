import PushBridge
import PushBridgeSend
import Testing

/// Each translation hazard the three vendors meet is a loss or a diagnostic at the source path.
@Suite("Send hazards")
struct SendHazardTests {
    func request(_ vendor: String, _ text: String, headers: [String: String] = [:]) throws -> SendHTTPRequest {
        let adapter = try #require(SendVendors.adapter(id: vendor))
        return SendHTTPRequest(path: adapter.primaryPath, headers: headers, body: try JSONParser.parse(text))
    }

    func translate(_ vendor: String, _ text: String, to target: String, now: Int? = nil) throws -> SendRenderResult {
        let source = try #require(SendVendors.adapter(id: vendor))
        let targetAdapter = try #require(SendVendors.adapter(id: target))
        return SendVendors.translate(try request(vendor, text), from: source, to: targetAdapter, options: SendRenderOptions(now: now)).result
    }

    @Test("a OneSignal badge increment into Braze or APNs is a loss at $.ios_badgeCount; into OneSignal it stays")
    func badgeIncrement() throws {
        let body = #"{"app_id":"a","contents":{"en":"x"},"ios_badgeType":"Increase","ios_badgeCount":2}"#
        for target in ["braze", "apns"] {
            let result = try translate("onesignal", body, to: target)
            let loss = try #require(result.losses.first { $0.field == SendField.badge })
            #expect(loss.loss.path == "$.ios_badgeCount")
            #expect(loss.loss.value == 2)
        }
        let same = try translate("onesignal", body, to: "onesignal")
        #expect(same.requests[0].body["ios_badgeType"] == "Increase")
        #expect(!same.loses(SendField.badge))
    }

    @Test("a link into Braze says use_webview false, since Braze's default opens it in its web view")
    func useWebViewDefault() throws {
        let result = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"url":"https://example.com"}"#, to: "braze")
        #expect(result.requests[0].body["messages"]?["apple_push"]?["use_webview"] == false)
        let braze = BrazeSendAdapter()
        let problems = braze.validate(try request("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","custom_uri":"https://example.com"}}}"#))
        #expect(problems.contains { $0.diagnosticCode == .webViewDefault && $0.path == "$.messages.apple_push.custom_uri" })
    }

    @Test("Braze extra holding ab or aps is an error on validation and a loss on translation into Braze")
    func brazeReservedExtra() throws {
        let problems = BrazeSendAdapter().validate(try request("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","extra":{"ab":1,"ok":2}}}}"#))
        #expect(problems.contains { $0.diagnosticCode == .reservedKey && $0.path == "$.messages.apple_push.extra.ab" })
        let result = try translate("apns", #"{"aps":{"alert":"x"},"ab":{"c":"1"},"ok":"2"}"#, to: "braze")
        #expect(result.losses.contains { $0.field == SendField.data && $0.loss.path == "$.ab" })
        #expect(result.requests[0].body["messages"]?["apple_push"]?["extra"] == ["ok": "2"])
    }

    @Test("an Iterable template's payload holding aps or itbl keeps them as sent, never as the device's data")
    func iterableReservedPayload() throws {
        let template = #"{"message":"x","payload":{"aps":{"alert":"y"},"itbl":{"k":1},"ok":"2"}}"#
        let parsed = IterableSendAdapter().parse(try request("iterable", template))
        #expect(parsed.diagnostics.filter { $0.diagnosticCode == .reservedKey && $0.severity == .warning }.map(\.path)
            == ["$.payload.aps", "$.payload.itbl"])
        let form = parsed.request
        #expect(form.content.payload.data == ["ok": "2"])
        #expect(form.vendorFields["$.payload.aps"] == ["alert": "y"])
        #expect(form.vendorFields["$.payload.itbl"] == ["k": 1])
        let result = try translate("iterable", template, to: "onesignal")
        #expect(result.requests[0].body["data"] == ["ok": "2"])
        #expect(Set(result.losses.map(\.loss.path)).isSuperset(of: ["$.payload.aps", "$.payload.itbl"]))
        let same = try translate("iterable", template, to: "iterable")
        #expect(same.requests[0].body["payload"]?["aps"] == ["alert": "y"])
    }

    @Test("APNs apns-expiration 300 is 1970: an error on validation, never a TTL")
    func expiry1970() throws {
        let problems = APNsSendAdapter().validate(try request("apns", #"{"aps":{"alert":"x"}}"#, headers: ["apns-expiration": "300", "apns-push-type": "alert", "apns-topic": "t"]))
        #expect(problems.contains { $0.diagnosticCode == .expiryInvalid && $0.path == #"$.headers["apns-expiration"]"# })
    }

    @Test("a relative ttl becomes an absolute apns-expiration only with the time of sending, else a loss")
    func relativeExpiry() throws {
        let body = #"{"app_id":"a","contents":{"en":"x"},"ttl":600}"#
        let known = try translate("onesignal", body, to: "apns", now: 1_800_000_000)
        #expect(known.requests[0].headers["apns-expiration"] == "1800000600")
        let unknown = try translate("onesignal", body, to: "apns")
        #expect(unknown.requests[0].headers["apns-expiration"] == nil)
        #expect(unknown.losses.contains { $0.field == SendField.expiry && $0.loss.path == "$.ttl" })
        let braze = try translate("onesignal", body, to: "braze", now: 1_800_000_000)
        #expect(braze.requests[0].body["messages"]?["apple_push"]?["expiry"] == "2027-01-15T08:10:00Z")
    }

    @Test("a Braze ISO-8601 expiry becomes a OneSignal ttl counted from the time of sending")
    func absoluteToRelative() throws {
        let body = #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","expiry":"2027-01-15T09:00:00Z"}}}"#
        let result = try translate("braze", body, to: "onesignal", now: 1_800_000_000)
        #expect(result.requests[0].body["ttl"] == 3600)
    }

    @Test("interruption levels are spelled time_sensitive for OneSignal and time-sensitive elsewhere")
    func interruptionSpelling() throws {
        let toAPNs = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"ios_interruption_level":"time_sensitive"}"#, to: "apns")
        #expect(toAPNs.requests[0].body["aps"]?["interruption-level"] == "time-sensitive")
        let toOneSignal = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","interruption_level":"time-sensitive"}}}"#, to: "onesignal")
        #expect(toOneSignal.requests[0].body["ios_interruption_level"] == "time_sensitive")
        let problems = OneSignalSendAdapter().validate(try request("onesignal", #"{"app_id":"a","contents":{"en":"x"},"included_segments":["s"],"ios_interruption_level":"time-sensitive"}"#))
        #expect(problems.contains { $0.diagnosticCode == .interruptionLevelInvalid && $0.path == "$.ios_interruption_level" })
    }

    @Test("priorities outside a target's range are losses; APNs and Braze ranges are validated")
    func priorityRanges() throws {
        let result = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","apns_priority":7}}}"#, to: "apns")
        #expect(result.requests[0].headers["apns-priority"] == "5")
        #expect(result.losses.contains { $0.field == SendField.priority && $0.loss.path == "$.messages.apple_push.apns_priority" })
        let apns = APNsSendAdapter().validate(try request("apns", #"{"aps":{"content-available":1}}"#, headers: ["apns-push-type": "background", "apns-priority": "10", "apns-topic": "t"]))
        #expect(apns.contains { $0.diagnosticCode == .priorityInvalid })
        let braze = BrazeSendAdapter().validate(try request("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","apns_priority":11}}}"#))
        #expect(braze.contains { $0.diagnosticCode == .priorityInvalid })
    }

    @Test("a collapse id over 64 bytes is rejected by validation and lost by translation into APNs")
    func collapseIdLimit() throws {
        let long = String(repeating: "é", count: 40)  // 40 characters, 80 bytes
        let oneSignal = OneSignalSendAdapter().validate(try request("onesignal", #"{"app_id":"a","contents":{"en":"x"},"included_segments":["s"],"collapse_id":"\#(long)"}"#))
        #expect(!oneSignal.contains { $0.diagnosticCode == .collapseIdTooLong })  // 64 characters for OneSignal
        let result = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"collapse_id":"\#(long)"}"#, to: "apns")
        #expect(result.requests[0].headers["apns-collapse-id"] == nil)
        #expect(result.losses.contains { $0.field == SendField.collapseId && $0.loss.path == "$.collapse_id" })
        let apns = APNsSendAdapter().validate(try request("apns", #"{"aps":{"alert":"x"}}"#, headers: ["apns-collapse-id": long, "apns-push-type": "alert", "apns-topic": "t"]))
        #expect(apns.contains { $0.diagnosticCode == .collapseIdTooLong })
    }

    @Test("a language map into a single-language vendor keeps the default language and loses the others")
    func languageMap() throws {
        let body = #"{"app_id":"a","contents":{"en":"Hi","fr":"Salut"},"headings":{"en":"T","fr":"Titre"}}"#
        for target in ["braze", "apns"] {
            let result = try translate("onesignal", body, to: target)
            let loss = try #require(result.losses.first { $0.field == SendField.localized })
            #expect(loss.loss.path == "$.contents")
            #expect(loss.loss.value == ["fr": ["body": "Salut", "title": "Titre"]])
        }
        let same = try translate("onesignal", body, to: "onesignal")
        #expect(same.requests[0].body["contents"] == ["en": "Hi", "fr": "Salut"])
    }

    @Test("Airship localizations: language and country from each tag; a tag with no language is a loss")
    func airshipLanguageTags() throws {
        let body = #"{"app_id":"a","contents":{"en":"Hi","pt-BR":"Oi","":"?","-x":"??","de-":"Hallo"}}"#
        let result = try translate("onesignal", body, to: "airship")
        #expect(result.requests[0].body["localizations"] == [
            ["language": "de", "notification": ["ios": ["alert": "Hallo"]]],
            ["country": "BR", "language": "pt", "notification": ["ios": ["alert": "Oi"]]],
        ])
        let loss = try #require(result.losses.first { $0.field == SendField.localized })
        #expect(loss.loss.value == ["": ["body": "?"], "-x": ["body": "??"]])
    }

    @Test("segments and filters do not translate by value; app user ids do")
    func targeting() throws {
        let segments = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"included_segments":["Subscribed Users"]}"#, to: "braze")
        #expect(segments.losses.contains { $0.field == SendField.audience && $0.loss.path == "$.included_segments" })
        let filters = try translate("braze", #"{"audience":{"AND":[]},"messages":{"apple_push":{"alert":"x"}}}"#, to: "onesignal")
        #expect(filters.losses.contains { $0.field == SendField.audience && $0.loss.path == "$.audience" })
        let users = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"include_aliases":{"external_id":["u1"]},"target_channel":"push"}"#, to: "braze")
        #expect(users.requests[0].body["external_user_ids"] == ["u1"])
        #expect(!users.loses(SendField.audience))
        let back = try translate("braze", #"{"external_user_ids":["u1"],"messages":{"apple_push":{"alert":"x"}}}"#, to: "onesignal")
        #expect(back.requests[0].body["include_aliases"] == ["external_id": ["u1"]])
        #expect(back.requests[0].body["target_channel"] == "push")
    }

    @Test("button titles into Braze are losses: its titles come from the app's category")
    func buttonTitles() throws {
        let body = #"{"app_id":"a","contents":{"en":"x"},"ios_category":"YES_NO","buttons":[{"id":"yes","text":"Yes"}]}"#
        let result = try translate("onesignal", body, to: "braze")
        #expect(result.losses.contains { $0.field == SendField.buttons && $0.loss.path == "$.buttons[0].text" })
        #expect(result.requests[0].body["messages"]?["apple_push"]?["buttons"] == [["action": "OPEN_APP", "action_id": "yes"]])
        let noCategory = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"buttons":[{"id":"yes","text":"Yes"}]}"#, to: "braze")
        #expect(noCategory.losses.contains { $0.field == SendField.buttons && $0.loss.path == "$.buttons" })
    }

    @Test("the SDK's snake_case badge names are read with a warning naming the wire names")
    func badgeSpellings() throws {
        let parsed = OneSignalSendAdapter().parse(try request("onesignal", #"{"app_id":"a","contents":{"en":"x"},"ios_badge_type":"SetTo","ios_badge_count":4}"#))
        #expect(parsed.request.content.badge == .set(4))
        #expect(parsed.diagnostics.contains { $0.diagnosticCode == .sendValueInvalid && $0.path == "$.ios_badge_type" })
    }

    @Test("dates read as instants, in ISO-8601 and OneSignal's free form")
    func dates() throws {
        let parsed = OneSignalSendAdapter().parse(try request("onesignal", #"{"app_id":"a","contents":{"en":"x"},"send_after":"2015-09-24 14:00:00 GMT-0700"}"#))
        #expect(parsed.request.schedule?.at == 1_443_128_400)
        let braze = BrazeSendAdapter().parse(try request("braze", #"{"broadcast":true,"schedule":{"time":"2015-09-24T21:00:00Z"},"messages":{"apple_push":{"alert":"x"}}}"#))
        #expect(braze.request.schedule?.at == 1_443_128_400)
    }

    @Test("a body that is not an object is malformed, never a crash")
    func malformed() throws {
        for adapter in SendVendors.all {
            let parsed = adapter.parse(SendHTTPRequest(path: adapter.primaryPath, body: [1, 2]))
            #expect(parsed.diagnostics.contains { $0.diagnosticCode == .sendRequestMalformed })
            #expect(!adapter.validate(SendHTTPRequest(path: adapter.primaryPath, body: "x")).isEmpty)
        }
    }

    @Test("bare bodies, envelopes and bundles are all read as requests")
    func requestShapes() throws {
        let adapter = OneSignalSendAdapter()
        let bare = try #require(SendHTTPRequest.requests(in: ["app_id": "a"], for: adapter))
        #expect(bare.map(\.path) == ["/notifications"])
        let envelope = try #require(SendHTTPRequest.requests(in: ["method": "POST", "path": "/3/device/ab", "headers": ["APNs-Priority": "5"], "body": [:]], for: APNsSendAdapter()))
        #expect(envelope[0].headers == ["apns-priority": "5"])
        let bundle = try #require(SendHTTPRequest.requests(in: ["requests": [["body": [:]], ["body": ["x": 1]]]], for: adapter))
        #expect(bundle.count == 2)
    }

    @Test("nested custom data into FCM goes to apns.payload, strings to data; FCM data keys it reserves are lost")
    func fcmStringMap() throws {
        let result = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x"},"data":{"s":"1","n":{"a":1},"from":"me"}}"#, to: "fcm")
        let message = try #require(result.requests[0].body["message"])
        #expect(message["data"] == ["s": "1"])
        #expect(message["apns"]?["payload"]?["n"] == ["a": 1])
        #expect(result.losses.contains { $0.field == SendField.data && $0.loss.path == "$.data.from" })
        let problems = FCMSendAdapter().validate(try request("fcm", #"{"message":{"topic":"t","notification":{"body":"x"},"data":{"n":1,"from":"me"}}}"#))
        #expect(problems.contains { $0.diagnosticCode == .wrongType && $0.severity == .error && $0.path == "$.message.data.n" })
        // A data key FCM rejects is one error, at its path (read once, by the parse).
        #expect(problems.filter { $0.diagnosticCode == .reservedKey }.map(\.path) == ["$.message.data.from"])
        #expect(problems.allSatisfy { $0.diagnosticCode != .reservedKey || $0.severity == .error })
    }

    @Test("an image into FCM sets mutable-content itself; a topic into Braze is a loss; FCM needs exactly one target")
    func fcmImageAndTargets() throws {
        let result = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","asset_url":"https://e.com/a.png","asset_file_type":"png"}}}"#, to: "fcm")
        #expect(result.requests[0].body["message"]?["apns"]?["payload"]?["aps"]?["mutable-content"] == 1)
        #expect(result.requests[0].body["message"]?["apns"]?["fcm_options"]?["image"] == "https://e.com/a.png")
        let topic = try translate("fcm", #"{"message":{"topic":"news","notification":{"body":"x"}}}"#, to: "braze")
        #expect(topic.losses.contains { $0.field == SendField.audience && $0.loss.path == "$.message.topic" })
        let two = FCMSendAdapter().validate(try request("fcm", #"{"message":{"topic":"t","token":"k","notification":{"body":"x"}}}"#))
        #expect(two.contains { $0.diagnosticCode == .sendTargetConflict })
        let dataOnly = FCMSendAdapter().validate(try request("fcm", #"{"message":{"topic":"t","data":{"a":"b"}}}"#))
        #expect(dataOnly.contains { $0.diagnosticCode == .priorityInvalid })
    }

    @Test("Airship: +N badges, string-only extra, priority 5 or 10, named users and localizations")
    func airship() throws {
        let increment = try translate("onesignal", #"{"app_id":"a","contents":{"en":"x","de":"y"},"ios_badgeType":"Increase","ios_badgeCount":-1,"data":{"n":{"a":1},"s":"t"},"include_aliases":{"external_id":["u1"]},"target_channel":"push"}"#, to: "airship")
        let body = increment.requests[0].body
        #expect(body["notification"]?["ios"]?["badge"] == "-1")
        #expect(body["notification"]?["ios"]?["extra"] == ["n": #"{"a":1}"#, "s": "t"])
        #expect(increment.losses.contains { $0.field == SendField.data && $0.loss.path == "$.data.n" })
        #expect(body["audience"] == ["named_user": "u1"])
        #expect(body["localizations"] == [["language": "de", "notification": ["ios": ["alert": "y"]]]])
        #expect(!increment.loses(SendField.localized))
        let back = try translate("airship", #"{"audience":{"named_user":"u1"},"device_types":["ios"],"notification":{"ios":{"alert":"x","badge":"+2","priority":10}},"localizations":[{"language":"fr","notification":{"alert":"z"}}]}"#, to: "braze")
        #expect(back.losses.contains { $0.field == SendField.badge && $0.loss.path == "$.notification.ios.badge" })
        #expect(back.losses.contains { $0.field == SendField.localized && $0.loss.path == "$.localizations" })
        #expect(back.requests[0].body["external_user_ids"] == ["u1"])
        let priorityOne = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","apns_priority":1}}}"#, to: "airship")
        #expect(priorityOne.requests[0].body["notification"]?["ios"]?["priority"] == 5)
        #expect(priorityOne.losses.contains { $0.field == SendField.priority })
        let problems = AirshipSendAdapter().validate(try request("airship", #"{"audience":"all","device_types":["ios"],"notification":{"ios":{"alert":"x","badge":"twice","priority":7}}}"#))
        #expect(problems.contains { $0.diagnosticCode == .sendValueInvalid && $0.path == "$.notification.ios.badge" })
        #expect(problems.contains { $0.diagnosticCode == .priorityInvalid })
    }

    @Test("a category another vendor's SDK registers is a loss in any other vendor")
    func sdkCategories() throws {
        let result = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","category":"ab_cat_yes_no","buttons":[{"action_id":"ab_pb_yes"}]}}}"#, to: "airship")
        #expect(result.losses.contains { $0.field == SendField.category && $0.loss.path == "$.messages.apple_push.category" })
        #expect(result.requests[0].body["notification"]?["ios"]?["category"] == nil)
        let same = try translate("braze", #"{"broadcast":true,"messages":{"apple_push":{"alert":"x","category":"ab_cat_yes_no","buttons":[{"action_id":"ab_pb_yes"}]}}}"#, to: "braze")
        #expect(!same.loses(SendField.category))
    }
}
