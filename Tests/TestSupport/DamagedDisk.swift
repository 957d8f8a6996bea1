import Foundation
import PushBridge
import PushBridgeOutbox
import PushBridgeSystem
import Testing

/// Ways to damage an outbox's directory for real: links, FIFOs, devices, small and read-only file systems.
public enum DamagedDisk {
    /// Whether this process may mount file systems (root on Linux): the full-disk and read-only cases use a
    /// 64 KiB tmpfs and read-only bind mounts, and are skipped (visibly) without it.
    public static let canMount: Bool = {
        #if os(Linux)
        guard geteuid() == 0, let scratch = try? Scratch("mount-probe"),
              let probe = try? TestMount.smallDisk(kilobytes: 64, in: scratch)
        else { return false }
        probe.release()
        return true
        #else
        return false
        #endif
    }()

    /// Makes `bytes` the content of `path`, in place: written over it, then cut to length (not `O_TRUNC`,
    /// which makes ext4 flush the file on close; the sweeps store thousands of journals).
    public static func store(_ bytes: [UInt8], at path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessError(description: "cannot write \(path)") }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        guard written == bytes.count, ftruncate(descriptor, off_t(bytes.count)) == 0 else {
            throw HarnessError(description: "cannot write \(path)")
        }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws -> [UInt8] { try TestPaths.readBytes(path) }

    /// Makes `path` a symbolic link to `target`.
    public static func link(_ path: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// Whether anything (a dangling link included) is at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}

#if os(Linux)
/// A file system mounted for one test (a small tmpfs, or a directory bound read-only onto itself), unmounted
/// by ``release()`` (call it before the scratch goes away) or when it goes away.
public final class TestMount {
    /// Where it is mounted.
    public let path: String

    private init(path: String) { self.path = path }

    /// A tmpfs of `kilobytes` KiB on a fresh directory in `scratch`: a disk that fills up.
    public static func smallDisk(kilobytes: Int, in scratch: Scratch) throws -> TestMount {
        let path = scratch.file("disk-\(UUID().uuidString.prefix(6))")
        guard mkdir(path, 0o700) == 0 else { throw HarnessError(description: "cannot create \(path)") }
        try mountOrThrow(path) { mount("tmpfs", path, "tmpfs", 0, "size=\(kilobytes)k,mode=0700") }
        return TestMount(path: path)
    }

    /// `directory` made read-only by a read-only bind mount of itself (root ignores file modes).
    public static func readOnly(_ directory: String) throws -> TestMount {
        try mountOrThrow(directory) { mount(directory, directory, nil, UInt(MS_BIND), nil) }
        try mountOrThrow(directory) { mount(directory, directory, nil, UInt(MS_BIND | MS_REMOUNT | MS_RDONLY), nil) }
        return TestMount(path: directory)
    }

    private static func mountOrThrow(_ path: String, _ call: () -> Int32) throws {
        guard call() == 0 else {
            throw HarnessError(description: "cannot mount on \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Unmounts (lazily, so an open file does not keep it).
    public func release() { umount2(path, Int32(MNT_DETACH)) }

    deinit { release() }

    /// Fills the disk: writes a file `name` until the file system refuses; returns its path.
    @discardableResult
    public func fill(_ name: String = "filler") -> String {
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
#endif

/// The ``OutboxError`` `body` throws, or nil when it throws nothing (another error is recorded as an issue).
public func outboxError(_ body: () throws -> Void) -> OutboxError? {
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

/// A fresh outbox holding receipts.
public enum RecordedOutbox {
    /// An outbox in a new scratch folder with `count` receipts recorded, their vendors taking turns among the
    /// first `vendors` of ``Payloads/vendors``.
    public static func make(count: Int, vendors: Int) throws -> (Scratch, ReceiptOutbox, [Receipt]) {
        let scratch = try Scratch()
        let outbox = try ReceiptOutbox(directory: scratch.file("outbox"))
        let receipts = (0..<count).map { sampleReceipt($0, vendor: Payloads.vendors[$0 % vendors]) }
        for receipt in receipts { try outbox.record(receipt) }
        return (scratch, outbox, receipts)
    }
}

/// An outbox directory with one receipt recorded, and a file outside it holding a valid journal: what a link
/// planted in the outbox would point at.
public struct DamagedOutboxSetup {
    public let scratch: Scratch
    public let directory: String
    public let outside: String
    public let outsideBytes: [UInt8]

    public init() throws {
        scratch = try Scratch("damaged")
        directory = scratch.file("outbox")
        try ReceiptOutbox(directory: directory).record(sampleReceipt(0))
        // Outside the outbox: 5,700 bytes that are a valid journal followed by text, so reading it would
        // show receipts and "repairing" it would cut it.
        let other = scratch.file("elsewhere")
        let otherOutbox = try ReceiptOutbox(directory: other)
        for index in 100..<120 { try otherOutbox.record(sampleReceipt(index)) }
        outside = scratch.file("precious.bin")
        var bytes = try DamagedDisk.read(other + "/journal")
        bytes += [UInt8](repeating: 0x41, count: max(0, 5_700 - bytes.count))
        outsideBytes = bytes
        try DamagedDisk.store(bytes, at: outside)
    }

    /// Removes what is at `name` in the outbox and lets `make` put something else there.
    public func replace(_ name: String, with make: (String) throws -> Void) throws {
        let path = directory + "/" + name
        if DamagedDisk.exists(path) { try FileManager.default.removeItem(atPath: path) }
        try make(path)
    }
}

extension OutboxFrame {
    /// About `size` bytes of 45-byte candidate records, each a magic, a length reaching up to 1 MiB past it, a
    /// wrong CRC, a valid kind and a valid id, so every one costs a CRC over its claimed length to reject: what
    /// made the old scanner quadratic (each overlaps the next ones).
    package static func craftedOverlappingHeaders(count size: Int) -> [UInt8] {
        let unit = headerSize + 1 + idLength
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        while bytes.count + unit <= size {
            let claimed = UInt32(min(maxPayload, max(1 + idLength, size - bytes.count - headerSize)))
            bytes += magic
            bytes += [UInt8(truncatingIfNeeded: claimed), UInt8(truncatingIfNeeded: claimed >> 8),
                      UInt8(truncatingIfNeeded: claimed >> 16), UInt8(truncatingIfNeeded: claimed >> 24)]
            bytes += [0, 0, 0, 0, Kind.receipt.rawValue]
            bytes += Array(String(repeating: "0", count: idLength).utf8)
        }
        return bytes
    }
}

/// The permission bits of a file.
public func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
