import PushBridgeSystem

/// A socket address (IPv4 or IPv6) as bytes, so it can cross threads.
public struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// `AF_INET` or `AF_INET6`.
    public let family: Int32
    /// The bytes of a `sockaddr_in` or `sockaddr_in6`.
    public let storage: [UInt8]

    /// An address from a `sockaddr` of `length` bytes; nil unless it is IPv4 or IPv6.
    public init?(_ address: UnsafePointer<sockaddr>, length: Int) {
        let family = Int32(address.pointee.sa_family)
        let expected = family == AF_INET ? MemoryLayout<sockaddr_in>.size
            : family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : 0
        guard expected > 0, length >= expected else { return nil }
        self.family = family
        storage = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(address), count: expected))
    }

    /// The address of a numeric host (`127.0.0.1`, `::1`) and `port`, found without a resolver; nil for a name.
    public init?(numericHost host: String, port: Int) {
        guard (0...65_535).contains(port) else { return nil }
        let networkPort = in_port_t(UInt16(port).bigEndian)
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &ipv4.sin_addr) == 1 {
            (ipv4.sin_family, ipv4.sin_port) = (sa_family_t(AF_INET), networkPort)
            self.init(family: AF_INET, of: ipv4)
        } else if inet_pton(AF_INET6, host, &ipv6.sin6_addr) == 1 {
            (ipv6.sin6_family, ipv6.sin6_port) = (sa_family_t(AF_INET6), networkPort)
            self.init(family: AF_INET6, of: ipv6)
        } else {
            return nil
        }
    }

    private init<Address>(family: Int32, of address: Address) {
        self.family = family
        storage = withUnsafeBytes(of: address) { Array($0) }
    }

    /// The address as text (`127.0.0.1`, `::1`).
    public var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let written = storage.withUnsafeBytes { raw -> Bool in
            if family == AF_INET {
                var address = raw.loadUnaligned(as: sockaddr_in.self).sin_addr
                return inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil
            }
            var address = raw.loadUnaligned(as: sockaddr_in6.self).sin6_addr
            return inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil
        }
        return written ? String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
    }
}

/// Looks up the addresses of a host name for ``SocketHTTPTransport``.
///
/// Implementation requirements: ``addresses(host:port:)`` may block as long as it likes. The transport
/// calls it on a thread of its own and stops waiting at the request's deadline; a lookup still running
/// then is abandoned (its thread ends when the lookup does, and its answer is dropped). Numeric hosts
/// never reach a resolver.
public protocol HostResolver: Sendable {
    /// The addresses of `host` (a name, not a numeric address) for TCP `port`, or why there are none.
    func addresses(host: String, port: Int) -> Result<[SocketAddress], HTTPTransportFailure>
}

/// The system's resolver: `getaddrinfo` (files, DNS, whatever the system is configured with).
public struct SystemHostResolver: HostResolver {
    /// Creates the resolver.
    public init() {}

    public func addresses(host: String, port: Int) -> Result<[SocketAddress], HTTPTransportFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == 0 ? "no address" : String(cString: gai_strerror(status))
            return .failure(HTTPTransportFailure(.network, "cannot resolve the endpoint's host '\(host)': \(reason)"))
        }
        defer { freeaddrinfo(first) }
        var found: [SocketAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let entry = node {
            node = entry.pointee.ai_next
            if let raw = entry.pointee.ai_addr {
                SocketAddress(raw, length: Int(entry.pointee.ai_addrlen)).map { found.append($0) }
            }
        }
        return found.isEmpty
            ? .failure(HTTPTransportFailure(.network, "cannot resolve the endpoint's host '\(host)': no address"))
            : .success(found)
    }
}

/// Runs lookups on threads of their own and waits for each at most until a deadline; bounds how many
/// abandoned lookups may still be running.
final class BoundedLookups: @unchecked Sendable {
    /// The most lookups left running after their callers stopped waiting.
    let maxAbandoned: Int
    private let state = ConditionLock()
    private var abandoned = 0

