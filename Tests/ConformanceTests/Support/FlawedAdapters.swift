import PushBridge
import PushBridgeConformance
import PushBridgeTestSupport
import PushBridgeVendors

/// The real Zixflow adapter with one deliberate mistake, to prove the suite catches it.
struct FlawedZixflowAdapter: VendorAdapter {
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
        /// Names the opened event `Open` in its event table only (its receipts still say `Opened`).
        case renamesEventInTableOnly
        /// Adds a `campaign` property to every receipt that its event table does not list.
        case sendsUnlistedProperty
        /// Always writes `aps.mutable-content: 1`, and never reports the `$.mutableContent` loss that adding it is.
        case addsMutableContentSilently
        /// Puts the write key into the receipt request's JSON body as well as its secret header.
        case putsWriteKeyInBody
        /// Names `zixflow_id` as its claim key, though it claims on `Zixflow-Delivery-ID`.
        case namesWrongClaimKey
        /// Declares Zixflow's event table but sends no receipt at all.
        case sendsNoReceipts
        /// Declares Zixflow's two buttons but writes none when encoding, and reports no loss.
        case dropsButtonsSilently
        /// Also claims OneSignal's payloads (any userInfo with `custom.i`).
        case claimsOneSignalPayloads
    }

    let flaw: Flaw
    private let base = ZixflowAdapter()
    private static let decodeCount = Locked(0)

    var profile: VendorProfile {
        var profile = base.profile
        if flaw == .renamesEventInTableOnly {
            profile.eventTable = base.eventTable.map { row in
                var row = row
                if row.event == "Opened" { row.event = "Open" }
                return row
            }
        }
        switch flaw {
        case .namesWrongClaimKey: profile.claimKeys = ["zixflow_id"]
        case .claimsBuzzKitPayloads, .claimsOneSignalPayloads:
            profile.claimKeys = nil  // it claims on another vendor's marker too: asked about every payload
        case .providesNoCategory: profile.categories?.launch = []
        default: break
        }
        return profile
    }

    func claims(_ userInfo: JSONObject) -> Bool {
        base.claims(userInfo) || (flaw == .claimsBuzzKitPayloads && userInfo["buzzkit"] != nil)
            || (flaw == .claimsOneSignalPayloads && userInfo["custom"]?["i"]?.stringValue != nil)
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
        var own = LossList(collecting: losses.isCollecting)
        var userInfo = base.userInfo(for: payload, losses: &own)
        losses.append(contentsOf: own.collected.filter {
            switch flaw {
            case .addsMutableContentSilently: return $0.path != "$.mutableContent"
            case .dropsButtonsSilently: return !$0.path.hasPrefix("$.buttons")
            default: return true
            }
        })
        switch flaw {
        case .losesImageSilently:
            userInfo["image_url"] = nil
        case .dropsAlertWhenEncoding:
            if case .object(var aps)? = userInfo["aps"] {
                aps["alert"] = nil
                userInfo["aps"] = .object(aps)
            }
        case .dropsButtonsSilently:
            userInfo["action_buttons"] = nil
        case .leanEncodeDropsDeepLink where !losses.isCollecting:
            userInfo["deeplink_url"] = nil
        case .addsMutableContentSilently:
            if case .object(var aps)? = userInfo["aps"] {
                aps["mutable-content"] = 1
                userInfo["aps"] = .object(aps)
            }
        default:
            break
        }
        return userInfo
    }

    func ownsCategory(_ category: String) -> Bool { base.ownsCategory(category) }

    func categories(for payload: PushPayload) -> [NotificationCategory] {
        flaw == .providesNoCategory ? [] : base.categories(for: payload)
    }

    func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        var receipts = base.receipts(for: step, payload: payload, context: context)
        switch flaw {
        case .sendsNoReceipts:
            receipts = []
        case .wrongEventName:
            for index in receipts.indices where receipts[index].event == "Opened" { receipts[index].event = "Open" }
        case .receiptsInWrongOrder:
            receipts.reverse()
        case .sendsUnlistedProperty:
            for index in receipts.indices { receipts[index].properties["campaign"] = "spring" }
        default:
            break
        }
        return receipts
    }

    func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        base.tapPlan(for: step, payload: payload, context: context)
    }
}

extension FlawedZixflowAdapter {
    func actionReceipt(for action: PushAction, handled: Bool, payload: PushPayload) -> Receipt? {
        flaw == .sendsNoReceipts ? nil : base.actionReceipt(for: action, handled: handled, payload: payload)
    }

    func routeReceipt(url: String, via: RouteVia, payload: PushPayload) -> Receipt? {
        flaw == .sendsNoReceipts ? nil : base.routeReceipt(url: url, via: via, payload: payload)
    }

    func receiptRequest(for receipt: Receipt, writeKey: String?) -> ReceiptRequest? {
        guard var request = base.receiptRequest(for: receipt, writeKey: writeKey) else { return nil }
        if flaw == .putsWriteKeyInBody, let writeKey {
            request.body = JSONWriter.bytes(.object(["key": .string(writeKey), "event": .string(receipt.event)]))
        }
        return request
    }
}

/// The real Zixflow adapter without its receipt requests and token registration: receipts that `flush` could
/// never deliver, and a backend that never learns the device token.
func undeliverableZixflowAdapter() -> FakeAdapter {
    var fake = FakeAdapter(wrapping: ZixflowAdapter())
    fake.profile.receiptService = nil
    fake.profile.tokenRegistration = .none
    fake.receiptRequestHook = nil
    fake.tokenRegistrationHook = nil
    return fake
}

/// The real PushNotifAI adapter, whose event table sends `push_tapped` on body and button taps, sending it on body
/// taps only.
func buttonTapSilentPushNotifAIAdapter() -> FakeAdapter {
    let base = PushNotifAIAdapter()
    var fake = FakeAdapter(wrapping: base)
    fake.receiptPlan = { step, payload, context in
        if case .openAction = step { return [] }
        return base.receipts(for: step, payload: payload, context: context)
    }
    return fake
}
