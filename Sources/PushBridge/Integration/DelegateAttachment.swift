/// The notification center's one delegate slot as the Apple glue reaches it (`UNUserNotificationCenter.delegate`),
/// so ``DelegateAttachment`` can be tested with slots that behave as other SDKs make them behave.
public protocol NotificationDelegateSlot: AnyObject {
    /// The object in the slot now.
    var occupant: AnyObject? { get }
    /// Puts `object` in the slot. Another SDK may intercept this (Customer.io's SDK swizzles the setter and
    /// keeps its own object there), so read ``occupant`` back afterwards.
    func place(_ object: AnyObject)
}

/// Keeps PushBridge attached as the notification center's delegate, platform-neutral.
///
/// `UNUserNotificationCenter` has one delegate. An app or SDK that sets it after PushBridge silently
/// removes PushBridge: taps then produce no receipts and no routes. The Apple glue calls
/// ``ensureAttached(slot:own:forwardees:)`` at install, at `configure()`, when the app becomes active (a cold
/// launch too) and on every return to the foreground — never from inside a delegate callback:
///
/// - PushBridge holds the slot: nothing to do.
/// - The slot is empty, or holds an object PushBridge already forwards to: PushBridge takes it back.
/// - Another object took the slot: with ``Policy/reattach`` (the default) PushBridge takes the slot back
///   and forwards every callback to that object from then on, so neither loses a callback; with
///   ``Policy/reportOnly`` it leaves the slot as it is. Either way a `delegate-replaced` warning that says
///   what to do is reported once per object.
/// - PushBridge set itself but the slot still holds another object (an SDK that swizzles the setter and keeps
///   its own proxy there, forwarding to what is set through it: Customer.io's): PushBridge stops trying to
///   take the slot from that object and stops forwarding to it (it already forwards to PushBridge), and
///   reports `delegate-slot-kept` once, saying so.
///
/// ``methodsInjected(into:by:)`` reports, once, that another SDK replaced the delegate methods of PushBridge's
/// own class (OneSignal injects into the class of whatever delegate is set): its code then runs first and
/// answers the system itself, so iOS gets two answers and keeps the first.
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

    /// Who holds the slot after ``ensureAttached(slot:own:forwardees:)``.
    public enum Holder: Sendable, Hashable {
        /// PushBridge's delegate.
        case pushBridge
        /// An object that keeps the slot when PushBridge sets itself (it forwards to PushBridge), by type name.
        case keeper(String)
        /// Another object PushBridge left there (``Policy/reportOnly``), by type name.
        case other(String)
        /// Nobody (``Policy/reportOnly`` with an empty slot).
        case nobody
    }

    /// What the glue does after ``ensureAttached(slot:own:forwardees:)`` (the slot itself is already set).
    public struct Outcome {
        /// Who holds the slot now.
        public var holder: Holder
        /// Forward every callback to this object from now on (it took the slot and PushBridge took it back).
        public var newForwardee: AnyObject?
        /// Stop forwarding to this object: it keeps the slot and forwards to PushBridge itself.
        public var droppedForwardee: AnyObject?
        /// The report (once per object).
        public var diagnostic: Diagnostic?
    }

    /// The policy.
    public let policy: Policy
    private struct State {
        var reported: Set<ObjectIdentifier> = []
        /// Objects that kept the slot when PushBridge set itself: never contested again.
        var keepers: Set<ObjectIdentifier> = []
        var injectionReported = false
    }

    private let state = Locked(State())

    /// Creates an attachment with a policy.
    public init(policy: Policy = .reattach) {
        self.policy = policy
    }

    /// Makes sure PushBridge's `own` delegate receives the callbacks: takes the slot back when another object
    /// took it (per ``policy``), reads the slot back after setting it, and says what changed.
    public func ensureAttached(slot: some NotificationDelegateSlot, own: AnyObject, forwardees: [AnyObject]) -> Outcome {
        let current = slot.occupant
        if let current, current === own { return Outcome(holder: .pushBridge) }
        if let current, isKeeper(current) { return Outcome(holder: .keeper(Self.typeName(current))) }
        let forwarded = current.map { current in forwardees.contains { $0 === current } } ?? true
        if policy == .reportOnly {
            guard let current else { return Outcome(holder: .nobody) }
            let diagnostic = firstReport(of: current, .warning, .delegateReplaced) { name in
                "UNUserNotificationCenter.delegate was set to \(name) after PushBridge was installed: taps on vendor "
                    + "pushes produce no receipts or routes unless it forwards to PushBridge. Start PushBridge after "
                    + "the other SDKs, or use the reattach policy"
            }
            return Outcome(holder: .other(Self.typeName(current)), diagnostic: diagnostic)
        }
        slot.place(own)
        if let after = slot.occupant, after !== own {
            // The setter was intercepted: the object there keeps the slot and forwards to what is set through it.
            state.withLock { _ = $0.keepers.insert(ObjectIdentifier(after)) }
            let name = Self.typeName(after)
            let diagnostic = firstReport(of: after, .info, .delegateSlotKept) { name in
                "\(name) keeps UNUserNotificationCenter.delegate when PushBridge sets itself (it intercepts "
                    + "the setter) and passes the callbacks on to PushBridge: PushBridge leaves the slot to it and "
                    + "does not forward to it"
            }
            let dropped = forwardees.first { $0 === after }
            return Outcome(holder: .keeper(name), droppedForwardee: dropped, diagnostic: diagnostic)
        }
        guard let current, !forwarded else { return Outcome(holder: .pushBridge) }
        let diagnostic = firstReport(of: current, .warning, .delegateReplaced) { name in
            "UNUserNotificationCenter.delegate was set to \(name) after PushBridge was installed; "
                + "PushBridge took the delegate back and forwards every callback to \(name). Start "
                + "PushBridge after the other SDKs, or list their delegates in otherDelegates"
        }
        return Outcome(holder: .pushBridge, newForwardee: current, diagnostic: diagnostic)
    }

    /// Selectors an SDK adds to the class of the delegate it injects into, keeping the class's own method
    /// under that name, and the SDK: the glue asks PushBridge's delegate whether it responds to them.
    /// OneSignal's `injectSelector` (OneSignal/OneSignal-iOS-SDK:
    /// `iOS_SDK/OneSignalSDK/OneSignalNotifications/Categories/UNUserNotificationCenter+OneSignalNotifications.m@4ff4b8fb`).
    public static let injectedSelectors: [(selector: String, sdk: String)] = [
        ("onesignalUserNotificationCenter:willPresentNotification:withCompletionHandler:", "OneSignal"),
        ("onesignalUserNotificationCenter:didReceiveNotificationResponse:withCompletionHandler:", "OneSignal"),
    ]

    /// The `delegate-methods-injected` report, the first time the glue finds that `sdk` replaced the delegate
    /// methods of `className` (PushBridge's delegate class); nil after that.
    public func methodsInjected(into className: String, by sdk: String) -> Diagnostic? {
        let first = state.withLock { state -> Bool in
            defer { state.injectionReported = true }
            return !state.injectionReported
        }
        guard first else { return nil }
        return Diagnostic(
            .warning, code: .delegateMethodsInjected,
            message: "\(sdk) injected its notification-center handlers into \(className): its handler runs first, "
                + "calls PushBridge's, then calls the system completion itself, so iOS gets two answers and keeps "
                + "the first. PushBridge still handles the pushes it claims and forwards every callback; turn the "
                + "other SDK's handling of these callbacks off (docs/APPLE.md) to keep one answer")
    }

    private func isKeeper(_ object: AnyObject) -> Bool {
        state.withLock { $0.keepers.contains(ObjectIdentifier(object)) }
    }

    /// The diagnostic the first time `object` is reported, its message made from the name of its type; nil every
    /// time after (one report per object).
    private func firstReport(
        of object: AnyObject, _ severity: Diagnostic.Severity, _ code: DiagnosticCode, message: (String) -> String
    ) -> Diagnostic? {
        guard state.withLock({ $0.reported.insert(ObjectIdentifier(object)).inserted }) else { return nil }
        return Diagnostic(severity, code: code, message: message(Self.typeName(object)))
    }

    private static func typeName(_ object: AnyObject) -> String { String(describing: type(of: object)) }
}
