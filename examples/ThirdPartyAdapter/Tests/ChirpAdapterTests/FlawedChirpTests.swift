import ChirpAdapter
import PushBridge
import PushBridgeConformance
import PushBridgeVendors
import Testing

/// Chirp as it was first written: it says its SDK registers the category `chirp` (``ownsCategory(_:)``) and
/// sends it with buttons, but provides no category, so no device would ever register it.
struct ChirpWithoutCategories: VendorAdapter {
    let chirp = ChirpAdapter()
    var profile: VendorProfile {
        var profile = chirp.profile
        profile.categories = nil
        return profile
    }
    func claims(_ userInfo: JSONObject) -> Bool { chirp.claims(userInfo) }
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
        let flawed = ConformanceSuite(adapters: BuiltInVendors.all + [ChirpWithoutCategories()])
        let report = try flawed.run(casesDirectory: chirpCases, vendor: "chirp")
        let failure = try #require(report.failures.first { $0.check == .providesCategory })
        #expect(failure.actual.contains("profile declares no categories"))
        #expect(failure.actual.contains("NotificationCategory(id: \"chirp\", owner: \"chirp\")"))
        #expect(!report.isPassing)
        #expect(throws: (any Error).self) { try report.requirePassing() }
    }
}
