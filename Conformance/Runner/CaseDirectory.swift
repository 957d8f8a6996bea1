import PushBridge
import PushBridgeSystem

/// A case directory that could not be read.
public struct ConformanceLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path that could not be read.
    public var path: String
    /// Why.
    public var reason: String

    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Finds and reads case files with POSIX calls, so the runner needs no Foundation.
package enum CaseDirectory {
    /// Every `*.json` file under `directory` (subfolders included), sorted by path.
    package static func jsonFiles(under directory: String) throws(ConformanceLoadError) -> [String] {
        guard let handle = opendir(directory) else {
            throw ConformanceLoadError(path: directory, reason: String(cString: strerror(errno)))
        }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        closedir(handle)
        var files: [String] = []
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = base + name
            if name.hasSuffix(".json") {
                files.append(path)
            } else if let subdirectory = opendir(path) {
                closedir(subdirectory)
                files += try jsonFiles(under: path)
            }
        }
        return files.sorted()
    }

    /// The bytes of the file at `path`.
    static func readFile(_ path: String) throws(ConformanceLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw ConformanceLoadError(path: path, reason: FileReading.describe(errno: errno)) }
        defer { close(descriptor) }
        do throws(FileReading.Failure) {
            return try FileReading.readToEnd(descriptor)
        } catch {
            switch error {
            case .system(let code): throw ConformanceLoadError(path: path, reason: FileReading.describe(errno: code))
            case .tooLarge(let limit): throw ConformanceLoadError(path: path, reason: "larger than \(limit) bytes")
            }
        }
    }
}
