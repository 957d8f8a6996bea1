import PushBridge

extension PushNotifAIAdapter: TokenRegistering {
    /// PushNotifAI is sent the token with the bundle id as topic and the APNs environment (the SDK's
    /// `registerPushToken(_:topic:environment:)`, docs/vendors/pushnotifai.md); without either it cannot register yet.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        device.topicAndEnvironmentRegistration(vendor: id, name: name)
    }
}
