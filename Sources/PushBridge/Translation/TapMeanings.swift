/// What the taps of a push do under its vendor, as far as a translation can change their meaning without losing a
/// field: where the body tap's link goes (the vendor's ``LinkGate``) and whether each button opens anything.
/// ``Translator`` compares it with what the target does with its output and reports each change as a loss
/// (docs/WIRE-FORMATS.md §7.8).
struct TapMeanings {
    /// The body tap's link and the routes it may take.
    var bodyLink: String?
    var bodyGate: LinkGate
    /// Per button, in order: its id and what a tap on it opens (a link or an action name), nil when nothing.
    var buttons: [(id: String, opens: String?)]

    init(_ payload: PushPayload, under adapter: any VendorAdapter) {
        let context = ReceiptContext()
        let body = adapter.tapPlan(for: .open, payload: payload, context: context)
        bodyLink = body.deepLink
        bodyGate = body.linkGate
        buttons = payload.buttons.map { button in
            let plan = adapter.tapPlan(for: .openAction(button.id), payload: payload, context: context)
            return (button.id, plan.deepLink ?? plan.action?.name)
        }
    }

    /// Appends a loss for each tap whose meaning `target` changes in `output`: a button that opened nothing
    /// and now opens something, and a body link that now reaches the app another way (a universal link the
    /// source offered to the app's user-activity handler, given to the delegate or the system, or the reverse).
    ///
    /// The body link's way is read from the target's plan for `prepared` (the bridge form the target encoded);
    /// only a push with a button that opened nothing costs a decoding of the output.
    func reportChanges(
        prepared: PushPayload, into output: JSONObject, by target: any VendorAdapter, source: any VendorAdapter,
        losses: inout LossList
    ) {
        if let link = bodyLink {
            let plan = target.tapPlan(for: .open, payload: prepared, context: ReceiptContext())
            if plan.deepLink == link, let change = Self.routeChange(bodyGate, plan.linkGate, link) {
                losses.append(Loss(
                    path: "$.deepLink", value: .string(link),
                    reason: "\(source.name) \(change.before); \(target.name) \(change.after)"))
            }
        }
        guard buttons.contains(where: { $0.opens == nil }) else { return }
        let after = TapMeanings(target.decodeClaimed(output).payload, under: target)
        for (index, button) in buttons.enumerated() where button.opens == nil {
            // The target may rename buttons (Zixflow's ACTION_0): the same place is the same button.
            guard index < after.buttons.count, let opens = after.buttons[index].opens else { continue }
            losses.append(Loss(
                path: "$.buttons[\(index)]", value: .string(button.id),
                reason: "button '\(button.id)' opened nothing under \(source.name) (it dismissed or only opened the "
                    + "app); under \(target.name) a tap on it opens '\(opens)'"))
        }
    }

    /// How the link's way into the app changes between two gates, in words, or nil when it does not (an in-app
    /// web view is reported with the flag that asks for it).
    static func routeChange(_ before: LinkGate, _ after: LinkGate, _ link: String) -> (before: String, after: String)? {
        let isWeb = DeepLink(link).map { $0.scheme == "http" || $0.scheme == "https" } ?? false
        func way(_ gate: LinkGate) -> String? {
            switch gate {
            case .userActivityOnly: return "hands the link only to the app's universal-link (user-activity) handler"
            case .userActivityFirst where isWeb:
                return "offers the link to the app's universal-link (user-activity) handler before the system"
            case .systemOnly: return "opens the link with the system only, never the app's delegate or link handler"
            case .allowedSchemes(let schemes) where !schemes.contains(DeepLink(link)?.scheme ?? ""):
                return "refuses the link (its scheme is not allowed)"
            default: return nil
            }
        }
        let standard = "gives the link to the app's deep-link delegate or link handler, else the system"
        let from = way(before), to = way(after)
        guard from != to else { return nil }
        return (from ?? standard, to ?? standard)
    }
}
