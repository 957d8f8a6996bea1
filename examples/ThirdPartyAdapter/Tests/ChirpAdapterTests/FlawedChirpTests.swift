import ChirpAdapter
import PushBridge
import PushBridgeConformance
import PushBridgeVendors
import Testing

/// Chirp with one deliberate mistake, to show the kit catching it.
struct FlawedChirp: VendorAdapter {
    /// The mistake.
    enum Flaw {
        /// Chirp as it was first written: it says its SDK registers the category `chirp` (``ownsCategory(_:)``)
        /// and sends it with buttons, but provides no category, so no device would ever register it.
        case providesNoCategory
        /// Also takes OneSignal's pushes (any userInfo with `custom.i`): an over-claim none of Chirp's own cases
        /// shows.
        case claimsOneSignalPayloads
    }

    let flaw: Flaw
    let chirp = ChirpAdapter()
    var profile: VendorProfile {
        var profile = chirp.profile
        switch flaw {
        case .providesNoCategory: profile.categories = nil
        case .claimsOneSignalPayloads: profile.claimKeys = nil  // asked about every payload
        }
        return profile
    }
    func claims(_ userInfo: JSONObject) -> Bool {
        chirp.claims(userInfo) || (flaw == .claimsOneSignalPayloads && userInfo["custom"]?["i"] != nil)
    }
    func decode(_ userInfo: JSONObject) -> DecodeResult { chirp.decode(userInfo) }
    func userInfo(for payload: PushPayload, losses: inout LossList) -> JSONObject {
        chirp.userInfo(for: payload, losses: &losses)
    }
    func ownsCategory(_ category: String) -> Bool { category == ChirpAdapter.category }
}

@Suite("A flawed Chirp fails the kit")
struct FlawedChirpTests {
    @Test("a Chirp that owns the category 'chirp' but provides none fails law:provides-category, saying what to add")
    func ownsCategoryItNeverProvides() throws {
        let flawed = ConformanceSuite(adapters: BuiltInVendors.all + [FlawedChirp(flaw: .providesNoCategory)])
        let report = try flawed.run(casesDirectory: chirpCases, vendor: "chirp")
        let failure = try #require(report.failures.first { $0.check == .providesCategory })
        #expect(failure.actual.contains("profile declares no categories"))
        #expect(failure.actual.contains("NotificationCategory(id: \"chirp\", owner: \"chirp\")"))
        #expect(!report.isPassing)
        #expect(throws: (any Error).self) { try report.requirePassing() }
    }

    @Test("a Chirp that claims OneSignal's payloads fails on PushBridge's OneSignal cases, run by default")
    func claimsOneSignalPayloads() throws {
        let flawed = ConformanceSuite(adapters: BuiltInVendors.all + [FlawedChirp(flaw: .claimsOneSignalPayloads)])
        let report = try flawed.run(casesDirectory: chirpCases, vendor: "chirp")
        let failure = try #require(report.failures.first { $0.caseID.hasPrefix("onesignal-") })
        #expect(failure.check == .detection)
        #expect(failure.actual.hasPrefix("claimed by chirp as owner"))
        #expect(!report.isPassing)
    }
}
