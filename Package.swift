// swift-tools-version: 6.2
import PackageDescription

// Swift 6.2 tools: the JSON parser uses the standard library's `UTF8Span` (Swift 6.2). Platforms: see docs/APPLE.md
// ("Platforms"); tvOS and watchOS are not supported.
//
// Privacy manifests (docs/APPLE.md, "Privacy manifests"): PushBridgeApple's is always a resource (its module uses
// Foundation anyway). The outbox's is a resource only where Apple platforms are built (a manifest evaluated on macOS,
// as Xcode's is): SwiftPM gives a target with resources a generated `Bundle.module` accessor that imports
// Foundation, which the outbox does not use elsewhere.
#if os(macOS)
let outboxResources: [Resource] = [.copy("PrivacyInfo.xcprivacy")]
let outboxExcluded: [String] = []
#else
let outboxResources: [Resource] = []
let outboxExcluded = ["PrivacyInfo.xcprivacy"]
#endif

let package = Package(
    name: "PushBridge",
    platforms: [.iOS(.v15), .macCatalyst(.v15), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "PushBridge", targets: ["PushBridge"]),
        .library(name: "PushBridgeOutbox", targets: ["PushBridgeOutbox"]),
        .library(name: "PushBridgeTools", targets: ["PushBridgeTools"]),
        .library(name: "PushBridgeVendors", targets: ["PushBridgeVendors"]),
        .library(name: "PushBridgeConformance", targets: ["PushBridgeConformance"]),
        .library(name: "PushBridgeSend", targets: ["PushBridgeSend"]),
        .library(name: "PushBridgeApple", targets: ["PushBridgeApple"]),
        .library(name: "PushBridgeDelivery", targets: ["PushBridgeDelivery"]),
        .library(name: "PushBridgeURLSession", targets: ["PushBridgeURLSession"]),
        .library(name: "PushBridgeCLI", targets: ["PushBridgeCLI"]),
        .executable(name: "bridge-cli", targets: ["bridge-cli"]),
    ],
    targets: [
        // The platform's C library (Glibc, Musl or Darwin) behind one import; not a product.
        .target(name: "PushBridgeSystem", path: "Sources/PushBridgeSystem"),
        .target(name: "PushBridge", dependencies: ["PushBridgeSystem"], path: "Sources/PushBridge"),
        .target(
            name: "PushBridgeOutbox", dependencies: ["PushBridge", "PushBridgeSystem"], path: "Sources/PushBridgeOutbox",
            exclude: outboxExcluded, resources: outboxResources),
        .target(name: "PushBridgeTools", dependencies: ["PushBridge", "PushBridgeSend"], path: "Sources/PushBridgeTools"),
        .target(name: "PushBridgeVendors", dependencies: ["PushBridge"], path: "Sources/Vendors"),
        // Backend send requests (OneSignal, Braze, APNs, …): the send form, parse, render, deliver, validate.
        .target(name: "PushBridgeSend", dependencies: ["PushBridge"], path: "Sources/PushBridgeSend"),
        .target(
            name: "PushBridgeDelivery", dependencies: ["PushBridge", "PushBridgeOutbox", "PushBridgeSystem"],
            path: "Sources/PushBridgeDelivery"
        ),
        .target(
            name: "PushBridgeURLSession", dependencies: ["PushBridge", "PushBridgeDelivery"],
            path: "Sources/PushBridgeURLSession"
        ),
        .target(
            name: "PushBridgeApple",
            dependencies: ["PushBridge", "PushBridgeOutbox", "PushBridgeDelivery", "PushBridgeURLSession"],
            path: "Sources/PushBridgeApple", resources: [.copy("PrivacyInfo.xcprivacy")]
        ),
        .target(
            name: "PushBridgeConformance", dependencies: ["PushBridge", "PushBridgeSystem"], path: "Conformance/Runner"),
        // bridge-cli's commands as a library: `BridgeCLI.main(vendors:)` over any vendors (README, "Your own bridge-cli").
        .target(
            name: "PushBridgeCLI",
            dependencies: [
                "PushBridge", "PushBridgeOutbox", "PushBridgeTools", "PushBridgeVendors", "PushBridgeConformance",
                "PushBridgeDelivery", "PushBridgeSend", "PushBridgeSystem",
            ],
            path: "Sources/PushBridgeCLI"
        ),
        // The built-in vendors' bridge-cli: one call into PushBridgeCLI.
        // Release builds on Linux link the Swift runtime into the tool (what `--static-swift-stdlib` does): no
        // dynamic lookup of its symbols at start-up (half of a `--help`'s instructions) and ~2.4 MB less memory
        // (docs/PERFORMANCE.md). Debug and sanitizer builds link it dynamically.
        .executableTarget(
            name: "bridge-cli", dependencies: ["PushBridgeCLI", "PushBridgeVendors"], path: "Sources/bridge-cli",
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        // What several test targets share: package paths, the built bridge-cli and a runner for it, scratch folders,
        // recorders, fixtures (userInfos from text or examples/payloads, simulated steps).
        .target(
            name: "PushBridgeTestSupport",
            dependencies: ["PushBridge", "PushBridgeOutbox", "PushBridgeVendors", "PushBridgeSystem"],
            path: "Tests/TestSupport"),
        .testTarget(
            name: "PushBridgeTests", dependencies: ["PushBridge", "PushBridgeSystem", "PushBridgeTools", "PushBridgeTestSupport"],
            path: "Tests/PushBridgeTests"
        ),
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
            name: "OutboxTests",
            dependencies: ["PushBridge", "PushBridgeOutbox", "PushBridgeSystem", "PushBridgeVendors", "PushBridgeTestSupport"],
            path: "Tests/OutboxTests"
        ),
        .testTarget(
            name: "DeliveryTests",
            dependencies: [
                "PushBridge", "PushBridgeOutbox", "PushBridgeVendors", "PushBridgeDelivery", "PushBridgeURLSession",
                "PushBridgeSystem", "PushBridgeTestSupport", "bridge-cli",
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
            dependencies: [
                "PushBridge", "PushBridgeOutbox", "PushBridgeTools", "PushBridgeSystem", "PushBridgeTestSupport", "bridge-cli",
            ],
            path: "Tests/CLITests"
        ),
        .testTarget(
            name: "SendTests",
            dependencies: ["PushBridge", "PushBridgeSend", "PushBridgeVendors", "PushBridgeTestSupport"],
            path: "Tests/SendTests",
            exclude: ["Corpus"]
        ),
        // Which module may import which: reads the sources' `import` lines, needs no module of its own.
        .testTarget(name: "ArchitectureTests", path: "Tests/ArchitectureTests"),
    ],
    swiftLanguageModes: [.v6]
)
