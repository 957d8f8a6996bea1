import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let oneSignal = OneSignalAdapter()
private let notificationId = "b2f7f966-d8cc-11e4-bed1-df8f05be55ba"

/// The real payloads bundled with the package (copied from the shared corpus).
private func realPayload(_ name: String) throws -> JSONObject {
    try VendorRegistry.parseUserInfo(try TestPaths.readBytes(TestPaths.packageRoot + "/Fuzz/corpus-seeds/real/" + name))
}

private func button(_ id: String, _ title: String) -> PushButton {
    PushButton(id: id, title: title, foreground: true)
}

@Suite("OneSignal detection")
struct OneSignalDetectionTests {
    @Test("claims a non-empty string custom.i or os_data.i, nothing else")
    func claims() throws {
        #expect(oneSignal.claims(try Fixtures.userInfo(#"{"custom":{"i":"1"}}"#)))
        #expect(oneSignal.claims(try Fixtures.userInfo(#"{"os_data":{"i":"1"}}"#)))
        #expect(!oneSignal.claims(try Fixtures.userInfo(#"{"custom":{"i":""}}"#)))
        #expect(!oneSignal.claims(try Fixtures.userInfo(#"{"os_data":{"i":7}}"#)))
        #expect(!oneSignal.claims(try Fixtures.userInfo(#"{"custom":"i"}"#)))
        #expect(!oneSignal.claims(try Fixtures.userInfo(#"{"i":"1","aps":{"alert":"hi"}}"#)))
    }

    @Test("the real payloads: onesignal-1 to 3 are OneSignal's alone, onesignal-4 (no i) and the rest are not")
    func realPayloadClaims() throws {
        for name in ["onesignal-1.json", "onesignal-2.json", "onesignal-3.json"] {
            let userInfo = try realPayload(name)
            #expect(oneSignal.claims(userInfo), "\(name)")
            #expect(BuiltInVendors.registry.claimants(of: userInfo).map(\.id) == ["onesignal"], "\(name)")
        }
        let others = ["onesignal-4.json", "novu-1.json", "expo-1.json", "braze-1.json", "firebase-1.json"]
        for name in others { #expect(!oneSignal.claims(try realPayload(name)), "\(name)") }
    }
}

@Suite("OneSignal decode")
struct OneSignalDecodeTests {
    @Test("real payload onesignal-1: os_data format, id and one button")
    func realOne() throws {
        let decoded = oneSignal.decode(try realPayload("onesignal-1.json"))
        let payload = decoded.payload
        #expect(payload.messageId == "b2f7f966-d8cc-11e4-bed1-df8f05be55bb")
        #expect(payload.alert == PushAlert(body: "Message Body"))
        #expect(payload.mutableContent)
        #expect(payload.buttons == [button("id1", "text1")])
        #expect(payload.data.isEmpty)
        #expect(payload.tracking == ["os_data": ["i": "b2f7f966-d8cc-11e4-bed1-df8f05be55bb"]])
        #expect(payload.ignored.isEmpty)
    }

    @Test("real payload onesignal-2: badge_inc kept under its path with a badge-increment note")
    func realTwo() throws {
        let decoded = oneSignal.decode(try realPayload("onesignal-2.json"))
        #expect(decoded.payload.messageId == notificationId)
        #expect(decoded.payload.badge == nil)
        #expect(decoded.payload.ignored == ["$.os_data.badge_inc": 2])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .badgeIncrement && $0.path == "$.os_data.badge_inc" })
    }

    @Test("real payloads onesignal-3 and -4: custom format; no aps, and template fields without an id")
    func realThreeAndFour() throws {
        let three = oneSignal.decode(try realPayload("onesignal-3.json"))
        #expect(three.payload.messageId == notificationId)
        #expect(three.payload.alert == nil)
        #expect(three.diagnostics.contains { $0.diagnosticCode == .apsMissing })
        let four = oneSignal.decode(try realPayload("onesignal-4.json")).payload
        #expect(four.messageId == nil)
        #expect(four.tracking == ["custom": ["ti": "templateId", "tn": "Template name"]])
    }

