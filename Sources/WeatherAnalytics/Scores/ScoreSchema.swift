import WeatherStore

/// The tables and `forecast_scores` columns of issue 13 (intervals, skill, thresholds, reliability,
/// consistency, comparisons), created after `DerivedSchema` and filled by `DetailedScores` from the
/// final `forecast_pairs`. Unlike the `sum_*` columns, none of these merge by adding: intervals,
/// quantiles and tests are recomputed from the pairs of the merged store.
enum ScoreSchema {
    static let tables = ["precip_thresholds", "pop_reliability", "scores_by_month", "forecast_consistency",
                         "forecast_revisions_by_lead", "provider_comparison"]

    /// Added to `forecast_scores` (`ALTER TABLE`, so `ScoreTables` keeps its own column list).
    static let scoreColumns: [(String, String)] = [
        ("bias_ci_low", "REAL"), ("bias_ci_high", "REAL"), ("mae_ci_low", "REAL"), ("mae_ci_high", "REAL"),
        ("rmse_ci_low", "REAL"), ("rmse_ci_high", "REAL"), ("ci_dates", "INTEGER"), ("ci_note", "TEXT"),
        ("abs_error_p50", "REAL"), ("abs_error_p90", "REAL"),
        ("bias_lower_tercile", "REAL"), ("bias_middle_tercile", "REAL"), ("bias_upper_tercile", "REAL"),
        ("n_persistence", "INTEGER"), ("mae_persistence", "REAL"), ("mae_skill_persistence", "REAL"),
        ("skill_persistence_ci_low", "REAL"), ("skill_persistence_ci_high", "REAL"),
        ("n_climatology", "INTEGER"), ("mae_climatology", "REAL"), ("mae_skill_climatology", "REAL"), ("skill_note", "TEXT"),
        ("brier_reliability", "REAL"), ("brier_resolution", "REAL"), ("brier_uncertainty", "REAL"), ("brier_skill", "REAL"),
    ]

    static let sql = """
    CREATE TABLE precip_thresholds (
        provider TEXT NOT NULL, product TEXT NOT NULL, model TEXT, location_id TEXT NOT NULL, lead_days INTEGER,
        threshold_mm REAL NOT NULL, n INTEGER NOT NULL,
        hits INTEGER NOT NULL, misses INTEGER NOT NULL, false_alarms INTEGER NOT NULL, correct_negatives INTEGER NOT NULL,
        pod REAL, far REAL, pofd REAL, csi REAL, frequency_bias REAL, ets REAL, hss REAL, pss REAL
    );
    CREATE TABLE pop_reliability (
        provider TEXT NOT NULL, product TEXT NOT NULL, model TEXT, location_id TEXT NOT NULL, lead_days INTEGER,
        bin_low REAL NOT NULL, bin_high REAL NOT NULL, n INTEGER NOT NULL, mean_forecast_prob REAL, observed_frequency REAL
    );
    CREATE TABLE scores_by_month (
        provider TEXT NOT NULL, product TEXT NOT NULL, model TEXT, variable TEXT NOT NULL, lead_kind TEXT NOT NULL,
        lead_days INTEGER, lead_hours_bin TEXT, month TEXT NOT NULL, n INTEGER NOT NULL, bias REAL, mae REAL, rmse REAL
    );
    CREATE TABLE forecast_consistency (
        provider TEXT NOT NULL, product TEXT NOT NULL, model TEXT, location_id TEXT NOT NULL, variable TEXT NOT NULL,
        target_date TEXT NOT NULL, n_issues INTEGER NOT NULL, longest_lead_days INTEGER, shortest_lead_days INTEGER,
        mean_abs_revision REAL, sign_changes INTEGER NOT NULL, flip_flop_share REAL, flip_flop_index REAL
    );
    CREATE TABLE forecast_revisions_by_lead (
        provider TEXT NOT NULL, product TEXT NOT NULL, model TEXT, variable TEXT NOT NULL, lead_days INTEGER NOT NULL,
        n INTEGER NOT NULL, mean_abs_revision REAL, revision_ci_low REAL, revision_ci_high REAL
    );
    CREATE TABLE provider_comparison (
        source_a TEXT NOT NULL, source_b TEXT NOT NULL, variable TEXT NOT NULL, lead_days INTEGER NOT NULL,
        location_id TEXT NOT NULL, n_cases INTEGER NOT NULL, n INTEGER NOT NULL,
        mae_a REAL, mae_b REAL, mae_diff REAL, mae_diff_ci_low REAL, mae_diff_ci_high REAL, dm_abs REAL, hln_abs REAL, p_abs REAL,
        mse_a REAL, mse_b REAL, mse_diff REAL, mse_diff_ci_low REAL, mse_diff_ci_high REAL, dm_sq REAL, hln_sq REAL, p_sq REAL,
        note TEXT, verdict TEXT NOT NULL
    );
    """

    static func create(_ database: Database) throws {
        try database.execute(sql)
        for (name, type) in scoreColumns { try database.execute("ALTER TABLE forecast_scores ADD COLUMN \(name) \(type)") }
    }
}
