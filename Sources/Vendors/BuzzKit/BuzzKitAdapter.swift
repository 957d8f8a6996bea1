import PushBridge

/// BuzzKit (WIRE-FORMATS §3.2, docs/vendors/buzzkit.md): a top-level `buzzkit` object beside `aps`.
///
/// Wire keys inside `buzzkit`: `messageId` (the bridge form's `messageId`; every receipt needs it),
/// `deepLink`, `action` (`{name, data}`), `actions` (up to 4 buttons: `id`, `title`, `destructive`,
/// `foreground`, `input`, `placeholder`; flags default to false), `image` (→ `imageURL`) and `data`
/// (custom data exactly as sent). `tracking` stays empty: BuzzKit receipts need only `messageId`.
///
/// What has no field of its own is kept in `ignored`, so nothing is lost and a BuzzKit → BuzzKit
/// round trip writes it back where it came from:
/// - another top-level key keeps its own name (`"campaign"`); one whose name starts with `$` is
///   stored under its path (`$["$weird"]`) so it cannot be mistaken for a path;
/// - everything else is stored under its JSON path in the wire payload: an unknown or wrongly typed
///   key (`$.buzzkit.deeplink`, `$.buzzkit.actions[1].foreground`), a button that is not an object or
///   lacks a string `id` or `title` (`$.buzzkit.actions[2]`), the 5th and later entries of `actions`
///   as one array (`$.buzzkit.actions[4:]`, JSONPath slice notation), a `buzzkit` or `aps` that is not
///   an object (`$.buzzkit`, `$.aps`).
///
/// Encoding writes the category as `aps.category` when set, else `buzzkit.` + the FNV-1a hash of the
/// buttons, and `mutable-content: 1` whenever there is an image or a button, so decoding an encoded
/// payload may add those two to a hand-built bridge form that lacked them.
public struct BuzzKitAdapter: VendorAdapter {
    /// The top-level key holding BuzzKit's object.
    public static let vendorKey = "buzzkit"
    /// The prefix of categories the BuzzKit SDK derives from a button set.
    public static let categoryPrefix = "buzzkit."
    /// Most buttons a BuzzKit notification shows.
    public static let maxButtons = 4

    /// Keys BuzzKit reads inside its object, the action and a button.
    enum Key {
        static let messageId = "messageId"
        static let deepLink = "deepLink"
        static let action = "action"
        static let actions = "actions"
        static let image = "image"
        static let data = "data"
        static let name = "name"
        static let id = "id"
        static let title = "title"
        static let destructive = "destructive"
        static let foreground = "foreground"
        static let input = "input"
        static let placeholder = "placeholder"
    }

    /// Paths in the wire payload, for diagnostics and `ignored` keys.
    enum Path {
        static let vendor = JSONPath.member(BuzzKitAdapter.vendorKey, of: JSONPath.root)
        static let action = JSONPath.member(Key.action, of: vendor)
        static let actions = JSONPath.member(Key.actions, of: vendor)
        static func button(_ index: Int) -> String { JSONPath.element(index, of: actions) }
        /// The 5th and later entries of `actions`, as one slice.
        static let droppedButtons = JSONPath.slice(from: BuzzKitAdapter.maxButtons, of: actions)
    }

    /// What the adapter declares. Token registration: BuzzKit's guide documents no registration call of its own; BuzzKit is
    /// sent the device token alone (the core's default), which is all an APNs provider needs to address the device.
    public let profile: VendorProfile

    /// Creates the adapter.
    public init() {
        self.profile = VendorProfile(
            id: "buzzkit", name: "BuzzKit", capabilities: Self.capabilities, eventTable: Self.eventTable,
            claimKeys: [Self.vendorKey], categories: CategorySupport(), tokenRegistration: .token,
            receiptService: ReceiptService())
    }

