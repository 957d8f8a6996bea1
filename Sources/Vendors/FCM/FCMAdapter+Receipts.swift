import PushBridge

extension FCMAdapter {
    /// The parameters of `_nf` and `_no` (FIRMessagingAnalytics.m `paramsForEvent:withNotification:`;
    /// names from Interop/Analytics/Public/FIRInteropParameterNames.h).
    public enum AnalyticsParameter {
        /// `google.c.a.c_id`, when a non-empty string.
        public static let messageId = "_nmid"
        /// `google.c.a.c_l`, when a non-empty string.
        public static let messageName = "_nmn"
        /// `google.c.a.m_l`, when a non-empty string.
        public static let label = "label"
        /// `from`, when it contains `/topics/`.
        public static let topic = "_nt"
        /// `google.c.a.ts` as an integer, when not 0.
        public static let messageTime = "_nmt"
        /// `google.c.a.udt` as sent, when present.
        public static let deviceTime = "_ndt"
        /// Every parameter, in the SDK's order.
        public static let all = [messageId, messageName, label, topic, messageTime, deviceTime]
    }

    /// The parameters of `_cmp` (FIRMessagingAnalytics.m `logUserPropertyForConversionTracking:`).
    public enum CampaignParameter {
        /// Always `Firebase`.
        public static let source = "source"
        /// Always `notification`.
        public static let medium = "medium"
        /// `google.c.a.c_id`.
        public static let campaign = "campaign"
        /// Every parameter.
        public static let all = [source, medium, campaign]
    }

    /// The fields of the delivery metric (FIRMessagingExtensionHelper.m `exportDeliveryMetricsToBigQueryWithMessageInfo:`,
    /// the `fm_MessagingClientEvent` fields it sets from the payload).
    public enum DeliveryMetric {
        /// `google.c.sender.id` as an integer.
        public static let projectNumber = "project_number"
        /// `gcm.message_id`.
        public static let messageId = "message_id"
        /// `google.c.fid`.
        public static let instanceId = "instance_id"
        /// `DISPLAY_NOTIFICATION` (always, in the service extension).
        public static let messageType = "message_type"
        /// `google.c.a.m_l`, when present.
        public static let analyticsLabel = "analytics_label"
        /// `google.c.a.c_id` as an integer, when present.
        public static let campaignId = "campaign_id"
        /// `google.c.a.c_l`, when present.
        public static let composerLabel = "composer_label"
        /// `google.product_id` as an integer, when present.
        public static let productId = "product_id"
        /// Every field.
        public static let all = [
            projectNumber, messageId, instanceId, messageType, analyticsLabel, campaignId, composerLabel, productId,
        ]
        /// The message type the extension reports.
        public static let displayNotification = "DISPLAY_NOTIFICATION"
    }

