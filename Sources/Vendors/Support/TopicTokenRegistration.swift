import PushBridge

extension DeviceRegistration {
    /// The registration of a vendor whose backend is told the token with the bundle id as its topic and the APNs
    /// environment (PushNotifAI, FCM); `notReady` while either is missing.
    func topicAndEnvironmentRegistration(vendor: String, name: String) -> TokenRegistrationPlan {
        guard let topic = bundleIdentifier, !topic.isEmpty else {
            return .notReady(Diagnostic(
                .warning, code: .tokenTopicMissing,
                message: "\(name) needs the bundle id as the token's topic; the token is not registered"))
        }
        guard let environment else {
            return .notReady(Diagnostic(
                .warning, code: .tokenEnvironmentMissing,
                message: "\(name) needs the APNs environment (sandbox or production); the token is not registered"))
        }
        return .register(TokenRegistrationRequest(vendor: vendor, token: token, topic: topic, environment: environment))
    }
}
