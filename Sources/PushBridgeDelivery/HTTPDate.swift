import PushBridge
import PushBridgeSystem

/// Reads the IMF-fixdate form of an HTTP-date (RFC 9110 §5.6.7), the one `Retry-After` uses:
/// `Sun, 06 Nov 1994 08:49:37 GMT`. Total: every number is bounded before any arithmetic.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Years past this read as this one: such a date is "far later" whatever its exact value, and the
    /// arithmetic below stays far from overflow.
    static let latestYear = 10_000_000

    /// Seconds since the Unix epoch, or nil when `text` is not an IMF-fixdate. A year of more than four
    /// digits is accepted and read as at most ``latestYear``.
    static func parse(_ text: String) -> Double? {
        let parts = text.split(separator: " ")
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
              let day = twoDigits(parts[1]), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])),
              parts[3].utf8.count >= 4,
              let year = ASCIIDigits.decimalValue(parts[3].utf8, limit: latestYear).map({ min($0, latestYear) })
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3, let hour = twoDigits(clock[0]), let minute = twoDigits(clock[1]),
              let second = twoDigits(clock[2]), (0...23).contains(hour), (0...59).contains(minute),
              (0...60).contains(second)
        else { return nil }
        return Double(CivilDate.days(year: year, month: month + 1, day: day)) * 86_400
            + Double(hour * 3_600 + minute * 60 + second)
    }

    private static func twoDigits(_ text: Substring) -> Int? {
        text.utf8.count == 2 ? ASCIIDigits.decimalValue(text.utf8, limit: 99) : nil
    }

    /// Now, in seconds since the Unix epoch.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
