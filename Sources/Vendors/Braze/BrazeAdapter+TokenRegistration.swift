import PushBridge

extension BrazeAdapter: TokenRegistering {
    /// Braze is given the token (`braze.notifications.register(deviceToken:)`, the SDK's
    /// PushNotifications-Manual sample) and reports the notification permission with it (`ios_push_auth`
    /// beside `push_token` in its data request, braze-docs `reading_verbose_logs.md`; the CHANGELOG calls the
    /// push authorization status required for token registration).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(vendor: id, token: device.token, permission: device.permission))
    }
}
