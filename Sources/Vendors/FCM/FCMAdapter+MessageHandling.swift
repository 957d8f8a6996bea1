import PushBridge

/// FirebaseMessaging's `appDidReceiveMessage:` runs from `willPresent`, from every notification response (the
/// dismiss identifier's too) and from `didReceiveRemoteNotification`, and only the first time it sees a
/// `gcm.message_id` in the process: that first sighting logs the analytics event and hands the link over, every
/// later one runs nothing (firebase/firebase-ios-sdk:FirebaseMessaging/Sources/FIRMessaging.m@eed63a35
/// `loggedMessageIDs`; FIRMessagingRemoteNotificationsProxy.m). The SDK has no switch for it.
extension FCMAdapter {
    /// Whether `step` is a sighting of the message in the app: an arrival in the app, a tap or a dismissal (the
    /// extension's arrival is another process).
    static func isSighting(_ step: LifecycleStep) -> Bool {
        switch step {
        case .arrive(.foreground), .arrive(.background), .open, .openAction, .dismiss: return true
        case .arrive(.serviceExtension), .configure, .launch: return false
        }
    }

    /// An arrival in the app and a dismissal run the plan too: the link is handed over at the first sighting.
    public func runsTapPlan(onArrival step: LifecycleStep) -> Bool {
        Self.isSighting(step)
    }

    /// Every sighting counts: only a message's first runs anything.
    public func handlesMessageOnce(at step: LifecycleStep) -> Bool {
        Self.isSighting(step)
    }
}
