import Foundation
import PushBridgeTestSupport
import Testing

/// Headless Chromium, for the tests that load `bridge-cli preview` pages in a real browser.
///
/// The browser is `$CHROMIUM` or the first of `chromium`, `chromium-browser`, `google-chrome` on `PATH`. Its
/// tests are skipped only when none is installed and `CI` is unset; in CI (`CI` set) a missing browser fails.
enum Browser {
    /// The browser's path, or nil when none is installed.
    static let executable: String? = {
        let environment = ProcessInfo.processInfo.environment
        let fileManager = FileManager.default
        if let override = environment["CHROMIUM"], fileManager.isExecutableFile(atPath: override) { return override }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for directory in directories where fileManager.isExecutableFile(atPath: directory + "/" + name) {
                return directory + "/" + name
            }
        }
        return nil
    }()

    /// Whether the tests run on CI, where a missing browser is a failure.
    static let isCI: Bool = {
        let value = ProcessInfo.processInfo.environment["CI"] ?? ""
        return !value.isEmpty
    }()

    /// Whether the browser tests run: a browser is installed, or CI requires one.
    static var testsRun: Bool { executable != nil || isCI }

    /// Why the browser tests were skipped.
    static let skipReason: Comment =
        "chromium is not installed (apt-get install chromium); the browser tests are skipped. With CI set they fail."

    /// The browser, or an error saying CI needs it.
    static func require() throws -> String {
        guard let executable else {
            throw HarnessError(description: "CI is set but no chromium was found on PATH: install it (apt-get install "
                + "chromium) or set CHROMIUM to its path")
        }
        return executable
    }

    /// Flags for a quiet, offline-minded headless run with its own profile.
    private static func flags(profile: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--disable-default-apps", "--mute-audio",
        ]
    }

    /// Loads `file` and returns the DOM the browser rendered (`--dump-dom`), parsed.
    static func renderedDOM(of file: String, in scratch: Scratch) throws -> DOMElement {
        let result = try Subprocess.run(
            try require(), flags(profile: scratch.file("chromium-profile")) + ["--dump-dom", "file://" + file],
            timeout: 60)
        guard result.status == 0, !result.stdout.isEmpty else {
            throw HarnessError(description: "chromium --dump-dom \(file) failed: \(result)")
        }
        return RenderedDOM.parse(result.stdout)
    }
}
