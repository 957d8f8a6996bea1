/// Where a notification arrived on the device.
public enum ArrivalContext: String, Sendable, Hashable, CaseIterable {
    /// The Notification Service Extension's `didReceive(_:withContentHandler:)`.
    case serviceExtension = "service-extension"
    /// `willPresent` while the app is active.
    case foreground
    /// `didReceiveRemoteNotification`, or a push the app forwards itself.
    case background
}

/// Where the app was when a step came (docs/WIRE-FORMATS.md §5 "App state"): a tap can launch the app, bring it
/// back from the background or come while it is active, and vendors count those apart.
public enum AppState: String, Sendable, Hashable, CaseIterable {
    /// The app was not running: the step launches it (a cold start).
    case notRunning = "not-running"
    /// The app was running in the background (or suspended): a tap brings it to the foreground.
    case background
    /// The app was active in the foreground.
    case active
}

/// A platform-neutral thing that happened to a notification (docs/WIRE-FORMATS.md §5 "Lifecycle steps").
public enum LifecycleStep: Sendable, Hashable, CustomStringConvertible {
    /// The SDK is configured: buffered steps are replayed.
    case configure
    /// The notification arrived.
    case arrive(ArrivalContext)
    /// The body was tapped (warm or cold start).
    case open
    /// A button with this action identifier was tapped.
    case openAction(String)
    /// The notification was swiped away.
    case dismiss
    /// The app started again.
    case launch

    /// iOS's action identifier for a body tap.
    public static let defaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
    /// iOS's action identifier for a swipe-away.
    public static let dismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

    /// The step for a `UNNotificationResponse.actionIdentifier`.
    public init(actionIdentifier: String) {
        switch actionIdentifier {
        case Self.defaultActionIdentifier: self = .open
        case Self.dismissActionIdentifier: self = .dismiss
        default: self = .openAction(actionIdentifier)
        }
    }

    /// Parses the textual form: `configure`, `arrive:service-extension`, `arrive:foreground`,
    /// `arrive:background`, `open`, `open:<action id>`, `dismiss`, `launch`.
    public init?(_ text: String) {
        // An ASCII text (every step a command line names) is read from its bytes: each byte is a character there, so
        // this matches the character-wise reading below, without its grapheme breaking and raw-value lookup.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            switch text {
            case "configure": self = .configure
            case "open": self = .open
            case "dismiss": self = .dismiss
            case "launch": self = .launch
            case "arrive:service-extension": self = .arrive(.serviceExtension)
            case "arrive:foreground": self = .arrive(.foreground)
            case "arrive:background": self = .arrive(.background)
            default:
                let prefix = "open:".utf8
                guard text.utf8.count > prefix.count, text.utf8.starts(with: prefix) else { return nil }
                self.init(actionIdentifier: String(Substring(text.utf8.dropFirst(prefix.count))))
            }
            return
        }
        switch text {
        case "configure": self = .configure
        case "open": self = .open
        case "dismiss": self = .dismiss
        case "launch": self = .launch
        default:
            if text.hasPrefix("arrive:") {
                guard let context = ArrivalContext(rawValue: String(text.dropFirst("arrive:".count))) else { return nil }
                self = .arrive(context)
            } else if text.hasPrefix("open:") {
                let id = String(text.dropFirst("open:".count))
                guard !id.isEmpty else { return nil }
                self.init(actionIdentifier: id)
            } else {
                return nil
            }
        }
    }

    /// The textual form (see ``init(_:)``).
    public var description: String {
        switch self {
        case .configure: return "configure"
        case .arrive(let context): return "arrive:\(context.rawValue)"
        case .open: return "open"
        case .openAction(let id): return "open:\(id)"
        case .dismiss: return "dismiss"
        case .launch: return "launch"
        }
    }

    /// Whether the person tapped the notification (body or button).
    public var isOpen: Bool {
        switch self {
        case .open, .openAction: return true
        default: return false
        }
    }

    /// The tapped button's action identifier, for a button tap.
    public var buttonIdentifier: String? {
        if case .openAction(let id) = self { return id }
        return nil
    }
}

extension LifecycleStep {
    /// Why iOS never produces this step for `userInfo`, or nil when it can (docs/WIRE-FORMATS.md §5 "What iOS
    /// runs"): iOS hands a push to the Notification Service Extension only when `aps.mutable-content` is the number 1
    /// and `aps.alert` shows something, and wakes the app for a background arrival only when
    /// `aps.content-available` is the number 1. The result names the key missing, with its `$.aps` path.
    public func unmetPrecondition(in userInfo: JSONObject) -> (path: String, message: String)? {
        let aps = userInfo["aps"]
        switch self {
        case .arrive(.serviceExtension):
            if aps?["mutable-content"]?.intValue != 1 {
                return ("$.aps[\"mutable-content\"]", "iOS runs the service extension only for a push with "
                    + "aps.mutable-content 1; this one has none, so arrive:service-extension never happens")
            }
            if !Validator.hasAlert(aps?["alert"]) {
                return ("$.aps.alert", "iOS runs the service extension only for a push that shows an alert; this "
                    + "one has no aps.alert, so arrive:service-extension never happens")
            }
            return nil
        case .arrive(.background):
            guard aps?["content-available"]?.intValue != 1 else { return nil }
            return ("$.aps[\"content-available\"]", "iOS wakes the app for a push in the background only when "
                + "aps.content-available is 1; this one has none, so arrive:background never happens")
        default:
            return nil
        }
    }
}
