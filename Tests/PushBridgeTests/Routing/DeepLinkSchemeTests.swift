@testable import PushBridge
import Testing

/// `DeepLink` reads an all-ASCII link from its bytes and any other link scalar by scalar: both readings must
/// accept and refuse the same links, with the same scheme.
@Suite("DeepLink scheme reading")
struct DeepLinkSchemeTests {
    static let links: [String] = [
        "https://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM", "MyApp+Beta-2.x://open", "gym:", "a:",
        "javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "mailto:a@b.c", "tel:+15551234",
        "", ":", ":x", "1abc://x", "+abc://x", "ab c://x", "abc", "abc//x", "ab_c://x", "a:b:c",
        "https://x y", "https://x\ty", "https://x\ny", "https://x\u{7F}", "\u{01}https://x", "https://x\u{1F}",
        "https://é.example", "é://x", "https://x\u{00A0}y", "https://x\u{200B}y", "https://x\u{2028}",
        "https://x\u{3000}", "ｈttps://x", "https://日本.jp/パス", "https://x/😀", "https://x/e\u{301}",
        "https:\u{FEFF}//x", "gym://workout/today?from=push", "HtTp://MiXeD.CaSe/Path",
    ]

    @Test("the byte reading and the scalar reading agree on every link", arguments: links)
    func bothReadingsAgree(_ text: String) {
        #expect(DeepLink(text)?.scheme == DeepLink.unicodeScheme(text), "\(text.debugDescription)")
    }

    @Test("the readings agree whatever the place of a space, control, DEL or non-ASCII scalar after the colon")
    func everyPlaceAfterTheColon() {
        let base = Array("https://cdn.example.com/push/banner-2d9ff06a.png?v=1#top")
        for inserted in ["\u{00}", "\t", " ", "\u{1F}", "\u{7F}", "~", "é", "\u{00A0}", "\u{200B}", "😀"] {
            for place in 6...base.count {
                var characters = base
                characters.insert(Character(inserted), at: place)
                let text = String(characters)
                #expect(DeepLink(text)?.scheme == DeepLink.unicodeScheme(text), "\(text.debugDescription)")
            }
        }
    }

    @Test("a URL's path ends at its first ? or #, wherever it stands, else at its end")
    func pathEnd() {
        let url = Array("https://cdn.example.com/p/banner.png".utf8)
        for mark in ["?", "#"] {
            for place in 0...url.count {
                var bytes = url
                bytes.insert(contentsOf: Array((mark + "x?y#z").utf8), at: place)
                #expect(bytes.withUnsafeBufferPointer(DeepLink.pathEnd) == place, "\(mark) at \(place)")
            }
        }
        #expect(url.withUnsafeBufferPointer(DeepLink.pathEnd) == url.count)
        #expect([UInt8]().withUnsafeBufferPointer(DeepLink.pathEnd) == 0)
    }

    @Test("an all-ASCII link's scheme is read and lowercased; a bad scheme or a space or control refuses it")
    func asciiLinks() {
        #expect(DeepLink("HTTPS://Example.com")?.scheme == "https")
        #expect(DeepLink("My.App+x-1:path")?.scheme == "my.app+x-1")
        #expect(DeepLink("https://x")?.string == "https://x")
        #expect(DeepLink("9app://x") == nil)
        #expect(DeepLink("https://a b") == nil)
        #expect(DeepLink("https://a\u{7F}") == nil)
        #expect(DeepLink("no-colon") == nil)
        #expect(DeepLink("://x") == nil)
    }

    @Test("a link with non-ASCII text keeps the Unicode checks: whitespace and format characters refuse it")
    func unicodeLinks() {
        #expect(DeepLink("https://日本.jp")?.scheme == "https")
        #expect(DeepLink("https://x\u{00A0}") == nil)
        #expect(DeepLink("https://x\u{200B}") == nil)
        #expect(DeepLink("é://x") == nil)
    }
}
