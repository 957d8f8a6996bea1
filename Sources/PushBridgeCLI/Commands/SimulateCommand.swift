import PushBridge
import PushBridgeDelivery
import PushBridgeOutbox

enum SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "Run lifecycle steps for a payload and print each effect in order"
    static let help = """
        Usage: bridge-cli simulate [--vendor ID] --steps S1,S2,… [options] FILE|-

        Steps: configure, arrive:service-extension, arrive:foreground, arrive:background, open,
        open:<action id>, dismiss, launch. A list with no configure starts configured. A step iOS never
        produces for the push (arrive:service-extension without aps.mutable-content 1 and an alert,
        arrive:background without aps.content-available 1) prints an ios-never-runs-step diagnostic and
        records nothing.
        Prints one JSON line per effect, in order:
          {"type":"receipt","vendor":…,"kind":…,"event":…,"properties":{…}}
          {"type":"action","name":…,"handled":…,"data":{…}}
          {"type":"route","url":…,"via":"delegate|handler|userActivity|webView|system|rejected"}
          {"type":"dropped","step":…,"reason":"buffer full"}
          {"type":"presentation","options":["banner","list","sound","badge"]}
                                        (arrive:foreground, first: how the vendor shows the push while
                                        the app is active; [] for not at all)
          {"type":"diagnostic","severity":…,"code":…,"path":…,"message":…}

        Options:
          --device-token HEX            the cached APNs device token
          --user-text TEXT              text typed into an input button
          --delegate-accepts SCHEME,…   install a deep-link delegate that consumes these schemes
          --link-handler                install a link handler that consumes every link (via: handler;
                                        --closure is the former name, still accepted)
          --user-activity               install a universal-link (user-activity) handler that consumes every
                                        link a vendor sends there (via: userActivity)
          --web-view                    install an in-app web view that shows every http(s) link a push asks
                                        to open in one, such as Braze's ab_use_webview (via: webView)
          --request-id ID               the notification request identifier: the once-only identity of a push
                                        without a message id (default: the first 128 bits of the SHA-256 of
                                        its canonical JSON, as 32 hex digits; a once-only-key-derived note
                                        says so on stderr)
          --as-delivered                add the keys the vendor's backend adds to every push (OneSignal
                                        custom.i, Customer.io CIO-Delivery-ID and token, Airship _, Iterable
                                        itbl, …) with placeholder ids, to simulate a template as delivered;
                                        name the vendor with --vendor when none claims the template as written
          --register-action NAME        register a handler that consumes NAME (repeatable)
          --buffer N                    steps kept before configure (default 8)
          --app-state STATE             where the app is when the steps start: not-running (a tap launches
                                        it), background (a tap brings it back; the default) or active;
                                        arrive:foreground makes it active for the steps that follow
          --time SECONDS                when every step happens (seconds since the Unix epoch), for the
                                        vendors that stamp receipts with it; default: no time
          --receipts-off ID,…           vendors whose receipts are not sent (their own SDK, still installed
                                        during a move, reports them): a receipt-off diagnostic instead
        \(vendorConfigHelp)

        Receipts (docs/DELIVERY.md):
          --outbox DIR                  append every receipt durably to the outbox in DIR (created, mode 0700)
                                        before its line is printed; a receipt the outbox's once-only ledger
                                        has seen is not printed again. Exit 0 only once all are on disk
          --endpoint URL                then send them: with --outbox, flush the outbox (as 'flush' does; what
                                        cannot be sent stays for the next flush); without, send each receipt
                                        once, best effort: one not delivered gets a receipt-not-recorded
                                        line in place of its own, and exit 1
          --write-key KEY               the vendors' write key (else PUSHBRIDGE_WRITE_KEY); never printed
          --max-attempts N, --request-timeout S, --max-time S, --base-delay S   as for 'flush'
        """
    static let valuedOptions: Set<String> = {
        var options: Set<String> = [
            "vendor", "steps", "device-token", "user-text", "delegate-accepts", "register-action", "buffer",
            "outbox", "endpoint", "request-id", "time", "app-state", "receipts-off", vendorConfigOption,
        ]
        options.formUnion(DeliverySettings.valuedOptions)
        return options
    }()
    static let flagOptions: Set<String> = ["link-handler", "closure", "user-activity", "web-view", "as-delivered"]

    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode {
        let input = try arguments.singleInput()
        guard let stepTexts = arguments.list("steps"), !stepTexts.isEmpty else {
            throw .usage("simulate needs --steps S1,S2,…")
        }
        var steps: [LifecycleStep] = []
        for text in stepTexts {
            guard let step = LifecycleStep(text) else {
                throw .usage("unknown step '\(text)' (known: configure, arrive:service-extension, arrive:foreground, "
                    + "arrive:background, open, open:<id>, dismiss, launch)")
            }
            steps.append(step)
        }
        var options = SimulationOptions(
            vendor: arguments.value("vendor"), deviceToken: arguments.value("device-token"),
            userText: arguments.value("user-text"), delegateAcceptsSchemes: arguments.list("delegate-accepts"),
            linkHandler: arguments.has("link-handler") || arguments.has("closure"),
            userActivity: arguments.has("user-activity"), requestIdentifier: arguments.value("request-id"),
            registeredActions: arguments.all("register-action"))
        options.webView = arguments.has("web-view")
        if options.requestIdentifier?.isEmpty == true { throw .usage("--request-id needs an identifier") }
        _ = try configuredRegistry(arguments)
        options.vendorSettings = arguments.all(vendorConfigOption)
        if let time = arguments.value("time") {
            guard let seconds = Int(time) else { throw .usage("--time needs whole seconds since the Unix epoch") }
            options.time = seconds
        }
        if let buffer = arguments.value("buffer") {
            guard let capacity = Int(buffer), capacity >= 0 else { throw .usage("--buffer needs a whole number ≥ 0") }
            options.bufferCapacity = capacity
        }
        if let list = arguments.value("receipts-off") {
            var vendors: Set<String> = []
            for id in list.split(separator: ",").map(String.init) where !id.isEmpty {
                vendors.insert(try requireAdapter(id).id)
            }
            options.receiptsOff = vendors
        }
        if let stateText = arguments.value("app-state") {
            guard let state = AppState(rawValue: stateText) else {
                throw .usage("unknown app state '\(stateText)' for --app-state (known: "
                    + AppState.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            }
            options.appState = state
        }
        var (_, userInfo) = try loadUserInfo(input)
        let adapter = try resolveAdapter(userInfo, vendor: options.vendor)
        if arguments.has("as-delivered") { userInfo = adapter.asDelivered(userInfo) }
        options.vendor = adapter.id
        let delivery = try ReceiptDelivery(arguments)
        let decoded = try decodeResolved(userInfo, vendor: arguments.value("vendor"))
        printDiagnostics(decoded.diagnostics)
        if decoded.payload.messageId == nil, options.requestIdentifier == nil, !adapter.profile.eventTable.isEmpty {
            printDiagnostics([derivedKeyNote(userInfo, vendor: adapter.name)])
        }
        var ok = true
        // The bridge records each receipt through the sink, which prints its line; every other effect is
        // printed here as it happens, so the lines come in the bridge's own order.
        func print(_ effect: BridgeEffect) {
            if case .receipt = effect { return }
            if case .diagnostic(let diagnostic) = effect, diagnostic.diagnosticCode == .receiptNotRecorded { ok = false }
            stdoutStream.writeLine { effect.writeJSON(into: &$0) }
        }
        if options.vendorSettings.isEmpty {
            // The push decoded above is the one the simulation's registry would decode again (no setting changes
            // the adapter): every step reads it. Each effect is printed as it comes; none is kept.
            _ = Simulation.run(
                userInfo, decoded: decoded.payload, steps: steps, options: options, registry: registry,
                sink: delivery.sink, collecting: false, onEffect: print)
        } else {
            _ = Simulation.run(userInfo, steps: steps, options: options, registry: registry, sink: delivery.sink, onEffect: print)
        }
        delivery.finish()
        return ok ? .success : .problems
    }
}