    init(maxAbandoned: Int) { self.maxAbandoned = max(1, maxAbandoned) }

    /// Lookups abandoned whose threads are still running.
    var abandonedStillRunning: Int { state.locked { abandoned } }

    /// `resolver`'s answer for `host:port`, or a timeout once `deadline` (monotonic seconds) passes.
    func resolve(
        _ resolver: any HostResolver, host: String, port: Int, deadline: Double, timeout: Double
    ) -> Result<[SocketAddress], HTTPTransportFailure> {
        let stuck = state.locked { abandoned }
        guard stuck < maxAbandoned else {
            return .failure(HTTPTransportFailure(
                .network, "name resolution is stuck: \(stuck) earlier lookups have not returned"))
        }
        let lookup = Lookup()
        let started = LookupThread.start {
            let answer = resolver.addresses(host: host, port: port)
            let wasAbandoned = lookup.finish(answer)
            if wasAbandoned { self.state.locked { self.abandoned -= 1 } }
        }
        guard started else {
            return .failure(HTTPTransportFailure(.network, "cannot start a thread to resolve the endpoint's host"))
        }
        if let answer = lookup.wait(until: deadline) { return answer }
        // Counted before it is marked abandoned, so the thread's decrement can never come first.
        state.locked { abandoned += 1 }
        if lookup.abandon() {
            return .failure(HTTPTransportFailure(
                .timedOut, "the endpoint's host '\(host)' was not resolved within \(DurationText.seconds(timeout))"))
        }
        state.locked { abandoned -= 1 }
        return lookup.answer ?? .failure(HTTPTransportFailure(.network, "the lookup ended without an answer"))
    }

    /// One lookup's answer, handed from its thread to the caller.
    private final class Lookup: @unchecked Sendable {
        private let state = ConditionLock()
        private var result: Result<[SocketAddress], HTTPTransportFailure>?
        private var isAbandoned = false

        var answer: Result<[SocketAddress], HTTPTransportFailure>? { state.locked { result } }

        /// Stores the answer; true when the caller had already stopped waiting.
        func finish(_ answer: Result<[SocketAddress], HTTPTransportFailure>) -> Bool {
            state.locked {
                result = answer
                state.broadcast()
                return isAbandoned
            }
        }

        /// Marks the lookup abandoned; false when its answer arrived just before.
        func abandon() -> Bool {
            state.locked {
                guard result == nil else { return false }
                isAbandoned = true
                return true
            }
        }

        func wait(until deadline: Double) -> Result<[SocketAddress], HTTPTransportFailure>? {
            state.locked {
                while result == nil {
                    let left = deadline - SocketHTTPTransport.now()
                    if left <= 0 { break }
                    state.wait(seconds: min(left, 0.05))
                }
                return result
            }
        }
    }
}

/// A pthread mutex and condition variable.
final class ConditionLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every waiter; call holding the mutex.
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits at most `seconds` for a broadcast (spurious wake-ups happen); call holding the mutex. The
    /// wait is measured on the wall clock, so callers wait in short slices and check a monotonic deadline.
    func wait(seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(max(0, seconds) * 1e9)
        var until = timespec()
        until.tv_sec = now.tv_sec + nanoseconds / 1_000_000_000
        until.tv_nsec = nanoseconds % 1_000_000_000
        _ = pthread_cond_timedwait(condition, mutex, &until)
    }
}

/// Starts detached POSIX threads (no Foundation).
enum LookupThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new detached thread; false when no thread could be started.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        if status == 0 { pthread_detach(thread) }
        #else
        var thread: pthread_t?
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        if status == 0, let thread { pthread_detach(thread) }
        #endif
        if status != 0 { Unmanaged<Body>.fromOpaque(context).release() }
        return status == 0
    }
}
