/// One notification translated from one vendor's wire format into another's.
public struct Translation: Sendable, Hashable {
    /// The source vendor's id.
    public var source: String
    /// The target vendor's id.
    public var target: String
    /// The source payload in bridge form.
    public var payload: PushPayload
    /// The target vendor's userInfo.
    public var userInfo: JSONObject
    /// Every field the target could not carry (empty when translated with `collectingLosses: false`).
    public var losses: [Loss]
    /// What decoding the source noticed.
    public var diagnostics: [Diagnostic]
    /// The losses (among ``losses``) that say a tap now does something else (docs/WIRE-FORMATS.md §7.8): a button
    /// that opened nothing and now opens a link, a link that reaches the app another way.
    public var meaningChanges: [Loss] = []
}

/// Translates wire → bridge form → wire, applying the rules every pair of vendors shares
/// (WIRE-FORMATS §7.7, §7.8) and leaving the rest to the target's `encode` (whose core part adds the losses the
/// target's capabilities imply).
///
/// Between two different vendors:
/// - the source's `tracking` and `ignored` keys are losses (they mean nothing to the target), except a
///   tracking value equal to the message id, which goes with the message id; the value of a tracking key naming
///   a token (a device token) is reported as `[redacted]`;
/// - the message id is a loss when the target's backend assigns its own (``VendorProfile/assignsMessageId``);
/// - a category the source's SDK owns (`ZX_2BTN`, `buzzkit.…`) is dropped so the target derives its own;
/// - when the target routes only a button's own destination but the source would fall back to the
///   message's link on a button tap, the message's link is copied into link-less buttons that open the app.
/// - when the source routes only a button's own destination and the target runs the message's action and
///   link on a foreground button, a foreground button with no destination of its own would start routing:
///   that change of what a tap does is reported as a loss of the button.
/// A same-vendor translation is the identity (WIRE-FORMATS §7.9): the userInfo comes back as it went in,
/// nothing is lost and nothing is re-derived; the source is still decoded for `payload` and `diagnostics`.
///
/// A translation is its target's or nobody's (WIRE-FORMATS §7.10): what the target writes at the top level (custom
/// data above all) never carries another registered vendor's marker or a carrier's keys. Each such member is
/// left out and reported as a loss naming the vendor a device would otherwise give the push to, so
/// ``VendorRegistry/claimant(of:)`` of the output is the target or no vendor.
public enum Translator {
    /// Translates `userInfo` from `source` to `target`. With `collectingLosses` false the losses are not
    /// built (the userInfo and diagnostics are the same): for callers that do not report them.
    ///
    /// `registry` is the set of vendors a device would choose among (the one the app or tool detects with):
    /// no other vendor of it, and no known carrier, claims the output. Without it only `source` and `target`
    /// are known, besides the carriers. The source's claim notes (``VendorRegistry/claimNotes(of:claimedBy:)``)
    /// join the diagnostics.
    ///
    /// `category` names an app category the target's push is to name (`bridge-cli translate --category`): a push
    /// with buttons then names it, so a target that shows buttons only from a registered category carries them,
    /// and the app registers that category with them.
    public static func translate(
        _ userInfo: JSONObject, from source: any VendorAdapter, to target: any VendorAdapter,
        registry: VendorRegistry? = nil, collectingLosses: Bool = true, category: String? = nil
    ) -> Translation {
        var decoded = source.decodeClaimed(userInfo)
        if let registry { decoded.diagnostics += registry.claimNotes(of: userInfo, claimedBy: source) }
        guard source.id != target.id else {
            return Translation(
                source: source.id, target: target.id, payload: decoded.payload, userInfo: userInfo, losses: [],
                diagnostics: decoded.diagnostics)
        }
        let taps = collectingLosses ? TapMeanings(decoded.payload, under: source) : nil
        var prepared = prepare(decoded.payload, from: source, to: target, collectingLosses: collectingLosses)
        name(category, in: &prepared.payload)
        let encoded = encode(prepared.payload, into: target, collectingLosses: collectingLosses)
        var output = encoded.userInfo
        var claimLosses = LossList(collecting: collectingLosses)
        keepTarget(
            &output, data: prepared.payload.data, target: target, targetID: target.id,
            registry: registry ?? VendorRegistry([target, source]), losses: &claimLosses)
        reportUnclaimed(output, by: target, losses: &claimLosses)
        var changes = LossList(collecting: collectingLosses)
        taps?.reportChanges(prepared: prepared.payload, into: output, by: target, source: source, losses: &changes)
        return Translation(
            source: source.id, target: target.id, payload: decoded.payload, userInfo: output,
            losses: prepared.losses + encoded.losses + claimLosses.collected + changes.collected,
            diagnostics: decoded.diagnostics, meaningChanges: changes.collected)
    }