    static var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: false, textInput: true, namedActions: true, images: true,
            buttonsNeedServiceExtension: true, buttonRouting: .messageWhenForeground)
    }

    static var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .delivered, event: Event.delivered, when: "arrive:service-extension (the service extension only)",
                properties: ["messageId"]),
            EventTableEntry(
                kind: .opened, event: Event.opened, when: "open or open:<button id>",
                properties: ["messageId", "action", "input", "deepLink"]),
            EventTableEntry(kind: .dismissed, event: Event.dismissed, when: "dismiss", properties: ["messageId"]),
            EventTableEntry(
                kind: .deepLinkOpened, event: Event.deepLinkOpened, when: "a tap's deep link was routed (not rejected)",
                properties: ["url", "messageId", "via"]),
            EventTableEntry(
                kind: .actionTriggered, event: Event.actionTriggered,
                when: "a tap's named action ran or found no handler", properties: ["name", "handled", "messageId"]),
        ]
    }

    /// BuzzKit's receipt event names (WIRE-FORMATS §6).
    enum Event {
        static let delivered = "$notification.delivered"
        static let opened = "$notification.opened"
        static let dismissed = "$notification.dismissed"
        static let deepLinkOpened = "$deeplink.opened"
        static let actionTriggered = "$action.triggered"
    }

    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let messageId = userInfo[Self.vendorKey]?[Key.messageId]?.stringValue else { return false }
        return !messageId.isEmpty
    }

    public func ownsCategory(_ category: String) -> Bool { category.hasPrefix(Self.categoryPrefix) }

    /// The category the BuzzKit SDK registers for `buttons`: `buzzkit.` + `fnv1a64hex(buttonSetKey)` over
    /// `id, title, destructive, foreground, input, placeholder` (flags as `1`/`0`, no placeholder as empty).
    public static func derivedCategory(for buttons: [PushButton]) -> String {
        var hasher = CategoryHash.ButtonSetHasher()
        for button in buttons {
            hasher.addButton()
            hasher.addField(button.id)
            hasher.addField(button.title)
            hasher.addFlag(button.destructive)
            hasher.addFlag(button.foreground)
            hasher.addFlag(button.input)
            hasher.addField(button.placeholder ?? "")
        }
        return hasher.category(withPrefix: categoryPrefix)
    }

    // MARK: Receipts and taps

    /// Receipts carry the message id; without a non-empty one there are none.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return [] }
        var properties: JSONObject = ["messageId": .string(messageId)]
        switch step {
        case .arrive(.serviceExtension):
            return [receipt(.delivered, Event.delivered, properties, payload: payload)]
        case .open, .openAction:
            if let buttonId = step.buttonIdentifier {
                properties["action"] = .string(buttonId)
                let button = payload.buttons.first { $0.id == buttonId }
                if button?.input == true, let text = context.userText, !text.isEmpty {
                    properties["input"] = .string(text)
                }
            }
            if let link = payload.deepLink, !link.isEmpty { properties["deepLink"] = .string(link) }
            return [receipt(.opened, Event.opened, properties, payload: payload)]
        case .dismiss:
            return [receipt(.dismissed, Event.dismissed, properties, payload: payload)]
        case .arrive, .configure, .launch:
            return []
        }
    }

    /// A body tap, or a tap on one of the message's own foreground, non-destructive buttons, runs the
    /// message's action and then its deep link. A destructive or background button, and an action id
    /// that is none of the message's buttons (an app-registered category's action), route nothing.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            break
        case .openAction(let buttonId):
            guard let button = payload.buttons.first(where: { $0.id == buttonId }),
                  button.foreground, !button.destructive
            else { return .nothing }
        default:
            return .nothing
        }
        let link = payload.deepLink.flatMap { $0.isEmpty ? nil : $0 }
        return TapPlan(action: payload.action, deepLink: link, linkRule: .afterAction, warnsWhenActionUnhandled: true)
    }

    public func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? {
        guard let messageId = payload.messageId, !messageId.isEmpty else { return nil }
        return receipt(
            .actionTriggered, Event.actionTriggered,
            ["messageId": .string(messageId), "name": .string(action.name), "handled": .bool(handled)],
            payload: payload)
    }

    public func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? {
        guard via != .rejected, let messageId = payload.messageId, !messageId.isEmpty else { return nil }
        return receipt(
            .deepLinkOpened, Event.deepLinkOpened,
            ["url": .string(url), "messageId": .string(messageId), "via": .string(via.rawValue)], payload: payload)
    }

    // MARK: Validation

    /// BuzzKit's rules beyond APNs and the decode diagnostics: button ids unique, a `buzzkit.` category
    /// that matches its buttons, a deep link the router will take, an image the extension can download.
    public func validationProblems(_ userInfo: JSONObject, payload: PushPayload) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if let elements = userInfo[Self.vendorKey]?[Key.actions]?.arrayValue {
            var seen = Set<String>()
            for (index, element) in elements.prefix(Self.maxButtons).enumerated() {
                guard let buttonId = element[Key.id]?.stringValue, element[Key.title]?.stringValue != nil else {
                    continue
                }
                if !seen.insert(buttonId).inserted {
                    problems.append(Diagnostic(
                        .error, code: .duplicateButtonID, path: JSONPath.member(Key.id, of: Path.button(index)),
                        message: "button id '\(buttonId)' is used twice; iOS cannot tell the two buttons apart"))
                }
            }
        }
        if let category = payload.category, ownsCategory(category) {
            let expected = payload.buttons.isEmpty ? nil : Self.derivedCategory(for: payload.buttons)
            if category != expected {
                let why = expected.map { "these buttons give '\($0)'" } ?? "the message has no buttons"
                problems.append(Diagnostic(
                    .warning, code: .categoryMismatch, path: "$.aps.category",
                    message: "category '\(category)' is not the one BuzzKit derives (\(why)); another button set "
                        + "registered under it would show the wrong buttons"))
            }
        }
        if let link = payload.deepLink, !link.isEmpty {
            let path = JSONPath.member(Key.deepLink, of: Path.vendor)
            if let parsed = DeepLink(link) {
                if let refusal = LinkPolicy.default.refusal(for: parsed) {
                    problems.append(Diagnostic(
                        .warning, code: .deepLinkRefused, path: path,
                        message: "\(refusal); it opens only if the app's delegate or closure takes it"))
                }
            } else {
                problems.append(Diagnostic(
                    .warning, code: .deepLinkInvalid, path: path,
                    message: "deepLink is not an absolute URL; it is rejected and nothing opens"))
            }
        }
        if let image = payload.imageURL, !image.isEmpty {
            let scheme = DeepLink(image)?.scheme
            if scheme != "https", scheme != "http" {
                problems.append(Diagnostic(
                    .warning, code: .imageURLInvalid, path: JSONPath.member(Key.image, of: Path.vendor),
                    message: "image is not an http(s) URL; the service extension cannot download it"))
            }
        }
        return problems
    }
}
