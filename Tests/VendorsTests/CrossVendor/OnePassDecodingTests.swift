import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The AppDNA, BuzzKit and PushNotifAI decoders read an object's members in one pass and take a sorted walk only
/// for an object with a key they do not know; their encoders hash and build as they write. These tests pin that
/// neither the members' order nor the path taken shows in a result or in the order of its diagnostics.
@Suite("One-pass decoding: member order and unknown keys change nothing else")
struct OnePassDecodingTests {
    /// AppDNA payloads with every kind of button and the problems each level can have.
    static let appDNAPayloads = [
        #"{"aps":{"alert":"Hi","category":"appdna_c6ec2bbae6d397b5"},"appdna":{"push_id":"p-1","action":{"type":"show_screen","value":"plan"},"actions":[{"id":"start","title":"Start now","type":"deep_link","value":"fit://today","foreground":true},{"id":"snooze","title":"Snooze","type":"dismiss"}],"image_url":"https://cdn.example.com/a.png","data":{"plan":"5k","week":"7"}}}"#,
        #"{"aps":{"alert":"Hi"},"appdna":{"push_id":"","action":{"type":"open_url","value":"https://x.example"},"actions":[{"id":"a","title":"A","type":"open_url","value":"https://a.example"},{"id":"b","title":"B {{name | you}}","type":"text_reply","value":"Say","foreground":true},{"id":"c","title":"C","type":"show_screen","value":"s"},{"id":"a","title":"Again"},{"id":"d","title":"D","type":"dismiss","foreground":true}],"image_url":"","data":{"reply_text":"sent"}},"appdna_reply_text":"typed"}"#,
        #"{"aps":{"alert":"Hi"},"appdna":{"actions":[{"id":"x","title":3,"type":"warp","value":"v","foreground":"yes","extra":1},{"title":"no id"},7,{"id":"y","type":"dismiss","value":"unused"},{"id":"z","title":"Z","value":"lonely"},{"id":"w","title":"W","type":"deep_link","value":""}],"action":{"type":"dismiss","extra":true},"data":[],"mystery":{"a":1}},"zeta":1,"$odd":2,"appdna_reply_text":5}"#,
        #"{"aps":{"alert":"Hi"},"appdna":{"push_id":4,"action":{"value":"x"},"actions":{"id":"not-an-array"},"image_url":9}}"#,
        #"{"aps":"not an object","appdna":"not an object"}"#,
        #"{"aps":{"alert":"no appdna"},"other":true}"#,
    ]

    /// BuzzKit payloads: plain buttons, every flag, the problems a button, the action and the object can have.
    static let buzzKitPayloads = [
        #"{"aps":{"alert":"Hi","category":"buzzkit.f6569d3a8f7894b9"},"buzzkit":{"messageId":"m-1","deepLink":"gym://c/1","action":{"name":"show_offer","data":{"offerId":"w","percent":15}},"actions":[{"id":"confirm","title":"Confirm","foreground":true},{"id":"skip","title":"Skip","destructive":true},{"id":"note","title":"Add note","input":true,"placeholder":"Your note"}],"image":"https://cdn.example.com/c.jpg","data":{"bookingId":1}}}"#,
        #"{"aps":{"alert":"Hi"},"buzzkit":{"messageId":"","deepLink":"","image":"","action":{"name":"","data":[],"x":1},"actions":[{"id":"","title":"","foreground":"yes","url":"u","zz":1},{"id":1,"title":"T"},{"title":"no id"},"text",{"id":"a","title":"A"},{"id":"b","title":"B"},{"id":"c","title":"C"}],"extra":1},"campaign":"c","$x":1}"#,
        #"{"aps":{"alert":"Hi"},"buzzkit":{"action":{"data":{}},"actions":"none","data":7,"messageId":3}}"#,
        #"{"aps":{"alert":"no buzzkit"},"buzzkit_other":1}"#,
    ]

    /// PushNotifAI payloads: custom data of every type, wrong-typed and empty wire keys.
    static let pushNotifAIPayloads = [
        #"{"aps":{"alert":"Hi","category":"pushnotifai"},"pna_message_id":"n-1","deep_link":"lingo://l/2","screen":"shop","unit":"6","count":3,"flag":false,"nested":{"a":[1]},"list":[]}"#,
        #"{"aps":{"alert":"Hi"},"pna_message_id":"","deep_link":7,"b":null,"a":1.5}"#,
        #"{"aps":4,"pna_message_id":{"x":1},"deep_link":""}"#,
        #"{"only":"custom"}"#,
    ]

