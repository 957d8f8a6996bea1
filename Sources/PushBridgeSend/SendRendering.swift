import PushBridge

/// The losses of one rendering, each at the path its field had in the source request.
struct SendRendering {
    let form: SendRequest
    let target: String
    let targetName: String
    /// Whether ``lose(_:_:_:path:)`` records anything (``SendRenderOptions/collectsLosses``).
    let collectsLosses: Bool
    var losses: [SendLoss] = []

    /// Starts a rendering; when the form's content lives in another vendor's template the request does not hold,
    /// that content is lost at once: only the request's own overrides reach the target.
    init(_ form: SendRequest, for adapter: some SendAdapter, options: SendRenderOptions = SendRenderOptions()) {
        self.form = form
        self.target = adapter.id
        self.targetName = adapter.name
        self.collectsLosses = options.collectsLosses
        if let template = form.template, template.vendor != adapter.id, !template.contentKnown {
            let vendorName = SendVendors.adapter(id: template.vendor)?.name ?? template.vendor
            lose(
                SendField.template, .string(template.id),
                "the content of \(template.described(vendorName: vendorName)) lives in \(vendorName)'s backend, not in "
                    + "the request: only what the request overrides reaches \(adapter.name) (translate a bundle that "
                    + "holds the \(template.kind.described) to carry the rest)")
        }
        if let template = form.template, template.vendor != adapter.id, !template.mergeData.isEmpty {
            lose(
                SendField.template, .object(template.mergeData),
                "\(adapter.name) does not merge per-send data into text: the values are not applied",
                path: form.paths["template.mergeData"])
        }
    }

    /// Whether the form was read from the target vendor's own request.
    var isSameVendor: Bool { form.vendor == target }

    /// Records the loss of form field `field` (its value `value`), at its source path or `path`.
    /// Nothing is built when the options ask for no losses: the arguments are evaluated only when recorded.
    mutating func lose(
        _ field: String, _ value: @autoclosure () -> JSONValue, _ reason: @autoclosure () -> String,
        path: @autoclosure () -> String? = nil
    ) {
        guard collectsLosses else { return }
        record(field, value(), reason(), path: path())
    }

    /// `data` (the form's custom data) for `adapter`, which delivers it at the root of the userInfo: a member under
    /// a key the adapter reserves (``SendAdapter/reservesDataKey(_:)``) is lost, `reason` saying why; without one
    /// `data` is returned as it is (shared, not copied member by member).
    mutating func customData(
        _ data: JSONObject, for adapter: some SendAdapter,
        reason: (_ key: String) -> String = { "'\($0)' is a key the target writes at the root of the push or its SDK reads as its own" }
    ) -> JSONObject {
        guard data.keys.contains(where: { adapter.reservesDataKey($0) }) else { return data }
        var custom = JSONObject()
        let dataPath = form.sourcePath(SendField.data)
        for (key, value) in data {
            if adapter.reservesDataKey(key) {
                lose(SendField.data, value, reason(key), path: JSONPath.member(key, of: dataPath))
            } else {
                // The data's keys are distinct: each is added without looking for it.
                custom.appendNew(key, value)
            }
        }
        return custom
    }

    /// The badge as a count to set, for a target whose badge is only that: an increment or a profile property is
    /// lost (`increment` and `fromProperty` say why) and gives nil.
    @discardableResult
    mutating func badgeCount(increment: @autoclosure () -> String, fromProperty: @autoclosure () -> String) -> Int? {
        switch form.content.badge {
        case .set(let value)?: return value
        case .increment(let value)?: lose(SendField.badge, .int(value), increment())
        case .fromProperty(let name)?: lose(SendField.badge, .string(name), fromProperty())
        case nil: break
        }
        return nil
    }

    /// Records the loss of form field `field` when the form has a value for it (`value` is not nil).
    mutating func lose(_ field: String, ifAny value: JSONValue?, _ reason: @autoclosure () -> String) {
        guard collectsLosses, let value else { return }
        record(field, value, reason(), path: nil)
    }

    /// ``lose(_:_:_:path:)`` for this type's own methods, whose arguments read `self` (which an autoclosure passed
    /// to a mutating method may not): each call stands under `if collectsLosses`.
    private mutating func record(_ field: String, _ value: JSONValue, _ reason: String, path: String? = nil) {
        losses.append(SendLoss(field: field, path: path ?? form.sourcePath(field), value: value, reason: reason))
    }

