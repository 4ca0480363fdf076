import WeatherCore
import WeatherStore

extension PairSpool {
    /// The columns of a `forecast_pairs` row that a spooled record holds.
    static let pairColumns = """
        provider, product, model, derived_from, location_id, variable, period, target_date, valid_at_utc,
        issued_at_utc, lead_days, lead_hours, lead_hours_bin, forecast, observed, precip_prob_pct
        """

    /// The rows of `main.forecast_pairs` in `rowid` order (the order every pass breaks its ties
    /// by, and the order the spool numbers its records in), read once into a spool: a task of a
    /// split `merge-scores` holds only the pairs it staged, and its passes then sort compact
    /// records, as the aggregate's do, instead of asking SQLite to sort the table's text columns
    /// once per pass. Nil when a row cannot be held exactly as the table reads (the spool's own
    /// rules, and instants whose text is not the canonical ISO form): the passes read the table.
    static func reading(_ database: Database, runRecords: Int) throws -> PairSpool? {
        let spool = try PairSpool()
        spool.runRecords = runRecords
        var canonical = true
        try database.prepare("SELECT \(pairColumns) FROM main.forecast_pairs ORDER BY rowid").forEachRow(named: { r in
            guard canonical, spool.exact else { return }
            guard let pair = pair(r) else { canonical = false; return }
            try spool.append(pair, leadHoursBin: r.string("lead_hours_bin"))
        })
        guard canonical, spool.exact else { return nil }
        try spool.finishWriting(readers: 1)
        return spool
    }

    /// A row of `forecast_pairs` as the pair the aggregate wrote, or nil when the row is not what
    /// a spool can give back exactly: an instant whose text is not the canonical ISO form, or a
    /// forecast, observed value or lead that is NULL.
    static func pair(_ r: Row) -> ForecastPair? {
        guard let issuedText = r.string("issued_at_utc"), let issued = UTCTime.parseISO8601(issuedText),
              UTCTime.iso8601(issued) == issuedText else { return nil }
        var validAt: Int64?
        if let text = r.string("valid_at_utc") {
            guard let t = UTCTime.parseISO8601(text), UTCTime.iso8601(t) == text else { return nil }
            validAt = t
        }
        guard let forecast = r.double("forecast"), let observed = r.double("observed"), let leadHours = r.double("lead_hours") else {
            return nil
        }
        return ForecastPair(provider: r.string("provider") ?? "", product: r.string("product") ?? "", model: r.string("model"),
                            locationID: r.string("location_id") ?? "", variable: r.string("variable") ?? "",
                            period: r.string("period") ?? "", targetDate: r.string("target_date"), validAt: validAt,
                            issuedAt: issued, leadDays: r.int("lead_days").map { Int($0) }, leadHours: leadHours,
                            forecast: forecast, observed: observed, precipProbPct: r.double("precip_prob_pct"),
                            forecastID: 0, observationID: nil, derivedFrom: r.string("derived_from"))
    }
}
