import PushBridge
import PushBridgeVendors
import Testing

@Suite("Token registration: what each vendor's backend is sent")
struct TokenRegistrationVendorTests {
    let device = DeviceRegistration(
        token: "a1b2", bundleIdentifier: "com.example.gym", environment: .sandbox, permission: .granted)

    @Test("Zixflow, BuzzKit and Customer.io are sent the device token alone", arguments: ["zixflow", "buzzkit", "customerio"])
    func tokenOnly(vendor: String) throws {
        let adapter = try #require(BuiltInVendors.registry.adapter(id: vendor))
        #expect(adapter.tokenRegistration(for: device) == .register(TokenRegistrationRequest(vendor: vendor, token: "a1b2")))
    }

    @Test(
        "AppDNA, Airship and Braze are sent the token and the permission state, without topic or environment",
        arguments: ["appdna", "airship", "braze"], PushPermission.allCases)
    func tokenAndPermission(vendor: String, permission: PushPermission) throws {
        let adapter = try #require(BuiltInVendors.registry.adapter(id: vendor))
        var device = device
        device.permission = permission
        #expect(adapter.tokenRegistration(for: device) == .register(
            TokenRegistrationRequest(vendor: vendor, token: "a1b2", permission: permission)))
    }

    @Test("PushNotifAI is sent the bundle id as topic and the APNs environment", arguments: APNsEnvironment.allCases)
    func pushNotifAI(environment: APNsEnvironment) {
        var device = device
        device.environment = environment
        let plan = PushNotifAIAdapter().tokenRegistration(for: device)
        #expect(plan == .register(TokenRegistrationRequest(
            vendor: "pushnotifai", token: "a1b2", topic: "com.example.gym", environment: environment)))
        guard case .register(let request) = plan else { return }
        #expect(request.json == [
            "vendor": "pushnotifai", "token": "a1b2", "topic": "com.example.gym",
            "environment": .string(environment.rawValue),
        ])
    }

    @Test("a vendor cannot register without what its backend needs: a token, a bundle id, an environment", arguments: [
        ("pushnotifai", "a1", nil, APNsEnvironment.production, .tokenTopicMissing),
        ("pushnotifai", "a1", "", .production, .tokenTopicMissing),
        ("pushnotifai", "a1", "com.x", nil, .tokenEnvironmentMissing),
        ("iterable", "a1b2", nil, nil, .tokenTopicMissing),
        ("customerio", "  ", nil, nil, .tokenBlank),
        ("fcm", "5f2c0ad1", "com.example.app", nil, .tokenEnvironmentMissing),
        ("fcm", "5f2c0ad1", "", .sandbox, .tokenTopicMissing),
    ] as [(String, String, String?, APNsEnvironment?, DiagnosticCode)])
    func notReady(vendor: String, token: String, bundle: String?, environment: APNsEnvironment?, code: DiagnosticCode) throws {
        let adapter = try #require(BuiltInVendors.registry.adapter(id: vendor))
        let device = DeviceRegistration(token: token, bundleIdentifier: bundle, environment: environment)
        guard case .notReady(let diagnostic) = adapter.tokenRegistration(for: device) else {
            Issue.record("expected notReady")
            return
        }
        #expect(diagnostic.diagnosticCode == code)
    }

    @Test("built-in registry: every vendor gets the first token, then again each launch with permission granted")
    func builtInRegistrar() {
        var first = TokenRegistrar(
            registry: BuiltInVendors.registry, bundleIdentifier: "com.example.gym", environment: .production)
        let registering = BuiltInVendors.all.filter { $0.profile.tokenRegistration != .none }
        // The vendors whose backend is sent the permission (AppDNA, Iterable) register again when it changes.
        let sendsPermission = registering.filter { vendor in
            let device = DeviceRegistration(
                token: "dead", bundleIdentifier: "com.example.gym", environment: .production, permission: .granted)
            var before = device
            before.permission = .notDetermined
            return vendor.tokenRegistration(for: device) != vendor.tokenRegistration(for: before)
        }.map(\.id)
        #expect(sendsPermission.contains("appdna"))
        let outcome = first.receiveToken([0xde, 0xad])
        #expect(outcome.requests.map(\.vendor) == registering.map(\.id))
        #expect(Array(outcome.requests.map(\.vendor).prefix(4)) == ["zixflow", "buzzkit", "appdna", "pushnotifai"])
        #expect(outcome.newToken == "dead")
        #expect(first.setPermission(.granted).requests.map(\.vendor) == sendsPermission)
        var next = TokenRegistrar(
            registry: BuiltInVendors.registry, bundleIdentifier: "com.example.gym", environment: .production,
            permission: .granted, lastSent: first.lastSent, lastRegisteredToken: first.lastRegisteredToken)
        #expect(next.receiveToken([0xde, 0xad]).requests.count == registering.count)
        var denied = TokenRegistrar(
            registry: BuiltInVendors.registry, bundleIdentifier: "com.example.gym", environment: .production,
            permission: .granted, lastSent: first.lastSent, lastRegisteredToken: first.lastRegisteredToken)
        _ = denied.receiveToken([0xde, 0xad])
        #expect(denied.setPermission(.denied).requests.map(\.vendor) == sendsPermission)
    }
}
