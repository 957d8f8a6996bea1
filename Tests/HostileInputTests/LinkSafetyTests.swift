import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A bridge whose router records every route it offers a link to.
private struct Harness {
    let opener = RecordingOpener()
    let delegate: RecordingDelegate
    let closureSeen = Recorder<String>()
    let bridge: NotificationBridge

    init(policy: LinkPolicy = .default, delegateConsumes: Set<String> = [], closureConsumes: Set<String> = []) {
        delegate = RecordingDelegate(consumingSchemes: delegateConsumes)
        let seen = closureSeen
        let router = DeepLinkRouter(
            delegate: delegate,
            handler: { link in
                seen.append(link.string)
                return closureConsumes.contains(link.scheme)
            },
            system: opener, policy: policy)
        bridge = NotificationBridge(registry: BuiltInVendors.registry, router: router)
    }

    /// How many times the app's own routes were offered a link.
    var appOffers: Int { delegate.seen.count + closureSeen.count }
}

/// Links that must never parse: whitespace, controls, percent-encoding and look-alikes in the scheme.
private let unparsable: [String] = [
    " javascript:alert(1)", "javascript:alert(1) ", "\tjavascript:alert(1)", "\njavascript:alert(1)",
    "java\tscript:alert(1)", "java script:alert(1)", "javascript :alert(1)", "\u{A0}javascript:alert(1)",
    "\u{3000}javascript:alert(1)", "\u{2028}javascript:alert(1)", "\u{0}javascript:alert(1)",
    "javascript\u{0}:alert(1)", "java\u{AD}script:alert(1)", "java\u{200D}script:alert(1)",
    "\u{FEFF}javascript:alert(1)", "\u{202E}tpircsavaj:alert(1)",
    "javascript%3Aalert(1)", "%6Aavascript:alert(1)", "java%73cript:alert(1)", "jav&#x61;script:alert(1)",
    "\u{FF4A}avascript:alert(1)", "\u{0458}avascript:alert(1)", "javascr\u{0456}pt:alert(1)",
    "javascr\u{0131}pt:alert(1)", "javascr\u{0130}pt:alert(1)", "\u{24D9}avascript:alert(1)",
    "javascript\u{FF1A}alert(1)", "javascript\u{2236}alert(1)", "dat\u{0430}:text/html,x",
    "\u{017F}cript:x", "//evil.com/x", "evil.com/x", "", ":", "https://example.com/\u{7F}",
    "https://exa\u{200B}mple.com/",
]

/// Dangerous schemes in every case the system route must refuse.
private let dangerous: [String] = [
    "javascript:alert(1)", "JavaScript:alert(1)", "JAVASCRIPT:alert(1)", "jAvAsCrIpT:alert(1)",
    "javascript://%0Aalert(1)", "javascript:%61lert(1)", "VBScript:msgbox(1)", "vbscript:msgbox(1)",
    "Data:text/html;base64,PHNjcmlwdD4=", "DATA:text/html,x", "data:,x", "FILE:///etc/passwd",
    "File://localhost/etc/passwd",
]

@Suite("Hostile input: link safety")
struct LinkSafetyTests {
    @Test("whitespace, controls, percent-encoded and Unicode look-alike schemes are rejected before any route runs",
          arguments: unparsable)
    func unparsableNeverRouted(link: String) {
        #expect(DeepLink(link) == nil)
        let harness = Harness(delegateConsumes: ["javascript", "https", "data"], closureConsumes: ["javascript"])
        let outcome = harness.bridge.router.route(link)
        #expect(outcome.via == .rejected)
        #expect(outcome.diagnostic?.diagnosticCode == .linkRejected)
        #expect(harness.appOffers == 0)
        #expect(harness.opener.seen.count == 0)
    }

    @Test("the system route refuses javascript:, data:, file: and vbscript: in any case, with a diagnostic",
          arguments: dangerous)
    func dangerousRefused(link: String) throws {
        let harness = Harness()
        let outcome = harness.bridge.router.route(link)
        #expect(outcome.via == .rejected)
        let diagnostic = try #require(outcome.diagnostic)
        #expect(diagnostic.diagnosticCode == .linkRejected)
        #expect(diagnostic.message.contains(try #require(DeepLink(link)).scheme))
        #expect(harness.opener.seen.count == 0)
    }

    @Test("a refused link on a body tap: route via rejected and a diagnostic for every vendor; nothing opens",
          arguments: ["JavaScript:alert(document.cookie)", " https://example.com/", "java%73cript:x"])
    func rejectedThroughTheBridge(link: String) throws {
        for (vendor, userInfo) in try LinkPayloads.all(link: link) {
            let harness = Harness()
            let effects = harness.bridge.handle(.open, userInfo: userInfo)
            #expect(effects.routes.map(\.url) == [link], "\(vendor)")
            #expect(effects.routes.map(\.via) == [.rejected], "\(vendor)")
            #expect(effects.diagnostics.map(\.diagnosticCode) == [.linkRejected], "\(vendor)")
            #expect(!effects.receipts.contains { $0.kind == .deepLinkOpened }, "\(vendor): $deeplink.opened recorded")
            #expect(harness.opener.seen.count == 0, "\(vendor)")
        }
    }

    @Test("the same payloads with a safe link open it through the system, so the rejections above are the policy's")
    func safeLinkOpens() throws {
        for (vendor, userInfo) in try LinkPayloads.all(link: "https://example.com/sale") {
            let harness = Harness()
            let effects = harness.bridge.handle(.open, userInfo: userInfo)
            #expect(effects.routes.map(\.via) == [.system], "\(vendor)")
            #expect(harness.opener.seen.all.map(\.string) == ["https://example.com/sale"], "\(vendor)")
        }
    }

