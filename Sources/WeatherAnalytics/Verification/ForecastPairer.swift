import WeatherCore

/// Matches forecasts with observations.
///
/// - Day forecasts: `temp_max_c`, `temp_min_c` and `precip_mm` against `daily_observed` of the
///   target local date (recomputed here from the location's final zone, so ingest order does not
///   matter), only on complete days unless `include_incomplete_days`; precipitation needs its
///   own hours complete and a non-NULL total. `lead_days` = target date − local date of issue;
///   forecasts for days before their issue date (negative leads) are not forecasts and are left out.
/// - Hourly forecasts: `temp_c` against the observation nearest to `valid_at` within
///   ±`match_window_minutes` (on a tie the earlier one); leads below zero are left out.
public struct ForecastPairer {
    public var options: AggregateOptions

    public init(options: AggregateOptions) { self.options = options }

    public func pairDays(_ forecasts: [DayForecast], daily: [String: DailyObserved], rules: [String: ZoneRule]) -> [ForecastPair] {
        var out: [ForecastPair] = []
        for f in forecasts {
            let rule = rules[f.locationID] ?? ZoneRule(zone: nil)
            let middle = f.validFrom + (f.validTo - f.validFrom) / 2
            let target = LocalTime.date(of: middle, zone: rule.zone, fixedOffset: rule.fixedOffset)
            let issueDate = LocalTime.date(of: f.issuedAt, zone: rule.zone, fixedOffset: rule.fixedOffset)
            guard let leadDays = ForecastPairer.daysBetween(issueDate, target), leadDays >= 0,
                  let day = daily[f.locationID + "\u{0}" + target] else { continue }
            let leadHours = Double(f.validFrom - f.issuedAt) / 3600
            func pair(_ variable: String, _ forecast: Double?, _ observed: Double?, prob: Double? = nil) {
                guard let forecast, let observed else { return }
                out.append(ForecastPair(provider: f.provider, product: f.product, model: f.model, locationID: f.locationID,
                                        variable: variable, period: "day", targetDate: target, validAt: nil, issuedAt: f.issuedAt,
                                        leadDays: leadDays, leadHours: leadHours, forecast: forecast, observed: observed,
                                        precipProbPct: prob, forecastID: f.id, observationID: nil))
            }
            if day.complete || options.includeIncompleteDays {
                pair("temp_max_c", f.tempMaxC, day.tempMaxC)
                pair("temp_min_c", f.tempMinC, day.tempMinC)
            }
            if day.precipComplete || options.includeIncompleteDays {
                pair("precip_mm", f.precipMm, day.precipMm, prob: f.precipProbPct)
            }
        }
        return out
    }

    /// `observations` per location, sorted by instant: (instant, temp, id).
    public func pairHours(_ forecasts: [PointForecast], observations: [String: [(Int64, Double, Int64)]]) -> [ForecastPair] {
        let window = Int64(options.matchWindowMinutes * 60)
        var out: [ForecastPair] = []
        for f in forecasts where f.leadHours >= 0 {
            guard let obs = observations[f.locationID], !obs.isEmpty else { continue }
            // Binary search for the first observation at or after valid_at; the nearest is it or the one before.
            var lo = 0, hi = obs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if obs[mid].0 < f.validAt { lo = mid + 1 } else { hi = mid }
            }
            var best: (Int64, Double, Int64)?
            for k in [lo - 1, lo] where k >= 0 && k < obs.count {
                let d = abs(obs[k].0 - f.validAt)
                if d <= window, best == nil || d < abs(best!.0 - f.validAt) { best = obs[k] }
            }
            guard let (_, observed, obsID) = best else { continue }
            out.append(ForecastPair(provider: f.provider, product: f.product, model: f.model, locationID: f.locationID,
                                    variable: "temp_c", period: f.period, targetDate: nil, validAt: f.validAt, issuedAt: f.issuedAt,
                                    leadDays: nil, leadHours: f.leadHours, forecast: f.tempC, observed: observed,
                                    precipProbPct: nil, forecastID: f.id, observationID: obsID))
        }
        return out
    }

    /// Whole days from `a` to `b` (`YYYY-MM-DD`).
    static func daysBetween(_ a: String, _ b: String) -> Int? {
        guard let ta = UTCTime.parseISO8601(a + "T00:00:00Z"), let tb = UTCTime.parseISO8601(b + "T00:00:00Z") else { return nil }
        return Int((tb - ta) / 86400)
    }
}
