
/// A deep link that parsed as an absolute URL (docs/WIRE-FORMATS.md §7.5 "Link policy").
public struct DeepLink: Sendable, Hashable, CustomStringConvertible {
    /// The link exactly as sent.
    public let string: String
    /// The scheme, lowercased (`https`, `gym`).
    public let scheme: String

    /// Parses `text`: a scheme (an ASCII letter, then ASCII letters, digits, `+`, `-`, `.`), then `:`,
    /// and no whitespace or control character anywhere. Nil when it does not parse.
    public init?(_ text: String) {
        switch text.utf8.withContiguousStorageIfAvailable(Self.asciiScheme) {
        case .scheme(let scheme)?:
            self.string = text
            self.scheme = scheme
        case .invalid?:
            return nil
        case .notASCII?, nil:
            guard let scheme = Self.unicodeScheme(text) else { return nil }
            self.string = text
            self.scheme = scheme
        }
    }

    /// What the byte scan of a link found.
    private enum ASCIIScan {
        case scheme(String)
        case invalid
        case notASCII
    }

    /// The lowercased scheme of an all-ASCII link, read from its bytes (links are checked for every push that
    /// has one: this costs a tenth of reading Unicode scalars); `.notASCII` sends any other text to
    /// ``unicodeScheme(_:)``.
    private static func asciiScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIScan {
        /// What the first byte from `start` on that is not printable ASCII makes of the link, nil when none is.
        func firstUnprintable(from start: Int) -> ASCIIScan? {
            for offset in start..<bytes.count {
                let byte = bytes[offset]
                if byte >= 0x80 { return .notASCII }
                if byte <= 0x20 || byte == 0x7F { return .invalid }
            }
            return nil
        }
        // The scheme and its colon byte by byte, the rest eight bytes at a time while every byte is printable ASCII
        // (a word with any other byte, and the tail, go byte by byte: the first such byte decides, as in order).
        var colon = -1
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte >= 0x80 { return .notASCII }
            if byte <= 0x20 || byte == 0x7F { return .invalid }
            offset += 1
            if byte == UInt8(ascii: ":") {
                colon = offset - 1
                break
            }
        }
        guard colon > 0 else { return .invalid }
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while offset + 8 <= bytes.count {
                let word = JSONWriter.loadWord(base + offset)
                let del = word ^ (ones &* 0x7F)
                let unprintable = word & highs | (word &- ones &* 0x21) & ~word & highs | (del &- ones) & ~del & highs
                if unprintable != 0 { break }
                offset += 8
            }
        }
        if let scan = firstUnprintable(from: offset) { return scan }
        for offset in 0..<colon {
            let byte = bytes[offset]
            let isLetter = byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
            let isOther = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if offset == 0 ? !isLetter : !(isLetter || isOther) { return .invalid }
        }
        // Lowercased straight into the string's storage (the scheme is ASCII letters, digits, `+`, `-`, `.`).
        return .scheme(String(unsafeUninitializedCapacity: colon) { scheme in
            for offset in 0..<colon {
                let byte = bytes[offset]
                scheme[offset] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            }
            return colon
        })
    }

    /// The lowercased scheme of `text` read scalar by scalar, or nil when it does not parse.
    static func unicodeScheme(_ text: String) -> String? {
        var scheme = ""
        var sawColon = false
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                // The same test without a Unicode property lookup (about a thousand instructions a scalar):
                // in ASCII, White_Space is U+0009–U+000D and U+0020, Cc is U+0000–U+001F and U+007F, Cf is empty.
                if scalar.value <= 0x20 || scalar.value == 0x7F { return nil }
            } else if scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
            {
                return nil
            }
            if sawColon { continue }
            if scalar == ":" {
                sawColon = true
                continue
            }
            let isLetter = scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar))
            let isOther = scalar.isASCII && (("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == ".")
            if scheme.isEmpty ? !isLetter : !(isLetter || isOther) { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        guard sawColon, !scheme.isEmpty else { return nil }
        return scheme.lowercased()
    }

    /// The offset in a URL's UTF-8 `bytes` where its path ends: its first `?` or `#`, else the count. Read eight
    /// bytes at a time (translation asks it of every image URL).
    package static func pathEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var end = 0
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            // Whether a byte of `word` is `byte`: exact as a yes or no (a zero byte once XORed with it).
            func has(_ word: UInt64, _ byte: UInt8) -> Bool {
                let masked = word ^ (ones &* UInt64(byte))
                return (masked &- ones) & ~masked & (ones &* 0x80) != 0
            }
            while end + 8 <= bytes.count {
                let word = JSONWriter.loadWord(base + end)
                if has(word, UInt8(ascii: "?")) || has(word, UInt8(ascii: "#")) { break }
                end += 8
            }
        }
        while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
        return end
    }

    /// The host of a `scheme://host/…` link, lowercased, when it has one.
    public var host: String? {
        let afterScheme = string.utf8.dropFirst(scheme.utf8.count + 1)
        guard afterScheme.starts(with: "//".utf8) else { return nil }
        var rest = Substring(afterScheme.dropFirst(2))
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("[") {
            if let close = rest.firstIndex(of: "]") { return String(rest[...close]).lowercased() }
        } else if let colon = rest.lastIndex(of: ":") {
            rest = rest[..<colon]
        }
        return rest.isEmpty ? nil : rest.lowercased()
    }

    public var description: String { string }
}

