import Foundation
import PushBridge

/// Errors of a test harness itself (not of the code under test).
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String

    public init(description: String) { self.description = description }
}

/// Where the package's files are, found from this source file (`Tests/TestSupport/`).
public enum TestPaths {
    /// The package root.
    public static let packageRoot: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)
        return components.joined(separator: "/")
    }()

    /// The bytes of the file at `path`.
    public static func readBytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HarnessError(description: "cannot read \(path)")
        }
        return [UInt8](data)
    }

    /// The `bridge-cli` that `swift test` built: beside the test binary (walking up from it), or the path in
    /// the `BRIDGE_CLI` environment variable; nil when neither is there.
    public static let bridgeCLI: String? = {
        let fileManager = FileManager.default
        func isExecutable(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && fileManager.isExecutableFile(atPath: path)
        }
        if let override = ProcessInfo.processInfo.environment["BRIDGE_CLI"], isExecutable(override) { return override }
        // Linux runs the test binary itself; macOS loads an .xctest bundle into a runner.
        var starts = [URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.resolvingSymlinksInPath()]
        starts += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map(\.bundleURL)
        starts.append(Bundle.main.bundleURL)
        for start in starts {
            var directory = start.deletingLastPathComponent()
            for _ in 0..<6 {
                let candidate = directory.appendingPathComponent("bridge-cli").path
                if isExecutable(candidate) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        let fallback = packageRoot + "/.build/debug/bridge-cli"
        return isExecutable(fallback) ? fallback : nil
    }()
}

/// A fresh temporary directory, removed when the value goes away.
public final class Scratch: @unchecked Sendable {
    /// The directory.
    public let directory: URL
    /// The directory's path.
    public var path: String { directory.path }

    /// Creates the directory; `label` goes into its name.
    public init(_ label: String = "tests") throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("pushbridge-\(label)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// The URL of `name` inside the directory.
    public func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { url(name).path }

    /// Writes `bytes` to `name` (creating its folders) and returns its path.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let target = url(name)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: target)
        return target.path
    }

    /// Writes `text` to `name` (creating its folders) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    /// Writes `value` as canonical JSON to `name` and returns its path.
    @discardableResult
    public func write(_ name: String, json value: JSONValue) throws -> String {
        try write(name, bytes: JSONWriter.bytes(value))
    }
}
