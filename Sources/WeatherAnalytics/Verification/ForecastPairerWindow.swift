import WeatherCore

/// `pairing`: how a forecast of an extreme or a total is matched with what happened.
public enum PairingMode: String, Sendable, Equatable, CaseIterable {
    /// With the location's local calendar day (the window must be that day, within tolerance).
    case calendarDay = "calendar_day"
    /// Over the forecast's own window `[valid_from, valid_to)`: max, min or sum of the truth
    /// source's readings inside it.
    case window
}

/// A forecast over an explicit window, as window pairing needs it: an NWS 12-hour period, a day
/// forecast of a source paired by window, or a 3-hourly/hourly precipitation amount.
public struct WindowForecast: Sendable {
    public var id: Int64
    public var provider: String, product: String, model: String?
    public var locationID: String
    /// `12h`, `day`, `3h` or `hour`.
    public var period: String
    public var issuedAt: Int64
    public var validFrom: Int64, validTo: Int64
    /// The instant the lead is measured to (stored `valid_at_utc`).
    public var validAt: Int64
    /// The period's real length (`period_hours`); NWS writes less than 12 for a cut-short first period.
    public var periodHours: Double?
    public var tempMaxC: Double?, tempMinC: Double?, precipMm: Double?, precipProbPct: Double?
    /// The elevation of the forecast's grid point (`forecasts.elevation_m`).
    public var elevationM: Double?

    public init(id: Int64, provider: String, product: String, model: String?, locationID: String, period: String, issuedAt: Int64,
                validFrom: Int64, validTo: Int64, validAt: Int64? = nil, periodHours: Double? = nil, tempMaxC: Double? = nil,
                tempMinC: Double? = nil, precipMm: Double? = nil, precipProbPct: Double? = nil) {
        self.id = id; self.provider = provider; self.product = product; self.model = model; self.locationID = locationID
        self.period = period; self.issuedAt = issuedAt; self.validFrom = validFrom; self.validTo = validTo
        self.validAt = validAt ?? validFrom + (validTo - validFrom) / 2
        self.periodHours = periodHours
        self.tempMaxC = tempMaxC; self.tempMinC = tempMinC; self.precipMm = precipMm; self.precipProbPct = precipProbPct
    }

    /// A day forecast paired by window.
    public init(_ f: DayForecast) {
        self.init(id: f.id, provider: f.provider, product: f.product, model: f.model, locationID: f.locationID, period: "day",
                  issuedAt: f.issuedAt, validFrom: f.validFrom, validTo: f.validTo, validAt: f.validAt, tempMaxC: f.tempMaxC,
                  tempMinC: f.tempMinC, precipMm: f.precipMm, precipProbPct: f.precipProbPct)
        elevationM = f.elevationM
    }

    /// `provider/product[/model]`: the compared source.
    public var source: String { Feed(provider: provider, product: product, model: model).name }

    /// Whether its extremes are day values (with a target date and `lead_days`): day and 12-hour periods.
    var isDayLike: Bool { period == "day" || period == ForecastPeriod.halfDay.rawValue }
}

extension ForecastPairer {
    /// The local date a window forecast is for: a 12-hour period's start (a night belongs to the
    /// evening it begins on, as NWS names it), a day's middle; nil for hourly amounts.
    public static func target(_ f: WindowForecast, _ rule: ZoneRule) -> String? {
        switch f.period {
        case ForecastPeriod.halfDay.rawValue: return rule.date(of: f.validFrom)
        case "day": return rule.date(of: f.validFrom + (f.validTo - f.validFrom) / 2)
        default: return nil
        }
    }

    /// A 12-hour period cut short: shorter than 12 h and not starting at local 06:00 or 18:00
    /// (a night across a DST change is 11 or 13 hours long and still whole).
    public static func isTruncated(_ f: WindowForecast, _ rule: ZoneRule) -> Bool {
        guard f.period == ForecastPeriod.halfDay.rawValue, let hours = f.periodHours, hours < 12 else { return false }
        return ![6 * 60, 18 * 60].contains(rule.minuteOfDay(f.validFrom))
    }

    /// Pairs a forecast with the truth over its own window (docs/VERIFICATION.md, "Pairing over a
    /// window"): `temp_max_c` with the window's highest reading, `temp_min_c` with its lowest,
    /// `precip_mm` with the sum of its accumulation slots, all from one source.
    public func pairWindow(_ f: WindowForecast, truth: TruthSources, rule: ZoneRule) -> Pairing {
        var result = Pairing()
        if ForecastPairer.isTruncated(f, rule) {
            result.exclusion = .truncatedPeriod
            return result
        }
        let target = ForecastPairer.target(f, rule)
        let leadDays = target.flatMap { ForecastPairer.daysBetween(rule.date(of: f.issuedAt), $0) }
        guard f.validTo > f.issuedAt else {
            result.exclusion = .pastPeriod
            return result
        }
        let needsTemp = f.tempMaxC != nil || f.tempMinC != nil
        guard needsTemp || f.precipMm != nil else { return result }  // nothing to verify
        let (found, seen) = truth.window(from: f.validFrom, to: f.validTo, forProvider: f.provider, product: f.product,
                                         needsTemp: needsTemp, needsPrecip: f.precipMm != nil, minCoverage: options.windowMinCoverage,
                                         toleranceHours: options.dayWindowToleranceHours)
        guard let w = found else {
            if truth.onlySelfInWindow(from: f.validFrom, to: f.validTo, forProvider: f.provider, product: f.product) {
                result.exclusion = .ownObservationsOnly
            } else if seen {
                result.exclusion = .windowNotCovered
            }
            return result
        }
        if f.validFrom < f.issuedAt { result.exclusion = .partialHindcast }
        func pair(_ variable: String, _ forecast: Double?, _ observed: Double?, basis: TruthBasis, prob: Double? = nil) {
            guard let forecast, let observed else { return }
            result.pairs.append(ForecastPair(
                provider: f.provider, product: f.product, model: f.model, locationID: f.locationID, variable: variable,
                period: f.period, targetDate: f.isDayLike ? target : nil, validAt: f.validAt, issuedAt: f.issuedAt,
                leadDays: f.isDayLike ? leadDays : nil, leadHours: Double(f.validAt - f.issuedAt) / 3600, forecast: forecast,
                observed: observed, precipProbPct: prob, forecastID: f.id, observationID: nil, truthProvider: w.source.provider,
                truthProduct: w.source.product, pairing: PairingMode.window.rawValue,
                truthStation: w.source.isStation ? w.source.station : nil, truthBasis: basis.rawValue))
        }
        if w.tempCovered(options.windowMinCoverage) {
            pair("temp_max_c", f.tempMaxC, w.tempMaxC, basis: w.tempBasis)
            pair("temp_min_c", f.tempMinC, w.tempMinC, basis: w.tempBasis)
        }
        if w.precipCovered { pair("precip_mm", f.precipMm, w.precipMm, basis: w.precipBasis, prob: f.precipProbPct) }
        return result
    }
}

extension AggregateOptions {
    /// `calendar_day`, or `calendar_day; window: nws, open-meteo/forecast` (the report and `meta`).
    public var pairingLabel: String {
        let other = providerPairing.filter { $0.value != pairing }.keys.sorted()
        guard !other.isEmpty else { return pairing.rawValue }
        let otherMode = pairing == .window ? PairingMode.calendarDay : .window
        return pairing.rawValue + "; " + otherMode.rawValue + ": " + other.joined(separator: ", ")
    }
}
