import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let airship = AirshipAdapter()

/// A real payload from `Fuzz/corpus-seeds/real/` (copied from the shared corpus; SOURCES.md there).
private func realPayload(_ name: String) throws -> JSONObject {
    try VendorRegistry.parseUserInfo(try TestPaths.readBytes(TestPaths.packageRoot + "/Fuzz/corpus-seeds/real/" + name))
}

@Suite("Airship detection")
struct AirshipDetectionTests {
    @Test("metadata or a media attachment makes an owner, a string _ alone a carrier, anything else nothing")
    func claimKinds() throws {
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"com.urbanairship.metadata":"m"}"#)) == .owner)
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"com.urbanairship.media_attachment":5}"#)) == .owner)
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"_":"s","com.urbanairship.metadata":1}"#)) == .owner)
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"_":"s"}"#)) == .carrier(rank: 0))
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"_":""}"#)) == .carrier(rank: 0))
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"_":7}"#)) == nil)
        #expect(airship.claimStrength(try Fixtures.userInfo(#"{"aps":{"alert":"x"},"^d":"myapp://x"}"#)) == nil)
        #expect(airship.claims(try Fixtures.userInfo(#"{"_":"s"}"#)))
        #expect(!airship.claims(try Fixtures.userInfo(#"{"com.urbanairship.interactive_actions":{}}"#)))
    }

    @Test("corpus airship-1 is Airship's alone; airship-2 carries no Airship marker and is nobody's")
    func corpusClaims() throws {
        let first = try realPayload("airship-1.json")
        #expect(BuiltInVendors.registry.claimants(of: first).map(\.id) == ["airship"])
        let second = try realPayload("airship-2.json")
        #expect(BuiltInVendors.registry.claimants(of: second).isEmpty)
    }
}

