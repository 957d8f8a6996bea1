import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("Token registration: hex, change detection, re-registration on every launch")
struct TokenRegistrationTests {
    let token: [UInt8] = [0x00, 0x0f, 0xa0, 0xff, 0x12]

    func registrar(
        vendors: [any VendorAdapter] = [FakeAdapter.integration()], permission: PushPermission = .notDetermined,
        lastSent: [String: TokenRegistrationRequest] = [:], lastToken: String? = nil
    ) -> TokenRegistrar {
        TokenRegistrar(
            vendors: vendors, bundleIdentifier: "com.example.app", environment: .sandbox, permission: permission,
            lastSent: lastSent, lastRegisteredToken: lastToken)
    }

    @Test("token bytes become lowercase hex, two digits per byte, leading zeros kept")
    func hex() {
        #expect(DeviceToken.hex(token) == "000fa0ff12")
        #expect(DeviceToken.hex([UInt8]()) == "")
        #expect(DeviceToken.hex((0...255).map { UInt8($0) }).count == 512)
        #expect(DeviceToken.hex([0xAB, 0xCD]) == "abcd")
    }

    @Test("the first token is registered with every vendor and announced")
    func firstToken() {
        var tokens = registrar()
        let outcome = tokens.receiveToken(token)
        #expect(outcome.requests == [TokenRegistrationRequest(vendor: "fake", token: "000fa0ff12")])
        #expect(outcome.newToken == "000fa0ff12")
        #expect(tokens.token == "000fa0ff12")
    }

    @Test("an unchanged token is not sent again in the same launch")
    func unchangedTokenSameLaunch() {
        var tokens = registrar(permission: .granted)
        _ = tokens.receiveToken(token)
        let again = tokens.receiveToken(token)
        #expect(again.requests.isEmpty)
        #expect(again.newToken == nil)
    }

    @Test("a changed token is registered and announced; the old one never again")
    func changedToken() {
        var tokens = registrar(permission: .granted)
        _ = tokens.receiveToken(token)
        let changed = tokens.receiveToken([0x01])
        #expect(changed.requests.map(\.token) == ["01"])
        #expect(changed.newToken == "01")
        #expect(tokens.lastRegisteredToken == "01")
    }

    @Test("each launch with permission granted registers again, even with the same token, without announcing it")
    func reRegistersEveryLaunch() {
        var first = registrar(permission: .granted)
        _ = first.receiveToken(token)
        var next = registrar(permission: .granted, lastSent: first.lastSent, lastToken: first.lastRegisteredToken)
        let outcome = next.receiveToken(token)
        #expect(outcome.requests.count == 1)
        #expect(outcome.newToken == nil)
    }

    @Test("without permission, a launch with an unchanged token registers nothing", arguments: [
        PushPermission.notDetermined, .denied,
    ])
    func noPermissionNoRefresh(permission: PushPermission) {
        var first = registrar(permission: .granted)
        _ = first.receiveToken(token)
        var next = registrar(permission: permission, lastSent: first.lastSent, lastToken: first.lastRegisteredToken)
        #expect(next.receiveToken(token).requests.isEmpty)
    }

    @Test("permission granted later in the launch triggers the launch's registration, once")
    func permissionLater() {
        var first = registrar(permission: .granted)
        _ = first.receiveToken(token)
        var next = registrar(lastSent: first.lastSent, lastToken: first.lastRegisteredToken)
        #expect(next.receiveToken(token).requests.isEmpty)
        #expect(next.setPermission(.granted).requests.count == 1)
        #expect(next.setPermission(.granted).requests.isEmpty)
    }

    @Test("a permission change is a change for vendors that send the permission")
    func permissionIsAChange() {
        let withPermission = FakeAdapter.integration(tokenPlan: { device in
            .register(TokenRegistrationRequest(vendor: "fake", token: device.token, permission: device.permission))
        })
        var tokens = registrar(vendors: [withPermission])
        _ = tokens.receiveToken(token)
        let denied = tokens.setPermission(.denied)
        #expect(denied.requests.map(\.permission) == [.denied])
        #expect(tokens.setPermission(.denied).requests.isEmpty)
    }

    @Test("nothing is registered before a token is known")
    func noTokenNoRequest() {
        var tokens = registrar()
        #expect(tokens.setPermission(.granted) == TokenRegistrationOutcome())
    }

    @Test("an empty token is ignored with a diagnostic")
    func emptyToken() {
        var tokens = registrar()
        let outcome = tokens.receiveToken([UInt8]())
        #expect(outcome.requests.isEmpty)
        #expect(outcome.diagnostics.map(\.diagnosticCode) == [.tokenEmpty])
        #expect(tokens.token == nil)
    }

    @Test("a vendor that cannot register yet gives its diagnostic and the others still register")
    func notReady() {
        let blocked = FakeAdapter.integration(id: "blocked", tokenPlan: { _ in
            .notReady(Diagnostic(.warning, code: .tokenTopicMissing, message: "no bundle id"))
        })
        var tokens = registrar(vendors: [blocked, FakeAdapter.integration()])
        let outcome = tokens.receiveToken(token)
        #expect(outcome.diagnostics.map(\.diagnosticCode) == [.tokenTopicMissing])
        #expect(outcome.requests.map(\.vendor) == ["fake"])
    }

    @Test("a request survives its JSON form (how lastSent is persisted)", arguments: [
        TokenRegistrationRequest(vendor: "v", token: "ab"),
        TokenRegistrationRequest(
            vendor: "v", token: "ab", topic: "com.x", environment: .production, permission: .denied),
    ])
    func requestJSON(request: TokenRegistrationRequest) {
        #expect(TokenRegistrationRequest(json: request.json) == request)
    }

    @Test("a JSON value that is not a request reads back as nil")
    func requestJSONInvalid() {
        #expect(TokenRegistrationRequest(json: ["vendor": "v"]) == nil)
        #expect(TokenRegistrationRequest(json: "x") == nil)
    }

    @Test("permissions: granted, provisional and ephemeral allow notifications")
    func permissionsAllow() {
        #expect(PushPermission.allCases.filter(\.allowsNotifications) == [.granted, .provisional, .ephemeral])
    }

    @Test("the service sends requests, updates the bridge's cached token and calls onPushTokenRegistered once")
    func service() {
        let sent = Recorder<TokenRegistrationRequest>()
        let announced = Recorder<String>()
        let bridge = NotificationBridge(registry: VendorRegistry([]))
        let service = TokenRegistrationService(registrar: registrar(permission: .granted), bridge: bridge) {
            sent.append($0)
        }
        service.onPushTokenRegistered = { announced.append($0) }
        service.receiveToken(token)
        service.receiveToken(token)
        service.setPermission(.granted)
        #expect(sent.all.map(\.token) == ["000fa0ff12"])
        #expect(announced.all == ["000fa0ff12"])
        #expect(bridge.deviceToken == "000fa0ff12")
        #expect(service.lastSent["fake"]?.token == "000fa0ff12")
    }

    @Test("the registrar over a registry uses the adapters that register tokens")
    func registryInit() {
        let tokens = TokenRegistrar(
            registry: VendorRegistry([FakeAdapter(), FakeAdapter.integration(id: "reg")]), bundleIdentifier: nil,
            environment: nil)
        #expect(tokens.vendors.map(\.id) == ["reg"])
    }
}
