import PushBridge

/// BuzzKit's guide documents no registration call of its own; BuzzKit is sent the device token alone (the core's
/// default), which is all an APNs provider needs to address the device.
extension BuzzKitAdapter: TokenRegistering {}
