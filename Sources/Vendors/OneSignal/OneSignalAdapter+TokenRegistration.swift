import PushBridge

extension OneSignalAdapter: TokenRegistering {
    /// The SDK sends the APNs token as its push subscription (`OSSubscriptionModel`: `type: iOSPush`, `token`,
    /// `enabled` and `notification_types` from the permission, `test_type` for development builds), whatever the
    /// permission: without one the subscription is registered disabled. So the request carries the token, the
    /// permission and the APNs environment when known (a build of unknown environment sends no `test_type`).
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan {
        .register(TokenRegistrationRequest(
            vendor: id, token: device.token, environment: device.environment, permission: device.permission))
    }
}
