import WeatherCore

/// One observation as the daily summary needs it.
public struct ObservationPoint: Sendable {
    public var id: Int64
    public var instant: Int64
    public var tempC: Double?
    public var precipMm: Double?
    public var precipWindowH: Double?

    public init(id: Int64, instant: Int64, tempC: Double?, precipMm: Double?, precipWindowH: Double?) {
        self.id = id
        self.instant = instant
        self.tempC = tempC
        self.precipMm = precipMm
        self.precipWindowH = precipWindowH
    }
}

/// A row of `daily_observed`.
public struct DailyObserved: Sendable, Equatable {
    public var locationID: String
    public var localDate: String
    public var tempMaxC: Double?
    public var tempMinC: Double?
    public var tempMeanC: Double?
    public var nObs: Int
    public var hoursCovered: Int
    public var hoursInDay: Int
    public var complete: Bool
    public var precipMm: Double?
    public var precipHoursCovered: Int
    public var precipComplete: Bool
    /// The `provider/product` whose observations made this day (`TruthSources`).
    public var truthSource: String? = nil
    /// The station (`KNYC`) when the truth was station observations.
    public var truthStation: String? = nil
}

/// Summarises one location's observations into local calendar days.
///
/// - Days are the location's local days (IANA zone: 23 or 25 hours across DST changes).
/// - `hours_covered` counts distinct local clock hours with a temperature (an hour with only
///   rain data does not make the temperature day complete; rain has `precip_hours_covered`);
///   the repeated hour of a fall-back counts twice (hours are told apart by their UTC offset).
/// - `temp_mean_c` is the mean of hourly means, so ten readings in one hour weigh as one.
/// - Precipitation: see `PrecipitationSlots`.
public struct DailySummarizer {
    public var options: AggregateOptions
    public var rule: ZoneRule

    public init(options: AggregateOptions, rule: ZoneRule) {
        self.options = options
        self.rule = rule
    }

    /// Offset from UTC at `t` under this location's rule.
    func offset(at t: Int64) -> Int { rule.offset(at: t) }

    /// A local clock hour: its index since the epoch in local time, and the offset in force
    /// (so the two 01:00 hours of a fall-back night are different hours).
    struct HourKey: Hashable, Comparable {
        var localHour: Int64
        var offset: Int
        static func < (a: HourKey, b: HourKey) -> Bool { (a.localHour, a.offset) < (b.localHour, b.offset) }
    }

    func hourKey(_ t: Int64) -> HourKey {
        let off = offset(at: t)
        return HourKey(localHour: floorDiv(t + Int64(off), 3600), offset: off)
    }

    func localDate(_ key: HourKey) -> String { UTCTime.date(key.localHour * 3600) }

    func hoursInDay(_ date: String) -> Int {
        guard let zone = rule.zone, LocalTime.isKnownZone(zone) else { return 24 }
        return LocalTime.hoursInDay(date, zone: zone)
    }

    public func summarize(locationID: String, _ points: [ObservationPoint]) -> [DailyObserved] {
        struct Day {
            var max: Double?, min: Double?
            var n = 0
            var hours: [HourKey: (sum: Double, count: Int)] = [:]
            var covered = Set<HourKey>()
        }
        var days: [String: Day] = [:]
        for p in points {
            let key = hourKey(p.instant)
            let date = localDate(key)
            var d = days[date] ?? Day()
            d.n += 1
            if let t = p.tempC {
                d.covered.insert(key)
                d.max = Swift.max(d.max ?? t, t)
                d.min = Swift.min(d.min ?? t, t)
                let h = d.hours[key] ?? (0, 0)
                d.hours[key] = (h.sum + t, h.count + 1)
            }
            days[date] = d
        }
        var slots = PrecipitationSlots(hourKey: { self.hourKey($0) }, localDate: { self.localDate($0) })
        for p in points {
            if let mm = p.precipMm, let w = p.precipWindowH { slots.add(end: p.instant, windowHours: w, amountMm: mm) }
        }
        let rain = slots.dailyTotals()
        var out: [DailyObserved] = []
        for date in Set(days.keys).union(rain.keys).sorted() {
            let d = days[date] ?? Day()
            let hoursInDay = hoursInDay(date)
            // In hour order: a Dictionary's order changes from process to process, and so would the sum's last bit.
            let hourlyMeans = d.hours.sorted { $0.key < $1.key }.map { $0.value.sum / Double($0.value.count) }
            let mean = hourlyMeans.isEmpty ? nil : Convert.round(hourlyMeans.reduce(0, +) / Double(hourlyMeans.count), 2)
            let r = rain[date]
            let needed = options.dailyMinCoverage * Double(hoursInDay)
            out.append(DailyObserved(
                locationID: locationID, localDate: date, tempMaxC: d.max, tempMinC: d.min, tempMeanC: mean, nObs: d.n,
                hoursCovered: d.covered.count, hoursInDay: hoursInDay, complete: Double(d.covered.count) >= needed,
                precipMm: r.map { Convert.round($0.mm, 2) }, precipHoursCovered: r?.hours ?? 0,
                precipComplete: Double(r?.hours ?? 0) >= needed))
        }
        return out
    }
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
}
