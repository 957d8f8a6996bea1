/// What makes a vendor's push need the notification service extension, and so `mutable-content: 1`
/// (docs/WIRE-FORMATS.md §7.7); for an adapter's encode, with ``PushPayload/requireServiceExtension(when:vendor:vendorName:losses:)``.
public enum ServiceExtensionTrigger: Sendable, Hashable {
    /// An image: the extension downloads and attaches it.
    case image
    /// An image or buttons: the extension also registers the buttons' category.
    case imageOrButtons

    /// Whether `payload` has what triggers the need.
    public func isMet(by payload: PushPayload) -> Bool {
        switch self {
        case .image: payload.imageURL != nil
        case .imageOrButtons: payload.needsServiceExtension
        }
    }

    /// The need, as a reason's closing words: "an image needs the service extension".
    public var need: String {
        switch self {
        case .image: "an image needs the service extension"
        case .imageOrButtons: "an image or buttons need the service extension"
        }
    }
}

extension PushPayload {
    /// The one rule for a vendor whose image (or buttons) the service extension shows (docs/WIRE-FORMATS.md §7.7):
    /// when `trigger` is met and `mutableContent` is false, sets it, so the wire gets `mutable-content: 1`. An
    /// adapter calls it in `userInfo(for:losses:)` on the payload it is about to write, with its own id and name.
    ///
    /// Every change is reported: a kept `apsExtra["mutable-content"]` (a value that was not 0 or 1) is removed and
    /// reported at its path, and the vendor's own payload (`self.vendor == vendor`) reports `$.mutableContent`
    /// (value false). Another vendor's payload gains the flag without a `$.mutableContent` loss.
    public mutating func requireServiceExtension(
        when trigger: ServiceExtensionTrigger, vendor: String, vendorName: String, losses: inout LossList
    ) {
        requireServiceExtension(
            if: trigger.isMet(by: self), for: trigger, vendor: vendor, vendorName: vendorName, losses: &losses)
    }

    /// The same rule for a vendor that decides the need itself (`needed`, e.g. from what it writes); `trigger`
    /// names the need in the reasons.
    public mutating func requireServiceExtension(
        if needed: Bool, for trigger: ServiceExtensionTrigger, vendor: String, vendorName: String,
        losses: inout LossList
    ) {
        guard needed, !mutableContent else { return }
        mutableContent = true
        if self.vendor == vendor {
            losses.append(Loss(
                path: "$.mutableContent", value: false,
                reason: "\(trigger.need): \(vendorName) sets mutable-content: 1"))
        }
        if let sent = apsExtra.removeValue(forKey: "mutable-content") {
            losses.append(Loss(
                path: JSONPath.member("mutable-content", of: "$.apsExtra"), value: sent,
                reason: "\(vendorName) writes mutable-content: 1 in its place (\(trigger.need))"))
        }
    }
}
