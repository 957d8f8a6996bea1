import PushBridge

extension ZixflowAdapter: TokenRegistering {
    /// Zixflow registers the device token alone (seed 000's `registerDeviceToken(deviceToken:)`, seed 001's
    /// `registerDeviceToken(apnDeviceToken:)`).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token))
    }
}
