import PushBridge
import PushBridgeTestSupport
import PushBridgeVendors
import Testing

/// The third hostile review's F4 pushes (both Airship): one without a message id, told apart by its request
/// identifier, and one whose message id (`_`, Airship's send id) is that identifier.
private enum ForgedIdentity {
    static let noMessageId =
        #"{"aps":{"alert":"Your package arrives today"},"com.urbanairship.metadata":"eyJ2IjoxfQ=="}"#

    /// The push whose send id is `noMessageId`'s derived request identifier.
    static func spelling(_ requestIdentifier: String) -> String {
        #"{"aps":{"alert":"Flash sale!"},"_":"\#(requestIdentifier)"}"#
    }
}

/// The review's F5 pair: two pushes whose canonical JSON has one FNV-1a 64 (`2556ec5d6dad7dcf`), the request
/// identifier PushBridge used to derive.
private enum FNVCollision {
    static let first = #"{"aps":{"alert":"Security alert: your password was changed"},"n":"OyXjGQrAQuz"}"#
    static let second = #"{"aps":{"alert":"Security alert: your password was changed"},"n":"B1sYSCS0B3D"}"#
    static let sharedFNV = "2556ec5d6dad7dcf"
}

@Suite("Once-only identities cannot be forged or collided (bridge)")
struct OnceOnlyIdentityBridgeTests {
    /// Both steps of the review on `userInfo`, through `bridge`, with its derived request identifier.
    private func arriveAndOpen(
        _ bridge: NotificationBridge, _ userInfo: JSONObject, vendor: String? = nil
    ) -> [BridgeEffect] {
        let request = NotificationRequestIdentifier.derived(from: userInfo)
        return [LifecycleStep.arrive(.serviceExtension), .open].flatMap { step in
            bridge.handle(step, userInfo: userInfo, vendor: vendor, requestIdentifier: request)
        }
    }

    private func receipts(_ effects: [BridgeEffect]) -> [Receipt] {
        effects.compactMap { effect in
            if case .receipt(let receipt) = effect { return receipt }
            return nil
        }
    }

    @Test("a message id that spells another push's request identifier suppresses none of its receipts or its open")
    func messageIdCannotSpellARequestIdentifier() throws {
        let target = try Fixtures.userInfo(ForgedIdentity.noMessageId)
        let requestIdentifier = NotificationRequestIdentifier.derived(from: target)
        let forged = try Fixtures.userInfo(ForgedIdentity.spelling(requestIdentifier))
        #expect(try BuiltInVendors.registry.resolve(target).id == "airship")
        #expect(try BuiltInVendors.registry.resolve(forged).id == "airship")

        let sink = InMemoryReceiptSink()
        let bridge = NotificationBridge(registry: BuiltInVendors.registry, sink: sink)
        let forgedReceipts = receipts(arriveAndOpen(bridge, forged))
        #expect(!forgedReceipts.isEmpty && forgedReceipts.allSatisfy { $0.messageId == requestIdentifier })

        let targetReceipts = receipts(arriveAndOpen(bridge, target))
        #expect(!targetReceipts.isEmpty, "the open of the push without a message id still sends its receipts")
        #expect(targetReceipts.allSatisfy { $0.messageId == nil && $0.requestIdentifier == requestIdentifier })
        #expect(sink.receipts == forgedReceipts + targetReceipts)

        // Each push is still handled once.
        #expect(receipts(arriveAndOpen(bridge, target)).isEmpty)
        #expect(receipts(arriveAndOpen(bridge, forged)).isEmpty)
    }

    @Test("the review's FNV-1a 64 pair gets two request identifiers, and both pushes send their receipts")
    func fnvCollisionNoLongerShared() throws {
        let first = try Fixtures.userInfo(FNVCollision.first)
        let second = try Fixtures.userInfo(FNVCollision.second)
        // The pair does collide under the old derivation: FNV-1a 64 of the canonical JSON.
        #expect(CategoryHash.fnv1a64hex(JSONWriter.string(.object(first))) == FNVCollision.sharedFNV)
        #expect(CategoryHash.fnv1a64hex(JSONWriter.string(.object(second))) == FNVCollision.sharedFNV)

        let firstID = NotificationRequestIdentifier.derived(from: first)
        let secondID = NotificationRequestIdentifier.derived(from: second)
        #expect(firstID != secondID)
        for id in [firstID, secondID] {
            let lowercaseHex = id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
            #expect(id.utf8.count == 32 && lowercaseHex, "\(id)")
        }

        let sink = InMemoryReceiptSink()
        let bridge = NotificationBridge(registry: BuiltInVendors.registry, sink: sink)
        let firstReceipts = receipts(arriveAndOpen(bridge, first, vendor: "airship"))
        let secondReceipts = receipts(arriveAndOpen(bridge, second, vendor: "airship"))
        #expect(!firstReceipts.isEmpty && !secondReceipts.isEmpty)
        #expect(sink.receipts.map(\.requestIdentifier) == (firstReceipts + secondReceipts).map(\.requestIdentifier))
        #expect(Set(sink.receipts.compactMap(\.requestIdentifier)) == [firstID, secondID])
    }
}
