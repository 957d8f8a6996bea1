import PushBridgeSystem

/// A value guarded by a POSIX mutex: the one lock PushBridge's state sits behind.
///
/// It uses `pthread_mutex_t` rather than `Synchronization.Mutex` so that the thread sanitizer sees
/// every lock and unlock (it does not see the futex operations inside `Mutex` on Linux), and so the
/// package needs no minimum OS version for it. Never call back into the same lock from `body`.
public final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex = PThreadMutex()

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try mutex.withLock { () throws(Failure) -> Result in try body(&value) }
    }
}

/// The POSIX mutex inside ``Locked``, on its own for the classes every simulation makes (the bridge, the router,
/// the action registry): they keep their state in a stored property beside one, since a `Locked<State>` is a
/// generic class whose metadata a start-up builds at run time, once per state type. Never call back into the same
/// lock from `body`.
package struct PThreadMutex: ~Copyable, @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked mutex.
    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the mutex.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
