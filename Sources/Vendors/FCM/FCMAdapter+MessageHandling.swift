import PushBridge

/// FirebaseMessaging's `appDidReceiveMessage:` runs from `willPresent`, from every notification response and
/// from `didReceiveRemoteNotification`, once per `gcm.message_id` per process (FIRMessaging.m, FIRMessagingRemoteNotificationsProxy.m).
/// PushBridge reproduces that only when the ``FCMAdapter/Behaviour`` flags ask for it (WIRE-FORMATS §12.3).
extension FCMAdapter {
    /// With ``Behaviour/linkOnForegroundArrival``: the link runs when the push arrives in the foreground.
    public func runsTapPlan(onArrival step: LifecycleStep) -> Bool {
        behaviour.linkOnForegroundArrival && step == .arrive(.foreground)
    }

    /// With ``Behaviour/dedupesResponses``: a foreground or background arrival in the app, a tap and a
    /// dismissal are each a sighting; only the message's first runs anything.
    public func handlesMessageOnce(at step: LifecycleStep) -> Bool {
        guard behaviour.dedupesResponses else { return false }
        switch step {
        case .arrive(.foreground), .arrive(.background), .open, .openAction, .dismiss: return true
        case .arrive(.serviceExtension), .configure, .launch: return false
        }
    }
}
