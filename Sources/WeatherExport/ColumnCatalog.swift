import WeatherStore

/// The unit and the meaning of each exported column, for `schema.json` and anyone who reads it.
///
/// Units come from the name's suffix, the convention of the whole store (`temp_c`, `precip_mm`,
/// `wind_speed_ms`, and their imperial renames `temp_f`, `precip_in`, `wind_speed_mph`). In the
/// verification tables the values' unit is the one named by the `variable` column, so those
/// columns have no fixed unit.
public enum ColumnCatalog {
    /// Suffix → unit; longer suffixes first so `_mmh` is not read as `_mm` + `h`.
    static let suffixUnits: [(String, String)] = [
        ("_inhg", "inHg"), ("_hpa", "hPa"), ("_mmh", "mm/h"), ("_inh", "in/h"), ("_mph", "mph"), ("_pct", "%"),
        ("_deg", "°"), ("_mm", "mm"), ("_cm", "cm"), ("_km", "km"), ("_ms", "m/s"), ("_mi", "mi"), ("_in", "in"),
        ("_c", "°C"), ("_f", "°F"), ("_m", "m"), ("_s", "s"), ("_h", "h"),
    ]
    /// Columns whose unit is not in a suffix.
    static let namedUnits: [String: String] = [
        "lat": "°", "lon": "°", "lead_hours": "h", "lead_days": "d", "bytes": "bytes", "byte_offset": "bytes",
    ]
    /// How a verification column's values relate to the unit of its row's `variable`: the one
    /// list that both `schema.json` (no fixed unit) and imperial exports (how to convert) read.
    enum VariableUnit {
        /// A value of the variable (`forecast`, `observed`): converted with the offset.
        case value
        /// A difference of two values (an error, a MAE, an interval bound): scaled, no offset.
        case difference
        /// A mergeable sum, kept in metric units so that stores merge; named `…_metric` in imperial exports.
        case metricSum
    }

    static let variableValues: Set<String> = ["forecast", "observed"]
    static let variableDifferences: Set<String> = [
        "error", "bias", "mae", "rmse", "error_sd", "bias_ci_low", "bias_ci_high", "mae_ci_low", "mae_ci_high", "rmse_ci_low",
        "rmse_ci_high", "abs_error_p50", "abs_error_p90", "bias_lower_tercile", "bias_middle_tercile", "bias_upper_tercile",
        "mae_persistence", "mae_climatology", "mae_a", "mae_b", "mae_diff", "mae_diff_ci_low", "mae_diff_ci_high",
        "mean_abs_revision", "revision_ci_low", "revision_ci_high", "mae_diff_best", "mdd",
    ]

    /// The relation of a column of a table with a `variable` column to that variable's unit; nil
    /// for counts, rates and text.
    static func variableUnit(of name: String) -> VariableUnit? {
        if variableValues.contains(name) { return .value }
        if variableDifferences.contains(name) || name.hasPrefix("mae_lead_") || name.hasPrefix("bias_lead_") { return .difference }
        if name.hasPrefix("sum_") { return .metricSum }
        return nil
    }

    /// The unit of an output column; nil for counts, text and values in the unit of `variable`.
    public static func unit(of name: String, perVariable: Bool) -> String? {
        if perVariable && (variableUnit(of: name) != nil || name.contains("_lead_")) { return nil }
        if name.hasSuffix("_utc") || name.hasSuffix("_date") || name.hasSuffix("_local") { return nil }
        if let u = namedUnits[name] { return u }
        return suffixUnits.first { name.hasSuffix($0.0) }?.1
    }

    /// What a column means: from the table's declaration, else the catalogue, else a declared
    /// column of the same name, else said from its name.
    public static func description(of name: String, table: String, perVariable: Bool) -> String {
        if let d = Schema.declaration(of: table)?.column(name)?.description { return d }
        if let d = descriptions[table + "." + name] ?? descriptions[name] { return d }
        if let d = Schema.declarations.lazy.compactMap({ $0.column(name)?.description }).first { return d }
        if perVariable && name.contains("_lead_") {
            return name.replacingUnderscores() + ", in the unit named by variable"
        }
        return name.replacingUnderscores()
    }

