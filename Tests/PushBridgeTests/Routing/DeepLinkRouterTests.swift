import PushBridge
import PushBridgeTestSupport
import Testing

/// A router whose three routes all record what they were offered.
private struct Harness {
    let delegate: RecordingDelegate
    let closureSeen = Recorder<DeepLink>()
    let system: RecordingOpener
    let router: DeepLinkRouter

    init(
        delegateConsumes: Bool? = false, closureConsumes: Bool? = false, systemSucceeds: Bool = true,
        policy: LinkPolicy = .default
    ) {
        delegate = RecordingDelegate(consumes: delegateConsumes ?? false)
        system = RecordingOpener(succeeds: systemSucceeds)
        var handler: (@Sendable (DeepLink) -> Bool)?
        if let consumes = closureConsumes {
            let seen = closureSeen
            handler = { link in
                seen.append(link)
                return consumes
            }
        }
        router = DeepLinkRouter(
            delegate: delegateConsumes == nil ? nil : delegate, handler: handler, system: system, policy: policy)
    }

    /// How many times any route was offered a link.
    var offers: Int { delegate.seen.count + closureSeen.count + system.seen.count }
}

@Suite("DeepLinkRouter")
struct DeepLinkRouterTests {
    // MARK: Route order

    @Test("a delegate that returns true consumes the link: the closure and the system never see it")
    func delegateConsumes() {
        let harness = Harness(delegateConsumes: true, closureConsumes: true)
        let outcome = harness.router.route("gym://class/77")
        #expect(outcome.via == .delegate)
        #expect(outcome.url == "gym://class/77")
        #expect(outcome.diagnostic == nil)
        #expect(harness.delegate.seen.all.map(\.string) == ["gym://class/77"])
        #expect(harness.closureSeen.count == 0)
        #expect(harness.system.seen.count == 0)
    }

    @Test("the system-only gate skips the delegate and the closure; the link policy still applies")
    func systemOnlyGate() {
        let harness = Harness(delegateConsumes: true, closureConsumes: true)
        let outcome = harness.router.route("https://shop.example.com/sale", gate: .systemOnly)
        #expect(outcome.via == .system)
        #expect(harness.delegate.seen.count == 0 && harness.closureSeen.count == 0)
        #expect(harness.system.seen.all.map(\.string) == ["https://shop.example.com/sale"])
        let strict = Harness(delegateConsumes: true, policy: LinkPolicy(allowedSchemes: ["https"]))
        #expect(strict.router.route("gym://class/77", gate: .systemOnly).via == .rejected)
        #expect(strict.offers == 0)
    }

    @Test("a delegate that returns false passes the link to the closure")
    func closureAfterDelegate() {
        let harness = Harness(delegateConsumes: false, closureConsumes: true)
        let outcome = harness.router.route("gym://class/77")
        #expect(outcome.via == .handler)
        #expect(harness.delegate.seen.count == 1)
        #expect(harness.closureSeen.all.map(\.string) == ["gym://class/77"])
        #expect(harness.system.seen.count == 0)
    }

    @Test("when neither the delegate nor the closure consumes the link the system opens it")
    func systemLast() {
        let harness = Harness(delegateConsumes: false, closureConsumes: false)
        let outcome = harness.router.route("https://example.com/a")
        #expect(outcome.via == .system)
        #expect(outcome.diagnostic == nil)
        #expect(harness.delegate.seen.count == 1)
        #expect(harness.closureSeen.count == 1)
        #expect(harness.system.seen.all.map(\.string) == ["https://example.com/a"])
    }

    @Test("with no delegate and no closure the link goes straight to the system")
    func systemOnly() {
        let harness = Harness(delegateConsumes: nil, closureConsumes: nil)
        #expect(harness.router.route("gym://x").via == .system)
        #expect(harness.system.seen.count == 1)
    }

    @Test("a delegate and closure set after creation are used")
    func settersTakeEffect() {
        let system = RecordingOpener()
        let router = DeepLinkRouter(system: system)
        #expect(router.route("gym://a").via == .system)
        router.handler = { _ in true }
        #expect(router.route("gym://a").via == .handler)
        router.delegate = RecordingDelegate(consumes: true)
        #expect(router.route("gym://a").via == .delegate)
        router.delegate = nil
        router.handler = nil
        #expect(router.route("gym://a").via == .system)
        #expect(system.seen.count == 2)
    }

    @Test("a system that cannot open the link yields rejected with link-not-opened")
    func systemFails() {
        let harness = Harness(systemSucceeds: false)
        let outcome = harness.router.route("gym://class/77")
        #expect(outcome.via == .rejected)
        #expect(outcome.diagnostic?.diagnosticCode == .linkNotOpened)
        #expect(outcome.diagnostic?.severity == .warning)
        #expect(harness.system.seen.count == 1)
    }

