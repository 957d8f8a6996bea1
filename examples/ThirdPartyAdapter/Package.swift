// swift-tools-version: 6.2
import PackageDescription

// A third-party vendor adapter in its own package: it depends on PushBridge by path (a real one would
// use the repository URL) and runs PushBridge's conformance suite from its tests.
let package = Package(
    name: "ThirdPartyAdapter",
    platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "ChirpAdapter", targets: ["ChirpAdapter"]),
        .executable(name: "chirp-bridge", targets: ["chirp-bridge"]),
    ],
    dependencies: [
        .package(name: "PushBridge", path: "../.."),
    ],
    targets: [
        .target(name: "ChirpAdapter", dependencies: [.product(name: "PushBridge", package: "PushBridge")]),
        // bridge-cli with Chirp registered: every command, from PushBridge's PushBridgeCLI library.
        .executableTarget(
            name: "chirp-bridge",
            dependencies: [
                "ChirpAdapter", .product(name: "PushBridgeCLI", package: "PushBridge"),
                .product(name: "PushBridgeVendors", package: "PushBridge"),
            ]
        ),
        .testTarget(
            name: "ChirpAdapterTests",
            dependencies: [
                "ChirpAdapter", "chirp-bridge",
                .product(name: "PushBridgeConformance", package: "PushBridge"),
                .product(name: "PushBridgeVendors", package: "PushBridge"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
