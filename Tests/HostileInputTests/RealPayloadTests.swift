import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// Every lifecycle step `simulate` knows, with button ids that match no built-in vendor's buttons.
private let everyStep: [LifecycleStep] = [
    .arrive(.serviceExtension), .arrive(.foreground), .arrive(.background), .open, .openAction("ACTION_0"),
    .openAction("id1"), .openAction(LifecycleStep.defaultActionIdentifier), .dismiss, .launch,
]

/// Checks that `value` is printable: its canonical text parses back to it.
private func printable(_ value: JSONValue, _ what: String) {
    let text = JSONWriter.bytes(value)
    #expect((try? JSONParser.parse(text)) == value, "\(what) does not survive canonical JSON")
}

@Suite("Hostile input: 25 real payloads from other vendors' SDKs")
struct RealPayloadTests {
    @Test("the 25 real payloads are bundled with the package and all parse as JSON objects")
    func bundled() throws {
        let names = try RealPayloads.names()
        #expect(names.count == 25)
        for name in names {
            #expect(throws: Never.self, "\(name)") { try VendorRegistry.parseUserInfo(try RealPayloads.bytes(name)) }
        }
    }

    @Test("each is claimed as REAL-VENDORS R2 says, by a built-in vendor or by none ('no vendor claims')",
          arguments: try RealPayloads.names())
    func claims(name: String) throws {
        let userInfo = try VendorRegistry.parseUserInfo(try RealPayloads.bytes(name))
        guard let vendor = RealPayloads.claimedBy[name] else {
            #expect(BuiltInVendors.registry.claimants(of: userInfo).isEmpty)
            for adapter in BuiltInVendors.all { #expect(!adapter.claims(userInfo), "\(adapter.id) claims \(name)") }
            #expect(throws: PushBridgeError.noVendorClaims) { try BuiltInVendors.registry.resolve(userInfo) }
            return
        }
        #expect(try BuiltInVendors.registry.resolve(userInfo).id == vendor)
    }

    @Test("normalize, translate, compare and validate with each vendor forced never crash and print valid JSON",
          arguments: try RealPayloads.names())
    func everyLibraryPath(name: String) throws {
        let bytes = try RealPayloads.bytes(name)
        let userInfo = try VendorRegistry.parseUserInfo(bytes)
        let apnsOnly = Validator.validate(userInfo, byteCount: bytes.count, adapter: nil)
        #expect(apnsOnly.vendor == nil)
        printable(apnsOnly.json, "\(name): validate")
        for source in BuiltInVendors.all {
            let decoded = source.decode(userInfo)
            #expect(decoded.payload.vendor == source.id)
            printable(decoded.payload.bridgeJSON, "\(name) as \(source.id): normalize")
            for diagnostic in decoded.diagnostics {
                #expect(diagnostic.path.hasPrefix("$"))
                printable(diagnostic.json, "\(name) as \(source.id): diagnostic")
            }
            // A forced vendor finds none of its own message id in another vendor's payload.
            #expect(decoded.payload.messageId == nil || decoded.payload.messageId?.isEmpty == true
                        || RealPayloads.claimedBy[name] == source.id,
                    "\(name) as \(source.id): message id \(decoded.payload.messageId ?? "")")
            let report = Validator.validate(userInfo, byteCount: bytes.count, adapter: source)
            printable(report.json, "\(name) as \(source.id): validate")
            for target in BuiltInVendors.all {
                let translation = Translator.translate(userInfo, from: source, to: target)
                printable(.object(translation.userInfo), "\(name): translate \(source.id) → \(target.id)")
                for loss in translation.losses { printable(loss.json, "\(name): loss") }
                _ = target.decode(translation.userInfo)
            }
        }
    }

    @Test("simulate every step, detected or with each vendor forced: no crash, no refused link opened",
          arguments: try RealPayloads.names())
    func simulateEveryStep(name: String) throws {
        let userInfo = try VendorRegistry.parseUserInfo(try RealPayloads.bytes(name))
        let detected = Simulation.run(
            userInfo, steps: everyStep, options: SimulationOptions(), registry: BuiltInVendors.registry)
        // Unclaimed: each step but launch says the push is left to the app, and nothing else happens.
        if RealPayloads.claimedBy[name] == nil {
            #expect(detected.count == everyStep.count)
            #expect(detected.diagnostics.allSatisfy { $0.code == "not-claimed" })
        }
        for vendor in BuiltInVendors.registry.ids {
            for configure in [false, true] {
                let steps = configure ? [.configure] + everyStep : everyStep
                let options = SimulationOptions(
                    vendor: vendor, deviceToken: "00ff", userText: "typed", registeredActions: ["show_offer"],
                    bufferCapacity: 2)
                let effects = Simulation.run(
                    userInfo, steps: steps, options: options, registry: BuiltInVendors.registry)
                for effect in effects { printable(effect.json, "\(name) as \(vendor): effect") }
                for route in effects.routes where route.via == .system {
                    let link = try #require(DeepLink(route.url))
                    #expect(LinkPolicy.default.refusal(for: link) == nil)
                }
            }
        }
    }
}
