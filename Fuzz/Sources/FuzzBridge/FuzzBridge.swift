import FuzzSupport
import PushBridge
import Synchronization

/// Fuzz target: `NotificationBridge` handling a payload under every lifecycle step, with the vendor
/// detected and forced to each built-in vendor, and `Simulation.run` as `bridge-cli simulate` does.
/// A hash of the input picks the switches: delegate, closure, link policy, registered actions, buffer
/// capacity, whether the bridge starts configured, a cached device token, typed text.
///
/// Invariants: no crash or hang; the system opener only ever sees a link that parses and that the
/// policy allows (never `javascript:`, `data:`, `file:`, `vbscript:`); every `via: system` route
/// reached the opener; the sink holds exactly the receipts the effects show, in order, each once;
/// `dropped` only before `configure`; a repeated open of a message with an id does nothing; every
/// effect line survives canonical JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBridge(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let userInfo = Fuzz.userInfo(bytes) else { return 0 }
    let switches = Fuzz.switches(bytes)
    for vendor in [nil] + Fuzz.adapters.map(\.id) {
        exercise(userInfo, vendor: vendor, switches: switches)
    }
    simulate(userInfo, switches: switches)
    return 0
}

/// A system route that records what it is asked to open and checks it against the policy.
final class RecordingOpener: SystemURLOpener {
    let policy: LinkPolicy
    private let opened = Mutex<[String]>([])

    init(policy: LinkPolicy) { self.policy = policy }

    var links: [String] { opened.withLock { $0 } }

    func open(_ link: DeepLink) -> Bool {
        Fuzz.require(DeepLink(link.string) != nil, "the system was handed a link that does not parse: \(link)")
        Fuzz.require(policy.refusal(for: link) == nil, "the system was handed a link its policy refuses: \(link)")
        Fuzz.require(
            !["javascript", "data", "file", "vbscript"].contains(link.scheme.lowercased()),
            "the system was handed a dangerous link: \(link)")
        opened.withLock { $0.append(link.string) }
        return true
    }
}

func bit(_ switches: UInt64, _ index: Int) -> Bool { switches >> index & 1 == 1 }

func exercise(_ userInfo: JSONObject, vendor: String?, switches: UInt64) {
    let label = vendor ?? "detected"
    let adapter = try? Fuzz.registry.resolve(userInfo, vendor: vendor)
    let payload = adapter?.decode(userInfo).payload ?? PushPayload(vendor: "")

    let policy = bit(switches, 2)
        ? LinkPolicy(allowedSchemes: ["https", "gym", "lingo", "fit"], allowedWebHosts: ["yourapp.com"])
        : LinkPolicy.default
    let opener = RecordingOpener(policy: policy)
    let router = DeepLinkRouter(system: opener, policy: policy)
    if bit(switches, 0) { router.delegate = SchemeDeepLinkDelegate(schemes: ["gym", "javascript"]) }
    if bit(switches, 1) { router.handler = { $0.scheme == "data" } }
    let actions = ActionRegistry()
    if bit(switches, 3) {
        var names = payload.buttons.compactMap { $0.action?.name }
        if let action = payload.action { names.append(action.name) }
        for name in names { actions.register(name) { _ in } }
    }
    let sink = InMemoryReceiptSink()
    let startsConfigured = bit(switches, 6)
    let capacities = [0, 1, 2, 8]
    let bridge = NotificationBridge(
        registry: Fuzz.registry,
        configuration: .init(
            bufferCapacity: capacities[Int(switches >> 4 & 3)], startsConfigured: startsConfigured,
            deviceToken: bit(switches, 7) ? "0123456789abcdef" : nil),
        sink: sink, router: router, actions: actions)
    let userText: String? = bit(switches, 8) ? "typed text" : nil

    // Every delivered notification has a request identifier on a device: the once-only identity of a push
    // without a message id (docs/WIRE-FORMATS.md §11.3).
    let request = "fuzz-request"
    func handle(_ step: LifecycleStep) -> [BridgeEffect] {
        bridge.handle(step, userInfo: userInfo, vendor: vendor, userText: userText, requestIdentifier: request)
    }
    let steps = Fuzz.steps(for: payload)
    var effects: [BridgeEffect] = []
    for step in steps { effects += handle(step) }
    if !startsConfigured {
        effects += bridge.handle(.configure, userInfo: userInfo, vendor: vendor)
        for step in steps { effects += handle(step) }
    }

    var systemRoutes: [String] = []
    var receipts: [Receipt] = []
    for effect in effects {
        Fuzz.requireWriterRoundTrip(effect.json, "\(label): effect line")
        switch effect {
        case .route(let url, let via):
            if via == .system { systemRoutes.append(url) }
            if via != .rejected { Fuzz.require(DeepLink(url) != nil, "\(label): routed a link that does not parse") }
        case .receipt(let receipt):
            receipts.append(receipt)
        case .dropped:
            Fuzz.require(!startsConfigured, "\(label): a step was dropped by a configured bridge")
        case .diagnostic(let diagnostic):
            Fuzz.requireWellFormed(diagnostic, "\(label): bridge")
        case .action, .presentation:
            break
        }
    }
    Fuzz.require(systemRoutes == opener.links, "\(label): system routes \(systemRoutes) but opened \(opener.links)")
    Fuzz.require(receipts == sink.receipts, "\(label): the sink does not hold the receipts the effects show")
    let keys = receipts.map(\.onceOnlyKey)
    Fuzz.require(Set(keys).count == keys.count, "\(label): a receipt was sent twice")

    if let messageId = payload.messageId, adapter != nil {
        for step in steps where step.isOpen {
            let repeated = handle(step)
            let acted = repeated.contains {
                switch $0 {
                case .receipt, .action, .route: return true
                default: return false
                }
            }
            Fuzz.require(!acted, "\(label): a repeated \(step) of message '\(messageId)' acted again")
        }
    }
}

/// `bridge-cli simulate`'s path: `Simulation.run` with the switches as command-line options.
func simulate(_ userInfo: JSONObject, switches: UInt64) {
    let adapter = try? Fuzz.registry.resolve(userInfo)
    let payload = adapter?.decode(userInfo).payload ?? PushPayload(vendor: "")
    var steps = Fuzz.steps(for: payload)
    if bit(switches, 9) { steps.insert(.configure, at: min(steps.count, Int(switches >> 10 & 7))) }
    let options = SimulationOptions(
        deviceToken: bit(switches, 7) ? "0123456789abcdef" : nil, userText: bit(switches, 8) ? "typed" : nil,
        delegateAcceptsSchemes: bit(switches, 0) ? ["gym"] : nil, linkHandler: bit(switches, 1),
        registeredActions: bit(switches, 3) ? [payload.action?.name ?? "show_offer"] : [],
        bufferCapacity: [0, 1, 2, 8][Int(switches >> 4 & 3)])
    for vendor in [nil] + Fuzz.adapters.map(\.id) {
        var run = options
        run.vendor = vendor
        for effect in Simulation.run(userInfo, steps: steps, options: run, registry: Fuzz.registry) {
            Fuzz.requireWriterRoundTrip(effect.json, "simulate: effect line")
        }
    }
}
