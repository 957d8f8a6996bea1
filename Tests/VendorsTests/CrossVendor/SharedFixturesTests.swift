import PushBridge
import PushBridgeTestSupport
import Testing

/// The shared fixture kit (`Tests/TestSupport`) refuses what would make a test pass on the wrong input.
@Suite("Shared fixtures")
struct SharedFixturesTests {
    @Test("simulate throws on a step that does not parse, naming it, instead of dropping it")
    func badStepThrows() throws {
        let userInfo = try Fixtures.payload("zixflow-native.json")
        #expect(try simulate(userInfo, ["open"]).receipts.map(\.event) == ["Opened"])
        #expect(throws: HarnessError.self) { try simulate(userInfo, ["open", "tap-twice"]) }
        do {
            _ = try simulate(userInfo, ["open", "tap-twice"])
        } catch let error as HarnessError {
            #expect(error.description.hasPrefix("'tap-twice' is not a lifecycle step"))
        }
    }

    @Test("a userInfo from text that is not a JSON object throws")
    func userInfoMustBeAnObject() throws {
        #expect(try Fixtures.userInfo(#"{"aps":{}}"#)["aps"] == .object([:]))
        #expect(throws: PushBridgeError.self) { try Fixtures.userInfo("[1]") }
        #expect(throws: PushBridgeError.self) { try Fixtures.userInfo("{") }
    }
}