    /// The alert of the form's default language; every other language is a loss for a single-language target.
    mutating func singleLanguageAlert() -> PushAlert? {
        // The other languages matter only as losses.
        if !collectsLosses || form.content.localized.isEmpty { return form.content.payload.alert }
        let others = form.content.localized.filter { $0.key != form.content.defaultLanguage }
        if !others.isEmpty {
            var lost = JSONObject()
            for language in JSONWriter.sortedKeys(others) { lost[language] = SendJSON.alert(others[language]!) }
            record(
                SendField.localized, .object(lost),
                "\(targetName) sends one language per request; only '\(form.content.defaultLanguage ?? "the default")' "
                    + "is sent (split the send per language to keep the others)")
        }
        return form.content.payload.alert
    }

    /// The prefixes of the categories each vendor's SDK registers itself (Braze `ab_cat_`, Airship `ua_`,
    /// OneSignal's dynamic ones): an app on another vendor's SDK does not have them.
    static let sdkCategoryPrefixes: [(vendor: String, prefix: String)] = [
        ("braze", "ab_cat_"), ("airship", "ua_"), ("onesignal", "__onesignal__dynamic__"),
    ]

    /// The form's category for the target: nil, with a loss, when another vendor's SDK registers it.
    mutating func category() -> String? {
        guard let category = form.content.payload.category else { return nil }
        if let owner = Self.sdkCategoryPrefixes.first(where: { category.hasPrefix($0.prefix) }), owner.vendor != target {
            if collectsLosses { record(
                SendField.category, .string(category),
                "'\(category)' is a category \(owner.vendor)'s SDK registers; an app on \(targetName) does not have it, "
                    + "so its buttons would not show") }
            return nil
        }
        return category
    }

    /// The expiry as an absolute epoch: a relative one counted from `options.now`, else a loss.
    mutating func absoluteExpiry(_ options: SendRenderOptions) -> Int? {
        switch form.content.expiry {
        case nil: return nil
        case .at(let seconds): return seconds
        case .after(let seconds):
            if let now = options.now { return now + seconds }
            if collectsLosses { record(
                SendField.expiry, .int(seconds),
                "\(targetName) takes an absolute expiry and the time of sending is not known (give the render a 'now'); "
                    + "writing \(seconds) as a date would mean 1970") }
            return nil
        }
    }

    /// The expiry as seconds after sending: an absolute one counted from `options.now`, else a loss.
    mutating func relativeExpiry(_ options: SendRenderOptions) -> Int? {
        switch form.content.expiry {
        case nil: return nil
        case .after(let seconds): return seconds
        case .at(let seconds):
            if let now = options.now { return max(0, seconds - now) }
            if collectsLosses { record(
                SendField.expiry, .string(SendTime.iso8601(seconds)),
                "\(targetName) takes an expiry relative to sending and the time of sending is not known "
                    + "(give the render a 'now')") }
            return nil
        }
    }

    /// Losses for the audience members the target cannot name: topics, device tokens (unless `tokens`), user ids
    /// (unless `userIds`), and other vendors' targeting, which does not translate by value.
    mutating func loseAudience(tokens: Bool, userIds: Bool, topics: Bool) {
        // The audience is read in place: a copy would retain each of its lists.
        if !userIds, !form.audience.userIds.isEmpty {
            if collectsLosses { record(SendField.audience, .array(form.audience.userIds.map { .string($0) }), "\(targetName) cannot address users by the app's user id", path: form.paths["audience.userIds"]) }
        }
        if !tokens, !form.audience.deviceTokens.isEmpty {
            if collectsLosses { record(SendField.audience, .array(form.audience.deviceTokens.map { .string($0) }), "\(targetName) cannot address APNs device tokens", path: form.paths["audience.deviceTokens"]) }
        }
        if !topics, !form.audience.topics.isEmpty {
            if collectsLosses { record(SendField.audience, .array(form.audience.topics.map { .string($0) }), "\(targetName) has no topics", path: form.paths["audience.topics"]) }
        }
        for targeting in form.audience.vendorTargeting where targeting.vendor != target {
            if collectsLosses { record(
                SendField.audience, targeting.value,
                "targeting of another vendor (\(targeting.vendor) '\(targeting.key)') does not translate by value; "
                    + "recreate it in \(targetName)",
                path: form.paths["audience." + targeting.key] ?? JSONPath.member(targeting.key, of: "$")) }
        }
    }

