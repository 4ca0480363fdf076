import WeatherCore
import WeatherStore

/// The verification tables, declared once (`TableDeclaration`, as the store's own tables): the
/// pairs (`forecast_pairs`, and `excluded_pairs` with their reason), what was left out and why
/// (`verification_exclusions`), the scores (`forecast_scores`) and their table by lead
/// (`scores_by_lead`), each with how a value fills its row. Their `CREATE TABLE` comes from
/// here (`DerivedSchema.sql`); a layout's names are checked against its declaration.
///
/// The descriptions are those `schema.json` gives the columns today (`ColumnCatalog`'s
/// catalogue, or a store column of the same name), so that the catalogue can read these
/// declarations first without changing a byte of it.
enum VerificationTables {
    /// The columns of a pair, shared by `forecast_pairs` (scored) and `excluded_pairs`.
    static func pairColumns(locationReferences: Bool) -> [ColumnDeclaration] {
        [
            .text("provider", notNull: true, "weather API the reply came from"),
            .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
            .text("model", "forecast model (multi-model Open-Meteo replies)"),
            .text("derived_from", "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)"),
            locationReferences
                ? ColumnDeclaration("location_id", "TEXT", notNull: true, references: "locations(id)", "the locations row")
                : .text("location_id", notNull: true, "the locations row"),
            .text("variable", notNull: true, "verified variable, with its unit"),
            .text("period", notNull: true, "forecast period (minute, hour, 3h, day)"),
            .text("target_date", "local date a day forecast is for"),
            .text("valid_at_utc", "instant point values refer to, UTC"),
            .text("issued_at_utc", notNull: true, "when the forecast was issued, UTC"),
            .integer("lead_days", "lead in days"),
            .real("lead_hours", notNull: true, "valid_at − issued"),
            .text("lead_hours_bin", "lead in hours, binned"),
            .real("forecast", notNull: true, "forecast value"),
            .real("observed", notNull: true, "observed value"),
            .real("error", notNull: true, "forecast − observed"),
            .real("precip_prob_pct", "probability of precipitation"),
            .integer("forecast_id", notNull: true, "the forecasts row"),
            .integer("observation_id", "the observations row (hourly pairs)"),
            .text("truth_provider", "truth provider"),
            .text("truth_product", "truth product"),
            .text("pairing", notNull: true, "pairing"),
            .text("truth_station", "truth station"),
            .text("truth_basis", notNull: true,
                  "what the observed value was made from: hourly, reported_6h, reported_24h, daily_summary, reported_total"),
            .real("elevation_correction_c", "lapse-rate correction added to the forecast for the truth's elevation"),
        ]
    }

    static let forecastPairs = TableDeclaration("forecast_pairs", columns: pairColumns(locationReferences: true))

    static let excludedPairs = TableDeclaration("excluded_pairs", columns: pairColumns(locationReferences: false) + [
        .text("reason", notNull: true, "reject reason"),
    ])

    static let verificationExclusions = TableDeclaration("verification_exclusions", columns: [
        .text("location_id", notNull: true, "the locations row"),
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("derived_from", "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)"),
        .text("reason", notNull: true, "reject reason"),
        .integer("n", notNull: true, "pairs scored"),
        .text("detail", "detail"),
    ])