    /// What a step sends (docs/vendors/fcm.md, "Receipts"), as `appDidReceiveMessage:` logs it by the app state
    /// (firebase/firebase-ios-sdk:FirebaseMessaging/Sources/FIRMessagingAnalytics.m@eed63a35 `logMessage:toAnalytics:`):
    /// - `arrive:service-extension`: `MESSAGE_DELIVERED` when ``exportsDeliveryMetrics`` is on and the payload has
    ///   `google.c.sender.id`, a message id and a string `google.c.fid`.
    /// - every sighting in the app (`arrive:foreground`, `arrive:background`, `open`, `open:<id>`, `dismiss`),
    ///   when analytics is on: `_nf` while the app is active (an `arrive:foreground` always is); otherwise, for a
    ///   visible push, `_cmp` when conversions are tracked, then `_no` (a tap comes in the Inactive state, a
    ///   background arrival or a dismiss in the Background state: both log the open). Only the first sighting of a
    ///   message id runs (``handlesMessageOnce(at:)``). FCM does not tell a button from the body.
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] {
        switch step {
        case .arrive(.serviceExtension):
            guard exportsDeliveryMetrics, let metric = Self.deliveryMetric(payload) else { return [] }
            return [receipt(.delivered, Event.delivered, metric, payload: payload)]
        case .arrive(.foreground), .arrive(.background), .open, .openAction, .dismiss:
            guard Self.logsAnalytics(payload) else { return [] }
            if step == .arrive(.foreground) || context.appState == .active {
                return [receipt(.delivered, Event.foreground, Self.analyticsParameters(payload), payload: payload)]
            }
            guard Self.isDisplayNotification(payload) else { return [] }
            var receipts: [Receipt] = []
            if let campaign = Self.campaignParameters(payload) {
                receipts.append(receipt(.opened, Event.campaign, campaign, payload: payload))
            }
            receipts.append(receipt(.opened, Event.open, Self.analyticsParameters(payload), payload: payload))
            return receipts
        case .configure, .launch:
            return []
        }
    }

    /// Every sighting in the app hands `gcm.app_link` to the app's `continueUserActivity` only, never the system
    /// opener, and only an `http`/`https` link (FIRMessaging.m `handleIncomingLinkIfNeededFromMessage:` sets it
    /// as `NSUserActivity.webpageURL`); a button tap is a response like the body's.
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan {
        guard Self.isSighting(step), let deepLink = payload.deepLink, !deepLink.isEmpty else { return .nothing }
        return TapPlan(deepLink: deepLink, linkGate: .userActivityOnly)
    }

    // MARK: What the SDK reads

    /// `canLogNotification:`: `google.c.a.e` is the string `"1"`.
    static func logsAnalytics(_ payload: PushPayload) -> Bool {
        payload.tracking[Key.analyticsEnabled]?.stringValue == "1"
    }

    /// `isDisplayNotification:`: `aps.alert` is a string, or an object with at least one key.
    static func isDisplayNotification(_ payload: PushPayload) -> Bool {
        switch APSCoding.encode(payload)["alert"] {
        case .string?: return true
        case .object(let members)?: return !members.isEmpty
        default: return false
        }
    }

    /// The parameters of `_nf` / `_no`.
    static func analyticsParameters(_ payload: PushPayload) -> JSONObject {
        let tracking = payload.tracking
        var parameters: JSONObject = [:]
        func nonEmptyString(_ key: String) -> JSONValue? {
            guard let text = tracking[key]?.stringValue, !text.isEmpty else { return nil }
            return .string(text)
        }
        parameters[AnalyticsParameter.messageId] = nonEmptyString(Key.composerId)
        parameters[AnalyticsParameter.messageName] = nonEmptyString(Key.composerLabel)
        parameters[AnalyticsParameter.label] = nonEmptyString(Key.messageLabel)
        if let from = tracking[Key.from]?.stringValue, from.contains("/topics/") {
            parameters[AnalyticsParameter.topic] = .string(from)
        }
        if let time = tracking[Key.timestamp].flatMap(ObjCNumber.longLongValue), time != 0 {
            parameters[AnalyticsParameter.messageTime] = .int(Int(time))
        }
        if let deviceTime = tracking[Key.useDeviceTime] { parameters[AnalyticsParameter.deviceTime] = deviceTime }
        return parameters
    }

    /// The parameters of `_cmp`, or nil when conversions are not tracked: `google.c.a.tc` has the integer value 1
    /// and `google.c.a.c_id` is a non-empty string.
    static func campaignParameters(_ payload: PushPayload) -> JSONObject? {
        guard payload.tracking[Key.trackConversions].flatMap(ObjCNumber.longLongValue) == 1,
            let campaign = payload.tracking[Key.composerId]?.stringValue, !campaign.isEmpty
        else { return nil }
        return [
            CampaignParameter.source: "Firebase", CampaignParameter.medium: "notification",
            CampaignParameter.campaign: .string(campaign),
        ]
    }

    /// The delivery metric's fields, or nil when the SDK logs none: `google.c.sender.id` present, a message id,
    /// and a string `google.c.fid`.
    static func deliveryMetric(_ payload: PushPayload) -> JSONObject? {
        let tracking = payload.tracking
        guard let sender = tracking[Key.senderId], let messageId = payload.messageId,
            let installation = tracking[Key.installationId]?.stringValue
        else { return nil }
        var metric: JSONObject = [
            DeliveryMetric.projectNumber: .int(Int(ObjCNumber.longLongValue(sender) ?? 0)),
            DeliveryMetric.messageId: .string(messageId), DeliveryMetric.instanceId: .string(installation),
            DeliveryMetric.messageType: .string(DeliveryMetric.displayNotification),
        ]
        if let label = tracking[Key.messageLabel] { metric[DeliveryMetric.analyticsLabel] = label }
        if let campaign = tracking[Key.composerId] {
            metric[DeliveryMetric.campaignId] = .int(Int(ObjCNumber.longLongValue(campaign) ?? 0))
        }
        if let composer = tracking[Key.composerLabel] { metric[DeliveryMetric.composerLabel] = composer }
        if let product = tracking[Key.productId] {
            metric[DeliveryMetric.productId] = .int(Int(ObjCNumber.intValue(product) ?? 0))
        }
        return metric
    }
}

/// How Foundation reads a number out of a JSON value the way `NSString` / `NSNumber` do (`longLongValue`,
/// `intValue`), for the SDK's `respondsToSelector:@selector(longLongValue)` checks.
enum ObjCNumber {
    /// `longLongValue`: a number truncated toward zero (clamped to 64 bits), a boolean as 1 or 0, a string's
    /// leading integer after whitespace (0 when there is none; clamped on overflow); nil for other types.
    static func longLongValue(_ value: JSONValue) -> Int64? {
        switch value {
        case .bool(let flag): return flag ? 1 : 0
        case .number(let number):
            if let integer = Int64(number.literal) { return integer }
            guard let double = number.doubleValue, !double.isNaN else { return 0 }
            return Int64(exactly: double.rounded(.towardZero)) ?? (double > 0 ? .max : .min)
        case .string(let text): return leadingInteger(text)
        case .null, .array, .object: return nil
        }
    }

    /// `intValue`: ``longLongValue(_:)`` clamped to 32 bits.
    static func intValue(_ value: JSONValue) -> Int32? {
        longLongValue(value).map { Int32(clamping: $0) }
    }

    /// The integer at the start of `text` after whitespace, with an optional sign; 0 when there is none.
    private static func leadingInteger(_ text: String) -> Int64 {
        var bytes = text.utf8.drop { $0 == 0x20 || (0x09...0x0d).contains($0) }
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            bytes = bytes.dropFirst()
        }
        var magnitude: UInt64 = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            let (times, overflowTimes) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if overflowTimes || overflowSum { return negative ? .min : .max }
            magnitude = sum
        }
        if negative { return magnitude > UInt64(Int64.max) ? .min : -Int64(magnitude) }
        return magnitude > UInt64(Int64.max) ? .max : Int64(magnitude)
    }
}