    /// ``translate(_:from:to:collectingLosses:)`` for a caller that keeps only the target's userInfo, the losses
    /// and the diagnostics (`bridge-cli translate`): with no ``Translation/payload`` to keep, the decoded payload
    /// is prepared in place instead of copied first. `claimNotes` are the registry's claim notes when the caller
    /// has them already (it found `source` with ``VendorRegistry/resolveNotingClaims(_:)``); nil asks the registry.
    package static func translatedUserInfo(
        _ userInfo: JSONObject, from source: any VendorAdapter, to target: any VendorAdapter,
        registry: VendorRegistry, claimNotes: [Diagnostic]? = nil, collectingLosses: Bool = true, category: String? = nil
    ) -> (userInfo: JSONObject, losses: [Loss], diagnostics: [Diagnostic]) {
        let decoded = source.decodeClaimed(userInfo)
        let diagnostics = joined(decoded.diagnostics, claimNotes ?? registry.claimNotes(of: userInfo, claimedBy: source))
        // Each profile read once (through the existential, each read is a call and a retain): the ids here, the rest
        // in `prepareInPlace`.
        let profiles = (source: source.profile, target: target.profile)
        guard profiles.source.id != profiles.target.id else { return (userInfo, [], diagnostics) }
        var payload = (consume decoded).payload
        let taps = collectingLosses ? TapMeanings(payload, under: source) : nil
        let losses = prepareInPlace(
            &payload, from: source, to: target, profiles: profiles, collectingLosses: collectingLosses)
        name(category, in: &payload)
        let encoded = encode(payload, into: target, collectingLosses: collectingLosses)
        var output = encoded.userInfo
        var claimLosses = LossList(collecting: collectingLosses)
        keepTarget(
            &output, data: payload.data, target: target, targetID: profiles.target.id, registry: registry,
            losses: &claimLosses)
        reportUnclaimed(output, by: target, losses: &claimLosses)
        taps?.reportChanges(prepared: payload, into: output, by: target, source: source, losses: &claimLosses)
        return (output, joined(joined(losses, encoded.losses), claimLosses.collected), diagnostics)
    }

    /// `first` followed by `second`: no new array when either is empty (most translations lose nothing, and most
    /// pushes have no claim notes).
    @inline(__always)
    private static func joined<Element>(_ first: [Element], _ second: [Element]) -> [Element] {
        first.isEmpty ? second : second.isEmpty ? first : first + second
    }

    /// Names the app category `category` on a prepared payload that has buttons (nothing without either).
    private static func name(_ category: String?, in payload: inout PushPayload) {
        guard let category, !category.isEmpty, !payload.buttons.isEmpty else { return }
        payload.category = category
    }

