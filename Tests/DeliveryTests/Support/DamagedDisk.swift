#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
@testable import PushBridge
import PushBridgeTestSupport
import Testing

/// Ways to damage an outbox's directory for real: links, FIFOs, devices, small and read-only file systems.
enum DamagedDisk {
    /// Whether this process may mount file systems (root on Linux): the full-disk and read-only cases use a
    /// 64 KiB tmpfs and read-only bind mounts, and are skipped (visibly) without it.
    static let canMount: Bool = {
        #if os(Linux)
        guard geteuid() == 0, let scratch = try? Scratch("mount-probe") else { return false }
        let point = scratch.file("probe")
        guard mkdir(point, 0o700) == 0, mount("tmpfs", point, "tmpfs", 0, "size=64k") == 0 else { return false }
        umount(point)
        return true
        #else
        return false
        #endif
    }()

    /// Writes `bytes` to `path`, replacing it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] { try TestPaths.readBytes(path) }

    /// Makes `path` a symbolic link to `target`.
    static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// Whether anything (a dangling link included) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

/// A tmpfs of `kilobytes` KiB mounted on a fresh directory for one test, unmounted when it goes away.
final class SmallDisk {
    let path: String

    init(kilobytes: Int, in scratch: Scratch) throws {
        path = scratch.file("disk-\(UUID().uuidString.prefix(6))")
        guard mkdir(path, 0o700) == 0 else { throw HarnessError(description: "cannot create \(path)") }
        #if os(Linux)
        guard mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") == 0 else {
            throw HarnessError(description: "cannot mount a tmpfs on \(path): \(String(cString: strerror(errno)))")
        }
        #endif
    }

    /// Unmounts the disk (lazily, so an open file does not keep it); call it before the scratch goes away.
    func release() {
        #if os(Linux)
        umount2(path, Int32(MNT_DETACH))
        #endif
    }

    deinit { release() }

    /// Fills the disk: writes a file `name` until the file system refuses; returns its path.
    @discardableResult
    func fill(_ name: String = "filler") -> String {
        let filler = path + "/" + name
        let descriptor = open(filler, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x2E, count: 512)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
        var byte: UInt8 = 0x2E
        while write(descriptor, &byte, 1) > 0 {}
        return filler
    }
}

/// `directory` made read-only for one test by a read-only bind mount of itself (root ignores file modes).
final class ReadOnlyMount {
    let path: String

    init(_ path: String) throws {
        self.path = path
        #if os(Linux)
        guard mount(path, path, nil, UInt(MS_BIND), nil) == 0,
              mount(path, path, nil, UInt(MS_BIND | MS_REMOUNT | MS_RDONLY), nil) == 0
        else { throw HarnessError(description: "cannot mount \(path) read-only: \(String(cString: strerror(errno)))") }
        #endif
    }

    /// Makes the directory writable again.
    func release() {
        #if os(Linux)
        umount2(path, Int32(MNT_DETACH))
        #endif
    }

    deinit { release() }
}

/// The ``OutboxError`` `body` throws, or nil when it throws nothing (another error is recorded as an issue).
func outboxError(_ body: () throws -> Void) -> OutboxError? {
    do {
        try body()
        return nil
    } catch let error as OutboxError {
        return error
    } catch {
        Issue.record("expected an OutboxError, got \(error)")
        return nil
    }
}

/// A journal's bytes, record by record: each receipt `R` frame and any marks, in the order given.
struct CraftedJournal {
    var bytes: [UInt8] = []
    /// Each record's frame in `bytes`, with its kind and id.
    var frames: [(kind: OutboxFrame.Kind, id: String, range: Range<Int>)] = []

    mutating func add(_ kind: OutboxFrame.Kind, _ receipt: Receipt, body: [UInt8]? = nil) {
        let frameBody = body ?? (kind == .receipt ? JSONWriter.bytes(receipt.outboxJSON) : [])
        let frame = OutboxFrame.encode(kind, id: receipt.idempotencyKey, body: frameBody)
        frames.append((kind, receipt.idempotencyKey, bytes.count..<(bytes.count + frame.count)))
        bytes += frame
    }
}