/// The note for a push with no message id simulated without `--request-id`: what its once-only key rests on.
private func derivedKeyNote(_ userInfo: JSONObject, vendor: String) -> Diagnostic {
    Diagnostic(
        .info, code: .onceOnlyKeyDerived,
        message: "this \(vendor) push has no message id and no --request-id was given: its once-only key (receipts "
            + "and taps) rests on the request identifier derived from the payload, "
            + "\(NotificationRequestIdentifier.derived(from: userInfo)), so every send of this same payload counts "
            + "as one push; on a device it is the notification request's identifier (pass --request-id ID)")
}

/// What `simulate` does with receipts beyond printing them: `--outbox` records them durably, `--endpoint`
/// sends them (by flushing the outbox afterwards, or one by one without one).
private struct ReceiptDelivery {
    let outbox: ReceiptOutbox?
    let settings: DeliverySettings?
    /// The sink the bridge records receipts through.
    let sink: ReceiptLineSink

    init(_ arguments: Arguments) throws(CLIError) {
        outbox = try arguments.value("outbox").map { directory throws(CLIError) in
            guard !directory.isEmpty else { throw .usage("--outbox needs a directory") }
            return try openOutbox(directory, create: true)
        }
        settings = arguments.value("endpoint") == nil ? nil : try DeliverySettings(arguments)
        let deliveryOption = DeliverySettings.valuedOptions.sorted().first { arguments.value($0) != nil }
        if settings == nil, let option = deliveryOption {
            throw .usage("--\(option) needs --endpoint URL")
        }
        if let outbox {
            sink = ReceiptLineSink(.outbox(outbox))
        } else if let settings {
            sink = ReceiptLineSink(.endpoint(settings.sink))
        } else {
            sink = ReceiptLineSink(.nowhere)
        }
    }

    /// After every payload: with both an outbox and an endpoint, flushes the outbox. Its outcome does not
    /// change the exit code: what could not be sent is durable and waits for the next flush.
    func finish() {
        guard let outbox, let settings else { return }
        do throws(CLIError) {
            _ = try settings.flush(outbox)
        } catch {
            printDiagnostics([Diagnostic(.error, code: .outboxFlushFailed, message: error.message)])
        }
    }
}
