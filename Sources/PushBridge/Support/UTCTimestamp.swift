/// Seconds since the Unix epoch written as an ISO 8601 UTC date and time, the form vendors that stamp their
/// events expect (Klaviyo's `time`, Customer.io's pipeline `timestamp`).
public enum UTCTimestamp {
    /// `2026-12-05T10:30:00Z`, or with `milliseconds` `2026-12-05T10:30:00.000Z` (whole seconds, so always `.000`).
    public static func iso8601(_ seconds: Int, milliseconds: Bool = false) -> String {
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civil(fromDays: days)
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

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil_from_days).
    private static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let (era, dayOfEra) = floorDivision(shifted, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
