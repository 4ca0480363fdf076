import WeatherCore
import WeatherStore

/// The aggregate stage at one location: its truth and days, then its forecasts selected and
/// paired — the provider's own, and the days derived from its sub-daily ones (`DerivedDays`), a
/// source of their own. Holds only this location's observations and forecasts.
struct LocationStep {
    let location: String
    let rule: ZoneRule
    let options: AggregateOptions
    let reader: RecordReader
    let writer: PairWriter
    /// Where the derived days go (`derived_day_forecasts`).
    let derivedDays: DerivedDayRows

    /// Returns the location's rows of `daily_observed` (already written through `writeDays`).
    ///
    /// The forecasts are read one span of issues at a time (`IssueChunks`): a case of the issue
    /// selection and a derived day both belong to one local issue date, so no span needs another's
    /// rows, and memory is bounded by the largest span, not by the location. Each kind of forecast
    /// goes through every span before the next kind starts, so the pairs are written — and summed —
    /// in exactly the order one read of the whole location gives. The hourly and 3-hourly rows are
    /// read once per span, in the point pass, which derives the span's days from them and writes
    /// them to `derived_day_forecasts`; the derived-day pass reads the span's days back from there
    /// (a twenty-fourth of the rows): reading the sub-daily rows a second time was a quarter of a
    /// default aggregate of hourly replies.
    func run(tally: inout ExclusionTally, writeDays: ([DailyObserved]) throws -> Void) throws -> [DailyObserved] {
        let truth = TruthSources(locationID: location, observations: try reader.observations(location), options: options, rule: rule)
        let days = truth.dailyTruth
        try writeDays(days)
        let pairer = ForecastPairer(options: options)
        let selector = IssueSelector(selection: options.issueSelection, rule: rule)
        let chunks = IssueChunks(span: try reader.records.issueSpan(location), days: options.issueChunkDays, rule: rule).spans
        for issued in chunks { try pairDays(pairer, truth: truth, selector: selector, issued: issued, &tally) }
        let derivedRows = try chunks.map { try pairPoints(pairer, truth: truth, selector: selector, issued: $0, &tally) }
        for periods in [ReaderPeriods.halfDays, .sixHours, .points] {
            for issued in chunks { try pairWindows(pairer, truth: truth, selector: selector, periods: periods, issued: issued, &tally) }
        }
        for rows in derivedRows { try pairDerivedDays(pairer, truth: truth, selector: selector, rows: rows, &tally) }
        return days
    }

    /// The provider's own day forecasts issued in `issued`.
    func pairDays(_ pairer: ForecastPairer, truth: TruthSources, selector: IssueSelector, issued: Range<Int64>,
                  _ tally: inout ExclusionTally) throws {
        let dayForecasts = try compared(reader.dayForecasts(location, issued: issued), { Feed(provider: $0.provider, product: $0.product, model: $0.model) }, &tally)
        let keptDays = selector.kept(dayForecasts.map {
            IssueSelector.Candidate(id: $0.id, source: $0.source, target: ForecastPairer.target($0, rule), issuedAt: $0.issuedAt)
        })
        for f in dayForecasts {
            guard keptDays.contains(f.id) else {
                tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                continue
            }
            var result = options.pairing(provider: f.provider, product: f.product) == .window
                ? pairer.pairWindow(WindowForecast(f), truth: truth, rule: rule) : pairer.pairDay(f, truth: truth, rule: rule)
            result.correctElevation(options.elevationCorrection, forecastElevationM: f.elevationM, truth: truth)
            try record(result, provider: f.provider, product: f.product, model: f.model, zoneOffset: rule.offset(at: f.validFrom), &tally)
        }
    }

    /// The hourly and 3-hourly temperatures issued in `issued`, each paired with the nearest
    /// observation; then the days derived from the same rows are written (`deriveDays`), whose
    /// rows this returns.
    func pairPoints(_ pairer: ForecastPairer, truth: TruthSources, selector: IssueSelector, issued: Range<Int64>,
                    _ tally: inout ExclusionTally) throws -> ClosedRange<Int64>? {
        // The points are positions in the rows read, made into forecasts as they are used: the
        // span's rows are in memory once.
        let read = try reader.subDailyForecasts(location, issued: issued)
        func point(_ k: Int32) -> PointForecast { read.point(k, locationID: location) }
        let pointRows = compared(read.pointRows, { k in
            let f = read.subDaily[Int(k)]
            return Feed(provider: f.provider, product: f.product, model: f.model)
        }, &tally)
        let keptPoints = selector.kept(pointRows.map {
            let f = point($0)
            return IssueSelector.Candidate(id: f.id, source: f.source, target: String(f.validAt), issuedAt: f.issuedAt)
        })
        for k in pointRows {
            let f = point(k)
            guard keptPoints.contains(f.id) else {
                tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                continue
            }
            var result = pairer.pairHour(f, truth: truth, rule: rule)
            result.correctElevation(options.elevationCorrection, forecastElevationM: f.elevationM, truth: truth)
            try record(result, provider: f.provider, product: f.product, model: f.model, zoneOffset: 0, &tally)
        }
        return try deriveDays(read.subDaily)
    }

