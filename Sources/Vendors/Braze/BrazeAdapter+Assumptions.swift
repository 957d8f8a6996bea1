import PushBridge

/// Every Braze behaviour PushBridge had to choose because BrazeKit is a binary and its public sources
/// do not show it (docs/vendors/braze.md, "Not verified"). Change a choice here and nowhere else.
extension BrazeAdapter {
    /// What tapping a button of `ab.ab_cat` does, by its click action type `a_t`.
    public enum ButtonBehaviour: String, Sendable, Hashable {
        /// Opens `a_uri` (the app opens first).
        case openURI
        /// Opens the app only.
        case openApp
        /// Only dismisses the notification.
        case close
    }

    /// The choices, in one table.
    enum Assumed {
        /// The `a_t` strings read on a device, and what each does. Braze documents `a_t` only as "click
        /// action type"; the values are Braze's own on-device push action types (its Android SDK's
        /// `ab_uri`, `ab_open`, `ab_none`) and, read as aliases, the REST API's button actions (`URI`,
        /// `DEEP_LINK`, `OPEN_APP`, `CLOSE`, braze-docs `apple_object.md`). Any other value: the button
        /// follows its `a_uri` when it has one (as the React Native bridge reads `a_uri` without `a_t`).
        /// Searched in order with `==` (seven strings: cheaper than hashing the value for a dictionary, and the
        /// same string comparison).
        static let buttonBehaviours: [(actionType: String, behaviour: ButtonBehaviour)] = [
            ("ab_uri", .openURI), ("ab_open", .openApp), ("ab_none", .close),
            ("URI", .openURI), ("DEEP_LINK", .openURI), ("OPEN_APP", .openApp), ("CLOSE", .close),
        ]

        /// The `a_t` string PushBridge writes for each behaviour (when the payload carries none that fits).
        static func actionType(for behaviour: ButtonBehaviour) -> String {
            switch behaviour {
            case .openURI: return "ab_uri"
            case .openApp: return "ab_open"
            case .close: return "ab_none"
            }
        }

        /// The event a tap sends: the verbose log's `pushClick(campaignId:)` (braze-docs
        /// `reading_verbose_logs.md`); the event code on the wire of `POST /api/v3/data` is not public.
        static let openedEvent = "pushClick"
        /// The property holding `ab.c`, the campaign tracking key (as the log names the argument).
        static let campaignProperty = "campaignId"
        /// The property holding the tapped button's action identifier, for a button tap.
        static let actionProperty = "actionId"

        /// Whether a foreground button with no `a_uri` of its own opens the message's `ab_uri`: no (a Braze
        /// button whose action is `OPEN_APP` only opens the app).
        static let buttonFallsBackToMessageLink = false

        /// The path of the app's own collector for the plain JSON events (R5: Braze reports through a
        /// private batched endpoint, so there is no public one to describe).
        static let collectorPath = "/v1/braze/events"

        /// Which default action opens the app: those whose REST actions are `OPEN_APP`, `URI` or `DEEP_LINK`
        /// (Accept, Yes, Confirm, More); the `CLOSE` ones (Decline, No, Cancel) only dismiss (braze-docs
        /// `apple_object.md`; `action_buttons.md`: a background button only dismisses).
        static let foregroundDefaultActions: Set<String> = ["ab_pb_accept", "ab_pb_yes", "ab_pb_confirm", "ab_pb_more"]
    }

    /// What a button's `a_t` does; nil for a value outside `Assumed.buttonBehaviours`.
    public static func buttonBehaviour(ofActionType actionType: String) -> ButtonBehaviour? {
        for entry in Assumed.buttonBehaviours where entry.actionType == actionType { return entry.behaviour }
        return nil
    }
}