    @Test("custom format: u, a, att and buttons at the top level")
    func customFormat() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi","mutable-content":1},"custom":{"i":"n1","u":"https://e.com/x","a":{"k":1}},
             "att":{"id":"https://img.e.com/a.jpg"},"buttons":[{"i":"b1","n":"Yes"},{"n":"No"}],"extra":"x"}
            """#)).payload
        #expect(payload.deepLink == "https://e.com/x")
        #expect(payload.data == ["k": 1])
        #expect(payload.imageURL == "https://img.e.com/a.jpg")
        #expect(payload.buttons == [button("b1", "Yes"), button("No", "No")])
        #expect(payload.ignored == ["$.extra": "x"])
    }

    @Test("os_data format: custom data is every top-level key but aps and os_data")
    func osDataData() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi"},"os_data":{"i":"n1","a":{"not":"data"}},"custom":{"x":1},"att":{"id":"u"}}
            """#)).payload
        #expect(payload.data == ["custom": ["x": 1], "att": ["id": "u"]])
        #expect(payload.imageURL == nil)
        #expect(payload.ignored == ["$.os_data.a": ["not": "data"]])
    }

    @Test("the minified form: m, b, s, at and o when there is no aps.alert")
    func minified() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(#"""
            {"aps":{"content-available":1},"custom":{"i":"n1"},"m":{"title":"T","body":"B"},"b":"4","s":"a.caf",
             "at":{"id":"https://img.e.com/m.png"},"o":[{"i":"x","n":"X"}],"att":{"id":"https://ignored.e.com"}}
            """#)).payload
        #expect(payload.alert == PushAlert(title: "T", body: "B"))
        #expect(payload.badge == 4)
        #expect(payload.sound == "a.caf")
        #expect(payload.imageURL == "https://img.e.com/m.png")
        #expect(payload.buttons == [button("x", "X")])
        #expect(payload.ignored == ["$.att": ["id": "https://ignored.e.com"]])
    }

    @Test("the first attachment in payload order is the image, not the first in key order")
    func firstAttachment() throws {
        let payload = oneSignal.decode(try Fixtures.userInfo(#"{"custom":{"i":"n1"},"att":{"z":"https://z","a":"https://a"}}"#)).payload
        #expect(payload.imageURL == "https://z")
        #expect(payload.ignored["$.att"] == ["z": "https://z", "a": "https://a"])
    }
}

@Suite("OneSignal bad input")
struct OneSignalBadInputTests {
    @Test("every wrong-typed member is kept under its path with a diagnostic at that path")
    func wrongTypes() throws {
        let decoded = oneSignal.decode(try Fixtures.userInfo(#"""
            {"aps":"x","custom":{"i":"n1","u":[1],"ti":2,"a":"s"},"att":3,"buttons":[1,{"n":5,"i":"q"},{"n":"ok","i":{}}]}
            """#))
        let expected: JSONObject = [
            "$.aps": "x", "$.custom.u": [1], "$.custom.ti": 2, "$.custom.a": "s", "$.att": 3, "$.buttons[0]": 1,
            "$.buttons[1]": ["n": 5, "i": "q"], "$.buttons[2].i": [:],
        ]
        #expect(decoded.payload.ignored == expected)
        for path in ["$.custom.u", "$.custom.ti", "$.custom.a", "$.att", "$.buttons[0]", "$.buttons[1].n", "$.buttons[2].i"] {
            #expect(decoded.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == path }, "\(path)")
        }
        #expect(decoded.payload.buttons == [button("ok", "ok")])
    }

    @Test("a javascript: launch URL, a huge value and deep nesting decode without a crash and round-trip")
    func hostile() throws {
        var userInfo = try Fixtures.userInfo(
            #"{"aps":{"alert":"x","mutable-content":1},"custom":{"i":"n1","u":"javascript:alert(1)"}}"#)
        var nested: JSONValue = "deep"
        for _ in 0..<100 { nested = .array([nested]) }
        userInfo["buttons"] = .array([.object(["n": .string(String(repeating: "é", count: 5000)), "x": nested])])
        let decoded = oneSignal.decode(userInfo)
        #expect(decoded.payload.deepLink == "javascript:alert(1)")
        let again = oneSignal.decode(oneSignal.encode(decoded.payload).userInfo).payload
        #expect(again == decoded.payload)
    }
}

@Suite("OneSignal encode")
struct OneSignalEncodeTests {
    @Test("a same-vendor round trip writes each format back as it came, with nothing lost")
    func roundTrips() throws {
        let texts = [
            #"{"aps":{"alert":{"body":"Hi"},"mutable-content":1},"custom":{"i":"n1","u":"https://e.com","ti":"t","a":{"k":1}},"att":{"id":"https://i"},"buttons":[{"i":"a","n":"A"}]}"#,
            #"{"aps":{"alert":{"body":"Hi"},"mutable-content":1},"os_data":{"i":"n1","tn":"n","badge_inc":1,"att":{"x":"https://i","y":"https://j"},"buttons":[{"i":"a","n":"A","icon_type":"system","path":"star"}]},"ref":2}"#,
            #"{"aps":{"alert":{"body":"Hi"},"mutable-content":1},"custom":{"i":"n1"},"buttons":[{"i":"a","n":"A"},{"i":"dropped"},{"i":"c","n":"C"}]}"#,
        ]
        for text in texts {
            let userInfo = try Fixtures.userInfo(text)
            expectRoundTrip(userInfo, through: oneSignal)
        }
    }

    @Test("another vendor's payload is written in the custom format; its category is dropped for buttons")
    func fromAnotherVendor() throws {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m1", alert: PushAlert(body: "Hi"), category: "CAMPAIGN",
            imageURL: "https://i", deepLink: "app://x",
            buttons: [PushButton(id: "b", title: "B", foreground: false, destructive: true)], data: ["k": "v"])
        let encoded = oneSignal.encode(payload)
        #expect(encoded.userInfo == [
            "aps": ["alert": ["body": "Hi"], "mutable-content": 1], "custom": ["i": "m1", "u": "app://x", "a": ["k": "v"]],
            "att": ["id": "https://i"], "buttons": [["i": "b", "n": "B"]],
        ])
        #expect(Set(encoded.losses.map(\.path)) == ["$.category", "$.buttons[0].foreground", "$.buttons[0].destructive"])
    }

    @Test("the minified form is written as the standard form")
    func minifiedNormalised() throws {
        let decoded = oneSignal.decode(try Fixtures.userInfo(#"{"aps":{"content-available":1},"custom":{"i":"n1"},"m":"hello","b":2}"#))
        let encoded = oneSignal.encode(decoded.payload)
        #expect(encoded.userInfo == ["aps": ["alert": ["body": "hello"], "badge": 2, "content-available": 1], "custom": ["i": "n1"]])
        #expect(oneSignal.decode(encoded.userInfo).payload == decoded.payload)
    }

    @Test("mutable-content added for an image is reported; a fifth button's link is a loss too")
    func lossesSpecialToOneSignal() throws {
        var payload = oneSignal.decode(try Fixtures.userInfo(#"{"aps":{"alert":"Hi"},"custom":{"i":"n1"},"att":{"id":"https://i"}}"#)).payload
        #expect(oneSignal.encode(payload).losses.map(\.path) == ["$.mutableContent"])
        payload.vendor = "zixflow"
        payload.buttons = (0..<5).map { PushButton(id: "b\($0)", title: "B", deepLink: "https://l", foreground: true) }
        let paths = oneSignal.encode(payload).losses.map(\.path)
        #expect(paths.contains("$.buttons[0].deepLink"))
        #expect(paths.contains("$.buttons[4].deepLink"))
    }

    @Test("what the minified form leaves unread is never written back where the standard form reads a field")
    func minifiedUnreadFields() throws {
        // An `att` beside a minified `m` is not read (the minified form reads `at`): no image, and none written.
        let withAtt = oneSignal.decode(try Fixtures.userInfo(
            #"{"custom":{"i":"n1"},"m":"Hi","att":{"hero":"https://i/1.jpg","second":"https://i/2.jpg"}}"#))
        #expect(withAtt.payload.imageURL == nil)
        let attEncoded = oneSignal.encode(withAtt.payload)
        #expect(attEncoded.userInfo["att"] == nil)
        #expect(attEncoded.losses.map(\.path) == [#"$.ignored["$.att"]"#])
        #expect(oneSignal.decode(attEncoded.userInfo).payload.imageURL == nil)
        // A whole `buttons` array beside it is not read either: no buttons, and none written.
        let withButtons = oneSignal.decode(try Fixtures.userInfo(
            #"{"custom":{"i":"n1"},"m":"Hi","buttons":[{"i":"a","n":"A"}]}"#))
        #expect(withButtons.payload.buttons.isEmpty)
        let buttonsEncoded = oneSignal.encode(withButtons.payload)
        #expect(buttonsEncoded.userInfo["buttons"] == nil)
        #expect(buttonsEncoded.losses.map(\.path) == [#"$.ignored["$.buttons"]"#])
        // The minified form's own `at` is still the image.
        let withAt = oneSignal.decode(try Fixtures.userInfo(#"{"custom":{"i":"n1"},"m":"Hi","at":{"id":"https://i/1.jpg"}}"#))
        #expect(withAt.payload.imageURL == "https://i/1.jpg")
    }

    @Test("kept attachments whose image was removed are a loss; kept ones with no image to show are written back")
    func keptAttachmentsWithoutImage() throws {
        var payload = oneSignal.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"Hi","mutable-content":1},"custom":{"i":"n1"},"att":{"hero":"https://i/1.jpg"}}"#)).payload
        payload.imageURL = nil
        let removed = oneSignal.encode(payload)
        #expect(removed.userInfo["att"] == nil)
        #expect(removed.losses.map(\.path) == [#"$.ignored["$.att"]"#])
        let emptyFirst = try Fixtures.userInfo(#"{"aps":{"alert":{"body":"Hi"}},"custom":{"i":"n1"},"att":{"hero":""}}"#)
        let kept = oneSignal.encode(oneSignal.decode(emptyFirst).payload)
        #expect(kept.losses.isEmpty, "\(kept.losses)")
        #expect(kept.userInfo == emptyFirst)
    }

    @Test("os_data custom data named actionbuttons stays data: an empty os_data.buttons is written beside it")
    func legacyButtonsKeyAsData() throws {
        for (text, written) in [
            (#"{"aps":{"alert":"Hi"},"os_data":{"i":"n1","buttons":[]},"actionbuttons":[{"i":"a","n":"A"}]}"#,
             JSONValue.array([])),
            (#"{"aps":{"alert":"Hi"},"os_data":{"i":"n1","buttons":{"o":[],"m":"x"}},"actionbuttons":[{"i":"a","n":"A"}]}"#,
             ["o": [], "m": "x"]),
        ] {
            let decoded = oneSignal.decode(try Fixtures.userInfo(text))
            #expect(decoded.payload.buttons.isEmpty)
            #expect(decoded.payload.data["actionbuttons"] != nil)
            let encoded = oneSignal.encode(decoded.payload)
            #expect(encoded.userInfo["os_data"]?["buttons"] == written, "\(text)")
            #expect(oneSignal.decode(encoded.userInfo).payload == decoded.payload)
        }
        // Without such data no empty buttons are written.
        let plain = oneSignal.encode(oneSignal.decode(try Fixtures.userInfo(
            #"{"aps":{"alert":"Hi"},"os_data":{"i":"n1"},"k":[1]}"#)).payload)
        #expect(plain.userInfo["os_data"]?["buttons"] == nil)
    }

    @Test("os_data custom data named aps or os_data cannot be written and is a loss")
    func reservedDataKeys() throws {
        var payload = oneSignal.decode(try Fixtures.userInfo(#"{"aps":{"alert":"Hi"},"os_data":{"i":"n1"}}"#)).payload
        payload.data = ["os_data": 1, "fine": 2]
        let encoded = oneSignal.encode(payload)
        #expect(encoded.losses.map(\.path) == [#"$.data.os_data"#])
        #expect(encoded.userInfo["fine"] == 2)
    }
}

@Suite("OneSignal translation")
struct OneSignalTranslationTests {
    @Test("Zixflow into OneSignal: custom format, no Zixflow id as i, no Zixflow category, button links lost")
    func fromZixflow() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"Sale","category":"ZX_2BTN"},"Zixflow-Delivery-ID":"62","deeplink_url":"https://z.e.com/s",
             "action_buttons":"[{\"name\":\"Shop\",\"deeplink\":\"https://z.e.com/shop\"}]"}
            """#)
        let translation = Translator.translate(userInfo, from: ZixflowAdapter(), to: oneSignal)
        #expect(translation.userInfo == [
            "aps": ["alert": ["body": "Sale"], "mutable-content": 1],
            "custom": ["u": "https://z.e.com/s"],
            "buttons": [["i": "ACTION_0", "n": "Shop"]],
        ])
        // OneSignal's backend gives the push its `custom.i`: as written, no vendor claims it (`$`).
        #expect(translation.losses.map(\.path) == ["$.messageId", "$.buttons[0].deepLink", "$"])
        let delivered = oneSignal.asDelivered(translation.userInfo)
        #expect(oneSignal.claimStrength(delivered) != nil)
        #expect(delivered["custom"]?["i"] != "62")
    }

    @Test("a collapse_id is the sender's: lost from the payload, the reason points at the target's send request")
    func collapseIdIsTheSendRequests() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"Hi"},"custom":{"i":"n1","collapse_id":"rates"}}"#)
        for target in [BrazeAdapter() as any VendorAdapter, AirshipAdapter(), ZixflowAdapter()] {
            let translation = Translator.translate(userInfo, from: oneSignal, to: target)
            let loss = try #require(translation.losses.first { $0.path == #"$.ignored["$.custom.collapse_id"]"# })
            #expect(loss.value == "rates")
            #expect(loss.reason.contains("apns-collapse-id") && loss.reason.contains("\(target.name)'s send request"), "\(loss)")
        }
        // Another ignored key keeps the plain reason.
        let other = Translator.translate(
            try Fixtures.userInfo(#"{"aps":{"alert":"Hi"},"custom":{"i":"n1","badge_inc":1}}"#), from: oneSignal, to: BrazeAdapter())
        #expect(other.losses.contains { $0.reason == "Braze has no field for OneSignal's '$.custom.badge_inc'" })
    }

    @Test("OneSignal into BuzzKit: the dynamic category is not carried; tracking and ignored entries are lost")
    func intoBuzzKit() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"Hi","mutable-content":1,"category":"__onesignal__dynamic__n1"},
             "custom":{"i":"n1","collapse_id":"c"},"buttons":[{"i":"a","n":"A"}]}
            """#)
        let translation = Translator.translate(userInfo, from: oneSignal, to: BuzzKitAdapter())
        #expect(translation.userInfo["aps"]?["category"]?.stringValue?.hasPrefix("__onesignal__") == false)
        #expect(Set(translation.losses.map(\.path)) == ["$.tracking.custom", #"$.ignored["$.custom.collapse_id"]"#])
    }
}
