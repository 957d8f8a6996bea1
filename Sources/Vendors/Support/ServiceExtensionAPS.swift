import PushBridge

/// The category an encoder writes in `aps`.
enum WrittenAPSCategory {
    /// The payload's own.
    case payload
    /// None: the payload's is dropped (a kept `apsExtra` one stays, as `APSCoding` writes it).
    case dropped
    /// This one, in place of the payload's.
    case replaced(String)
}

extension PushPayload {
    /// `APSCoding.encode` of this payload after `requireServiceExtension(if:for:vendor:vendorName:losses:)` and with
    /// `category` set as `category` says: the same `aps` and the same losses as on a changed copy. When the rule
    /// only sets the flag (another vendor's payload, or the flag already set) and nothing is kept in `apsExtra`,
    /// the written `aps` is changed instead of a copy of the payload (which the translator still holds, so
    /// setting one field would copy all of them).
    func encodedAPS(
        requiringServiceExtensionIf needed: Bool, for trigger: ServiceExtensionTrigger, vendor: String,
        vendorName: String, category: WrittenAPSCategory = .payload, losses: inout LossList
    ) -> JSONObject {
        let setsFlag = needed && !mutableContent
        let changesCategory: Bool
        switch category {
        case .payload: changesCategory = false
        case .dropped: changesCategory = self.category != nil
        case .replaced(let written): changesCategory = self.category != written
        }
        guard setsFlag || changesCategory else { return APSCoding.encode(self) }
        guard apsExtra.isEmpty, !setsFlag || self.vendor != vendor else {
            var wire = self
            wire.requireServiceExtension(if: needed, for: trigger, vendor: vendor, vendorName: vendorName, losses: &losses)
            switch category {
            case .payload: break
            case .dropped: wire.category = nil
            case .replaced(let written): wire.category = written
            }
            return APSCoding.encode(wire)
        }
        // Without kept members, `APSCoding.encode` writes `category` from the field alone and no `mutable-content`
        // without the flag; the rule reports nothing for another vendor's payload.
        var aps = APSCoding.encode(self)
        if setsFlag { aps.appendNew("mutable-content", 1) }
        switch category {
        case .payload: break
        case .dropped: if changesCategory { aps.removeValue(forKey: "category") }
        case .replaced(let written): if changesCategory { aps["category"] = .string(written) }
        }
        return aps
    }

    /// ``encodedAPS(requiringServiceExtensionIf:for:vendor:vendorName:category:losses:)`` when `trigger` is met.
    func encodedAPS(
        requiringServiceExtensionWhen trigger: ServiceExtensionTrigger, vendor: String, vendorName: String,
        category: WrittenAPSCategory = .payload, losses: inout LossList
    ) -> JSONObject {
        encodedAPS(
            requiringServiceExtensionIf: trigger.isMet(by: self), for: trigger, vendor: vendor, vendorName: vendorName,
            category: category, losses: &losses)
    }
}
