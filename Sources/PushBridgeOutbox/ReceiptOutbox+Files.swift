import PushBridge
import PushBridgeSystem

/// Why the outbox could not do what was asked. Its ``diagnostic`` is what the bridge and the CLI report.
public struct OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `outbox-full`, `outbox-io`, `outbox-unusable` (not an outbox, or a file that is a link,
    /// a directory, a device or a FIFO), `outbox-file-too-large`, `outbox-receipt-too-large`.
    public let code: String
    /// A sentence a person can act on.
    public let message: String
    /// The `errno` value for a failed system call, else nil.
    public let systemError: Int32?

    /// Creates an error.
    public init(code: String, message: String, systemError: Int32? = nil) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// The error as a diagnostic (severity error).
    public var diagnostic: Diagnostic { Diagnostic(.error, code: code, message: message) }

    public var description: String { "\(code): \(message)" }

    /// `path` is not a regular file the outbox may open (a link, a directory, a device, a FIFO).
    static func notRegular(_ path: String, what: String) -> OutboxError {
        OutboxError(
            code: DiagnosticCode.outboxUnusable.rawValue,
            message: "'\(path)' is \(what), not a regular file: the outbox opens only its own regular files and never "
                + "follows a link; it was not read or written. Move it out of the outbox directory")
    }

    /// `path` is larger than the outbox reads.
    static func tooLarge(_ path: String, size: String, limit: Int) -> OutboxError {
        OutboxError(
            code: DiagnosticCode.outboxFileTooLarge.rawValue,
            message: "'\(path)' is \(size), more than the outbox reads (\(limit) bytes, derived from its limits); it "
                + "was not read. Move it out of the outbox directory")
    }

    /// A failed system call on `path`, with `errno`'s text.
    static func io(_ action: String, _ path: String, errno code: Int32 = errno) -> OutboxError {
        OutboxError(
            code: DiagnosticCode.outboxIO.rawValue,
            message: "could not \(action) '\(path)': \(String(cString: strerror(code)))",
            systemError: code)
    }
}

