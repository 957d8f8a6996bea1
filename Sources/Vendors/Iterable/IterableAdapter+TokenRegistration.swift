import PushBridge

extension IterableAdapter {
    /// Iterable's `POST users/registerDeviceToken` (swift-sdk/Internal/api-client/Request/RequestCreator.swift,
    /// `createRegisterTokenRequest`) sends the token, the platform (`APNS` or `APNS_SANDBOX`), the
    /// `applicationName` (the push integration name, by default the bundle id:
    /// swift-sdk/Internal/InternalIterableAPI.swift, `pushIntegrationName`) and `notificationsEnabled`. So the
    /// request carries the bundle id as topic, the environment and the permission. Without a bundle id the SDK
    /// does not register ("appName must not be nil"); without a known environment it registers for production,
    /// as its `APNSTypeChecker` does on a device with no provisioning profile.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan? {
        guard let topic = device.bundleIdentifier, !topic.isEmpty else {
            return .notReady(Diagnostic(
                .warning, code: .tokenTopicMissing,
                message: "Iterable registers the token under the app's name (its bundle id); the token is not registered"))
        }
        return .register(TokenRegistrationRequest(
            vendor: id, token: device.token, topic: topic, environment: device.environment ?? .production,
            permission: device.permission))
    }
}
