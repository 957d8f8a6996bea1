import PushBridge

extension AirshipAdapter: TokenRegistering {
    /// Airship registers a *channel* whose payload carries the token as `push_address` and the permission as
    /// `opt_in` (`ChannelRegistrationPayload`: `device_type`, `opt_in`, `push_address`, …); it sends no APNs
    /// topic or environment (the app's production or development key chooses the environment).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token, permission: device.permission))
    }
}
