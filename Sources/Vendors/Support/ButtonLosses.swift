import PushBridge

extension PushPayload {
    /// Reports every button lost at `$.buttons[n]`, for a vendor with no buttons of its own.
    func reportButtonsLost(_ losses: inout LossList, vendorName: String) {
        for (index, button) in buttons.enumerated() {
            losses.append(Loss(
                path: JSONPath.element(index, of: "$.buttons"), value: button.json,
                reason: "\(vendorName) has no buttons of its own"))
        }
    }
}
