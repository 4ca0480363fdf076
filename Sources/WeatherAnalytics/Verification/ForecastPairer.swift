import WeatherCore

/// Why a forecast (or a pair) is not scored; the `reason` column of `verification_exclusions`
/// and `excluded_pairs`.
public enum Exclusion: String, Sendable, CaseIterable, Comparable {
    /// A source the pipeline's `compare` list does not name.
    case notCompared = "not_compared"
    /// Another forecast of the same source, case and issue date was chosen (`issue_selection`).
    case notSelected = "not_selected"
    /// A day forecast whose window is not the location's local midnight-to-midnight.
    case dayWindow = "day_window_not_local_day"
    /// A period that ended before the forecast was issued (negative lead): not a forecast.
    case pastPeriod = "past_period"
    /// Issued after its period began: part of the value was already observed when it was made.
    case partialHindcast = "partial_hindcast"
    /// The only truth that day was the forecast's own source (`allow_self_reference` is off).
    case ownObservationsOnly = "own_observations_only"
    /// Its case lacks a compared source (`homogeneous`).
    case notInMatchedSample = "not_in_matched_sample"
    /// A 12-hour period cut short (the first one of a reply): its high or low is for that part only.
    case truncatedPeriod = "truncated_period"
    /// Truth had data in the forecast's window but did not cover it (`window_min_coverage`;
    /// precipitation: every hour).
    case windowNotCovered = "window_not_covered"

    public static func < (a: Exclusion, b: Exclusion) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// What pairing one forecast gave: its pairs (possibly none), and why it is not scored.
public struct Pairing: Sendable {
    public var pairs: [ForecastPair] = []
    public var exclusion: Exclusion?
    /// For `dayWindow`: how many hours the window starts after the local midnight.
    public var windowOffsetHours: Double?
}

/// Matches forecasts with the truth (docs/VERIFICATION.md).
///
/// - Day forecasts: the target is the local date of the window's middle; the window must start
///   and end within `day_window_tolerance_hours` of that date's local midnights. `temp_max_c`,
///   `temp_min_c` and `precip_mm` go against the day's truth (`TruthSources`): temperatures on
///   complete days, precipitation on precipitation-complete days with a total, unless
///   `include_incomplete_days`. `lead_days` = target date − local date of issue.
/// - Hourly and 3-hourly forecasts: `temp_c` against the nearest truth observation to `valid_at`
///   within ±`match_window_minutes` (a tie: the earlier).
/// - Every kind: `lead_hours` = valid_at − issued. A period that ended before the issue is left
///   out (`past_period`); one that began before it is a partial hindcast: paired, not scored.
public struct ForecastPairer {
    public var options: AggregateOptions

    public init(options: AggregateOptions) { self.options = options }

    /// The local date a day forecast is for: that of its window's middle.
    public static func target(_ f: DayForecast, _ rule: ZoneRule) -> String {
        rule.date(of: f.validFrom + (f.validTo - f.validFrom) / 2)
    }

    /// UTC instant of local midnight starting `date`.
    static func localMidnight(_ date: String, _ rule: ZoneRule) -> Int64? {
        if let zone = rule.zone, let t = LocalTime.startOfDay(date, zone: zone) { return t }
        return UTCTime.parseISO8601(date + "T00:00:00Z").map { $0 - Int64(rule.fixedOffset) }
    }

    /// Hours by which the window misses the local day (start offset), nil when within tolerance.
    func windowMismatch(_ f: DayForecast, target: String, rule: ZoneRule) -> Double? {
        guard let start = ForecastPairer.localMidnight(target, rule),
              let end = ForecastPairer.localMidnight(LocalTime.nextDate(target), rule) else { return nil }
        let tolerance = Int64(options.dayWindowToleranceHours * 3600)
        if abs(f.validFrom - start) <= tolerance && abs(f.validTo - end) <= tolerance { return nil }
        return Double(f.validFrom - start) / 3600
    }

