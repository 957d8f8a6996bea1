import PushBridge

extension CustomerIOAdapter {
    /// Customer.io registers the token alone (`MessagingPushAPN.registerDeviceToken(apnDeviceToken:)` as lowercase
    /// hex, then `DataPipelineImplementation.registerDeviceToken(_:)`); a blank token is not registered.
    public func tokenRegistration(for device: DeviceRegistration) -> TokenRegistrationPlan? {
        guard device.token.contains(where: { !$0.isWhitespace }) else {
            return .notReady(Diagnostic(
                .warning, code: .tokenBlank,
                message: "Customer.io does not register a blank device token"))
        }
        return .register(TokenRegistrationRequest(vendor: id, token: device.token))
    }
}
