import PushBridge

extension PushAction {
    /// The action's name, for a wire key that holds a name only: its data, if any, is reported lost at
    /// `$.action.data` with `reason`.
    func nameOnly(losses: inout LossList, reason: String) -> JSONValue {
        if !data.isEmpty {
            losses.append(Loss(path: "$.action.data", value: .object(data), reason: reason))
        }
        return .string(name)
    }
}