    /// The source vendor's own fields: written back into `body` for the same vendor, else each a loss.
    mutating func placeVendorFields(into body: inout JSONObject, rebase: (String) -> String = { $0 }) {
        guard isSameVendor else {
            guard collectsLosses else { return }
            for (path, value) in form.vendorFields.membersInCanonicalOrder where !path.hasPrefix("$.headers") {
                if collectsLosses { record(SendField.vendorFields, value, "\(targetName) has no field for \(form.vendor)'s '\(path)'", path: path) }
            }
            return
        }
        // What the rendering already wrote as it was sent needs no writing back; a value the rendering wrote
        // differently stays as rendered, and the kept one is a loss.
        var inBody = JSONObject()
        for (path, value) in form.vendorFields where !path.hasPrefix("$.headers") {
            let target = rebase(path)
            if SendJSON.value(at: target, in: .object(body)) != value { inBody[target] = value }
        }
        for loss in JSONPlacement.writeBack(inBody, into: &body) {
            if collectsLosses { record(SendField.vendorFields, loss.value, loss.reason, path: loss.path) }
        }
    }

    /// Losses for the schedule when the target has none.
    mutating func loseSchedule() {
        guard let schedule = form.schedule else { return }
        if collectsLosses { record(SendField.schedule, SendJSON.schedule(schedule), "\(targetName) has no scheduled sends; send it at the time") }
    }

    /// Losses for what the APNs payload cannot carry without a vendor SDK: an image, a link, buttons.
    mutating func loseSDKFeatures(image: Bool, link: Bool, buttons: Bool) {
        let payload = form.content.payload
        if !image, let url = payload.imageURL {
            if collectsLosses { record(SendField.imageURL, .string(url), "\(targetName) has no image field") }
        }
        if !link, let url = payload.deepLink {
            if collectsLosses { record(SendField.deepLink, .string(url), "\(targetName) has no link field for a tap") }
        }
        if !buttons, !payload.buttons.isEmpty, !losses.contains(where: { $0.field == SendField.category }) {
            if collectsLosses { record(SendField.buttons, .array(payload.buttons.map(SendJSON.button)), "\(targetName) has no buttons beyond a category the app registers") }
        }
    }
}

/// The send form's values as JSON, for losses and `send normalize`.
public enum SendJSON {
    /// The value at `path` (`$.a.b[0]`, as `JSONPath` writes paths) in `value`, or nil.
    public static func value(at path: String, in value: JSONValue) -> JSONValue? {
        guard let steps = JSONPath.components(of: path) else { return nil }
        var current: JSONValue? = value
        for step in steps {
            switch step {
            case .member(let key): current = current?[key]
            case .index(let index):
                guard let elements = current?.arrayValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .slice: return nil
            }
        }
        return current
    }

    /// An alert as `{title, subtitle, body}`.
    public static func alert(_ alert: PushAlert) -> JSONValue {
        // Distinct keys on a new object: each is added without looking for it.
        var object = JSONObject(minimumCapacity: 3)
        if let title = alert.title { object.appendNew("title", .string(title)) }
        if let subtitle = alert.subtitle { object.appendNew("subtitle", .string(subtitle)) }
        if let body = alert.body { object.appendNew("body", .string(body)) }
        return .object(object)
    }

    /// A button as `{id, title, deepLink, foreground}`.
    public static func button(_ button: PushButton) -> JSONValue {
        var object: JSONObject = ["id": .string(button.id), "title": .string(button.title)]
        if let link = button.deepLink { object["deepLink"] = .string(link) }
        object["foreground"] = .bool(button.foreground)
        return .object(object)
    }

    /// A schedule as `{at, text, recipientLocal, optimal}`.
    public static func schedule(_ schedule: SendSchedule) -> JSONValue {
        var object = JSONObject()
        if let at = schedule.at { object["at"] = .string(SendTime.iso8601(at, zone: !schedule.recipientLocal)) }
        if let text = schedule.text { object["text"] = .string(text) }
        object["recipientLocal"] = .bool(schedule.recipientLocal)
        object["optimal"] = .bool(schedule.optimal)
        return .object(object)
    }

    /// A badge as `{set}`, `{increment}` or `{fromProperty}`.
    public static func badge(_ badge: SendBadge) -> JSONValue {
        switch badge {
        case .set(let value): return ["set": .int(value)]
        case .increment(let value): return ["increment": .int(value)]
        case .fromProperty(let name): return ["fromProperty": .string(name)]
        }
    }

