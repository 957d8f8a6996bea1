import PushBridge

/// Zixflow registers the device token alone, the core's default (seed 000's `registerDeviceToken(deviceToken:)`,
/// seed 001's `registerDeviceToken(apnDeviceToken:)`).
extension ZixflowAdapter: TokenRegistering {}
