import PushBridge
import Testing

/// A payload with every field set.
private let full = PushPayload(
    vendor: "zixflow", messageId: "626533406292836846",
    alert: PushAlert(title: "Flash Sale!", subtitle: "Today", body: "Now"),
    badge: 5, sound: "notification_tone.caf", category: "ZX_2BTN", threadId: "sales", mutableContent: true,
    contentAvailable: false, imageURL: "https://cdn.yourapp.com/banner.png", deepLink: "https://yourapp.com/sale",
    action: PushAction(name: "OPEN_SALE"),
    buttons: [
        PushButton(id: "ACTION_0", title: "Shop Now", deepLink: "https://yourapp.com/sale", foreground: true),
        PushButton(
            id: "reply", title: "Reply", destructive: true, input: true, placeholder: "Say hi",
            action: PushAction(name: "reply", data: ["k": [1, 2]])),
    ],
    data: ["template_id": "469935", "n": 1.5, "big": .number(JSONNumber(literal: "12345678901234567890")!)],
    tracking: ["Zixflow-Delivery-ID": "626533406292836846"], ignored: ["large_icon_url": "https://cdn/icon.png"],
    apsExtra: ["interruption-level": "passive", "loc-key": "K"])

@Suite("PushPayload canonical JSON")
struct PushPayloadCanonicalJSONTests {
    @Test("a minimal payload writes only vendor and the two always-written flags")
    func minimal() {
        let json = PushPayload(vendor: "fake").bridgeJSON
        #expect(JSONWriter.string(json) == #"{"contentAvailable":false,"mutableContent":false,"vendor":"fake"}"#)
    }

    @Test("absent fields, an empty alert and empty collections are omitted, not null")
    func omitsAbsent() {
        let payload = PushPayload(vendor: "fake", alert: PushAlert(), buttons: [], data: [:], tracking: [:])
        #expect(payload.bridgeJSON.objectValue.map { Set($0.keys) } == ["vendor", "mutableContent", "contentAvailable"])
        let partial = PushPayload(vendor: "fake", alert: PushAlert(title: "T"))
        #expect(partial.bridgeJSON["alert"] == ["title": "T"])
    }

    @Test("the flags are written when true, and the button flags are always written")
    func flagsAlwaysWritten() {
        let payload = PushPayload(
            vendor: "fake", mutableContent: true, contentAvailable: true, buttons: [PushButton(id: "b", title: "B")])
        let json = payload.bridgeJSON
        #expect(json["mutableContent"] == true)
        #expect(json["contentAvailable"] == true)
        #expect(json["buttons"] == [
            ["id": "b", "title": "B", "foreground": false, "destructive": false, "input": false],
        ])
    }

    @Test("an action always writes its data, even when empty")
    func actionData() {
        let json = PushPayload(vendor: "fake", action: PushAction(name: "go")).bridgeJSON
        #expect(json["action"] == ["name": "go", "data": [:]])
    }

    @Test("every field is written under its spec name, in sorted-key canonical text")
    func fullText() {
        let text = JSONWriter.string(full.bridgeJSON)
        #expect(text.hasPrefix(
            #"{"action":{"data":{},"name":"OPEN_SALE"},"#
                + #""alert":{"body":"Now","subtitle":"Today","title":"Flash Sale!"},"apsExtra":"#))
        #expect(text.contains(#""imageURL":"https://cdn.yourapp.com/banner.png""#))  // `/` not escaped
        #expect(text.contains(#""big":12345678901234567890"#))  // numbers exact
        let keys = full.bridgeJSON.objectValue.map { Set($0.keys) }
        #expect(keys == [
            "vendor", "messageId", "alert", "badge", "sound", "category", "threadId", "mutableContent",
            "contentAvailable", "imageURL", "deepLink", "action", "buttons", "data", "tracking", "ignored", "apsExtra",
        ])
        #expect(full.bridgeJSON["threadId"] == "sales")
        #expect(full.bridgeJSON["buttons"]?.arrayValue?[1]["placeholder"] == "Say hi")
    }

    @Test("bridgeJSON read back with init(bridgeJSON:) gives the same payload",
          arguments: [
              full, PushPayload(vendor: "fake"), PushPayload(vendor: "x", alert: PushAlert(body: "b"), badge: 0),
              PushPayload(vendor: "x", contentAvailable: true, data: ["a": nil]),
          ])
    func roundTrip(payload: PushPayload) throws {
        #expect(PushPayload(bridgeJSON: payload.bridgeJSON) == payload)
        // Through text too.
        let reparsed = try JSONParser.parse(JSONWriter.string(payload.bridgeJSON))
        #expect(PushPayload(bridgeJSON: reparsed) == payload)
    }

    @Test("init(bridgeJSON:) refuses a value that is not an object with a string vendor",
          arguments: ["zixflow" as JSONValue, [:], ["vendor": 1], ["vendor": nil], [["vendor": "x"]]])
    func refuses(json: JSONValue) {
        #expect(PushPayload(bridgeJSON: json) == nil)
    }

    @Test("init(bridgeJSON:) skips buttons with no id and defaults missing flags to false")
    func lenientButtons() {
        let payload = PushPayload(bridgeJSON: ["vendor": "x", "buttons": [["title": "no id"], ["id": "b"], 5]])
        #expect(payload?.buttons == [PushButton(id: "b", title: "")])
        #expect(payload?.mutableContent == false)
    }
}
