import PushBridge

/// A thread-safe list that test doubles append to.
public final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    public init() {}

    public func append(_ element: Element) { storage.withLock { $0.append(element) } }

    public var all: [Element] { storage.withLock { $0 } }
    public var count: Int { storage.withLock { $0.count } }
}

/// A deep-link delegate that records every link it is offered and consumes those it is told to.
public struct RecordingDelegate: DeepLinkDelegate {
    public let seen = Recorder<DeepLink>()
    private let consumesLink: @Sendable (DeepLink) -> Bool

    /// A delegate that consumes every link (`true`) or none.
    public init(consumes: Bool) { consumesLink = { _ in consumes } }

    /// A delegate that consumes the links whose scheme is one of `schemes`.
    public init(consumingSchemes schemes: Set<String>) { consumesLink = { schemes.contains($0.scheme) } }

    public func openDeepLink(_ link: DeepLink) -> Bool {
        seen.append(link)
        return consumesLink(link)
    }
}

/// A system URL opener that records every link and succeeds when told to.
public struct RecordingOpener: SystemURLOpener {
    public let seen = Recorder<DeepLink>()
    public var succeeds: Bool

    public init(succeeds: Bool = true) { self.succeeds = succeeds }

    public func open(_ link: DeepLink) -> Bool {
        seen.append(link)
        return succeeds
    }
}

extension Array where Element == BridgeEffect {
    /// The receipts among the effects, in order.
    public var receipts: [Receipt] {
        compactMap { if case .receipt(let receipt) = $0 { return receipt } else { return nil } }
    }

    /// The diagnostics among the effects, in order.
    public var diagnostics: [Diagnostic] {
        compactMap { if case .diagnostic(let diagnostic) = $0 { return diagnostic } else { return nil } }
    }

    /// The route effects, in order.
    public var routes: [(url: String, via: RouteVia)] {
        compactMap { if case .route(let url, let via) = $0 { return (url, via) } else { return nil } }
    }

    /// The action effects, in order.
    public var actions: [(name: String, handled: Bool)] {
        compactMap { if case .action(let name, let handled, _) = $0 { return (name, handled) } else { return nil } }
    }

    /// The names of the action effects, in order.
    public var actionNames: [String] { actions.map(\.name) }

    /// One short word per effect (`receipt:Opened`, `action:x:handled`, `route:system`, …), for order checks.
    public var outline: [String] {
        map { effect in
            switch effect {
            case .receipt(let receipt): return "receipt:\(receipt.event)"
            case .action(let name, let handled, _): return "action:\(name):\(handled ? "handled" : "unhandled")"
            case .route(_, let via): return "route:\(via.rawValue)"
            case .dropped(let step, _): return "dropped:\(step)"
            case .diagnostic(let diagnostic): return "diagnostic:\(diagnostic.code)"
            case .presentation(let options): return "presentation:\(options.names.joined(separator: "+"))"
            }
        }
    }
}
