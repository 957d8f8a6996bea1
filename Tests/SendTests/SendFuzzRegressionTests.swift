import Foundation
import PushBridge
import PushBridgeSend
import PushBridgeTestSupport
import Testing

/// Every input `FuzzSend` stopped on (Fuzz/corpus-regressions/fuzz-FuzzSend-*), read by every send vendor and
/// held to the commutation law for every ordered pair, as the fuzz target does.
@Suite("Send fuzz regressions")
struct SendFuzzRegressionTests {
    static let folder = TestPaths.packageRoot + "/Fuzz/corpus-regressions/"
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasPrefix("fuzz-FuzzSend-") }.sorted()

    @Test("there is at least one send regression")
    func present() { #expect(!Self.files.isEmpty) }

    @Test("each send regression keeps the law between every pair", arguments: files)
    func keepsTheLaw(_ file: String) throws {
        let value = try JSONParser.parse(TestPaths.readBytes(Self.folder + file))
        for source in SendVendors.all {
            guard let requests = SendHTTPRequest.requests(in: value, for: source) else { continue }
            for target in SendVendors.all {
                let violations = Commutation.bundleViolations(Array(requests.prefix(4)), from: source, to: target)
                #expect(violations.isEmpty, "\(source.id) → \(target.id): \(violations)")
            }
        }
    }
}
