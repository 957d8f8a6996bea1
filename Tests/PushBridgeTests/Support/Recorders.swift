import PushBridge

/// A thread-safe list that test doubles append to.
final class Recorder<Element: Sendable>: Sendable {
    private let storage = Locked<[Element]>([])

    init() {}

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var all: [Element] { storage.withLock { $0 } }
    var count: Int { storage.withLock { $0.count } }
}

/// A deep-link delegate that records every link it is offered and consumes them when told to.
struct RecordingDelegate: DeepLinkDelegate {
    let seen = Recorder<DeepLink>()
    var consumes: Bool

    init(consumes: Bool) { self.consumes = consumes }

    func openDeepLink(_ link: DeepLink) -> Bool {
        seen.append(link)
        return consumes
    }
}

/// A system URL opener that records every link and succeeds when told to.
struct RecordingOpener: SystemURLOpener {
    let seen = Recorder<DeepLink>()
    var succeeds: Bool

    init(succeeds: Bool = true) { self.succeeds = succeeds }

    func open(_ link: DeepLink) -> Bool {
        seen.append(link)
        return succeeds
    }
}

/// The error a ``ThrowingReceiptSink`` throws.
struct SinkFailure: Error, Hashable, CustomStringConvertible {
    var description: String { "disk full" }
}

/// A sink that refuses every receipt, counting the attempts.
struct ThrowingReceiptSink: ReceiptSink {
    let attempts = Recorder<Receipt>()

    func record(_ receipt: Receipt) throws {
        attempts.append(receipt)
        throw SinkFailure()
    }
}

extension Array where Element == BridgeEffect {
    /// The receipts among the effects, in order.
    var receipts: [Receipt] {
        compactMap { if case .receipt(let receipt) = $0 { return receipt } else { return nil } }
    }

    /// The diagnostics among the effects, in order.
    var diagnostics: [Diagnostic] {
        compactMap { if case .diagnostic(let diagnostic) = $0 { return diagnostic } else { return nil } }
    }

    /// The route effects, in order.
    var routes: [(url: String, via: RouteVia)] {
        compactMap { if case .route(let url, let via) = $0 { return (url, via) } else { return nil } }
    }

    /// The action effects, in order.
    var actions: [(name: String, handled: Bool)] {
        compactMap { if case .action(let name, let handled, _) = $0 { return (name, handled) } else { return nil } }
    }

    /// One short word per effect (`receipt:fake.opened`, `action:x`, `route:system`, …), for order checks.
    var outline: [String] {
        map { effect in
            switch effect {
            case .receipt(let receipt): return "receipt:\(receipt.event)"
            case .action(let name, let handled, _): return "action:\(name):\(handled ? "handled" : "unhandled")"
            case .route(_, let via): return "route:\(via.rawValue)"
            case .dropped(let step, _): return "dropped:\(step)"
            case .diagnostic(let diagnostic): return "diagnostic:\(diagnostic.code)"
            }
        }
    }
}
