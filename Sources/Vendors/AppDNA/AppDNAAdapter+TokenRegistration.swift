import PushBridge

extension AppDNAAdapter: TokenRegistering {
    /// AppDNA is sent the token and the permission state (seed 003's `setPushToken(_:)` and
    /// `setPushPermission(granted:)`).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token, permission: device.permission))
    }
}
