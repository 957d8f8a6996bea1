import PushBridge

extension KlaviyoAdapter: TokenRegistering {
    /// Klaviyo registers the token with the notification permission (`enablement_status`, sent whatever it is:
    /// a denied token is registered as denied) and the APNs environment (`device_metadata.environment`), through
    /// `POST /client/push-tokens/` (`KlaviyoSDK().set(pushToken:)`; `PushTokenPayload.swift`). No bundle id.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(
            vendor: id, token: device.token, environment: device.environment, permission: device.permission))
    }
}
