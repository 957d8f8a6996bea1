import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let iterable = IterableAdapter()

/// The five Iterable payloads of the shared corpus (corpus/real-payloads/iterable-*.json, transcribed from
/// Iterable/iterable-swift-sdk@25cd00e1; SOURCES.md there names each test or document).
enum IterableCorpus {
    static let standardPush = #"""
        {"aps":{"alert":{"title":"Integration Test","body":"This is an integration test simple push"},"badge":1,
         "sound":"default"},"itbl":{"campaignId":12345,"templateId":67890,"isGhostPush":false}}
        """#
    static let deepLinkPush = #"""
        {"aps":{"alert":{"title":"Integration Test","body":"This is an enhanced push campaign"},
         "interruption-level":"active","mutable-content":1},
         "itbl":{"campaignId":"<BCITCampaign.deepLinkPush>","templateId":"<BCITTemplate.deepLinkPush>",
          "messageId":"f2a2dd3a974c4e44a8ec5e9ab5a63290","isGhostPush":0,
          "attachment-url":"<BCITAsset.deepLinkPushAttachment>","defaultAction":{"type":"openUrl","data":"<deepLinkUrl>"}},
         "url":"<deepLinkUrl>"}
        """#
    static let dynamicCategory = #"""
        {"itbl":{"messageId":"<UUID>","actionButtons":[
          {"identifier":"openAppButton","title":"Open App","buttonType":"default","openApp":true,"action":[]},
          {"identifier":"deepLinkButton","title":"Open DeepLink","buttonType":"default","openApp":true,
           "action":{"type":"openUrl","data":"https://maps.apple.com/?ll=37.7828,-122.3984"}},
          {"identifier":"silentActionButton","title":"Silent Action","buttonType":"default","openApp":false,
           "action":{"type":"customActionName"}},
          {"identifier":"textInputButton","title":"Text Input","buttonType":"textInput","openApp":false,
           "inputPlaceHolder":"Type your message here","inputTitle":"Send","action":{"type":"handleTextInput"}}]}}
        """#
    static let actionButtonDismiss = #"""
        {"itbl":{"campaignId":1234,"templateId":4321,"isGhostPush":false,"messageId":"<UUID>",
         "actionButtons":[{"identifier":"buttonIdentifier","buttonType":"dismiss","action":{"type":"customAction"}}]}}
        """#
    static let embeddedSilentPush = #"""
        {"aps":{"content-available":1,"badge":0},"itbl":{"campaignId":"<BCITCampaign.embeddedSilentPush>",
         "messageId":"embedded_silent_<UUID>","isGhostPush":0,"notificationType":"UpdateEmbedded"}}
        """#
    static let all = [standardPush, deepLinkPush, dynamicCategory, actionButtonDismiss, embeddedSilentPush]
}

@Suite("Iterable detection")
struct IterableDetectionTests {
    @Test("claims an itbl object and nothing else: not even a string holding a JSON object")
    func claims() throws {
        #expect(iterable.claims(try Fixtures.userInfo(#"{"itbl":{}}"#)))
        #expect(!iterable.claims(try Fixtures.userInfo(#"{"itbl":" {\"messageId\":\"m\"}"}"#)))
        #expect(!iterable.claims(try Fixtures.userInfo(#"{"itbl":"[1]"}"#)))
        #expect(!iterable.claims(try Fixtures.userInfo(#"{"itbl":"{broken"}"#)))
        #expect(!iterable.claims(try Fixtures.userInfo(#"{"itbl":[{}]}"#)))
        #expect(!iterable.claims(try Fixtures.userInfo(#"{"aps":{"alert":"hi"},"url":"https://a.example.com"}"#)))
    }

    @Test("every corpus payload is Iterable's alone")
    func corpusClaimedByIterableAlone() throws {
        for text in IterableCorpus.all {
            let claimants = BuiltInVendors.registry.claimants(of: try Fixtures.userInfo(text))
            #expect(claimants.map(\.id) == ["iterable"], "\(text)")
        }
    }
}

@Suite("Iterable decode")
struct IterableDecodeTests {
    @Test("corpus iterable-1: display fields and campaign metadata, no messageId")
    func standardPush() throws {
        let decoded = iterable.decode(try Fixtures.userInfo(IterableCorpus.standardPush))
        let payload = decoded.payload
        #expect(payload.alert == PushAlert(title: "Integration Test", body: "This is an integration test simple push"))
        #expect(payload.badge == 1)
        #expect(payload.sound == "default")
        #expect(payload.messageId == nil)
        #expect(payload.tracking == ["itbl": ["campaignId": 12345, "templateId": 67890, "isGhostPush": false]])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .messageIDMissing && $0.path == "$.itbl.messageId" })
    }

    @Test("corpus iterable-2: placeholder ids kept as sent, the default action wins over the root url")
    func deepLinkPush() throws {
        let payload = iterable.decode(try Fixtures.userInfo(IterableCorpus.deepLinkPush)).payload
        #expect(payload.messageId == "f2a2dd3a974c4e44a8ec5e9ab5a63290")
        #expect(payload.deepLink == "<deepLinkUrl>")
        #expect(payload.imageURL == "<BCITAsset.deepLinkPushAttachment>")
        #expect(payload.mutableContent)
        #expect(payload.apsExtra == ["interruption-level": "active"])
        #expect(payload.tracking == ["itbl": ["isGhostPush": 0, "messageId": "f2a2dd3a974c4e44a8ec5e9ab5a63290"]])
        #expect(payload.ignored == [
            "$.itbl.campaignId": "<BCITCampaign.deepLinkPush>", "$.itbl.templateId": "<BCITTemplate.deepLinkPush>",
            "$.url": "<deepLinkUrl>",
        ])
    }

    @Test("corpus iterable-3: four buttons, the misspelt inputPlaceHolder kept, an array action does nothing")
    func dynamicCategory() throws {
        let decoded = iterable.decode(try Fixtures.userInfo(IterableCorpus.dynamicCategory))
        let payload = decoded.payload
        #expect(payload.messageId == "<UUID>")
        #expect(payload.buttons == [
            PushButton(id: "openAppButton", title: "Open App", foreground: true),
            PushButton(
                id: "deepLinkButton", title: "Open DeepLink", deepLink: "https://maps.apple.com/?ll=37.7828,-122.3984",
                foreground: true),
            PushButton(id: "silentActionButton", title: "Silent Action", action: PushAction(name: "customActionName")),
            PushButton(id: "textInputButton", title: "Text Input", input: true, action: PushAction(name: "handleTextInput")),
        ])
        #expect(payload.ignored == [
            "$.itbl.actionButtons[0].action": [], "$.itbl.actionButtons[3].inputPlaceHolder": "Type your message here",
            "$.itbl.actionButtons[3].inputTitle": "Send",
        ])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .wrongType && $0.path == "$.itbl.actionButtons[0].action" })
    }

    @Test("corpus iterable-4: the titleless button is dropped from the buttons and kept whole")
    func actionButtonDismiss() throws {
        let payload = iterable.decode(try Fixtures.userInfo(IterableCorpus.actionButtonDismiss)).payload
        #expect(payload.messageId == "<UUID>")
        #expect(payload.buttons.isEmpty)
        #expect(payload.ignored["$.itbl.actionButtons[0]"]?["buttonType"] == "dismiss")
        #expect(payload.tracking == [
            "itbl": ["campaignId": 1234, "templateId": 4321, "isGhostPush": false, "messageId": "<UUID>"],
        ])
    }

    @Test("corpus iterable-5: isGhostPush 0 is no ghost push, so notificationType is not its action")
    func embeddedSilentPush() throws {
        let decoded = iterable.decode(try Fixtures.userInfo(IterableCorpus.embeddedSilentPush))
        #expect(decoded.payload.messageId == "embedded_silent_<UUID>")
        #expect(decoded.payload.contentAvailable)
        #expect(decoded.payload.badge == 0)
        #expect(decoded.payload.action == nil)
        #expect(decoded.payload.ignored["$.itbl.notificationType"] == "UpdateEmbedded")
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .notGhostPush })
    }

    @Test("a ghost push takes messageId and notificationType from the root, itbl's messageId stays in tracking")
    func ghostPushRoot() throws {
        let payload = iterable.decode(try Fixtures.userInfo(#"""
            {"aps":{"content-available":1},"itbl":{"isGhostPush":true,"messageId":"inner"},
             "notificationType":"InAppRemove","messageId":"outer","extra":1}
            """#)).payload
        #expect(payload.messageId == "outer")
        #expect(payload.action == PushAction(name: "InAppRemove"))
        #expect(payload.contentAvailable)
        #expect(payload.tracking == ["itbl": ["isGhostPush": true, "messageId": "inner"]])
        #expect(payload.data == ["extra": 1])
    }

    @Test("a ghost push's fields inside itbl are read with the D8 warning")
    func ghostPushInsideItbl() throws {
        let decoded = iterable.decode(try Fixtures.userInfo(#"""
            {"aps":{"content-available":1},"itbl":{"isGhostPush":true,"notificationType":"Odd","messageId":"g"}}
            """#))
        #expect(decoded.payload.messageId == "g")
        #expect(decoded.payload.action == PushAction(name: "Odd"))
        #expect(decoded.diagnostics.filter { $0.diagnosticCode == .ghostFieldInItbl }.map(\.path)
            == ["$.itbl.messageId", "$.itbl.notificationType"])
        #expect(decoded.diagnostics.contains { $0.diagnosticCode == .notificationTypeUnknown })
    }

    @Test("the custom default action keeps its data string; the legacy url is the link without one")
    func actionsAndLegacyURL() throws {
        let custom = iterable.decode(try Fixtures.userInfo(#"""
            {"itbl":{"messageId":"m","defaultAction":{"type":"showOffer","data":"7"}},"url":"https://a.example.com"}
            """#)).payload
        #expect(custom.action == PushAction(name: "showOffer", data: ["data": "7"]))
        #expect(custom.deepLink == nil)
        #expect(custom.ignored == ["$.url": "https://a.example.com"])
        let legacy = iterable.decode(try Fixtures.userInfo(#"{"itbl":{"messageId":"m"},"url":"https://a.example.com"}"#))
        #expect(legacy.payload.deepLink == "https://a.example.com")
        #expect(legacy.payload.data.isEmpty)
    }
}

@Suite("Iterable bad input")
struct IterableBadInputTests {
    @Test("wrong-typed values are kept under their wire path with a diagnostic", arguments: [
        (#"{"itbl":{"messageId":7}}"#, "$.itbl.messageId"),
        (#"{"itbl":{"isGhostPush":"no"}}"#, "$.itbl.isGhostPush"),
        (#"{"itbl":{"isGhostPush":2}}"#, "$.itbl.isGhostPush"),
        (#"{"itbl":{"attachment-url":["x"]}}"#, #"$.itbl["attachment-url"]"#),
        (#"{"itbl":{"defaultAction":"openUrl"}}"#, "$.itbl.defaultAction"),
        (#"{"itbl":{"actionButtons":{}}}"#, "$.itbl.actionButtons"),
        (#"{"itbl":{"actionButtons":[{"identifier":"a","title":"A","openApp":"yes"}]}}"#,
         "$.itbl.actionButtons[0].openApp"),
        (#"{"itbl":{},"url":false}"#, "$.url"),
        (#"{"itbl":true}"#, "$.itbl"),
    ])
    func wrongTypes(text: String, path: String) throws {
        let userInfo = try Fixtures.userInfo(text)
        let decoded = iterable.decode(userInfo)
        #expect(decoded.payload.ignored[path] != nil, "\(decoded.payload.ignored)")
        #expect(decoded.diagnostics.contains { $0.path == path && $0.diagnosticCode == .wrongType })
        // Written back where it came from.
        #expect(iterable.decode(iterable.encode(decoded.payload).userInfo).payload.ignored[path] == decoded.payload.ignored[path])
    }

    @Test("an openApp that is a wrong type still opens the app, as the SDK's default does")
    func openAppWrongType() throws {
        let payload = iterable.decode(try Fixtures.userInfo(
            #"{"itbl":{"actionButtons":[{"identifier":"a","title":"A","openApp":"no"}]}}"#)).payload
        #expect(payload.buttons.first?.foreground == true)
    }

    @Test("a javascript: link is decoded as sent; huge and deep values never crash")
    func hostileValues() throws {
        let link = iterable.decode(try Fixtures.userInfo(
            #"{"itbl":{"defaultAction":{"type":"openUrl","data":"javascript:alert(1)"}}}"#)).payload
        #expect(link.deepLink == "javascript:alert(1)")
        var deep: JSONValue = "x"
        for _ in 0..<200 { deep = .array([deep]) }
        let huge = String(repeating: "é", count: 100_000)
        let userInfo: JSONObject = [
            "itbl": ["messageId": .string(huge), "actionButtons": .array([deep]), "defaultAction": ["type": deep]],
        ]
        let decoded = iterable.decode(userInfo)
        #expect(decoded.payload.messageId == huge)
        #expect(decoded.payload.buttons.isEmpty)
        #expect(iterable.decode(iterable.encode(decoded.payload).userInfo).payload == decoded.payload)
    }
}
