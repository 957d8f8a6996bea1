import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

private let oneSignal = OneSignalAdapter()
private let braze = BrazeAdapter()

/// The decode diagnostics as `code path`, in order.
private func reported(_ json: String) throws -> [String] {
    oneSignal.decode(try Fixtures.userInfo(json)).diagnostics.map { "\($0.code) \($0.path)" }
}

@Suite("OneSignal: what decoding reports, in canonical order whatever the shape")
struct OneSignalReadingOrderTests {
    @Test("a key beside aps, att, buttons and custom is reported among the others in canonical key order")
    func extraTopLevelKeys() throws {
        let json = #"{"zz":1,"custom":{"i":"m","badge_inc":1},"apple":true,"aps":{"alert":"x"}}"#
        #expect(try reported(json) == ["not-read $.apple", "badge-increment $.custom.badge_inc", "not-read $.zz"])
    }

    @Test("a plain container keeps i, ti and tn as tracking and reads u and a, reporting nothing")
    func plainContainer() throws {
        let json = #"{"aps":{"alert":"x"},"custom":{"u":"app://a","tn":"T","a":{"k":1},"ti":"t","i":"m"}}"#
        let result = oneSignal.decode(try Fixtures.userInfo(json))
        #expect(result.diagnostics.isEmpty)
        #expect(result.payload.tracking == ["custom": ["i": "m", "ti": "t", "tn": "T"]])
        #expect(result.payload.messageId == "m")
        #expect(result.payload.deepLink == "app://a")
        #expect(result.payload.data == ["k": 1])
    }

    @Test("a container with an empty i or a wrong type is read member by member, in canonical order")
    func containerWithProblems() throws {
        let json = #"{"custom":{"u":3,"i":"","ti":"t"},"aps":{"alert":"x"}}"#
        #expect(try reported(json) == ["message-id-empty $.custom.i", "wrong-type $.custom.u", "message-id-missing $.custom.i"])
        let payload = oneSignal.decode(try Fixtures.userInfo(json)).payload
        #expect(payload.tracking == ["custom": ["i": "", "ti": "t"]])
        #expect(payload.ignored == ["$.custom.u": 3])
    }

    @Test("a button with a wrong-typed i and an icon reports both in key order and keeps its title as id")
    func buttonWithProblems() throws {
        let json = #"{"custom":{"i":"m"},"aps":{"alert":"x"},"buttons":[{"n":"Go","icon_type":"x","i":5},{"n":"B","i":"b"}]}"#
        #expect(try reported(json) == ["wrong-type $.buttons[0].i", "not-read $.buttons[0].icon_type"])
        let buttons = oneSignal.decode(try Fixtures.userInfo(json)).payload.buttons
        #expect(buttons.map(\.id) == ["Go", "b"])
        #expect(buttons.map(\.title) == ["Go", "B"])
    }

    @Test("os_data custom data is every top-level key but aps, os_data and the actionbuttons it reads")
    func osDataCustomData() throws {
        let plain = oneSignal.decode(try Fixtures.userInfo(#"{"os_data":{"i":"m"},"aps":{"alert":"x"},"b":1,"a":2}"#))
        #expect(plain.payload.data == ["a": 2, "b": 1])
        #expect(plain.payload.tracking == ["os_data": ["i": "m"]])
        let legacy = oneSignal.decode(try Fixtures.userInfo(#"{"os_data":{"i":"m"},"actionbuttons":[{"i":"x","n":"X"}],"k":1}"#))
        #expect(legacy.payload.data == ["k": 1])
        #expect(legacy.payload.buttons.map(\.id) == ["x"])
    }
}

@Suite("Braze encode: custom data, the image type and repeated buttons")
struct BrazeEncodeDetailTests {
    /// The `ab.att.type` Braze writes for another vendor's image at `url`.
    private func imageType(_ url: String) -> JSONValue? {
        let userInfo = braze.encode(PushPayload(vendor: "zixflow", imageURL: url)).userInfo
        return userInfo["ab"]?["att"]?["type"]
    }

    @Test("another vendor's image gets the lowercase extension of its last path segment as ab.att.type")
    func imageTypeFromExtension() {
        #expect(imageType("https://x.example/a/IMG.JPeG?size=2#f") == "jpeg")
        #expect(imageType("https://x.example/.png") == "png")
        #expect(imageType("https://x.example/a.mp4#t=1") == "mp4")
        #expect(imageType("https://x.example/dir.d/file") == nil)
        #expect(imageType("https://x.example/file.toolong") == nil)
        #expect(imageType("https://x.example/a.p-g") == nil)
        #expect(imageType("https://x.example/a.") == nil)
        #expect(imageType("file.png") == nil)
    }

    @Test("custom data under Braze's own keys is lost in key order; the rest is copied")
    func reservedDataKeys() {
        let payload = PushPayload(vendor: "zixflow", data: ["k": 1, "aps": 2, "ab_uri": "x", "ab": 3])
        let result = braze.encode(payload)
        #expect(result.userInfo["k"] == 1)
        #expect(result.userInfo["ab_uri"] == nil)
        #expect(result.losses.map(\.path) == ["$.data.ab", "$.data.ab_uri", "$.data.aps"])
        #expect(braze.encode(PushPayload(vendor: "zixflow", data: ["k": 1])).losses.isEmpty)
    }

    @Test("a repeated action id is lost, with few buttons or many")
    func repeatedButtonIds() {
        for count in [3, 20] {
            var buttons = (0..<count - 1).map { PushButton(id: "b\($0)", title: "", foreground: true) }
            buttons.append(PushButton(id: "b1", title: "", foreground: true))
            let result = braze.encode(PushPayload(vendor: "zixflow", category: "cat", buttons: buttons))
            let repeated = result.losses.filter { $0.reason == "ab.ab_cat holds one entry per action id" }
            #expect(repeated.map(\.path) == ["$.buttons[\(count - 1)]"], "\(count) buttons")
            #expect(result.userInfo["ab"]?["ab_cat"]?.objectValue?.count == count - 1, "\(count) buttons")
        }
    }
}
