// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "PushBridge",
    platforms: [.iOS(.v15), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "PushBridge", targets: ["PushBridge"]),
        .library(name: "PushBridgeVendors", targets: ["PushBridgeVendors"]),
        .library(name: "PushBridgeConformance", targets: ["PushBridgeConformance"]),
        .library(name: "PushBridgeApple", targets: ["PushBridgeApple"]),
        .library(name: "PushBridgeDelivery", targets: ["PushBridgeDelivery"]),
        .library(name: "PushBridgeURLSession", targets: ["PushBridgeURLSession"]),
        .executable(name: "bridge-cli", targets: ["bridge-cli"]),
    ],
    targets: [
        .target(name: "PushBridge", path: "Sources/PushBridge"),
        .target(name: "PushBridgeVendors", dependencies: ["PushBridge"], path: "Sources/Vendors"),
        .target(name: "PushBridgeDelivery", dependencies: ["PushBridge"], path: "Sources/PushBridgeDelivery"),
        .target(
            name: "PushBridgeURLSession", dependencies: ["PushBridge", "PushBridgeDelivery"],
            path: "Sources/PushBridgeURLSession"
        ),
        .target(
            name: "PushBridgeApple",
            dependencies: ["PushBridge", "PushBridgeDelivery", "PushBridgeURLSession"],
            path: "Sources/PushBridgeApple"
        ),
        .target(name: "PushBridgeConformance", dependencies: ["PushBridge"], path: "Conformance/Runner"),
        .executableTarget(
            name: "bridge-cli",
            dependencies: ["PushBridge", "PushBridgeVendors", "PushBridgeConformance", "PushBridgeDelivery"],
            path: "Sources/bridge-cli"
        ),
        // What several test targets share: package paths, the built bridge-cli and a runner for it, scratch folders,
        // recorders, fixtures (userInfos from text or examples/payloads, simulated steps).
        .target(
            name: "PushBridgeTestSupport", dependencies: ["PushBridge", "PushBridgeVendors"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "PushBridgeTests", dependencies: ["PushBridge", "PushBridgeTestSupport"], path: "Tests/PushBridgeTests"),
        .testTarget(
            name: "VendorsTests",
            dependencies: ["PushBridge", "PushBridgeVendors", "PushBridgeTestSupport"],
            path: "Tests/VendorsTests"
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "PushBridge", "PushBridgeVendors", "PushBridgeConformance", "PushBridgeTestSupport", "bridge-cli",
            ],
            path: "Tests/ConformanceTests"
        ),
        .testTarget(
            name: "DeliveryTests",
            dependencies: [
                "PushBridge", "PushBridgeVendors", "PushBridgeDelivery", "PushBridgeURLSession",
                "PushBridgeTestSupport", "bridge-cli",
            ],
            path: "Tests/DeliveryTests"
        ),
        .testTarget(
            name: "HostileInputTests",
            dependencies: ["PushBridge", "PushBridgeVendors", "PushBridgeTestSupport"],
            path: "Tests/HostileInputTests"
        ),
        .testTarget(
            name: "CLITests",
            dependencies: ["PushBridge", "PushBridgeTestSupport", "bridge-cli"],
            path: "Tests/CLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