    @Test("the app's delegate and closure receive dangerous links unfiltered, exactly as sent")
    func appRoutesUnfiltered() throws {
        for (vendor, userInfo) in try LinkPayloads.all(link: "JavaScript:alert(1)") {
            let harness = Harness(delegateConsumes: ["javascript"])
            let effects = harness.bridge.handle(.open, userInfo: userInfo)
            #expect(effects.routes.map(\.via) == [.delegate], "\(vendor)")
            #expect(harness.delegate.seen.all.map(\.string) == ["JavaScript:alert(1)"], "\(vendor)")
            #expect(effects.diagnostics.isEmpty, "\(vendor)")
        }
        for (vendor, userInfo) in try LinkPayloads.all(link: "data:text/html,<b>hi</b>") {
            let harness = Harness(closureConsumes: ["data"])
            let effects = harness.bridge.handle(.open, userInfo: userInfo)
            #expect(effects.routes.map(\.via) == [.handler], "\(vendor)")
            #expect(harness.closureSeen.all == ["data:text/html,<b>hi</b>"], "\(vendor)")
        }
    }

    @Test("an allowlist limits the system route but never the app's own routes")
    func allowlistDoesNotFilterApp() {
        let policy = LinkPolicy(allowedSchemes: ["https"], allowedWebHosts: ["example.com"])
        let harness = Harness(policy: policy, delegateConsumes: ["gym"], closureConsumes: ["mailto"])
        #expect(harness.bridge.router.route("gym://class/77").via == .delegate)
        #expect(harness.bridge.router.route("mailto:a@b.c").via == .handler)
        #expect(harness.bridge.router.route("tel:123").via == .rejected)
        #expect(harness.bridge.router.route("https://example.com/x").via == .system)
        #expect(harness.opener.seen.all.map(\.string) == ["https://example.com/x"])
    }

    @Test("a scheme allowlist compares case-insensitively and refuses everything else, with a diagnostic",
          arguments: [
              ("gym://class/1", true), ("GYM://class/1", true), ("Https://example.com", true),
              ("mailto:a@b.c", false), ("http://example.com", false), ("sms:123", false), ("intent://x", false),
          ])
    func schemeAllowlist(link: String, opens: Bool) {
        let harness = Harness(policy: LinkPolicy(allowedSchemes: ["https", "GYM"]))
        let outcome = harness.bridge.router.route(link)
        #expect((outcome.via == .system) == opens)
        #expect((outcome.diagnostic?.diagnosticCode == .linkRejected) == !opens)
    }

    @Test("an http(s) host allowlist is exact and sees through userinfo, ports, case and look-alike hosts",
          arguments: [
              ("https://example.com/", true), ("HTTPS://EXAMPLE.COM/x", true), ("https://example.com:443/x", true),
              ("https://user:pw@example.com/", true), ("https://example.com/@evil.com", true),
              ("https://evil.com/", false), ("https://example.com.evil.com/", false),
              ("https://example.com@evil.com/", false), ("https://example.com:443@evil.com/", false),
              ("https://example.com%2F@evil.com/", false), ("https://evil.com%40example.com/", false),
              ("https://evil.com#@example.com", false), ("https://evil.com?@example.com", false),
              ("https://ex\u{0430}mple.com/", false), ("https://xn--exmple-cua.com/", false),
              ("https://example%2Ecom/", false), ("https://example.com./", false), ("https:example.com", false),
              ("https:/example.com", false), ("http://evil.com/", false), ("https://[::1]/", false),
              ("https://127.0.0.1/", false), ("gym://evil.com/", true),
          ])
    func hostAllowlist(link: String, opens: Bool) {
        let harness = Harness(policy: LinkPolicy(allowedWebHosts: ["example.com"]))
        let outcome = harness.bridge.router.route(link)
        #expect((outcome.via == .system) == opens, "\(link)")
        #expect(harness.opener.seen.count == (opens ? 1 : 0), "\(link)")
        if !opens { #expect(outcome.diagnostic?.diagnosticCode == .linkRejected, "\(link)") }
    }

    @Test("a backslash in an http(s) authority is refused under a host allowlist (browsers read it as '/')")
    func backslashAuthority() {
        let harness = Harness(policy: LinkPolicy(allowedWebHosts: ["example.com"]))
        #expect(harness.bridge.router.route(#"https://evil.com\@example.com/"#).via == .rejected)
        #expect(harness.bridge.router.route(#"https://evil.com\\@example.com/"#).via == .rejected)
        #expect(harness.bridge.router.route(#"https://example.com\evil"#).via == .system)
        #expect(harness.opener.seen.count == 1)
    }

    @Test("a rejected link's diagnostic never prints raw control or bidi characters")
    func diagnosticPrintable() throws {
        let link = "javascript:alert(1)//\u{202E}\n\u{1B}[2J"
        let outcome = DeepLinkRouter().route(link)
        let message = try #require(outcome.diagnostic).message
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202E}" })
    }

    @Test("a rejected link is never retried: a repeated open of the same message yields nothing")
    func rejectedOnce() throws {
        for (vendor, userInfo) in try LinkPayloads.all(link: "javascript:alert(1)") {
            let harness = Harness()
            #expect(harness.bridge.handle(.open, userInfo: userInfo).routes.count == 1, "\(vendor)")
            #expect(harness.bridge.handle(.open, userInfo: userInfo).isEmpty, "\(vendor)")
        }
    }
}