    /// An expiry as `{at}` (ISO-8601) or `{afterSeconds}`.
    public static func expiry(_ expiry: SendExpiry) -> JSONValue {
        switch expiry {
        case .at(let seconds): return ["at": .string(SendTime.iso8601(seconds))]
        case .after(let seconds): return ["afterSeconds": .int(seconds)]
        }
    }
}

/// Rules several vendors document alike.
enum SendRules {
    /// APNs' collapse-id limit, in bytes.
    static let collapseIdBytes = 64

    /// A `collapse-id-too-long` error when `id` is longer than `limit` UTF-8 bytes (or characters).
    static func collapseId(_ id: String, path: String, characters: Bool = false) -> Diagnostic? {
        let length = characters ? id.count : id.utf8.count
        guard length > collapseIdBytes else { return nil }
        return Diagnostic(
            .error, code: .collapseIdTooLong, path: path,
            message: "the collapse id is \(length) \(characters ? "characters" : "bytes"); the limit is \(collapseIdBytes)")
    }

    /// Whether `text` is a placeholder a rendering wrote for an id that does not exist yet (`<iterable-campaign-id>`).
    static func isPlaceholder(_ text: String) -> Bool { text.hasPrefix("<") && text.hasSuffix(">") && text.count > 2 }

    /// An `expiry-invalid` warning for an absolute epoch too early to be meant as a date.
    static func implausibleEpoch(_ seconds: Int, path: String) -> Diagnostic? {
        guard seconds != 0, seconds < SendTime.plausibleEpoch else { return nil }
        return Diagnostic(
            .error, code: .expiryInvalid, path: path,
            message: "\(seconds) is an absolute time, \(SendTime.iso8601(seconds)), already past: the push expires "
                + "before it is sent (a TTL must be added to the current time)")
    }

    /// The last step of every parse, its result: an empty image URL or link shows and opens nothing, so the form
    /// has none (a warning at its source path).
    static func parsed(_ form: consuming SendRequest, diagnostics: consuming [Diagnostic]) -> SendParseResult {
        var form = form
        var diagnostics = diagnostics
        if form.content.payload.imageURL == "" {
            form.content.payload.imageURL = nil
            diagnostics.append(Diagnostic(.warning, code: .sendValueInvalid, path: form.sourcePath(SendField.imageURL), message: "an empty image URL shows nothing; dropped"))
        }
        if form.content.payload.deepLink == "" {
            form.content.payload.deepLink = nil
            diagnostics.append(Diagnostic(.warning, code: .sendValueInvalid, path: form.sourcePath(SendField.deepLink), message: "an empty link opens nothing; dropped"))
        }
        return SendParseResult(request: form, diagnostics: diagnostics)
    }

    /// Moves `interruption-level` and `relevance-score` out of `content.payload.apsExtra` into their fields.
    static func liftAPSFields(_ content: inout SendContent, diagnostics: inout [Diagnostic], path: String) {
        if let value = content.payload.apsExtra["interruption-level"] {
            if let text = value.stringValue, let level = InterruptionLevel(rawValue: text) {
                content.interruptionLevel = level
                content.payload.apsExtra.removeValue(forKey: "interruption-level")
            } else {
                diagnostics.append(Diagnostic(
                    .error, code: .interruptionLevelInvalid, path: JSONPath.member("interruption-level", of: path),
                    message: "expected passive, active, time-sensitive or critical, found \(JSONWriter.string(value))"))
            }
        }
        if let value = content.payload.apsExtra["relevance-score"], let number = value.numberValue {
            content.relevanceScore = number
            content.payload.apsExtra.removeValue(forKey: "relevance-score")
        }
    }

    /// The `aps` dictionary of `content` with `badge` (when set) and the send-only `aps` fields.
    static func aps(_ content: SendContent, alert: PushAlert?) -> JSONObject {
        var payload = content.payload
        payload.alert = alert
        if case .set(let value)? = content.badge { payload.badge = value } else { payload.badge = nil }
        if let level = content.interruptionLevel { payload.apsExtra["interruption-level"] = .string(level.rawValue) }
        if let score = content.relevanceScore { payload.apsExtra["relevance-score"] = .number(score) }
        return APSCoding.encode(payload)
    }

