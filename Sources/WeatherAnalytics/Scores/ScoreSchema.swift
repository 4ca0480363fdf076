import WeatherStore

/// The tables and `forecast_scores` columns of the detailed statistics (intervals, skill,
/// thresholds, reliability, consistency, comparisons), declared once and filled by
/// `DetailedScores` from the final `forecast_pairs`. Unlike the `sum_*` columns, none of these
/// merge by adding: intervals, quantiles and tests are recomputed from the pairs of the merged store.
enum ScoreSchema {
    /// The columns `DetailedScores` adds to each `forecast_scores` row, after `VerificationTables.scoreColumns`.
    static let detailColumns: [ColumnDeclaration] = [
        .real("bias_ci_low", "bias ci low"),
        .real("bias_ci_high", "bias ci high"),
        .real("mae_ci_low", "mae ci low"),
        .real("mae_ci_high", "mae ci high"),
        .real("rmse_ci_low", "rmse ci low"),
        .real("rmse_ci_high", "rmse ci high"),
        .integer("ci_dates", "ci dates"),
        .text("ci_note", "ci note"),
        .real("abs_error_p50", "abs error p50"),
        .real("abs_error_p90", "abs error p90"),
        .real("bias_lower_tercile", "bias lower tercile"),
        .real("bias_middle_tercile", "bias middle tercile"),
        .real("bias_upper_tercile", "bias upper tercile"),
        .integer("n_persistence", "n persistence"),
        .real("mae_persistence", "mae persistence"),
        .real("mae_skill_persistence", "mae skill persistence"),
        .real("skill_persistence_ci_low", "skill persistence ci low"),
        .real("skill_persistence_ci_high", "skill persistence ci high"),
        .integer("n_climatology", "n climatology"),
        .real("mae_climatology", "mae climatology"),
        .real("mae_skill_climatology", "mae skill climatology"),
        .real("skill_climatology_ci_low", "95 % block-bootstrap interval of mae_skill_climatology, low"),
        .real("skill_climatology_ci_high", "95 % block-bootstrap interval of mae_skill_climatology, high"),
        .text("skill_note", "skill note"),
        .real("brier_reliability", "brier reliability"),
        .real("brier_resolution", "brier resolution"),
        .real("brier_uncertainty", "brier uncertainty"),
        .real("brier_skill", "brier skill"),
    ]

    static let precipThresholds = TableDeclaration("precip_thresholds", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("location_id", notNull: true, "the locations row"),
        .integer("lead_days", "lead in days"),
        .real("threshold_mm", notNull: true, "precipitation event threshold"),
        .integer("n", notNull: true, "pairs scored"),
        .integer("hits", notNull: true, "events forecast and observed"),
        .integer("misses", notNull: true, "events observed, not forecast"),
        .integer("false_alarms", notNull: true, "events forecast, not observed"),
        .integer("correct_negatives", notNull: true, "no event forecast or observed"),
        .real("pod", "probability of detection"),
        .real("far", "false alarm ratio"),
        .real("pofd", "pofd"),
        .real("csi", "critical success index"),
        .real("frequency_bias", "forecast events / observed events"),
        .real("ets", "ets"),
        .real("hss", "hss"),
        .real("pss", "pss"),
    ])

    static let popReliability = TableDeclaration("pop_reliability", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("location_id", notNull: true, "the locations row"),
        .integer("lead_days", "lead in days"),
        .real("bin_low", notNull: true, "bin low"),
        .real("bin_high", notNull: true, "bin high"),
        .integer("n", notNull: true, "pairs scored"),
        .real("mean_forecast_prob", "mean forecast prob"),
        .real("observed_frequency", "observed frequency"),
    ])

    static let scoresByMonth = TableDeclaration("scores_by_month", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .text("lead_kind", notNull: true, "day or hour leads"),
        .integer("lead_days", "lead in days"),
        .text("lead_hours_bin", "lead in hours, binned"),
        .text("month", notNull: true, "calendar month (YYYY-MM)"),
        .integer("n", notNull: true, "pairs scored"),
        .real("bias", "mean error"),
        .real("mae", "mean absolute error"),
        .real("rmse", "root mean square error"),
    ])

    static let forecastConsistency = TableDeclaration("forecast_consistency", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("location_id", notNull: true, "the locations row"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .text("target_date", notNull: true, "local date a day forecast is for"),
        .integer("n_issues", notNull: true, "n issues"),
        .integer("longest_lead_days", "longest lead days, in the unit named by variable"),
        .integer("shortest_lead_days", "shortest lead days, in the unit named by variable"),
        .real("mean_abs_revision", "mean abs revision"),
        .integer("sign_changes", notNull: true, "sign changes"),
        .real("flip_flop_share", "flip flop share"),
        .real("flip_flop_index", "flip flop index"),
    ])

    static let forecastRevisionsByLead = TableDeclaration("forecast_revisions_by_lead", columns: [
        .text("provider", notNull: true, "weather API the reply came from"),
        .text("product", notNull: true, "the provider's endpoint (current, onecall, forecast5, …)"),
        .text("model", "forecast model (multi-model Open-Meteo replies)"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .integer("lead_days", notNull: true, "lead in days"),
        .integer("n", notNull: true, "pairs scored"),
        .real("mean_abs_revision", "mean abs revision"),
        .real("revision_ci_low", "revision ci low"),
        .real("revision_ci_high", "revision ci high"),
    ])

    static let providerComparison = TableDeclaration("provider_comparison", columns: [
        .text("source_a", notNull: true, "source a"),
        .text("source_b", notNull: true, "source b"),
        .text("variable", notNull: true, "verified variable, with its unit"),
        .integer("lead_days", notNull: true, "lead in days"),
        .text("location_id", notNull: true, "the locations row"),
        .integer("n_cases", notNull: true, "n cases"),
        .integer("n", notNull: true, "pairs scored"),
        .real("mae_a", "mae a"),
        .real("mae_b", "mae b"),
        .real("mae_diff", "mae diff"),
        .real("mae_diff_ci_low", "mae diff ci low"),
        .real("mae_diff_ci_high", "mae diff ci high"),
        .real("dm_abs", "dm abs"),
        .real("hln_abs", "hln abs"),
        .real("p_abs", "p abs"),
        .real("mse_a", "mse a"),
        .real("mse_b", "mse b"),
        .real("mse_diff", "mse diff"),
        .real("mse_diff_ci_low", "mse diff ci low"),
        .real("mse_diff_ci_high", "mse diff ci high"),
        .real("dm_sq", "dm sq"),
        .real("hln_sq", "hln sq"),
        .real("p_sq", "p sq"),
        .text("note", "note"),
        .text("verdict", notNull: true, "verdict"),
    ])

    static let declarations = [precipThresholds, popReliability, scoresByMonth, forecastConsistency, forecastRevisionsByLead,
                               providerComparison]
    static let tables = declarations.map(\.name)
}