    // MARK: Links that do not parse

    static let unparsable: [String] = [
        "",  // empty
        "no-scheme/path",  // no colon
        "//example.com/path",  // scheme-relative
        ":nothing-before-colon",  // empty scheme
        "1gym://class",  // scheme starts with a digit
        "+gym://class",  // scheme starts with a symbol
        " https://example.com",  // leading space
        "https://example.com ",  // trailing space
        "https://exa mple.com/",  // inner space
        "https://example.com/\tx",  // tab
        "https://example.com/\nx",  // newline
        "https://example.com/\u{A0}x",  // no-break space
        "https://example.com/\u{2028}x",  // line separator
        "https://example.com/\u{3000}x",  // ideographic space
        "https://example.com/\u{0}x",  // NUL
        "https://example.com/\u{7}x",  // BEL
        "https://example.com/\u{7F}x",  // DEL
        "https://example.com/\u{85}x",  // NEL (C1 control)
        "https://example.com/\u{200B}x",  // zero-width space (format)
        "https://example.com/\u{202E}x",  // right-to-left override (format)
        "https://example.com/\u{FEFF}x",  // byte order mark (format)
        "java\u{200B}script:alert(1)",  // format character inside the scheme
        "java%73cript:alert(1)",  // percent-encoded scheme
        "j\u{0430}vascript:alert(1)",  // Cyrillic а look-alike
        "\u{0440}\u{0430}y://x",  // all-Cyrillic scheme
        "ｇｙｍ://x",  // full-width letters
        "gym_app://x",  // underscore is not a scheme character
    ]

    @Test("a link that does not parse is rejected before the delegate, the closure or the system runs",
          arguments: unparsable)
    func unparsableRejected(link: String) {
        #expect(DeepLink(link) == nil)
        let harness = Harness(delegateConsumes: true, closureConsumes: true)
        let outcome = harness.router.route(link)
        #expect(outcome.via == .rejected)
        #expect(outcome.url == link)
        #expect(outcome.diagnostic?.diagnosticCode == .linkRejected)
        #expect(harness.offers == 0)
    }

    @Test("schemes of a letter then letters, digits, plus, minus and dot parse; the scheme is lowercased",
          arguments: [
              ("gym://class/77", "gym"), ("HTTPS://Example.com", "https"), ("a:", "a"),
              ("x-app+v1.2://p", "x-app+v1.2"), ("mailto:a@b.com", "mailto"), ("JavaScript:alert(1)", "javascript"),
          ])
    func parses(link: String, scheme: String) {
        let parsed = DeepLink(link)
        #expect(parsed?.scheme == scheme)
        #expect(parsed?.string == link)
        #expect(parsed?.description == link)
    }

    @Test("a rejected link's diagnostic escapes control and format characters so it prints on one line")
    func diagnosticIsPrintable() {
        let router = DeepLinkRouter()
        let message = router.route("evil://x\n\u{202E}fake").diagnostic?.message ?? ""
        #expect(!message.unicodeScalars.contains("\n"))
        #expect(!message.unicodeScalars.contains("\u{202E}"))
        #expect(message.contains("\\u{a}"))
        #expect(message.contains("\\u{202e}"))
    }

    @Test("a rejected link's diagnostic cuts a huge link to 200 characters")
    func diagnosticIsShort() {
        let huge = "https://example.com/ " + String(repeating: "a", count: 10_000)
        let message = DeepLinkRouter().route(huge).diagnostic?.message ?? ""
        #expect(message.count < 400)
        #expect(message.contains("…"))
    }

    // MARK: The system policy

    @Test("the system route refuses dangerous schemes whatever their case",
          arguments: [
              "javascript:alert(1)", "JavaScript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>x</b>",
              "DATA:text/html,x", "file:///etc/passwd", "File:///etc/passwd", "vbscript:msgbox(1)",
              "VBScript:msgbox(1)",
          ])
    func systemRefusesDangerous(link: String) {
        let harness = Harness(delegateConsumes: false, closureConsumes: false)
        let outcome = harness.router.route(link)
        #expect(outcome.via == .rejected)
        #expect(outcome.diagnostic?.diagnosticCode == .linkRejected)
        #expect(harness.system.seen.count == 0)
        // The app's routes were still offered the link: only the system is filtered.
        #expect(harness.delegate.seen.count == 1)
        #expect(harness.closureSeen.count == 1)
    }

    @Test("the delegate receives a javascript: link unfiltered, exactly as sent")
    func delegateUnfiltered() {
        let harness = Harness(delegateConsumes: true)
        let outcome = harness.router.route("JavaScript:alert(1)")
        #expect(outcome.via == .delegate)
        #expect(outcome.diagnostic == nil)
        #expect(harness.delegate.seen.all.map(\.string) == ["JavaScript:alert(1)"])
        #expect(harness.delegate.seen.all.map(\.scheme) == ["javascript"])
    }

