import PushBridge

extension PushNotifAIAdapter: TokenRegistering {
    /// PushNotifAI is sent the token with the bundle id as topic and the APNs environment (seed 004's
    /// `registerPushToken(_:topic:environment:)`); without either it cannot register yet.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        guard let topic = device.bundleIdentifier, !topic.isEmpty else {
            return .notReady(Diagnostic(
                .warning, code: "token-topic-missing",
                message: "PushNotifAI needs the bundle id as the token's topic; the token is not registered"))
        }
        guard let environment = device.environment else {
            return .notReady(Diagnostic(
                .warning, code: "token-environment-missing",
                message: "PushNotifAI needs the APNs environment (sandbox or production); the token is not registered"))
        }
        return .register(
            TokenRegistrationRequest(vendor: id, token: device.token, topic: topic, environment: environment))
    }
}