@Suite("Airship decode")
struct AirshipDecodeTests {
    @Test("corpus airship-1: send id, metadata, image; content and options kept; the apps typo is custom data")
    func corpusOne() throws {
        let decoded = airship.decode(try realPayload("airship-1.json"))
        let payload = decoded.payload
        let sendId = "a323385b-010a-401c-93ae-936cb58dff04"
        #expect(payload.vendor == "airship")
        #expect(payload.messageId == sendId)
        #expect(payload.alert == nil)
        #expect(payload.imageURL == "<fileUrl.absoluteString>")
        #expect(payload.tracking["_"] == .string(sendId))
        #expect(payload.tracking["com.urbanairship.metadata"]?.stringValue?.hasPrefix("eyJ2ZXJzaW9uX2lkIjox") == true)
        #expect(payload.data.keys.map { $0 } == ["apps"])
        let media = #"$["com.urbanairship.media_attachment"]"#
        #expect(payload.ignored[media + ".content"]?["title"] == "Moustache Twirl")
        #expect(payload.ignored[media + ".options"]?["time"]?.description == "15.0")
        #expect(payload.ignored.count == 2)
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .contentOverride && $0.path == media + ".content" })
    }

    @Test("corpus airship-2 (forced): untitled buttons in payload order; unregistered button actions kept, not run")
    func corpusTwo() throws {
        let decoded = airship.decode(try realPayload("airship-2.json"))
        let payload = decoded.payload
        #expect(payload.messageId == nil)
        #expect(payload.alert?.body == "sample alert!")
        #expect(payload.badge == 2)
        #expect(payload.sound == "cat")
        #expect(payload.category == "notificationCategory")
        #expect(payload.buttons.map(\.id) == ["backgroundIdentifier", "foregroundIdentifier"])
        #expect(payload.buttons.allSatisfy { $0.title.isEmpty && $0.action == nil && $0.deepLink == nil })
        #expect(payload.data == ["someActionKey": "someActionValue"])
        let interactive = #"$["com.urbanairship.interactive_actions"]"#
        #expect(payload.ignored[interactive + ".foregroundIdentifier.otherForegroundAction"] == "otherForegroundActionValue")
        #expect(payload.ignored.count == 3)
        #expect(decoded.diagnostics.filter { $0.diagnosticCode == .unknownAction }.count == 3)
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .buttonTitlesUnknown })
    }

    @Test("an action the app registered (customActionNames) is read as an action, in buttons too")
    func customActions() throws {
        let adapter = AirshipAdapter(customActionNames: ["someActionKey", "foregroundAction"])
        let payload = adapter.decode(try realPayload("airship-2.json")).payload
        #expect(payload.action == PushAction(name: "someActionKey", data: ["value": "someActionValue"]))
        #expect(payload.data.isEmpty)
        #expect(payload.buttons[1].action == PushAction(name: "foregroundAction", data: ["value": "foregroundActionValue"]))
    }

    @Test("the app's categories (appCategories) give its buttons their titles and options")
    func appCategories() throws {
        let category = NotificationCategory(id: "notificationCategory", actions: [
            NotificationAction(id: "foregroundIdentifier", title: "Open", options: .foreground),
            NotificationAction(id: "backgroundIdentifier", title: "Later"),
        ])
        let adapter = AirshipAdapter(appCategories: [category])
        let decoded = adapter.decode(try realPayload("airship-2.json"))
        #expect(decoded.payload.buttons.map(\.title) == ["Open", "Later"])
        #expect(decoded.payload.buttons.map(\.foreground) == [true, false])
        #expect(!decoded.diagnostics.contains { $0.diagnosticCode == .buttonTitlesUnknown })
        #expect(adapter.encode(decoded.payload).losses.isEmpty)
    }

    @Test("every value of the wrong type is diagnosed at its wire path and kept under ignored")
    func wrongTypes() throws {
        let decoded = airship.decode(try Fixtures.userInfo(#"""
            {"aps":"nope","_":["s"],"com.urbanairship.metadata":{"a":1},"com.urbanairship.media_attachment":"x",
             "deep_link_action":12,"com.urbanairship.interactive_actions":[1]}
            """#))
        let payload = decoded.payload
        for path in ["$.aps", "$._", #"$["com.urbanairship.metadata"]"#, #"$["com.urbanairship.media_attachment"]"#,
                     "$.deep_link_action", #"$["com.urbanairship.interactive_actions"]"#] {
            #expect(payload.ignored[path] != nil, "\(path)")
        }
        for path in ["$._", #"$["com.urbanairship.metadata"]"#, "$.deep_link_action"] {
            #expect(decoded.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == path }, "\(path)")
        }
        #expect(payload.messageId == nil && payload.deepLink == nil && payload.imageURL == nil && payload.buttons.isEmpty)
        #expect(payload.tracking.isEmpty && payload.data.isEmpty)
    }
}

@Suite("Airship encode")
struct AirshipEncodeTests {
    @Test("a same-vendor translation writes the userInfo back as it came in", arguments: [
        #"{"aps":{"alert":{"body":"Hi"},"category":"ua_yes_no_foreground"},"_":"s","com.urbanairship.metadata":"m","#
            + #""com.urbanairship.interactive_actions":{"yes":{"^d":"myapp://y"}},"^+t":"t","^-t":"u","k":1}"#,
        #"{"aps":{"alert":{"body":"A"},"mutable-content":1},"_":"s","com.urbanairship.media_attachment":"#
            + #"{"urls":[{"url":"https://c/1","url_id":"a"},{"url":"https://c/2"}],"#
            + #""url":"https://c/0","options":{"time":1}}}"#,
        #"{"aps":{"alert":{"body":"A"},"mutable-content":1},"_":"s","#
            + #""com.urbanairship.media_attachment":{"url":["https://c/1","https://c/2"]}}"#,
        #"{"aps":{"alert":{"body":"A"}},"_":"s","deep_link_action":"https://a","^d":"https://b","_uamid":"m1"}"#,
        #"{"aps":{"alert":{"body":"A"},"category":"app"},"_":"s","#
            + #""com.urbanairship.interactive_actions":{"b1":{},"b2":{"deep_link_action":"x","^d":"y"}}}"#,
    ])
    func sameVendor(text: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        let translation = Translator.translate(userInfo, from: airship, to: airship)
        #expect(translation.losses.isEmpty)
        #expect(JSONWriter.string(.object(translation.userInfo)) == JSONWriter.string(.object(userInfo)))
    }

    @Test("a bridge form with an image, a deep link, an action and buttons becomes Airship's keys")
    func fields() throws {
        let payload = PushPayload(
            vendor: "airship", messageId: "s1", alert: PushAlert(body: "Hi"), category: "ua_share",
            imageURL: "https://cdn.example.com/i.png", deepLink: "myapp://home",
            action: PushAction(name: "^+t", data: ["value": ["a"]]),
            buttons: [
                PushButton(
                    id: "share", title: "Share", foreground: true, action: PushAction(name: "^s", data: ["value": "Look"])),
            ],
            data: ["article": "A1"], tracking: ["com.urbanairship.metadata": "m"])
        let encoded = airship.encode(payload)
        let userInfo = encoded.userInfo
        #expect(userInfo["_"] == "s1")
        #expect(userInfo["com.urbanairship.metadata"] == "m")
        #expect(userInfo["com.urbanairship.media_attachment"] == ["url": "https://cdn.example.com/i.png"])
        #expect(userInfo["^d"] == "myapp://home")
        #expect(userInfo["^+t"] == ["a"])
        #expect(userInfo["com.urbanairship.interactive_actions"] == ["share": ["^s": "Look"]])
        #expect(userInfo["article"] == "A1")
        #expect(userInfo["aps"]?["mutable-content"] == 1)
        #expect(encoded.losses.map(\.path) == ["$.mutableContent"])
        #expect(airship.decode(userInfo).payload.buttons == payload.buttons)
    }

    @Test("what Airship cannot carry is a loss: titles, options, unknown actions, data keys it reads itself")
    func losses() throws {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m", alert: PushAlert(body: "Hi"),
            action: PushAction(name: "show_offer", data: ["id": 7]),
            buttons: [
                PushButton(id: "b1", title: "Go", deepLink: "myapp://go", foreground: true, destructive: true),
                PushButton(id: "b2", title: "", action: PushAction(name: "^+t", data: ["a": 1, "b": 2])),
            ] + (3...5).map { PushButton(id: "b\($0)", title: "") },
            data: ["^d": "https://x", "_": "y", "free": true])
        let encoded = airship.encode(payload)
        let paths = Set(encoded.losses.map(\.path))
        #expect(paths == [
            "$.action", "$.buttons[0].title", "$.buttons[0].foreground", "$.buttons[0].destructive",
            "$.buttons[1].action.data", "$.buttons[4]", #"$.data["^d"]"#, "$.data._",
        ])
        #expect(encoded.userInfo["free"] == true)
        #expect(encoded.userInfo["_"] == "m")
        #expect(encoded.userInfo["show_offer"] == nil)
        #expect(encoded.userInfo["com.urbanairship.interactive_actions"]?["b2"] == ["^+t": ["a": 1, "b": 2]])
    }

    @Test("translated into another vendor, Airship's ua_ category is not carried and its buttons keep titles")
    func categoryNotCarried() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":"Shop","category":"ua_shop_now"},"_":"s",
             "com.urbanairship.interactive_actions":{"shop_now":{"^d":"https://shop.example.com"}}}
            """#)
        let translation = Translator.translate(userInfo, from: airship, to: BuzzKitAdapter())
        let category = try #require(translation.userInfo["aps"]?["category"]?.stringValue)
        #expect(category.hasPrefix(BuzzKitAdapter.categoryPrefix))
        #expect(translation.userInfo["buzzkit"]?["actions"]?.arrayValue?.first?["title"] == "Shop Now")
    }
}

@Suite("Airship buttons past four")
struct AirshipTooManyButtonsTests {
    @Test("an app category's fifth action is not shown: its entry is kept under ignored, and written back")
    func fifthAction() throws {
        let category = NotificationCategory(
            id: "five", actions: (1...5).map { NotificationAction(id: "b\($0)", title: "B\($0)", options: .foreground) })
        let adapter = AirshipAdapter(appCategories: [category])
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":{"body":"x"},"category":"five"},"_":"s",
             "com.urbanairship.interactive_actions":{"b1":{"^d":"myapp://1"},"b5":{"^d":"myapp://5"}}}
            """#)
        let decoded = adapter.decode(userInfo)
        #expect(decoded.payload.buttons.map(\.id) == ["b1", "b2", "b3", "b4"])
        #expect(decoded.payload.ignored[#"$["com.urbanairship.interactive_actions"].b5"#] == ["^d": "myapp://5"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .tooManyButtons })
        let encoded = adapter.encode(decoded.payload)
        #expect(encoded.losses.isEmpty)
        #expect(JSONWriter.string(.object(encoded.userInfo)) == JSONWriter.string(.object(userInfo)))
    }
}
