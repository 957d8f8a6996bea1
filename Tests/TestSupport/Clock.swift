import PushBridgeSystem

/// Seconds on a monotonic clock.
public func monotonicNow() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Sleeps the calling thread.
public func pause(_ seconds: Double) {
    usleep(useconds_t(max(0, seconds) * 1_000_000))
}

/// The processor time `body` takes on the calling thread, in seconds: unlike wall-clock time, it does
/// not grow when other tests or other processes share the machine's cores.
public func processorSeconds(_ body: () throws -> Void) rethrows -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
    return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

/// Whether the process runs under ThreadSanitizer (`swift test --sanitize=thread`), which slows code
/// down many times: time bounds in tests are multiplied by 20 there.
public let underThreadSanitizer: Bool = {
    #if canImport(Glibc) || canImport(Musl)
    return dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
    #else
    return dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
    #endif
}()
