import PushBridge

/// The coding laws again on a payload without `aps.mutable-content`: most cases carry it, so without this an
/// encoder that adds `mutable-content` (for an image or buttons) without reporting it as a loss would pass.
extension ConformanceSuite {
    /// `payload` with `aps.mutable-content` removed; nil when it has none to remove.
    static func withoutMutableContent(_ payload: JSONObject) -> JSONObject? {
        guard var aps = payload["aps"]?.objectValue, aps["mutable-content"] != nil else { return nil }
        aps["mutable-content"] = nil
        var stripped = payload
        stripped["aps"] = .object(aps)
        return stripped
    }

    /// The coding laws (deterministic decode, round trip, idempotence, lean encode, valid APNs) on `payload`
    /// without `aps.mutable-content` (no failures when it has none), each failure's check wrapped in
    /// ``ConformanceCheck/withoutMutableContent(_:)``. The failures carry no case id yet.
    func mutableContentFailures(
        _ payload: JSONObject, adapter: any VendorAdapter, claimedBy: String?
    ) -> [ConformanceFailure] {
        guard let stripped = Self.withoutMutableContent(payload) else { return [] }
        var options = options
        options.maxAdversarialVariants = 0
        options.plantsMarkers = false
        let coding = ConformanceSuite(registry: registry, options: options)
        return coding.lawFailures(stripped, adapter: adapter, claimedBy: claimedBy).map { failure in
            var failure = failure
            failure.check = .withoutMutableContent(failure.check)
            return failure
        }
    }
}