    /// Days derived from the compared sources' hourly and 3-hourly forecasts, written to
    /// `derived_day_forecasts`; returns the rowids written (nil: none). Sources not compared were
    /// counted with their hourly values.
    func deriveDays(_ subDaily: [SubDailyForecast]) throws -> ClosedRange<Int64>? {
        let all = DerivedDays(options: options, rule: rule).derive(subDaily.filter {
            options.isCompared(provider: $0.provider, product: $0.product, model: $0.model)
        }, locationID: location)
        guard !all.isEmpty else { return nil }
        return try derivedDays.append(all)
    }

    /// The days one span derived (`deriveDays`, rows `rows` of `derived_day_forecasts`), selected
    /// as a source of their own (`SourceIdentity`) by target date, and paired with the calendar day
    /// whatever `pairing` says — their window is the local day by construction.
    func pairDerivedDays(_ pairer: ForecastPairer, truth: TruthSources, selector: IssueSelector, rows: ClosedRange<Int64>?,
                         _ tally: inout ExclusionTally) throws {
        // The rows are read back through the writing connection: once its queued writes are done.
        if rows != nil { try derivedDays.writes.drain() }
        let all = try rows.map { try reader.derivedDays(rows: $0) } ?? []
        // A day with no value covered (the first hours of a reply, its last ones) forecasts
        // nothing: it is shown in derived_day_forecasts, neither selected nor counted.
        let derived = all.filter(\.hasValue)
        let kept = selector.kept(derived.map {
            IssueSelector.Candidate(id: $0.forecastID, source: $0.source, target: $0.localDate, issuedAt: $0.issuedAt)
        })
        for d in derived {
            guard kept.contains(d.forecastID) else {
                tally.add(.notSelected, location: location, provider: d.provider, product: d.product, model: d.model,
                          derivedFrom: d.derivedFrom)
                continue
            }
            var result = pairer.pairDay(d.dayForecast, truth: truth, rule: rule)
            for k in result.pairs.indices { result.pairs[k].derivedFrom = d.derivedFrom }
            try record(result, provider: d.provider, product: d.product, model: d.model, derivedFrom: d.derivedFrom, zoneOffset: 0, &tally)
        }
    }

