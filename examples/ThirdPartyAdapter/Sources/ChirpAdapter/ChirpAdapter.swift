import PushBridge

/// Chirp, a made-up push vendor, as a PushBridge adapter written outside the PushBridge repository.
///
/// Wire format: `aps` plus one `chirp` object, detected by its non-empty string `id`, with a `url` and up to 2
/// `buttons` (`{id, title, url}`), each opening the app at its own `url` under the category `chirp` (registered at
/// launch). Other keys are custom data; unknown or wrong-typed `chirp` keys are kept in `ignored` (`$.chirp.<key>`)
/// and written back. The rest is declared in ``profile`` and left to PushBridge's defaults.
public struct ChirpAdapter: VendorAdapter {
    /// The category Chirp's buttons are registered under.
    public static let category = "chirp"

    public let profile = VendorProfile(
        id: "chirp",
        capabilities: VendorCapabilities(
            maxButtons: 2, buttonDeepLinks: true, textInput: false, namedActions: false, images: false,
            buttonsNeedServiceExtension: false, buttonRouting: .ownOnly),
        eventTable: [
            EventTableEntry(kind: .delivered, event: "chirp_delivered", when: "foreground or background arrive",
                            properties: ["id"], sentOn: [.arriveInForeground, .arriveInBackground],
                            messageIdProperty: "id"),
            EventTableEntry(kind: .opened, event: "chirp_opened", when: "body or button tap",
                            properties: ["id", "button"], sentOn: [.bodyTap, .buttonTap], messageIdProperty: "id",
                            buttonProperty: "button"),
        ],
        claimKeys: ["chirp"], categories: CategorySupport(launch: [NotificationCategory(id: "chirp", owner: "chirp")]),
        tokenRegistration: .token, receiptService: .appCollector(path: "/chirp/events"))

    /// Creates the adapter.
    public init() {}

    public func claims(_ userInfo: JSONObject) -> Bool { userInfo["chirp"]?["id"]?.stringValue?.isEmpty == false }

    public func decode(_ userInfo: JSONObject) -> DecodeResult {
        var decoding = DecodeContext<ChirpAdapter>(payload: PushPayload(vendor: id))
        decoding.diagnostics = APSCoding.decode(userInfo["aps"], into: &decoding.payload)
        for (key, value) in userInfo where key != "aps" && key != "chirp" { decoding.payload.data[key] = value }
        guard let chirp = userInfo["chirp"], let members = chirp.objectValue else {
            if let chirp = userInfo["chirp"] { decoding.wrongType(chirp, at: "$.chirp", expected: "an object") }
            else { decoding.note(.warning, "chirp-missing", at: "$.chirp", "no chirp: no receipt") }
            return decoding.takeResult()
        }
        for (key, value) in members.membersInCanonicalOrder {
            let text = value.stringValue?.isEmpty == false ? value.stringValue : nil
            switch (key, key == "buttons" ? Self.buttons(value) : nil) {
            case ("id", _) where text != nil: decoding.payload.messageId = text
            case ("url", _) where text != nil: decoding.payload.deepLink = text
            case ("buttons", let buttons?):
                let max = capabilities.maxButtons
                decoding.payload.buttons = Array(buttons.prefix(max))
                guard buttons.count > max else { continue }
                decoding.note(.warning, "too-many-buttons", at: "$.chirp.buttons",
                              "Chirp shows the first \(max) of \(buttons.count) buttons")
            default:
                let expected = key == "buttons" ? "an array of {id, title, url}"
                    : key == "id" || key == "url" ? "a non-empty string" : "no such key (Chirp reads id, url, buttons)"
                decoding.wrongType(value, at: JSONPath.member(key, of: "$.chirp"), expected: expected)
            }
        }
        if !decoding.payload.buttons.isEmpty { decoding.payload.category = decoding.payload.category ?? Self.category }
        return decoding.takeResult()
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
        func url(_ link: String?, _ path: String) -> JSONValue? {
            if link == "" { lose(path, "", "an empty url opens nothing") }
            return link?.isEmpty == false ? .string(link!) : nil
        }
        var aps = payload
        var chirp: JSONObject = payload.messageId.map { ["id": .string($0)] } ?? [:]
        chirp["url"] = url(payload.deepLink, "$.deepLink")
        var buttons: [JSONValue] = []
        for (index, button) in payload.buttons.enumerated() {
            let path = JSONPath.element(index, of: "$.buttons")
            guard index < capabilities.maxButtons, !button.id.isEmpty else {
                lose(path, button.json, "Chirp shows at most \(capabilities.maxButtons) buttons, each with an id")
                continue
            }
            var members: JSONObject = ["id": .string(button.id), "title": .string(button.title)]
            members["url"] = url(button.deepLink, path + ".deepLink")
            buttons.append(.object(members))
            if !button.foreground { lose(path + ".foreground", false, "Chirp buttons always open the app") }
            if button.destructive { lose(path + ".destructive", true, "Chirp buttons are never destructive") }
        }
        if !buttons.isEmpty {
            chirp["buttons"] = .array(buttons)
            let needed = "Chirp buttons need the category 'chirp'"
            if let sent = payload.category, sent != Self.category { lose("$.category", .string(sent), needed) }
            if let sent = aps.apsExtra.removeValue(forKey: "category") { lose("$.apsExtra.category", sent, needed) }
            aps.category = Self.category
        }
        var userInfo: JSONObject = ["aps": .object(APSCoding.encode(aps))]
        for (key, value) in payload.data where key != "aps" && key != "chirp" { userInfo[key] = value }
        for (key, value) in payload.data where key == "aps" || key == "chirp" {
            lose(JSONPath.member(key, of: "$.data"), value, "'\(key)' is a Chirp wire key")
        }
        userInfo["chirp"] = chirp.isEmpty ? nil : .object(chirp)
        let lost = JSONPlacement.writeBack(payload.ignored, into: &userInfo,
                                           reason: { "Chirp cannot write '\($0)' back: \($1)" })
        losses.append(contentsOf: lost)  // placed above, whether or not the losses are read
        userInfo["chirp"] = userInfo["chirp"] ?? .object([:])
        return userInfo
    }
}
