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
        var last = PairTexts()
        try database.prepare("SELECT \(pairColumns) FROM main.forecast_pairs ORDER BY rowid").forEachRow(named: { r in
            guard canonical, spool.exact else { return }
            guard let pair = pair(r, &last) else { canonical = false; return }
            try spool.append(pair, leadHoursBin: last.bin)
        })
        guard canonical, spool.exact else { return nil }
        try spool.finishWriting(readers: 1)
        return spool
    }

    /// A row of `forecast_pairs` as the pair the aggregate wrote, or nil when the row is not what
    /// a spool can give back exactly: an instant whose text is not the canonical ISO form, or a
    /// forecast, observed value or lead that is NULL. `last` holds the texts of the row read
    /// before: a pair repeats most of them (its source, place, variable, often its issue), which
    /// are then neither made again nor parsed again.
    static func pair(_ r: Row, _ last: inout PairTexts) -> ForecastPair? {
        guard let issuedText = r.string("issued_at_utc", reusing: last.issued.text), let issued = last.issued.instant(issuedText) else {
            return nil
        }
        var validAt: Int64?
        if let text = r.string("valid_at_utc", reusing: last.valid.text) {
            guard let t = last.valid.instant(text) else { return nil }
            validAt = t
        }
        guard let forecast = r.double("forecast"), let observed = r.double("observed"), let leadHours = r.double("lead_hours") else {
            return nil
        }
        last.provider = r.string("provider", reusing: last.provider)
        last.product = r.string("product", reusing: last.product)
        last.model = r.string("model", reusing: last.model)
        last.derivedFrom = r.string("derived_from", reusing: last.derivedFrom)
        last.location = r.string("location_id", reusing: last.location)
        last.variable = r.string("variable", reusing: last.variable)
        last.period = r.string("period", reusing: last.period)
        last.targetDate = r.string("target_date", reusing: last.targetDate)
        last.bin = r.string("lead_hours_bin", reusing: last.bin)
        return ForecastPair(provider: last.provider ?? "", product: last.product ?? "", model: last.model,
                            locationID: last.location ?? "", variable: last.variable ?? "",
                            period: last.period ?? "", targetDate: last.targetDate, validAt: validAt,
                            issuedAt: issued, leadDays: r.int("lead_days").map { Int($0) }, leadHours: leadHours,
                            forecast: forecast, observed: observed, precipProbPct: r.double("precip_prob_pct"),
                            forecastID: 0, observationID: nil, derivedFrom: last.derivedFrom)
    }
}

/// The texts of the `forecast_pairs` row read before (`PairSpool.pair`), NULL as nil.
struct PairTexts {
    var provider: String?, product: String?, model: String?, derivedFrom: String?, location: String?
    var variable: String?, period: String?, targetDate: String?, bin: String?
    var issued = CanonicalInstant(), valid = CanonicalInstant()
}

/// An instant's text and its seconds, kept when the text was the canonical ISO form.
struct CanonicalInstant {
    private(set) var text: String?
    private var seconds: Int64 = 0

    /// The seconds of `text` when it is the canonical ISO form, else nil; the last text's kept.
    mutating func instant(_ new: String) -> Int64? {
        if let text, text == new { return seconds }
        guard let t = UTCTime.parseCanonical(new) else { return nil }
        text = new
        seconds = t
        return t
    }
}
