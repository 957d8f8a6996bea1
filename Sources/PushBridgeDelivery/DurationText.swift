/// Durations as people read them in reasons and errors: `1 s`, `0.25 s`, never `1.0000000002 s`.
package enum DurationText {
    /// `seconds` rounded to the millisecond, without trailing zeros; `more than 1000000000 s` beyond that.
    package static func seconds(_ seconds: Double) -> String {
        guard seconds < 1_000_000_000 else { return "more than 1000000000 s" }
        guard seconds > 0 else { return "0 s" }
        let milliseconds = Int((seconds * 1000).rounded())
        let whole = milliseconds / 1000
        var fraction = milliseconds % 1000
        guard fraction != 0 else { return "\(whole) s" }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        return "\(whole)." + String(repeating: "0", count: digits - text.count) + text + " s"
    }
}
