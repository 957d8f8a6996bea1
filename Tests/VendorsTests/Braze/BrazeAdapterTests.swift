import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let braze = BrazeAdapter()

/// A real payload bundled with the package (`Fuzz/corpus-seeds/real`, a copy of the shared corpus).
private func realPayload(_ name: String) throws -> JSONObject {
    try VendorRegistry.parseUserInfo(try TestPaths.readBytes(TestPaths.packageRoot + "/Fuzz/corpus-seeds/real/" + name))
}

/// A Braze push with every documented key (braze-docs `push_payload.json`).
let brazeFullPayload = #"""
    {"aps":{"alert":{"title":"Flash sale","body":"50% off"},"category":"ab_cat_accept_decline","mutable-content":1},
     "ab":{"c":"NjVhX2NtcA==","att":{"url":"https://cdn.example.com/sale.jpg","type":"jpg"},
           "ab_cat":{"ab_pb_accept":{"a_t":"ab_uri","a_uri":"shop://sale","a_use_webview":true}}},
     "ab_uri":"shop://home","ab_use_webview":false,"promo":"SUMMER"}
    """#

@Suite("Braze detection (R2)")
struct BrazeDetectionTests {
    @Test("claims a payload whose ab is a non-empty object, and nothing else")
    func claims() throws {
        #expect(braze.claims(try Fixtures.userInfo(#"{"ab":{"c":"x"}}"#)))
        #expect(braze.claims(try Fixtures.userInfo(#"{"ab":{"att":{}}}"#)))
        #expect(!braze.claims(try Fixtures.userInfo(#"{"ab":{}}"#)))
        #expect(!braze.claims(try Fixtures.userInfo(#"{"ab":"x"}"#)))
        #expect(!braze.claims(try Fixtures.userInfo(#"{"ab":[1]}"#)))
        #expect(!braze.claims(try Fixtures.userInfo(#"{"ab_uri":"app://a","aps":{"alert":"hi"}}"#)))
    }

    @Test("the registry picks Braze alone for a Braze push")
    func registry() throws {
        let claimants = BuiltInVendors.registry.claimants(of: try Fixtures.userInfo(brazeFullPayload))
        #expect(claimants.map(\.id) == ["braze"])
    }

    @Test("corpus braze-1 (the rich-notification doc) is Braze's; braze-2 (ab written {}) is nobody's")
    func corpusClaims() throws {
        #expect(BuiltInVendors.registry.claimants(of: try realPayload("braze-1.json")).map(\.id) == ["braze"])
        #expect(BuiltInVendors.registry.claimants(of: try realPayload("braze-2.json")).isEmpty)
    }
}

@Suite("Braze decode")
struct BrazeDecodeTests {
    @Test("every documented key: alert, category buttons, image, link, data, tracking, ignored")
    func full() throws {
        let userInfo = try Fixtures.userInfo(brazeFullPayload)
        let decoded = braze.decode(userInfo)
        let payload = decoded.payload
        #expect(payload.vendor == "braze")
        #expect(payload.messageId == nil)
        #expect(payload.alert == PushAlert(title: "Flash sale", body: "50% off"))
        #expect(payload.category == "ab_cat_accept_decline")
        #expect(payload.mutableContent)
        #expect(payload.imageURL == "https://cdn.example.com/sale.jpg")
        #expect(payload.deepLink == "shop://home")
        #expect(payload.buttons == [
            PushButton(id: "ab_pb_accept", title: "Accept", deepLink: "shop://sale", foreground: true),
            PushButton(id: "ab_pb_decline", title: "Decline", foreground: false),
        ])
        #expect(payload.data == ["promo": "SUMMER"])
        #expect(payload.tracking == ["ab": userInfo["ab"]!])
        #expect(payload.ignored == ["ab_use_webview": false, "$.ab.att.type": "jpg"])
        #expect(payload.apsExtra.isEmpty)
        #expect(decoded.diagnostics.allSatisfy { $0.severity == .info })
    }

    @Test("corpus braze-1: the image and its type, no alert, no link")
    func corpusRichNotification() throws {
        let payload = braze.decode(try realPayload("braze-1.json")).payload
        #expect(payload.imageURL == "http://mysite.com/myimage.jpg")
        #expect(payload.ignored == ["$.ab.att.type": "jpg"])
        #expect(payload.alert == nil)
        #expect(payload.deepLink == nil)
        #expect(payload.buttons.isEmpty)
        #expect(payload.tracking["ab"]?["att"]?["url"] == "http://mysite.com/myimage.jpg")
    }

    @Test("corpus braze-2, forced to Braze: ab_uri is read, and the empty ab is warned about")
    func corpusVerboseLogSample() throws {
        let decoded = braze.decode(try realPayload("braze-2.json"))
        #expect(decoded.payload.deepLink == "<DEEP_LINK_OR_URL>")
        #expect(decoded.payload.alert == PushAlert(title: "<MESSAGE_TITLE>", body: "<MESSAGE_BODY>"))
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .brazeObjectEmpty && $0.path == "$.ab" })
    }

    @Test("an app category: buttons from ab.ab_cat in payload order, titles empty, foreground from a_t")
    func appCategory() throws {
        let decoded = braze.decode(try Fixtures.userInfo(#"""
            {"aps":{"alert":"Order","category":"orders"},
             "ab":{"ab_cat":{"track":{"a_t":"ab_uri","a_uri":"shop://t"},"later":{"a_t":"ab_none"},"open":{"a_t":"OPEN_APP"}}}}
            """#))
        #expect(decoded.payload.buttons == [
            PushButton(id: "track", title: "", deepLink: "shop://t", foreground: true),
            PushButton(id: "later", title: "", foreground: false),
            PushButton(id: "open", title: "", foreground: true),
        ])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .buttonTitlesUnknown && $0.path == "$.ab.ab_cat" })
    }

    @Test("a default category with no ab_cat still shows its two buttons")
    func defaultCategoryAlone() throws {
        let payload = braze.decode(try Fixtures.userInfo(#"{"aps":{"alert":"?","category":"ab_cat_confirm_cancel"},"ab":{"c":"x"}}"#)).payload
        #expect(payload.buttons == [
            PushButton(id: "ab_pb_confirm", title: "Confirm", foreground: true),
            PushButton(id: "ab_pb_cancel", title: "Cancel", foreground: false),
        ])
    }

    @Test("ab_cat without a category: no buttons, a warning, the entries stay in tracking")
    func buttonsWithoutCategory() throws {
        let userInfo = try Fixtures.userInfo(#"{"aps":{"alert":"x"},"ab":{"ab_cat":{"go":{"a_t":"ab_uri","a_uri":"app://go"}}}}"#)
        let decoded = braze.decode(userInfo)
        #expect(decoded.payload.buttons.isEmpty)
        #expect(decoded.payload.tracking["ab"] == userInfo["ab"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .buttonsWithoutCategory && $0.severity == .warning })
    }

    @Test("custom data is every top-level key but aps, ab, ab_uri and ab_use_webview, in payload order")
    func data() throws {
        let payload = braze.decode(try Fixtures.userInfo(
            #"{"z":1,"aps":{},"ab":{"c":"x"},"a":"2","ab_uri":"u","ab_use_webview":true,"m":[3]}"#)).payload
        #expect(Array(payload.data.keys) == ["z", "a", "m"])
    }
}

@Suite("Braze bad input")
struct BrazeBadInputTests {
    @Test("wrong types are diagnosed at their path and kept under ignored", arguments: [
        (#"{"ab":{"att":{"url":1}}}"#, "$.ab.att.url", JSONValue.int(1)),
        (#"{"ab":{"att":"x"}}"#, "$.ab.att", JSONValue.string("x")),
        (#"{"ab":{"c":true}}"#, "$.ab.c", JSONValue.bool(true)),
        (#"{"ab":{"ab_cat":[1]}}"#, "$.ab.ab_cat", JSONValue.array([1])),
        (#"{"ab":{"c":"x"},"ab_uri":5}"#, "$.ab_uri", JSONValue.int(5)),
        (#"{"ab":{"c":"x"},"ab_use_webview":"no"}"#, "$.ab_use_webview", JSONValue.string("no")),
        (#"{"ab":7}"#, "$.ab", JSONValue.int(7)),
        (#"{"aps":"x","ab":{"c":"x"}}"#, "$.aps", JSONValue.string("x")),
        (#"{"aps":{"category":"c"},"ab":{"ab_cat":{"b":{"a_uri":9}}}}"#, "$.ab.ab_cat.b.a_uri", JSONValue.int(9)),
        (#"{"aps":{"category":"c"},"ab":{"ab_cat":{"b":"x"}}}"#, "$.ab.ab_cat.b", JSONValue.string("x")),
    ] as [(String, String, JSONValue)])
    func wrongType(text: String, path: String, value: JSONValue) throws {
        let decoded = braze.decode(try Fixtures.userInfo(text))
        #expect(decoded.payload.ignored[path] == value)
        #expect(decoded.diagnostics.contains { $0.path == path && $0.severity >= .warning })
    }

    @Test("a wrong-typed payload round-trips: every kept value is written back where it was")
    func writtenBack() throws {
        let userInfo = try Fixtures.userInfo(#"""
            {"aps":{"alert":{"body":"x"},"category":"c"},"ab":{"c":3,"att":{"url":false,"type":1},"ab_cat":{"b":{"a_t":2}}},
             "ab_uri":[1],"ab_use_webview":"y"}
            """#)
        expectRoundTrip(userInfo, through: braze)
    }

    @Test("huge, deep and hostile values never crash and keep their type checks")
    func hostile() throws {
        var deep: JSONValue = "x"
        for _ in 0..<100 { deep = .object(["n": deep]) }
        let long = String(repeating: "é", count: 5000)
        let userInfo: JSONObject = [
            "aps": ["alert": .string(long), "category": "c"],
            "ab": ["c": deep, "att": ["url": .string("javascript:" + long)], "ab_cat": ["b": ["a_t": deep, "a_uri": ""]]],
            "ab_uri": "javascript:alert(1)",
        ]
        let decoded = braze.decode(userInfo)
        #expect(decoded.payload.imageURL == "javascript:" + long)
        #expect(decoded.payload.ignored["$.ab.c"] == deep)
        #expect(braze.validationProblems(userInfo, payload: decoded.payload).contains { $0.diagnosticCode == .imageURLInvalid })
        let encoded = braze.encode(decoded.payload).userInfo
        #expect(encoded["ab"] == userInfo["ab"])
        #expect(encoded["ab_uri"] == userInfo["ab_uri"])
    }
}

@Suite("Braze encode")
struct BrazeEncodeTests {
    @Test("an image without mutable-content: written with mutable-content 1, reported for Braze's own push")
    func imageNeedsExtension() throws {
        let encoded = braze.encode(braze.decode(try realPayload("braze-1.json")).payload)
        #expect(encoded.userInfo["aps"]?["mutable-content"] == 1)
        #expect(encoded.losses.map(\.path) == ["$.mutableContent"])
    }

    @Test("another vendor's push: ab gets the image and buttons of an app category; titles and more are lost")
    func fromAnotherVendor() throws {
        let payload = PushPayload(
            vendor: "buzzkit", messageId: "m1", alert: PushAlert(body: "Hi"), category: "promo", imageURL: "https://x/i.png",
            deepLink: "https://x/a",
            buttons: [
                PushButton(id: "go", title: "Go", deepLink: "https://x/go", foreground: true),
                PushButton(id: "no", title: "", destructive: true),
                PushButton(id: "open", title: "", foreground: true),
            ],
            data: ["k": "v", "ab_uri": "taken"])
        let encoded = braze.encode(payload)
        #expect(encoded.userInfo == [
            "aps": ["alert": ["body": "Hi"], "category": "promo", "mutable-content": 1],
            "ab": [
                "att": ["type": "png", "url": "https://x/i.png"],
                "ab_cat": [
                    "go": ["a_t": "ab_uri", "a_uri": "https://x/go"], "no": ["a_t": "ab_none"], "open": ["a_t": "ab_open"],
                ],
            ],
            "ab_uri": "https://x/a", "k": "v",
        ])
        #expect(Set(encoded.losses.map(\.path)) == [
            "$.messageId", "$.buttons[0].title", "$.buttons[1].destructive", "$.data.ab_uri",
        ])
        #expect(braze.claims(encoded.userInfo))
    }

    @Test("another vendor's push with nothing for ab still gets a non-empty ab, so Braze takes it")
    func marker() throws {
        let encoded = braze.encode(PushPayload(vendor: "zixflow", alert: PushAlert(body: "Hi")))
        #expect(encoded.userInfo["ab"] == ["c": nil])
        #expect(braze.claims(encoded.userInfo))
    }

    @Test("buttons without a category are lost: Braze shows only a registered category's buttons")
    func buttonsWithoutCategory() throws {
        let encoded = braze.encode(PushPayload(
            vendor: "buzzkit", alert: PushAlert(body: "Hi"), buttons: [PushButton(id: "a", title: "A", foreground: true)]))
        #expect(encoded.losses.map(\.path) == ["$.buttons[0]"])
        #expect(encoded.userInfo["ab"]?["ab_cat"] == nil)
    }

    @Test("a default category: known titles and flags pass, others are losses; ids outside it are lost")
    func defaultCategory() throws {
        let encoded = braze.encode(PushPayload(
            vendor: "braze", alert: PushAlert(body: "?"), category: "ab_cat_yes_no",
            buttons: [
                PushButton(id: "ab_pb_yes", title: "Sure", deepLink: "app://y", foreground: true),
                PushButton(id: "ab_pb_no", title: "No", foreground: true),
                PushButton(id: "maybe", title: "Maybe"),
            ]))
        #expect(Set(encoded.losses.map(\.path)) == ["$.buttons[0].title", "$.buttons[1].foreground", "$.buttons[2]"])
        #expect(encoded.userInfo["ab"]?["ab_cat"] == ["ab_pb_yes": ["a_t": "ab_uri", "a_uri": "app://y"]])
    }

    @Test("removing a link or the image from a decoded push rewrites ab without them")
    func edits() throws {
        var payload = braze.decode(try Fixtures.userInfo(brazeFullPayload)).payload
        payload.imageURL = nil
        payload.buttons[0].deepLink = nil
        let encoded = braze.encode(payload)
        #expect(encoded.userInfo["ab"]?["att"] == ["type": "jpg"])
        #expect(encoded.userInfo["ab"]?["ab_cat"] == ["ab_pb_accept": ["a_t": "ab_open", "a_use_webview": true]])
        #expect(braze.decode(encoded.userInfo).payload.buttons[0].deepLink == nil)
    }

    @Test("ab_cat_… categories are Braze's: translation does not carry them into another vendor (D13)")
    func categoryNotCarried() throws {
        let translation = Translator.translate(try Fixtures.userInfo(brazeFullPayload), from: braze, to: ZixflowAdapter())
        #expect(translation.userInfo["aps"]?["category"] == "ZX_2BTN")
        #expect(braze.ownsCategory("ab_cat_push_story_v2"))
        #expect(!braze.ownsCategory("orders"))
    }
}

@Suite("Braze image type on translation")
struct BrazeImageTypeTests {
    @Test("another vendor's image gets ab.att.type from its file extension, so Braze's own validate accepts it")
    func typeFromExtension() throws {
        let zixflow = try Fixtures.payload("zixflow-custom.json")
        let translation = Translator.translate(zixflow, from: ZixflowAdapter(), to: BrazeAdapter())
        #expect(translation.userInfo["ab"]?["att"]?["type"] == "png")
        let decoded = BrazeAdapter().decode(translation.userInfo)
        #expect(!decoded.diagnostics.contains { $0.diagnosticCode == .attachmentTypeMissing })
        func type(of url: String) -> JSONValue? {
            var payload = PushPayload(vendor: "zixflow")
            payload.imageURL = url
            return BrazeAdapter().encode(payload).userInfo["ab"]?["att"]?["type"]
        }
        #expect(type(of: "https://x.example/a/b.JPG?w=2#f") == "jpg")
        #expect(type(of: "https://x.example/image") == nil)
        #expect(type(of: "https://x.example.com/") == nil)
        #expect(type(of: "https://x.example/a.toolongext") == nil)
    }

    @Test("a Braze push whose attachment has no type keeps having none: the round trip writes back what came")
    func ownPushUnchanged() {
        let userInfo: JSONObject = ["aps": ["alert": "Hi"], "ab": ["c": "c1", "att": ["url": "https://x.example/a.png"]]]
        let same = Translator.translate(userInfo, from: BrazeAdapter(), to: BrazeAdapter())
        #expect(same.userInfo["ab"]?["att"]?["type"] == nil)
    }
}
