import WeatherCore
import WeatherStore

/// The aggregate stage at one location: its truth and days, then its forecasts selected and
/// paired. Holds only this location's observations and forecasts.
struct LocationStep {
    let location: String
    let rule: ZoneRule
    let options: AggregateOptions
    let reader: RecordReader
    let writer: PairWriter

    /// Returns the location's rows of `daily_observed` (already written through `writeDays`).
    func run(tally: inout ExclusionTally, writeDays: ([DailyObserved]) throws -> Void) throws -> [DailyObserved] {
        let truth = TruthSources(locationID: location, observations: try reader.observations(location), options: options, rule: rule)
        let days = truth.dailyTruth
        try writeDays(days)
        let pairer = ForecastPairer(options: options)
        let selector = IssueSelector(selection: options.issueSelection, rule: rule)

        let dayForecasts = try compared(reader.dayForecasts(location), { Feed(provider: $0.provider, product: $0.product, model: $0.model) }, &tally)
        let keptDays = selector.kept(dayForecasts.map {
            IssueSelector.Candidate(id: $0.id, source: $0.source, target: ForecastPairer.target($0, rule), issuedAt: $0.issuedAt)
        })
        for f in dayForecasts {
            guard keptDays.contains(f.id) else {
                tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                continue
            }
            let result = options.pairing(provider: f.provider, product: f.product) == .window
                ? pairer.pairWindow(WindowForecast(f), truth: truth, rule: rule) : pairer.pairDay(f, truth: truth, rule: rule)
            try record(result, provider: f.provider, product: f.product, model: f.model, zoneOffset: rule.offset(at: f.validFrom), &tally)
        }

        let pointForecasts = try compared(reader.pointForecasts(location), { Feed(provider: $0.provider, product: $0.product, model: $0.model) }, &tally)
        let keptPoints = selector.kept(pointForecasts.map {
            IssueSelector.Candidate(id: $0.id, source: $0.source, target: String($0.validAt), issuedAt: $0.issuedAt)
        })
        for f in pointForecasts {
            guard keptPoints.contains(f.id) else {
                tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                continue
            }
            let result = pairer.pairHour(f, truth: truth, rule: rule)
            try record(result, provider: f.provider, product: f.product, model: f.model, zoneOffset: 0, &tally)
        }
        try pairWindows(pairer, truth: truth, selector: selector, &tally)
        return days
    }

    /// Forecasts paired over their own window: every 12-hour period, and the hourly or 3-hourly
    /// precipitation amounts of sources whose `pairing` is `window`.
    func pairWindows(_ pairer: ForecastPairer, truth: TruthSources, selector: IssueSelector, _ tally: inout ExclusionTally) throws {
        // Amounts of sources not compared were counted with their temperatures.
        let amounts = try reader.windowForecasts(location, periods: ReaderPeriods.points).filter {
            options.pairing(provider: $0.provider, product: $0.product) == .window
                && options.isCompared(provider: $0.provider, product: $0.product, model: $0.model)
        }
        let forecasts = try compared(reader.windowForecasts(location, periods: ReaderPeriods.halfDays) + amounts,
                                     { Feed(provider: $0.provider, product: $0.product, model: $0.model) }, &tally)
        let kept = selector.kept(forecasts.map {
            IssueSelector.Candidate(id: $0.id, source: $0.source + " " + $0.period, target: selectionTarget($0), issuedAt: $0.issuedAt)
        })
        for f in forecasts {
            guard kept.contains(f.id) else {
                // An hourly amount's forecast was already counted with its temperature.
                if f.period == ForecastPeriod.halfDay.rawValue {
                    tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                }
                continue
            }
            let result = pairer.pairWindow(f, truth: truth, rule: rule)
            try record(result, provider: f.provider, product: f.product, model: f.model, zoneOffset: 0, &tally)
        }
    }

