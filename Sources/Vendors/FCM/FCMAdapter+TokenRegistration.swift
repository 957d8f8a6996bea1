import PushBridge

/// FirebaseMessaging exchanges the APNs token for an FCM registration token: `FIRMessagingTokenManager` declines
/// to fetch without an APNs token, and `FIRMessagingTokenFetchOperation` posts it to Google's token server as
/// `apns_token=<s_|p_><hex>` (sandbox or production, `FIRMessagingAPNSTupleStringForTokenAndServerType`) beside
/// the app's bundle id (`app`), the sender id, the Firebase installation id and the device's check-in
/// credentials. Those last three come from Google's backend, which PushBridge does not talk to: the request
/// here carries what the device knows (token, bundle id, environment), and ``apnsTokenTuple(for:)`` writes the
/// `apns_token` value, for the app's own server or for the app to hand to the Firebase SDK.
extension FCMAdapter {
    /// The `apns_token` value FirebaseMessaging sends: `s_` (sandbox) or `p_` (production) and the lowercase hex
    /// token; nil without an environment.
    public static func apnsTokenTuple(for request: TokenRegistrationRequest) -> String? {
        guard let environment = request.environment else { return nil }
        return (environment == .sandbox ? "s_" : "p_") + request.token.lowercased()
    }
}
