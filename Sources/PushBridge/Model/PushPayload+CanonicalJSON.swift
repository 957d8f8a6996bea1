extension PushAlert {
    /// The alert as a JSON object with only the fields that are set.
    public var json: JSONValue {
        var members: JSONObject = JSONObject(minimumCapacity: 3)
        if let title { members.appendNew(APSCoding.WrittenKey.title, .string(title)) }
        if let subtitle { members.appendNew(APSCoding.WrittenKey.subtitle, .string(subtitle)) }
        if let body { members.appendNew(APSCoding.WrittenKey.body, .string(body)) }
        return .object(members)
    }
}

extension PushAction {
    /// The action as `{"name": …, "data": {…}}` (`data` always written).
    public var json: JSONValue { .object(["name": .string(name), "data": .object(data)]) }

    /// Reads an action from its JSON object.
    public init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue else { return nil }
        self.init(name: name, data: json["data"]?.objectValue ?? [:])
    }
}

extension PushButton {
    /// The button as a JSON object; the three flags are always written.
    public var json: JSONValue {
        var members: JSONObject = JSONObject(minimumCapacity: 8)
        members["id"] = .string(id)
        members["title"] = .string(title)
        members["foreground"] = .bool(foreground)
        members["destructive"] = .bool(destructive)
        members["input"] = .bool(input)
        if let deepLink { members["deepLink"] = .string(deepLink) }
        if let placeholder { members["placeholder"] = .string(placeholder) }
        if let action { members["action"] = action.json }
        return .object(members)
    }

    /// Reads a button from its JSON object.
    public init?(json: JSONValue) {
        guard let id = json["id"]?.stringValue else { return nil }
        self.init(
            id: id, title: json["title"]?.stringValue ?? "", deepLink: json["deepLink"]?.stringValue,
            foreground: json["foreground"]?.boolValue ?? false, destructive: json["destructive"]?.boolValue ?? false,
            input: json["input"]?.boolValue ?? false, placeholder: json["placeholder"]?.stringValue,
            action: json["action"].flatMap(PushAction.init(json:))
        )
    }
}

extension PushPayload {
    /// The bridge form as canonical JSON (docs/WIRE-FORMATS.md §4 "The bridge form"): absent fields and
    /// empty collections omitted, `mutableContent` and `contentAvailable` always written.
    public var bridgeJSON: JSONValue {
        var members: JSONObject = [
            "vendor": .string(vendor), "mutableContent": .bool(mutableContent),
            "contentAvailable": .bool(contentAvailable),
        ]
        if let messageId { members["messageId"] = .string(messageId) }
        if let alert, !alert.isEmpty { members["alert"] = alert.json }
        if let badge { members["badge"] = .int(badge) }
        if let sound { members["sound"] = .string(sound) }
        if let category { members["category"] = .string(category) }
        if let threadId { members["threadId"] = .string(threadId) }
        if let imageURL { members["imageURL"] = .string(imageURL) }
        if let deepLink { members["deepLink"] = .string(deepLink) }
        if let action { members["action"] = action.json }
        if !buttons.isEmpty { members["buttons"] = .array(buttons.map(\.json)) }
        if !data.isEmpty { members["data"] = .object(data) }
        if !tracking.isEmpty { members["tracking"] = .object(tracking) }
        if !ignored.isEmpty { members["ignored"] = .object(ignored) }
        if !apsExtra.isEmpty { members["apsExtra"] = .object(apsExtra) }
        return .object(members)
    }

    /// Reads a payload back from its bridge form; nil when `json` is not an object with a string `vendor`.
    public init?(bridgeJSON json: JSONValue) {
        guard let vendor = json["vendor"]?.stringValue else { return nil }
        var alert: PushAlert?
        if let alertJSON = json["alert"] {
            alert = PushAlert(
                title: alertJSON["title"]?.stringValue, subtitle: alertJSON["subtitle"]?.stringValue,
                body: alertJSON["body"]?.stringValue)
        }
        self.init(
            vendor: vendor, messageId: json["messageId"]?.stringValue, alert: alert, badge: json["badge"]?.intValue,
            sound: json["sound"]?.stringValue, category: json["category"]?.stringValue,
            threadId: json["threadId"]?.stringValue, mutableContent: json["mutableContent"]?.boolValue ?? false,
            contentAvailable: json["contentAvailable"]?.boolValue ?? false, imageURL: json["imageURL"]?.stringValue,
            deepLink: json["deepLink"]?.stringValue, action: json["action"].flatMap(PushAction.init(json:)),
            buttons: (json["buttons"]?.arrayValue ?? []).compactMap(PushButton.init(json:)),
            data: json["data"]?.objectValue ?? [:], tracking: json["tracking"]?.objectValue ?? [:],
            ignored: json["ignored"]?.objectValue ?? [:], apsExtra: json["apsExtra"]?.objectValue ?? [:])
    }
}