    /// `target.encode(payload)`, never writing a button with an empty title. A button with no title is one whose
    /// title the app's registered category gives (Braze's `ab_cat`, Airship's interactive actions): when the target
    /// keeps the payload's category as it is, the category shows those buttons, titled, as it did; when the target
    /// writes it only without buttons (OneSignal's extension keeps a category already set), the untitled buttons are
    /// left out so the app's category is written, each button's own link or action a loss; when the target cannot
    /// write the category at all, every untitled button is a loss (docs/WIRE-FORMATS.md §7.8).
    static func encode(_ payload: PushPayload, into target: any VendorAdapter, collectingLosses: Bool) -> EncodeResult {
        guard payload.buttons.contains(where: { $0.title.isEmpty }) else {
            return target.encode(payload, collectingLosses: collectingLosses)
        }
        let encoded = target.encode(payload, collectingLosses: collectingLosses)
        func writesCategory(_ userInfo: JSONObject) -> Bool {
            payload.category != nil && userInfo["aps"]?["category"]?.stringValue == payload.category
        }
        if writesCategory(encoded.userInfo) { return encoded }
        var withoutUntitled = payload
        withoutUntitled.buttons.removeAll { $0.title.isEmpty }
        let untitled = payload.buttons.indices.filter { payload.buttons[$0].title.isEmpty }
        // Titled buttons stay; the untitled ones go, shown by the category when the target now writes it.
        let attempt = target.encode(withoutUntitled, collectingLosses: collectingLosses)
        let categoryShows = withoutUntitled.buttons.isEmpty && writesCategory(attempt.userInfo)
        guard collectingLosses else { return attempt }
        let category = payload.category.map { "the app's category '\($0)'" } ?? "a category the app registers"
        var losses = attempt.losses.filter { !$0.path.hasPrefix("$.buttons[") }
        for index in untitled {
            let button = payload.buttons[index]
            let path = "$.buttons[\(index)]"
            if categoryShows {
                if let link = button.deepLink, !link.isEmpty {
                    losses.append(Loss(
                        path: path + ".deepLink", value: .string(link),
                        reason: "\(category) shows button '\(button.id)'; \(target.name) gives it no link of its own"))
                }
                if let action = button.action {
                    losses.append(Loss(
                        path: path + ".action", value: .string(action.name),
                        reason: "\(category) shows button '\(button.id)'; \(target.name) runs no action for it"))
                }
            } else {
                losses.append(Loss(
                    path: path, value: button.json,
                    reason: "button '\(button.id)' takes its title from \(category), which \(target.name) cannot "
                        + "send with it; a button with no title is not written"))
            }
        }
        // The titled buttons' own losses, renumbered to their place in the payload.
        let titled = payload.buttons.indices.filter { !payload.buttons[$0].title.isEmpty }
        for loss in attempt.losses where loss.path.hasPrefix("$.buttons[") {
            losses.append(Loss(path: renumbered(loss.path, titled), value: loss.value, reason: loss.reason))
        }
        return EncodeResult(userInfo: attempt.userInfo, losses: losses)
    }

