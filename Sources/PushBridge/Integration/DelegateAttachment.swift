/// Keeps PushBridge attached as the notification center's delegate, platform-neutral.
///
/// `UNUserNotificationCenter` has one delegate. An app or SDK that sets it after PushBridge silently
/// removes PushBridge: taps then produce no receipts and no routes. The Apple glue asks ``reconcile(current:own:forwardees:)``
/// at install, on every return to the foreground and on every callback it forwards:
///
/// - PushBridge still holds the slot: nothing to do.
/// - The slot is empty, or holds an object PushBridge already forwards to: PushBridge takes it back.
/// - Another object took the slot: with ``Policy/reattach`` (the default) PushBridge takes the slot back
///   and forwards every callback to that object from then on, so neither loses a callback; with
///   ``Policy/reportOnly`` it leaves the slot as it is. Either way a `delegate-replaced` warning that says
///   what to do is reported once per object.
///
/// Forwarding back and forth cannot loop: an SDK that wrapped PushBridge and hands callbacks back to it
/// is answered at once by ``NotificationCenterCoordinator`` (see its "Forwarding never loops").
public final class DelegateAttachment: Sendable {
    /// What PushBridge does when another object took the delegate slot.
    public enum Policy: Sendable, Hashable {
        /// Take the slot back and forward to the object that took it.
        case reattach
        /// Leave the slot; only report.
        case reportOnly
    }

    /// What the glue must do after ``reconcile(current:own:forwardees:)``.
    public struct Outcome {
        /// Set PushBridge's delegate as the center's delegate again.
        public var takeSlot: Bool
        /// Add this object to the delegates PushBridge forwards to (the one that took the slot).
        public var newForwardee: AnyObject?
        /// The warning to report (once per object that took the slot).
        public var diagnostic: Diagnostic?
    }

    /// The policy.
    public let policy: Policy
    private let reported = Locked<Set<ObjectIdentifier>>([])

    /// Creates an attachment with a policy.
    public init(policy: Policy = .reattach) {
        self.policy = policy
    }

    /// Decides what to do given the center's `current` delegate, PushBridge's `own` delegate and the
    /// delegates PushBridge already forwards to.
    public func reconcile(current: AnyObject?, own: AnyObject, forwardees: [AnyObject]) -> Outcome {
        guard let current else { return Outcome(takeSlot: true) }
        if current === own { return Outcome(takeSlot: false) }
        if forwardees.contains(where: { $0 === current }) { return Outcome(takeSlot: true) }
        let firstTime = reported.withLock { $0.insert(ObjectIdentifier(current)).inserted }
        let typeName = String(describing: type(of: current))
        let diagnostic: Diagnostic?
        switch policy {
        case .reattach:
            diagnostic = firstTime ? Diagnostic(
                .warning, code: .delegateReplaced,
                message: "UNUserNotificationCenter.delegate was set to \(typeName) after PushBridge was installed; "
                    + "PushBridge took the delegate back and forwards every callback to \(typeName). Install "
                    + "PushBridge after the other SDKs, or list their delegates in otherDelegates") : nil
            return Outcome(takeSlot: true, newForwardee: current, diagnostic: diagnostic)
        case .reportOnly:
            diagnostic = firstTime ? Diagnostic(
                .warning, code: .delegateReplaced,
                message: "UNUserNotificationCenter.delegate was set to \(typeName) after PushBridge was installed: "
                    + "taps on vendor pushes produce no receipts or routes unless \(typeName) forwards to "
                    + "PushBridge. Install PushBridge after the other SDKs, or use the reattach policy") : nil
            return Outcome(takeSlot: false, diagnostic: diagnostic)
        }
    }
}
