import PushBridge
import PushBridgeVendors
import Testing

/// `action_buttons` in the shape Zixflow sends is read without the JSON parser; the same text with a space after
/// the `[` always goes through the parser, so the two must decode alike.
@Suite("Zixflow action_buttons: the sent shape and the parser agree")
struct ZixflowButtonsShapeTests {
    private static let zixflow = ZixflowAdapter()

    /// Valid JSON texts of every kind (an invalid one is reported with its column, which the added space moves):
    /// the plain shape, and near misses the plain reading must leave to the parser.
    private static let texts: [String] = [
        #"[]"#,
        #"[{"name":"View Deal","deeplink":"https://yourapp.com/sale/2879"}]"#,
        #"[{"name":"View Deal","deeplink":"https://yourapp.com/sale/2879"},{"name":"Save for later","deeplink":""}]"#,
        #"[{"deeplink":"a://1","name":"A"},{"name":"B","deeplink":"b://2"}]"#,
        #"[{"name":"Ver más ✨","deeplink":"app://x/ü?q=1&r=2"},{"name":"日本語","deeplink":"/"}]"#,
        #"[{"name":"","deeplink":""}]"#,
        #"[{"name":"A","deeplink":"a://1"},{"name":"B","deeplink":"b://2"},{"name":"C","deeplink":"c://3"}]"#,
        #"[{"name":"A"}]"#,
        #"[{"deeplink":"a://1"}]"#,
        #"[{}]"#,
        #"[{"name":"A","deeplink":"a://1","extra":1}]"#,
        #"[{"name":"A","name":"B","deeplink":"a://1"}]"#,
        #"[{"name":"A\"B","deeplink":"a://1"}]"#,
        #"[{"name":"A\u00e9","deeplink":"a:\/\/1"}]"#,
        #"[{"name":7,"deeplink":false}]"#,
        #"[{"name":"A","deeplink":null}]"#,
        #"[{"name":"A","deeplink":"a://1"} ]"#,
        #"[{"name" :"A","deeplink":"a://1"}]"#,
        #"[["name","A"]]"#,
        #"[1]"#,
        #"[{"Name":"A","deeplink":"a://1"}]"#,
    ]

    private static func decode(_ text: String) -> DecodeResult {
        zixflow.decode(["aps": ["alert": "Hi"], "Zixflow-Delivery-ID": "1", "action_buttons": .string(text)])
    }

    @Test("every text decodes to the buttons, diagnostics and kept keys of the same text read by the parser")
    func sameAsParser() {
        for text in Self.texts {
            let spaced = "[ " + text.dropFirst()
            let fast = Self.decode(text)
            let parsed = Self.decode(spaced)
            #expect(fast.payload.buttons == parsed.payload.buttons, "\(text)")
            #expect(fast.diagnostics == parsed.diagnostics, "\(text)")
            #expect(fast.payload.ignored.keys.sorted() == parsed.payload.ignored.keys.sorted(), "\(text)")
        }
    }

    @Test("the sent shape gives the buttons it names: ACTION_i, the name as title, an empty deep link as none")
    func plainShape() {
        let decoded = Self.decode(#"[{"name":"Ver más ✨","deeplink":"app://x"},{"deeplink":"","name":"Later"}]"#)
        #expect(decoded.payload.buttons == [
            PushButton(id: "ACTION_0", title: "Ver más ✨", deepLink: "app://x", foreground: true),
            PushButton(id: "ACTION_1", title: "Later", deepLink: nil, foreground: true),
        ])
        #expect(decoded.payload.ignored.isEmpty)
        #expect(decoded.diagnostics.isEmpty)
    }
}
