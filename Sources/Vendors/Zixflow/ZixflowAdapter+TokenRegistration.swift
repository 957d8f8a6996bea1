import PushBridge

/// Zixflow registers the device token alone, the core's default (the SDK's `registerDeviceToken(deviceToken:)`
/// and `registerDeviceToken(apnDeviceToken:)`, docs/vendors/zixflow.md).
extension ZixflowAdapter: TokenRegistering {}