    /// `path` (`$.buttons[i]…` of a payload holding only the buttons at `places`) at the button's place in the whole.
    private static func renumbered(_ path: String, _ places: [Int]) -> String {
        let prefix = "$.buttons["
        let rest = path.dropFirst(prefix.count)
        guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]), places.indices.contains(index)
        else { return path }
        return prefix + String(places[index]) + rest[close...]
    }

    /// A loss at `$` when `target` does not claim `userInfo` (a translation into it) as written: a device would give
    /// the push to no vendor, so no receipt is sent and no tap is the vendor's until its backend adds what it adds
    /// when it sends (OneSignal's `custom.i`, Customer.io's delivery keys). The same for every vendor
    /// (docs/WIRE-FORMATS.md §7.10).
    static func reportUnclaimed(_ userInfo: JSONObject, by target: any VendorAdapter, losses: inout LossList) {
        guard losses.isCollecting, target.claimStrength(userInfo) == nil else { return }
        let keys = target.claimKeys.map { " (\($0.joined(separator: ", ")))" } ?? ""
        losses.append(Loss(
            path: JSONPath.root, value: .null,
            reason: "\(target.name) does not claim this push as written: its SDK takes a push only with what "
                + "\(target.name)'s backend adds when it sends it\(keys), so as written it sends no receipt"))
    }

    /// Most top-level members ``keepTarget(_:data:target:targetID:registry:losses:)`` tries leaving out one at a
    /// time.
    static let partnerSearchLimit = 64

    /// Leaves out of `userInfo` (a translation into `target`, whose id is `targetID`) every top-level member that
    /// would make another vendor claim it: the claim keys of another adapter of `registry` that claims it (with the
    /// custom data members its claim needs beside them), and the keys of a known carrier (``CarrierEnvelope``) other
    /// than `target` that would show it delivered the push. Each is a loss at its bridge-form path (`$.data.<key>`
    /// when it is custom data, else `$.<key>`) naming that vendor. When that is not enough, every top-level member that is custom data
    /// goes the same way; a claim that survives even that comes from the target's own fields: one loss at `$`.
    ///
    /// Costs one look at the output's top-level keys when no other vendor's key is there, and stays linear in the
    /// number of members when one is (``partnerSearchLimit``). The target's id comes from the caller and its claim
    /// keys are read only when another vendor claims the output: each read through the protocol is a call and a
    /// retain of its profile.
    static func keepTarget(
        _ userInfo: inout JSONObject, data: JSONObject, target: any VendorAdapter, targetID: String,
        registry: VendorRegistry, losses: inout LossList
    ) {
        lazy var targetKeys = target.claimKeys ?? []
        var anotherClaims = false
        func leaveOut(_ key: String, claimedFor vendor: String, _ marker: String) {
            guard let value = userInfo.removeValue(forKey: key) else { return }
            let isData = data[key] != nil
            losses.append(Loss(
                path: JSONPath.member(key, of: isData ? "$.data" : JSONPath.root), value: value,
                reason: "'\(key)' is \(vendor)'s \(marker): written at the top level of a \(target.name) push it would "
                    + "make a device give the push to \(vendor), so it is not carried"))
        }
        var candidates = registry.claimScreen.candidates(in: userInfo)
        while let index = candidates.popFirst() {
            // Asked in place, copied out only when it claims (the target is nearly always the one candidate).
            guard registry.adapters[index].id != targetID, registry.adapters[index].claimStrength(userInfo) != nil
            else { continue }
            let other = registry.adapters[index]
            anotherClaims = true
            // Its claim keys, and the custom data members its claim needs beside them (Customer.io's delivery
            // token beside its delivery id; every member the claim rests on, for an adapter with no claim keys).
            // Tried one member at a time only for an output of at most `partnerSearchLimit` members, so a hostile
            // push with many custom data members costs no more than one pass; past that, or when the claim keys
            // were not enough, every custom data member goes below.
            let claimed = userInfo
            let needed = claimed.count > partnerSearchLimit ? [] : claimed.keys.filter { key in
                guard data[key] != nil, !targetKeys.contains(key) else { return false }
                var without = claimed
                without.removeValue(forKey: key)
                return other.claimStrength(without) == nil
            }
            // Keys with one of its claim key prefixes (CleverTap's `wzrk_`) are markers as its claim keys are.
            let prefixes = other.claimKeyPrefixes
            let prefixed = prefixes.isEmpty ? [] : claimed.keys.filter { key in prefixes.contains { key.hasPrefix($0) } }
            for key in (other.claimKeys ?? []) + prefixed + needed where !targetKeys.contains(key) {
                leaveOut(key, claimedFor: other.name, "marker")
            }
        }
        // `target.id`, read only when a carrier's key is suspected (the autoclosure keeps the scan its own loop).
        for carrier in CarrierEnvelope.envelopes(of: userInfo, decodingVendor: target.id) {
            anotherClaims = true
            for key in Array(userInfo.keys) where carrier.contains(key) && !targetKeys.contains(key) {
                leaveOut(key, claimedFor: carrier.name, "carrier key")
            }
        }
        // The screen's candidates are every adapter that could claim the output: when none of them but the target
        // claimed it, and no carrier's key was there, no other vendor claims it.
        guard anotherClaims else { return }
        func otherClaimant() -> String? {
            do throws(PushBridgeError) {
                guard let claimant = try registry.claimant(of: userInfo), claimant.id != targetID else { return nil }
                return claimant.name
            } catch {
                guard case .ambiguousVendor(let ids) = error else { return nil }
                return ids.filter { $0 != targetID }.compactMap { registry.adapter(id: $0)?.name }
                    .joined(separator: " and ")
            }
        }
        guard let claimant = otherClaimant() else { return }
        for key in Array(userInfo.keys) where data[key] != nil && !targetKeys.contains(key) {
            leaveOut(key, claimedFor: claimant, "claim")
        }
        guard let stillClaimant = otherClaimant() else { return }
        losses.append(Loss(
            path: JSONPath.root, value: .object(userInfo),
            reason: "\(target.name)'s own fields make a device give this push to \(stillClaimant)"))
    }

    /// Applies the shared cross-vendor rules to `payload` before `target.encode`; the losses are empty
    /// when `collectingLosses` is false.
    public static func prepare(
        _ payload: PushPayload, from source: any VendorAdapter, to target: any VendorAdapter,
        collectingLosses: Bool = true
    ) -> (payload: PushPayload, losses: [Loss]) {
        let profiles = (source: source.profile, target: target.profile)  // each read once (see `prepareInPlace`)
        guard profiles.source.id != profiles.target.id else { return (payload, []) }
        var payload = payload
        let losses = prepareInPlace(
            &payload, from: source, to: target, profiles: profiles, collectingLosses: collectingLosses)
        return (payload, losses)
    }

    /// Clears `payload.ignored`: its keys are paths into the source's wire format, nothing another vendor can
    /// place. Returns each entry as a loss (none when not `collectingLosses`).
    static func dropIgnored(
        from payload: inout PushPayload, sourceName: String, targetName: String, sendRequestKeys: [String: String] = [:],
        collectingLosses: Bool
    ) -> [Loss] {
        guard !payload.ignored.isEmpty else { return [] }
        var losses: [Loss] = []
        for member in collectingLosses ? payload.ignored.membersInCanonicalOrder : [] {
            // What the sender sets in the send request is the target's send request's to carry, not a gap of its own.
            if !sendRequestKeys.isEmpty, let what = sendRequestKeys[lastMemberName(member.key)] {
                losses.append(Loss(
                    path: JSONPath.member(member.key, of: "$.ignored"), value: member.value,
                    reason: "\(what) is set by the sender's request, not the payload: \(targetName)'s send request "
                        + "carries it (bridge-cli send translate)"))
            } else {
                losses.append(Loss.ignored(member.key, member.value, sourceName: sourceName, targetName: targetName))
            }
        }
        payload.ignored = [:]
        return losses
    }

    /// The last member name of an `ignored` key (`collapse_id` of `$.os_data.collapse_id`), or the key itself.
    private static func lastMemberName(_ key: String) -> String {
        guard let steps = JSONPath.components(of: key), case .member(let name)? = steps.last else { return key }
        return name
    }

    /// Removes the `ignored` entries that mean what leaving them out means, so translating them is no loss: a
    /// flag at its default (``VendorProfile/ignoredDefaults``), and a media type key
    /// (``VendorProfile/attachmentTypeKey``) that names the type the image URL's path names already (every
    /// service extension finds the type there).
    package static func dropIgnoredDefaults(from payload: inout PushPayload, source: any VendorAdapter) {
        dropIgnoredDefaults(from: &payload, profile: source.profile)
    }

    /// ``dropIgnoredDefaults(from:source:)`` with the source's profile already read.
    static func dropIgnoredDefaults(from payload: inout PushPayload, profile: VendorProfile) {
        guard !profile.ignoredDefaults.isEmpty || profile.attachmentTypeKey != nil else { return }
        for (key, value) in profile.ignoredDefaults where payload.ignored[key] == value {
            payload.ignored[key] = nil
        }
        guard let image = payload.imageURL, !payload.ignored.isEmpty else { return }
        var named: String?? = .none  // what the URL's path names, read once and only when a type key was kept
        for key in profile.attachmentTypeNames {
            guard let kept = payload.ignored[key] else { continue }
            if named == nil { named = .some(AttachmentType.ofURLPath(image)) }
            guard let urlType = named ?? nil, kept.stringValue.flatMap(AttachmentType.named(by:)) == urlType else {
                continue
            }
            payload.ignored[key] = nil
        }
    }

    /// ``prepare(_:from:to:collectingLosses:)`` on `payload` itself, with the profiles of `source` and `target` as
    /// the caller read them (each read once: reading one through the existential is a call and a retain).
    static func prepareInPlace(
        _ payload: inout PushPayload, from source: any VendorAdapter, to target: any VendorAdapter,
        profiles: (source: VendorProfile, target: VendorProfile), collectingLosses: Bool
    ) -> [Loss] {
        let sourceProfile = profiles.source, targetProfile = profiles.target
        guard sourceProfile.id != targetProfile.id else { return [] }
        var losses = LossList(collecting: collectingLosses)
        for (key, value) in losses.isCollecting ? payload.tracking.membersInCanonicalOrder : [] {
            // A tracking value that is the message id goes with the message id (kept, or one loss below).
            if let messageId = payload.messageId, value == .string(messageId) { continue }
            losses.append(Loss.tracking(key, value, reason: "\(sourceProfile.name) tracking data means nothing to \(targetProfile.name)"))
        }
        // Written only when there is something to clear: a write makes the payload its own copy of the fields.
        if !payload.tracking.isEmpty { payload.tracking = [:] }
        // An id the target's backend assigns is never another vendor's id (docs/WIRE-FORMATS.md §7.8).
        if targetProfile.assignsMessageId, let messageId = payload.messageId {
            losses.append(Loss(
                path: "$.messageId", value: .string(messageId),
                reason: "\(targetProfile.name)'s backend gives each push its own id when it sends it; "
                    + "\(sourceProfile.name)'s id is not written as \(targetProfile.name)'s"))
            payload.messageId = nil
        }
        // The text the source's extension shows instead of `aps.alert` is what the target's alert says.
        if payload.mutableContent, let key = sourceProfile.extensionAlertKey, payload.ignored[key] != nil {
            let shown = source.extensionAlert(for: payload)
            if let sent = payload.alert, sent != shown {
                losses.append(Loss(
                    path: "$.alert", value: sent.json,
                    reason: "\(sourceProfile.name)'s service extension showed its content override instead; "
                        + "\(targetProfile.name) shows the override as the alert"))
            }
            payload.alert = shown
            payload.ignored[key] = nil
        }
        // What the source's SDK reads for itself is no custom data of the target's.
        // Only the keys the data holds are sorted (nearly always none), not the whole set on every payload.
        var internalKeys: [String] = []
        let sourceInternalKeys = sourceProfile.internalKeys
        if !sourceInternalKeys.isEmpty, !payload.data.isEmpty {
            let data = payload.data  // read once, not once per key
            for key in sourceInternalKeys {
                // Lengths first (each member's fingerprint holds its key's): a key is looked up, its own fingerprint
                // made, only when a member is as long (these keys are long, custom data keys mostly short).
                let length = key.utf8.count
                guard data.members.contains(where: { $0.fingerprint.count == length }), data.contains(key: key)
                else { continue }
                internalKeys.append(key)
            }
        }
        for key in internalKeys.count > 1 ? internalKeys.sorted() : internalKeys {
            guard let value = payload.data.removeValue(forKey: key) else { continue }
            losses.append(Loss(
                path: JSONPath.member(key, of: "$.data"), value: value,
                reason: "'\(key)' is read by \(sourceProfile.name)'s SDK itself; it means nothing to \(targetProfile.name)"))
        }
        // Only the losses tell the defaults from the other entries: without them every entry is cleared alike.
        if collectingLosses { dropIgnoredDefaults(from: &payload, profile: sourceProfile) }
        let ignored = dropIgnored(
            from: &payload, sourceName: sourceProfile.name, targetName: targetProfile.name,
            sendRequestKeys: sourceProfile.sendRequestKeys, collectingLosses: collectingLosses)
        losses.append(contentsOf: ignored)
        if let category = payload.category, source.ownsCategory(category) {
            payload.category = nil
        }
        // A spelled-out content-available the source read as set travels as APNs' number 1, which every vendor reads.
        if payload.contentAvailable, APSCoding.isSpelledOutSet(payload.apsExtra["content-available"]) {
            payload.apsExtra["content-available"] = nil
        }
        let copiesMessageLink: Bool
        switch sourceProfile.capabilities.buttonRouting {
        case .ownThenMessage, .messageWhenForeground: copiesMessageLink = targetProfile.capabilities.buttonRouting == .ownOnly
        case .ownOnly, .nothing: copiesMessageLink = false
        }
        if copiesMessageLink, let link = payload.deepLink, !link.isEmpty {
            for index in payload.buttons.indices {
                let button = payload.buttons[index]
                guard button.deepLink == nil, button.action == nil, button.foreground, !button.destructive else { continue }
                payload.buttons[index].deepLink = link
            }
        }
        if sourceProfile.capabilities.buttonRouting == .ownOnly, targetProfile.capabilities.buttonRouting == .messageWhenForeground,
            payload.deepLink != nil || payload.action != nil
        {
            for (index, button) in payload.buttons.enumerated()
            where button.foreground && !button.destructive && button.deepLink == nil && button.action == nil {
                losses.append(Loss(
                    path: JSONPath.element(index, of: "$.buttons"), value: button.json,
                    reason: "in \(targetProfile.name) this button would run the message's action and link; in \(sourceProfile.name) it routes nothing"))
            }
        }
        return losses.collected
    }
}
