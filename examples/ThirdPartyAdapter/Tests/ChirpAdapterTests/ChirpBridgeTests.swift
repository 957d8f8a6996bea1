import Foundation
import Testing

/// The `chirp-bridge` this package built (`swift test` builds it: the test target depends on it), beside the
/// test binary or a few folders up from it.
let chirpBridge: String? = {
    var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()]
    starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    for start in starts {
        var folder = start.deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = folder.appendingPathComponent("chirp-bridge").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
    }
    return nil
}()

/// Runs `chirp-bridge arguments…` as a process; its exit status, stdout and stderr.
func runChirpBridge(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
    let executable = try #require(chirpBridge, "chirp-bridge was not built beside \(CommandLine.arguments[0])")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chirp-bridge-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("stdout"), err = folder.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    process.currentDirectoryURL = folder  // whatever a command writes by default lands there, not in the package
    try process.run()
    process.waitUntilExit()
    return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8),
            try String(contentsOf: err, encoding: .utf8))
}

/// Chirp's documented example push, as a file (written once per test run).
let chirpPayload: Result<String, any Error> = Result {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("chirp-\(UUID().uuidString).json").path
    let text = """
        {"aps": {"alert": {"title": "New follower", "body": "Ada follows you"}, "category": "chirp"},
         "chirp": {"id": "ch_81", "url": "birdapp://profile/ada",
                   "buttons": [{"id": "follow", "title": "Follow back", "url": "birdapp://follow/ada"}]},
         "campaign": "spring"}
        """
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

func chirpPayloadFile() throws -> String { try chirpPayload.get() }

@Suite("chirp-bridge: bridge-cli built with BridgeCLI.main(vendors:) and Chirp registered")
struct ChirpBridgeTests {
    @Test("detect names chirp")
    func detect() throws {
        let result = try runChirpBridge(["detect", try chirpPayloadFile()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "chirp\n")
    }

    @Test("translate takes a Chirp push to OneSignal, with Chirp's link and message id")
    func translate() throws {
        let result = try runChirpBridge(["translate", "--to", "onesignal", try chirpPayloadFile()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"u\":\"birdapp://profile/ada\""), "\(result.stdout)")
        #expect(!result.stdout.contains("\"chirp\""))
    }

    @Test("compare shows the push under every vendor, Chirp among them")
    func compare() throws {
        let result = try runChirpBridge(["compare", "--vendors", "chirp,braze", try chirpPayloadFile()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("chirp") && result.stdout.contains("braze"), "\(result.stdout)")
        #expect(result.stdout.contains("birdapp://follow/ada"))
    }

    @Test("preview draws the push under Chirp and a built-in vendor")
    func preview() throws {
        let result = try runChirpBridge(["preview", "--vendors", "chirp,onesignal", "--out", "-", try chirpPayloadFile()])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains("Chirp") && result.stdout.contains("birdapp://follow/ada"), "the button's link")
    }

    @Test("a misspelt vendor id is a usage error naming the nearest, Chirp included")
    func unknownVendor() throws {
        let result = try runChirpBridge(["normalize", "--vendor", "chrp", try chirpPayloadFile()])
        #expect(result.status == 2)
        #expect(result.stderr.contains("did you mean 'chirp'?"), "\(result.stderr)")
        #expect(result.stderr.contains("chirp") && result.stderr.contains("onesignal"))
    }
}
