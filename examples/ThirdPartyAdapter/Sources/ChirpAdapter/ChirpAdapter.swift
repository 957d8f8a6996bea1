import PushBridge

/// Chirp, a made-up push vendor, as a PushBridge adapter written outside the PushBridge repository.
///
/// Wire format: `aps` plus one `chirp` object, detected by its non-empty string `id`:
/// ```json
/// { "aps": { "alert": { "title": "New follower", "body": "Ada follows you" }, "category": "chirp" },
///   "chirp": { "id": "ch_81", "url": "birdapp://profile/ada",
///              "buttons": [ { "id": "follow", "title": "Follow back", "url": "birdapp://follow/ada" } ] },
///   "campaign": "spring" }
/// ```
/// Up to 2 buttons, each opening the app at its own `url`, under the category `chirp` registered at launch.
/// Other top-level keys are custom data; unknown or wrong-typed `chirp` keys are kept in `ignored` under their
/// path (`$.chirp.<key>`) and written back. Receipts go to the app's collector (`POST /chirp/events`, bearer
/// key). The rest is PushBridge's defaults: the name, `ownsCategory`, the receipts (``eventTable``), the taps,
/// the losses ``capabilities`` imply and the token registration (the token alone).
public struct ChirpAdapter: VendorAdapter, CategoryProviding, ReceiptRequestDescribing, TokenRegistering {
    /// The category Chirp's buttons are registered under.
    public static let category = "chirp"
    /// What `decode` expects of each `chirp` key, for its diagnostics.
    private static let expected = [
        "id": "a non-empty string", "url": "a non-empty string", "buttons": "an array of {id, title, url}",
    ]

    /// Creates the adapter.
    public init() {}

    public var id: String { "chirp" }