/// Which route took a deep link.
public enum RouteVia: String, Sendable, Hashable {
    /// The app's ``DeepLinkDelegate`` consumed it.
    case delegate
    /// The app's link handler (``DeepLinkRouter/handler``) consumed it.
    case handler
    /// The system opened it.
    case system
    /// The app's user-activity handler consumed it, as a universal link (`continueUserActivity`): the
    /// route some vendors' SDKs take before, or instead of, the system (``LinkGate``).
    case userActivity
    /// The app's web-view presenter (``DeepLinkRouter/webViewPresenter``) showed it in an in-app web view, as the
    /// vendor's push asked (``LinkGate/webView``, Braze's `ab_use_webview`).
    case webView
    /// It was refused: it did not parse, the vendor's gate or the system route's policy refused it, or no
    /// route took it.
    case rejected
}

/// What the system route may open (docs/WIRE-FORMATS.md §7.5 "Link policy"). The app's delegate and closure
/// are never filtered.
public struct LinkPolicy: Sendable, Hashable {
    /// Schemes the system route refuses (lowercase).
    public var blockedSchemes: Set<String>
    /// When set, the only schemes the system route opens (lowercase).
    public var allowedSchemes: Set<String>?
    /// When set, the only hosts the system route opens for `http` and `https` (lowercase).
    public var allowedWebHosts: Set<String>?

    /// Refuses `javascript:`, `data:`, `file:` and `vbscript:`; allows everything else.
    public static let `default` = LinkPolicy(lowercased: ["javascript", "data", "file", "vbscript"])

    /// Creates a policy.
    public init(
        blockedSchemes: Set<String> = ["javascript", "data", "file", "vbscript"], allowedSchemes: Set<String>? = nil,
        allowedWebHosts: Set<String>? = nil
    ) {
        self.blockedSchemes = Set(blockedSchemes.map { $0.lowercased() })
        self.allowedSchemes = allowedSchemes.map { Set($0.map { $0.lowercased() }) }
        self.allowedWebHosts = allowedWebHosts.map { Set($0.map { $0.lowercased() }) }
    }

    /// A policy that refuses `blockedSchemes`, already lowercase: ``default`` without lowercasing its literals and
    /// building its set twice (`bridge-cli simulate` makes it at start-up).
    private init(lowercased blockedSchemes: Set<String>) {
        self.blockedSchemes = blockedSchemes
        self.allowedSchemes = nil
        self.allowedWebHosts = nil
    }

    /// Why the system route must refuse `link`, or nil when it may open it.
    public func refusal(for link: DeepLink) -> String? {
        if blockedSchemes.contains(link.scheme) { return "the scheme '\(link.scheme):' is never opened by the system" }
        if let allowedSchemes, !allowedSchemes.contains(link.scheme) {
            return "the scheme '\(link.scheme):' is not in the allowlist"
        }
        if let allowedWebHosts, link.scheme == "http" || link.scheme == "https" {
            guard let host = link.host, allowedWebHosts.contains(host) else {
                return "the host '\(link.host ?? "")' is not in the allowlist"
            }
        }
        return nil
    }
}

/// The app's deep-link delegate: the first route tried.
public protocol DeepLinkDelegate: Sendable {
    /// Returns true when it consumed the link.
    func openDeepLink(_ link: DeepLink) -> Bool
}

/// The platform's URL opener: the last route (`UIApplication.open` on iOS).
public protocol SystemURLOpener: Sendable {
    /// Opens the link; returns false when the platform could not.
    func open(_ link: DeepLink) -> Bool
}

/// A system route that opens nothing and says it did: the default off-device (CLI, tests).
public struct AcceptingSystemURLOpener: SystemURLOpener {
    /// Creates the opener.
    public init() {}
    public func open(_ link: DeepLink) -> Bool { true }
}

/// Where a deep link went.
public struct RouteOutcome: Sendable, Hashable {
    /// The link as sent.
    public var url: String
    /// Which route took it.
    public var via: RouteVia
    /// Why it was rejected, when it was.
    public var diagnostic: Diagnostic?
}

