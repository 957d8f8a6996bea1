/// Seconds since the Unix epoch written as an ISO 8601 UTC date and time, the form vendors that stamp their
/// events expect (Klaviyo's `time`, Customer.io's pipeline `timestamp`).
public enum UTCTimestamp {
    /// `2026-12-05T10:30:00Z`, or with `milliseconds` `2026-12-05T10:30:00.000Z` (whole seconds, so always `.000`).
    public static func iso8601(_ seconds: Int, milliseconds: Bool = false) -> String {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = CivilDate.date(days: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(abs(year))
        while yearText.count < 4 { yearText = "0" + yearText }
        if year < 0 { yearText = "-" + yearText }
        let time = two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60)
        return "\(yearText)-\(two(month))-\(two(day))T\(time)\(milliseconds ? ".000" : "")Z"
    }

    /// `value` divided by `divisor` rounded down, and the non-negative remainder.
    private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
        return (quotient, value - quotient * divisor)
    }
}
