import PushBridge
import PushBridgeVendors
import Testing

/// Wire payloads and helpers shared by the AppDNA tests.
enum AppDNAFixtures {
    /// The WIRE-FORMATS §3.3 example, as sent.
    static let specExample = #"""
    { "aps": { "alert": {"title": "New plan", "body": "Your week is ready"},
               "sound": "chime.wav", "mutable-content": 1, "category": "appdna_4d9a09a16b7b7040" },
      "appdna": {
        "push_id": "push-123",
        "action": { "type": "show_screen", "value": "plan" },
        "actions": [ {"id": "open", "title": "Open {{user.name | there}}", "type": "deep_link",
                      "value": "fit://plan", "foreground": true},
                     {"id": "later", "title": "Dismiss", "type": "dismiss"},
                     {"id": "reply", "title": "Reply", "type": "text_reply", "value": "Type a reply"} ],
        "image_url": "https://cdn.example.com/plan.png",
        "data": { "plan": "w12" } } }
    """#

    /// The bridge form the WIRE-FORMATS §3.3 example decodes to.
    static let specExamplePayload = PushPayload(
        vendor: "appdna", messageId: "push-123", alert: PushAlert(title: "New plan", body: "Your week is ready"),
        sound: "chime.wav", category: "appdna_4d9a09a16b7b7040", mutableContent: true,
        imageURL: "https://cdn.example.com/plan.png", action: PushAction(name: "show_screen", data: ["screen": "plan"]),
        buttons: [
            PushButton(id: "open", title: "Open {{user.name | there}}", deepLink: "fit://plan", foreground: true),
            PushButton(id: "later", title: "Dismiss", foreground: false, destructive: true),
            PushButton(id: "reply", title: "Reply", foreground: false, input: true, placeholder: "Type a reply"),
        ],
        data: ["plan": "w12"])

    /// A minimal AppDNA push whose `appdna` object holds `members` plus `push_id` (unless given). Without an
    /// explicit `aps`, the push has an alert and, when `members` holds buttons, `mutable-content: 1` and the
    /// category derived from them.
    static func push(_ members: JSONObject, aps: JSONValue? = nil) -> JSONObject {
        var vendor = members
        if vendor["push_id"] == nil { vendor["push_id"] = "p-1" }
        var defaultAPS: JSONObject = ["alert": "Hi"]
        if let actions = members["actions"]?.arrayValue,
           let category = AppDNAAdapter.derivedCategory(forActions: actions)
        {
            defaultAPS["mutable-content"] = 1
            defaultAPS["category"] = .string(category)
        }
        return ["aps": aps ?? .object(defaultAPS), "appdna": .object(vendor)]
    }

    /// A push whose buttons are `actions`, with the category derived from them.
    static func push(buttons actions: [JSONValue]) -> JSONObject {
        push(["actions": .array(actions)])
    }

    /// Decodes with the AppDNA adapter.
    static func decode(_ userInfo: JSONObject) -> DecodeResult { AppDNAAdapter().decode(userInfo) }

    /// The diagnostic codes of a decode, by path.
    static func codes(_ result: DecodeResult) -> [String: [DiagnosticCode]] {
        result.diagnostics.reduce(into: [:]) { $0[$1.path, default: []].append($1.diagnosticCode) }
    }

    /// Checks that `userInfo` survives wire → bridge form → wire → bridge form with no loss.
    static func expectLosslessRoundTrip(
        _ userInfo: JSONObject, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let adapter = AppDNAAdapter()
        let first = adapter.decode(userInfo)
        let encoded = adapter.encode(first.payload)
        #expect(encoded.losses == [], "same-vendor encode reported losses", sourceLocation: sourceLocation)
        let second = adapter.decode(encoded.userInfo)
        #expect(
            second.payload == first.payload, "bridge form changed in the round trip", sourceLocation: sourceLocation)
        let translation = Translator.translate(userInfo, from: adapter, to: adapter)
        #expect(translation.losses == [], "same-vendor translation reported losses", sourceLocation: sourceLocation)
    }
}