/// How a vendor's SDK lets a tapped link reach the app (docs/WIRE-FORMATS.md §11.4), applied after the link parsed and
/// before any route runs. The system route's ``LinkPolicy`` applies whatever the gate.
public enum LinkGate: Sendable, Hashable {
    /// The routes of docs/WIRE-FORMATS.md §7: the delegate, the link handler, then the system.
    case standard
    /// Only links with these schemes (lowercase) reach any route; another is rejected before the delegate
    /// and the handler see it (Iterable's `allowedProtocols`, `https` by default).
    case allowedSchemes(Set<String>)
    /// The link reaches the app only as a user activity (``DeepLinkRouter/userActivityHandler``), never the
    /// delegate, the link handler or the system (FCM's `gcm.app_link`); a link that is not `http`/`https` is
    /// rejected (a user activity's `webpageURL` takes no other scheme).
    case userActivityOnly
    /// An `http`/`https` link is offered to the user-activity handler after the delegate and the link handler
    /// and before the system (Customer.io, Klaviyo); other links take the standard routes.
    case userActivityFirst
    /// The push asks for its link in an in-app web view (Braze's `ab_use_webview`, a button's `a_use_webview`):
    /// an `http`/`https` link the delegate and the link handler leave goes to the web-view presenter
    /// (``DeepLinkRouter/webViewPresenter``) before the system; with no presenter, or one that declines, and
    /// for other links, the system route.
    case webView
    /// The link goes to the system opener only (with the ``LinkPolicy``), never the delegate or the link handler
    /// (Airship's open-external-URL action, which calls `UIApplication.open` itself).
    case systemOnly
}

/// Routes deep links: the delegate first (it returns true to consume), then the link handler, then (as a
/// vendor's ``LinkGate`` says) the user-activity handler, then the system, which applies the ``LinkPolicy``.
/// A link that does not parse is rejected before any of them.
public final class DeepLinkRouter: Sendable {
    /// The delegate in a class box: an optional box copies as a pointer, where copying a `(any DeepLinkDelegate)?`
    /// (every route reads the state) costs a start-up that optional's metadata, built at run time.
    private final class DelegateBox: Sendable {
        let delegate: any DeepLinkDelegate
        init(_ delegate: any DeepLinkDelegate) { self.delegate = delegate }
    }

    private struct State {
        var delegate: DelegateBox?
        var handler: (@Sendable (DeepLink) -> Bool)?
        var userActivityHandler: (@Sendable (DeepLink) -> Bool)?
        var webViewPresenter: (@Sendable (DeepLink) -> Bool)?
        var system: any SystemURLOpener
        var policy: LinkPolicy
    }

    /// The routes and the policy, guarded by `mutex` (``PThreadMutex``: no `Locked<State>` to build metadata for
    /// when a simulation makes a router); read and written only through ``withState(_:)``.
    nonisolated(unsafe) private var lockedState: State
    private let mutex = PThreadMutex()