    /// A window forecast's case for `issue_selection`: a 12-hour period's window start (a date has
    /// a day and a night period), an hourly amount's valid instant.
    func selectionTarget(_ f: WindowForecast) -> String {
        f.period == ForecastPeriod.halfDay.rawValue ? String(f.validFrom) : ForecastPairer.target(f, rule) ?? String(f.validAt)
    }

    /// The forecasts of the compared sources; the others are counted (`not_compared`).
    func compared<F>(_ forecasts: [F], _ source: (F) -> Feed, _ tally: inout ExclusionTally) -> [F] {
        forecasts.filter { f in
            let feed = source(f)
            if options.isCompared(feed) { return true }
            tally.add(.notCompared, location: location, provider: feed.provider, product: feed.product, model: feed.model)
            return false
        }
    }

    /// Writes a forecast's pairs (scored, or excluded as partial hindcasts) and counts why it is left out.
    func record(_ result: Pairing, provider: String, product: String, model: String?, zoneOffset: Int,
                _ tally: inout ExclusionTally) throws {
        for p in result.pairs { try writer.write(p, excludedBecause: result.exclusion) }
        guard let reason = result.exclusion else { return }
        let count = reason == .partialHindcast ? result.pairs.count : 1
        guard count > 0 else { return }
        tally.add(reason, location: location, provider: provider, product: product, model: model, count: count,
                  offsetHours: result.windowOffsetHours, zoneOffsetHours: Double(zoneOffset) / 3600)
    }
}

/// The per-location reads of the aggregate stage, prepared once. Rows come in the order of their
/// unique keys, not of their ids, so the results (down to the last bit of a sum) depend on the
/// records alone: a store merged from shards (docs/SCALING.md) or re-ingested gives the same.
struct RecordReader {
    let observationsStatement: Statement
    let dayStatement: Statement
    let pointStatement: Statement
    let windowStatement: Statement
    let placeStatement: Statement

    init(database: Database) throws {
        // The row tables, not the views: instants come as Unix seconds, with no ISO text made
        // and parsed back per row. Their order is the views' (ISO text sorts as the instant).
        let location = "(SELECT key FROM location_keys WHERE location_id = ?)"
        observationsStatement = try database.prepare("""
            SELECT o.id, d.provider, d.product, o.role, o.observed_at_unix, o.temp_c, o.precip_mm, o.precip_window_h, d.station_id,
                   o.lat, o.lon
            FROM observation_rows o JOIN feeds d ON d.key = o.feed_key WHERE o.location_key = \(location)
            ORDER BY o.observed_at_unix, d.provider, d.product, d.station_id
            """)
        windowStatement = try database.prepare("""
            SELECT f.id, d.provider, d.product, NULLIF(d.model, ''), d.period, f.issued_at_unix, f.valid_from_unix, f.valid_to_unix,
                   f.valid_at_unix, f.period_hours, f.temp_max_c, f.temp_min_c, f.precip_mm, f.precip_prob_pct
            FROM forecast_rows f JOIN feeds d ON d.key = f.feed_key
            WHERE f.location_key = \(location) AND d.period IN (?, ?) AND (? = 0 OR f.precip_mm IS NOT NULL)
            ORDER BY f.issued_at_unix, d.provider, d.product, d.model, d.period, f.valid_from_unix
            """)
        placeStatement = try database.prepare("SELECT lat, lon FROM locations WHERE id = ?")
        dayStatement = try database.prepare("""
            SELECT f.id, d.provider, d.product, NULLIF(d.model, ''), f.issued_at_unix, f.valid_from_unix, f.valid_to_unix,
                   f.valid_at_unix, f.temp_max_c, f.temp_min_c, f.precip_mm, f.precip_prob_pct
            FROM forecast_rows f JOIN feeds d ON d.key = f.feed_key WHERE f.location_key = \(location) AND d.period = 'day'
            ORDER BY f.issued_at_unix, d.provider, d.product, d.model, f.valid_from_unix
            """)
        pointStatement = try database.prepare("""
            SELECT f.id, d.provider, d.product, NULLIF(d.model, ''), d.period, f.issued_at_unix, f.valid_from_unix, f.valid_at_unix,
                   f.temp_c
            FROM forecast_rows f JOIN feeds d ON d.key = f.feed_key
            WHERE f.location_key = \(location) AND d.period IN ('hour', '3h') AND f.temp_c IS NOT NULL
            ORDER BY f.issued_at_unix, d.provider, d.product, d.model, d.period, f.valid_from_unix
            """)
    }

