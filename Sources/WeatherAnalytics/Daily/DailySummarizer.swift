import WeatherCore

/// One observation as the daily summary needs it.
public struct ObservationPoint: Sendable {
    public var id: Int64
    public var instant: Int64
    public var tempC: Double?
    public var precipMm: Double?
    public var precipWindowH: Double?
    /// The extremes the station reported over windows ending at `instant` (6 h, 24 h, a stated
    /// window), used as the truth of the days and windows they cover (`ReportedExtremes`).
    public var reported: ReportedValues?

    public init(id: Int64, instant: Int64, tempC: Double?, precipMm: Double?, precipWindowH: Double?, reported: ReportedValues? = nil) {
        self.id = id
        self.instant = instant
        self.tempC = tempC
        self.precipMm = precipMm
        self.precipWindowH = precipWindowH
        self.reported = reported.flatMap { $0.isEmpty ? nil : $0 }
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
    /// What `temp_max_c` and `temp_min_c` were made from (`TruthBasis`); nil without a temperature.
    public var truthBasis: String? = nil
    /// What `precip_mm` was made from: `hourly` slots or a `reported_total`; nil without precipitation.
    public var precipBasis: String? = nil
}

/// Summarises one location's observations into local calendar days.
///
/// - Days are the location's local days (IANA zone: 23 or 25 hours across DST changes).
/// - `hours_covered` counts distinct local clock hours with a temperature (an hour with only
///   rain data does not make the temperature day complete; rain has `precip_hours_covered`);
///   the repeated hour of a fall-back counts twice (hours are told apart by their UTC offset).
/// - `temp_mean_c` is the mean of hourly means, so ten readings in one hour weigh as one.
/// - Precipitation: see `PrecipitationSlots`.
/// - Extremes and totals the station reported over the day (a daily summary, a 24-hour group, 6-hour
///   groups inside it) are its truth before the readings (`ReportedExtremes`); `truth_basis` and
///   `precip_basis` say which made the row.
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
        // Reports over stated windows and long accumulations, by instant: few, looked up per day.
        var reports: [ObservationPoint] = []
        for p in points {
            if p.reported != nil || (p.precipMm != nil && !PrecipitationSlots.holds(p.precipWindowH)) { reports.append(p) }
            // A daily summary's row ends at the next day's midnight: it counts where it is used.
            if ReportedExtremes.isSummaryOnly(p) { continue }
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
        reports.sort { $0.instant < $1.instant }
        var slots = PrecipitationSlots(hourKey: { self.hourKey($0) }, localDate: { self.localDate($0) })
        for p in points {
            if let mm = p.precipMm, let w = p.precipWindowH { slots.add(end: p.instant, windowHours: w, amountMm: mm) }
        }
        let rain = slots.dailyTotals()
        // A stated window or a long total belongs to the local date of its middle, if it matches that day.
        var reportDates = Set<String>()
        for p in reports {
            for w in [p.reported?.extremesWindowH, PrecipitationSlots.holds(p.precipWindowH) ? nil : p.precipWindowH].compactMap({ $0 }) {
                reportDates.insert(rule.date(of: p.instant - Int64((w * 1800).rounded())))
            }
        }
        var out: [DailyObserved] = []
        for date in Set(days.keys).union(rain.keys).union(reportDates).sorted() {
            var d = days[date] ?? Day()
            let hoursInDay = hoursInDay(date)
            let needed = options.dailyMinCoverage * Double(hoursInDay)
            var reported: ReportedExtremes.Extremes?, total: (mm: Double, summaryID: Int64?)?
            if !reports.isEmpty, let window = dayWindow(date) {
                let candidates = window.candidates(reports)
                reported = window.extremes(candidates)
                total = window.total(candidates)
            }
            if reported == nil && total == nil && days[date] == nil && rain[date] == nil { continue }
            // In hour order: a Dictionary's order changes from process to process, and so would the sum's last bit.
            let hourlyMeans = d.hours.sorted { $0.key < $1.key }.map { $0.value.sum / Double($0.value.count) }
            let mean = hourlyMeans.isEmpty ? nil : Convert.round(hourlyMeans.reduce(0, +) / Double(hourlyMeans.count), 2)
            var complete = Double(d.covered.count) >= needed
            var basis = d.max == nil ? nil : TruthBasis.hourly
            if let r = reported {
                basis = r.basis
                d.n += r.summaryIDs.count
                if r.basis == .reported6h {
                    d.max = [d.max, r.maxC].compactMap { $0 }.max()
                    d.min = [d.min, r.minC].compactMap { $0 }.min()
                    complete = Double(d.covered.union(tileHours(r.tiles, date: date)).count) >= needed
                } else {
                    (d.max, d.min, complete) = (r.maxC, r.minC, true)
                }
            }
            var precipMm = rain[date].map { Convert.round($0.mm, 2) }, precipHours = rain[date]?.hours ?? 0
            var precipBasis = precipMm == nil ? nil : TruthBasis.hourly
            if let t = total {
                // The day's reported total covers every hour of it, and replaces the slots' sum.
                (precipMm, precipHours, precipBasis) = (Convert.round(t.mm, 2), hoursInDay, .reportedTotal)
                if t.summaryID != nil, reported?.summaryIDs.contains(t.summaryID!) != true { d.n += 1 }
            }
            out.append(DailyObserved(
                locationID: locationID, localDate: date, tempMaxC: d.max, tempMinC: d.min, tempMeanC: mean, nObs: d.n,
                hoursCovered: d.covered.count, hoursInDay: hoursInDay, complete: complete,
                precipMm: precipMm, precipHoursCovered: precipHours, precipComplete: Double(precipHours) >= needed,
                truthBasis: basis?.rawValue, precipBasis: precipBasis?.rawValue))
        }
        return out
    }

    /// The local day `date` as a window, with the day-window tolerance.
    func dayWindow(_ date: String) -> ReportedExtremes? {
        guard let start = ForecastPairer.localMidnight(date, rule),
              let end = ForecastPairer.localMidnight(LocalTime.nextDate(date), rule) else { return nil }
        return ReportedExtremes(from: start, to: end, toleranceHours: options.dayWindowToleranceHours)
    }

    /// The clock hours of `date` holding the middles of the 6-hour windows' 1-hour parts (as
    /// `PrecipitationSlots` places an accumulation's hours): six per window.
    func tileHours(_ tiles: [ClosedRange<Int64>], date: String) -> Set<HourKey> {
        var out = Set<HourKey>()
        for tile in tiles {
            var t = tile.lowerBound + 1800
            while t < tile.upperBound {
                let key = hourKey(t)
                if localDate(key) == date { out.insert(key) }
                t += 3600
            }
        }
        return out
    }
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : (a - b + 1) / b
}
