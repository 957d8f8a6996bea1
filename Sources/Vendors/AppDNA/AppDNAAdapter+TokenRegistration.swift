import PushBridge

extension AppDNAAdapter: TokenRegistering {
    /// AppDNA is sent the token and the permission state (AppDNA's `setPushToken(_:)` and
    /// `setPushPermission(granted:)`, docs/vendors/appdna.md).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token, permission: device.permission))
    }
}
