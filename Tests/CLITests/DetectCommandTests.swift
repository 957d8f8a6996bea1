import PushBridge
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli detect")
struct DetectCommandTests {
    @Test("prints zixflow for both Zixflow seeds, read from a file", arguments: Fixtures.zixflowSeeds)
    func detectsZixflowFromFile(seed: String) throws {
        let result = try CLI.run(["detect", Fixtures.payloadPath(seed)])
        #expect(result.status == 0)
        #expect(result.stdout == "zixflow\n")
        #expect(result.stderr.isEmpty)
    }

    @Test("reads the payload from stdin when the input is -", arguments: Fixtures.zixflowSeeds)
    func detectsZixflowFromStdin(seed: String) throws {
        let result = try CLI.run(["detect", "-"], stdin: try Fixtures.payloadBytes(seed))
        #expect(result.status == 0)
        #expect(result.stdout == "zixflow\n")
    }

    @Test("an empty Zixflow-Delivery-ID is not a Zixflow payload")
    func emptyDeliveryIDIsNotClaimed() throws {
        let payload = try Fixtures.payload("zixflow-native.json").setting("Zixflow-Delivery-ID", to: "")
        let result = try CLI.run(["detect", "-"], stdin: jsonText(.object(payload)))
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
    }

    @Test("{} is claimed by no vendor: exit 3, one line on stderr, nothing on stdout")
    func unclaimedPayload() throws {
        let result = try CLI.run(["detect", "-"], stdin: "{}")
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("no vendor"))
    }

    @Test("a payload two vendors claim is exit 3 with a message naming both; --vendor decides")
    func ambiguousPayload() throws {
        let payload = try Fixtures.payload("zixflow-native.json").setting("pna_message_id", to: "ntf_1")
        let text = jsonText(.object(payload))
        let ambiguous = try CLI.run(["detect", "-"], stdin: text)
        #expect(ambiguous.status == 3)
        #expect(ambiguous.stdout.isEmpty)
        #expect(ambiguous.stderrLines.count == 1)
        #expect(ambiguous.stderr.contains("zixflow") && ambiguous.stderr.contains("pushnotifai"))

        let decided = try CLI.run(["detect", "--vendor", "zixflow", "-"], stdin: text)
        #expect(decided.status == 0)
        #expect(decided.stdout == "zixflow\n")
    }

    @Test("--vendor names the vendor even when none claims the payload")
    func vendorOptionDecides() throws {
        let result = try CLI.run(["detect", "--vendor=zixflow", "-"], stdin: "{}")
        #expect(result.status == 0)
        #expect(result.stdout == "zixflow\n")
    }

    @Test("an unknown --vendor is a usage error (exit 2) naming the known vendors")
    func unknownVendor() throws {
        let result = try CLI.run(["detect", "--vendor", "nosuch", Fixtures.payloadPath("zixflow-native.json")])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains("nosuch"))
        #expect(result.stderr.contains("zixflow"))
    }

    @Test("no input, or two inputs, is a usage error", arguments: [0, 2])
    func wrongInputCount(count: Int) throws {
        let path = Fixtures.payloadPath("zixflow-native.json")
        let result = try CLI.run(["detect"] + Array(repeating: path, count: count))
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1)
    }
}
