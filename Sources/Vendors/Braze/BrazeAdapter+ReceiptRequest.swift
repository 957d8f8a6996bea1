import PushBridge

/// Braze's SDK reports taps through its private batched endpoint (`POST /api/v3/data` with
/// `XBraze-ApiKey`, braze-docs `reading_verbose_logs.md`), whose event codes are not public. PushBridge does
/// not imitate it (R5): a receipt becomes a plain JSON event for the app's own collector, which may forward
/// it to Braze's public REST API. There is no default host: the app configures the base URL.
extension BrazeAdapter {
    /// The path of the app's collector (`Assumed.collectorPath`).
    public static var collectorPath: String { Assumed.collectorPath }
}
