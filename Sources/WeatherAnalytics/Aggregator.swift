import WeatherCore
import WeatherStore

/// What one aggregate run produced.
public struct AggregateSummary: Sendable, Equatable {
    public var days = 0, completeDays = 0, months = 0, pairs = 0, scoreGroups = 0
    public var locationsWithoutZone: [String] = []

    public func render() -> String {
        var s = "aggregate: \(days) location-days (\(completeDays) complete), \(months) location-months, "
            + "\(pairs) forecast pairs, \(scoreGroups) score groups"
        if !locationsWithoutZone.isEmpty {
            s += "\nwarning: no time zone for \(locationsWithoutZone.joined(separator: ", ")): local days taken as UTC"
        }
        return s
    }
}

/// The aggregate stage: reads records from the store, writes the derived tables.
///
/// All derived tables are rebuilt inside one transaction: a failure leaves the previous ones.
public struct Aggregator {
    public let database: Database
    public var options: AggregateOptions

    public init(database: Database, options: AggregateOptions = AggregateOptions()) {
        self.database = database
        self.options = options
    }

    public func run() throws -> AggregateSummary {
        var summary = AggregateSummary()
        let rules = try zoneRules(&summary)
        let referenceFilter = try referenceClause()

        // Daily summaries, one location at a time (observations streamed in order).
        var daily: [DailyObserved] = []
        var hourlyTruth: [String: [(Int64, Double, Int64)]] = [:]
        let obs = try database.prepare("""
            SELECT location_id, id, observed_at_utc, temp_c, precip_mm, precip_window_h FROM observations
            WHERE \(referenceFilter.sql) ORDER BY location_id, observed_at_utc, id
            """)
        var current: String?
        var points: [ObservationPoint] = []
        func flush() {
            guard let loc = current else { return }
            let summarizer = DailySummarizer(options: options, rule: rules[loc] ?? ZoneRule(zone: nil))
            daily += summarizer.summarize(locationID: loc, points)
            hourlyTruth[loc] = points.compactMap { p in p.tempC.map { (p.instant, $0, p.id) } }
            points.removeAll(keepingCapacity: true)
        }
        try obs.forEachRow(referenceFilter.values) { r in
            let loc = r[0].string ?? ""
            if loc != current { flush(); current = loc }
            guard let t = r[2].string.flatMap({ UTCTime.parseISO8601($0) }) else { return }
            points.append(ObservationPoint(id: r[1].int ?? 0, instant: t, tempC: r[3].double, precipMm: r[4].double,
                                           precipWindowH: r[5].double))
        }
        flush()
        let months = RainfallMonth.from(daily)
        let dailyIndex = Dictionary(daily.map { ($0.locationID + "\u{0}" + $0.localDate, $0) }, uniquingKeysWith: { a, _ in a })

        // Forecast pairs.
        let pairer = ForecastPairer(options: options)
        var dayForecasts: [DayForecast] = []
        try database.prepare("""
            SELECT id, provider, product, model, location_id, issued_at_utc, valid_from_utc, valid_to_utc,
                   temp_max_c, temp_min_c, precip_mm, precip_prob_pct
            FROM forecasts WHERE period = 'day' ORDER BY id
            """).forEachRow { r in
            guard let issued = r[5].string.flatMap({ UTCTime.parseISO8601($0) }),
                  let from = r[6].string.flatMap({ UTCTime.parseISO8601($0) }),
                  let to = r[7].string.flatMap({ UTCTime.parseISO8601($0) }) else { return }
            dayForecasts.append(DayForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "",
                                            model: r[3].string, locationID: r[4].string ?? "", issuedAt: issued,
                                            validFrom: from, validTo: to, tempMaxC: r[8].double, tempMinC: r[9].double,
                                            precipMm: r[10].double, precipProbPct: r[11].double))
        }
        var pointForecasts: [PointForecast] = []
        try database.prepare("""
            SELECT id, provider, product, model, location_id, period, issued_at_utc, valid_at_utc, lead_hours, temp_c
            FROM forecasts WHERE period IN ('hour', '3h') AND temp_c IS NOT NULL ORDER BY id
            """).forEachRow { r in
            guard let issued = r[6].string.flatMap({ UTCTime.parseISO8601($0) }),
                  let at = r[7].string.flatMap({ UTCTime.parseISO8601($0) }), let temp = r[9].double else { return }
            pointForecasts.append(PointForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "",
                                                model: r[3].string, locationID: r[4].string ?? "", period: r[5].string ?? "hour",
                                                issuedAt: issued, validAt: at, leadHours: r[8].double ?? 0, tempC: temp))
        }
        var pairs = pairer.pairDays(dayForecasts, daily: dailyIndex, rules: rules)
            + pairer.pairHours(pointForecasts, observations: hourlyTruth)
        if options.homogeneous { pairs = ForecastPairer.homogeneous(pairs) }
        let scores = Scorer.score(pairs, thresholdMm: options.precipThresholdMm)

        try database.transaction {
            for table in DerivedSchema.tables { try database.execute("DROP TABLE IF EXISTS \(table)") }
            try database.execute(DerivedSchema.sql)
            try write(daily)
            try write(months)
            try write(pairs)
            try write(scores)
            try writeScoresByLead(scores)
            try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('aggregate.reference', ?)",
                             [.text(options.reference.joined(separator: ", "))])
        }
        summary.days = daily.count
        summary.completeDays = daily.filter(\.complete).count
        summary.months = months.count
        summary.pairs = pairs.count
        summary.scoreGroups = scores.count
        return summary
    }

    /// Each location's zone: IANA name when known, else its fixed offset, else UTC (warned).
    func zoneRules(_ summary: inout AggregateSummary) throws -> [String: ZoneRule] {
        var rules: [String: ZoneRule] = [:]
        for r in try database.rows("SELECT id, timezone, utc_offset_s FROM locations ORDER BY id") {
            let id = r[0].string ?? ""
            let zone = r[1].string.flatMap { LocalTime.isKnownZone($0) ? $0 : nil }
            if zone == nil && r[2].int == nil { summary.locationsWithoutZone.append(id) }
            rules[id] = ZoneRule(zone: zone, fixedOffset: Int(r[2].int ?? 0))
        }
        return rules
    }

    /// `provider || '/' || product IN (?, …)` for the reference observations (bound values).
    func referenceClause() throws -> (sql: String, values: [SQLValue]) {
        guard !options.reference.isEmpty else { return ("1", []) }
        let marks = options.reference.map { _ in "?" }.joined(separator: ", ")
        return ("provider || '/' || product IN (\(marks))", options.reference.map { .text($0) })
    }

    private func write(_ days: [DailyObserved]) throws {
        let s = try database.prepare("INSERT INTO daily_observed VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for d in days {
            try s.run([.text(d.locationID), .text(d.localDate), .optional(d.tempMaxC), .optional(d.tempMinC),
                       .optional(d.tempMeanC), .integer(Int64(d.nObs)), .integer(Int64(d.hoursCovered)),
                       .integer(Int64(d.hoursInDay)), .integer(d.complete ? 1 : 0), .optional(d.precipMm),
                       .integer(Int64(d.precipHoursCovered)), .integer(d.precipComplete ? 1 : 0)])
        }
    }

    private func write(_ months: [RainfallMonth]) throws {
        let s = try database.prepare("INSERT INTO rainfall_monthly VALUES (?, ?, ?, ?, ?, ?, ?)")
        for m in months {
            try s.run([.text(m.locationID), .text(m.month), .optional(m.precipMm), .integer(Int64(m.daysWithData)),
                       .integer(Int64(m.daysComplete)), .integer(Int64(m.daysInMonth)), .integer(m.complete ? 1 : 0)])
        }
    }

    private func write(_ pairs: [ForecastPair]) throws {
        let s = try database.prepare("INSERT INTO forecast_pairs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        for p in pairs {
            try s.run([.text(p.provider), .text(p.product), .optional(p.model), .text(p.locationID), .text(p.variable),
                       .text(p.period), .optional(p.targetDate), .optional(p.validAt.map(UTCTime.iso8601)),
                       .text(UTCTime.iso8601(p.issuedAt)), .optional(p.leadDays), .real(Convert.round(p.leadHours, 3)),
                       .real(p.forecast), .real(p.observed), .real(Convert.round(p.error, 3)), .optional(p.precipProbPct),
                       .integer(p.forecastID), .optional(p.observationID)])
        }
    }

    private func write(_ scores: [ScoreKey: ScoreSums]) throws {
        let s = try database.prepare("""
            INSERT INTO forecast_scores VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        func r(_ v: Double?) -> SQLValue { .optional(v.map { Convert.round($0, 4) }) }
        for key in scores.keys.sorted() {
            let v = scores[key]!
            let isTemp = key.variable.hasPrefix("temp")
            let isPrecip = key.variable == "precip_mm"
            let threshold: SQLValue = isPrecip ? .real(options.precipThresholdMm) : .null
            func count(_ c: Int) -> SQLValue { isPrecip ? .integer(Int64(c)) : .null }
            try s.run([.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model),
                       .text(key.variable), .text(key.leadKind), key.leadKind == "day" ? .optional(Int(key.lead)) : .null,
                       key.leadKind == "hour" ? .text(key.lead) : .null, .integer(Int64(v.n)),
                       r(v.bias), r(v.mae), r(v.rmse), r(v.errorSD), isTemp ? r(v.within2Pct) : .null,
                       .real(v.sumF), .real(v.sumO), .real(v.sumF2), .real(v.sumO2), .real(v.sumFO), .real(v.sumAbsError),
                       .integer(Int64(v.nWithin2)), threshold, count(v.hits), count(v.misses), count(v.falseAlarms),
                       count(v.correctNegatives), isPrecip ? r(v.pod) : .null, isPrecip ? r(v.far) : .null,
                       isPrecip ? r(v.csi) : .null, isPrecip ? r(v.frequencyBias) : .null, isPrecip ? r(v.brier) : .null,
                       isPrecip ? .integer(Int64(v.nBrier)) : .null, isPrecip ? .real(v.sumBrier) : .null])
        }
    }

    /// `scores_by_lead`: one row per provider/product/model and variable, one column per lead day
    /// with the MAE, then one per lead day with the bias — a chart of accuracy against lead time
    /// in a spreadsheet is one click away. Day forecasts only.
    private func writeScoresByLead(_ scores: [ScoreKey: ScoreSums]) throws {
        let dayKeys = scores.keys.filter { $0.leadKind == "day" }
        let leads = Set(dayKeys.compactMap { Int($0.lead) }).sorted()
        var columns = ["provider TEXT", "product TEXT", "model TEXT", "variable TEXT"]
        columns += leads.map { "mae_lead_\($0)d REAL" }
        columns += leads.map { "bias_lead_\($0)d REAL" }
        try database.execute("CREATE TABLE scores_by_lead (\(columns.joined(separator: ", ")))")
        var rows: [String: (ScoreKey, [Int: ScoreSums])] = [:]
        for key in dayKeys {
            let id = [key.provider, key.product, key.model, key.variable].joined(separator: "\u{0}")
            var entry = rows[id] ?? (key, [:])
            entry.1[Int(key.lead) ?? 0] = scores[key]
            rows[id] = entry
        }
        let marks = Array(repeating: "?", count: 4 + 2 * leads.count).joined(separator: ", ")
        let s = try database.prepare("INSERT INTO scores_by_lead VALUES (\(marks))")
        for (_, (key, byLead)) in rows.sorted(by: { $0.value.0 < $1.value.0 }) {
            var values: [SQLValue] = [.text(key.provider), .text(key.product), key.model.isEmpty ? .null : .text(key.model), .text(key.variable)]
            values += leads.map { .optional(byLead[$0]?.mae.map { Convert.round($0, 3) }) }
            values += leads.map { .optional(byLead[$0]?.bias.map { Convert.round($0, 3) }) }
            try s.run(values)
        }
    }
}