    public func pairDay(_ f: DayForecast, truth: TruthSources, rule: ZoneRule) -> Pairing {
        var result = Pairing()
        let target = ForecastPairer.target(f, rule)
        if let offset = windowMismatch(f, target: target, rule: rule) {
            result.exclusion = .dayWindow
            result.windowOffsetHours = offset
            return result
        }
        guard let leadDays = ForecastPairer.daysBetween(rule.date(of: f.issuedAt), target), leadDays >= 0, f.validTo > f.issuedAt else {
            result.exclusion = .pastPeriod
            return result
        }
        guard let (source, day) = truth.day(target, forProvider: f.provider, product: f.product) else {
            if truth.onlySelf(on: target, forProvider: f.provider, product: f.product) { result.exclusion = .ownObservationsOnly }
            return result
        }
        if f.validFrom < f.issuedAt { result.exclusion = .partialHindcast }
        let leadHours = Double(f.validAt - f.issuedAt) / 3600
        func pair(_ variable: String, _ forecast: Double?, _ observed: Double?, basis: String?, prob: Double? = nil) {
            guard let forecast, let observed else { return }
            result.pairs.append(ForecastPair(
                provider: f.provider, product: f.product, model: f.model, locationID: f.locationID, variable: variable,
                period: "day", targetDate: target, validAt: f.validAt, issuedAt: f.issuedAt, leadDays: leadDays,
                leadHours: leadHours, forecast: forecast, observed: observed, precipProbPct: prob, forecastID: f.id,
                observationID: nil, truthProvider: source.provider, truthProduct: source.product,
                pairing: PairingMode.calendarDay.rawValue, truthStation: source.isStation ? source.station : nil,
                truthBasis: basis ?? TruthBasis.hourly.rawValue))
        }
        if day.complete || options.includeIncompleteDays {
            pair("temp_max_c", f.tempMaxC, day.tempMaxC, basis: day.truthBasis)
            pair("temp_min_c", f.tempMinC, day.tempMinC, basis: day.truthBasis)
        }
        if day.precipComplete || options.includeIncompleteDays {
            pair("precip_mm", f.precipMm, day.precipMm, basis: day.precipBasis, prob: f.precipProbPct)
        }
        return result
    }

    public func pairHour(_ f: PointForecast, truth: TruthSources, rule: ZoneRule) -> Pairing {
        var result = Pairing()
        guard f.validAt >= f.issuedAt else {
            result.exclusion = .pastPeriod
            return result
        }
        let date = rule.date(of: f.validAt)
        let window = Int64(options.matchWindowMinutes * 60)
        guard let (source, point) = truth.nearest(to: f.validAt, on: date, within: window, forProvider: f.provider, product: f.product),
              let observed = point.tempC else {
            if truth.onlySelf(on: date, forProvider: f.provider, product: f.product) { result.exclusion = .ownObservationsOnly }
            return result
        }
        if f.validFrom < f.issuedAt { result.exclusion = .partialHindcast }
        result.pairs.append(ForecastPair(
            provider: f.provider, product: f.product, model: f.model, locationID: f.locationID, variable: "temp_c",
            period: f.period, targetDate: nil, validAt: f.validAt, issuedAt: f.issuedAt, leadDays: nil,
            leadHours: f.leadHours, forecast: f.tempC, observed: observed, precipProbPct: nil, forecastID: f.id,
            observationID: point.id, truthProvider: source.provider, truthProduct: source.product,
            pairing: "nearest", truthStation: source.isStation ? source.station : nil))
        return result
    }

    /// Whole days from `a` to `b` (`YYYY-MM-DD`).
    static func daysBetween(_ a: String, _ b: String) -> Int? {
        guard let ta = UTCTime.parseISO8601(a + "T00:00:00Z"), let tb = UTCTime.parseISO8601(b + "T00:00:00Z") else { return nil }
        return Int((tb - ta) / 86400)
    }
}
