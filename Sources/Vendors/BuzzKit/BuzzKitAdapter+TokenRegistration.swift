import PushBridge

extension BuzzKitAdapter: TokenRegistering {
    /// Seed 002 documents no registration call of its own; BuzzKit is sent the device token, which is all
    /// an APNs provider needs to address the device.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token))
    }
}
