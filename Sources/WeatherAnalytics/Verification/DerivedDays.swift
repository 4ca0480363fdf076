import WeatherCore

/// One sub-daily forecast value as day derivation reads it (a row of `forecasts` of period
/// `hour` or `3h`).
public struct SubDailyForecast: Sendable {
    public var id: Int64
    public var provider: String, product: String, model: String?
    /// `hour` or `3h`: what the derived day is `derived_from`.
    public var period: String
    public var issuedAt: Int64
    /// The period of the amount (`precip_mm`, and the probability stated with it).
    public var validFrom: Int64, validTo: Int64
    /// The instant the temperature is valid at.
    public var validAt: Int64
    public var tempC: Double?, precipMm: Double?, precipProbPct: Double?
    /// The elevation of the model grid point: the same rows are the aggregate's hourly points.
    public var elevationM: Double?

    public init(id: Int64, provider: String, product: String, model: String?, period: String, issuedAt: Int64, validFrom: Int64,
                validTo: Int64, validAt: Int64, tempC: Double?, precipMm: Double?, precipProbPct: Double?) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.period = period
        self.issuedAt = issuedAt; self.validFrom = validFrom; self.validTo = validTo; self.validAt = validAt
        self.tempC = tempC; self.precipMm = precipMm; self.precipProbPct = precipProbPct
    }
}

/// A day forecast the aggregate made from one issue of a sub-daily product: a row of
/// `derived_day_forecasts`, and the forecast paired and scored as the source
/// `provider/product (from hour)` (`SourceIdentity`).
public struct DerivedDay: Sendable, Equatable {
    public var provider: String, product: String, model: String?
    /// `hour` or `3h`.
    public var derivedFrom: String
    public var locationID: String
    public var issuedAt: Int64
    /// The local date (`YYYY-MM-DD`) and its local midnights, `[validFrom, validTo)`.
    public var localDate: String
    public var validFrom: Int64, validTo: Int64
    /// The first `forecasts` row (by valid instant) the day was made from: with the issue, it
    /// identifies the reply. Pairs of the day carry it as `forecast_id`.
    public var forecastID: Int64
    public var hoursInDay: Int
    /// Local clock hours with a temperature (a 3-hourly reading stands for its 3 hours).
    public var hoursCovered: Int
    /// Local clock hours holding an amount wholly inside the day.
    public var precipHoursCovered: Int
    /// NULL unless covered (`DerivedDays`).
    public var tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?

    /// Whether a value that pairs reached its coverage (a probability is paired with the total
    /// only): a day without one is not a forecast of anything verified.
    public var hasValue: Bool { tempMaxC != nil || tempMinC != nil || precipMm != nil }

    /// The source's name (`open-meteo/forecast (from hour)`).
    public var source: String { SourceIdentity.name(provider: provider, product: product, model: model, derivedFrom: derivedFrom) }

    /// As a day forecast for `ForecastPairer.pairDay`: the local day's window, its lead measured to the window's middle.
    public var dayForecast: DayForecast {
        DayForecast(id: forecastID, provider: provider, product: product, model: model, locationID: locationID, issuedAt: issuedAt,
                    validFrom: validFrom, validTo: validTo, tempMaxC: tempMaxC, tempMinC: tempMinC, precipMm: precipMm,
                    precipProbPct: precipProbPct)
    }
}

/// Day forecasts from hourly and 3-hourly ones (docs/VERIFICATION.md, "Days derived from hourly
/// forecasts"): most archives hold hourly products only, and the figures a provider comparison
/// reports — day 1 to day N highs, lows and rain — would otherwise be missing for them.
///
/// Per issue (one reply: provider, product, model, period and `issued_at`) and local day of the
/// location (its zone rule, so 23 or 25 hours across DST, counted as `DailySummarizer` counts them):
/// - `temp_max_c`/`temp_min_c`: the highest and lowest temperature valid within the day, when the
///   local clock hours holding one reach `daily_min_coverage` of the day's hours, as for the
///   truth; a 3-hourly reading stands for its step's hours.
/// - `precip_mm`: the sum of the amounts whose period lies wholly inside the day, only when they
///   fill **every** hour of it: a sum with a gap is not the day's total but a lower bound.
/// - `precip_prob_pct`: the highest probability among those periods (with the coverage rule).
///
/// The `forecasts` table is left as ingested: derived days go to `derived_day_forecasts`.
public struct DerivedDays {
    public var options: AggregateOptions
    public var rule: ZoneRule
    let summarizer: DailySummarizer

    public init(options: AggregateOptions, rule: ZoneRule) {
        self.options = options
        self.rule = rule
        summarizer = DailySummarizer(options: options, rule: rule)
    }

    /// One issue's values, in the order given.
    struct Issue: Hashable {
        var provider: String, product: String, model: String, period: String, issuedAt: Int64
    }

    /// What one day of one issue gathers.
    struct Day {
        var firstID: Int64?
        var firstAt = Int64.max
        var tempHours = Set<DailySummarizer.HourKey>()
        var stepHours = 1
        var max: Double?, min: Double?
        var precipHours = Set<DailySummarizer.HourKey>()
        var precipMm = 0.0
        var probHours = Set<DailySummarizer.HourKey>()
        var maxProb: Double?

