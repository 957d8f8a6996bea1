import PushBridge

/// How often and how long a receipt's request is retried (docs/DELIVERY.md, "Retry policy").
///
/// Attempt `n` (from 1) that fails with 408, 429, 5xx or a network error waits
/// `d = min(maxDelay, baseDelay × multiplier^(n-1))`, jittered to a uniform value in `[d/2, d]`
/// ("equal jitter"), and never less than the server's `Retry-After`. A receipt gets at most
/// ``maxAttempts`` requests and ``maxTotalTime`` seconds; a `Retry-After` longer than ``maxRetryAfter``
/// or than the time left ends the attempts at once. What is left is retried by a later flush.
public struct RetryPolicy: Sendable, Hashable {
    /// Most requests for one receipt (default 5).
    public var maxAttempts: Int
    /// The wait before the first retry, in seconds, before jitter (default 0.5).
    public var baseDelay: Double
    /// How much each wait grows (default 2).
    public var multiplier: Double
    /// The longest wait between two attempts, before `Retry-After` (default 8 s).
    public var maxDelay: Double
    /// The most time spent on one receipt, waits included (default 30 s).
    public var maxTotalTime: Double
    /// The longest `Retry-After` honoured by waiting (default 60 s); a longer one defers the receipt.
    public var maxRetryAfter: Double

    /// Creates a policy.
    public init(
        maxAttempts: Int = 5, baseDelay: Double = 0.5, multiplier: Double = 2, maxDelay: Double = 8,
        maxTotalTime: Double = 30, maxRetryAfter: Double = 60
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.multiplier = max(1, multiplier)
        self.maxDelay = max(0, maxDelay)
        self.maxTotalTime = max(0, maxTotalTime)
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// A policy for a flush that may take at most `maxTime` seconds in all (what `bridge-cli flush` and
    /// `simulate --endpoint` use): `maxAttempts` requests per receipt, the first retry after `baseDelay`
    /// seconds, waits capped at 8 s (or `baseDelay`, when longer), one receipt's attempts at 30 s and the
    /// `Retry-After` honoured at 60 s, both cut to `maxTime`, so no single receipt can use more than the
    /// whole flush may.
    public static func forFlush(maxAttempts: Int = 5, baseDelay: Double = 0.5, maxTime: Double = 60) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, baseDelay: baseDelay, maxDelay: max(8, baseDelay),
            maxTotalTime: min(30, maxTime), maxRetryAfter: min(60, maxTime))
    }

    /// The wait after failed attempt `attempt` (from 1), given a uniform random `unit` in `[0, 1]` and the
    /// server's `Retry-After` in seconds, if any.
    public func delay(afterAttempt attempt: Int, unit: Double, retryAfter: Double? = nil) -> Double {
        var backoff = baseDelay
        for _ in 1..<max(1, attempt) {
            backoff *= multiplier
            if backoff >= maxDelay { break }
        }
        backoff = min(maxDelay, backoff)
        let jittered = backoff / 2 + backoff / 2 * min(1, max(0, unit))
        return max(jittered, retryAfter ?? 0)
    }

    /// Whether an HTTP status is worth retrying: 408, 429 and every 5xx.
    public static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// The longest wait a `Retry-After` is read as, in seconds (10^9, about 31 years): anything longer,
    /// however it is written, means the same thing, "much later than any wait honoured".
    public static let retryAfterCeiling: Double = 1_000_000_000

    /// Seconds to wait from a `Retry-After` value: delay-seconds (`120`, digits only) or an HTTP-date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`, compared with `now`, seconds since the Unix epoch). Nil when it
    /// reads as neither (garbage, a sign, a fraction): the header is then as good as absent. A date in the
    /// past is 0; anything longer than ``retryAfterCeiling`` (`9223372036854775807`, a date in year
    /// 999999999999999999) is ``retryAfterCeiling``. Never traps.
    public static func retryAfterSeconds(_ value: String, now: Double) -> Double? {
        let text = value.trimmingASCIISpaces()
        let ceiling = Int(retryAfterCeiling)
        if let seconds = ASCIIDigits.decimalValue(text.utf8, limit: ceiling) { return Double(min(seconds, ceiling)) }
        guard let date = HTTPDate.parse(String(text)), now.isFinite else { return nil }
        return min(retryAfterCeiling, max(0, date - now))
    }
}