    /// The catalogue of the derived tables' columns: `column`, or `table.column` where one name
    /// means different things. The store's own tables describe their columns in their
    /// declarations (`Schema.declarations`); a derived column of the same name means the same.
    static let descriptions: [String: String] = [
        "id": "row id", "temp_mean_c": "daily mean temperature",
        "temp_max_c": "daily maximum temperature", "temp_min_c": "daily minimum temperature", "name": "name", "local_date": "local calendar date",
        "n_obs": "observations in the day", "hours_covered": "clock hours with an observation",
        "hours_in_day": "hours in the local day (23 or 25 on DST changes)", "complete": "1 when coverage met the minimum",
        "precip_hours_covered": "clock hours with precipitation data", "precip_complete": "1 when precipitation covers the day",
        "month": "calendar month (YYYY-MM)", "days_with_data": "days with data", "days_complete": "complete days",
        "days_in_month": "days in the month", "variable": "verified variable, with its unit", "lead_days": "lead in days",
        "lead_hours_bin": "lead in hours, binned", "lead_kind": "day or hour leads", "forecast": "forecast value",
        "observed": "observed value", "error": "forecast − observed", "forecast_id": "the forecasts row",
        "observation_id": "the observations row (hourly pairs)", "n": "pairs scored", "bias": "mean error",
        "mae": "mean absolute error", "rmse": "root mean square error", "error_sd": "standard deviation of the error",
        "within_2c_pct": "pairs within 2 °C", "n_within_2c": "pairs within 2 °C (mergeable count)",
        "within_3f_pct": "pairs within 3 °F (1.667 °C), temperatures only", "n_within_3f": "pairs within 3 °F (mergeable count)",
        "bust_pct": "pairs off by 10 °F (5.556 °C) or more, temperatures only", "n_bust": "pairs off by 10 °F or more (mergeable count)",
        "threshold_mm": "precipitation event threshold", "hits": "events forecast and observed",
        "misses": "events observed, not forecast", "false_alarms": "events forecast, not observed",
        "correct_negatives": "no event forecast or observed", "pod": "probability of detection", "far": "false alarm ratio",
        "csi": "critical success index", "frequency_bias": "forecast events / observed events", "brier": "Brier score",
        "n_brier": "pairs in the Brier score", "sum_brier": "sum of Brier terms (mergeable)",
        "sum_f": "sum of forecasts (mergeable)", "sum_o": "sum of observations (mergeable)",
        "sum_f2": "sum of squared forecasts (mergeable)", "sum_o2": "sum of squared observations (mergeable)",
        "sum_fo": "sum of forecast × observation (mergeable)", "sum_abs_error": "sum of absolute errors (mergeable)",
        "derived_from": "hour or 3h: a day derived from that product's sub-daily forecasts (empty: the provider's own values)",
        "derived_day_forecasts.valid_from_utc": "local midnight starting the day, UTC",
        "derived_day_forecasts.valid_to_utc": "local midnight ending the day, UTC",
        "derived_day_forecasts.hours_covered": "local clock hours with a forecast temperature (a 3-hourly one stands for 3)",
        "derived_day_forecasts.precip_hours_covered": "local clock hours with an amount wholly inside the day",
        "derived_day_forecasts.temp_max_c": "highest forecast temperature valid in the day (empty below daily_min_coverage)",
        "derived_day_forecasts.temp_min_c": "lowest forecast temperature valid in the day (empty below daily_min_coverage)",
        "derived_day_forecasts.precip_mm": "sum of the amounts wholly inside the day (empty unless every hour has one)",
        "derived_day_forecasts.precip_prob_pct": "highest probability of precipitation of the day's periods",
        "derived_day_forecasts.forecast_id": "the day's first forecasts row",
        "truth_basis": "what the observed value was made from: hourly, reported_6h, reported_24h, daily_summary, reported_total",
        "daily_observed.truth_basis": "what temp_max_c and temp_min_c were made from: hourly, reported_6h, reported_24h, daily_summary",
        "precip_basis": "what precip_mm was made from: hourly or reported_total",
        "elevation_correction_c": "lapse-rate correction added to the forecast for the truth's elevation",
        // The comparison, ranking and consistency columns whose names mean something of their own there.
        "forecast_scores.skill_climatology_ci_low": "95 % block-bootstrap interval of mae_skill_climatology, low",
        "forecast_scores.skill_climatology_ci_high": "95 % block-bootstrap interval of mae_skill_climatology, high",
        "provider_comparison.n_cases": "matched cases kept (location-dates or location-hours)",
        "provider_comparison.n": "matched dates: the test's n",
        "provider_comparison.n_misaligned": "matched cases dropped: issues more than issue_alignment_hours apart",
        "provider_comparison.issue_gap_hours_median": "median hours between the two sources' issues, over every matched case",
        "provider_comparison.issue_gap_hours_max": "largest hours between the two sources' issues, over every matched case",
        "provider_comparison.p_adjusted": "p of the absolute-error test adjusted within the family (p_adjustment)",
        "provider_comparison.p_sq_adjusted": "p of the squared-error test adjusted within the family (p_adjustment)",
        "provider_comparison.p_adjustment": "holm, bh or none: how the family's p-values were adjusted",
        "provider_comparison.family_size": "tests in the family (variable, lead, location set) the p-values were adjusted over",
        "provider_ranking.source": "provider/product[/model]: the source ranked",
        "provider_ranking.location_id": "the locations row, or * for the locations pooled",
        "provider_ranking.rank": "1 = lowest MAE on the matched sample; NULL: not ranked (see note)",
        "provider_ranking.rank_group": "sources not significantly different from the group's best share its group (adjusted p)",
        "provider_ranking.tied_with": "the other sources whose difference from this one is not significant, comma-separated",
        "provider_ranking.n_sources": "sources ranked in the family",
        "provider_ranking.n_cases": "matched cases every ranked source has, issues aligned",
        "provider_ranking.n": "matched dates: the length of the series tested",
        "provider_ranking.n_effective": "n (1 − ρ₁)/(1 + ρ₁) of the daily loss difference from the best (the best: of its own daily absolute errors)",
        "provider_ranking.mae": "mean absolute error on the matched sample, in the unit named by variable",
        "provider_ranking.mae_ci_low": "95 % block-bootstrap interval of mae, low, in the unit named by variable",
        "provider_ranking.mae_ci_high": "95 % block-bootstrap interval of mae, high, in the unit named by variable",
        "provider_ranking.mae_diff_best": "mae − the best's mae, in the unit named by variable",
        "provider_ranking.p_adjusted": "Diebold–Mariano p of the difference from the best, adjusted within the family",
        "provider_ranking.p_adjustment": "holm, bh or none: how the family's p-values were adjusted",
        "provider_ranking.mdd": "smallest MAE difference from the best the sample detects with 80 % power, in the unit named by variable",
        "provider_ranking.n_misaligned": "matched cases dropped: the sources' issues more than issue_alignment_hours apart",
        "provider_ranking.issue_gap_hours_median": "median hours between the earliest and latest issue of a matched case",
        "provider_ranking.issue_gap_hours_max": "largest hours between the earliest and latest issue of a matched case",
        "provider_ranking.note": "why a source is not ranked, or a test not made",
        "forecast_consistency.target_date": "local date a day forecast is for; the UTC date of an hourly target",
        "forecast_consistency.valid_at_utc": "the instant an hourly target is for (NULL for day targets)",
        "forecast_consistency.longest_lead_hours": "longest lead of an hourly target, in hours",
        "forecast_consistency.shortest_lead_hours": "shortest lead of an hourly target, in hours",
    ]
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
