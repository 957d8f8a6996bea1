import PushBridge

/// AppDNA (placeholder until the adapter lands).
public struct AppDNAAdapter: VendorAdapter {
    public init() {}
    public var id: String { "appdna" }
    public var name: String { "AppDNA" }
    public var capabilities: VendorCapabilities {
        VendorCapabilities(maxButtons: 0, buttonDeepLinks: false, textInput: false, namedActions: false, images: false,
                           buttonsNeedServiceExtension: true, buttonRouting: .nothing)
    }
    public var eventTable: [EventTableEntry] { [] }
    public func claims(_ userInfo: [String: JSONValue]) -> Bool { false }
    public func decode(_ userInfo: [String: JSONValue]) -> DecodeResult { DecodeResult(payload: PushPayload(vendor: id)) }
    public func encode(_ payload: PushPayload) -> EncodeResult { EncodeResult(userInfo: [:]) }
    public func ownsCategory(_ category: String) -> Bool { false }
    public func receipts(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> [Receipt] { [] }
    public func tapPlan(for step: LifecycleStep, payload: PushPayload, context: ReceiptContext) -> TapPlan { .nothing }
}