    /// The location's observations; a station's distance is measured from the location's coordinates.
    func observations(_ location: String) throws -> [TruthObservation] {
        var place: Location?
        try placeStatement.forEachRow([.text(location)]) { r in
            place = Location(id: location, latitude: r[0].double ?? 0, longitude: r[1].double ?? 0)
        }
        var out: [TruthObservation] = []
        try observationsStatement.forEachRow([.text(location)]) { r in
            guard let t = r[4].int else { return }
            let station = r[8].string ?? ""
            let distance = station.isEmpty ? nil : place.map { $0.distanceKm(toLatitude: r[9].double ?? 0, longitude: r[10].double ?? 0) }
            out.append(TruthObservation(
                source: SourceName(provider: r[1].string ?? "", product: r[2].string ?? "", station: station),
                role: r[3].string.flatMap(ObservationRole.init(rawValue:)),
                point: ObservationPoint(id: r[0].int ?? 0, instant: t, tempC: r[5].double, precipMm: r[6].double, precipWindowH: r[7].double),
                distanceKm: distance))
        }
        return out
    }

    /// Forecasts of the given periods (`ReaderPeriods`); for hourly periods only those with an amount.
    func windowForecasts(_ location: String, periods: ReaderPeriods) throws -> [WindowForecast] {
        var out: [WindowForecast] = []
        let (a, b, amountsOnly) = periods.binding
        try windowStatement.forEachRow([.text(location), .text(a), .text(b), .integer(amountsOnly ? 1 : 0)]) { r in
            guard let issued = r[5].int, let from = r[6].int, let to = r[7].int else { return }
            out.append(WindowForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "", model: r[3].string,
                                      locationID: location, period: r[4].string ?? "", issuedAt: issued, validFrom: from, validTo: to,
                                      validAt: r[8].int, periodHours: r[9].double,
                                      tempMaxC: r[10].double, tempMinC: r[11].double, precipMm: r[12].double, precipProbPct: r[13].double))
        }
        return out
    }

    func dayForecasts(_ location: String) throws -> [DayForecast] {
        var out: [DayForecast] = []
        try dayStatement.forEachRow([.text(location)]) { r in
            guard let issued = r[4].int, let from = r[5].int, let to = r[6].int else { return }
            out.append(DayForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "", model: r[3].string,
                                   locationID: location, issuedAt: issued, validFrom: from, validTo: to,
                                   validAt: r[7].int,
                                   tempMaxC: r[8].double, tempMinC: r[9].double, precipMm: r[10].double, precipProbPct: r[11].double))
        }
        return out
    }

    func pointForecasts(_ location: String) throws -> [PointForecast] {
        var out: [PointForecast] = []
        try pointStatement.forEachRow([.text(location)]) { r in
            guard let issued = r[5].int, let from = r[6].int, let at = r[7].int, let temp = r[8].double else { return }
            out.append(PointForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "", model: r[3].string,
                                     locationID: location, period: r[4].string ?? "hour", issuedAt: issued, validFrom: from,
                                     validAt: at, tempC: temp))
        }
        return out
    }
}

/// Which forecasts `RecordReader.windowForecasts` reads.
enum ReaderPeriods {
    /// NWS 12-hour periods (always paired by window).
    case halfDays
    /// Hourly and 3-hourly forecasts with a precipitation amount.
    case points

    var binding: (String, String, Bool) {
        switch self {
        case .halfDays: return (ForecastPeriod.halfDay.rawValue, ForecastPeriod.halfDay.rawValue, false)
        case .points: return ("hour", "3h", true)
        }
    }
}
