import PushBridge
import PushBridgeConformance
import PushBridgeVendors

/// The real Zixflow adapter with one deliberate mistake, to prove the suite catches it.
struct FlawedZixflowAdapter: CategoryProviding {
    /// The mistake.
    enum Flaw: Sendable, CaseIterable {
        /// Sends `Open` where Zixflow's backend expects `Opened`.
        case wrongEventName
        /// Sends `Push Notification Action Clicked` before `Opened`.
        case receiptsInWrongOrder
        /// Would force-unwrap `deeplink_url`, `image_url` or `click_action` as a string (simulated crash).
        case crashesOnWrongType
        /// Drops `image_url` when encoding, without reporting a loss.
        case losesImageSilently
        /// Also claims BuzzKit's payloads (any userInfo with a `buzzkit` key).
        case claimsBuzzKitPayloads
        /// Writes no `aps.alert` when encoding.
        case dropsAlertWhenEncoding
        /// Stamps every decode with a counter, so two decodes differ.
        case decodesDifferentlyEachTime
        /// Forgets `deeplink_url` when asked not to collect losses.
        case leanEncodeDropsDeepLink
        /// Owns `ZX_2BTN` (as Zixflow does) but provides no category.
        case providesNoCategory
    }

    let flaw: Flaw
    private let base = ZixflowAdapter()
    private static let decodeCount = Locked(0)

    var id: String { base.id }
    var name: String { base.name }
    var capabilities: VendorCapabilities { base.capabilities }
    var eventTable: [EventTableEntry] { base.eventTable }

    func claims(_ userInfo: JSONObject) -> Bool {
        base.claims(userInfo) || (flaw == .claimsBuzzKitPayloads && userInfo["buzzkit"] != nil)
    }

    func decode(_ userInfo: JSONObject) -> DecodeResult {
        if flaw == .crashesOnWrongType {
            for key in ["deeplink_url", "image_url", "click_action"]
            where userInfo[key].map({ $0.stringValue == nil }) ?? false {
                SimulatedCrash.record("userInfo[\"\(key)\"] as! String: the value is a \(userInfo[key]!.typeName)")
                return DecodeResult(payload: PushPayload(vendor: id))
            }
        }
        var result = base.decode(userInfo)
        if flaw == .decodesDifferentlyEachTime {
            result.payload.data["decoded"] = .int(Self.decodeCount.withLock { count in
                count += 1
                return count
            })
        }
        return result
    }

    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        var userInfo = base.userInfo(for: payload, losses: &losses)
        switch flaw {
        case .losesImageSilently:
            userInfo["image_url"] = nil
        case .dropsAlertWhenEncoding:
            if case .object(var aps)? = userInfo["aps"] {
                aps["alert"] = nil
                userInfo["aps"] = .object(aps)
            }
        case .leanEncodeDropsDeepLink where !losses.isCollecting:
            userInfo["deeplink_url"] = nil
        default:
            break
        }
        return userInfo
    }

    func ownsCategory(_ category: String) -> Bool { base.ownsCategory(category) }

    var launchCategories: [NotificationCategory] { flaw == .providesNoCategory ? [] : base.launchCategories }

    func categories(for payload: PushPayload) -> [NotificationCategory] {
        flaw == .providesNoCategory ? [] : base.categories(for: payload)
    }

    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        var receipts = base.receipts(for: step, payload: payload, context: context)
        switch flaw {
        case .wrongEventName:
            for index in receipts.indices where receipts[index].event == "Opened" { receipts[index].event = "Open" }
        case .receiptsInWrongOrder:
            receipts.reverse()
        default:
            break
        }
        return receipts
    }

    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        base.tapPlan(for: step, payload: payload, context: context)
    }
}