    /// Runs `body` with exclusive access to the state.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        mutex.withLock { body(&lockedState) }
    }

    /// Creates a router.
    // Not inlined, for the reason ``NotificationBridge/Configuration/init(bufferCapacity:startsConfigured:deviceToken:ledgerCapacity:clock:appState:receiptsOff:)``
    // gives: the policy's sets come in as values.
    @inline(never)
    public init(
        delegate: (any DeepLinkDelegate)? = nil, handler: (@Sendable (DeepLink) -> Bool)? = nil,
        userActivityHandler: (@Sendable (DeepLink) -> Bool)? = nil,
        webViewPresenter: (@Sendable (DeepLink) -> Bool)? = nil,
        system: any SystemURLOpener = AcceptingSystemURLOpener(), policy: LinkPolicy = .default
    ) {
        var box: DelegateBox?
        if let delegate { box = DelegateBox(delegate) }
        lockedState = State(
            delegate: box, handler: handler, userActivityHandler: userActivityHandler,
            webViewPresenter: webViewPresenter, system: system, policy: policy)
    }

    /// A router with no app route yet and the accepting system opener, for `policy` (a simulation then installs the
    /// routes its options name): ``init(delegate:handler:userActivityHandler:webViewPresenter:system:policy:)``
    /// without its optional delegate, whose handling costs a start-up that optional's metadata, built at run time.
    @inline(never)
    package init(bare policy: LinkPolicy) {
        lockedState = State(
            delegate: nil, handler: nil, userActivityHandler: nil, webViewPresenter: nil,
            system: AcceptingSystemURLOpener(), policy: policy)
    }

    /// The app's delegate (tried first).
    public var delegate: (any DeepLinkDelegate)? {
        get { withState { $0.delegate?.delegate } }
        set { withState { $0.delegate = newValue.map(DelegateBox.init) } }
    }

    /// The app's link handler (tried second): a closure that returns true to consume the link.
    public var handler: (@Sendable (DeepLink) -> Bool)? {
        get { withState { $0.handler } }
        set { withState { $0.handler = newValue } }
    }

    /// The app's universal-link handler (its `application(_:continue:restorationHandler:)` for a browsing-web
    /// activity): a closure that returns true to consume the link. Tried only where a vendor's ``LinkGate``
    /// says; with none, a gated link that may only go there is rejected.
    public var userActivityHandler: (@Sendable (DeepLink) -> Bool)? {
        get { withState { $0.userActivityHandler } }
        set { withState { $0.userActivityHandler = newValue } }
    }

    /// The app's in-app web view (an `SFSafariViewController` it presents, say): a closure that returns true
    /// when it showed the link. Tried only for a push that asks for a web view (``LinkGate/webView``), for
    /// `http`/`https` links, after the delegate and the link handler; the system's ``LinkPolicy`` applies to it
    /// too. With none, such a link takes the system route.
    public var webViewPresenter: (@Sendable (DeepLink) -> Bool)? {
        get { withState { $0.webViewPresenter } }
        set { withState { $0.webViewPresenter = newValue } }
    }

    /// The system route's policy.
    public var policy: LinkPolicy {
        get { withState { $0.policy } }
        set { withState { $0.policy = newValue } }
    }

    /// Routes `url` through the routes `gate` allows; the handlers run outside the router's lock.
    public func route(_ url: String, gate: LinkGate = .standard) -> RouteOutcome {
        guard let link = DeepLink(url) else {
            return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                .warning, code: .linkRejected, path: JSONPath.root,
                message: "deep link '\(Self.printable(url))' is not an absolute URL; nothing was opened"))
        }
        let current = withState { $0 }
        func userActivity() -> Bool { current.userActivityHandler?(link) ?? false }
        switch gate {
        case .allowedSchemes(let schemes) where !schemes.contains(link.scheme):
            return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                .warning, code: .linkGate, path: JSONPath.root,
                message: "deep link '\(Self.printable(url))' was not opened: the vendor allows only "
                    + "\(schemes.sorted().joined(separator: ", ")) links, so no route saw it"))
        case .userActivityOnly:
            // A user activity carries its link as `webpageURL`, which takes only http and https links: any other
            // scheme never reaches the handler (docs/vendors/fcm.md "Taps and links").
            guard link.scheme == "http" || link.scheme == "https" else {
                return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                    .warning, code: .linkGate, path: JSONPath.root,
                    message: "deep link '\(Self.printable(url))' reaches the app only as a user activity, whose "
                        + "webpageURL takes only http and https links; nothing was opened"))
            }
            if userActivity() { return RouteOutcome(url: url, via: .userActivity, diagnostic: nil) }
            return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                .warning, code: .linkGate, path: JSONPath.root,
                message: "deep link '\(Self.printable(url))' reaches the app only as a user activity, and no "
                    + "user-activity handler took it"))
        default:
            break
        }
        if gate != .systemOnly, let delegate = current.delegate?.delegate, delegate.openDeepLink(link) {
            return RouteOutcome(url: url, via: .delegate, diagnostic: nil)
        }
        if gate != .systemOnly, let handler = current.handler, handler(link) {
            return RouteOutcome(url: url, via: .handler, diagnostic: nil)
        }
        let isWeb = link.scheme == "http" || link.scheme == "https"
        if gate == .userActivityFirst, isWeb, userActivity() {
            return RouteOutcome(url: url, via: .userActivity, diagnostic: nil)
        }
        if let refusal = current.policy.refusal(for: link) {
            return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                .warning, code: .linkRejected, path: JSONPath.root,
                message: "deep link '\(Self.printable(url))' was not opened: \(refusal)"))
        }
        if gate == .webView, isWeb, let present = current.webViewPresenter, present(link) {
            return RouteOutcome(url: url, via: .webView, diagnostic: nil)
        }
        guard current.system.open(link) else {
            return RouteOutcome(url: url, via: .rejected, diagnostic: Diagnostic(
                .warning, code: .linkNotOpened, path: JSONPath.root,
                message: "the system could not open '\(Self.printable(url))'"))
        }
        return RouteOutcome(url: url, via: .system, diagnostic: nil)
    }

    /// `text` cut to 200 scalars, with control and format characters escaped (``Swift/String/escapedForDisplay``):
    /// safe to print in one line.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.count > 200 else { return text.escapedForDisplay }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(200))).escapedForDisplay + "…"
    }
}