    /// The columns `ScoreTables` writes: the group, its statistics and the mergeable sums.
    static let scoreColumns: [ColumnDeclaration] = [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("derived_from", "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)"),
        .text("location_id", notNull: true, "the locations row"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .text("lead_kind", notNull: true, "day or hour leads"),
        .integer("lead_days", "lead in days"),
        .text("lead_hours_bin", "lead in hours, binned"),
        .integer("n", notNull: true, "pairs scored"),
        .real("bias", "mean error"),
        .real("mae", "mean absolute error"),
        .real("rmse", "root mean square error"),
        .real("error_sd", "standard deviation of the error"),
        .real("within_2c_pct", "pairs within 2 °C"),
        .real("within_3f_pct", "pairs within 3 °F (1.667 °C), temperatures only"),
        .real("bust_pct", "pairs off by 10 °F (5.556 °C) or more, temperatures only"),
        .real("sum_f", notNull: true, "sum of forecasts (mergeable)"),
        .real("sum_o", notNull: true, "sum of observations (mergeable)"),
        .real("sum_f2", notNull: true, "sum of squared forecasts (mergeable)"),
        .real("sum_o2", notNull: true, "sum of squared observations (mergeable)"),
        .real("sum_fo", notNull: true, "sum of forecast × observation (mergeable)"),
        .real("sum_abs_error", notNull: true, "sum of absolute errors (mergeable)"),
        .integer("n_within_2c", notNull: true, "pairs within 2 °C (mergeable count)"),
        .integer("n_within_3f", notNull: true, "pairs within 3 °F (mergeable count)"),
        .integer("n_bust", notNull: true, "pairs off by 10 °F or more (mergeable count)"),
        .real("threshold_mm", "precipitation event threshold"),
        .integer("hits", "events forecast and observed"),
        .integer("misses", "events observed, not forecast"),
        .integer("false_alarms", "events forecast, not observed"),
        .integer("correct_negatives", "no event forecast or observed"),
        .real("pod", "probability of detection"),
        .real("far", "false alarm ratio"),
        .real("csi", "critical success index"),
        .real("frequency_bias", "forecast events / observed events"),
        .real("brier", "Brier score"),
        .integer("n_brier", "pairs in the Brier score"),
        .real("sum_brier", "sum of Brier terms (mergeable)"),
        .real("sum_sq_error", notNull: true, "sum sq error"),
    ]

    /// `forecast_scores`: `scoreColumns`, then the columns `DetailedScores` fills (`ScoreSchema.detailColumns`).
    static let forecastScores = TableDeclaration("forecast_scores", columns: scoreColumns + ScoreSchema.detailColumns)

    /// `scores_by_lead` for the lead days present: one column per lead day with the MAE, then the
    /// bias, then `n` (its shape depends on the data, so it is declared per run).
    static func scoresByLead(leads: [Int]) -> TableDeclaration {
        let unit = ", in the unit named by variable"
        return TableDeclaration("scores_by_lead", columns: [
            .text("provider", "weather API the reply came from"),
            .text("product", "the provider's endpoint (current, onecall, forecast5, …)"),
            .text("model", "forecast model (multi-model Open-Meteo replies)"),
            .text("derived_from", "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)"),
            .text("variable", "verified variable, with its unit"),
        ] + leads.map { .real("mae_lead_\($0)d", "mae lead \($0)d" + unit) }
          + leads.map { .real("bias_lead_\($0)d", "bias lead \($0)d" + unit) }
          + leads.map { .integer("n_lead_\($0)d", "n lead \($0)d" + unit) })
    }
}

/// A pair as it is written: with its lead-hours bin, worked out once (`ForecastPair.leadBin`) for
/// the row and for the group it is scored in.
struct StoredPair {
    var pair: ForecastPair
    /// The bin of an hourly pair's `lead_hours`; nil for day pairs (and leads before the issue).
    var leadHoursBin: String?
    /// Set for a pair of `excluded_pairs`.
    var reason: Exclusion?

    init(_ pair: ForecastPair, reason: Exclusion?) {
        self.pair = pair
        self.leadHoursBin = pair.leadDays == nil ? ForecastPair.leadBin(pair.leadHours) : nil
        self.reason = reason
    }

    /// The group the pair is scored in, at its location.
    var scoreKey: ScoreKey {
        ScoreKey(provider: pair.provider, product: pair.product, model: pair.model ?? "", derivedFrom: pair.derivedFrom ?? "",
                 locationID: pair.locationID,
                 variable: pair.variable, lead: pair.leadDays.map { .days($0) } ?? .hours(bin: leadHoursBin ?? "?"))
    }
}

extension VerificationTables {
    /// The columns both pair tables share, bound in their order.
    @inline(__always)
    static func bindPair(_ b: inout RowBinder, _ s: StoredPair) throws(StoreError) {
        let p = s.pair
        try b("provider", p.provider)
        try b("product", p.product)
        try b("model", p.model)
        try b("derived_from", p.derivedFrom)
        try b("location_id", p.locationID)
        try b("variable", p.variable)
        try b("period", p.period)
        try b("target_date", p.targetDate)
        try b("valid_at_utc", p.validAt.map(UTCTime.iso8601))
        try b("issued_at_utc", UTCTime.iso8601(p.issuedAt))
        try b("lead_days", p.leadDays)
        try b("lead_hours", Convert.round(p.leadHours, 3))
        try b("lead_hours_bin", s.leadHoursBin)
        try b("forecast", p.forecast)
        try b("observed", p.observed)
        try b("error", Convert.round(p.error, 3))
        try b("precip_prob_pct", p.precipProbPct)
        try b("forecast_id", p.forecastID)
        try b("observation_id", p.observationID)
        try b("truth_provider", p.truthProvider)
        try b("truth_product", p.truthProduct)
        try b("pairing", p.pairing)
        try b("truth_station", p.truthStation)
        try b("truth_basis", p.truthBasis)
        try b("elevation_correction_c", p.elevationCorrectionC)
    }

    static let pairLayout = RowLayout<StoredPair>(columns: forecastPairs.insertColumns) { b, s throws(StoreError) in
        try bindPair(&b, s)
    }

    static let excludedPairLayout = RowLayout<StoredPair>(columns: excludedPairs.insertColumns) { b, s throws(StoreError) in
        try bindPair(&b, s)
        try b("reason", s.reason?.rawValue)
    }

    /// One row of `verification_exclusions`: what was left out of one source at one location, and why.
    struct ExclusionRow {
        var key: ExclusionTally.Key
        var count: Int
        var detail: String
    }

    static let exclusionLayout = RowLayout<ExclusionRow>(columns: verificationExclusions.insertColumns) { b, r throws(StoreError) in
        try b("location_id", r.key.location)
        try b("provider", r.key.provider)
        try b("product", r.key.product)
        try b("model", r.key.model.isEmpty ? nil : r.key.model)
        try b("derived_from", r.key.derivedFrom.isEmpty ? nil : r.key.derivedFrom)
        try b("reason", r.key.reason.rawValue)
        try b("n", r.count)
        try b("detail", r.detail)
    }
}
