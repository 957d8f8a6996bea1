import PushBridge

/// Zixflow's tracking HTTP API (its tracking guide, "Tracking Delivery When the Device Is Locked"):
/// `POST https://events.zixflow.in/v1/track` with `{"event", "properties"}` and
/// `Authorization: Basic <write key>` — the key exactly as the guide writes it, not base64-encoded.
extension ZixflowAdapter {
    /// The path of Zixflow's tracking endpoint.
    public static let trackPath = "/v1/track"
}
