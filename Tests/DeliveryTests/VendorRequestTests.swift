import PushBridge
import PushBridgeVendors
import Testing

@Suite("Receipt requests per vendor")
struct VendorRequestTests {
    static let key = "wk_live_do_not_print"

    /// Each vendor: a receipt it makes, the path, the credential header and its value.
    static let cases: [(any VendorAdapter, Receipt, String, String, String)] = [
        (ZixflowAdapter(), Receipt(vendor: "zixflow", kind: .delivered, event: "Delivered",
                                   properties: ["Zixflow-Delivery-ID": "d", "Zixflow-Delivery-Token": "t"],
                                   messageId: "d"),
         "/v1/track", "Authorization", "Basic \(key)"),
        (BuzzKitAdapter(), Receipt(vendor: "buzzkit", kind: .opened, event: "$notification.opened",
                                   properties: ["messageId": "m", "action": "confirm"], messageId: "m"),
         "/v1/events", "Authorization", "Bearer \(key)"),
        (AppDNAAdapter(), Receipt(vendor: "appdna", kind: .opened, event: "push_tapped",
                                  properties: ["push_id": "p", "action": "open"], messageId: "p"),
         "/v1/push/events", "X-API-Key", key),
        (PushNotifAIAdapter(), Receipt(vendor: "pushnotifai", kind: .dismissed, event: "$notification_dismissed",
                                       properties: ["message_id": "n"], messageId: "n"),
         "/v1/events", "Authorization", "Bearer \(key)"),
    ]

    @Test("each vendor posts {event, properties} as canonical JSON to its path, the key in its credential header")
    func requestShapes() throws {
        for (adapter, receipt, path, header, value) in Self.cases {
            let request = adapter.receiptRequest(for: receipt, writeKey: Self.key)!
            #expect(request.method == "POST")
            #expect(request.path == path)
            #expect(request.header("Content-Type") == "application/json")
            #expect(request.header(header) == value)
            #expect(request.headers.filter(\.isSecret).map(\.name) == [header])
            let body = try JSONParser.parse(request.body)
            #expect(body == ["event": .string(receipt.event), "properties": .object(receipt.properties)])
            #expect(request.body == JSONWriter.bytes(body), "canonical, so every retry sends the same bytes")
            #expect(request == adapter.receiptRequest(for: receipt, writeKey: Self.key)!)
        }
    }

    @Test("without a write key (nil or empty) no credential header is sent")
    func noKey() {
        for (adapter, receipt, _, header, _) in Self.cases {
            #expect(adapter.receiptRequest(for: receipt, writeKey: nil)!.header(header) == nil)
            #expect(adapter.receiptRequest(for: receipt, writeKey: "")!.header(header) == nil)
        }
    }

    @Test("a request's description, debug description and dump show [redacted] instead of the write key")
    func descriptionsRedact() {
        for (adapter, receipt, path, _, _) in Self.cases {
            let request = adapter.receiptRequest(for: receipt, writeKey: Self.key)!
            var dumped = ""
            dump(request, to: &dumped)
            for text in ["\(request)", String(reflecting: request), dumped] {
                #expect(!text.contains(Self.key))
                #expect(text.contains("[redacted]"))
                #expect(text.contains(path))
            }
        }
    }

    @Test("every built-in adapter describes its receipt requests; documented hosts are Zixflow's and PushNotifAI's")
    func everyVendor() {
        let hosts = BuiltInVendors.all.map { ($0.id, $0.profile.receiptService?.defaultBaseURL) }
        #expect(Array(hosts.map(\.0).prefix(4)) == ["zixflow", "buzzkit", "appdna", "pushnotifai"])
        #expect(BuiltInVendors.all.allSatisfy { $0.profile.receiptService != nil })
        #expect(Array(hosts.map(\.1).prefix(4)) == ["https://events.zixflow.in", nil, nil, "https://api.pushnotif.ai"])
        // A vendor's host is https when it has one: the app's collector otherwise.
        #expect(hosts.compactMap(\.1).allSatisfy { $0.hasPrefix("https://") })
    }
}