        mutating func note(_ id: Int64, at t: Int64) {
            if t < firstAt || (t == firstAt && id < (firstID ?? .max)) { firstAt = t; firstID = id }
        }

        /// A temperature of the clock hour `key`, from a reading standing for `stepHours` hours.
        mutating func addTemperature(_ t: Double, id: Int64, at validAt: Int64, key: DailySummarizer.HourKey, stepHours: Int) {
            note(id, at: validAt)
            tempHours.insert(key)
            self.stepHours = Swift.max(self.stepHours, stepHours)
            max = Swift.max(max ?? t, t)
            min = Swift.min(min ?? t, t)
        }

        /// An amount and/or probability over the clock hours `hours`, all of this day.
        mutating func addPeriod(id: Int64, at validAt: Int64, hours: [DailySummarizer.HourKey], mm: Double?, probability: Double?) {
            note(id, at: validAt)
            if let mm, precipHours.isDisjoint(with: hours) {
                precipHours.formUnion(hours)
                precipMm += mm
            }
            if let p = probability {
                probHours.formUnion(hours)
                maxProb = Swift.max(maxProb ?? p, p)
            }
        }
    }

    /// The derived days of one location's sub-daily forecasts, by issue (in the order the issues
    /// first appear) then local date.
    public func derive(_ forecasts: [SubDailyForecast], locationID: String) -> [DerivedDay] {
        var order: [Issue] = []
        var byIssue: [Issue: [String: Day]] = [:]
        // The rows come issue by issue: the current issue's days are worked on apart and put
        // back when another issue starts, instead of two look-ups of the issue per row.
        var current: Issue?
        var days: [String: Day] = [:]
        var dates = LocalDateText()
        for f in forecasts where f.period == SourceIdentity.fromHour || f.period == SourceIdentity.fromThreeHours {
            let issue = Issue(provider: f.provider, product: f.product, model: f.model ?? "", period: f.period, issuedAt: f.issuedAt)
            if issue != current {
                if let current { byIssue[current] = days }
                if let known = byIssue[issue] {
                    days = known
                } else {
                    order.append(issue)
                    byIssue[issue] = [:]
                    days = [:]
                }
                current = issue
            }
            let stepHours = max(1, Int((Double(f.validTo - f.validFrom) / 3600).rounded()))
            if let t = f.tempC {
                let key = summarizer.hourKey(f.validAt)
                // Changed in place: a copy taken out and put back copied its sets of hours on every row.
                days[dates.text(ofLocalHour: key.localHour), default: Day()]
                    .addTemperature(t, id: f.id, at: f.validAt, key: key, stepHours: stepHours)
            }
            guard f.precipMm != nil || f.precipProbPct != nil, f.validTo > f.validFrom else { continue }
            // An amount counts only on the day that holds its whole period: every one of its
            // clock hours (found by their middles, one zone lookup each) on one local date.
            let hours = (0..<stepHours).map { summarizer.hourKey(f.validFrom + Int64($0) * 3600 + 1800) }
            let date = dates.text(ofLocalHour: hours[0].localHour)
            guard hours.allSatisfy({ dates.text(ofLocalHour: $0.localHour) == date }) else { continue }
            days[date, default: Day()].addPeriod(id: f.id, at: f.validAt, hours: hours, mm: f.precipMm, probability: f.precipProbPct)
        }
        if let current { byIssue[current] = days }
        var out: [DerivedDay] = []
        for issue in order {
            let days = byIssue[issue]!
            for date in days.keys.sorted() {
                guard let from = ForecastPairer.localMidnight(date, rule),
                      let to = ForecastPairer.localMidnight(LocalTime.nextDate(date), rule) else { continue }
                let d = days[date]!
                let hoursInDay = summarizer.hoursInDay(date)
                let needed = options.dailyMinCoverage * Double(hoursInDay)
                let tempHours = Swift.min(hoursInDay, d.tempHours.count * d.stepHours)
                let tempCovered = Double(tempHours) >= needed
                out.append(DerivedDay(
                    provider: issue.provider, product: issue.product, model: issue.model.isEmpty ? nil : issue.model,
                    derivedFrom: issue.period, locationID: locationID, issuedAt: issue.issuedAt, localDate: date, validFrom: from,
                    validTo: to, forecastID: d.firstID ?? 0, hoursInDay: hoursInDay, hoursCovered: tempHours,
                    precipHoursCovered: d.precipHours.count,
                    tempMaxC: tempCovered ? d.max : nil, tempMinC: tempCovered ? d.min : nil,
                    precipMm: d.precipHours.count >= hoursInDay ? Convert.round(d.precipMm, 2) : nil,
                    precipProbPct: Double(d.probHours.count) >= needed ? d.maxProb : nil))
            }
        }
        return out
    }
}

/// The `YYYY-MM-DD` text of a local clock hour's date (`DailySummarizer.localDate`), made once
/// per day rather than once per value: consecutive hourly values mostly share their date.
struct LocalDateText {
    private var day = Int64.min
    private var text = ""

    mutating func text(ofLocalHour hour: Int64) -> String {
        let d = floorDiv(hour, 24)
        if d != day {
            day = d
            text = UTCTime.date(d * 86400)
        }
        return text
    }
}
