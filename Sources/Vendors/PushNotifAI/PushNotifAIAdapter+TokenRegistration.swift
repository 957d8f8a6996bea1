import PushBridge

extension PushNotifAIAdapter: TokenRegistering {
    /// PushNotifAI is sent the token with the bundle id as topic and the APNs environment (seed 004's
    /// `registerPushToken(_:topic:environment:)`); without either it cannot register yet.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        device.topicAndEnvironmentRegistration(vendor: id, name: name)
    }
}
