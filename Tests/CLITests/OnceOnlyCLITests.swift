import PushBridge
import PushBridgeOutbox
import PushBridgeTestSupport
import Testing

@Suite("bridge-cli simulate --outbox: once-only identities cannot be forged or collided")
struct OnceOnlyCLITests {
    private let steps = ["simulate", "--steps", "arrive:service-extension,open"]

    /// Runs the review's `simulate … --outbox` on `payload` (written to a file in `scratch`); returns the
    /// receipt lines it printed and its stderr, after checking it exited 0.
    private func simulate(
        _ payload: String, named name: String, outbox: String, in scratch: Scratch, extra: [String] = []
    ) throws -> (receipts: [JSONValue], stderr: String) {
        let path = try scratch.write(name, payload)
        let result = try CLI.run(steps + extra + ["--outbox", outbox, path])
        #expect(result.status == 0, "\(result.stderr)")
        return (try result.stdoutJSONLines().filter { $0["type"] == "receipt" }, result.stderr)
    }

    @Test("the review's F4 reproducer: a push whose send id is another push's request identifier")
    func forgedMessageId() throws {
        let scratch = try Scratch()
        let outbox = scratch.file("OB")
        let target = "{\"aps\":{\"alert\":\"Your package arrives today\"},\"com.urbanairship.metadata\":\"eyJ2IjoxfQ==\"}"
        let request = NotificationRequestIdentifier.derived(from: try Fixtures.userInfo(target))
        let forged = "{\"aps\":{\"alert\":\"Flash sale!\"},\"_\":\"\(request)\"}"

        let first = try simulate(forged, named: "ns-b-sendid.json", outbox: outbox, in: scratch)
        #expect(first.receipts.map { $0["vendor"] } == ["airship"])
        #expect(first.receipts.first?["properties"]?["push_id"]?.stringValue == request)
        let second = try simulate(target, named: "ns-a-no-id.json", outbox: outbox, in: scratch)
        #expect(second.receipts.map { $0["vendor"] } == ["airship"], "its open receipt is recorded and printed")
        #expect(!second.stderr.contains(DiagnosticCode.receiptAlreadyRecorded.rawValue), "\(second.stderr)")
        #expect(try ReceiptOutbox(directory: outbox).snapshot().pending.count == 2)

        let again = try simulate(target, named: "ns-a-again.json", outbox: outbox, in: scratch)
        #expect(again.receipts.isEmpty && again.stderr.contains(DiagnosticCode.receiptAlreadyRecorded.rawValue), "still once")
    }

    @Test("the review's F5 pair (one FNV-1a 64): both pushes' receipts are recorded")
    func fnvCollidingPair() throws {
        let scratch = try Scratch()
        let outbox = scratch.file("OB")
        let alert = "{\"aps\":{\"alert\":\"Security alert: your password was changed\"},\"n\":"
        let pair = [alert + "\"OyXjGQrAQuz\"}", alert + "\"B1sYSCS0B3D\"}"]
        for payload in pair {
            #expect(CategoryHash.fnv1a64hex(payload) == "2556ec5d6dad7dcf", "the pair collides under FNV-1a 64")
        }
        for (index, payload) in pair.enumerated() {
            let run = try simulate(payload, named: "fnv-collide-\(index).json", outbox: outbox, in: scratch,
                                   extra: ["--vendor", "airship"])
            #expect(run.receipts.map { $0["vendor"] } == ["airship"], "push \(index)")
            #expect(!run.stderr.contains(DiagnosticCode.receiptAlreadyRecorded.rawValue), "\(run.stderr)")
        }
        let pending = try ReceiptOutbox(directory: outbox).snapshot().pending.compactMap(\.receipt)
        #expect(pending.compactMap(\.requestIdentifier) == (try pair.map {
            NotificationRequestIdentifier.derived(from: try Fixtures.userInfo($0))
        }))
    }
}
