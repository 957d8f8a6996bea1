// The one configuration the app and its Notification Service Extension share: add this file to both
// targets. Part of an Xcode project; not built by SwiftPM (CI type-checks it, see Tests/AppleSDKSurface).
import PushBridge
import PushBridgeDelivery
import PushBridgeVendors

extension PushBridgeConfiguration {
    /// An app moving from Zixflow to BuzzKit: both vendors' pushes arrive during the switch.
    nonisolated static let shared = PushBridgeConfiguration(
        vendors: [ZixflowAdapter(), BuzzKitAdapter()], appGroup: "group.com.example.gym",
        endpoints: ["zixflow": "https://collector.example.com/zixflow", "buzzkit": "https://collector.example.com/buzzkit"])
}