/// The few POSIX calls the outbox needs, each retried on `EINTR` and turned into an ``OutboxError``.
enum OutboxFiles {
    /// Opens the outbox file at `path` with `flags`, never following a symbolic link (`O_NOFOLLOW`) and never
    /// blocking on a FIFO (`O_NONBLOCK`), and checks (`fstat`) that it is a regular file; anything else is
    /// refused with `outbox-unusable` naming the file. A file it creates gets `mode` and is forced to `mode`
    /// even when it already existed with a wider one (every outbox file is 0600).
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(OutboxError) -> Int32 {
        let descriptor = try openRaw(path, flags: flags | O_NOFOLLOW | O_NONBLOCK, mode: mode)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = OutboxError.io("inspect", path)
            close(descriptor)
            throw error
        }
        let type = UInt32(info.st_mode) & UInt32(S_IFMT)
        guard type == UInt32(S_IFREG) else {
            close(descriptor)
            throw .notRegular(path, what: fileTypeName(type))
        }
        if flags & O_CREAT != 0 { _ = fchmod(descriptor, mode) }
        return descriptor
    }

    /// `open(2)` retried on `EINTR`; a symbolic link (`ELOOP` under `O_NOFOLLOW`), a directory or a FIFO
    /// without a reader is refused as `outbox-unusable`, any other failure is `outbox-io`.
    private static func openRaw(_ path: String, flags: Int32, mode: mode_t) throws(OutboxError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 { return descriptor }
            switch errno {
            case EINTR: continue
            case ELOOP: throw .notRegular(path, what: "a symbolic link")
            case EISDIR: throw .notRegular(path, what: "a directory")
            case ENXIO: throw .notRegular(path, what: "a FIFO or socket")
            default: throw .io("open", path)
            }
        }
    }

    /// What a file of type `type` (`st_mode & S_IFMT`) is, for a refusal.
    private static func fileTypeName(_ type: UInt32) -> String {
        switch type {
        case UInt32(S_IFDIR): return "a directory"
        case UInt32(S_IFLNK): return "a symbolic link"
        case UInt32(S_IFIFO): return "a FIFO"
        case UInt32(S_IFSOCK): return "a socket"
        case UInt32(S_IFCHR): return "a character device"
        case UInt32(S_IFBLK): return "a block device"
        default: return "not a regular file"
        }
    }

    /// Creates `path` (and its parents) as directories with mode 0700 when missing, making each new entry
    /// durable in its parent.
    static func makeDirectory(_ path: String) throws(OutboxError) {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            let parent = partial.isEmpty ? "." : partial
            partial += (partial.isEmpty || partial.hasSuffix("/") ? "" : "/") + component
            if mkdir(partial, 0o700) == 0 {
                try syncDirectory(parent)
            } else if errno != EEXIST {
                throw .io("create the directory", partial)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io("inspect", path) }
        guard UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR) else {
            throw OutboxError(
                code: DiagnosticCode.outboxUnusable.rawValue, message: "'\(path)' exists and is not a directory")
        }
    }

    /// Whether `path` is a directory (following links: the outbox directory itself may be reached through one).
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR)
    }

    /// Whether an entry named `path` exists (a symbolic link counts, dangling or not: it is never followed).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The size of an open file.
    static func size(_ descriptor: Int32, path: String) throws(OutboxError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io("inspect", path) }
        return Int(info.st_size)
    }

    /// Every byte of an open file, read from its start, but never more than `limit` bytes: a file that is
    /// (or grows while it is read) larger is refused with `outbox-file-too-large`, so a damaged or hostile
    /// file can never make a read run until memory runs out.
    static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(OutboxError) -> [UInt8] {
        let expected = try size(descriptor, path: path)
        guard expected <= limit else { throw .tooLarge(path, size: "\(expected) bytes", limit: limit) }
        var bytes = [UInt8](repeating: 0, count: max(expected, 0) + 1)
        var offset = 0
        while true {
            if offset == bytes.count {
                guard bytes.count <= limit else {
                    throw .tooLarge(path, size: "more than \(limit) bytes", limit: limit)
                }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(64 * 1024, limit + 1 - bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + offset, raw.count - offset, off_t(offset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("read", path)
            }
            if count == 0 { break }
            offset += count
            if offset > limit { throw .tooLarge(path, size: "more than \(limit) bytes", limit: limit) }
        }
        bytes.removeSubrange(offset...)
        return bytes
    }

    /// Writes every byte of `bytes` at the descriptor's position (the end, for `O_APPEND`).
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(OutboxError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .io("write", path)
            }
            offset += written
        }
    }

    /// Makes what was written to the descriptor durable (`fsync`; on Apple platforms `F_FULLFSYNC`, which
    /// also flushes the drive's cache, falling back to `fsync`).
    static func sync(_ descriptor: Int32, path: String) throws(OutboxError) {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            throw .io("sync", path)
        }
    }

    /// Makes a directory's entries durable (a file just created or renamed in it).
    static func syncDirectory(_ path: String) throws(OutboxError) {
        var descriptor: Int32
        repeat {
            descriptor = systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw .io("open", path) }
        defer { close(descriptor) }
        // Some file systems refuse fsync on a directory (EINVAL): the entry is then as durable as they allow.
        while fsync(descriptor) != 0 {
            if errno == EINTR { continue }
            if errno == EINVAL || errno == EBADF { return }
            throw .io("sync", path)
        }
    }

    /// Cuts a file to `length` bytes and makes that durable.
    static func truncate(_ descriptor: Int32, to length: Int, path: String) throws(OutboxError) {
        while ftruncate(descriptor, off_t(length)) != 0 {
            if errno == EINTR { continue }
            throw .io("truncate", path)
        }
        try sync(descriptor, path: path)
    }

    /// Takes an exclusive `flock` on the descriptor; with `wait: false`, returns false at once when
    /// another open file holds it.
    static func lock(_ descriptor: Int32, path: String, wait: Bool = true) throws(OutboxError) -> Bool {
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            if !wait, errno == EWOULDBLOCK { return false }
            throw .io("lock", path)
        }
        return true
    }

    /// Releases a `flock`.
    static func unlock(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }

    /// Atomically replaces `destination` with `source`.
    static func rename(_ source: String, to destination: String) throws(OutboxError) {
        guard systemRename(source, destination) == 0 else { throw .io("rename", source) }
    }

    /// Removes a file; a missing one is fine.
    static func remove(_ path: String) {
        _ = unlink(path)
    }

    /// Creates a new, empty file in `directory` named `prefix.<pid>.<random>`, exclusively (`O_EXCL`, so never
    /// one that was already there, never through a link); returns its descriptor and path.
    static func createUnique(
        in directory: String, prefix: String
    ) throws(OutboxError) -> (descriptor: Int32, path: String) {
        var lastError: OutboxError?
        for _ in 0..<8 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let path = directory + "/" + prefix + "." + String(getpid()) + "." + suffix
            do throws(OutboxError) {
                return (try open(path, flags: O_WRONLY | O_CREAT | O_EXCL), path)
            } catch {
                lastError = error
                if error.systemError != EEXIST { break }
            }
        }
        throw lastError ?? .io("create a file in", directory, errno: EEXIST)
    }

    /// The names in `directory` that start with `prefix` (best effort: an unreadable directory lists nothing).
    static func names(in directory: String, withPrefix prefix: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let capacity = MemoryLayout.size(ofValue: entry.pointee.d_name)
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
            }
            if name.hasPrefix(prefix) { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes `path`, a file or an empty directory; returns the `errno` of a failure (nil when it is gone).
    static func removeEntry(_ path: String) -> Int32? {
        if unlink(path) == 0 || errno == ENOENT { return nil }
        if errno == EISDIR || errno == EPERM, rmdir(path) == 0 { return nil }
        return errno
    }

    /// Seconds since the Unix epoch.
    static func now() -> Int { Int(time(nil)) }

    /// A monotonic clock in seconds, for deadlines.
    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    return PushBridgeSystem.open(path, flags, mode)
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    return PushBridgeSystem.rename(source, destination)
}
