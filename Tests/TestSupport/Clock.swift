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
