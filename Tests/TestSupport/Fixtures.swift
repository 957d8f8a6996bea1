import PushBridge
import PushBridgeVendors

/// The fixtures every test target shares: userInfos from JSON text or from `examples/payloads/`, and lifecycle
/// steps run through a fresh bridge.
public enum Fixtures {
    /// A BuzzKit push whose tap runs every stage of WIRE-FORMATS §7: its opened receipt, the named action `show_offer`
    /// and its `$action.triggered`, the deep link `gym://class/7` and its `$deeplink.opened`.
    public static let buzzKitActionAndLink: JSONObject = [
        "aps": ["alert": "x"],
        "buzzkit": ["messageId": "m1", "deepLink": "gym://class/7", "action": ["name": "show_offer"]],
    ]

    /// The two example payloads of Zixflow's tracking guide (docs/vendors/zixflow.md).
    public static let zixflowSeeds = ["zixflow-native.json", "zixflow-custom.json"]

    /// Path of `examples/payloads/name`.
    public static func payloadPath(_ name: String) -> String { TestPaths.packageRoot + "/examples/payloads/" + name }

    /// The bytes of an example payload.
    public static func payloadBytes(_ name: String) throws -> [UInt8] { try TestPaths.readBytes(payloadPath(name)) }

    /// An example payload (`examples/payloads/name`) as a userInfo.
    public static func payload(_ name: String) throws -> JSONObject {
        try VendorRegistry.parseUserInfo(try payloadBytes(name))
    }

    /// A userInfo from JSON text, read as `bridge-cli` reads one: text that is not a JSON object throws.
    public static func userInfo(_ text: String) throws -> JSONObject {
        try VendorRegistry.parseUserInfo(Array(text.utf8))
    }
}

/// The effects of `steps` (written as `bridge-cli simulate --steps` takes them: `arrive:foreground`, `open:b1`, …)
/// on `userInfo`, through a fresh bridge over `registry`. A step that does not parse throws, naming it.
public func simulate(
    _ userInfo: JSONObject, _ steps: [String], options: SimulationOptions = SimulationOptions(),
    registry: VendorRegistry = BuiltInVendors.registry
) throws -> [BridgeEffect] {
    let parsed = try steps.map { step in
        guard let parsed = LifecycleStep(step) else {
            throw HarnessError(description: "'\(step)' is not a lifecycle step (in \(steps))")
        }
        return parsed
    }
    return Simulation.run(userInfo, steps: parsed, options: options, registry: registry)
}

/// Parses JSON text with the library's strict parser.
public func parseJSON(_ text: String) throws -> JSONValue {
    try JSONParser.parse(text)
}

/// The error `bytes` fail to parse with, or nil when they parse.
public func parseError(_ bytes: [UInt8], options: JSONParser.Options = .default) -> JSONParseError? {
    do {
        _ = try JSONParser.parseDocument(bytes, options: options)
        return nil
    } catch {
        return error
    }
}

/// The error `text` fails to parse with, or nil when it parses.
public func parseError(_ text: String, options: JSONParser.Options = .default) -> JSONParseError? {
    parseError(Array(text.utf8), options: options)
}
