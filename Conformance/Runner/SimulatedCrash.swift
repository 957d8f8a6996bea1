import PushBridge

/// A seam for testing the suite itself: an adapter written to be broken calls ``record(_:)`` where a real
/// adapter would trap (a force unwrap, `fatalError`), so the runner can report the crash as a failure of
/// the case and variant that caused it, instead of the test process ending.
///
/// Real adapters never call it: a real trap ends the process, which is the failure the suite exists to
/// prevent. Outside a conformance run, ``record(_:)`` does nothing.
public enum SimulatedCrash {
    /// Collects the crashes recorded while one adapter call runs.
    final class Recorder: Sendable {
        private let messages = Locked<[String]>([])

        func append(_ message: String) { messages.withLock { $0.append(message) } }

        /// The messages recorded so far, emptying the recorder.
        func drain() -> [String] {
            messages.withLock { state in
                defer { state.removeAll() }
                return state
            }
        }
    }

    @TaskLocal static var recorder: Recorder?

    /// Records that the adapter would have crashed here, with why.
    public static func record(_ reason: String) {
        recorder?.append(reason)
    }

    /// Runs `body` and returns its value with the crashes it recorded.
    static func capture<Value>(_ body: () -> Value) -> (value: Value, crashes: [String]) {
        let recorder = Recorder()
        let value = $recorder.withValue(recorder) { body() }
        return (value, recorder.drain())
    }
}