    public var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: 2, buttonDeepLinks: true, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly)
    }

    public var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .delivered, event: "chirp_delivered", when: "foreground or background arrive",
                properties: ["id"], sentOn: [.arriveInForeground, .arriveInBackground], messageIdProperty: "id"),
            EventTableEntry(
                kind: .opened, event: "chirp_opened", when: "body or button tap", properties: ["id", "button"],
                sentOn: [.bodyTap, .buttonTap], messageIdProperty: "id", buttonProperty: "button"),
        ]
    }

    public var launchCategories: [NotificationCategory] { [NotificationCategory(id: Self.category, owner: id)] }

    public func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest {
        .event(path: "/chirp/events", event: receipt.event, properties: receipt.properties,
               credential: .credential("Authorization", prefix: "Bearer ", key: writeKey))
    }

    public func claims(_ userInfo: JSONObject) -> Bool { userInfo["chirp"]?["id"]?.stringValue?.isEmpty == false }

    /// Chirp claims only payloads with a `chirp` object: the registry asks it about no other.
    public var claimKeys: [String]? { ["chirp"] }

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var payload = PushPayload(vendor: id)
        var diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        for (key, value) in userInfo where key != "aps" && key != "chirp" { payload.data[key] = value }
        guard let chirp = userInfo["chirp"], let members = chirp.objectValue else {
            payload.ignored["$.chirp"] = userInfo["chirp"]
            diagnostics.append(userInfo["chirp"].map { Diagnostic.wrongType("$.chirp", expected: "an object", $0) }
                ?? Diagnostic(.warning, code: "chirp-missing", path: "$.chirp", message: "no chirp: no receipt"))
            return DecodeResult(payload: payload, diagnostics: diagnostics)
        }
        for (key, value) in members.membersInCanonicalOrder {
            let text = value.stringValue?.isEmpty == false ? value.stringValue : nil
            let buttons = key == "buttons" ? Self.buttons(value) : nil
            switch key {
            case "id" where text != nil: payload.messageId = text
            case "url" where text != nil: payload.deepLink = text
            case "buttons" where buttons != nil:
                if buttons!.count > capabilities.maxButtons {
                    diagnostics.append(
                        Diagnostic(
                            .warning, code: "too-many-buttons", path: "$.chirp.buttons",
                            message: "Chirp shows the first \(capabilities.maxButtons) of \(buttons!.count) buttons"))
                }
                payload.buttons = Array(buttons!.prefix(capabilities.maxButtons))
            default:
                let path = JSONPath.member(key, of: "$.chirp")
                payload.ignored[path] = value
                let expected = Self.expected[key] ?? "no such key (Chirp reads id, url, buttons)"
                diagnostics.append(Diagnostic.wrongType(path, expected: expected, value))
            }
        }
        if !payload.buttons.isEmpty, payload.category == nil { payload.category = Self.category }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    /// `[{id, title, url?}]` with non-empty string ids and urls and string titles; nil when it is anything else.
    private static func buttons(_ value: JSONValue) -> [PushButton]? {
        var buttons: [PushButton] = []
        for element in value.arrayValue ?? [.null] {
            guard let members = element.objectValue, Set(members.keys).isSubset(of: ["id", "title", "url"]),
                let id = members["id"]?.stringValue, !id.isEmpty, let title = members["title"]?.stringValue,
                members["url"].map({ $0.stringValue?.isEmpty == false }) ?? true
            else { return nil }
            buttons.append(PushButton(id: id, title: title, deepLink: members["url"]?.stringValue, foreground: true))
        }
        return buttons
    }

    public func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        func lose(_ path: String, _ value: JSONValue, _ reason: String) {
            losses.append(Loss(path: path, value: value, reason: reason))
        }
        var aps = payload
        var chirp: JSONObject = [:]
        chirp["id"] = payload.messageId.map { .string($0) }
        if payload.deepLink == "" { lose("$.deepLink", "", "an empty url opens nothing") }
        chirp["url"] = payload.deepLink?.isEmpty == false ? .string(payload.deepLink!) : nil
        var buttons: [JSONValue] = []
        for (index, button) in payload.buttons.enumerated() {
            let path = JSONPath.element(index, of: "$.buttons")
            guard index < capabilities.maxButtons, !button.id.isEmpty else {
                lose(path, button.json, "Chirp shows at most \(capabilities.maxButtons) buttons, each with an id")
                continue
            }
            var members: JSONObject = ["id": .string(button.id), "title": .string(button.title)]
            members["url"] = button.deepLink?.isEmpty == false ? .string(button.deepLink!) : nil
            buttons.append(.object(members))
            if button.deepLink == "" { lose(path + ".deepLink", "", "an empty url opens nothing") }
            if !button.foreground { lose(path + ".foreground", false, "Chirp buttons always open the app") }
            if button.destructive { lose(path + ".destructive", true, "Chirp buttons are never destructive") }
        }
        if !buttons.isEmpty {
            chirp["buttons"] = .array(buttons)
            if let category = payload.category, category != Self.category {
                lose("$.category", .string(category), "Chirp buttons need the category 'chirp'")
            }
            if let sent = aps.apsExtra.removeValue(forKey: "category") {
                lose("$.apsExtra.category", sent, "Chirp buttons need the category 'chirp'")
            }
            aps.category = Self.category
        }
        var userInfo: JSONObject = ["aps": .object(APSCoding.encode(aps))]
        for (key, value) in payload.data where key != "aps" && key != "chirp" { userInfo[key] = value }
        for (key, value) in payload.data where key == "aps" || key == "chirp" {
            lose(JSONPath.member(key, of: "$.data"), value, "'\(key)' is a Chirp wire key")
        }
        userInfo["chirp"] = chirp.isEmpty ? nil : .object(chirp)
        for (key, value) in payload.ignored.membersInCanonicalOrder {
            guard let failure = JSONPlacement.place(value, at: key, in: &userInfo) else { continue }
            lose(JSONPath.member(key, of: "$.ignored"), value, "Chirp cannot write '\(key)' back: \(failure)")
        }
        userInfo["chirp"] = userInfo["chirp"] ?? .object([:])
        return userInfo
    }
}
