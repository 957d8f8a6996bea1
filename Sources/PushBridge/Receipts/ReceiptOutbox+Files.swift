#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the outbox could not do what was asked. Its ``diagnostic`` is what the bridge and the CLI report.
public struct OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable code: `outbox-full`, `outbox-io`, `outbox-unusable`.
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

    /// A failed system call on `path`, with `errno`'s text.
    static func io(_ action: String, _ path: String, errno code: Int32 = errno) -> OutboxError {
        OutboxError(
            code: "outbox-io", message: "could not \(action) '\(path)': \(String(cString: strerror(code)))",
            systemError: code)
    }
}

/// The few POSIX calls the outbox needs, each retried on `EINTR` and turned into an ``OutboxError``.
enum OutboxFiles {
    /// Opens `path` with `flags`; a file it creates gets `mode` and is forced to `mode` even when it
    /// already existed with a wider one (every outbox file is 0600).
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(OutboxError) -> Int32 {
        while true {
            let descriptor = systemOpen(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 {
                if flags & O_CREAT != 0 { _ = fchmod(descriptor, mode) }
                return descriptor
            }
            if errno == EINTR { continue }
            throw .io("open", path)
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
            throw OutboxError(code: "outbox-unusable", message: "'\(path)' exists and is not a directory")
        }
    }

    /// Whether `path` exists.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The size of an open file.
    static func size(_ descriptor: Int32, path: String) throws(OutboxError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .io("inspect", path) }
        return Int(info.st_size)
    }

    /// Every byte of an open file, read from its start.
    static func readAll(_ descriptor: Int32, path: String) throws(OutboxError) -> [UInt8] {
        let expected = try size(descriptor, path: path)
        var bytes = [UInt8](repeating: 0, count: max(expected, 0))
        var offset = 0
        while true {
            if offset == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 4096)) }
            let count = bytes.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress! + offset, raw.count - offset, off_t(offset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .io("read", path)
            }
            if count == 0 { break }
            offset += count
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
        let descriptor = try open(path, flags: O_RDONLY)
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
    #if canImport(Glibc)
    return Glibc.open(path, flags, mode)
    #else
    return Darwin.open(path, flags, mode)
    #endif
}

private func systemRename(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Glibc)
    return Glibc.rename(source, destination)
    #else
    return Darwin.rename(source, destination)
    #endif
}
