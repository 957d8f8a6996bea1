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

@Suite("Hostile input: 25 real payloads from the real vendors' SDKs and docs")
struct RealPayloadTests {
    @Test("the 25 real payloads are bundled with the package and all parse as JSON objects")
    func bundled() throws {
        let names = try RealPayloads.names()
        #expect(names.count == 25)
        for name in names {
            #expect(throws: Never.self, "\(name)") { try VendorRegistry.parseUserInfo(try RealPayloads.bytes(name)) }
        }
    }

    /// Who claims each real payload (WIRE-FORMATS §11.1): a file's name is not its claim — some documentation
    /// payloads lack their vendor's marker — and Expo, Notifee and Novu payloads stay unclaimed.
    static let expectedClaims: [String: String] = [
        "airship-1.json": "airship", "braze-1.json": "braze", "customerio-1.json": "customerio",
        "firebase-1.json": "fcm", "firebase-2.json": "fcm", "iterable-1.json": "iterable", "iterable-2.json": "iterable",
        "iterable-3.json": "iterable", "iterable-4.json": "iterable", "iterable-5.json": "iterable",
        "klaviyo-1.json": "klaviyo", "klaviyo-3.json": "klaviyo", "onesignal-1.json": "onesignal",
        "onesignal-2.json": "onesignal", "onesignal-3.json": "onesignal",
    ]

    @Test("each is claimed exactly as R2 says: by its owner alone, by FCM as carrier, or by no vendor",
          arguments: try RealPayloads.names())
    func claims(name: String) throws {
        let userInfo = try VendorRegistry.parseUserInfo(try RealPayloads.bytes(name))
        let expected = Self.expectedClaims[name]
        let registry = BuiltInVendors.registry
        if let expected {
            #expect(try registry.resolve(userInfo).id == expected, "\(name)")
        } else {
            #expect(throws: PushBridgeError.noVendorClaims, "\(name)") { try registry.resolve(userInfo) }
        }
        let owners = registry.adapters.filter { $0.claimStrength(userInfo) == .owner }.map(\.id)
        #expect(owners.count <= 1, "\(name): owners \(owners)")
        if let expected, registry.adapter(id: expected)?.claimStrength(userInfo) == .owner {
            #expect(owners == [expected], "\(name)")
        }
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
            if Self.expectedClaims[name] != source.id {
                #expect(decoded.payload.messageId == nil || decoded.payload.messageId?.isEmpty == true,
                        "\(name) as \(source.id): message id \(decoded.payload.messageId ?? "")")
            }
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
        if Self.expectedClaims[name] == nil {
            // Unclaimed: each step but launch says the push is left to the app, and nothing else happens.
            #expect(detected.count == everyStep.count)
            #expect(detected.diagnostics.allSatisfy { $0.diagnosticCode == .notClaimed })
        }
        for effect in detected { printable(effect.json, "\(name) detected: effect") }
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