    @Test("the closure receives data: and file: links unfiltered")
    func closureUnfiltered() {
        let harness = Harness(delegateConsumes: false, closureConsumes: true)
        #expect(harness.router.route("data:text/plain,hi").via == .handler)
        #expect(harness.router.route("file:///tmp/x").via == .handler)
        #expect(harness.closureSeen.all.map(\.string) == ["data:text/plain,hi", "file:///tmp/x"])
        #expect(harness.system.seen.count == 0)
    }

    @Test("an allowlist of schemes lets the system open only those schemes (compared case-insensitively)")
    func schemeAllowlist() {
        let harness = Harness(policy: LinkPolicy(allowedSchemes: ["HTTPS", "gym"]))
        #expect(harness.router.route("gym://class/1").via == .system)
        #expect(harness.router.route("HTTPS://example.com").via == .system)
        let refused = harness.router.route("mailto:a@b.com")
        #expect(refused.via == .rejected)
        #expect(refused.diagnostic?.diagnosticCode == .linkRejected)
        #expect(harness.router.route("http://example.com").via == .rejected)
        #expect(harness.system.seen.all.map(\.string) == ["gym://class/1", "HTTPS://example.com"])
    }

    @Test("a blocked scheme stays blocked even when the allowlist names it")
    func blockBeatsAllow() {
        let policy = LinkPolicy(allowedSchemes: ["javascript", "https"])
        #expect(policy.refusal(for: DeepLink("javascript:x")!) != nil)
        #expect(policy.refusal(for: DeepLink("https://a")!) == nil)
    }

    @Test("custom blocked schemes replace the defaults")
    func customBlocked() {
        let policy = LinkPolicy(blockedSchemes: ["Tel"])
        #expect(policy.refusal(for: DeepLink("tel:123")!) != nil)
        #expect(policy.refusal(for: DeepLink("javascript:x")!) == nil)
        #expect(LinkPolicy.default.refusal(for: DeepLink("tel:123")!) == nil)
    }

    @Test("a web-host allowlist lets the system open only http(s) links to those hosts",
          arguments: [
              ("https://example.com/sale", true), ("http://EXAMPLE.com", true), ("https://example.com:8443/x", true),
              ("https://shop.example.com/", true), ("https://evil.com/", false), ("http://evil.com/", false),
              ("HTTP://Evil.com/", false), ("https://sub.example.com/", false),
              ("https://example.com.evil.com/", false), ("https://example.com@evil.com/", false),
              ("https://evil.com#@example.com", false), ("https://evil.com?@example.com", false),
              ("https:///path-only", false), ("https:example.com", false), ("gym://evil.com", true),
          ])
    func webHostAllowlist(link: String, opens: Bool) {
        let harness = Harness(policy: LinkPolicy(allowedWebHosts: ["Example.com", "shop.example.com"]))
        let outcome = harness.router.route(link)
        #expect((outcome.via == .system) == opens)
        #expect(harness.system.seen.count == (opens ? 1 : 0))
        if !opens { #expect(outcome.diagnostic?.diagnosticCode == .linkRejected) }
    }

    @Test("changing the router's policy applies to the next link")
    func policySetter() {
        let harness = Harness()
        #expect(harness.router.route("mailto:a@b.com").via == .system)
        harness.router.policy = LinkPolicy(allowedSchemes: ["https"])
        #expect(harness.router.policy.allowedSchemes == ["https"])
        #expect(harness.router.route("mailto:a@b.com").via == .rejected)
    }

    // MARK: DeepLink.host

    @Test("the host is the lowercased authority without userinfo or port; IPv6 keeps its brackets",
          arguments: [
              ("https://Example.COM/path", "example.com"), ("https://user:pw@Example.com:8080/p", "example.com"),
              ("https://a@b@c.com/", "c.com"), ("https://[::1]:443/x", "[::1]"),
              ("https://[2001:DB8::1]/", "[2001:db8::1]"), ("https://[fe80::1]", "[fe80::1]"),
              ("https://host?q=1", "host"), ("https://host#frag", "host"), ("https://host:", "host"),
              ("gym://class/77", "class"), ("HTTPS://Shop.Example.com", "shop.example.com"),
          ])
    func host(link: String, host: String) {
        #expect(DeepLink(link)?.host == host)
    }

    @Test("a link with no authority, or an empty one, has no host",
          arguments: ["mailto:a@b.com", "https:example.com", "file:///etc/passwd", "https://", "https://user@/x"])
    func noHost(link: String) {
        let parsed = DeepLink(link)
        #expect(parsed != nil)
        #expect(parsed?.host == nil)
    }
}