    /// `value` with the members of every object, at every depth, in reverse order.
    static func reversed(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(members: object.reversed().map { ($0.key, reversed($0.value)) }))
        case .array(let elements):
            return .array(elements.map(reversed))
        default:
            return value
        }
    }

    static func reversed(_ userInfo: JSONObject) -> JSONObject {
        guard case .object(let object) = reversed(.object(userInfo)) else { return userInfo }
        return object
    }

    static let cases: [(adapter: any VendorAdapter, text: String)] =
        appDNAPayloads.map { (AppDNAAdapter(), $0) } + buzzKitPayloads.map { (BuzzKitAdapter(), $0) }
            + pushNotifAIPayloads.map { (PushNotifAIAdapter(), $0) }

    @Test("members in reverse order decode to the same payload and the same diagnostics, in the same order",
          arguments: cases.indices)
    func memberOrder(index: Int) throws {
        let (adapter, text) = Self.cases[index]
        let userInfo = try Fixtures.userInfo(text)
        let forward = adapter.decode(userInfo)
        let backward = adapter.decode(Self.reversed(userInfo))
        #expect(forward.payload == backward.payload, "\(adapter.id): \(text)")
        #expect(forward.diagnostics == backward.diagnostics, "\(adapter.id): \(text)")
    }

    @Test("a key the adapter does not know adds its own diagnostic and ignored entry, and changes nothing else",
          arguments: cases.indices)
    func unknownKey(index: Int) throws {
        let (adapter, text) = Self.cases[index]
        let userInfo = try Fixtures.userInfo(text)
        guard let objectKey = ["appdna", "buzzkit"].first(where: { userInfo[$0]?.objectValue != nil }) else { return }
        var withUnknown = userInfo
        var object = try #require(userInfo[objectKey]?.objectValue)
        object["zz_unknown"] = "kept"
        withUnknown[objectKey] = .object(object)
        let plain = adapter.decode(userInfo)
        let widened = adapter.decode(withUnknown)
        let path = "$.\(objectKey).zz_unknown"
        #expect(widened.diagnostics.filter { $0.path == path }.count == 1)
        #expect(widened.diagnostics.filter { $0.path != path } == plain.diagnostics)
        var payload = widened.payload
        #expect(payload.ignored.removeValue(forKey: path) == "kept")
        #expect(payload == plain.payload)
    }

    @Test("a button with a key AppDNA does not know is the same button, with the key kept and noted")
    func appDNAButtonWithUnknownKey() throws {
        let plain = AppDNAAdapter().decode(try Fixtures.userInfo(
            #"{"aps":{},"appdna":{"push_id":"p","actions":[{"id":"a","title":"A","type":"deep_link","value":"x://a"}]}}"#))
        let widened = AppDNAAdapter().decode(try Fixtures.userInfo(
            #"{"aps":{},"appdna":{"push_id":"p","actions":[{"id":"a","title":"A","type":"deep_link","value":"x://a","zz":1}]}}"#))
        #expect(widened.payload.buttons == plain.payload.buttons)
        #expect(widened.payload.ignored["$.appdna.actions[0].zz"] == 1)
        #expect(widened.diagnostics.filter { $0.diagnosticCode == .unknownKey }.map(\.path) == ["$.appdna.actions[0].zz"])
        #expect(widened.diagnostics.filter { $0.diagnosticCode != .unknownKey } == plain.diagnostics)
    }

    @Test("AppDNA's category, hashed while the buttons are written, is the one read back from the written actions")
    func appDNAEncodedCategory() throws {
        for text in Self.appDNAPayloads + Self.buzzKitPayloads {
            let userInfo = try Fixtures.userInfo(text)
            let source: any VendorAdapter = userInfo["appdna"] != nil ? AppDNAAdapter() : BuzzKitAdapter()
            let wire = AppDNAAdapter().encode(source.decode(userInfo).payload).userInfo
            let actions = wire["appdna"]?["actions"]?.arrayValue ?? []
            guard let derived = AppDNAAdapter.derivedCategory(forActions: actions) else { continue }
            #expect(wire["aps"]?["category"]?.stringValue == derived, "\(text)")
        }
    }

    @Test("category(withPrefix:) is the prefix followed by hex")
    func categoryWithPrefix() {
        var hasher = CategoryHash.ButtonSetHasher()
        #expect(hasher.category(withPrefix: "appdna_") == "appdna_" + hasher.hex)
        hasher.addButton()
        hasher.addField("id")
        hasher.addField("Tïtle 🎉")
        hasher.addFlag(true)
        #expect(hasher.category(withPrefix: "buzzkit.") == "buzzkit." + hasher.hex)
        #expect(hasher.category(withPrefix: "") == hasher.hex)
        #expect(hasher.hex == CategoryHash.fnv1a64hex(CategoryHash.buttonSetKey([["id", "Tïtle 🎉", "1"]])))
    }
}
