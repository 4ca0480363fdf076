/// A row of `rainfall_monthly`: a month's rain from the days that have data.
public struct RainfallMonth: Sendable, Equatable {
    public var locationID: String
    public var month: String
    /// Sum over days with data (NULL when no day of the month has any).
    public var precipMm: Double?
    public var daysWithData: Int
    /// Days whose precipitation covers at least the minimum share of their hours.
    public var daysComplete: Int
    public var daysInMonth: Int
    /// Every day of the month complete: the total is the month's total, not a lower bound.
    public var complete: Bool

    /// Groups daily rows (of one or more locations) by location and `YYYY-MM`.
    public static func from(_ days: [DailyObserved]) -> [RainfallMonth] {
        var groups: [String: [DailyObserved]] = [:]
        var order: [String] = []
        for d in days {
            let key = d.locationID + "\u{0}" + String(d.localDate.prefix(7))
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(d)
        }
        return order.sorted().map { key in
            let rows = groups[key]!
            let month = String(rows[0].localDate.prefix(7))
            let withData = rows.filter { $0.precipMm != nil }
            let total = withData.isEmpty ? nil : (withData.reduce(0) { $0 + $1.precipMm! } * 100).rounded() / 100
            let complete = rows.filter(\.precipComplete).count
            let daysInMonth = RainfallMonth.daysIn(month)
            return RainfallMonth(locationID: rows[0].locationID, month: month, precipMm: total, daysWithData: withData.count,
                                 daysComplete: complete, daysInMonth: daysInMonth, complete: complete == daysInMonth)
        }
    }

    static func daysIn(_ month: String) -> Int {
        let parts = month.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2 else { return 30 }
        switch parts[1] {
        case 2:
            let y = parts[0]
            return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
