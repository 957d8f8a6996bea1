import PushBridge

extension PushPayload {
    /// For a vendor whose image is shown by the service extension: sets `mutableContent` when there is an image.
    /// The vendor's own payload that lacked it reports the `$.mutableContent` loss with `reason`; another vendor's
    /// payload gains it silently (Customer.io, FCM).
    mutating func requireExtensionForImage(vendor: String, losses: inout LossList, reason: @autoclosure () -> String) {
        guard imageURL != nil, !mutableContent else { return }
        if self.vendor == vendor { losses.append(Loss(path: "$.mutableContent", value: false, reason: reason())) }
        mutableContent = true
    }

    /// Reports every button lost at `$.buttons[n]`, for a vendor with no buttons of its own.
    func reportButtonsLost(_ losses: inout LossList, vendorName: String) {
        for (index, button) in buttons.enumerated() {
            losses.append(Loss(
                path: JSONPath.element(index, of: "$.buttons"), value: button.json,
                reason: "\(vendorName) has no buttons of its own"))
        }
    }
}