    /// The `aps` a vendor's backend delivers for `content`, with `mutable-content` set also when `mutable`
    /// (the vendor sets it for its service extension: always, or for an image).
    static func deliveredAPS(_ content: SendContent, mutable: Bool) -> JSONObject {
        var delivered = content
        if mutable { delivered.payload.mutableContent = true }
        return aps(delivered, alert: content.payload.alert)
    }

    /// The push type a payload needs when the form names none: `background` for a silent push, else `alert`.
    static func pushType(_ content: SendContent) -> String {
        if let type = content.pushType { return type }
        return content.payload.contentAvailable && !content.payload.isVisible ? "background" : "alert"
    }

    /// Reads a relevance score and checks its range.
    static func relevance(_ value: JSONValue?, path: String, diagnostics: inout [Diagnostic]) -> JSONNumber? {
        guard let value, value != .null else { return nil }
        guard let number = value.numberValue, let double = number.doubleValue else {
            diagnostics.append(.wrongType(path, expected: "a number", value))
            return nil
        }
        if !(0...1).contains(double) {
            diagnostics.append(Diagnostic(.error, code: .sendValueInvalid, path: path, message: "a relevance score is between 0 and 1, found \(number)"))
        }
        return number
    }
}

extension SendRequest {
    /// The form as canonical JSON (`bridge-cli send normalize`): `vendor`, `content` (the bridge form's fields
    /// under `payload`, then the send-only fields), `audience`, `schedule`, `idempotencyKey`, `sourcePaths` and
    /// `vendorFields`; absent fields are omitted.
    public var json: JSONValue {
        var contentObject: JSONObject = ["payload": content.payload.bridgeJSON]
        if !content.localized.isEmpty {
            var languages = JSONObject()
            for language in JSONWriter.sortedKeys(content.localized) { languages[language] = SendJSON.alert(content.localized[language]!) }
            contentObject["localized"] = .object(languages)
        }
        if let language = content.defaultLanguage { contentObject["defaultLanguage"] = .string(language) }
        if let badge = content.badge { contentObject["badge"] = SendJSON.badge(badge) }
        if let collapse = content.collapseId { contentObject["collapseId"] = .string(collapse) }
        if let expiry = content.expiry { contentObject["expiry"] = SendJSON.expiry(expiry) }
        if let priority = content.priority { contentObject["priority"] = .int(priority) }
        if let level = content.interruptionLevel { contentObject["interruptionLevel"] = .string(level.rawValue) }
        if let score = content.relevanceScore { contentObject["relevanceScore"] = .number(score) }
        if let type = content.pushType { contentObject["pushType"] = .string(type) }
        if let inApp = content.openLinkInApp { contentObject["openLinkInApp"] = .bool(inApp) }
        var audienceObject = JSONObject()
        if !audience.userIds.isEmpty { audienceObject["userIds"] = .array(audience.userIds.map { .string($0) }) }
        if !audience.deviceTokens.isEmpty { audienceObject["deviceTokens"] = .array(audience.deviceTokens.map { .string($0) }) }
        if !audience.topics.isEmpty { audienceObject["topics"] = .array(audience.topics.map { .string($0) }) }
        if !audience.vendorTargeting.isEmpty {
            audienceObject["vendorTargeting"] = .array(audience.vendorTargeting.map {
                ["vendor": .string($0.vendor), "key": .string($0.key), "value": $0.value]
            })
        }
        var object: JSONObject = ["vendor": .string(vendor), "content": .object(contentObject), "audience": .object(audienceObject)]
        if let schedule { object["schedule"] = SendJSON.schedule(schedule) }
        if let key = idempotencyKey { object["idempotencyKey"] = .string(key) }
        if let template {
            var templateObject: JSONObject = [
                "vendor": .string(template.vendor), "kind": .string(template.kind.rawValue), "id": .string(template.id),
                "contentKnown": .bool(template.contentKnown),
            ]
            if !template.mergeData.isEmpty { templateObject["mergeData"] = .object(template.mergeData) }
            object["template"] = .object(templateObject)
        }
        if !sourcePaths.isEmpty {
            var paths = JSONObject()
            for field in JSONWriter.sortedKeys(sourcePaths) { paths[field] = .string(sourcePaths[field]!) }
            object["sourcePaths"] = .object(paths)
        }
        if !vendorFields.isEmpty { object["vendorFields"] = .object(vendorFields) }
        return .object(object)
    }
}
