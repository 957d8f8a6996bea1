import PushBridge

/// The token-registration law: the vendor's backend learns the device token, as its SDK tells it.
extension ConformanceSuite {
    /// The device every token-registration check uses: everything an app knows after launch.
    static let probeDevice = DeviceRegistration(
        token: "5f2c0ad1e3b4a5968778695a4b3c2d1e0f5f2c0ad1e3b4a5968778695a4b3c2d", bundleIdentifier: "com.example.app",
        environment: .production, permission: .granted)

    /// Failures of `adapter`'s token registration: it must register tokens; a device that knows everything is
    /// registered under the adapter's id with its own token; a device that knows only its token is registered with that
    /// token or told, by a diagnostic with a message, what is missing. The failures carry no case id yet.
    func tokenRegistrationFailures(_ adapter: any VendorAdapter) -> [ConformanceFailure] {
        func failure(_ path: String, _ expected: String, _ actual: String) -> ConformanceFailure {
            ConformanceFailure(caseID: "", check: .tokenRegistration, path: path, expected: expected, actual: actual)
        }
        let complete = Self.probeDevice
        guard let plan = adapter.tokenRegistration(for: complete) else {
            return [
                failure(
                    JSONPath.root, "\(adapter.id) registers the device token (profile.tokenRegistration)",
                    "\(adapter.id) registers no token (profile.tokenRegistration is none), so its backend never learns "
                        + "the device token")
            ]
        }
        var failures: [ConformanceFailure] = []
        switch plan {
        case .register(let request):
            if request.vendor != adapter.id {
                failures.append(failure("$.vendor", "\"\(adapter.id)\"", JSONWriter.string(.string(request.vendor))))
            }
            if request.token != complete.token {
                failures.append(failure("$.token", "the device's token", JSONWriter.string(.string(request.token))))
            }
        case .notReady(let diagnostic):
            failures.append(
                failure(
                    JSONPath.root, "a registration for a device that knows its token, bundle id, environment and "
                        + "permission", "not ready: \(diagnostic.message)"))
        }
        let bare = DeviceRegistration(token: complete.token)
        switch adapter.tokenRegistration(for: bare) {
        case .register(let request)? where request.token != bare.token:
            failures.append(failure("$.token", "the device's token", JSONWriter.string(.string(request.token))))
        case .notReady(let diagnostic)? where diagnostic.message.isEmpty:
            failures.append(failure("$", "a diagnostic saying what is missing", "not ready, with an empty message"))
        default:
            break
        }
        return failures
    }
}
