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
/// - Up to 2 buttons, each opening the app at its own `url` (no url: the app just opens); they use the
///   category `chirp`, registered by the SDK at launch.
/// - Other top-level keys are custom data. Unknown or wrong-typed keys inside `chirp` are kept under
///   `ignored` (keyed by their path, `$.chirp.<key>`) with a diagnostic, and written back by `encode`.
/// - Receipts: `chirp_delivered` when the app sees the push (foreground or background; Chirp has no
///   extension SDK), `chirp_opened` on a tap, with `button` for a button tap.
public struct ChirpAdapter: VendorAdapter {
    /// The category Chirp's buttons are registered under.
    public static let category = "chirp"
    /// Most buttons Chirp shows.
    public static let maxButtons = 2

    /// Creates the adapter.
    public init() {}

    public var id: String { "chirp" }
    public var name: String { "Chirp" }

    public var capabilities: VendorCapabilities {
        VendorCapabilities(
            maxButtons: Self.maxButtons, buttonDeepLinks: true, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly)
    }

    public var eventTable: [EventTableEntry] {
        [
            EventTableEntry(
                kind: .delivered, event: "chirp_delivered", when: "foreground or background arrive",
                properties: ["id"]),
            EventTableEntry(
                kind: .opened, event: "chirp_opened", when: "body or button tap", properties: ["id", "button"]),
        ]
    }

    public func claims(_ userInfo: JSONObject) -> Bool {
        guard let id = userInfo["chirp"]?["id"]?.stringValue else { return false }
        return !id.isEmpty
    }

    public func ownsCategory(_ category: String) -> Bool { category == Self.category }

