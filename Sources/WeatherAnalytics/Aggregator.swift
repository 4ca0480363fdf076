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

    /// Rebuilds the derived tables, one location at a time: only one location's observations
    /// and days are held in memory; forecasts and pairs stream from and to the store, and the
    /// scores are sums. Memory does not grow with the number of locations or forecasts.
    public func run() throws -> AggregateSummary {
        var summary = AggregateSummary()
        let rules = try zoneRules(&summary)
        let referenceFilter = try referenceClause()
        let pairer = ForecastPairer(options: options)
        var allDays: [DailyObserved] = []  // one row per location-day: small even over years
        var scores: [ScoreKey: ScoreSums] = [:]

        try database.transaction {
            for table in DerivedSchema.tables { try database.execute("DROP TABLE IF EXISTS \(table)") }
            try database.execute(DerivedSchema.sql)
            let pairWriter = try PairWriter(database: database)
            let observations = try database.prepare("""
                SELECT id, observed_at_utc, temp_c, precip_mm, precip_window_h FROM observations
                WHERE location_id = ? AND \(referenceFilter.sql) ORDER BY observed_at_utc, id
                """)
            let dayForecasts = try database.prepare("""
                SELECT id, provider, product, model, issued_at_utc, valid_from_utc, valid_to_utc,
                       temp_max_c, temp_min_c, precip_mm, precip_prob_pct
                FROM forecasts WHERE location_id = ? AND period = 'day' ORDER BY id
                """)
            let pointForecasts = try database.prepare("""
                SELECT id, provider, product, model, period, issued_at_utc, valid_at_utc, lead_hours, temp_c
                FROM forecasts WHERE location_id = ? AND period IN ('hour', '3h') AND temp_c IS NOT NULL ORDER BY id
                """)
            let locations = try database.rows("SELECT id FROM locations ORDER BY id").compactMap { $0.first?.string }
            for location in locations {
                // The location's observations: its days, and the truth for hourly pairs.
                var points: [ObservationPoint] = []
                try observations.forEachRow([.text(location)] + referenceFilter.values) { r in
                    guard let t = r[1].string.flatMap({ UTCTime.parseISO8601($0) }) else { return }
                    points.append(ObservationPoint(id: r[0].int ?? 0, instant: t, tempC: r[2].double, precipMm: r[3].double,
                                                   precipWindowH: r[4].double))
                }
                guard !points.isEmpty else { continue }
                let days = DailySummarizer(options: options, rule: rules[location] ?? ZoneRule(zone: nil))
                    .summarize(locationID: location, points)
                try write(days)
                allDays += days
                let dayIndex = Dictionary(days.map { (location + "\u{0}" + $0.localDate, $0) }, uniquingKeysWith: { a, _ in a })
                let truth = [location: points.compactMap { p in p.tempC.map { (p.instant, $0, p.id) } }]
                points = []

                func record(_ pairs: [ForecastPair]) throws {
                    for p in pairs {
                        try pairWriter.write(p)
                        if !options.homogeneous { scores[ScoreKey(p), default: ScoreSums()].add(p, thresholdMm: options.precipThresholdMm) }
                    }
                }
                try dayForecasts.forEachRow([.text(location)]) { r in
                    guard let issued = r[4].string.flatMap({ UTCTime.parseISO8601($0) }),
                          let from = r[5].string.flatMap({ UTCTime.parseISO8601($0) }),
                          let to = r[6].string.flatMap({ UTCTime.parseISO8601($0) }) else { return }
                    let f = DayForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "",
                                        model: r[3].string, locationID: location, issuedAt: issued, validFrom: from, validTo: to,
                                        tempMaxC: r[7].double, tempMinC: r[8].double, precipMm: r[9].double, precipProbPct: r[10].double)
                    try record(pairer.pairDays([f], daily: dayIndex, rules: rules))
                }
                try pointForecasts.forEachRow([.text(location)]) { r in
                    guard let issued = r[5].string.flatMap({ UTCTime.parseISO8601($0) }),
                          let at = r[6].string.flatMap({ UTCTime.parseISO8601($0) }), let temp = r[8].double else { return }
                    let f = PointForecast(id: r[0].int ?? 0, provider: r[1].string ?? "", product: r[2].string ?? "",
                                          model: r[3].string, locationID: location, period: r[4].string ?? "hour",
                                          issuedAt: issued, validAt: at, leadHours: r[7].double ?? 0, tempC: temp)
                    try record(pairer.pairHours([f], observations: truth))
                }
            }
            if options.homogeneous {
                try database.execute(Aggregator.homogeneousSQL)
                try database.prepare("""
                    SELECT provider, product, model, location_id, variable, period, target_date, lead_days, lead_hours,
                           forecast, observed, precip_prob_pct FROM forecast_pairs
                    """).forEachRow { r in
                    let p = ForecastPair(provider: r[0].string ?? "", product: r[1].string ?? "", model: r[2].string,
                                         locationID: r[3].string ?? "", variable: r[4].string ?? "", period: r[5].string ?? "",
                                         targetDate: r[6].string, validAt: nil, issuedAt: 0, leadDays: r[7].int.map(Int.init),
                                         leadHours: r[8].double ?? 0, forecast: r[9].double ?? 0, observed: r[10].double ?? 0,
                                         precipProbPct: r[11].double, forecastID: 0, observationID: nil)
                    scores[ScoreKey(p), default: ScoreSums()].add(p, thresholdMm: options.precipThresholdMm)
                }
            }
            let months = RainfallMonth.from(allDays)
            try write(months)
            try write(scores)
            try writeScoresByLead(scores)
            try database.run("INSERT OR REPLACE INTO meta(key, value) VALUES ('aggregate.reference', ?)",
                             [.text(options.reference.joined(separator: ", "))])
            summary.months = months.count
            summary.pairs = Int(try database.scalar("SELECT COUNT(*) FROM forecast_pairs")?.int ?? 0)
        }
        summary.days = allDays.count
        summary.completeDays = allDays.filter(\.complete).count
        summary.scoreGroups = scores.count
        return summary
    }

    /// The fair comparison (README, `homogeneous`): a pair stays only when its case — variable,
    /// location, target date (or valid hour) and lead — has every source that has pairs of that
    /// variable at that location.
    static let homogeneousSQL = """
    DELETE FROM forecast_pairs WHERE rowid IN (
      WITH keyed AS (
        SELECT rowid AS rid, variable, location_id,
               COALESCE(target_date, substr(valid_at_utc, 1, 13)) AS target,
               COALESCE(CAST(lead_days AS TEXT), lead_hours_bin) AS lead,
               provider || '/' || product || '/' || IFNULL(model, '') AS source
        FROM forecast_pairs),
      per_case AS (SELECT variable, location_id, target, lead, COUNT(DISTINCT source) AS n FROM keyed GROUP BY 1, 2, 3, 4),
      per_location AS (SELECT variable, location_id, COUNT(DISTINCT source) AS n FROM keyed GROUP BY 1, 2)
      SELECT k.rid FROM keyed k
      JOIN per_case c USING (variable, location_id, target, lead)
      JOIN per_location l USING (variable, location_id)
      WHERE c.n < l.n)
    """

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

/// Inserts pairs with one prepared statement, as they are made.
struct PairWriter {
    let statement: Statement

    init(database: Database) throws {
        statement = try database.prepare("INSERT INTO forecast_pairs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    }

    func write(_ p: ForecastPair) throws {
        try statement.run([.text(p.provider), .text(p.product), .optional(p.model), .text(p.locationID), .text(p.variable),
                           .text(p.period), .optional(p.targetDate), .optional(p.validAt.map(UTCTime.iso8601)),
                           .text(UTCTime.iso8601(p.issuedAt)), .optional(p.leadDays), .real(Convert.round(p.leadHours, 3)),
                           p.leadDays == nil ? .optional(ForecastPair.leadBin(p.leadHours)) : .null,
                           .real(p.forecast), .real(p.observed), .real(Convert.round(p.error, 3)), .optional(p.precipProbPct),
                           .integer(p.forecastID), .optional(p.observationID)])
    }
}

extension ScoreKey {
    init(_ p: ForecastPair) {
        self.init(provider: p.provider, product: p.product, model: p.model ?? "", variable: p.variable,
                  leadKind: p.leadDays == nil ? "hour" : "day", lead: p.leadKey)
    }
}