    /// Forecasts paired over their own window, one kind of `periods` issued in `issued` at a time:
    /// every 12-hour and 6-hour period (NWS, TWC and AccuWeather halves; MET Norway's
    /// `next_6_hours` extremes and amount), and the hourly or 3-hourly precipitation amounts of
    /// sources whose `pairing` is `window`. A case's source names its period, so the kinds never
    /// share a case of the selection.
    func pairWindows(_ pairer: ForecastPairer, truth: TruthSources, selector: IssueSelector, periods: ReaderPeriods,
                     issued: Range<Int64>, _ tally: inout ExclusionTally) throws {
        func amountsPaired(provider: String, product: String, model: String?) -> Bool {
            options.pairing(provider: provider, product: product) == .window && options.isCompared(provider: provider, product: product, model: model)
        }
        // Hourly amounts are paired over their window only for the sources `pairing` names so:
        // when no sub-daily feed of the store is one, every row read would be filtered out.
        if case .points = periods, !reader.subDailyFeeds.contains(where: { amountsPaired(provider: $0.provider, product: $0.product, model: $0.model) }) {
            return
        }
        var read = try reader.windowForecasts(location, periods: periods, issued: issued)
        if case .points = periods {
            // Amounts of sources not compared were counted with their temperatures.
            read = read.filter { amountsPaired(provider: $0.provider, product: $0.product, model: $0.model) }
        }
        let forecasts = compared(read, { Feed(provider: $0.provider, product: $0.product, model: $0.model) }, &tally)
        let kept = selector.kept(forecasts.map {
            IssueSelector.Candidate(id: $0.id, source: $0.source + " " + $0.period, target: selectionTarget($0), issuedAt: $0.issuedAt)
        })
        for f in forecasts {
            guard kept.contains(f.id) else {
                // An hourly amount's forecast was already counted with its temperature.
                if f.period == ForecastPeriod.halfDay.rawValue || f.period == ForecastPeriod.sixHours.rawValue {
                    tally.add(.notSelected, location: location, provider: f.provider, product: f.product, model: f.model)
                }
                continue
            }
            var result = pairer.pairWindow(f, truth: truth, rule: rule)
            result.correctElevation(options.elevationCorrection, forecastElevationM: f.elevationM, truth: truth)
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
    func record(_ result: Pairing, provider: String, product: String, model: String?, derivedFrom: String? = nil, zoneOffset: Int,
                _ tally: inout ExclusionTally) throws {
        for p in result.pairs { try writer.write(p, excludedBecause: result.exclusion) }
        guard let reason = result.exclusion else { return }
        let count = reason == .partialHindcast ? result.pairs.count : 1
        guard count > 0 else { return }
        tally.add(reason, location: location, provider: provider, product: product, model: model, derivedFrom: derivedFrom, count: count,
                  offsetHours: result.windowOffsetHours, zoneOffsetHours: Double(zoneOffset) / 3600)
    }
}

/// The per-location reads of the aggregate stage (`LocationRecords`, the store's own reads of
/// its row tables), as the records pairing works on.
struct RecordReader {
    let records: LocationRecords
    /// The store's hourly and 3-hourly feeds (every location's): a pass that keeps the rows of
    /// some sources only can tell before reading whether any row would be kept.
    let subDailyFeeds: [Feed]
    /// A span's derived days, read back by rowid (`LocationStep.pairDerivedDays`), through the
    /// connection that wrote them.
    private let derivedRead: Statement

    /// `records`: the connection the records are read through (beside the writing one, or it).
    init(database: Database, records recordsDatabase: Database? = nil) throws {
        let recordsDatabase = recordsDatabase ?? database
        records = try LocationRecords(recordsDatabase)
        var feeds: [Feed] = []
        try recordsDatabase.prepare("SELECT provider, product, NULLIF(model, '') AS model FROM feeds WHERE period IN ('hour', '3h')")
            .forEachRow(named: { r in feeds.append(Feed(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model"))) })
        subDailyFeeds = feeds
        derivedRead = try database.prepare("SELECT rowid, * FROM derived_day_forecasts WHERE rowid BETWEEN ? AND ? ORDER BY rowid")
    }

    /// The location's observations; a station's distance is measured from the location's coordinates.
    func observations(_ location: String) throws -> [TruthObservation] {
        let place = try records.coordinates(location).map { Location(id: location, latitude: $0.latitude, longitude: $0.longitude) }
        var out: [TruthObservation] = []
        try records.observations(location) { o in
            let distance = o.stationID.isEmpty ? nil : place.map { $0.distanceKm(toLatitude: o.latitude, longitude: o.longitude) }
            out.append(TruthObservation(
                source: SourceName(provider: o.provider, product: o.product, station: o.stationID),
                role: o.role.flatMap(ObservationRole.init(rawValue:)),
                point: ObservationPoint(id: o.id, instant: o.observedAt, tempC: o.tempC, precipMm: o.precipMm, precipWindowH: o.precipWindowH,
                                        reported: ReportedValues(tempMax6hC: o.tempMax6hC, tempMin6hC: o.tempMin6hC,
                                                                 tempMax24hC: o.tempMax24hC, tempMin24hC: o.tempMin24hC,
                                                                 tempMaxC: o.tempMaxC, tempMinC: o.tempMinC,
                                                                 extremesWindowH: o.extremesWindowH)),
                distanceKm: distance, elevationM: o.elevationM))
        }
        return out
    }

    /// Forecasts of the given periods (`ReaderPeriods`); for hourly periods only those with an amount.
    func windowForecasts(_ location: String, periods: ReaderPeriods, issued: Range<Int64>) throws -> [WindowForecast] {
        var out: [WindowForecast] = []
        let (a, b, amountsOnly) = periods.binding
        try records.windowForecasts(location, periods: (a, b), amountsOnly: amountsOnly, issued: issued) { f in
            var w = WindowForecast(id: f.id, provider: f.provider, product: f.product, model: f.model, locationID: location,
                                   period: f.period, issuedAt: f.issuedAt, validFrom: f.validFrom, validTo: f.validTo,
                                   validAt: f.validAt, periodHours: f.periodHours, tempMaxC: f.tempMaxC, tempMinC: f.tempMinC,
                                   precipMm: f.precipMm, precipProbPct: f.precipProbPct)
            w.elevationM = f.elevationM
            out.append(w)
        }
        return out
    }

    /// A span's hourly and 3-hourly forecasts, read once: all of them with every value day
    /// derivation uses, and the positions of those with a temperature and a valid instant — the
    /// points to pair —, in the rows' order (issue, feed, window).
    struct SubDailyRead {
        var subDaily: [SubDailyForecast] = []
        var pointRows: [Int32] = []

        func point(_ k: Int32, locationID: String) -> PointForecast {
            let f = subDaily[Int(k)]
            var p = PointForecast(id: f.id, provider: f.provider, product: f.product, model: f.model, locationID: locationID,
                                  period: f.period, issuedAt: f.issuedAt, validFrom: f.validFrom, validAt: f.validAt, tempC: f.tempC ?? .nan)
            p.elevationM = f.elevationM
            return p
        }
    }

    func subDailyForecasts(_ location: String, issued: Range<Int64>) throws -> SubDailyRead {
        var read = SubDailyRead()
        let (a, b, _) = ReaderPeriods.points.binding
        try records.windowForecasts(location, periods: (a, b), amountsOnly: false, issued: issued) { f in
            if f.validAt != nil && f.tempC != nil { read.pointRows.append(Int32(read.subDaily.count)) }
            var s = SubDailyForecast(id: f.id, provider: f.provider, product: f.product, model: f.model, period: f.period,
                                     issuedAt: f.issuedAt, validFrom: f.validFrom, validTo: f.validTo, validAt: f.validAt ?? f.validFrom,
                                     tempC: f.tempC, precipMm: f.precipMm, precipProbPct: f.precipProbPct)
            s.elevationM = f.elevationM
            read.subDaily.append(s)
        }
        return read
    }

    /// Rows `rows` of `derived_day_forecasts`, in the order they were written.
    func derivedDays(rows: ClosedRange<Int64>) throws -> [DerivedDay] {
        var out: [DerivedDay] = []
        try derivedRead.forEachRow([.integer(rows.lowerBound), .integer(rows.upperBound)], named: { r in
            func instant(_ column: StaticString) throws -> Int64 { try StoredInstant.read(r, column, table: "derived_day_forecasts") }
            out.append(DerivedDay(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model"),
                                  derivedFrom: r.string("derived_from") ?? "", locationID: r.string("location_id") ?? "",
                                  issuedAt: try instant("issued_at_utc"), localDate: r.string("target_date") ?? "",
                                  validFrom: try instant("valid_from_utc"), validTo: try instant("valid_to_utc"),
                                  forecastID: r.int("forecast_id") ?? 0, hoursInDay: Int(r.int("hours_in_day") ?? 0),
                                  hoursCovered: Int(r.int("hours_covered") ?? 0), precipHoursCovered: Int(r.int("precip_hours_covered") ?? 0),
                                  tempMaxC: r.double("temp_max_c"), tempMinC: r.double("temp_min_c"), precipMm: r.double("precip_mm"),
                                  precipProbPct: r.double("precip_prob_pct")))
        })
        return out
    }

    func dayForecasts(_ location: String, issued: Range<Int64>) throws -> [DayForecast] {
        var out: [DayForecast] = []
        try records.dayForecasts(location, issued: issued) { f in
            var d = DayForecast(id: f.id, provider: f.provider, product: f.product, model: f.model, locationID: location,
                                issuedAt: f.issuedAt, validFrom: f.validFrom, validTo: f.validTo, validAt: f.validAt,
                                tempMaxC: f.tempMaxC, tempMinC: f.tempMinC, precipMm: f.precipMm, precipProbPct: f.precipProbPct)
            d.elevationM = f.elevationM
            out.append(d)
        }
        return out
    }
}

/// A location's issue instants cut into spans of whole local days (`issue_chunk_days` of them;
/// 0 or less: one span), at the location's local midnights — the boundaries `IssueSelector` and
/// `DerivedDays` group by, so no case and no derived day is split between two spans.
struct IssueChunks {
    let spans: [Range<Int64>]

    init(span: ClosedRange<Int64>?, days: Int, rule: ZoneRule) {
        guard let span else { spans = []; return }
        let whole = span.lowerBound..<(span.upperBound == .max ? .max : span.upperBound + 1)
        guard days > 0, var start = ForecastPairer.localMidnight(rule.date(of: span.lowerBound), rule), start <= span.lowerBound else {
            spans = [whole]; return
        }
        var date = rule.date(of: span.lowerBound)
        var out: [Range<Int64>] = []
        while start <= span.upperBound {
            for _ in 0..<days { date = LocalTime.nextDate(date) }
            guard let end = ForecastPairer.localMidnight(date, rule), end > start else { spans = [whole]; return }
            out.append(start..<end)
            start = end
        }
        spans = out
    }
}

/// Which forecasts `RecordReader.windowForecasts` reads.
enum ReaderPeriods {
    /// NWS 12-hour periods (always paired by window).
    case halfDays
    /// 6-hour periods (MET Norway `next_6_hours`: extremes and an amount), paired by window; their
    /// lead is an hour bin, measured to the period's start.
    case sixHours
    /// Hourly and 3-hourly forecasts with a precipitation amount.
    case points

    var binding: (String, String, Bool) {
        switch self {
        case .halfDays: return (ForecastPeriod.halfDay.rawValue, ForecastPeriod.halfDay.rawValue, false)
        case .sixHours: return (ForecastPeriod.sixHours.rawValue, ForecastPeriod.sixHours.rawValue, false)
        case .points: return ("hour", "3h", true)
        }
    }
}
