// swift-tools-version: 6.2
// Fuzz targets for PushBridge, kept out of the main package so `swift build`/`swift test` there never
// builds them. Build with: swift build -c release --sanitize=fuzzer (see run.sh).
import PackageDescription

let package = Package(
    name: "PushBridgeFuzz",
    dependencies: [.package(name: "PushBridge", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "PushBridge", package: "PushBridge"),
                .product(name: "PushBridgeVendors", package: "PushBridge"),
            ]
        ),
        .executableTarget(name: "FuzzJSON", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzDecode", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzTranslate", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzBridge", dependencies: ["FuzzSupport"]),
        .executableTarget(
            name: "FuzzSend", dependencies: ["FuzzSupport", .product(name: "PushBridgeSend", package: "PushBridge")]
        ),
        .executableTarget(
            name: "FuzzHTTPResponse",
            dependencies: ["FuzzSupport", .product(name: "PushBridgeDelivery", package: "PushBridge")]
        ),
        .executableTarget(
            name: "FuzzJournalScan",
            dependencies: ["FuzzSupport", .product(name: "PushBridgeOutbox", package: "PushBridge")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
