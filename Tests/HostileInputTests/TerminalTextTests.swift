import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Diagnostic messages that quote wire text (a key, a category, a button id or title, a link) never carry a raw
/// format or control character: each is written `\u{…}` (docs/HOSTILE-INPUT.md "Text on a terminal").
@Suite("Wire text in messages")
struct TerminalTextTests {
    static let rlo = "\u{202E}"

    /// A payload, the adapter that decodes (and validates) it, and the code of the diagnostic that quotes the bidi text.
    static let cases: [(code: DiagnosticCode, vendor: String, payload: String)] = [
        (.ignoredKey, "buzzkit", #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m1"},"k\u202e":1}"#),
        (.unknownKey, "buzzkit", #"{"aps":{"alert":"x"},"buzzkit":{"messageId":"m1","\u202ek":1}}"#),
        (.unknownKey, "klaviyo", #"{"aps":{"alert":"x"},"body":{"_k":"k1","\u202ek":1}}"#),
        (.categoryMismatch, "buzzkit", #"{"aps":{"alert":"x","category":"buzzkit.\u202e1"},"buzzkit":{"messageId":"m1"}}"#),
        (.buttonTitlesUnknown, "airship",
         #"{"aps":{"alert":"x","category":"cat\u202e"},"_":"a1","com.urbanairship.interactive_actions":{"b1":{"^d":"https://x.example/"}}}"#),
        (.notRead, "onesignal", #"{"aps":{"alert":"x"},"custom":{"i":"os-1"},"k\u202e":1}"#),
    ]

    @Test("each message kind that quotes a key, category or title escapes a bidi override in it",
          arguments: 0..<cases.count)
    func messageEscapesBidi(index: Int) throws {
        let (code, vendor, text) = Self.cases[index]
        let adapter = try #require(BuiltInVendors.registry.adapter(id: vendor))
        let userInfo = try VendorRegistry.parseUserInfo(Array(text.utf8))
        let decoded = adapter.decode(userInfo)
        let all = decoded.diagnostics + adapter.validationProblems(userInfo, payload: decoded.payload)
        let found = all.filter { $0.diagnosticCode == code }
        try #require(!found.isEmpty, "\(vendor): no \(code) in \(all)")
        for diagnostic in found {
            #expect(diagnostic.message.contains("\\u{202e}"), "\(diagnostic)")
            #expect(!diagnostic.message.contains(Self.rlo), "\(diagnostic)")
            #expect(!diagnostic.description.contains(Self.rlo))
            #expect(!JSONWriter.string(diagnostic.json).contains(Self.rlo))
        }
    }

    @Test("a rejected link's diagnostic escapes U+2028 and format characters, not only controls")
    func linkDiagnosticEscapesFormatCharacters() throws {
        for scalar in ["\u{202E}", "\u{2028}", "\u{2066}", "\u{E0001}", "\u{AD}"] {
            let outcome = DeepLinkRouter().route(scalar + "javascript:alert(1)")
            let message = try #require(outcome.diagnostic).message
            #expect(!message.unicodeScalars.contains { $0.isEscapedForDisplay }, "\(message)")
            #expect(message.contains("\\u{" + String(scalar.unicodeScalars.first!.value, radix: 16) + "}"))
        }
    }

    @Test("a loss naming another vendor's ignored key escapes it")
    func lossEscapesKey() {
        let loss = Loss.ignored("\u{202E}k", "v", sourceName: "A", targetName: "B")
        #expect(loss.reason == "B has no field for A's '\\u{202e}k'")
    }
}
