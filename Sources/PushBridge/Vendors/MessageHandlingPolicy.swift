/// How a vendor's SDK handles a message beyond the bridge's default, which runs opens and links only on taps
/// and each tap step once per message (docs/WIRE-FORMATS.md §12.3). An adapter conforms only to offer behaviour flags
/// such as FCM's; both requirements default to false, the default behaviour.
public protocol MessageHandlingPolicy: VendorAdapter {
    /// Whether the tap plan also runs for `step`, an arrival (FCM's link when a push arrives in the foreground).
    func runsTapPlan(onArrival step: LifecycleStep) -> Bool
    /// Whether `step` is a sighting of the message: the first sighting of a message id (or request identifier)
    /// runs, every later one runs nothing, whichever step it is (FCM's once-per-process `loggedMessageIDs`).
    func handlesMessageOnce(at step: LifecycleStep) -> Bool
}

extension MessageHandlingPolicy {
    public func runsTapPlan(onArrival step: LifecycleStep) -> Bool { false }
    public func handlesMessageOnce(at step: LifecycleStep) -> Bool { false }
}
