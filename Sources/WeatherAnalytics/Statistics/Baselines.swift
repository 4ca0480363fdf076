import WeatherCore

/// A calendar date as a day number (days since 1970-01-01), for date arithmetic on the
/// `YYYY-MM-DD` strings of `daily_observed` and `forecast_pairs`.
public enum CivilDay {
    /// Nil unless `text` is a valid `YYYY-MM-DD` date.
    public static func number(_ text: String) -> Int64? {
        // The dates the aggregate writes, ten ASCII bytes: read as digits, without splitting
        // the text (asked for every pair of the day leads' skill).
        let b = text.utf8
        if b.count == 10, let y = digits(b, 0, 4), let m = digits(b, 5, 2), let d = digits(b, 8, 2),
           b[b.index(b.startIndex, offsetBy: 4)] == UInt8(ascii: "-"), b[b.index(b.startIndex, offsetBy: 7)] == UInt8(ascii: "-") {
            guard (1...12).contains(m), d >= 1, d <= daysInMonth(year: Int64(y), month: m) else { return nil }
            return UTCTime.days(year: Int64(y), month: m, day: d)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int64(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= daysInMonth(year: y, month: m) else { return nil }
        return UTCTime.days(year: y, month: m, day: d)
    }

    public static func text(_ number: Int64) -> String { UTCTime.date(number * 86400) }

    /// The decimal number of `count` ASCII digits from byte `start`; nil if one is not a digit.
    private static func digits(_ b: String.UTF8View, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        var i = b.index(b.startIndex, offsetBy: start)
        for _ in 0..<count {
            let digit = Int(b[i]) - 48
            guard (0...9).contains(digit) else { return nil }
            value = value * 10 + digit
            i = b.index(after: i)
        }
        return value
    }

    static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(year: Int64, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// Reference forecasts that cost nothing, which a forecast must beat to be worth having.
public enum Baselines {
    /// Persistence: the value observed on the day before the issue date. The issue day itself
    /// is not over when the forecast is made, so its value was not known yet. Nil when that
    /// day has no observation. `observed` maps `YYYY-MM-DD` (local dates) to values.
    public static func persistence(issueDate: String, observed: [String: Double]) -> Double? {
        guard let day = CivilDay.number(issueDate) else { return nil }
        return observed[CivilDay.text(day - 1)]
    }
}

/// Day-of-year climatology of one location: the mean of every observation whose date lies
/// within ±`windowDays` of the target's month and day in any year of the record.
///
/// The window is counted in real calendar days around the target's anniversary in each year
/// (29 February counts as 28 February in common years), so it crosses month and year
/// boundaries naturally. The record includes the target's own observation: this is the
/// sample climatology of the archive, not an independent one, and with a single year it is
/// close to a 15-day running mean. It is offered only when the record spans at least
/// `minimumSpanDays` (365: one full year), so that every day of the year has its own record.
public struct DailyClimatology: Sendable {
    public let windowDays: Int
    private let values: [Int64: Double]
    private let firstYear: Int64, lastYear: Int64
    /// First to last observed date, inclusive.
    public let spanDays: Int64
    public let isAvailable: Bool

    public init(observed: [String: Double], windowDays: Int = 7, minimumSpanDays: Int = 365) {
        var byDay: [Int64: Double] = [:]
        for (date, value) in observed { if let day = CivilDay.number(date) { byDay[day] = value } }
        values = byDay
        self.windowDays = windowDays
        let first = byDay.keys.min() ?? 0, last = byDay.keys.max() ?? 0
        spanDays = byDay.isEmpty ? 0 : last - first + 1
        firstYear = UTCTime.civil(fromDays: first).year
        lastYear = UTCTime.civil(fromDays: last).year
        isAvailable = spanDays >= Int64(minimumSpanDays)
    }

    /// The climatological value for `date`; nil when climatology is unavailable or the window
    /// holds no observation.
    public func value(for date: String) -> Double? {
        guard isAvailable, let day = CivilDay.number(date) else { return nil }
        let target = UTCTime.civil(fromDays: day)
        var sum = 0.0, count = 0
        for year in (firstYear - 1)...(lastYear + 1) {
            let dayOfMonth = min(target.day, CivilDay.daysInMonth(year: year, month: target.month))
            let anniversary = UTCTime.days(year: year, month: target.month, day: dayOfMonth)
            for offset in -Int64(windowDays)...Int64(windowDays) {
                if let v = values[anniversary + offset] { sum += v; count += 1 }
            }
        }
        return count > 0 ? sum / Double(count) : nil
    }
}
