import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// A vendor with Zixflow's receipt table whose receipts go to a path of their own (`PUT /track/<kind>`), or,
/// with `describesRequests` false, that takes no receipts over HTTP.
private func zixflowLike(_ id: String, _ name: String, describesRequests: Bool) -> FakeAdapter {
    var fake = FakeAdapter(id: id, name: name, marker: id)
    fake.profile.capabilities = ZixflowAdapter().capabilities
    fake.profile.eventTable = ZixflowAdapter().eventTable
    guard describesRequests else { return fake }
    fake.profile.receiptService = ReceiptService()
    fake.receiptRequestHook = { receipt, _ in
        ReceiptRequest(method: "PUT", path: "/track/" + receipt.kind.rawValue, headers: [], body: [])
    }
    return fake
}

@Suite("Where each vendor's receipts go, from the registry")
struct ReceiptEndpointsTests {
    @Test("the built-in vendors: one method and path each, in registration order")
    func builtIns() {
        let endpoints = BuiltInVendors.registry.receiptEndpoints.map(\.description)
        #expect(
            Array(endpoints.prefix(4)) == [
                "Zixflow POST /v1/track", "BuzzKit POST /v1/events", "AppDNA POST /v1/push/events",
                "PushNotifAI POST /v1/events",
            ])
        // Every built-in vendor has at least one, in registration order.
        let names = BuiltInVendors.all.map(\.name)
        let order = endpoints.compactMap { line in names.firstIndex { line.hasPrefix($0 + " ") } }
        #expect(Set(order) == Set(names.indices))
        #expect(order == order.sorted())
    }

    @Test("each distinct method and path of an adapter's event-table rows is listed once; no requests, no entry")
    func perRow() {
        let relocated = zixflowLike("relocated", "Relocated", describesRequests: true)
        let registry = VendorRegistry([relocated, PushNotifAIAdapter()])
        #expect(
            registry.receiptEndpoints.map(\.description) == [
                "Relocated PUT /track/delivered", "Relocated PUT /track/opened", "Relocated PUT /track/actionClicked",
                "PushNotifAI POST /v1/events",
            ])
        #expect(VendorRegistry([zixflowLike("custom", "Custom", describesRequests: false)]).receiptEndpoints.isEmpty)
    }

    @Test("flush --help lists every registered vendor's method and path")
    func flushHelp() throws {
        let help = try CLI.run(["flush", "--help"]).stdout
        for endpoint in BuiltInVendors.registry.receiptEndpoints {
            // A vendor with several endpoints (OneSignal) has one line for each.
            let line = help.split(separator: "\n").first {
                $0.hasPrefix("  " + endpoint.vendorName + " ") && $0.hasSuffix(" \(endpoint.method) \(endpoint.path)")
            }
            #expect(line != nil, "\(endpoint) in:\n\(help)")
        }
    }

    @Test("Braze, Airship and FCM receipts go to the app's collector, the other real vendors' to their event API (R5)")
    func destinations() {
        var destinations: [String: Set<ReceiptDestination>] = [:]
        for endpoint in BuiltInVendors.registry.receiptEndpoints {
            destinations[endpoint.vendor, default: []].insert(endpoint.destination)
        }
        for vendor in ["braze", "airship", "fcm"] { #expect(destinations[vendor] == [.appCollector], "\(vendor)") }
        for vendor in ["onesignal", "iterable", "customerio", "klaviyo", "zixflow"] {
            #expect(destinations[vendor] == [.vendorAPI], "\(vendor)")
        }
    }

    @Test("flush --help says which vendors' receipts go to the app's own collector")
    func flushHelpSaysWhichIsWhich() throws {
        let help = try CLI.run(["flush", "--help"]).stdout
        let note = help.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.contains("app's own collector") }.prefix(3).joined(separator: " ")
        for name in ["Braze", "Airship", "Firebase Cloud Messaging"] {
            #expect(note.contains(name), "\(name) in:\n\(help)")
        }
        for name in ["OneSignal", "Iterable", "Customer.io", "Klaviyo"] {
            #expect(!note.contains(name), "\(name) in:\n\(help)")
        }
    }
}
