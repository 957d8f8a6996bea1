import PushBridge

enum SimulateCommand: Command {
    static let name = "simulate"
    static let summary = "Run lifecycle steps for a payload and print each effect in order"
    static let help = """
        Usage: bridge-cli simulate [--vendor ID] --steps S1,S2,… [options] FILE|-

        Steps: configure, arrive:service-extension, arrive:foreground, arrive:background, open,
        open:<action id>, dismiss, launch. A list with no configure starts configured.
        Prints one JSON line per effect, in order:
          {"type":"receipt","vendor":…,"kind":…,"event":…,"properties":{…}}
          {"type":"action","name":…,"handled":…,"data":{…}}
          {"type":"route","url":…,"via":"delegate|handler|system|rejected"}
          {"type":"dropped","step":…,"reason":"buffer full"}
          {"type":"diagnostic","severity":…,"code":…,"path":…,"message":…}

        Options:
          --device-token HEX            the cached APNs device token
          --user-text TEXT              text typed into an input button
          --delegate-accepts SCHEME,…   install a deep-link delegate that consumes these schemes
          --closure                     install a closure that consumes every link
          --register-action NAME        register a handler that consumes NAME (repeatable)
          --buffer N                    steps kept before configure (default 8)
        """
    static let valuedOptions: Set<String> = [
        "vendor", "steps", "device-token", "user-text", "delegate-accepts", "register-action", "buffer",
    ]
    static let flagOptions: Set<String> = ["closure"]

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
            closure: arguments.has("closure"), registeredActions: arguments.all("register-action"))
        if let buffer = arguments.value("buffer") {
            guard let capacity = Int(buffer), capacity >= 0 else { throw .usage("--buffer needs a whole number ≥ 0") }
            options.bufferCapacity = capacity
        }
        let (_, userInfo) = try loadUserInfo(input)
        let adapter = try resolveAdapter(userInfo, vendor: options.vendor)
        options.vendor = adapter.id
        printDiagnostics(adapter.decode(userInfo).diagnostics)
        for effect in Simulation.run(userInfo, steps: steps, options: options, registry: registry) {
            stdoutStream.writeLine(effect.json)
        }
        return .success
    }
}
