import PushBridge
import PushBridgeTestSupport
import Testing

/// `examples/send/run.sh` (docs/SEND.md) run with the `bridge-cli` the tests use.
@Suite("examples/send")
struct SendExampleTests {
    @Test("the send example translates both logs, reports the losses and ends with its ok line")
    func runs() throws {
        let executable = try #require(CLI.executable)
        let script = TestPaths.packageRoot + "/examples/send/run.sh"
        let result = try Subprocess.run("/usr/bin/env", ["BRIDGE_CLI=\(executable)", "bash", script], timeout: 120)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdoutLines.last == "send example: ok")
        // OneSignal's badge increment has no Braze form; a nested value into Airship's extra becomes text.
        #expect(result.stdout.contains("Braze's badge is the count after the message; it has no increment"))
        #expect(result.stdout.contains("Airship's extra holds strings; written as JSON text"))
        #expect(result.stdout.contains(#""use_webview":false"#))
    }
}
