import PushBridge

/// Airship's SDK uploads its events through a private batched endpoint (`POST {analyticsURL}/warp9/`, a
/// deflate-compressed array; `EventAPIClient`), which is not a public API. PushBridge therefore describes each
/// receipt as a plain JSON event for the app's own collector (WIRE-FORMATS §12.2): `POST /airship/events` with
/// `{"event", "properties"}` and `Authorization: Bearer <write key>`. There is no default host.
extension AirshipAdapter {
    /// The path receipts are posted to on the app's collector.
    public static let eventsPath = "/airship/events"
}