    // MARK: Decode

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var payload = PushPayload(vendor: id)
        var diagnostics = APSCoding.decode(userInfo["aps"], into: &payload)
        for key in JSONWriter.sortedKeys(userInfo) where key != "aps" && key != "chirp" {
            payload.data[key] = userInfo[key]!
        }
        guard let chirp = userInfo["chirp"] else {
            diagnostics.append(
                Diagnostic(.warning, code: "chirp-missing", path: "$.chirp", message: "no chirp object: no receipt"))
            return DecodeResult(payload: payload, diagnostics: diagnostics)
        }
        guard let members = chirp.objectValue else {
            payload.ignored["$.chirp"] = chirp
            diagnostics.append(APSCoding.wrongType("$.chirp", expected: "an object", chirp))
            return DecodeResult(payload: payload, diagnostics: diagnostics)
        }
        func keep(_ key: String, expected: String) {
            let path = JSONPath.member(key, of: "$.chirp")
            payload.ignored[path] = members[key]!
            diagnostics.append(APSCoding.wrongType(path, expected: expected, members[key]!))
        }
        for key in JSONWriter.sortedKeys(members) {
            let value = members[key]!
            switch key {
            case "id":
                guard let text = value.stringValue, !text.isEmpty else {
                    keep(key, expected: "a non-empty string")
                    continue
                }
                payload.messageId = text
            case "url":
                guard let text = value.stringValue, !text.isEmpty else {
                    keep(key, expected: "a non-empty string")
                    continue
                }
                payload.deepLink = text
            case "buttons":
                guard let buttons = decodeButtons(value) else {
                    keep(key, expected: "an array of {id, title, url}")
                    continue
                }
                if buttons.count > Self.maxButtons {
                    diagnostics.append(
                        Diagnostic(
                            .warning, code: "too-many-buttons", path: "$.chirp.buttons",
                            message: "Chirp shows the first \(Self.maxButtons) of \(buttons.count) buttons"))
                }
                payload.buttons = Array(buttons.prefix(Self.maxButtons))
            default:
                keep(key, expected: "no such key (Chirp reads id, url, buttons)")
            }
        }
        if !payload.buttons.isEmpty, payload.category == nil { payload.category = Self.category }
        return DecodeResult(payload: payload, diagnostics: diagnostics)
    }

    /// `[{id, title, url?}]` with non-empty string ids and string titles; nil when it is anything else.
    private func decodeButtons(_ value: JSONValue) -> [PushButton]? {
        guard let elements = value.arrayValue else { return nil }
        var buttons: [PushButton] = []
        for element in elements {
            guard let members = element.objectValue, Set(members.keys).isSubset(of: ["id", "title", "url"]),
                let id = members["id"]?.stringValue, !id.isEmpty, let title = members["title"]?.stringValue
            else { return nil }
            let url = members["url"]
            guard url == nil || url?.stringValue?.isEmpty == false else { return nil }
            buttons.append(PushButton(id: id, title: title, deepLink: url?.stringValue, foreground: true))
        }
        return buttons
    }

    // MARK: Encode

    public func encode(_ payload: PushPayload) -> EncodeResult {
        var losses: [Loss] = []
        var wire = payload
        var chirp: JSONObject = [:]
        if let messageId = payload.messageId { chirp["id"] = .string(messageId) }
        if let link = payload.deepLink {
            if link.isEmpty {
                losses.append(Loss(path: "$.deepLink", value: "", reason: "an empty url opens nothing"))
            } else {
                chirp["url"] = .string(link)
            }
        }
        var buttons: [JSONValue] = []
        for (index, button) in payload.buttons.enumerated() {
            let path = JSONPath.element(index, of: "$.buttons")
            guard index < Self.maxButtons, !button.id.isEmpty else {
                losses.append(
                    Loss(
                        path: path, value: button.json,
                        reason: "Chirp shows at most \(Self.maxButtons) buttons, each with an id"))
                continue
            }
            var members: JSONObject = ["id": .string(button.id), "title": .string(button.title)]
            if let link = button.deepLink, !link.isEmpty { members["url"] = .string(link) }
            if button.deepLink == "" {
                losses.append(Loss(path: path + ".deepLink", value: "", reason: "an empty url opens nothing"))
            }
            if !button.foreground {
                losses.append(
                    Loss(path: path + ".foreground", value: false, reason: "Chirp buttons always open the app"))
            }
            if button.destructive {
                losses.append(
                    Loss(path: path + ".destructive", value: true, reason: "Chirp buttons are never destructive"))
            }
            if button.input {
                losses.append(Loss(path: path + ".input", value: true, reason: "Chirp buttons take no text"))
            }
            if let placeholder = button.placeholder {
                losses.append(
                    Loss(path: path + ".placeholder", value: .string(placeholder), reason: "Chirp buttons take no text")
                )
            }
            if let action = button.action {
                losses.append(Loss(path: path + ".action", value: action.json, reason: "Chirp has no named actions"))
            }
            buttons.append(.object(members))
        }
        if !buttons.isEmpty {
            chirp["buttons"] = .array(buttons)
            if let category = payload.category, category != Self.category {
                losses.append(
                    Loss(
                        path: "$.category", value: .string(category), reason: "Chirp buttons need the category 'chirp'")
                )
            }
            if let sent = wire.apsExtra.removeValue(forKey: "category") {
                losses.append(
                    Loss(path: "$.apsExtra.category", value: sent, reason: "Chirp buttons need the category 'chirp'"))
            }
            wire.category = Self.category
        }
        if let action = payload.action {
            losses.append(Loss(path: "$.action", value: action.json, reason: "Chirp has no named actions"))
        }
        if let image = payload.imageURL {
            losses.append(Loss(path: "$.imageURL", value: .string(image), reason: "Chirp shows no images"))
        }
        for key in JSONWriter.sortedKeys(payload.tracking) {
            losses.append(
                Loss(
                    path: JSONPath.member(key, of: "$.tracking"), value: payload.tracking[key]!,
                    reason: "Chirp needs only its id"))
        }

        var userInfo: JSONObject = [:]
        for key in JSONWriter.sortedKeys(payload.data) {
            if key == "aps" || key == "chirp" {
                losses.append(
                    Loss(
                        path: JSONPath.member(key, of: "$.data"), value: payload.data[key]!,
                        reason: "'\(key)' is a Chirp wire key"))
            } else {
                userInfo[key] = payload.data[key]!
            }
        }
        for key in JSONWriter.sortedKeys(payload.ignored) {
            let value = payload.ignored[key]!
            let inside = key.hasPrefix("$.chirp.") ? String(key.dropFirst("$.chirp.".count)) : nil
            if key == "$.chirp", chirp.isEmpty {
                userInfo["chirp"] = value
            } else if let inside, chirp[inside] == nil, !inside.contains("."), !inside.contains("[") {
                chirp[inside] = value
            } else {
                losses.append(
                    Loss(
                        path: JSONPath.member(key, of: "$.ignored"), value: value,
                        reason: "Chirp has no place for '\(key)'"))
            }
        }
        if userInfo["chirp"] == nil { userInfo["chirp"] = .object(chirp) }
        userInfo["aps"] = .object(APSCoding.encode(wire))
        return EncodeResult(userInfo: userInfo, losses: losses)
    }

    // MARK: Receipts and taps

    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        guard let messageId = payload.messageId else { return [] }
        switch step {
        case .arrive(.foreground), .arrive(.background):
            return [receipt(.delivered, "chirp_delivered", ["id": .string(messageId)], payload: payload)]
        case .open:
            return [receipt(.opened, "chirp_opened", ["id": .string(messageId)], payload: payload)]
        case .openAction(let button):
            return [
                Receipt(
                    vendor: id, kind: .opened, event: "chirp_opened",
                    properties: ["id": .string(messageId), "button": .string(button)],
                    messageId: messageId, action: button)
            ]
        case .arrive(.serviceExtension), .configure, .dismiss, .launch:
            return []
        }
    }

    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        switch step {
        case .open:
            return TapPlan(deepLink: payload.deepLink)
        case .openAction(let button):
            return TapPlan(deepLink: payload.buttons.first { $0.id == button }?.deepLink)
        default:
            return .nothing
        }
    }
}
