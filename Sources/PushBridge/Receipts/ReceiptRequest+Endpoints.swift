/// Where a vendor's backend takes receipts over HTTP: one method and path under the base URL.
public struct ReceiptEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The vendor's id (`zixflow`).
    public var vendor: String
    /// The vendor's display name (`Zixflow`).
    public var vendorName: String
    /// `POST`, usually.
    public var method: String
    /// The path under the base URL (`/v1/track`).
    public var path: String
    /// Whether the path is the vendor's event API or the app's own collector.
    public var destination: ReceiptDestination

    /// Creates an endpoint.
    public init(
        vendor: String, vendorName: String, method: String, path: String, destination: ReceiptDestination = .vendorAPI
    ) {
        self.vendor = vendor
        self.vendorName = vendorName
        self.method = method
        self.path = path
        self.destination = destination
    }

    /// `Zixflow POST /v1/track`.
    public var description: String { "\(vendorName) \(method) \(path)" }
}

extension VendorRegistry {
    /// Where each registered vendor's receipts go, in registration order: the distinct method and path of the
    /// requests its adapter describes (``VendorAdapter/receiptRequest(for:writeKey:)``) for a receipt of each row
    /// of its event table. A vendor whose adapter describes no requests is left out. Generated, so help texts
    /// and documents listing the paths cannot drift from the adapters.
    public var receiptEndpoints: [ReceiptEndpoint] {
        adapters.flatMap { adapter -> [ReceiptEndpoint] in
            guard let service = adapter.profile.receiptService else { return [] }
            var endpoints: [ReceiptEndpoint] = []
            for row in adapter.eventTable {
                let sample = Receipt(
                    vendor: adapter.id, kind: row.kind, event: row.event, properties: [:], messageId: nil)
                guard let request = adapter.receiptRequest(for: sample, writeKey: nil) else { continue }
                let endpoint = ReceiptEndpoint(
                    vendor: adapter.id, vendorName: adapter.name, method: request.method, path: request.path,
                    destination: service.destination)
                if !endpoints.contains(endpoint) { endpoints.append(endpoint) }
            }
            return endpoints
        }
    }
}
